"""The ``--store`` option the store's commands share, and where it points by default."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer

if TYPE_CHECKING:
    from razzlog.store.tables import Store

T = TypeVar("T")

StoreOpt = Annotated[
    Path | None,
    typer.Option(
        "--store",
        metavar="DIR",
        help="The hand store (default: $RAZZLOG_STORE, else the user's data folder).",
        file_okay=False,
        show_default=False,
    ),
]
ReadStoreOpt = Annotated[
    Path | None,
    typer.Option(
        "--store",
        metavar="DIR",
        help="Read the hand store instead of PATHs: no text is parsed ('razzlog import' fills it).",
        file_okay=False,
        show_default=False,
    ),
]


def store_root(store: Path | None) -> Path:
    """``--store``, or the default store."""
    if store is not None:
        return store
    from razzlog.store import default_store

    return default_store()


OptionalPathsArg = Annotated[
    list[str] | None,
    typer.Argument(
        help="Hand history files or folders (read recursively); '-' is standard input. Not with --store.",
        metavar="PATH",
        show_default=False,
    ),
]


def paths_or_store(paths: list[str] | None, store: Path | None) -> list[str]:
    """The PATHs, or none when ``--store`` is given; a usage error for both or neither."""
    from razzlog.cli.app import usage_error

    if store is not None and paths:
        usage_error("give PATHs or --store, not both: 'razzlog import' adds files to the store")
    if store is None and not paths:
        usage_error("missing PATH (a file, a folder, or '-'), or --store DIR")
    return paths or []


def from_store(store: Path, read: Callable[[Store], T]) -> T:
    """``read(store)`` on the store as it is now (again if an import replaced a file meanwhile);
    a usage error if there is no store there or it cannot be used."""
    from razzlog.cli.app import usage_error
    from razzlog.store import StoreError
    from razzlog.store.tables import read_store

    try:
        return read_store(store, read)
    except StoreError as exc:
        usage_error(str(exc))
