"""The command line: exit codes, output formats and the renderers behind them.

Exit codes and ``--help`` run real processes (``python -m razzlog``); the
rest goes through typer's ``CliRunner``.  Inputs are real files in
``tmp_path``, made from the real PokerStars sample.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from razzlog.cli import app
from razzlog.events import Street
from razzlog.render.jsonout import event_to_dict, to_json_value

REPO = Path(__file__).resolve().parent.parent
SAMPLE_NAME = "pokerstars-cash-razz-0.04-0.08.txt"
SYNTHETIC_NAME = "pokerstars-format-examples.synthetic.txt"
VIOLATION_KEYS = {
    "file",
    "line",
    "site",
    "hand_id",
    "rule",
    "code",
    "severity",
    "player",
    "street",
    "message",
}
FIRST_HAND = "35874566077"


def sample(name: str) -> Path:
    """A sample from the repo's ``samples/``."""
    path = REPO / "samples" / name
    assert path.is_file(), f"sample {name} is missing from samples/"
    return path


@pytest.fixture
def clean(tmp_path: Path) -> Path:
    path = tmp_path / "clean.txt"
    path.write_bytes(sample(SAMPLE_NAME).read_bytes())
    return path


@pytest.fixture
def bad(tmp_path: Path) -> Path:
    """The sample with kobreli's ante in the first hand raised to $0.02 (ante-amount)."""
    text = sample(SAMPLE_NAME).read_text(encoding="utf-8")
    old = "kobreli: posts the ante $0.01"
    assert old in text
    path = tmp_path / "bad.txt"
    path.write_text(text.replace(old, "kobreli: posts the ante $0.02", 1), encoding="utf-8")
    return path


@pytest.fixture
def other(tmp_path: Path) -> Path:
    """Three more hands (other hand ids): the synthetic PokerStars format examples."""
    path = tmp_path / "other.txt"
    path.write_bytes(sample(SYNTHETIC_NAME).read_bytes())
    return path


@pytest.fixture
def not_history(tmp_path: Path) -> Path:
    path = tmp_path / "notes.txt"
    path.write_text("shopping list\nmilk\n", encoding="utf-8")
    return path


def razzlog(*args: str | Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "razzlog", *map(str, args)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        input=stdin,
        cwd=REPO,
        env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1"},
        timeout=120,
    )


runner = CliRunner()


def invoke(*args: str | Path, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, [str(a) for a in args], input=stdin, env={"COLUMNS": "200"})
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def audit_json(*args: str | Path) -> tuple[int, dict[str, object]]:
    code, out, _ = invoke("audit", "--format", "json", *args)
    return code, json.loads(out)


def rules_of(doc: dict[str, object]) -> list[str]:
    violations = doc["violations"]
    assert isinstance(violations, list)
    return [v["rule"] for v in violations]


# --------------------------------------------------------------------------- processes


def test_help_is_light_and_lists_the_commands() -> None:
    proc = razzlog("--help")
    assert proc.returncode == 0
    for command in ("audit", "parse", "show", "rules"):
        assert command in proc.stdout
    # --help stays fast: the command line module imports no heavy module up front.
    probe = "import sys, razzlog.cli; print(sorted(m for m in ('lark', 'polars', 'razzlog.rules', 'razzlog.api') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_version() -> None:
    from importlib.metadata import version

    from razzlog.compiled import build

    proc = razzlog("--version")
    assert (proc.returncode, proc.stdout, proc.stderr) == (
        0,
        f"razzlog {version('razzlog')} ({build()})\n",
        "",
    )
    assert build() in ("pure Python", "compiled with mypyc")  # never a build half compiled
    assert version("razzlog") == "0.1.0"


def test_no_arguments_prints_the_help() -> None:
    proc = razzlog()
    assert proc.returncode == 2 and proc.stderr == ""
    assert proc.stdout.startswith("Usage: razzlog [OPTIONS] COMMAND [ARGS]...")


