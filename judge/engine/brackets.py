"""Commander Brackets: the lowest bracket a decklist permits by the published criteria, every reason a step.

The Commander Format Panel's brackets (1 Exhibition, 2 Core, 3 Upgraded, 4 Optimized, 5 cEDH) are read
from ``rules_data/commander_brackets.tsv`` (:mod:`judge.engine.brackets_data`), which cites each
announcement. A list is held against each criterion the data can decide:

- the Game Changers, each card by name, from the card data's mark (Scryfall's ``game_changer``);
- extra-turn cards, decided from the Oracle text ("takes an extra turn"), the words that decided shown;
  Exhibition allows none, Core and Upgraded "low quantities ... not chained"; a combo whose result is
  infinite turns (Commander Spellbook's features) chains them;
- mass land denial, from the Oracle text (destroying, sacrificing, exiling or returning all lands;
  keeping lands from untapping) and the combos' "mass land denial" features;
- two-card infinite combos from Commander Spellbook, early or late game as its ``manaValueNeeded`` says
  (4 or less: early, 5: arguably early, 6 or more: late, as its own estimator reads them); where it gives
  none, estimated from the cards' mana values, or unknown, never assumed early.

How each criterion is read (the Oracle texts, the combos' results and timing) is
:mod:`judge.engine.bracket_readings`, the one place; ``rules_data/bracket_card_overrides.tsv`` corrects the
few cards the text misreads, each with its reason.
What a list cannot show (intent, how fast the deck wins, the expectations of each bracket, bracket 5) is
said, never guessed: the answer is the lowest bracket the list permits, a start for the pre-game
conversation, never what bracket a deck "is".

>>> from judge.engine.cards import Card, Face
>>> sol = Card(name="Sol Ring", faces=(Face(name="Sol Ring", type_line="Artifact"),), game_changer=False)
>>> warp = Card(name="Time Warp", faces=(Face(name="Time Warp", type_line="Sorcery",
...     oracle_text="Target player takes an extra turn after this one."),), game_changer=False)
>>> sources = BracketSources(game_changers="Scryfall, 2026-11-20", oracle_text=True)
>>> estimate = estimate_bracket(cards=[sol, warp], sources=sources)
>>> estimate.minimum, [r.criterion for r in estimate.reasons]
(2, ['extra-turns'])
>>> estimate.reasons[0].step.render("en")
'Time Warp gives an extra turn (“takes an extra turn”): Exhibition (bracket 1) allows no extra-turn cards.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from judge.engine.bracket_readings import (
    ComboTiming,
    combo_timing,
    extra_turn_words,
    feature_kinds,
    land_denial_words,
    reading_of,
)
from judge.engine.brackets_data import BracketCriteria, CardOverride, default_criteria, default_overrides
from judge.engine.card_names import card_name, named
from judge.engine.cards import Card, normalise_name
from judge.engine.messages import Message, ParamValue, Text, msg
from judge.engine.steps import Step


@dataclass(frozen=True)
class ComboFacts:
    """One combo of Commander Spellbook all of whose cards are in the list."""

    spellbook_id: str
    cards: tuple[str, ...]
    features: tuple[str, ...]
    pieces: int
    mana_value_needed: int | None
    templates: tuple[str, ...] = ()


@dataclass(frozen=True)
class BracketSources:
    """What the estimate could read: each source's label ("Scryfall, 2026-11-20"), "" when missing."""

    game_changers: str = ""
    combos: str = ""
    oracle_text: bool = False  # cards were found in the card data


@dataclass(frozen=True)
class Reason:
    """One reason the list needs at least ``bracket``: a step citing its criterion, with its cards."""

    step: Step
    criterion: str  # game-changers | extra-turns | mass-land-denial | two-card-combos
    bracket: int
    cards: tuple[str, ...] = ()
    quoted: str = ""  # the card data's English words that decided it (Oracle text, a combo's results)
    reading: str = ""  # what those words do (bracket_readings.reading_of): brackets.reading.<reading>

    def to_answer(self, lang: str = "en") -> dict[str, Any]:
        return {
            "code": self.step.code,
            "criterion": self.criterion,
            "bracket": self.bracket,
            "cards": list(self.cards),
            "text": self.step.render(lang),
            "quoted": self.quoted,
        }


