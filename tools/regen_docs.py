"""Rewrite the generated parts of docs/ (the catalogue and the glossary) from the code.

    python tools/regen_docs.py

tests/test_readme.py fails when they differ; this is how to make them agree.
"""

from __future__ import annotations

from pathlib import Path

from razzlog.render.catalogue import catalogue_markdown
from razzlog.stats import glossary_markdown

DOCS = Path(__file__).resolve().parents[1] / "docs"
MARK = "-->\n\n"


def rewrite(path: Path, generated: str) -> None:
    text = path.read_text(encoding="utf-8")
    head = text[: text.index(MARK, text.index("<!-- generated")) + len(MARK)]
    path.write_text(head + generated.rstrip() + "\n", encoding="utf-8")


if __name__ == "__main__":
    rewrite(DOCS / "catalogue.md", catalogue_markdown())
    rewrite(DOCS / "glossary.md", glossary_markdown())
