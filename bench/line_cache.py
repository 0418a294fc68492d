#!/usr/bin/env python3
"""Would caching each line's tokens make parsing faster?  (issue 16, lever 1; a script, not a test)

    python bench/line_cache.py FILE [--hands N]

Parsing a hand is masking, then Lark (lark-cython's contextual lexer and LALR
parser) with the site's transformer running inline.  This script measures, on
the first N PokerStars hands of FILE, each in a fresh process, three times
interleaved (the minimum is printed):

* ``lark``: ``Lark.parse`` of the masked text, as ``razzlog`` does today;
* ``cached``: the same parser fed by a lexer thread that serves a line's tokens
  from a per-process cache keyed by (parser state at the line's start, the
  masked line's exact text), checking the parser state before every token,
  and lexes the line with the real lexer otherwise (a line is cached at its
  second sighting, so that one-off lines such as headers cost one lookup);
* ``given``: the parser fed with every token made in advance, the bound for
  any lexing cache (the rest is the LALR parser and the transformer).

It also checks, on the first 500 hands, that the cached path yields the same
tokens (type, text and all six positions) and the same result as the lexer.

The exact text is the only key that is safe without proof: a "shape" key
(amounts and cards replaced by placeholders) would let a line such as
``*** 5rd STREET ***`` borrow the tokens of ``*** 3rd STREET ***``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from itertools import islice
from time import perf_counter
from typing import Any, ClassVar

import lark_cython.lark_cython as lc

from razzlog.sites import pokerstars
from razzlog.sites.masking import POKERSTARS, Masked, mask_lines
from razzlog.sources import RawHand, iter_raw_hands

Key = tuple[int, str]
Entry = tuple[tuple[int, str, str, int, int], ...]  # (parser state, type, text, start, end) per token


class Unusable(Exception):
    """The cached tokens do not apply (another parser state, a token across lines)."""


class CachedLines(lc.LexerThread):  # type: ignore[misc]
    cache: ClassVar[dict[Key, Entry]] = {}  # one cache for the whole run, shared by every parse
    seen: ClassVar[set[Key]] = set()
    served = 0
    lexed = 0

    def setup(self, text: str) -> CachedLines:
        self.lines = text.split("\n")  # the text starts with "\n": lines[0] == ""
        self.i = 0
        self.p = 0  # where the next line's "\n" is
        self.line_start = 0
        self.queue: Entry | None = None
        self.q = 0
        self.delegating = False
        self.rec: list[tuple[int, str, str, int, int]] | None = None
        return self

    def next_token(self, ps: Any) -> Any:
        queue = self.queue
        if queue is not None:  # the rest of a cached line
            state, type_, value, start, end = queue[self.q]
            if ps.position != state:
                raise Unusable
            self.q += 1
            if self.q == len(queue):
                self.queue = None
            p, line = self.p0, self.i + 1
            return lc.Token(type_, value, p + start, line, start, line, end, p + end)
        if self.delegating:  # the rest of a line the real lexer reads
            state = ps.position
            tok = super().next_token(ps)
            if self.rec is not None:
                self.rec.append((state, tok.type, tok.value, tok.start_pos - self.p0, tok.end_pos - self.p0))
            if tok.end_pos >= self.end:
                if tok.end_pos > self.end:
                    raise Unusable
                if self.rec is not None:
                    CachedLines.cache[self.key] = tuple(self.rec)
                self.rec, self.delegating = None, False
            return tok
        # the start of a line
        i = self.i + 1
        if i >= len(self.lines):
            raise EOFError
        line, p, previous = self.lines[i], self.p, self.line_start
        end = p + 1 + len(line)
        self.i, self.p0, self.p, self.line_start, self.end = i, p, end, p + 1, end
        key = (ps.position, line)
        entry = CachedLines.cache.get(key)
        if entry is not None:
            CachedLines.served += 1
            if len(entry) > 1:
                self.queue, self.q = entry, 1
            _, type_, value, _, token_end = entry[0]
            return lc.Token(type_, value, p, i, p - previous + 1, i + 1, token_end, p + token_end)
        CachedLines.lexed += 1
        counter = self.state.line_ctr
        counter.char_pos, counter.line, counter.line_start_pos = p, i, previous
        counter.column = p - previous + 1
        tok = super().next_token(ps)
        if tok.end_pos > end:
            raise Unusable
        record = key in CachedLines.seen
        CachedLines.seen.add(key)
        first = (key[0], tok.type, tok.value, 0, tok.end_pos - p)
        if tok.end_pos == end:
            if record:
                CachedLines.cache[key] = (first,)
        else:
            self.delegating, self.key = True, key
            self.rec = [first] if record else None
        return tok


class Recorded(lc.LexerThread):  # type: ignore[misc]
    def next_token(self, ps: Any) -> Any:
        tok = super().next_token(ps)
        self.log.append(tok)
        return tok


class Given(lc.LexerThread):  # type: ignore[misc]
    def next_token(self, ps: Any) -> Any:
        try:
            return next(self.tokens)
        except StopIteration:
            raise EOFError from None


def _fields(tok: Any) -> tuple[Any, ...]:
    return (
        tok.type,
        tok.value,
        tok.start_pos,
        tok.line,
        tok.column,
        tok.end_line,
        tok.end_column,
        tok.end_pos,
    )


def _hands(path: str, count: int) -> list[tuple[RawHand, Masked]]:
    raws = [r for r in islice(iter_raw_hands([path]), count) if isinstance(r, RawHand)]
    return [(r, mask_lines(r.lines, POKERSTARS)) for r in raws]


def measure(mode: str, path: str, count: int) -> float:
    hands = _hands(path, count)
    lark, transformer = pokerstars.PARSER.parser()
    front = lark.parser
    given: list[list[Any]] = []
    if mode == "given":
        for raw, masked in hands:
            transformer.reset(masked.names, raw.first_line)
            thread = Recorded.from_text(front.lexer, masked.text)
            thread.log = []
            front.parser.parse(thread, "start")
            given.append(thread.log)
    start = perf_counter()
    for n, (raw, masked) in enumerate(hands):
        transformer.reset(masked.names, raw.first_line)
        if mode == "lark":
            lark.parse(masked.text)
        elif mode == "given":
            thread = Given.from_text(front.lexer, masked.text)
            thread.tokens = iter(given[n])
            front.parser.parse(thread, "start")
        else:
            try:
                front.parser.parse(
                    CachedLines.from_text(front.lexer, masked.text).setup(masked.text), "start"
                )
            except Unusable:
                transformer.reset(masked.names, raw.first_line)
                lark.parse(masked.text)
    return (perf_counter() - start) / len(hands) * 1000


def check(path: str) -> int:
    """Hands of the first 500 whose cached tokens or result differ from the lexer's."""
    lark, transformer = pokerstars.PARSER.parser()
    front = lark.parser

    class Both(CachedLines):
        def next_token(self, ps: Any) -> Any:
            tok = super().next_token(ps)
            self.log.append(tok)
            return tok

    differ = 0
    for raw, masked in _hands(path, 500):
        transformer.reset(masked.names, raw.first_line)
        want = Recorded.from_text(front.lexer, masked.text)
        want.log = []
        expected = front.parser.parse(want, "start")
        for _ in range(2):  # the second time, the lines seen twice come from the cache
            transformer.reset(masked.names, raw.first_line)
            got = Both.from_text(front.lexer, masked.text).setup(masked.text)
            got.log = []
            result = front.parser.parse(got, "start")
            if [_fields(t) for t in got.log] != [_fields(t) for t in want.log] or result != expected:
                differ += 1
                break
    return differ


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--hands", type=int, default=4000)
    ap.add_argument("--mode", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.mode:
        ms = measure(args.mode, args.file, args.hands)
        print(f"{ms} {CachedLines.served} {CachedLines.lexed}")
        return
    print(f"tokens or results that differ from the lexer's: {check(args.file)} of 500 hands")
    best: dict[str, float] = {}
    shares = ""
    for _ in range(3):
        for mode in ("lark", "cached", "given"):
            out = subprocess.run(
                [sys.executable, __file__, args.file, "--hands", str(args.hands), "--mode", mode],
                capture_output=True,
                text=True,
                check=True,
                env=os.environ,
            ).stdout.split()
            best[mode] = min(best.get(mode, 1e9), float(out[0]))
            if mode == "cached":
                served, lexed = int(out[1]), int(out[2])
                shares = f"{served / (served + lexed):.0%} of lines from the cache"
    print(f"{args.hands} hands, ms per hand (minimum of 3 fresh processes):")
    print(f"  lark   {best['lark']:.3f}")
    print(f"  cached {best['cached']:.3f}  ({shares})")
    print(f"  given  {best['given']:.3f}  (every token made in advance: the bound)")


if __name__ == "__main__":
    main()
