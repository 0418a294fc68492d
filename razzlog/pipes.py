"""Wider pipes between a process pool's processes (see :func:`widen_pipes`)."""

from __future__ import annotations

from concurrent.futures import Executor

try:
    import fcntl
except ImportError:  # not on Windows: the pipes keep their size there (see widen_pipes)
    fcntl = None  # type: ignore[assignment]

# What a pipe between the pool's processes holds: a few tasks or results.  A task (a block of
# BLOCK_BYTES) and an audit's result (about 100 KB for a block) outgrow a pipe's usual 64 KiB.
PIPE_BYTES = (1 << 20, 1 << 18)  # the first that the system allows (Linux: /proc/sys/fs/pipe-max-size)


def widen_pipes(executor: Executor) -> list[int]:
    """Let the pool's pipes (tasks out, results back) hold :data:`PIPE_BYTES`; their sizes now.

    Through a 64 KiB pipe a block crosses in six pieces, and the worker waits
    for this process's thread that writes them to be given a CPU for each
    piece, and a worker with a result waits likewise for this process to read
    it: on two CPUs shared by three processes, the workers idled for a few per
    cent of the run.  Linux only (``F_SETPIPE_SZ``), and through the pool's
    private attributes: where either is missing, the pipes stay as they are
    (only the speed differs).
    """
    set_size = getattr(fcntl, "F_SETPIPE_SZ", None) if fcntl is not None else None
    calls = getattr(getattr(executor, "_call_queue", None), "_writer", None)
    results = getattr(getattr(executor, "_result_queue", None), "_reader", None)
    sizes: list[int] = []
    for end in (calls, results):
        if set_size is None or end is None:
            continue
        for size in PIPE_BYTES:
            try:
                sizes.append(fcntl.fcntl(end.fileno(), set_size, size))
                break
            except OSError:  # above the system's limit: the next size
                continue
    return sizes