COMMANDS = ["audit", "parse", "show", "stats", "graph", "report", "import", "query", "generate", "rules"]
_PYTHON_TYPES = re.compile(
    r"<(?:list\[[^>]*|bool|int|float|str|text|file|path|dir|datetime|tuple)(?: range)?>"
)


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_at_80_columns_names_no_python_type_and_cuts_no_option(command: str | None) -> None:
    from typer.main import get_command

    args = [command, "--help"] if command else ["--help"]
    result = runner.invoke(app, args, env={"COLUMNS": "80"})
    assert result.exit_code == 0
    text = result.stdout
    assert not _PYTHON_TYPES.search(text), _PYTHON_TYPES.search(text)
    assert max(len(line) for line in text.splitlines()) <= 80
    group = get_command(app)
    params = group.commands[command].params if command else group.params  # type: ignore[attr-defined]
    for param in params:
        for name in [*param.opts, *param.secondary_opts]:
            if name.startswith("-"):  # every option's names, whole
                assert re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text), name
    if command in ("audit", "stats"):
        assert re.search(r"^Usage: razzlog \w+ \[OPTIONS\] \[PATH\]\.\.\.$", text, re.M)


def test_exit_0_for_the_clean_sample(clean: Path) -> None:
    proc = razzlog("audit", clean)
    assert proc.returncode == 0, proc.stderr
    assert "1 file, 9 hands, 9 parsed, 0 with violations; no violations" in proc.stdout
    assert proc.stderr == ""


def test_exit_1_for_a_violation(bad: Path) -> None:
    proc = razzlog("audit", bad)
    assert proc.returncode == 1, proc.stderr
    assert "ante-amount" in proc.stdout and FIRST_HAND in proc.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("audit", "missing-file.txt"),
        ("audit", "--select", "no-such-rule", "{clean}"),
        ("audit", "--ignore", "RZ999", "{clean}"),
        ("audit", "--format", "xml", "{clean}"),
        ("audit", "--bogus", "{clean}"),
        ("audit",),
        ("show", "123", "{clean}"),
    ],
)
def test_exit_2_with_a_one_line_message(args: tuple[str, ...], clean: Path) -> None:
    proc = razzlog(*(a.format(clean=clean) for a in args))
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("razzlog: error: ")
    assert "Traceback" not in proc.stderr


def test_exit_2_for_input_that_is_no_hand_history(not_history: Path) -> None:
    proc = razzlog("audit", not_history)
    assert proc.returncode == 2
    assert "unknown-format" in proc.stdout  # the report is printed first
    assert "no hand history" in proc.stderr
    assert razzlog("audit", "-", stdin="hello\n").returncode == 2


def test_a_missing_file_among_good_ones_still_exits_2(clean: Path) -> None:
    proc = razzlog("audit", "--format", "json", clean, "missing-file.txt")
    assert proc.returncode == 2
    doc = json.loads(proc.stdout)
    assert doc["hands"] == 9 and doc["files"] == 1
    assert rules_of(doc) == ["unknown-format"]
    assert "missing-file.txt" in proc.stderr


def test_a_stray_text_file_next_to_histories_is_a_violation_not_a_usage_error(
    clean: Path, not_history: Path
) -> None:
    assert razzlog("audit", clean, not_history).returncode == 1
    assert razzlog("audit", "--ignore", "unknown-format", clean, not_history).returncode == 0


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_files_in_a_folder_that_are_no_hand_history_are_skipped_with_a_warning(
    tmp_path: Path, clean: Path, jobs: str
) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    clean.rename(folder / "hands.txt")
    (folder / "notes.txt").write_text("villain 3: calls down light\n", encoding="utf-8")
    (folder / "summary.txt").write_text(
        "PokerStars Tournament #123, Razz\nBuy-In: $1/$0.10\n", encoding="utf-8"
    )
    proc = razzlog("audit", "--format", "json", "--jobs", jobs, folder)
    assert proc.returncode == 0, proc.stderr  # warnings: the exit status is that of the hands
    doc = json.loads(proc.stdout)
    assert doc["hands"] == 9
    skipped = [(Path(v["file"]).name, v["rule"], v["severity"], v["line"]) for v in doc["violations"]]
    assert skipped == [
        ("notes.txt", "unknown-format", "warning", 1),
        ("summary.txt", "unknown-format", "warning", 1),
    ]
    stats = razzlog("stats", "--jobs", jobs, folder)
    assert stats.returncode == 0
    notes = [line for line in stats.stderr.splitlines() if "skipped" in line]
    assert len(notes) == 2 and all(line.startswith("razzlog: note: ") for line in notes)
    # named on the command line, the same file is an error
    named = razzlog("audit", "--format", "json", "--jobs", jobs, folder / "hands.txt", folder / "notes.txt")
    assert named.returncode == 1
    assert [v["severity"] for v in json.loads(named.stdout)["violations"]] == ["error"]
    assert razzlog("audit", folder / "notes.txt").returncode == 2  # no hand history at all


