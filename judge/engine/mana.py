"""Mana symbols and mana costs (rules 107.4, 202.1, 903.4), read the way players type them.

:func:`parse_mana_cost` is the one forgiving reader every calculator uses:
braces are optional ("3GG" is {3}{G}{G}), full-width input from a Japanese
keyboard is read as ASCII ("３ＧＧ"), hybrid and Phyrexian symbols can be
typed with a slash ("2WU/B", "2/W", "G/P"), and the Japanese colour words and
the colorless diamond of Japanese cards are understood (白 青 黒 赤 緑, ◇).
Every cost comes back in the printed form, "{3}{G}{G}".

>>> cost = parse_mana_cost("{3}{G}{G}")
>>> cost.generic, [s.text for s in cost.colored_part]
(3, ['{G}', '{G}'])
>>> [parse_mana_cost(typed).text for typed in ("3GG", "３ＧＧ", "2WU/B", "{2/W}", "XR", "1G/P", "2緑緑")]
['{3}{G}{G}', '{3}{G}{G}', '{2}{W}{U/B}', '{2/W}', '{X}{R}', '{1}{G/P}', '{2}{G}{G}']
>>> format_mana_cost(generic=7, symbols=cost.colored_part)
'{7}{G}{G}'
>>> sorted(parse_symbol("{R/G}").colors)
['G', 'R']
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Container
from dataclasses import dataclass

from judge.engine.errors import InvalidInputError
from judge.engine.messages import Message, msg

#: The five colours in WUBRG order (rule 105.1); identities are always reported in this order.
COLORS: tuple[str, ...] = ("W", "U", "B", "R", "G")
COLOR_NAMES: dict[str, str] = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}

SYMBOL_RE = re.compile(r"\{([^{}]{1,12})\}")
# Symbols that appear in braces but are not mana (tap, untap, energy, planar die, ...).
NON_MANA = frozenset({"T", "Q", "E", "PW", "CHAOS", "A", "TK"})
MAX_GENERIC = 1_000_000
MAX_COST_TEXT = 200
#: The largest number of a hybrid symbol's generic half ({2/W}; none printed is above {2}).
MAX_HYBRID_GENERIC = 20
#: What may separate the symbols of a typed cost ("3 G G", "3、緑・緑").
TYPED_SEPARATORS = " ,、・"
#: Japanese colour words (白 = white ...) and the colorless diamond Japanese cards print for {C}.
_JAPANESE_SYMBOLS = str.maketrans({"白": "W", "青": "U", "黒": "B", "赤": "R", "緑": "G", "◇": "C"})
# One typed symbol outside braces: a number, or a letter, each optionally followed by "/part"s
# ("2/W", "U/B", "G/P", "B/G/P").
_TYPED_RE = re.compile(r"[0-9]+(?:/[A-Z])?|[A-Z](?:/[A-Z0-9])*")


def mana_cost_label() -> Message:
    return msg("mana.label.mana-cost")


def color_list(colors: Container[str], *, style: str = "list") -> Message:
    """Colours in WUBRG order as a message: "R, G" in English, "赤・緑" in Japanese; "colorless" when none.

    ``style`` "words" separates the letters by spaces ("W U B"), "letters" writes them together ("RG",
    "赤緑").

    >>> color_list({"G", "R"}).text("en"), color_list("GR").text("ja"), color_list("WUB",
    ...     style="words").text("en")
    ('R, G', '赤・緑', 'W U B')
    >>> color_list("RG", style="letters").text("en"), color_list(()).text("ja")
    ('RG', '無色')
    """
    letters = [c for c in COLORS if c in colors]
    if not letters:
        return msg("mana.colorless")
    message = msg(f"mana.color.{letters[-1]}")
    for letter in reversed(letters[:-1]):
        message = msg(f"mana.color-{style}", first=msg(f"mana.color.{letter}"), rest=message)
    return message


@dataclass(frozen=True)
class ManaSymbol:
    """One mana symbol (rule 107.4).

    ``generic`` is the amount of a numeric symbol ({3} -> 3); hybrid symbols
    have several colours or a generic half ({2/W}); Phyrexian symbols can be
    paid with 2 life but still have their colour (107.4f, 903.4).
    """

    text: str
    colors: frozenset[str] = frozenset()
    generic: int = 0
    variable: bool = False  # {X}, {Y}, {Z}
    hybrid: bool = False
    phyrexian: bool = False
    colorless: bool = False  # {C}
    snow: bool = False  # {S}

    @property
    def is_generic(self) -> bool:
        """True for numeric and variable symbols: the part a generic reduction can lower."""
        return not (self.colors or self.colorless or self.snow) and not self.hybrid


def parse_symbol(text: str, *, field: str = "mana_cost", label: Message | None = None) -> ManaSymbol:
    """Parse one braced symbol such as ``{G}``, ``{2/W}``, ``{G/P}``, ``{X}``.

    Raises :class:`InvalidInputError` (code ``mana.not-a-symbol``) for text that is not a mana symbol.

    >>> parse_symbol("{2/W}").generic, sorted(parse_symbol("{2/W}").colors)
    (2, ['W'])
    >>> parse_symbol("{T}")
    Traceback (most recent call last):
    ...
    judge.engine.errors.InvalidInputError: Mana cost: {T} is not a mana symbol.
    """
    label = label or mana_cost_label()
    match = SYMBOL_RE.fullmatch(text.strip())
    if match is None or not match.group(1).isascii():
        raise InvalidInputError(
            [msg("mana.not-a-symbol", rule="107.4", field=field, label=label, symbol=text.strip())]
        )
    body = match.group(1).upper()
    if body.isdigit():
        amount = int(body)
        if amount > MAX_GENERIC:
            raise InvalidInputError(
                [
                    msg(
                        "mana.too-large",
                        rule="107.4",
                        field=field,
                        label=label,
                        symbol=text.strip(),
                        high=MAX_GENERIC,
                    )
                ]
            )
        return ManaSymbol(text=f"{{{amount}}}", generic=amount)
    if body in ("X", "Y", "Z"):
        return ManaSymbol(text=f"{{{body}}}", variable=True)
    if body == "C":
        return ManaSymbol(text="{C}", colorless=True)
    if body == "S":
        return ManaSymbol(text="{S}", snow=True)
    if body in COLORS:
        return ManaSymbol(text=f"{{{body}}}", colors=frozenset({body}))
    if body.startswith("H") and body[1:] in COLORS:  # half mana, {HW} (107.4e)
        return ManaSymbol(text=f"{{{body}}}", colors=frozenset({body[1:]}))
    parts = body.split("/")
    problem = msg("mana.not-a-symbol", rule="107.4", field=field, label=label, symbol=text.strip())
    if len(parts) in (2, 3) and all(parts):
        return _split_symbol(parts, problem)
    raise InvalidInputError([problem])


def _split_symbol(parts: list[str], problem: Message) -> ManaSymbol:
    """A hybrid or Phyrexian symbol's parts ({2/W}, {G/U/P}, {C/W}): at least one colour or {C} (107.4)."""
    colors: set[str] = set()
    generic = 0
    phyrexian = False
    colorless = False
    for part in parts:
        if part in COLORS:
            colors.add(part)
        elif part == "P":
            phyrexian = True
        elif part == "C":
            colorless = True
        elif part.isdigit() and int(part) <= MAX_HYBRID_GENERIC:
            generic = int(part)
        else:
            raise InvalidInputError([problem])
    if not colors and not colorless:
        raise InvalidInputError([problem])
    hybrid = len(parts) - int(phyrexian) > 1
    return ManaSymbol(
        text="{" + "/".join(parts) + "}",
        colors=frozenset(colors),
        generic=generic,
        hybrid=hybrid,
        phyrexian=phyrexian,
        colorless=colorless,
    )


