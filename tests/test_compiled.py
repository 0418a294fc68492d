"""The two builds (setup.py): which one runs, and stale compiled modules in a checkout."""

from __future__ import annotations

import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import razzlog.rules.replay
from razzlog.compiled import build, module_paths, stale_modules

REPO = Path(__file__).resolve().parent.parent


def test_the_build_is_what_the_imported_modules_are() -> None:
    compiled = razzlog.rules.replay.__file__.endswith(tuple(EXTENSION_SUFFIXES))
    assert build() == ("compiled with mypyc" if compiled else "pure Python")


def test_the_listed_modules_exist_and_include_the_engine_and_every_rule() -> None:
    paths = {p.relative_to(REPO).as_posix() for p in module_paths(REPO)}
    assert "razzlog/rules/replay.py" in paths
    rules = {p.relative_to(REPO).as_posix() for p in (REPO / "razzlog/rules/catalogue").glob("rz*.py")}
    assert len(rules) == 26 and rules <= paths
    assert "razzlog/compiled.py" not in paths  # setup.py reads it before razzlog is importable


def _checkout(root: Path, with_setup: bool) -> tuple[Path, Path]:
    source = root / "razzlog" / "rules" / "replay.py"
    source.parent.mkdir(parents=True)
    source.write_text("x = 1\n")
    if with_setup:
        (root / "setup.py").write_text("")
    built = source.with_name("replay" + EXTENSION_SUFFIXES[0])
    built.write_bytes(b"")
    return source, built


def test_a_compiled_module_older_than_its_source_is_stale(tmp_path: Path) -> None:
    source, built = _checkout(tmp_path, with_setup=True)
    os.utime(built, (1_000_000, 1_000_000))
    os.utime(source, (2_000_000, 2_000_000))
    assert stale_modules(tmp_path) == [built]
    os.utime(built, (3_000_000, 3_000_000))  # rebuilt after the edit
    assert stale_modules(tmp_path) == []


def test_a_module_whose_group_library_was_rebuilt_after_the_edit_is_not_stale(tmp_path: Path) -> None:
    # A rebuild may rewrite only razzlog__mypyc (every module's code) and keep a module's own
    # file, older than the edit, as it was: the module runs the rebuilt code.
    source, built = _checkout(tmp_path, with_setup=True)
    group = tmp_path / ("razzlog__mypyc" + EXTENSION_SUFFIXES[0])
    group.write_bytes(b"")
    os.utime(built, (1_000_000, 1_000_000))
    os.utime(source, (2_000_000, 2_000_000))
    os.utime(group, (3_000_000, 3_000_000))
    assert stale_modules(tmp_path) == []
    os.utime(source, (4_000_000, 4_000_000))  # edited again after that build
    assert stale_modules(tmp_path) == [built]


def test_an_installed_package_is_not_checked(tmp_path: Path) -> None:
    # A wheel's files all get the time of the install, in any order: only a checkout is checked.
    source, built = _checkout(tmp_path, with_setup=False)
    os.utime(built, (1_000_000, 1_000_000))
    os.utime(source, (2_000_000, 2_000_000))
    assert stale_modules(tmp_path) == []


def test_razzlog_refuses_to_start_with_a_stale_compiled_module(tmp_path: Path) -> None:
    import subprocess

    # A checkout of razzlog whose replay.py was edited after it was compiled (an empty file
    # stands for the compiled module: razzlog must stop before importing it).
    checkout = tmp_path / "checkout"
    (checkout / "razzlog").mkdir(parents=True)
    for name in ("__init__.py", "compiled.py"):
        (checkout / "razzlog" / name).write_bytes((REPO / "razzlog" / name).read_bytes())
    _, built = _checkout(checkout, with_setup=True)
    os.utime(built, (1_000_000, 1_000_000))
    proc = subprocess.run(
        [sys.executable, "-c", "import razzlog"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(checkout)},
        cwd=checkout,  # not the repository: python -c imports from the working folder first
        timeout=60,
    )
    assert proc.returncode == 1
    assert "compiled module(s) are older than their source" in proc.stderr
    assert "RAZZLOG_COMPILE=0 python3 -m pip install -e ." in proc.stderr
