"""The reports, byte for byte as the pure-Python build wrote them (tests/data/golden/).

The compiled build (mypyc, see setup.py) must change speed only: CI runs this
module on both builds.  The corpus is generated (every site, injected
violations of every kind the generator knows); its digest is checked first,
so that a change of the generator is reported as that, not as changed output.

To rewrite the golden files after an intended change of the output, on the
pure-Python build (``RAZZLOG_COMPILE=0 python3 -m pip install -e .``):
``python3 -m tests.test_golden_outputs``; then review the diff.
"""

from __future__ import annotations

import copy
import hashlib
import pickle
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from razzlog.cli import app
from razzlog.compiled import build
from razzlog.generate.stream import generate_text
from razzlog.pickling import dumps
from razzlog.rules.profiles import PROFILES

GOLDEN = Path(__file__).parent / "data" / "golden"
SITES = ("pokerstars", "fulltilt", "winamax", "merge", "kingsclub")
HANDS, SEED, RATE = 25, 16, 0.3

# (golden file, arguments before the corpus); each runs with one job and with two.
REPORTS: list[tuple[str, list[str]]] = [
    *[(f"audit-{p}.jsonl", ["audit", "-f", "jsonl", "--profile", p]) for p in ["auto", *sorted(PROFILES)]],
    ("audit.json", ["audit", "-f", "json"]),
    ("audit.txt", ["audit", "-f", "table"]),
    ("stats.json", ["stats", "-f", "json"]),
    ("stats.csv", ["stats", "-f", "csv"]),
    ("stats-by-site.txt", ["stats", "-f", "table", "--by", "site"]),
]
CATALOGUE: list[tuple[str, list[str]]] = [("rules.txt", ["rules"]), ("rules.md", ["rules", "--markdown"])]


def write_corpus(folder: Path) -> list[Path]:
    paths = []
    for site in SITES:
        path = folder / f"{site}.txt"
        path.write_bytes(generate_text(SEED, HANDS, site=site, violations=RATE).encode("utf-8"))
        paths.append(path)
    return paths


def digest(paths: list[Path]) -> str:
    h = hashlib.sha256()
    for path in paths:
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def run(args: list[str], cwd: Path) -> tuple[int, bytes]:
    # The corpus is named relatively (the reports print file names), from the corpus's folder.
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(cwd)
        result = CliRunner().invoke(app, args, env={"COLUMNS": "200", "NO_COLOR": "1"})
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout_bytes


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("golden")
    paths = write_corpus(folder)
    assert digest(paths) == (GOLDEN / "corpus.sha256").read_text().strip(), "the generator changed"
    return folder


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize(("name", "args"), REPORTS, ids=[n for n, _ in REPORTS])
def test_report_is_byte_identical(corpus: Path, name: str, args: list[str], jobs: str) -> None:
    code, out = run([*args, "--jobs", jobs, *[f"{s}.txt" for s in SITES]], corpus)
    assert code == (1 if args[0] == "audit" else 0)
    assert out == (GOLDEN / name).read_bytes(), f"{name} differs ({build()}, {jobs} jobs)"


@pytest.mark.parametrize(("name", "args"), CATALOGUE, ids=[n for n, _ in CATALOGUE])
def test_catalogue_is_byte_identical(name: str, args: list[str], tmp_path: Path) -> None:
    # The rules' documentation is their docstrings, which a compiled function does not keep.
    assert run(args, tmp_path) == (0, (GOLDEN / name).read_bytes())


def test_rule_docs_read_from_the_source_are_the_docstrings() -> None:
    from razzlog.rules.base import _source_docstring
    from razzlog.rules.engine import rules

    for r in rules():
        from_source = _source_docstring(r.check).strip()
        assert from_source and r.doc == from_source
        if build() == "pure Python":
            assert from_source == (r.check.__doc__ or "").strip()


def test_events_pickle_and_copy_as_equal_objects(corpus: Path) -> None:
    """Compiled frozen dataclasses cannot rebuild themselves field by field (razzlog.reducers)."""
    from razzlog.api import parse_paths

    hands = [h for h in parse_paths([str(corpus / "merge.txt")]) if not hasattr(h, "rule")]
    assert len(hands) > 10
    assert pickle.loads(dumps(hands)) == hands
    assert copy.deepcopy(hands) == hands


def write_golden() -> None:
    """Rewrite tests/data/golden/ from this build's output (the pure-Python build only)."""
    import tempfile

    if build() != "pure Python":
        sys.exit(f"golden files come from the pure-Python build, not this one ({build()})")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        GOLDEN.mkdir(parents=True, exist_ok=True)
        (GOLDEN / "corpus.sha256").write_text(digest(write_corpus(folder)) + "\n")
        for file, args in REPORTS:
            files = [f"{s}.txt" for s in SITES]
            (GOLDEN / file).write_bytes(run([*args, "--jobs", "1", *files], folder)[1])
        for file, args in CATALOGUE:
            (GOLDEN / file).write_bytes(run(args, folder)[1])


if __name__ == "__main__":
    write_golden()
