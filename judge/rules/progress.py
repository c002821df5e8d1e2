"""How a long command shows its progress: a tqdm bar on a terminal, plain lines otherwise.

A service takes a :class:`Progress` and calls ``stage`` when it starts a stage of known length, then
``advance`` once per item; it never prints. ``for_stream`` picks the display for a command's output:
a bar per stage when the stream is a terminal, one line per stage when it is not (a log, a pipe, a
test), so logs never fill with carriage returns.

>>> import io
>>> out = io.StringIO()
>>> progress = for_stream(out)
>>> progress.stage("parsing", 2); progress.advance("a.txt"); progress.advance("b.txt"); progress.close()
>>> out.getvalue()
'parsing (2)\\n'
"""

from __future__ import annotations

import shutil
from typing import Protocol, TextIO, cast

from django.core.management.base import OutputWrapper
from tqdm import tqdm


def raw_stream(wrapper: OutputWrapper) -> TextIO:
    """The stream under a command's ``OutputWrapper``: a bar rewrites its line, and the wrapper adds newlines.

    A cast: django-stubs declares no ``_out`` (its ``__getattr__`` types every other attribute as a callable).
    """
    return cast(TextIO, getattr(wrapper, "_out", wrapper))


class Progress(Protocol):
    def stage(self, label: str, total: int) -> None:
        """A new stage of ``total`` items begins (the previous one is done)."""

    def advance(self, item: str = "") -> None:
        """One item of the stage is done (``item`` names it)."""

    def close(self) -> None:
        """The work is over."""


class Silent:
    """No display (services called from tests and other services)."""

    def stage(self, label: str, total: int) -> None:
        pass

    def advance(self, item: str = "") -> None:
        pass

    def close(self) -> None:
        pass


class Lines(Silent):
    """One line per stage: for output that is not a terminal."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def stage(self, label: str, total: int) -> None:
        self.stream.write(f"{label} ({total})\n")
        self.stream.flush()


class Bar:
    """A tqdm bar per stage, on a terminal."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.bar: tqdm[None] | None = None

    def stage(self, label: str, total: int) -> None:
        self.close()
        # A terminal that reports no size (a pty nobody sized) would hide the bar: 80 x 24 then.
        size = shutil.get_terminal_size()
        self.bar = tqdm(
            total=total,
            desc=label,
            file=self.stream,
            unit="",
            leave=True,
            ncols=size.columns or 80,
            nrows=size.lines or 24,
        )

    def advance(self, item: str = "") -> None:
        if self.bar is not None:
            self.bar.set_postfix_str(item[:40], refresh=False)
            self.bar.update(1)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.set_postfix_str("", refresh=False)
            self.bar.close()
            self.bar = None


def for_stream(stream: TextIO) -> Progress:
    """A bar when ``stream`` is a terminal, lines otherwise."""
    isatty = getattr(stream, "isatty", None)
    return Bar(stream) if isatty is not None and isatty() else Lines(stream)
