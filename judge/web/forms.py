"""Input normalised at the edge, for every form that builds an engine payload.

A phone with a Japanese keyboard types ｛３｝｛Ｇ｝, １２ and －＞; the engine reads ASCII. The fields
here normalise (NFKC, stripped) and never refuse a value: the engine is the one judge of what a
payload means and lists every problem, so nothing is validated twice. A form adds problems only
for what the form itself reads (a line of a text box, a JSON box).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django import forms

from judge.engine.errors import InvalidInputError
from judge.engine.messages import Message
from judge.web.json_api import read_json
from judge.web.presenters import present_problems


def normalise(text: str) -> str:
    """NFKC, then stripped.

    >>> normalise(" ｛３｝｛Ｇ｝ ")
    '{3}{G}'
    """
    return unicodedata.normalize("NFKC", text).strip()


class TextField(forms.CharField):
    """Optional text, NFKC-normalised and stripped, NUL characters dropped (Django would refuse the field,
    and nothing a reader types holds one); cut to ``limit`` characters when given (never refused)."""

    def __init__(self, *, limit: int | None = None, **kwargs: Any) -> None:
        self.limit = limit
        super().__init__(required=False, strip=False, **kwargs)

    def to_python(self, value: Any) -> str:
        text = normalise((super().to_python(value) or "").replace("\x00", ""))
        return text[: self.limit] if self.limit is not None else text


class NumberField(TextField):
    """A whole number as the engine reads it: an int when the text is one, None when empty, and any
    other text passed on (cut short) for the engine to report with the field's range."""

    def to_python(self, value: Any) -> int | str | None:  # type: ignore[override]
        text = super().to_python(value)
        if not text:
            return None
        try:
            return int(text)
        except ValueError:
            return text[:40]


class FlagField(forms.BooleanField):
    """An optional checkbox."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)


def read_pasted_json(text: str, *, field: str, label: Message) -> Any:
    """JSON pasted into a box (a card dump, a board), read as every JSON body is (json_api.read_json:
    nesting depth, lone surrogates, numbers); ValidationError with the problem in the reader's language."""
    try:
        return read_json(text, field=field, label=label)
    except InvalidInputError as err:
        raise forms.ValidationError(present_problems(err)) from None


class EngineForm(forms.Form):
    """A form whose cleaned data becomes an engine payload (:meth:`payload`).

    Fields normalise and accept anything, so a form is invalid only through the problems it adds
    itself (:meth:`problems`, in field order).
    """

    def problems(self) -> list[str]:
        return [str(message) for messages in self.errors.values() for message in messages]

    def payload(self) -> dict[str, Any]:
        raise NotImplementedError

    def shown(self, limit: int) -> dict[str, str]:
        """The values as typed, for the page to show again (cut to ``limit`` characters)."""
        return {name: str(self.data.get(name, ""))[:limit] for name in self.fields}
