#!/usr/bin/env python3
"""CPU time of the replay and of each per-hand rule, ms per thousand hands (a script, not a test).

    python bench/rules.py FILE [--hands N] [--repeat R]

Parses the first N hands of FILE (10,000 by default) into memory, then, R times
(3 by default; the least is printed): replays every hand, and runs the rules
one after the other over every replayed hand, in catalogue order, so that a
rule pays for what it is the first to ask of a replay (a stream of events, the
settlement) as in an audit.  The replays are kept, so the per-rule figures run
with many objects alive; the sum of the rules is the audit's ``rules`` stage
(``bench/stages.py``) give or take that.  ``razzlog --version`` says which
build runs; compare a pure and a compiled build, or two checkouts, in turn.
On a loaded machine CPU time drifts too; ``valgrind --tool=callgrind
--toggle-collect=CPyDef_replay___replay --toggle-collect=CPyDef_engine___hand_violations``
over a loop of ``replay`` and ``hand_violations`` counts instructions instead.
"""

from __future__ import annotations

import argparse
from itertools import islice
from time import process_time

from razzlog.compiled import build
from razzlog.events import Hand
from razzlog.rules.engine import _per_hand_rules
from razzlog.rules.profiles import profile_for
from razzlog.rules.replay import Replay, replay
from razzlog.sites import parse_raw_hand
from razzlog.sources import iter_raw_hands
from razzlog.violations import Violation


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    raws = [raw for raw in islice(iter_raw_hands([args.file]), args.hands) if not isinstance(raw, Violation)]
    hands = [h for raw in raws if isinstance(h := parse_raw_hand(raw), Hand)]
    profiles = [profile_for("auto", h.header.site, False) for h in hands]
    best: dict[str, float] = {}
    for _ in range(args.repeat):
        t = process_time()
        states: list[Replay] = [replay(h, p) for h, p in zip(hands, profiles, strict=True)]
        spent = {"replay": process_time() - t}
        for r in _per_hand_rules():
            check = r.check
            t = process_time()
            for state in states:
                for _f in check(state):
                    pass
            spent[r.name] = process_time() - t
        del states
        for name, seconds in spent.items():
            best[name] = min(best.get(name, seconds), seconds)
    scale = 1e6 / len(hands)  # ms per 1,000 hands = µs per hand
    print(f"{build()}, CPU time, least of {args.repeat}, µs per hand ({len(hands)} hands)")
    for name, seconds in best.items():
        print(f"{name:<24} {seconds * scale:8.2f}")
    rules = sum(s for n, s in best.items() if n != "replay")
    print(f"{'rules (sum)':<24} {rules * scale:8.2f}")


if __name__ == "__main__":
    main()