def find_symbols(text: str) -> tuple[ManaSymbol, ...]:
    """Every mana symbol in a piece of rules text, skipping non-mana symbols ({T}, {E}, ...).

    Unknown braced text is skipped rather than rejected: rules text contains
    symbols this engine need not understand (for colour identity only coloured
    mana symbols matter, 903.4).

    >>> [s.text for s in find_symbols("{T}: Add {G} or {U}.")]
    ['{G}', '{U}']
    """
    found: list[ManaSymbol] = []
    for match in SYMBOL_RE.finditer(text):
        if match.group(1).upper() in NON_MANA:
            continue
        try:
            found.append(parse_symbol(match.group(0)))
        except InvalidInputError:
            continue
    return tuple(found)


@dataclass(frozen=True)
class ManaCost:
    """A parsed mana cost: its symbols in printed order."""

    symbols: tuple[ManaSymbol, ...]

    @property
    def generic(self) -> int:
        """The total of the numeric symbols ({3}{G}{G} -> 3)."""
        return sum(s.generic for s in self.symbols if s.is_generic)

    @property
    def colored_part(self) -> tuple[ManaSymbol, ...]:
        """Every symbol that is not plain generic mana ({X} stays here too)."""
        return tuple(s for s in self.symbols if not s.is_generic or s.variable)

    @property
    def mana_value(self) -> int:
        """Mana value (202.3): X counts as 0, hybrid counts its largest part."""
        total = 0
        for s in self.symbols:
            if s.variable:
                continue
            if s.hybrid and s.generic:
                total += max(s.generic, 1)
            elif s.colors or s.colorless or s.snow:
                total += 1
            else:
                total += s.generic
        return total

    @property
    def text(self) -> str:
        return "".join(s.text for s in self.symbols)


