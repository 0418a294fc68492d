"""Build razzlog: pure Python, or with its engine and rules compiled by mypyc.

The metadata is in ``pyproject.toml``; this file only decides about compiled
modules (``razzlog.compiled.MODULES``), from the environment variable
``RAZZLOG_COMPILE``:

* unset or ``auto``: compile where mypyc can (it comes with ``mypy``, a build
  requirement) and a C compiler with Python's headers is found; otherwise, or
  if compiling fails for any reason, install pure Python, with a warning;
* ``1``: compile, and fail if that is not possible (CI, wheels);
* ``0``: pure Python; a build in place (``pip install -e .``) also deletes the
  compiled modules a previous build left in the checkout.

Both builds give the same output, byte for byte; only the speed differs
(``bench/README.md``).  ``razzlog --version`` says which build is installed.
"""

from __future__ import annotations

import os
import runpy
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
MODE = os.environ.get("RAZZLOG_COMPILE", "auto").strip().lower() or "auto"
if MODE not in ("auto", "0", "1"):
    sys.exit(f"RAZZLOG_COMPILE must be 0, 1 or auto, not {MODE!r}")
# The commands that build code (setuptools runs this file for metadata too, where type-checking
# and generating C would only cost time).
BUILDING = bool({"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"} & set(sys.argv))
GROUP = "razzlog"  # the shared library razzlog__mypyc holds every compiled module's code


def compiled_sources() -> list[Path]:
    """The files ``razzlog.compiled`` lists (read as a file: razzlog is not importable yet)."""
    module_paths = runpy.run_path(str(ROOT / "razzlog" / "compiled.py"))["module_paths"]
    return list(module_paths(ROOT))


def remove_compiled() -> None:
    """Delete the compiled modules an earlier in-place build left in the checkout."""
    compiled_files = runpy.run_path(str(ROOT / "razzlog" / "compiled.py"))["compiled_files"]
    for path in [*compiled_files(ROOT), *ROOT.glob(f"{GROUP}__mypyc.*")]:
        path.unlink()


def warn(message: str) -> None:
    print(f"razzlog setup: {message}; installing pure Python", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """In ``auto`` mode, a failed compilation installs pure Python rather than failing."""

    def run(self) -> None:
        if MODE == "1":
            super().run()
            return
        try:
            super().run()
        except Exception as error:  # no compiler, no Python.h, a compiler error…
            warn(f"compiling with mypyc failed ({error})")
            self.extensions = []
            remove_compiled()  # nothing half built may shadow the .py files


def extensions() -> list[object]:
    if MODE == "0" or not BUILDING:
        if MODE == "0" and BUILDING:
            remove_compiled()
        return []
    try:
        from mypyc.build import mypycify

        return list(mypycify([str(p.relative_to(ROOT)) for p in compiled_sources()], group_name=GROUP))
    except (Exception, SystemExit) as error:  # mypy missing (a build without isolation), or it
        # rejects the code: mypyc reports type errors by exiting, which must not end a build in auto
        if MODE == "1":
            raise
        warn(f"mypyc could not prepare the build ({error!r})")
        return []


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