def test_stdin(clean: Path) -> None:
    proc = razzlog("audit", "--format", "json", "-", stdin=clean.read_text(encoding="utf-8"))
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["hands"] == 9


# --------------------------------------------------------------------------- audit formats


def test_json_document(bad: Path, other: Path) -> None:
    code, doc = audit_json(bad, other)
    assert code == 1
    assert set(doc) == {
        "files",
        "hands",
        "hands_parsed",
        "hands_with_violations",
        "other_games",
        "violations",
    }
    assert (doc["files"], doc["hands"], doc["hands_parsed"], doc["hands_with_violations"]) == (2, 12, 12, 1)
    violations = doc["violations"]
    assert isinstance(violations, list) and violations
    for v in violations:
        assert set(v) == VIOLATION_KEYS
    (v,) = violations
    assert v == {
        "file": str(bad),
        "line": 8,
        "site": "pokerstars",
        "hand_id": FIRST_HAND,
        "rule": "ante-amount",
        "code": "RZ201",
        "severity": "error",
        "player": "kobreli",
        "street": "3rd",
        "message": v["message"],
    }
    assert isinstance(v["message"], str) and v["message"]


def test_json_of_a_clean_file(clean: Path) -> None:
    code, doc = audit_json(clean)
    assert code == 0
    assert doc == {
        "files": 1,
        "hands": 9,
        "hands_parsed": 9,
        "hands_with_violations": 0,
        "other_games": {},
        "violations": [],
    }


def test_jsonl_one_object_per_line(bad: Path, not_history: Path) -> None:
    code, out, _ = invoke("audit", "--format", "jsonl", bad, not_history)
    assert code == 1
    lines = out.splitlines()
    objs = [json.loads(line) for line in lines]
    assert len(objs) == 2 and all(set(o) == VIOLATION_KEYS for o in objs)
    assert [o["rule"] for o in objs] == ["ante-amount", "unknown-format"]
    assert objs[1]["file"] == str(not_history) and objs[1]["hand_id"] is None


def test_jsonl_of_a_clean_file_is_empty(clean: Path) -> None:
    assert invoke("audit", "--format", "jsonl", clean) == (0, "", "")


@pytest.mark.parametrize("name", ["ante-amount", "RZ201", "rz201", "bet-size,RZ201"])
def test_select_by_name_or_code(bad: Path, name: str) -> None:
    code, doc = audit_json("--select", name, bad)
    assert code == 1 and rules_of(doc) == ["ante-amount"]


@pytest.mark.parametrize("args", [("--ignore", "ante-amount"), ("--ignore", "RZ201"), ("--select", "RZ303")])
def test_ignore_or_select_something_else(bad: Path, args: tuple[str, str]) -> None:
    code, doc = audit_json(*args, bad)
    assert code == 0 and rules_of(doc) == []
    assert doc["hands"] == 9


def test_select_and_ignore_repeat(bad: Path) -> None:
    code, doc = audit_json("--select", "bet-size", "--select", "ante-amount", "--ignore", "RZ303", bad)
    assert code == 1 and rules_of(doc) == ["ante-amount"]