def _typed_symbols(text: str) -> list[str] | None:
    """The braced symbols a typed cost stands for ("3GG" -> {3} {G} {G}), or None when it can't be read."""
    symbols: list[str] = []
    position = 0
    while position < len(text):
        char = text[position]
        if char in TYPED_SEPARATORS:
            position += 1
            continue
        if char in "{(":
            end = text.find("}" if char == "{" else ")", position)
            if end < 0:
                return None
            symbols.append("{" + text[position + 1 : end] + "}")
            position = end + 1
            continue
        match = _TYPED_RE.match(text, position)
        if match is None:
            return None
        symbols.append("{" + match.group(0) + "}")
        position = match.end()
    return symbols


def parse_mana_cost(text: str, *, field: str = "mana_cost", label: Message | None = None) -> ManaCost:
    """Read a mana cost as printed (``{3}{G}{G}``) or as typed (``3GG``); an empty string is no cost.

    Every problem is listed, each naming the field by ``label`` (default "Mana cost").

    >>> parse_mana_cost("{2}{W/U}{W/U}").mana_value
    4
    >>> parse_mana_cost("2/W 2/W").text
    '{2/W}{2/W}'
    >>> parse_mana_cost("3QQ")
    Traceback (most recent call last):
    ...
    judge.engine.errors.InvalidInputError: Mana cost: {Q} is not a mana symbol.
    """
    label = label or mana_cost_label()
    stripped = text.strip()
    if len(stripped) > MAX_COST_TEXT:
        raise InvalidInputError(
            [msg("mana.too-long", rule="107.4", field=field, label=label, high=MAX_COST_TEXT)]
        )
    typed = unicodedata.normalize("NFKC", stripped).translate(_JAPANESE_SYMBOLS).upper()
    symbols = _typed_symbols(typed)
    if symbols is None:
        raise InvalidInputError(
            [msg("mana.unreadable", rule="107.4", field=field, label=label, text=stripped)]
        )
    problems: list[str | Message] = []
    parsed: list[ManaSymbol] = []
    for symbol in symbols:
        if symbol[1:-1] in NON_MANA:
            problems.append(msg("mana.not-a-symbol", rule="107.4", field=field, label=label, symbol=symbol))
            continue
        try:
            parsed.append(parse_symbol(symbol, field=field, label=label))
        except InvalidInputError as err:
            problems.extend(err.messages)
    if problems:
        raise InvalidInputError(dict.fromkeys(problems))  # "3QQ": say it once
    return ManaCost(symbols=tuple(parsed))


def format_mana_cost(*, generic: int, symbols: tuple[ManaSymbol, ...]) -> str:
    """Write a cost as generic first, then the other symbols (the printed order, 107.4).

    {X} goes before the generic number as printed costs do ({X}{2}{R}).

    >>> format_mana_cost(generic=0, symbols=())
    '{0}'
    """
    variable = "".join(s.text for s in symbols if s.variable)
    rest = "".join(s.text for s in symbols if not s.variable)
    number = f"{{{generic}}}" if generic or not (variable or rest) else ""
    return variable + number + rest


_BRACED_RE = re.compile(r"\{([^{}]{1,12})\}")


def printed_symbols(text: str) -> str:
    """Rules text as typed off a card, its mana symbols in the engine's spelling: a symbol in braces may be
    written with the Japanese colour words (``{緑}``, ``{緑/白}``) or in lower case (``{g/w}``), and
    full-width braces are braces.

    >>> printed_symbols("{t}：｛緑｝か｛白｝を加える。{緑/白}")
    '{T}:{G}か{W}を加える。{G/W}'
    """
    normal = unicodedata.normalize("NFKC", text)
    return _BRACED_RE.sub(lambda m: "{" + m.group(1).translate(_JAPANESE_SYMBOLS).upper() + "}", normal)
