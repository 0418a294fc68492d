#!/usr/bin/env python3
"""Where the CPU goes in a run with several jobs: the main process against its workers.

    python bench/jobs_cpu.py [--profile FILE] -- audit INPUT --format jsonl --jobs 2 -o OUT

runs ``razzlog ARGS`` in this process and prints, on standard error, the wall
time, the main process's CPU time (user + system) and its workers' (the
children's, counted once they have ended), per hand when ``--hands N`` says
how many hands the input holds.  With 2 jobs on 2 CPUs the main process's
share is taken from the workers' CPUs: every millisecond of it per hand costs.
``--profile FILE`` also writes a cProfile of the main process (the workers are
not profiled) to FILE, for ``python -m pstats FILE``.
"""

from __future__ import annotations

import argparse
import cProfile
import resource
import sys
import time


def cpu(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", help="write a cProfile of the main process here")
    parser.add_argument("--hands", type=int, default=0, help="hands in the input (for per-hand figures)")
    split = sys.argv.index("--") if "--" in sys.argv else len(sys.argv)
    options, args = parser.parse_args(sys.argv[1:split]), sys.argv[split + 1 :]
    from razzlog.cli import main as razzlog_main

    profiler = cProfile.Profile() if options.profile else None
    start, main_before = time.perf_counter(), cpu(resource.RUSAGE_SELF)
    status: object = 0
    try:
        if profiler is not None:
            profiler.enable()
        status = razzlog_main(args)
    except SystemExit as exc:
        status = exc.code
    finally:
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(options.profile)
    wall = time.perf_counter() - start
    main_cpu, workers = cpu(resource.RUSAGE_SELF) - main_before, cpu(resource.RUSAGE_CHILDREN)
    line = f"exit {status}; wall {wall:.2f} s; main CPU {main_cpu:.2f} s; workers' CPU {workers:.2f} s"
    if options.hands:
        n = options.hands
        line += (
            f"; {n / wall:,.0f} hands/s; main {main_cpu * 1e3 / n:.3f} ms/hand,"
            f" workers {workers * 1e3 / n:.3f} ms/hand"
        )
    print(line, file=sys.stderr)


if __name__ == "__main__":
    main()
