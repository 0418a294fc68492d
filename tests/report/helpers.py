"""What the report tests share: inputs with violations, the audit's JSON, and the numbers a page shows."""

from __future__ import annotations

import json
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from razzlog.cli import app

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "samples"
VIOLATION_SAMPLES = SAMPLES / "violations"

runner = CliRunner()


def invoke(*args: str | Path, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, [str(a) for a in args], input=stdin, env={"COLUMNS": "200"})
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def generate(folder: Path, hands: int, seed: int, violations: float, *extra: str) -> Path:
    """``razzlog generate`` into ``folder``/gen-SEED.txt, with its labels beside it."""
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / f"gen-{seed}.txt"
    code, _, err = invoke(
        "generate",
        "--hands",
        str(hands),
        "--seed",
        str(seed),
        "--violations",
        str(violations),
        "--labels",
        folder.parent / f"labels-{seed}.jsonl",
        "-o",
        out,
        *extra,
    )
    assert code == 0, err
    return out


def audit_json(*args: str | Path) -> tuple[int, dict[str, Any]]:
    code, out, err = invoke("audit", "--format", "json", "--no-progress", *args)
    assert code in (0, 1, 2), err
    return code, json.loads(out)


def expected_numbers(doc: dict[str, Any]) -> dict[str, Any]:
    """What the page must show for an audit's JSON: the counts, by rule and by file."""
    violations = doc["violations"]
    severities = Counter(v["severity"] for v in violations)
    return {
        "counts": {
            "files": doc["files"],
            "hands": doc["hands"],
            "hands_parsed": doc["hands_parsed"],
            "hands_with_violations": doc["hands_with_violations"],
            "violations": len(violations),
            "errors": severities["error"],
            "warnings": severities["warning"],
        },
        "rules": dict(Counter(v["rule"] for v in violations)),
        "files": dict(Counter(v["file"] for v in violations)),
    }


class PageNumbers(HTMLParser):
    """The numbers a rendered page marks up: ``data-count`` cells, rule rows and file rows."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.counts: dict[str, int] = {}
        self.rules: dict[str, int] = {}
        self.files: dict[str, int] = {}
        self.file_hands: dict[str, int] = {}
        self.shown: dict[str, int] = {}
        self.hand_articles = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if "data-count" in a:
            self.counts[a["data-count"]] = int(a["data-value"])
        if tag == "tr" and "data-rule" in a:
            self.rules[a["data-rule"]] = int(a["data-violations"])
        if tag == "tr" and "data-file" in a:
            self.files[a["data-file"]] = int(a["data-violations"])
            self.file_hands[a["data-file"]] = int(a["data-hands"])
        if a.get("id") == "hands-shown":
            self.shown = {"shown": int(a["data-shown"]), "left_out": int(a["data-left-out"])}
        if tag == "article" and "hand" in a.get("class", "").split():
            self.hand_articles += 1


def page_numbers(html: str) -> PageNumbers:
    parser = PageNumbers()
    parser.feed(html)
    parser.close()
    return parser


def assert_page_matches(html: str, doc: dict[str, Any]) -> PageNumbers:
    """The page's numbers are the audit's (``doc``: ``razzlog audit --format json``)."""
    numbers = page_numbers(html)
    expected = expected_numbers(doc)
    assert numbers.counts == expected["counts"]
    assert numbers.rules == expected["rules"]
    assert {f: n for f, n in numbers.files.items() if n} == expected["files"]
    assert sum(numbers.file_hands.values()) == doc["hands"]
    return numbers


def assert_offline(html: str) -> None:
    """No URL, no resource reference, no script: what a browser could fetch from the page."""
    lowered = html.lower()
    for needle in ("http://", "https://", "src=", "@import", "<script", "<iframe", "<object", "<embed"):
        assert needle not in lowered, needle
    assert not re.search(r"""url\((?!\s*["']?#)""", lowered)  # url(#clip1): a part of the page itself
    assert not re.search(r"""(?:href|action|srcset|poster|data)\s*=\s*["']?\s*//""", lowered)
    hrefs = re.findall(r"""href\s*=\s*["']([^"']*)""", lowered)
    assert hrefs and all(h.startswith("#") or h == "data:," for h in hrefs), set(hrefs)
    assert "content-security-policy" in lowered
