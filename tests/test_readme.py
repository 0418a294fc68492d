"""README.md and docs/ stay true: the setup commands, the catalogue generated from the rules, the
glossary from the statistics' definitions, and the store's tables from its schema."""

from __future__ import annotations

from pathlib import Path

from razzlog.render.catalogue import catalogue_markdown
from razzlog.stats import glossary_markdown

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = ROOT / "docs"


def _generated(text: str) -> str:
    """What follows a document's "generated" comment."""
    return text[text.index("-->\n\n", text.index("<!-- generated")) + len("-->\n\n") :].rstrip()


def test_catalogue_is_generated_from_the_rules() -> None:
    assert _generated((DOCS / "catalogue.md").read_text(encoding="utf-8")) == catalogue_markdown().rstrip()


def test_readme_links_the_reference_documents() -> None:
    for name in ("docs/catalogue.md", "docs/glossary.md", "docs/store.md", "docs/report.md"):
        assert f"]({name})" in README, name
        assert (ROOT / name).is_file()


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    test_command = "python3 -m pip install -e '.[dev]' && python3 -m pytest -n auto"
    assert test_command in README.split("\n## ")[0]
    assert test_command in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()


def test_glossary_is_generated_from_the_stat_definitions() -> None:
    assert _generated((DOCS / "glossary.md").read_text(encoding="utf-8")) == glossary_markdown().rstrip()


def test_the_store_document_lists_every_column_of_every_table() -> None:
    from razzlog.store.schema import SCHEMAS

    text = (DOCS / "store.md").read_text(encoding="utf-8")
    for table, columns in SCHEMAS.items():
        section = text[text.index(f"### `{table}`") :]
        section = section[: section.find("\n### ", 1) if "\n### " in section[1:] else len(section)]
        rows = [line for line in section.splitlines() if line.startswith("| `")]
        named = " ".join(line.split("|")[1] for line in rows)
        for column in columns:
            # a row may name a run of columns: `put_3rd` … `put_7th`
            run = column.rsplit("_", 1)[0]
            assert f"`{column}`" in named or f"`{run}_3rd` … `{run}_7th`" in named, (table, column)
