"""The shared form fields normalise at the edge and never refuse a value (the engine judges)."""

from __future__ import annotations

from judge.web.forms import EngineForm, FlagField, NumberField, TextField, normalise


class Sample(EngineForm):
    text = TextField()
    short = TextField(limit=3)
    number = NumberField()
    flag = FlagField()


def test_full_width_input_reads_as_ascii_and_nothing_is_refused() -> None:
    form = Sample(
        {"text": "　ｒａｆｉｑ　－＞　ｂｉａｎｃａ　", "short": "abcdef", "number": "１２", "flag": "on"}
    )
    assert form.is_valid() and form.problems() == []
    assert form.cleaned_data == {"text": "rafiq -> bianca", "short": "abc", "number": 12, "flag": True}
    odd = Sample({"number": "twelve"})
    assert odd.is_valid() and odd.cleaned_data["number"] == "twelve" and odd.cleaned_data["text"] == ""
    empty = Sample({})
    assert empty.is_valid() and empty.cleaned_data["number"] is None
    assert Sample({"text": "<b>x</b>"}).shown(4) == {"text": "<b>x", "short": "", "number": "", "flag": ""}
    assert normalise("ﾗﾌｨｰｸ") == "ラフィーク"
