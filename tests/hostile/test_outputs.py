"""Output failures (issue 14): a reader that goes away, a full disk, an I/O error, an
interrupted run.  Real processes: exit codes and standard error are what users see."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from razzlog.cli.output import GuardedOutput, OutputError, report_file
from tests.hostile.helpers import hands_with, write

HAS_DEV_FULL = os.path.exists("/dev/full")


def razzlog(
    *args: str, stdout: object = subprocess.PIPE, stdin: object = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "razzlog", *args],
        stdout=stdout,  # type: ignore[arg-type]
        stderr=subprocess.PIPE,
        stdin=stdin,  # type: ignore[arg-type]
        text=True,
        check=False,
        timeout=120,
    )


@pytest.fixture(scope="module")
def hands(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write(tmp_path_factory.mktemp("out"), hands_with("Hero", hands=400, violations=0.2))


@pytest.mark.parametrize(
    "args",
    [
        ["stats", "--format", "csv", "--by", "player,date"],
        ["stats"],
        ["audit", "--format", "jsonl"],
        ["audit"],
        ["parse"],
        ["generate", "--hands", "3000", "--seed", "1"],
    ],
)
def test_a_reader_that_goes_away_ends_the_run_quietly(hands: Path, args: list[str]) -> None:
    command = [sys.executable, "-m", "razzlog", *args] + ([] if args[0] == "generate" else [str(hands)])
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.readline()
        process.stdout.close()  # as `| head -1` does
        error = process.stderr.read().decode()
        code = process.wait(timeout=120)
    assert error == ""
    assert code in (0, 1, 141)  # done before it noticed, or stopped as a closed pipe stops a program


@pytest.mark.skipif(not HAS_DEV_FULL, reason="no /dev/full")
@pytest.mark.parametrize(
    "args",
    [
        ["stats"],
        ["stats", "--format", "csv"],
        ["stats", "--format", "json"],
        ["audit"],
        ["audit", "-f", "json"],
    ],
)
def test_a_full_disk_is_one_line_and_exit_2(hands: Path, args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        result = razzlog(*args, str(hands), stdout=full)
    assert result.returncode == 2
    assert result.stderr == "razzlog: error: cannot write standard output: No space left on device\n"
    result = razzlog(*args, str(hands), "-o", "/dev/full")
    assert result.returncode == 2
    assert result.stderr == "razzlog: error: cannot write /dev/full: No space left on device\n"


def test_an_input_output_error_on_the_report_file_is_one_line(tmp_path: Path) -> None:
    class Failing:
        def write(self, text: str) -> int:
            raise OSError(5, "Input/output error")

        def flush(self) -> None:
            pass

    out = GuardedOutput(Failing(), "report.txt")  # type: ignore[arg-type]
    with pytest.raises(OutputError, match=r"cannot write report\.txt: Input/output error"):
        out.write("x")
    from razzlog.cli import main

    assert main(["stats", str(tmp_path / "none"), "-o", "/proc/version"]) == 2


def test_an_interrupted_report_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    report.write_text("old\n")
    with pytest.raises(KeyboardInterrupt), report_file(report, "utf-8") as out:
        out.write('{"half": ')
        raise KeyboardInterrupt
    assert report.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.json"]


def test_a_report_file_appears_whole_with_the_usual_mode(tmp_path: Path, hands: Path) -> None:
    report = tmp_path / "found.jsonl"
    result = razzlog("audit", str(hands), "-f", "jsonl", "-o", str(report))
    assert result.returncode == 1
    lines = report.read_text().splitlines()
    assert lines and all(json.loads(line)["rule"] for line in lines)
    umask = os.umask(0)
    os.umask(umask)
    assert report.stat().st_mode & 0o777 == 0o666 & ~umask
    assert sorted(p.name for p in tmp_path.iterdir()) == ["found.jsonl"]
    parquet = tmp_path / "stats.parquet"
    assert razzlog("stats", str(hands), "-f", "parquet", "-o", str(parquet)).returncode == 0
    assert parquet.read_bytes()[:4] == b"PAR1"


def test_a_killed_run_leaves_no_partial_report(tmp_path: Path, hands: Path) -> None:
    report = tmp_path / "found.jsonl"
    big = write(tmp_path, hands_with("Hero", hands=3000, violations=0.5), "big.txt")
    command = [
        sys.executable,
        "-m",
        "razzlog",
        "audit",
        str(big),
        "-f",
        "jsonl",
        "-o",
        str(report),
        "-j",
        "1",
    ]
    with subprocess.Popen(command, stderr=subprocess.DEVNULL) as process:
        for _ in range(600):  # wait for the temporary file to grow, then kill the run
            parts = [p for p in tmp_path.iterdir() if p.name.endswith(".part.jsonl")]
            if parts and parts[0].stat().st_size > 0:
                break
            process.poll()
            if process.returncode is not None:
                pytest.skip("the run ended before it could be interrupted")
            import time

            time.sleep(0.05)
        process.kill()
    assert not report.exists()


def test_a_device_target_is_written_not_replaced(tmp_path: Path, hands: Path) -> None:
    result = razzlog("stats", str(hands), "-o", "/dev/null")
    assert result.returncode == 0 and os.path.exists("/dev/null")
    assert not Path("/dev/null").is_file()