def test_unknown_rule_is_a_usage_error(clean: Path) -> None:
    code, out, err = invoke("audit", "--select", "ante-amount,nonsense", clean)
    assert code == 2 and out == ""
    assert "nonsense" in err


def test_fail_on(bad: Path) -> None:
    assert invoke("audit", "--fail-on", "never", bad)[0] == 0
    assert invoke("audit", "--fail-on", "warning", bad)[0] == 1
    assert invoke("audit", "--fail-on", "error", bad)[0] == 1


def test_fail_on_warning_only(tmp_path: Path, clean: Path) -> None:
    """A hand seen twice with identical text is a duplicate-hand warning."""
    copy = tmp_path / "copy.txt"
    copy.write_bytes(clean.read_bytes())
    code, doc = audit_json("--fail-on", "warning", clean, copy)
    assert code == 1
    violations = doc["violations"]
    assert isinstance(violations, list) and len(violations) == 9
    assert {(v["rule"], v["severity"]) for v in violations} == {("duplicate-hand", "warning")}
    assert audit_json(clean, copy)[0] == 0  # --fail-on error by default
    assert audit_json("--fail-on", "never", clean, copy)[0] == 0


def test_output_file(tmp_path: Path, bad: Path) -> None:
    for fmt in ("table", "json", "jsonl"):
        target = tmp_path / f"report.{fmt}"
        code, out, _ = invoke("audit", "--format", fmt, "--output", target, bad)
        assert code == 1 and out == ""
        text = target.read_text(encoding="utf-8")
        assert "ante-amount" in text and "\x1b[" not in text
    assert json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))["hands"] == 9


def test_output_to_an_impossible_place(tmp_path: Path, clean: Path) -> None:
    code, _, err = invoke("audit", "--output", tmp_path / "no" / "such" / "dir" / "x.json", clean)
    assert code == 2 and "cannot write" in err


def test_table_groups_by_file_and_hand(bad: Path, other: Path) -> None:
    code, out, _ = invoke("audit", bad, other)
    assert code == 1
    assert str(bad) in out and str(other) not in out  # a clean file is not listed
    assert f"Hand #{FIRST_HAND} (line 1)" in out
    for column in ("line", "code", "rule", "severity", "player", "street", "message"):
        assert column in out
    assert "RZ201" in out and "kobreli" in out
    # clean hands and files are counted, not listed
    assert out.count("Hand #") == 1
    assert out.strip().splitlines()[-1] == "2 files, 12 hands, 12 parsed, 1 with violations; ante-amount 1"


def test_quiet_prints_only_the_summary(bad: Path) -> None:
    code, out, _ = invoke("audit", "--quiet", bad)
    assert code == 1
    assert out.strip().splitlines() == ["1 file, 9 hands, 9 parsed, 1 with violations; ante-amount 1"]


def test_a_folder_is_read_recursively(tmp_path: Path, clean: Path) -> None:
    nested = tmp_path / "deep" / "er"
    nested.mkdir(parents=True)
    (nested / "more.txt").write_bytes(clean.read_bytes().replace(b"#358", b"#958"))
    code, doc = audit_json(tmp_path)
    assert code == 0 and doc["files"] == 2 and doc["hands"] == 18


# --------------------------------------------------------------------------- parse


def test_parse_jsonl_round_trips(clean: Path) -> None:
    code, out, _ = invoke("parse", "--format", "jsonl", clean)
    assert code == 0
    hands = [json.loads(line) for line in out.splitlines()]
    assert len(hands) == 9
    first = hands[0]
    assert set(first) == {"file", "first_line", "site", "hand_id", "header", "events"}
    assert (first["file"], first["first_line"], first["site"], first["hand_id"]) == (
        str(clean),
        1,
        "pokerstars",
        FIRST_HAND,
    )
    assert first["header"]["small_bet"] == "0.04" and first["header"]["big_bet"] == "0.08"
    seat = first["events"][0]
    assert seat == {
        "type": "Seat",
        "seat": 1,
        "player": "kobreli",
        "stack": "1.33",
        "sitting_out": False,
        "line": 3,
    }
    ante = first["events"][5]
    assert ante["type"] == "Ante" and ante["amount"] == "0.01" and Decimal(ante["amount"]) == Decimal("0.01")
    deal = next(e for e in first["events"] if e["type"] == "Deal" and e["player"] == "Hero")
    assert deal["new"] == ["Td", "2s", "9s"] and deal["street"] == "3rd"
    assert all(list(e)[-1] == "line" and next(iter(e)) == "type" for h in hands for e in h["events"])
    # Decimals are exact strings, never floats
    json.loads(out.splitlines()[0], parse_float=lambda x: pytest.fail(f"a float in the output: {x}"))


