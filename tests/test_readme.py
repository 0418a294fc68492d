"""README.md stays true: its setup commands and the catalogue generated from the rules."""

from __future__ import annotations

from pathlib import Path

from razzlog.render.catalogue import catalogue_markdown
from razzlog.stats import glossary_markdown

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_catalogue_is_generated_from_the_rules() -> None:
    start = README.index("-->\n\n", README.index("## Violation catalogue")) + len("-->\n\n")
    end = README.index("\n<!-- end of catalogue -->")
    assert README[start:end] == catalogue_markdown().rstrip()


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    test_command = "python3 -m pip install -e '.[dev]' && python3 -m pytest"
    assert test_command in README.split("\n## ")[0]
    assert test_command in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()


def test_readme_glossary_is_generated_from_the_stat_definitions() -> None:
    start = README.index("-->\n\n", README.index("<!-- glossary generated")) + len("-->\n\n")
    end = README.index("\n<!-- end of glossary -->")
    demoted = "\n".join("#" + line if line.startswith("#") else line for line in glossary_markdown().splitlines())
    assert README[start:end] == demoted.rstrip()
