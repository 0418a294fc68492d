"""Fuzz every command with damaged hand histories: crashes, lost hands and peak memory.

    python tools/fuzz.py                      # 100,000 hands (hours on 2 CPUs)
    python tools/fuzz.py --hands 2000 --seed 3 --json fuzz.json

Not a test (it is bench-like, and long): generated hands (``razzlog generate``'s
generator, both sites, some with injected violations) are cut into inputs of 1
to ``--max-per-input`` hands, and each input is damaged by a few mutations drawn
at random:

* bytes: random bytes flipped, inserted or deleted, runs of NULs (what a crash
  leaves in a preallocated log), a stray ``\\r``, invalid UTF-8, the file cut
  anywhere;
* lines: deleted, duplicated, swapped, moved to another hand, made enormous,
  blank lines added, a line of the other site, markup and control characters;
* values: impossible dates, foreign currency symbols, misplaced separators;
* encodings: UTF-8 with a BOM, UTF-16 LE or BE with a BOM (and an odd last
  byte), cp1252, a BOM in the middle of the file.

Every command runs on every input, each as its own process: ``audit`` in all
formats (``json`` with one job and with two, which must agree), ``parse``,
``stats`` in all formats, ``show`` (of a hand id found in the input), ``import``
into a fresh store then ``query``, and ``report``.  Counted:

* crashes: a traceback on standard error, an exit status other than 0, 1, 2
  and 141, or a run longer than ``--timeout`` seconds;
* lost hands: the hand headers present in the input (counted here from its
  bytes, independently of razzlog's reader) against ``hands`` in
  ``audit --format json``, and the two job counts disagreeing;
* peak memory: the largest resident set of any run of each command.

An input that crashes something is kept in ``--keep`` for reproduction.
"""

from __future__ import annotations

import argparse
import codecs
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from razzlog.generate.stream import stream_labeled
from razzlog.sources import HEADER_PREFIXES

OK_STATUSES = {0, 1, 2, 141}
PREFIXES = HEADER_PREFIXES  # a hand starts where razzlog's own reader says one does
_BREAK = re.compile(rb"\r\n?|\n")
_TEXT_BREAK = re.compile("\r\n?|\n")
_HAND_ID = re.compile(r"(?:Hand|Game) #(\d+)")
_LOCK = threading.Lock()


# --------------------------------------------------------------------------- inputs


