"""Which of razzlog's modules are compiled with mypyc, and whether this build's are.

``setup.py`` compiles :data:`MODULES` when it can (see the README's
"Compiled build"); everything else, and everything on a machine without a C
compiler, is the plain Python.  Both builds give the same bytes: only speed
differs.  ``razzlog --version`` names the build, so that benchmark results can
record it.

This module imports nothing of razzlog (``setup.py`` reads it before razzlog
is installed) and is never compiled itself.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

# The replay engine and the rules, the cards and their low evaluator, the statistics' per-hand
# extraction, the template parser, and the events (events.py: their compiled readers read their
# fields natively; mypyc keeps a dataclass's interpreted __init__, so the parser builds them
# through event_factories.py's compiled constructors; bench/README.md, "the events compiled").
# Not the violations: the renderers and polars' rows read their fields from interpreted code,
# where a compiled class's field costs more than a slotted dataclass's.  (Paths: setup.py
# hands them to mypycify.)
MODULES: tuple[str, ...] = (
    "razzlog/cards.py",
    "razzlog/events.py",
    "razzlog/event_factories.py",
    "razzlog/rules/base.py",
    "razzlog/rules/chips.py",
    "razzlog/rules/engine.py",
    "razzlog/rules/pots.py",
    "razzlog/rules/profiles.py",
    "razzlog/rules/replay.py",
    "razzlog/rules/settle.py",
    "razzlog/rules/state.py",
    "razzlog/rules/structures.py",
    "razzlog/rules/turns.py",
    "razzlog/rules/catalogue/rz*.py",
    "razzlog/stats/extract.py",
    "razzlog/stats/player_rows.py",
    "razzlog/stats/betting.py",
    "razzlog/stats/shares.py",
    "razzlog/stats/played_times.py",
    "razzlog/stats/units.py",
    "razzlog/headers.py",
    "razzlog/sources.py",
    "razzlog/raw_hands.py",
    "razzlog/hand_cutting.py",
    "razzlog/sites/masking.py",
    "razzlog/sites/mask_names.py",
    "razzlog/sites/mask_scan.py",
    "razzlog/sites/templates.py",
    "razzlog/sites/template_cut.py",
    "razzlog/sites/template_head.py",
    "razzlog/sites/template_values.py",
    "razzlog/sites/hand_lines.py",
)

_ROOT = Path(__file__).resolve().parent.parent  # the folder that holds the razzlog package


def module_paths(root: Path = _ROOT) -> list[Path]:
    """The source files of :data:`MODULES` (patterns expanded), under ``root``."""
    out: list[Path] = []
    for pattern in MODULES:
        out.extend(sorted(root.glob(pattern)))
    return out


def _compiled(path: Path) -> bool:
    """Whether a compiled module sits beside ``path``: Python imports it rather than the ``.py``."""
    return any(path.with_name(path.stem + suffix).is_file() for suffix in EXTENSION_SUFFIXES)


def build() -> str:
    """``"compiled with mypyc"``, ``"pure Python"``, or ``"partly compiled"`` (a broken build:
    some of :data:`MODULES` are compiled, some not).  (Files, not imports: ``razzlog
    --version`` stays quick, and the statistics' modules would import polars.)"""
    compiled = [_compiled(p) for p in module_paths()]
    if all(compiled):
        return "compiled with mypyc"
    return "partly compiled" if any(compiled) else "pure Python"


def compiled_files(root: Path = _ROOT) -> list[Path]:
    """Every compiled module under ``root/razzlog``, listed in :data:`MODULES` or not (a build of
    an older list may have left others; razzlog has no compiled modules of its own besides)."""
    return sorted({p for suffix in EXTENSION_SUFFIXES for p in (root / "razzlog").rglob("*" + suffix)})


def stale_modules(root: Path = _ROOT) -> list[Path]:
    """Compiled modules older than their source file, in a source checkout (an editable install).

    Python imports a compiled module in preference to the ``.py`` beside it,
    so after an edit the old code would run without a word.  Only a checkout
    (with ``setup.py``) is checked: an installed wheel's files all have the
    time of the install.
    """
    if not (root / "setup.py").is_file():
        return []
    # A module's file only hands over to the group's library (setup.py's GROUP), which holds
    # every module's code: a rebuild after an edit may leave the file as it was (its own C is
    # the same) and rebuild only the library, so the newer of the two is the module's build.
    groups = [p.stat().st_mtime for s in EXTENSION_SUFFIXES for p in root.glob(f"razzlog__mypyc{s}")]
    stale: list[Path] = []
    for built in compiled_files(root):
        source = built.with_name(built.name.split(".", 1)[0] + ".py")
        try:
            if max([built.stat().st_mtime, *groups]) < source.stat().st_mtime:
                stale.append(built)
        except FileNotFoundError:
            continue
    return stale
