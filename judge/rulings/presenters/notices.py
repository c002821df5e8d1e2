"""The notices over a cited rule's Japanese text: how the translation stands to the current rules.

One source for the worked rulings' page (templates/rulings/_rule.html) and their API (``notices``), in the
reader's language, each naming the release the translation was read against.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from judge.rulings.selectors import RuleText
from judge.web.dates import effective, release_date


def rule_notices(rule: str, found: RuleText | None) -> list[tuple[str, str]]:
    """(kind, text) pairs: ``"differs"`` for a translation of an older release, ``"term"`` for its old term
    for leaving the game (ゲームから除外される, ゲームから離れる today); none for a current text."""
    if found is None:
        return []
    notices: list[tuple[str, str]] = []
    version = found.compared_version
    if found.standing == "wording-changed":
        # The rule page's sentence for the same standing (templates/rules/_standing_line.html).
        notices.append(
            (
                "differs",
                _(
                    "Only the English wording has changed since %(version)s; the rule is the same, and so is "
                    "this translation."
                )
                % {"version": release_date(version)},
            )
        )
    elif found.standing == "current":
        pass  # today's rule: nothing to say
    elif found.differs and found.status == "unchecked" and not version:  # no release placed it either
        notices.append(
            (
                "differs",
                _(
                    "This Japanese text comes from a translation of an older version of the rules that "
                    "could not "
                    "be identified: it cannot be checked against the current rule and may say something else."
                ),
            )
        )
    elif found.differs and found.status == "unchecked":
        notices.append(
            (
                "differs",
                _(
                    "This Japanese text comes from a translation of an older version of the rules that could "
                    "not be identified (the closest release is the one %(version)s): it cannot be checked "
                    "against the current rule and may say something else."
                )
                % {"version": effective(version)},
            )
        )
    elif found.differs and not found.aligned_number:
        notices.append(
            (
                "differs",
                _(
                    "This Japanese text translates rule %(number)s as it was in the rules %(version)s; that "
                    "text is no longer in the current rules."
                )
                % {"number": rule, "version": effective(version)},
            )
        )
    elif found.differs and found.translated_number != rule:
        notices.append(
            (
                "differs",
                _(
                    "This Japanese text translates rule %(old)s of an older version of the rules (%(version)"
                    "s); "
                    "the rule is numbered differently now."
                )
                % {"old": found.translated_number, "version": effective(version)},
            )
        )
    elif found.differs:
        notices.append(
            (
                "differs",
                _(
                    "This Japanese text was translated from an older version of the rules; the English text "
                    "has "
                    "changed since %(version)s."
                )
                % {"version": release_date(version)},
            )
        )
    if found.old_leave_term:
        notices.append(
            (
                "term",
                _(
                    "This older translation says ゲームから除外される where the current Japanese rules say "
                    "ゲームから離れる (leaving the game)."
                ),
            )
        )
    return notices


__all__ = ["rule_notices"]
