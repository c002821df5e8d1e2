"""Message codes: the engine speaks in codes with parameters; readers get their own language.

Every explained step and every problem the engine reports is a :class:`Message`:
a stable ``code`` (``"tax.start"``), its parameters, the rule that drives it
and, for problems, the input ``field`` a program can point at. The texts live
in one catalog per domain (``judge.engine.texts.<domain>``), each code with an
English and a Japanese template; :func:`render` fills one in for a language.
The web layer renders in the reader's language; the JSON API sends the code,
the rule and the text (``?lang=ja|en``).

Templates use ``str.format`` fields: ``"{player} loses {amount} life"``. A
parameter that is itself a Message is rendered in the same language first, so
a problem can quote another; a :class:`Text` parameter (a card's name, given
in both languages) gives the reader's language.

>>> m = Message("tax.start", rule="601.2f", params=(("cost", "{3}{G}{G}"),))
>>> render(m, "en")
'Start from the mana cost {3}{G}{G}.'
>>> render(m, "ja")
'マナ・コスト {3}{G}{G} から始めます。'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from string import Formatter
from typing import Any, Union

from judge.engine.citing import current_in
from judge.engine.texts import CATALOG

LANGUAGES = ("en", "ja")
# Characters of a name an explanation shows: room for a two-faced card's "A // B", not for a page of repeats.
SHOWN_CHARS = 60
ParamValue = Union[str, int, "Message", "Text"]


@dataclass(frozen=True)
class Text:
    """A text given in both languages by the data (a card's name, a scenario's narration), not by a catalog.

    >>> name = Text(en="Mind Control", ja="《精神の制御》")
    >>> name.in_("ja"), str(name)
    ('《精神の制御》', 'Mind Control')
    """

    en: str
    ja: str

    def in_(self, lang: str) -> str:
        return self.ja if lang == "ja" else self.en

    def __str__(self) -> str:
        return self.en


def shown(name: str) -> str:
    """A name as an explanation shows it: cut to :data:`SHOWN_CHARS` characters. A board repeats a name in
    every line about its object, so a page of 200 long names would run to megabytes; the full name stays in
    the board itself.

    >>> shown("Fog"), len(shown("x" * 200))
    ('Fog', 60)
    """
    return name if len(name) <= SHOWN_CHARS else name[: SHOWN_CHARS - 1] + "…"


def card_name(name: str, name_ja: str | None, *, quoted: bool = True) -> Text:
    """A card's name in both languages, as shown: the official Japanese name in 《》 (the English name if it
    has none), a long name cut short (:func:`shown`).

    >>> card_name("Fog", "濃霧").in_("ja"), card_name("Tazeem", None).in_("ja")
    ('《濃霧》', '《Tazeem》')
    """
    ja = shown(name_ja or name)
    return Text(en=shown(name), ja=f"《{ja}》" if quoted else ja)


@dataclass(frozen=True)
class Message:
    """A code with its parameters: one step of an explanation or one problem with the input.

    ``params`` is a tuple of (name, value) pairs so the message stays hashable
    and immutable; build it with :func:`msg` for keyword convenience.
    """

    code: str
    rule: str = ""
    params: tuple[tuple[str, ParamValue], ...] = ()
    field: str = ""  # the input a problem is about, for programs ("mana_cost", "players[1].name")

    @property
    def kwargs(self) -> dict[str, ParamValue]:
        return dict(self.params)

    def text(self, lang: str = "en") -> str:
        return render(self, lang)

    def __str__(self) -> str:
        return render(self, "en")

    def to_answer(self, lang: str = "en") -> dict[str, Any]:
        data: dict[str, Any] = {"code": self.code, "rule": self.rule, "text": render(self, lang)}
        if self.field:
            data["field"] = self.field
        return data


def msg(code: str, *, rule: str = "", field: str = "", **params: ParamValue) -> Message:
    """Keyword-friendly constructor.

    >>> msg("tax.start", rule="601.2f", cost="{1}").kwargs
    {'cost': '{1}'}
    """
    return Message(code=code, rule=rule, params=tuple(params.items()), field=field)


def render(message: Message, lang: str) -> str:
    """The message in ``lang`` ("ja" or "en"; anything else reads English)."""
    entry = CATALOG.get(message.code)
    if entry is None:
        raise KeyError(f"unknown message code {message.code!r}")
    # The catalog's rule numbers are CITED_RELEASE's, given in the numbers the caller cites (engine.citing).
    template = current_in(entry.get(lang) or entry["en"])
    values = {name: _value(value, lang) for name, value in message.params}
    return template.format_map(_Params(values))


def _value(value: ParamValue, lang: str) -> str | int:
    if isinstance(value, Message):
        return render(value, lang)
    if isinstance(value, Text):
        return value.in_(lang)
    return value


class _Params(dict[str, Any]):
    def __missing__(self, key: str) -> str:  # a missing parameter shows as its name, never a crash
        return "{" + key + "}"


def template_fields(template: str) -> set[str]:
    """The parameter names a template uses.

    >>> sorted(template_fields("{player} loses {amount} life"))
    ['amount', 'player']
    """
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in Formatter().parse(template) if name}


def check_catalog(catalog: Mapping[str, Mapping[str, str]]) -> list[str]:
    """Problems with a catalog: a language missing, or languages that disagree on the parameters."""
    problems = []
    for code, entry in sorted(catalog.items()):
        missing = [lang for lang in LANGUAGES if not entry.get(lang)]
        if missing:
            problems.append(f"{code}: no text in {', '.join(missing)}")
            continue
        fields = {lang: template_fields(entry[lang]) for lang in LANGUAGES}
        if fields["en"] != fields["ja"]:
            problems.append(f"{code}: en uses {sorted(fields['en'])}, ja uses {sorted(fields['ja'])}")
    return problems


__all__ = [
    "LANGUAGES",
    "SHOWN_CHARS",
    "Message",
    "Text",
    "card_name",
    "check_catalog",
    "msg",
    "render",
    "shown",
    "template_fields",
]