@dataclass(frozen=True)
class BracketEstimate:
    """The lowest bracket the list permits (None: nothing could be checked), why, what was and was not
    checked."""

    minimum: int | None
    reasons: tuple[Reason, ...]
    checked: tuple[Step, ...]
    unchecked: tuple[Step, ...]
    criteria: BracketCriteria = field(default_factory=default_criteria)

    def to_answer(self, lang: str = "en") -> dict[str, Any]:
        def step(s: Step) -> dict[str, Any]:
            return {"code": s.code, "criterion": s.rule, "text": s.render(lang)}

        latest = self.criteria.latest
        title, url = latest.cited(lang)
        return {
            "minimum": self.minimum,
            "summary": self.summary().text(lang),
            "reasons": [r.to_answer(lang) for r in self.reasons],
            "checked": [step(s) for s in self.checked],
            "unchecked": [step(s) for s in self.unchecked],
            "conversation": msg("brackets.conversation").text(lang),
            "criteria_source": {"date": latest.date, "title": title, "url": url},
        }

    def summary(self) -> Message:
        if self.minimum is None:
            return msg("brackets.summary-unchecked")
        return msg("brackets.summary", bracket=bracket_label(self.criteria, self.minimum))


def bracket_label(criteria: BracketCriteria, number: int) -> Message:
    level = criteria.level(number)
    return msg("brackets.label", number=number, name=Text(en=level.name, ja=level.name_ja))


def _quoted_words(words: str) -> Text:
    """The Oracle words that decided a card, in the English text; a Japanese text says they are quoted below
    (the page shows them as the card data's English, ``Reason.quoted``)."""
    return Text(
        en=f" (“{words}”)" if words else "",
        ja="（決め手になったオラクル・テキストの語句は下に引用）" if words else "",
    )


def _quoted_features(features: str) -> Text:
    """A combo's results (Commander Spellbook's English feature names) in the English text; in Japanese,
    a pointer to them, quoted below."""
    return Text(en=features, ja="結果は下に引用")


def _names(cards: Sequence[str], known: Mapping[str, Card], shown: dict[str, Message]) -> Message:
    """The combo's cards, each by its Japanese name in Japanese where the list's card data knows it;
    ``shown`` keeps each name's message for the next combos of the list (most share a few cards)."""

    def one(name: str) -> Message:
        message = shown.get(name)
        if message is None:
            card = known.get(normalise_name(name))
            message = shown[name] = named(card) if card is not None else card_name(name)
        return message

    listed = one(cards[-1])
    for name in reversed(cards[:-1]):
        listed = msg("deck.and-list", first=one(name), rest=listed)
    return listed


def _card_reason(
    card: Card,
    criterion: str,
    code: str,
    bracket: int,
    words: str,
    reason: Text | None,
    where: tuple[str, Message],
) -> Reason:
    """One card that a criterion restricts: the Oracle words that decided it, or the override's reason;
    ``where`` names the bracket the step points to (``below``: the last that allows none, ``first``: the
    first that allows it)."""
    decided: tuple[str, ParamValue] = (
        ("reason", reason) if reason is not None else ("words", _quoted_words(words))
    )
    step = Step(
        rule=criterion,
        code=f"brackets.{code}-override" if reason is not None else f"brackets.{code}",
        params=(("card", named(card)), decided, where),
    )
    return Reason(
        step=step,
        criterion=criterion,
        bracket=bracket,
        cards=(card.name,),
        quoted=words if reason is None else "",
        reading=reading_of(words) if reason is None else "",
    )


