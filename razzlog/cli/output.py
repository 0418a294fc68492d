"""Where reports go: standard output, or a file written whole or not at all.

Two failures must not look like success or like a crash:

* the output breaks (a full disk, an I/O error, a reader that went away):
  every write goes through :class:`GuardedOutput`, which turns the
  ``OSError`` into :class:`OutputError` naming the output, so the command line
  can tell it from anything else (one line and exit 2; a reader gone: quiet);
* the run is interrupted while ``-o FILE`` is written: the report is written
  to a temporary file in the same folder and renamed over ``FILE`` only once
  complete, so ``FILE`` is the old one (or none), never half a report.  A
  target that is not a regular file (``/dev/stdout``, a FIFO) is written
  directly: renaming over it would replace the device itself.
"""

from __future__ import annotations

import errno
import io
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext, suppress
from pathlib import Path
from typing import BinaryIO, TextIO

STDOUT_NAME = "standard output"


class OutputError(Exception):
    """Writing the report to ``target`` failed with ``cause``."""

    def __init__(self, target: str, cause: OSError) -> None:
        super().__init__(f"cannot write {target}: {cause.strerror or cause}")
        self.target = target
        self.cause = cause

    @property
    def reader_gone(self) -> bool:
        return is_broken_pipe(self.cause)


def is_broken_pipe(exc: BaseException) -> bool:
    """A write to a pipe whose reader has gone (polars reports it without an errno)."""
    if isinstance(exc, BrokenPipeError):
        return True
    return isinstance(exc, OSError) and (exc.errno == errno.EPIPE or "Broken pipe" in str(exc))


class GuardedOutput(io.TextIOBase):
    """A text stream whose write errors are :class:`OutputError` naming the output.

    The first error is kept in ``failure``: polars, writing through this stream,
    turns any exception into an ``OSError`` of its own (see :func:`guarded`).
    """

    def __init__(self, stream: TextIO, target: str) -> None:
        self._stream = stream
        self.target = target
        self.failure: OutputError | None = None

    def _failed(self, exc: OSError) -> OutputError:
        if self.failure is None:
            self.failure = OutputError(self.target, exc)
        return self.failure

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError as exc:
            raise self._failed(exc) from exc

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as exc:
            raise self._failed(exc) from exc

    def isatty(self) -> bool:
        return self._stream.isatty()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._stream.encoding

    @property
    def buffer(self) -> GuardedBytes:
        """The stream's binary buffer (AttributeError if it has none), its write errors this
        output's, for writers that make the bytes themselves (see
        :func:`razzlog.render.polars_out.polars_target`, which flushes the text first)."""
        return GuardedBytes(self, self._stream.buffer)


class GuardedBytes:
    """The binary buffer beneath a :class:`GuardedOutput`: its write errors are the output's."""

    def __init__(self, owner: GuardedOutput, raw: BinaryIO) -> None:
        self._owner = owner
        self._raw = raw

    def write(self, data: bytes) -> int:
        try:
            return self._raw.write(data)
        except OSError as exc:
            raise self._owner._failed(exc) from exc

    def flush(self) -> None:
        try:
            self._raw.flush()
        except OSError as exc:
            raise self._owner._failed(exc) from exc


def replaceable(path: Path) -> bool:
    """Whether ``path`` may be replaced by renaming a finished file over it: it is a regular
    file (through links) or does not exist yet."""
    try:
        return os.path.isfile(path) or not os.path.lexists(path)
    except OSError:
        return False


@contextmanager
def guarded(stream: TextIO, target: str) -> Iterator[TextIO]:
    """``stream`` as a :class:`GuardedOutput`, flushed at the end; whatever the block raises
    after a write failed is that failure."""
    out = GuardedOutput(stream, target)
    try:
        yield out  # type: ignore[misc]
        out.flush()
    except Exception as exc:
        if out.failure is not None and exc is not out.failure:
            raise out.failure from exc
        raise


@contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """A temporary path beside ``path`` to write (with its suffix, which some writers read);
    renamed over ``path`` when the block ends without an exception, removed otherwise.
    OSError if the folder takes no new file."""
    real = Path(os.path.realpath(path))
    try:
        fd, temporary = tempfile.mkstemp(
            prefix=f".{real.name}.", suffix=f".part{real.suffix}", dir=real.parent
        )
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise OSError(exc.errno, f"{reason} (for a temporary file in {real.parent})") from exc
    os.close(fd)
    try:
        mode = os.stat(real).st_mode & 0o7777
    except OSError:  # a new file: the mode open() would give it
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    try:
        os.chmod(temporary, mode)
        yield Path(temporary)
        os.replace(temporary, real)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise


@contextmanager
def report_file(path: Path, encoding: str) -> Iterator[TextIO]:
    """``path`` opened for writing, replaced whole when the block ends (see the module docstring).

    OSError if it cannot be opened; :class:`OutputError` if a write fails.
    """
    target = str(path)
    with atomic_path(path) if replaceable(path) else nullcontext(path) as writing:
        stream = open(writing, "w", encoding=encoding, newline="")  # noqa: SIM115 - closed below
        try:
            with guarded(stream, target) as out:
                yield out
        finally:
            try:
                stream.close()
            except OSError as exc:  # the last bytes, written on close
                raise OutputError(target, exc) from exc


@contextmanager
def standard_output(encoding: str = "utf-8") -> Iterator[TextIO]:
    """Standard output, its write errors as :class:`OutputError`; flushed at the end, so a
    failure of the last buffered bytes is this run's too."""
    if encoding == "utf-8":
        with guarded(sys.stdout, STDOUT_NAME) as out:
            yield out
        return
    # another encoding: its bytes, encoded here; standard output itself stays open
    wrapper = io.TextIOWrapper(sys.stdout.buffer, encoding=encoding, newline="")
    try:
        with guarded(wrapper, STDOUT_NAME) as out:
            yield out
    finally:
        with suppress(OSError, ValueError):
            wrapper.detach()
