"""Comprehensive Rules files in the official layout, written by the tests with invented rules (no rules text
of the real releases)."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from pathlib import Path

# Invented rules of an imaginary edition: (number, text); a number without a dot is a chapter or section.
BASE: tuple[tuple[str, str], ...] = (
    ("1", "Basics"),
    ("100", "General"),
    ("100.1", "These invented rules cover imaginary games between friends."),
    ("101", "Setting Up"),
    ("101.1", "Shuffle every deck before anyone draws a card."),
    ("101.2", "Decide who goes first by any fair random method the table likes."),
    ("101.3", "Each seat starts with a life total."),
    ("101.3a", "In an ordinary duel, each seat starts the game with twenty life."),
    ("101.3b", "In a Commander game, each seat starts the game with forty life."),
    ("101.4", "A seat that dislikes its hand may shuffle it away and draw a new one."),
    ("102", "Finishing"),
    ("102.1", "A game ends when only one seat or team is left standing. See rule 101.3."),
    ("102.2", "The feather duster rule lets a seat dust the table once per game."),
)


def cr_text(
    version: str,
    rules: Sequence[tuple[str, str]] = BASE,
    glossary: Sequence[tuple[str, str]] = (
        ("Life Total", "The number every seat starts with. See rule 101.3."),
    ),
) -> str:
    """The text of "MagicCompRules <version>.txt" holding ``rules``."""
    date = datetime.date(int(version[:4]), int(version[4:6]), int(version[6:]))
    headings = [f"{number}. {text}" for number, text in rules if "." not in number]
    body = [
        f"{number}. {text}" if "." not in number or number[-1].isdigit() else f"{number} {text}"
        for number, text in rules
    ]
    terms = [line for term, definition in glossary for line in (term, definition, "")]
    lines = [
        "Magic: The Gathering Comprehensive Rules",
        "",
        f"These rules are effective as of {date:%B} {date.day}, {date.year}.",
        "",
        "Introduction",
        "",
        "An imaginary edition written for the tests.",
        "",
        "Contents",
        "",
        *headings,
        "Glossary",
        "Credits",
        "",
        *[line for entry in body for line in (entry, "")],
        "Glossary",
        "",
        *terms,
        "Credits",
        "",
        "Invented for the test suite.",
        "",
    ]
    return "\n".join(lines)


def write_release(corpus_dir: Path, version: str, rules: Sequence[tuple[str, str]] = BASE) -> Path:
    path = corpus_dir / "en" / f"MagicCompRules {version}.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(cr_text(version, rules), encoding="utf-8")
    return path


def edited(
    rules: Sequence[tuple[str, str]], changes: Mapping[str, str | None]
) -> tuple[tuple[str, str], ...]:
    """``rules`` with some texts replaced (None: the rule removed)."""
    return tuple((n, changes.get(n, t)) for n, t in rules if changes.get(n, t) is not None)