def estimate_bracket(
    *,
    cards: Sequence[Card],
    sources: BracketSources,
    combos: Sequence[ComboFacts] | None = None,
    unknown: int = 0,
    criteria: BracketCriteria | None = None,
    overrides: Mapping[tuple[str, str], CardOverride] | None = None,
) -> BracketEstimate:
    """The lowest bracket ``cards`` (the list's known cards, commanders included) permit.

    ``combos``: the Commander Spellbook combos all of whose cards are in the list (None: no combo data);
    ``unknown``: how many listed names the card data does not know (their cards are not checked).
    """
    criteria = criteria or default_criteria()
    overrides = default_overrides() if overrides is None else overrides
    reasons: list[Reason] = []
    checked: list[Step] = []
    unchecked: list[Step] = []
    seen: dict[str, Card] = {}
    for card in cards:
        seen.setdefault(normalise_name(card.name), card)
    deck = list(seen.values())

    if not sources.oracle_text or not deck:
        unchecked.append(Step.of("brackets.no-card-data", rule="card-data"))
        unchecked.extend(_cannot_show(criteria))
        return BracketEstimate(
            minimum=None, reasons=(), checked=(), unchecked=tuple(unchecked), criteria=criteria
        )

    # Game Changers: the lowest bracket allowing that many.
    if sources.game_changers:
        changers = [c for c in deck if c.game_changer]
        checked.append(
            Step.of("brackets.checked-game-changers", rule="game-changers", source=sources.game_changers)
        )
        if changers:
            needed = next(
                b.number
                for b in criteria.levels
                if b.game_changers is None or b.game_changers >= len(changers)
            )
            allowed = criteria.level(needed - 1) if needed > 1 else None
            reasons.append(
                Reason(
                    step=Step.of(
                        "brackets.game-changers",
                        rule="game-changers",
                        count=len(changers),
                        cards=_shown_list(changers),
                        below=bracket_label(criteria, needed - 1) if allowed else "",
                        allowed=allowed.game_changers or 0 if allowed else 0,
                        source=sources.game_changers,
                    ),
                    criterion="game-changers",
                    bracket=needed,
                    cards=tuple(c.name for c in changers),
                )
            )
    else:
        unchecked.append(Step.of("brackets.unchecked-game-changers", rule="game-changers"))

    # Extra turns and mass land denial, from the Oracle text.
    checked.append(Step.of("brackets.checked-oracle-text", rule="extra-turns", count=len(deck)))
    turns_level = next(b.number for b in criteria.levels if b.extra_turns != "none")
    land_level = next(b.number for b in criteria.levels if b.mass_land_denial)
    for key, card in seen.items():
        is_turn, words, reason = extra_turn_words(card, overrides, key=key)
        if is_turn:
            below = bracket_label(criteria, turns_level - 1)
            reasons.append(
                _card_reason(card, "extra-turns", "extra-turn", turns_level, words, reason, ("below", below))
            )
        is_mld, words, reason = land_denial_words(card, overrides, key=key)
        if is_mld:
            first = bracket_label(criteria, land_level)
            reasons.append(
                _card_reason(
                    card, "mass-land-denial", "mass-land-denial", land_level, words, reason, ("first", first)
                )
            )
    turn_cards = [r for r in reasons if r.criterion == "extra-turns"]
    if len(turn_cards) > 1:
        unchecked.append(Step.of("brackets.extra-turns-how-many", rule="extra-turns", count=len(turn_cards)))

    if combos is None:
        unchecked.append(Step.of("brackets.unchecked-combos", rule="two-card-combos"))
    else:
        combos_source = Text(
            en=sources.combos, ja=sources.combos.replace("Commander Spellbook", "コマンダー・スペルブック")
        )
        checked.append(Step.of("brackets.checked-combos", rule="two-card-combos", source=combos_source))
        reasons.extend(_combo_reasons(criteria, combos, seen))
    if unknown:
        unchecked.append(Step.of("brackets.unknown-cards", rule="card-data", count=unknown))
    unchecked.extend(_cannot_show(criteria))
    minimum = max([1, *(r.bracket for r in reasons)])
    reasons.sort(key=lambda r: -r.bracket)
    return BracketEstimate(
        minimum=minimum,
        reasons=tuple(reasons),
        checked=tuple(checked),
        unchecked=tuple(unchecked),
        criteria=criteria,
    )