class _Hands:
    """An endless supply of generated hands: both sites, none, a fifth or all with a violation."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(f"{seed}/hands")
        self.seed = seed
        self.batch: list[str] = []
        self.made = 0

    def take(self, n: int) -> list[str]:
        out: list[str] = []
        while len(out) < n:
            if not self.batch:
                site = self.rng.choice(("pokerstars", "fulltilt"))
                rate = self.rng.choice((0.0, 0.2, 1.0))
                self.made += 1
                self.batch = [
                    text
                    for text, _ in stream_labeled(
                        self.seed * 7919 + self.made, 200, site=site, violations=rate
                    )
                ]
            out.append(self.batch.pop())
        return out


def _lines_mutation(rng: random.Random, lines: list[str], donors: list[str]) -> None:
    if not lines:
        return
    k = rng.randrange(len(lines))
    kind = rng.randrange(12)
    if kind == 0:
        del lines[k]
    elif kind == 1:
        lines.insert(k, lines[rng.randrange(len(lines))])
    elif kind == 2:
        j = rng.randrange(len(lines))
        lines[k], lines[j] = lines[j], lines[k]
    elif kind == 3:  # a line of another hand (maybe the other site)
        donor = rng.choice(donors).split("\n")
        lines.insert(k, rng.choice(donor))
    elif kind == 4:
        lines[k] = lines[k] * rng.choice((50, 2000, 40000))
    elif kind == 5:
        lines[k:k] = [""] * rng.randrange(1, 5)
    elif kind == 6:  # markup, controls, bidi and zero-width characters
        at = rng.randrange(len(lines[k]) + 1)
        junk = rng.choice(
            ("[/]", "[bold red]x[/]", "\x1b[2J", "\x1b]0;t\x07", "\u202e", "\u200b", "\x00", "\x7f\x85")
        )
        lines[k] = lines[k][:at] + junk + lines[k][at:]
    elif kind == 7:  # an impossible date or time
        lines[k] = re.sub(
            r"\d{4}/\d{2}/\d{2}", rng.choice(("2009/13/45", "2009/02/30", "0000/00/00")), lines[k]
        )
        lines[k] = re.sub(r"\d{1,2}:\d{2}:\d{2}", rng.choice(("25:00:00", "9:61:00", "23:59:59")), lines[k])
    elif kind == 8:  # a foreign currency symbol, misplaced separators, odd decimals
        lines[k] = re.sub(
            r"\$(\d+)(\.\d+)?",
            lambda m: (
                rng.choice(("€", "£", "$"))
                + rng.choice((m.group(1), "3,8", "1,2345", m.group(1) + ".0.1"))
                + (m.group(2) or rng.choice(("", ".00001")))
            ),
            lines[k],
        )
    elif kind == 9:  # a header line inside the hand (the hand before is cut)
        lines.insert(k, rng.choice(donors).split("\n")[0])
    elif kind == 10:  # a number made huge or negative
        lines[k] = re.sub(
            r"\d+", lambda m: rng.choice((m.group(0), "9" * 30, "-" + m.group(0))), lines[k], count=1
        )
    else:  # a truncated line
        lines[k] = lines[k][: rng.randrange(len(lines[k]) + 1)]


def _bytes_mutation(rng: random.Random, data: bytearray) -> None:
    if not data:
        return
    kind = rng.randrange(8)
    k = rng.randrange(len(data))
    if kind == 0:
        for _ in range(rng.randrange(1, 20)):
            data[rng.randrange(len(data))] = rng.randrange(256)
    elif kind == 1:
        data[k:k] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 8)))
    elif kind == 2:
        del data[k : k + rng.randrange(1, 64)]
    elif kind == 3:  # NULs, as a crash leaves them
        data[k:k] = b"\x00" * rng.choice((1, 7, 4096))
    elif kind == 4:
        data[k:k] = b"\r"
    elif kind == 5:
        data[k:k] = rng.choice((b"\xff", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80"))
    elif kind == 6:  # cut anywhere
        del data[k:]
    else:  # a BOM in the middle
        data[k:k] = codecs.BOM_UTF8


def _encode(rng: random.Random, text: str) -> tuple[bytes, str]:
    kind = rng.choices(("utf-8", "utf-8-sig", "utf-16-le", "utf-16-be", "cp1252"), (6, 1, 2, 1, 1))[0]
    if kind == "utf-16-le":
        data = codecs.BOM_UTF16_LE + text.encode("utf-16-le", errors="surrogatepass")
    elif kind == "utf-16-be":
        data = codecs.BOM_UTF16_BE + text.encode("utf-16-be", errors="surrogatepass")
    elif kind == "cp1252":
        data = text.encode("cp1252", errors="replace")
    else:
        data = text.encode(kind, errors="surrogatepass")
    if kind.startswith("utf-16") and rng.random() < 0.2:
        data += b"\x00"  # the stray odd byte Full Tilt wrote
    return data, kind


def make_input(rng: random.Random, hands: list[str], donors: list[str]) -> tuple[bytes, str]:
    """Damaged bytes holding ``hands``, and how they were encoded."""
    text = "".join(hands)
    lines = text.split("\n")
    for _ in range(rng.choice((0, 1, 2, 4, 8))):
        _lines_mutation(rng, lines, donors)
    data, encoding = _encode(rng, "\n".join(lines))
    buffer = bytearray(data)
    for _ in range(rng.choice((0, 0, 1, 2, 5))):
        _bytes_mutation(rng, buffer)
    return bytes(buffer), encoding


def count_headers(data: bytes) -> int:
    """The hand headers in ``data``, read as razzlog documents its input (sources.py), not by its code."""
    if data.startswith(codecs.BOM_UTF8):
        lines = [raw.decode("utf-8", errors="replace") for raw in _BREAK.split(data[3:])]
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encoding = "utf-16-le" if data.startswith(codecs.BOM_UTF16_LE) else "utf-16-be"
        body = data[2:]
        if len(body) % 2:
            body = body[:-1]
        lines = _TEXT_BREAK.split(body.decode(encoding, errors="replace"))
    else:
        lines = []
        for raw in _BREAK.split(data):
            try:
                lines.append(raw.decode("utf-8"))
            except UnicodeDecodeError:
                lines.append(raw.decode("cp1252", errors="replace"))
    count = 0
    for line in lines:
        line = line[: 1024 * 1024].replace("\x00", "")  # razzlog cuts a line at 1 MiB
        if line.startswith("\ufeff"):
            line = line[1:]
        count += line.startswith(PREFIXES)
    return count


# --------------------------------------------------------------------------- runs


@dataclass
class Outcome:
    status: int
    stdout: bytes
    stderr: bytes
    seconds: float
    max_rss_kb: int


# Each command is forked from this small process, not from the fuzzer: Linux carries a
# process's peak RSS across exec, so a command forked from the fuzzer (whose copy is as large as
# the fuzzer, hundreds of MB with many inputs) reported at least the fuzzer's size as its own.
# It writes the command's wait status and peak RSS (KiB) to the file descriptor it is given.
# (bench/run.py's measure() runs a benchmark's command under a wrapper for the same reason;
# the fuzzer also needs the command's output, its whole standard error and a timeout.)
_SPAWN = r"""
import os, sys
fd = int(sys.argv[1])
pid = os.fork()
if pid == 0:
    os.close(fd)
    os.execv(sys.argv[2], sys.argv[2:])