def test_parse_writes_unparsable_hands_as_errors(tmp_path: Path, clean: Path) -> None:
    text = clean.read_text(encoding="utf-8").replace(
        "kobreli: brings in for $0.02", "kobreli: brings in for lots", 1
    )
    broken = tmp_path / "broken.txt"
    broken.write_text(text, encoding="utf-8")
    code, out, _ = invoke("parse", broken, "--output", tmp_path / "out.jsonl")
    assert code == 0 and out == ""
    hands = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(hands) == 9
    error = hands[0]
    assert set(error) == {"file", "first_line", "hand_id", "error"}
    assert error["first_line"] == 1 and error["hand_id"] == FIRST_HAND
    assert error["error"]["rule"] == "parse-error" and set(error["error"]) >= VIOLATION_KEYS
    assert all("events" in h for h in hands[1:])


def test_parse_exit_codes(not_history: Path) -> None:
    assert razzlog("parse", not_history).returncode == 2
    assert razzlog("parse", "missing-file.txt").returncode == 2
    assert razzlog("parse", "--format", "csv", not_history).returncode == 2


def test_event_to_dict_is_generic() -> None:
    @dataclass(frozen=True)
    class Brand:  # an event type razzlog does not have yet
        player: str
        amount: Decimal
        street: Street
        cards: tuple[object, ...]
        line: int

    from razzlog.cards import Card

    event = Brand("Zen_fox", Decimal("0.10"), Street.FIFTH, (Card.parse("Td"), Card.parse("As")), 42)
    assert event_to_dict(event) == {  # type: ignore[arg-type]
        "type": "Brand",
        "player": "Zen_fox",
        "amount": "0.10",
        "street": "5th",
        "cards": ["Td", "As"],
        "line": 42,
    }
    assert to_json_value({"x": (Decimal("1E+1"), None)}) == {"x": ["1E+1", None]}


# --------------------------------------------------------------------------- show


def parsed_hand(path: Path, hand_id: str):  # type: ignore[no-untyped-def]
    from razzlog.api import parse_paths
    from razzlog.events import Hand

    for item in parse_paths([str(path)]):
        if isinstance(item, Hand) and item.header.hand_id == hand_id:
            return item
    raise AssertionError(f"hand {hand_id} not in {path}")


def test_show_prints_players_and_streets(clean: Path) -> None:
    code, out, _ = invoke("show", FIRST_HAND, clean)
    assert code == 0
    for player in ("kobreli", "willy32948", "meg100", "Hero", "SilkZone"):
        assert player in out
    for heading in (
        "3rd street — pot $0.05",
        "4th street — pot $0.13",
        "5th street — pot $0.25",
        "6th street",
    ):
        assert heading in out
    assert "[Td 2s 9s]" in out and "brings in for $0.02" in out and "collected $0.39" in out
    assert "Total pot $0.41 | Rake $0.02" in out
    assert "✗" not in out


def test_show_puts_violations_under_their_line(bad: Path) -> None:
    code, out, _ = invoke("show", FIRST_HAND, bad)
    assert code == 0
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if "kobreli posts the ante $0.02" in line)
    assert "✗ RZ201 ante-amount:" in lines[at + 1]


def test_show_unknown_hand(clean: Path) -> None:
    code, out, err = invoke("show", "35874566078", clean)
    assert code == 2 and out == ""
    assert "35874566078" in err and "not found" in err