def _shown_list(cards: Sequence[Card]) -> Message:
    listed: Message = named(cards[-1])
    for card in reversed(cards[:-1]):
        listed = msg("deck.and-list", first=named(card), rest=listed)
    return listed


def _combo_reasons(
    criteria: BracketCriteria, combos: Sequence[ComboFacts], known: Mapping[str, Card]
) -> list[Reason]:
    late_level = next(b.number for b in criteria.levels if b.two_card_combos != "none")
    any_level = next(b.number for b in criteria.levels if b.two_card_combos == "any")
    chained_level = next(b.number for b in criteria.levels if b.extra_turns == "any")
    land_level = next(b.number for b in criteria.levels if b.mass_land_denial)
    labels = {b.number: bracket_label(criteria, b.number) for b in criteria.levels}
    shown: dict[str, Message] = {}
    reasons: list[Reason] = []
    for combo in combos:
        listed = ", ".join(combo.features[:4])
        features = _quoted_features(listed)
        cards = _names(combo.cards, known, shown)
        chained, land_denial, infinite = feature_kinds(combo.features)
        if chained:
            reasons.append(
                Reason(
                    step=Step.of(
                        "brackets.combo-chained-turns",
                        rule="extra-turns",
                        cards=cards,
                        features=features,
                        first=labels[chained_level],
                    ),
                    criterion="extra-turns",
                    bracket=chained_level,
                    cards=combo.cards,
                    quoted=listed,
                    reading="combo-turns",
                )
            )
        if land_denial:
            reasons.append(
                Reason(
                    step=Step.of(
                        "brackets.combo-land-denial",
                        rule="mass-land-denial",
                        cards=cards,
                        features=features,
                        first=labels[land_level],
                    ),
                    criterion="mass-land-denial",
                    bracket=land_level,
                    cards=combo.cards,
                    quoted=listed,
                    reading="combo-land-denial",
                )
            )
        if combo.pieces > 2 or not infinite:
            continue
        timing = combo_timing(combo.mana_value_needed, combo.cards, known)
        code, level = _timing_step(timing, any_level, late_level)
        mana = timing.mana
        reasons.append(
            Reason(
                step=Step.of(
                    code,
                    rule="two-card-combos",
                    cards=cards,
                    features=features,
                    mana=mana if mana is not None else 0,
                    first=labels[level],
                    id=combo.spellbook_id,
                ),
                criterion="two-card-combos",
                bracket=level,
                cards=combo.cards,
                quoted=listed,
                reading="combo-infinite",
            )
        )
    return reasons


def _timing_step(timing: ComboTiming, any_level: int, late_level: int) -> tuple[str, int]:
    """The step saying a combo's timing, and the lowest bracket it permits: early two-card combos only
    from the bracket that allows any; an estimate (the data gave no mana) says so."""
    estimated = "-estimated" if timing.estimated else ""
    if timing.timing == "early":
        return f"brackets.combo-early{estimated}", any_level
    if timing.timing == "unknown":
        return "brackets.combo-no-timing", late_level
    return f"brackets.combo-{timing.timing}{estimated}", late_level


def _cannot_show(criteria: BracketCriteria) -> list[Step]:
    turns = ", ".join(f"{b.number}: {b.turns}" for b in criteria.levels if b.turns)
    return [
        Step.of("brackets.cannot-show-intent", rule="intent"),
        Step.of("brackets.cannot-show-speed", rule="intent", turns=turns),
        Step.of("brackets.cannot-show-cedh", rule="intent"),
    ]


__all__ = [
    "BracketEstimate",
    "BracketSources",
    "ComboFacts",
    "Reason",
    "bracket_label",
    "estimate_bracket",
    "extra_turn_words",
    "land_denial_words",
]
