"""judge.rules.progress: a tqdm bar on a terminal, one line per stage otherwise."""

from __future__ import annotations

import io

from judge.rules.progress import Bar, Lines, for_stream


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_a_bar_per_stage_and_anything_else_plain_lines() -> None:
    terminal = Terminal()
    bar = for_stream(terminal)
    assert isinstance(bar, Bar)
    bar.stage("reading", 2)
    bar.advance("a.txt")
    bar.advance("b.txt")
    bar.stage("writing", 1)
    bar.advance()
    bar.close()
    shown = terminal.getvalue()
    assert "reading: 100%" in shown and "2/2" in shown and "writing: 100%" in shown and "\r" in shown
    log = io.StringIO()
    lines = for_stream(log)
    assert isinstance(lines, Lines)
    lines.stage("reading", 2)
    lines.advance("a.txt")
    lines.close()
    assert log.getvalue() == "reading (2)\n"