def test_show_pot_by_street(clean: Path) -> None:
    from razzlog.render.hand_view import hand_view, pot_by_street

    hand = parsed_hand(clean, FIRST_HAND)
    assert pot_by_street(hand) == {
        Street.THIRD: Decimal("0.13"),
        Street.FOURTH: Decimal("0.25"),
        Street.FIFTH: Decimal("0.41"),
        Street.SIXTH: Decimal("0.41"),  # bet $0.08, returned uncalled
    }
    view = hand_view(hand, ())
    assert [s.title for s in view.sections] == [
        "Antes",
        "3rd street",
        "4th street",
        "5th street",
        "6th street",
        "Summary",
    ]
    assert [s.pot_before for s in view.sections[1:]] == [
        Decimal(x) for x in ("0.05", "0.13", "0.25", "0.41", "0.41")
    ]
    hero = next(r for r in view.sections[1].rows if r.kind == "Deal" and r.player == "Hero")
    assert [(str(c), c.face_up) for c in hero.cards] == [("Td", False), ("2s", False), ("9s", True)]


def test_show_pot_with_raises_to_and_side_pots() -> None:
    from razzlog.render.hand_view import hand_view, pot_by_street

    path = sample(SYNTHETIC_NAME)
    capped = parsed_hand(path, "35512671451")
    # bring-in 0.02, raise to 0.04, to 0.08, to 0.12 (0.08 more), to 0.16 (0.08 more), call 0.04
    pots = pot_by_street(capped)
    assert pots[Street.THIRD] == Decimal("0.37")
    assert pots[Street.SEVENTH] == Decimal("0.53")  # the summary's total pot
    view = hand_view(capped, ())
    showdown = next(s for s in view.sections if s.title == "Showdown")
    lows = {r.player: r.low for r in showdown.rows if r.kind == "Show"}
    assert lows == {"atlas kiwi": "T,7,6,3,2", "Zen_fox": "9,8,3,2,A"}
    shown = next(r for r in showdown.rows if r.player == "Zen_fox")
    assert [c.face_up for c in shown.cards] == [False, False, True, True, True, True, False]

    side = parsed_hand(path, "35544450671")
    assert pot_by_street(side)[Street.THIRD] == Decimal(584)


def test_show_hand_level_violations_go_to_the_end(clean: Path) -> None:
    from razzlog.render.hand_view import hand_view
    from razzlog.violations import Severity, Violation

    hand = parsed_hand(clean, FIRST_HAND)
    on_line = Violation(
        "ante-amount", Severity.ERROR, str(clean), 8, "pokerstars", FIRST_HAND, "kobreli", "3rd", "x"
    )
    nowhere = Violation("pot-total", Severity.ERROR, str(clean), 1, "pokerstars", FIRST_HAND, None, None, "y")
    view = hand_view(hand, (on_line, nowhere))
    ante = next(r for s in view.sections for r in s.rows if r.line == 8)
    assert ante.violations == (on_line,)
    assert view.hand_violations == (nowhere,)


# --------------------------------------------------------------------------- rules


def test_rules_lists_the_catalogue() -> None:
    from razzlog.violations import CATALOGUE

    code, out, _ = invoke("rules")
    assert code == 0
    for rule_code, name in CATALOGUE.items():
        assert rule_code in out and name in out


def test_rules_markdown() -> None:
    from razzlog.violations import CATALOGUE

    code, out, _ = invoke("rules", "--markdown")
    assert code == 0
    assert out.startswith("| code | rule | severity | what it finds |\n| --- | --- | --- | --- |\n")
    for rule_code, name in CATALOGUE.items():
        assert f"| {rule_code} | [`{name}`](#{rule_code.lower()}-{name}) |" in out
        assert f"\n### {rule_code} {name}\n" in out
    assert "::" not in out  # reStructuredText literal blocks became fenced blocks
    assert not re.search(r"``[^`]", out.replace("```", ""))  # ``literal`` became `literal`
    assert "(undocumented)" not in out
