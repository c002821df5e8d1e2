"""What the calculator pages show of an engine result, typed for the templates."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from judge.engine import damage, deck, identity
from judge.web.citations import rule_ref_url
from judge.web.presenters import ShownStep, present_steps, reader_language


@dataclass(frozen=True)
class DamageTotal:
    player: str
    commander: str
    owner: str
    damage: int
    lost: bool


@dataclass(frozen=True)
class DamageLoss:
    player: str
    commander: str
    damage: int
    rule: str
    url: str | None


@dataclass(frozen=True)
class ShownDamage:
    brawl: bool
    totals: list[DamageTotal]
    lost: list[DamageLoss]
    steps: list[ShownStep]


def present_damage(result: damage.DamageResult, labels: Mapping[str, tuple[str, str]]) -> ShownDamage:
    """``labels``: commander id -> (name, owner), as the form read them."""
    lost = {(loss.player, loss.commander) for loss in result.lost}
    return ShownDamage(
        brawl=result.variant.value == "brawl",
        totals=[DamageTotal(player=t.player, commander=labels[t.commander][0], owner=labels[t.commander][1],
                            damage=t.damage, lost=(t.player, t.commander) in lost) for t in result.totals],
        lost=[DamageLoss(player=loss.player, commander=labels[loss.commander][0], damage=loss.damage,
                         rule=loss.rule, url=rule_ref_url(loss.rule)) for loss in result.lost],
        steps=present_steps(result.steps),
    )


@dataclass(frozen=True)
class ShownIdentity:
    name: str
    identity: tuple[str, ...]
    steps: list[ShownStep]


def present_identity(result: identity.IdentityResult) -> ShownIdentity:
    return ShownIdentity(name=result.name, identity=result.identity, steps=present_steps(result.explanation))


@dataclass(frozen=True)
class DeckProblem:
    card: str
    rule: str
    message: str
    url: str | None


@dataclass(frozen=True)
class ShownDeck:
    legal: bool
    identity: tuple[str, ...]
    problems: list[DeckProblem]
    notes: list[ShownStep]


def present_deck(result: deck.DeckCheck) -> ShownDeck:
    lang = reader_language()
    return ShownDeck(
        legal=result.legal,
        identity=result.identity,
        problems=[DeckProblem(card=p.card, rule=p.rule, message=p.text(lang), url=rule_ref_url(p.rule))
                  for p in result.problems],
        notes=present_steps(result.notes),
    )
