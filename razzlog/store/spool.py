"""Writing an import's parts on a thread of their own, while the next part is read.

A part's last steps, its keys joined and its money made exact
(:meth:`PartBuffer.frames`, polars) and its row groups compressed into the
segment's Parquet files (:class:`SegmentWriter`, pyarrow), run in native code
that lets go of the interpreter's lock: on a thread they overlap the reading
of the next part (parsing, replaying and tabulating hands, or with several jobs
unpickling the workers' chunks and running the cross-hand checks), which is
what holds the lock.  One part is written at a time and at most one more is
held, so memory stays flat; the files are written exactly as before, part
after part in order, and only named by a manifest once :meth:`PartSpool.finish`
has waited for the last one (the import's atomicity is the manifest's,
:mod:`razzlog.store.manifest`).
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

from razzlog.store.manifest import Segment
from razzlog.store.part import PartBuffer
from razzlog.store.segments import SegmentWriter


class PartSpool:
    """The parts of one import's read, written in order by one thread into ``writer``'s segments."""

    def __init__(self, writer: SegmentWriter, segment_hands: int) -> None:
        self.writer = writer
        self.segment_hands = segment_hands
        self.segments: list[Segment] = []  # closed, in order
        self.filled = 0  # hands sent for the segment being written (as ``writer.hands`` will count)
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="razzlog-parts")
        self._pending: Future[None] | None = None

    def put(self, part: PartBuffer, last: bool = False) -> None:
        """Write ``part`` (it may be empty) after the parts put before it, and close the segment
        when it is full (or ``last``).  Waits while the part before the previous is being written;
        raises what writing an earlier part raised."""
        self.filled += part.hands
        close = last or self.filled >= self.segment_hands
        if close:
            self.filled = 0
        self._wait()
        self._pending = self._pool.submit(self._write, part, close)

    def _write(self, part: PartBuffer, close: bool) -> None:
        if part:
            self.writer.add(part.frames())
        if close:
            segment = self.writer.close()
            if segment is not None:
                self.segments.append(segment)

    def _wait(self) -> None:
        pending, self._pending = self._pending, None
        if pending is not None:
            pending.result()

    def finish(self) -> list[Segment]:
        """The segments written, once every part put is on disk (raises what writing one raised)."""
        try:
            self._wait()
        finally:
            self._pool.shutdown(wait=True)
        return self.segments

    def abandon(self) -> None:
        """Stop after the part being written (an import that failed: its files are garbage that no
        manifest names, removed by the next import), without raising what writing it raised."""
        pending, self._pending = self._pending, None
        if pending is not None and not pending.cancel():  # started: wait for it to end
            pending.exception()
        self._pool.shutdown(wait=True, cancel_futures=True)