_, status, usage = os.wait4(pid, 0)
os.write(fd, b"%d %d" % (status, usage.ru_maxrss))
"""


def run(args: list[str], timeout: float, env: dict[str, str]) -> Outcome:
    """``python -m razzlog ARGS`` with its peak resident set (``wait4``); status -1: timed out."""
    start = time.monotonic()
    report, write = os.pipe()
    try:
        with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
            try:
                proc = subprocess.Popen(
                    [sys.executable, "-c", _SPAWN, str(write), sys.executable, "-m", "razzlog", *args],
                    stdin=subprocess.DEVNULL,
                    stdout=out,
                    stderr=err,
                    env=env,
                    pass_fds=(write,),
                    start_new_session=True,  # a timeout kills the command with its spawner
                )
            finally:
                os.close(write)
            timed_out = False
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
                timed_out = True
            found = os.read(report, 64).split()  # nothing if the spawner died before writing
            out.seek(0)
            err.seek(0)
            status, max_rss_kb = proc.returncode, 0  # the spawner's own, if it failed
            if timed_out:
                status = -1
            elif len(found) == 2:
                status, max_rss_kb = os.waitstatus_to_exitcode(int(found[0])), int(found[1])
            return Outcome(status, out.read(), err.read(), time.monotonic() - start, max_rss_kb)
    finally:
        os.close(report)


@dataclass
class Tally:
    inputs: int = 0
    hands: int = 0  # headers present
    bytes: int = 0
    runs: Counter[str] = field(default_factory=Counter)
    statuses: dict[str, Counter[int]] = field(default_factory=dict)
    crashes: list[dict[str, object]] = field(default_factory=list)
    lost: list[dict[str, object]] = field(default_factory=list)
    peak_kb: dict[str, int] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)

    def record(self, name: str, outcome: Outcome, input_path: Path, keep: Path | None) -> None:
        with _LOCK:
            self._record(name, outcome, input_path, keep)

    def _record(self, name: str, outcome: Outcome, input_path: Path, keep: Path | None) -> None:
        self.runs[name] += 1
        self.statuses.setdefault(name, Counter())[outcome.status] += 1
        self.peak_kb[name] = max(self.peak_kb.get(name, 0), outcome.max_rss_kb)
        self.seconds[name] = self.seconds.get(name, 0.0) + outcome.seconds
        crashed = outcome.status not in OK_STATUSES or b"Traceback" in outcome.stderr
        if crashed:
            kept = _keep(input_path, keep)
            tail = outcome.stderr.decode("utf-8", errors="replace").strip().splitlines()[-3:]
            self.crashes.append({"command": name, "status": outcome.status, "input": kept, "stderr": tail})


def _keep(path: Path, keep: Path | None) -> str:
    if keep is None:
        return str(path)
    keep.mkdir(parents=True, exist_ok=True)
    target = keep / path.name
    if not target.exists():
        shutil.copyfile(path, target)
    return str(target)


Command = tuple[str, Callable[[Path, Path, str | None], list[str]]]

COMMANDS: list[Command] = [
    ("audit table", lambda p, w, h: ["audit", "-j", "1", "--format", "table", str(p)]),
    ("audit jsonl", lambda p, w, h: ["audit", "-j", "1", "--format", "jsonl", str(p)]),
    ("parse", lambda p, w, h: ["parse", str(p)]),
    ("stats table", lambda p, w, h: ["stats", "--format", "table", str(p)]),
    ("stats json", lambda p, w, h: ["stats", "--format", "json", str(p)]),
    ("stats csv", lambda p, w, h: ["stats", "--format", "csv", str(p)]),
    ("stats parquet", lambda p, w, h: ["stats", "--format", "parquet", "-o", str(w / "s.parquet"), str(p)]),
    ("show", lambda p, w, h: ["show", h or "0", str(p)]),
    ("import", lambda p, w, h: ["import", "-j", "1", "--store", str(w / "store"), str(p)]),
    ("query", lambda p, w, h: ["query", "--store", str(w / "store"), "select count(*) as n from hands"]),
    ("report", lambda p, w, h: ["report", "-o", str(w / "r.html"), str(p)]),
]


def fuzz_one(
    index: int,
    data: bytes,
    workdir: Path,
    keep: Path | None,
    timeout: float,
    env: dict[str, str],
    tally: Tally,
) -> None:
    work = workdir / f"in{index}"
    work.mkdir()
    path = work / f"input{index}.txt"
    path.write_bytes(data)
    headers = count_headers(data)
    text = data.decode("utf-8", errors="replace") if not data.startswith((b"\xff\xfe", b"\xfe\xff")) else ""
    if not text:
        text = data[2:].decode("utf-16-le" if data.startswith(b"\xff\xfe") else "utf-16-be", errors="replace")
    ids = _HAND_ID.findall(text)
    hand_id = ids[len(ids) // 2] if ids else None
    audits: list[object] = []
    for jobs in ("1", "2"):
        name = f"audit json -j {jobs}"
        outcome = run(["audit", "-j", jobs, "--format", "json", str(path)], timeout, env)
        tally.record(name, outcome, path, keep)
        try:
            audits.append(json.loads(outcome.stdout))
        except ValueError:
            audits.append(None)
    first = audits[0] if isinstance(audits[0], dict) else None
    if first is None or first.get("hands") != headers or audits[0] != audits[1]:
        reported = first.get("hands") if first is not None else None
        with _LOCK:
            tally.lost.append(
                {
                    "input": _keep(path, keep),
                    "headers": headers,
                    "hands": reported,
                    "jobs_agree": audits[0] == audits[1],
                }
            )
    for name, make in COMMANDS:
        tally.record(name, run(make(path, work, hand_id), timeout, env), path, keep)
    with _LOCK:
        tally.inputs += 1
        tally.hands += headers
        tally.bytes += len(data)
    shutil.rmtree(work, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000, help="generated hands in all (default 100,000)")
    parser.add_argument("--max-per-input", type=int, default=200, help="hands per input: 1 to this many")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="inputs fuzzed at once")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds before a run counts as hung")
    parser.add_argument(
        "--keep", type=Path, default=Path("fuzz-crashes"), help="where inputs that crash are kept"
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    supply = _Hands(args.seed)
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "120", "RAZZLOG_STORE": "/nonexistent"}
    tally = Tally()
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="razzlog-fuzz-") as tmp, ThreadPoolExecutor(args.workers) as pool:
        futures = []
        made = 0
        index = 0
        while made < args.hands:
            n = min(args.hands - made, rng.randint(1, args.max_per_input))
            hands = supply.take(n)
            donors = supply.take(3)
            data, _ = make_input(random.Random(f"{args.seed}/{index}"), hands, donors)
            futures.append(pool.submit(fuzz_one, index, data, Path(tmp), args.keep, args.timeout, env, tally))
            made += n
            index += 1
            if len(futures) >= 4 * args.workers:
                futures.pop(0).result()
        for future in futures:
            future.result()
    elapsed = time.monotonic() - start
    figures = {
        "hands_generated": args.hands,
        "inputs": tally.inputs,
        "headers_present": tally.hands,
        "megabytes": round(tally.bytes / 1e6, 1),
        "seconds": round(elapsed),
        "runs": sum(tally.runs.values()),
        "crashes": len(tally.crashes),
        "lost_hands_inputs": len(tally.lost),
        "peak_rss_mb": {name: round(kb / 1024) for name, kb in sorted(tally.peak_kb.items())},
        "statuses": {name: dict(sorted(c.items())) for name, c in sorted(tally.statuses.items())},
        "crash_examples": tally.crashes[:20],
        "lost_examples": tally.lost[:20],
    }
    text = json.dumps(figures, indent=2)
    print(text)
    if args.json is not None:
        args.json.write_text(text + "\n", encoding="utf-8")
    return 1 if tally.crashes or tally.lost else 0


if __name__ == "__main__":
    sys.exit(main())
