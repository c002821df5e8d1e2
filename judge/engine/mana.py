"""Mana symbols and mana costs (rules 107.4, 202.1, 903.4).

>>> cost = parse_mana_cost("{3}{G}{G}")
>>> cost.generic, [s.text for s in cost.colored_part]
(3, ['{G}', '{G}'])
>>> format_mana_cost(generic=7, symbols=cost.colored_part)
'{7}{G}{G}'
>>> sorted(parse_symbol("{R/G}").colors)
['G', 'R']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from judge.engine.errors import InvalidInputError

#: The five colours in WUBRG order (rule 105.1); identities are always reported in this order.
COLORS: tuple[str, ...] = ("W", "U", "B", "R", "G")
COLOR_NAMES: dict[str, str] = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}

SYMBOL_RE = re.compile(r"\{([^{}]{1,12})\}")
# Symbols that appear in braces but are not mana (tap, untap, energy, planar die, ...).
NON_MANA = frozenset({"T", "Q", "E", "PW", "CHAOS", "A", "TK"})
MAX_GENERIC = 1_000_000


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
    variable: bool = False   # {X}, {Y}, {Z}
    hybrid: bool = False
    phyrexian: bool = False
    colorless: bool = False  # {C}
    snow: bool = False       # {S}

    @property
    def is_generic(self) -> bool:
        """True for numeric and variable symbols: the part a generic reduction can lower."""
        return not (self.colors or self.colorless or self.snow) and not self.hybrid


def parse_symbol(text: str) -> ManaSymbol:
    """Parse one braced symbol such as ``{G}``, ``{2/W}``, ``{G/P}``, ``{X}``.

    Raises :class:`InvalidInputError` for text that is not a mana symbol.

    >>> parse_symbol("{2/W}").generic, sorted(parse_symbol("{2/W}").colors)
    (2, ['W'])
    """
    match = SYMBOL_RE.fullmatch(text.strip())
    if match is None:
        raise InvalidInputError([f"{text!r} is not a mana symbol like {{G}} or {{2/W}}"])
    body = match.group(1).upper()
    if body.isdecimal():  # not isdigit(): "²" is a digit that int() rejects
        amount = int(body)
        if amount > MAX_GENERIC:
            raise InvalidInputError([f"{text!r}: generic amount is too large"])
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
    if len(parts) in (2, 3) and all(parts):
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
            elif part.isdecimal() and int(part) <= 20:
                generic = int(part)
            else:
                raise InvalidInputError([f"{text!r} is not a mana symbol"])
        if not colors and not colorless:
            raise InvalidInputError([f"{text!r} is not a mana symbol"])
        hybrid = len(parts) - int(phyrexian) > 1
        return ManaSymbol(
            text="{" + "/".join(parts) + "}",
            colors=frozenset(colors),
            generic=generic,
            hybrid=hybrid,
            phyrexian=phyrexian,
            colorless=colorless,
        )
    raise InvalidInputError([f"{text!r} is not a mana symbol"])


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


def parse_mana_cost(text: str) -> ManaCost:
    """Parse a printed mana cost like ``{3}{G}{G}`` (an empty string is no cost).

    >>> parse_mana_cost("{2}{W/U}{W/U}").mana_value
    4
    >>> parse_mana_cost("3GG")
    Traceback (most recent call last):
    ...
    judge.engine.errors.InvalidInputError: mana_cost: '3GG' is not a mana cost; write symbols in braces, e.g. {3}{G}{G}
    """
    stripped = text.strip()
    if len(stripped) > 200:
        raise InvalidInputError(["mana_cost: longer than 200 characters"])
    if SYMBOL_RE.sub("", stripped) != "":
        raise InvalidInputError(
            [f"mana_cost: {text!r} is not a mana cost; write symbols in braces, e.g. {{3}}{{G}}{{G}}"]
        )
    problems: list[str] = []
    symbols: list[ManaSymbol] = []
    for match in SYMBOL_RE.finditer(stripped):
        try:
            symbol = parse_symbol(match.group(0))
        except InvalidInputError as err:
            problems.extend(f"mana_cost: {p}" for p in err.problems)
            continue
        if match.group(1).upper() in NON_MANA:
            problems.append(f"mana_cost: {match.group(0)} is not a mana symbol")
            continue
        symbols.append(symbol)
    if problems:
        raise InvalidInputError(problems)
    return ManaCost(symbols=tuple(symbols))


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
