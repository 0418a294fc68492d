"""The site grammars, installed as package data (``importlib.resources``)."""
