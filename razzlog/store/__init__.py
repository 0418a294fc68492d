"""The hand store: import once, ask instantly, lose nothing.

A store is a folder of Parquet files (``hands``, ``player_hands``,
``actions``, ``violations``, ``files``) named by one manifest; see
``docs/store.md`` for its tables and columns, and the modules for how it is
written (:mod:`~razzlog.store.importer`), committed
(:mod:`~razzlog.store.manifest`) and read (:mod:`~razzlog.store.tables`).
"""

from razzlog.store.manifest import StoreError, default_store

__all__ = ["StoreError", "default_store"]
