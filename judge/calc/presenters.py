"""What the calculator pages show of an engine result, typed for the templates."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.urls import reverse

from judge.calc.bracket_presenters import ShownBracket, present_bracket
from judge.calc.forms import DamageTable
from judge.cards import selectors as card_selectors
from judge.engine import damage, deck, identity
from judge.engine.cards import Card
from judge.engine.cards_payload import card_label
from judge.web.citations import current_rule, rule_ref_url
from judge.web.presenters import ShownStep, present_steps, reader_language


@dataclass(frozen=True)
class DamageColumn:
    """A commander, as the table heads its column: its name ("" when none was typed) and its owner."""

    name: str
    owner: str


@dataclass(frozen=True)
class DamageCell:
    key: str  # the field that holds it, "d1a_2"
    commander: str
    player: str
    damage: int
    lost: bool  # this commander's damage made this player lose
    own: bool  # the player's own commander (its damage counts only while another player controls it)


@dataclass(frozen=True)
class DamageRow:
    player: str
    team: int | None
    cells: list[DamageCell]


@dataclass(frozen=True)
class DamageLoss:
    player: str
    commander: str
    damage: int
    rule: str
    url: str | None


@dataclass(frozen=True)
class ShownTeamLoss:
    team: int
    players: str
    rule: str
    url: str | None


@dataclass(frozen=True)
class ShownDamage:
    columns: list[DamageColumn]
    rows: list[DamageRow]
    brawl: bool
    computed: bool  # False while the table has problems: no verdict yet
    lost: list[DamageLoss]
    lost_teams: list[ShownTeamLoss]
    steps: list[ShownStep]


def present_damage(table: DamageTable, result: damage.DamageResult | None) -> ShownDamage:
    """The table as typed (so a problem never hides it), with the losses of ``result`` marked."""
    names = {cid: name for cid, name, _owner in table.commanders()}
    lost = {(loss.player, loss.commander) for loss in result.lost} if result else set()
    rows = []
    for index, seat in enumerate(table.seats):
        cells = [
            DamageCell(
                key=f"d{cid}_{seat.number}",
                commander=name,
                player=seat.player,
                damage=table.counts.get(f"d{cid}_{seat.number}", 0),
                lost=(seat.player, cid) in lost,
                own=owner is seat,
            )
            for cid, name, owner in table.commanders()
        ]
        rows.append(
            DamageRow(
                player=seat.player, team=index // 2 + 1 if table.two_headed_giant else None, cells=cells
            )
        )
    return ShownDamage(
        columns=[
            DamageColumn(name=name if cid.endswith("b") or owner.commander else "", owner=owner.player)
            for cid, name, owner in table.commanders()
        ],
        rows=rows,
        brawl=table.variant == "brawl",
        computed=result is not None,
        lost=[
            DamageLoss(
                player=loss.player,
                commander=names[loss.commander],
                damage=loss.damage,
                rule=current_rule(loss.rule),
                url=rule_ref_url(loss.rule),
            )
            for loss in (result.lost if result else ())
        ],
        lost_teams=[
            ShownTeamLoss(
                team=loss.team,
                players=" / ".join(loss.players),
                rule=current_rule(loss.rule),
                url=rule_ref_url(loss.rule),
            )
            for loss in (result.lost_teams if result else ())
        ],
        steps=present_steps(result.steps) if result else [],
    )


@dataclass(frozen=True)
class ShownIdentity:
    name: str  # in the reader's language: 《繁殖池》 on a Japanese page when the card data has it
    identity: tuple[str, ...]
    steps: list[ShownStep]
    other_name: str = ""  # the name in the other language, when known
    name_lang: str = "en"  # the language of ``name``, for the page's lang attributes

    @property
    def other_lang(self) -> str:
        return "ja" if self.name_lang == "en" else "en"


@dataclass(frozen=True)
class ShownCardProblem:
    """A card that has no identity to show, in its place among the others: why, in the reader's language."""

    label: str  # "Card 2" / "2枚目のカード" for pasted JSON, "" for a name looked up
    name: str
    problems: list[str]


def present_identity(result: identity.IdentityResult, card: Card | None = None) -> ShownIdentity:
    """``card``: the card looked up by name, whose Japanese name a Japanese reader sees first."""
    japanese = card.japanese_names[0] if card is not None and card.japanese_names else ""
    if japanese and reader_language() == "ja":
        return ShownIdentity(
            name=f"《{japanese}》",
            identity=result.identity,
            steps=present_steps(result.explanation),
            other_name=result.name,
            name_lang="ja",
        )
    return ShownIdentity(
        name=result.name,
        identity=result.identity,
        steps=present_steps(result.explanation),
        other_name=japanese,
    )


def present_unknown(name: str, problems: Sequence[deck.Problem]) -> ShownCardProblem:
    lang = reader_language()
    return ShownCardProblem(label="", name=name, problems=[p.text(lang) for p in problems])


def present_batch(batch: identity.IdentityBatch) -> list[ShownIdentity | ShownCardProblem]:
    """Every pasted card in the order given: its identity, or in its place the problems that kept it out."""
    lang = reader_language()
    bad = {card.number: card for card in batch.problems}
    results = iter(batch.results)
    shown: list[ShownIdentity | ShownCardProblem] = []
    for number in range(1, len(batch.results) + len(bad) + 1):
        if number in bad:
            shown.append(
                ShownCardProblem(
                    label=card_label(number).text(lang),
                    name=bad[number].name,
                    problems=[p.text(lang) for p in bad[number].problems],
                )
            )
        else:
            shown.append(present_identity(next(results)))
    return shown


@dataclass(frozen=True)
class DeckProblem:
    card: str
    rule: str
    text: str
    url: str | None
    card_url: str | None = None  # the card's page, when the card is known


@dataclass(frozen=True)
class ShownDeck:
    legal: bool
    identity: tuple[str, ...]
    problems: list[DeckProblem]
    notes: list[ShownStep]
    verdict: str = "not-legal"  # "legal", "not-legal" or "unchecked" (judge.engine.deck_types.DeckCheck)
    bracket: ShownBracket | None = None  # Commander decks: the Commander Brackets estimate


def present_deck(result: deck.DeckCheck) -> ShownDeck:
    lang = reader_language()
    slugs = card_selectors.card_url_names(p.card for p in result.problems)
    return ShownDeck(
        legal=result.legal,
        identity=result.identity,
        problems=[
            DeckProblem(
                card=p.card,
                rule=p.rule,
                text=p.text(lang),
                url=rule_ref_url(p.rule),
                card_url=reverse("cards:detail", args=[slugs[p.card]]) if p.card in slugs else None,
            )
            for p in result.problems
        ],
        notes=present_steps(result.notes),
        verdict=result.verdict,
        bracket=present_bracket(result.bracket) if result.bracket is not None else None,
    )
