"""A card's page and its JSON: names, text, colour identity explained, legality, rulings, the rules it
touches.

Everything a reader sees is in the reader's language except what the sources
publish only in English (Oracle text, rulings), which is labelled as English;
the Japanese printed text is labelled as printed text that may predate today's
Oracle wording.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from judge.cards import selectors
from judge.cards.brackets import bracket_sources
from judge.cards.models import Card as CardRow
from judge.engine.cards import Card
from judge.engine.cards_payload import card_from_scryfall
from judge.engine.deck import partner_abilities
from judge.engine.identity import color_identity
from judge.web.citations import current_rule, rule_ref_url
from judge.web.presenters import ShownStep, present_steps, reader_language

#: The formats a card page lists, in this order: the site's own first (Commander, CR 903.12's Brawl).
FORMATS = (
    ("commander", gettext_lazy("Commander")),
    ("standardbrawl", gettext_lazy("Brawl (60 cards, CR 903.12)")),
    ("brawl", gettext_lazy("Brawl (100 cards, played online)")),
    ("standard", gettext_lazy("Standard")),
    ("pioneer", gettext_lazy("Pioneer")),
    ("modern", gettext_lazy("Modern")),
    ("legacy", gettext_lazy("Legacy")),
    ("vintage", gettext_lazy("Vintage")),
    ("pauper", gettext_lazy("Pauper")),
    ("oathbreaker", gettext_lazy("Oathbreaker")),
)
STATUSES = {
    "legal": gettext_lazy("Legal"),
    "not_legal": gettext_lazy("Not legal"),
    "banned": gettext_lazy("Banned"),
    "restricted": gettext_lazy("Restricted"),
}
RULING_SOURCES = {"wotc": "Wizards of the Coast", "scryfall": "Scryfall"}
_COMPANION_RE = re.compile(r"^companion\s*[\u2014-]", re.IGNORECASE | re.MULTILINE)


@dataclass(frozen=True)
class ShownFace:
    name: str
    mana_cost: str
    type_line: str
    oracle_text: str


@dataclass(frozen=True)
class ShownRule:
    rule: str
    label: str
    url: str | None


@dataclass(frozen=True)
class CardPage:
    name: str
    name_ja: str
    slug: str
    url: str
    faces: list[ShownFace]
    japanese_text: str
    identity: tuple[str, ...]
    identity_steps: list[ShownStep]
    legalities: list[tuple[str, str, str]]  # (format key, format label, status label)
    legality_source: str
    rulings: list[tuple[str, str, str]]  # (date, source, text)
    keywords: list[tuple[str, ShownRule | None]]
    commander_rules: list[ShownRule] = field(default_factory=list)
    statuses: dict[str, str] = field(default_factory=dict)  # format key -> status as the data spells it
    # Other English names its printings carry (201.3): (name, set code, collector number).
    other_names: list[tuple[str, str, str]] = field(default_factory=list)
    # On the Game Changers list (Commander Brackets), as the card data marks it, and that data's source.
    game_changer: bool = False
    game_changer_source: str = ""

    def to_payload(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "name_ja": self.name_ja,
            "url": self.url,
            "faces": [face.__dict__ for face in self.faces],
            "japanese_text": self.japanese_text,
            "identity": list(self.identity),
            "identity_explanation": [{"rule": s.shown_rule, "text": s.text} for s in self.identity_steps],
            "legalities": dict(self.statuses),
            "legality_source": self.legality_source,
            "rulings": [{"date": d, "source": s, "text": t} for d, s, t in self.rulings],
            "keywords": [{"name": k, "rule": r.rule if r else None} for k, r in self.keywords],
            "commander_rules": [{"rule": r.rule, "text": r.label} for r in self.commander_rules],
            "other_names": [{"name": n, "set": s, "collector_number": c} for n, s, c in self.other_names],
            "game_changer": self.game_changer,
        }


def _rule(rule: str, label: str) -> ShownRule:
    return ShownRule(rule=current_rule(rule), label=label, url=rule_ref_url(rule))


def commander_rules(card: Card) -> list[ShownRule]:
    """The commander rules the card touches: partner and its variants (702.124), companion (702.139),
    "can be your commander" (903.3a), a Background (702.124k)."""
    found: list[ShownRule] = []
    partner = partner_abilities(card)
    if partner.partner:
        found.append(_rule("702.124", _("Partner: two commanders")))
    if partner.partner_texts:
        found.append(_rule("702.124i", _("Partner with a named quality (such as Friends forever)")))
    if partner.partner_with:
        found.append(_rule("702.124j", _("Partner with a named card")))
    if partner.choose_background:
        found.append(_rule("702.124k", _("Choose a Background")))
    if partner.doctors_companion:
        found.append(_rule("702.124m", _("Doctor's companion")))
    front = card.front
    if front.has_type("Legendary") and front.has_type("Enchantment") and "Background" in front.subtypes:
        found.append(
            _rule("702.124k", _("A Background: a second commander beside a “Choose a Background” one"))
        )
    if _COMPANION_RE.search(card.rules_text):
        found.append(_rule("702.139", _("Companion")))
    if re.search(r"can be your commander", card.rules_text, re.IGNORECASE):
        found.append(_rule("903.3a", _("This card can be your commander")))
    return found


def present_card(row: CardRow) -> CardPage:
    lang = reader_language()
    card = card_from_scryfall(row.data)
    identity = color_identity(card=card)
    statuses = dict(card.legalities)
    legality = selectors.legality_data()
    keywords = row.data.get("keywords") or []
    rules = selectors.keyword_rules(keywords)
    page_url = reverse("cards:detail", args=[row.slug]) if row.slug else ""
    return CardPage(
        name=card.name,
        name_ja=card.japanese_names[0] if card.japanese_names else "",
        slug=row.slug,
        url=page_url,
        faces=[
            ShownFace(name=f.name, mana_cost=f.mana_cost, type_line=f.type_line, oracle_text=f.oracle_text)
            for f in card.faces
        ],
        japanese_text=str(row.data.get("japanese_text") or ""),
        identity=identity.identity,
        identity_steps=present_steps(identity.explanation, lang),
        legalities=[
            (key, str(label), str(STATUSES[statuses[key]])) for key, label in FORMATS if key in statuses
        ],
        legality_source=legality.source.label if legality is not None else "",
        rulings=[
            (r.published_at.isoformat(), RULING_SOURCES.get(r.source, r.source), r.comment)
            for r in selectors.rulings_of(row)
        ],
        keywords=[(k, _rule(rules[k], k) if k in rules else None) for k in keywords],
        commander_rules=commander_rules(card),
        statuses=statuses,
        other_names=[(o.name, o.set_code, o.collector_number) for o in selectors.other_names_of(row)],
        game_changer=card.game_changer is True,
        game_changer_source=bracket_sources(found=True).game_changers if card.game_changer else "",
    )
