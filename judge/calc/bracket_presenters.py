"""What the deck check and table pages show of a Commander Brackets estimate (judge.engine.brackets)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from judge.engine.brackets import BracketEstimate
from judge.engine.messages import msg
from judge.web.presenters import reader_language


@dataclass(frozen=True)
class ShownReason:
    criterion: str  # the criterion's name in the reader's language
    bracket: int
    text: str
    quoted: str = ""  # Japanese readers: the card data's English words the text points to
    reading: str = ""  # Japanese readers: what those words do, in Japanese, marked as this site's reading


@dataclass(frozen=True)
class ShownBracket:
    minimum: int | None
    summary: str
    reasons: list[ShownReason]
    checked: list[str]
    unchecked: list[str]
    conversation: str
    names_note: str  # Japanese readers: the bracket names are unofficial readings
    source_title: str
    source_date: str
    source_url: str
    game_changers: int  # how many Game Changers the list holds (0 when not counted)


def criterion_label(criterion: str) -> str:
    labels = {
        "game-changers": _("Game Changers"),
        "extra-turns": _("Extra turns"),
        "mass-land-denial": _("Mass land denial"),
        "two-card-combos": _("Two-card combos"),
    }
    return labels.get(criterion, criterion)


def _reading(reading: str, lang: str) -> str:
    """In Japanese, what the quoted English Oracle words do, marked as this site's reading; in English the
    text quotes them itself."""
    if lang != "ja" or not reading:
        return ""
    return msg("brackets.reading.meaning", reading=msg(f"brackets.reading.{reading}")).text(lang)


def present_bracket(estimate: BracketEstimate) -> ShownBracket:
    lang = reader_language()
    latest = estimate.criteria.latest
    changers = next((len(r.cards) for r in estimate.reasons if r.criterion == "game-changers"), 0)
    return ShownBracket(
        minimum=estimate.minimum,
        summary=estimate.summary().text(lang),
        reasons=[
            ShownReason(
                criterion=criterion_label(r.criterion),
                bracket=r.bracket,
                text=r.step.render(lang),
                quoted=r.quoted if lang == "ja" else "",
                reading=_reading(r.reading, lang) if r.quoted else "",
            )
            for r in estimate.reasons
        ],
        checked=[s.render(lang) for s in estimate.checked],
        unchecked=[s.render(lang) for s in estimate.unchecked],
        conversation=msg("brackets.conversation").text(lang),
        names_note=msg("brackets.names-unofficial").text(lang) if lang == "ja" else "",
        source_title=latest.cited(lang)[0],
        source_date=latest.date,
        source_url=latest.cited(lang)[1],
        game_changers=changers,
    )


@dataclass(frozen=True)
class TableDeck:
    """One seat's list on the table page: who, its estimate, or why it has none."""

    player: str
    bracket: ShownBracket | None
    errors: list[str]
    declared: int | None = None  # the bracket its player declared (a tracker game's seat, or typed here)
    verdict: str = ""  # the deck check's: "legal", "not-legal" or "unchecked" ("" when it could not run)
    not_legal: list[str] = field(default_factory=list)  # why it is not legal (banned cards first), a few
    more_problems: int = 0  # how many more the deck check page lists

    @property
    def minimum(self) -> int | None:
        return self.bracket.minimum if self.bracket is not None else None


def table_differences(decks: Sequence[TableDeck]) -> list[str]:
    """The differences that matter for the pre-game talk, in the reader's language: a list whose lowest
    bracket differs from every other's (or is the highest), the list with the most Game Changers when
    the counts differ, and each list beside the bracket its player declared (:func:`declared_comparisons`)."""
    # (player, lowest bracket, Game Changers) of each list that has an estimate.
    shown = [
        (d.player, d.bracket.minimum, d.bracket.game_changers)
        for d in decks
        if d.bracket is not None and d.bracket.minimum is not None
    ]
    lines: list[str] = []
    if len(shown) < 2:
        return declared_comparisons(decks)
    minimums = {minimum for _, minimum, _ in shown}
    if len(minimums) > 1:
        for index, (player, minimum, _count) in enumerate(shown):
            others = [(p, m) for i, (p, m, _c) in enumerate(shown) if i != index]
            if minimum == max(minimums) or all(minimum != m for _p, m in others):
                lines.append(
                    _(
                        "%(player)s's list permits bracket %(number)s at the lowest; "
                        "the others' lowest: %(others)s."
                    )
                    % {
                        "player": player,
                        "number": minimum,
                        "others": ", ".join(f"{p} {m}" for p, m in others),
                    }
                )
    counts = {count for _, _, count in shown}
    if len(counts) > 1:
        most = max(counts)
        for index, (player, _minimum, count) in enumerate(shown):
            if count != most:
                continue
            others_gc = ", ".join(f"{p} {c}" for i, (p, _m, c) in enumerate(shown) if i != index)
            lines.append(
                _("%(player)s's list has %(count)s Game Changers; the others: %(others)s.")
                % {"player": player, "count": most, "others": others_gc}
            )
    return lines + declared_comparisons(decks)


def declared_comparisons(decks: Sequence[TableDeck]) -> list[str]:
    """Each list whose player declared a bracket, beside its estimate: what was declared and the lowest
    bracket the list permits, never what the deck "is" (the table decides, Rule 0)."""
    lines = []
    for d in decks:
        if d.declared is None or d.minimum is None:
            continue
        values = {"player": d.player, "declared": d.declared, "minimum": d.minimum}
        if d.declared < d.minimum:
            lines.append(
                _(
                    "%(player)s: declared %(declared)s / lowest estimate %(minimum)s. The list's cards go "
                    "past what bracket %(declared)s allows: worth talking over before the game."
                )
                % values
            )
        else:
            lines.append(
                _(
                    "%(player)s: declared %(declared)s / lowest estimate %(minimum)s. The list's cards "
                    "do not go past what was declared; intent and speed are for the table to talk over."
                )
                % values
            )
    return lines
