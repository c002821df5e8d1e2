"""Reads for the worked rulings: the scenarios (replayed once per process), the text of the rules they
cite, and the leave-game page's preset boards.

Scenarios are repository data (``rules_data/scenarios``), not corpus rows: they are loaded and replayed
through the engine the first time a page needs them and kept for the life of the process. Rule texts come
from the live corpus; without an ingested corpus the pages still render, with links and no text.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db.models import Q

from judge.engine.board import Board
from judge.engine.leave_game import LeaveGameResult
from judge.engine.rule_numbers import is_cr_number
from judge.engine.scenarios import ReplayedStep, Scenario, load_scenarios, replay
from judge.rules import models, selectors
from judge.web.citations import doc_section

# Groups on the list page, in display order.
GROUP_LEAVING = "leaving"
GROUP_COMMANDER = "commander"
GROUP_DTC = "dtc"
GROUP_PLANECHASE = "planechase"
GROUPS = (GROUP_LEAVING, GROUP_COMMANDER, GROUP_DTC, GROUP_PLANECHASE)


@dataclass(frozen=True)
class Leave:
    """A leave-game step as the engine resolved it: the board before and the result, for the outcome table."""

    board: Board
    result: LeaveGameResult


@dataclass(frozen=True)
class ReplayedScenario:
    scenario: Scenario
    steps: tuple[ReplayedStep, ...]
    group: str
    leaves: tuple[Leave | None, ...]  # per step: the resolved leave of a leave-game step the engine accepted

    @property
    def slug(self) -> str:
        return self.scenario.slug


@dataclass(frozen=True)
class RuleText:
    """The text shown for a cited rule; ``lang`` is the language of ``text`` (for the ``lang`` attribute)."""

    text: str
    lang: str


def group_of(scenario: Scenario) -> str:
    """Which list-page group a scenario belongs to (by its slug and the engine actions it uses)."""
    if scenario.slug.startswith("dtc-"):
        return GROUP_DTC
    if scenario.slug.startswith("planechase-") or "planar-die" in scenario.kinds:
        return GROUP_PLANECHASE
    if "leave-game" in scenario.kinds:
        return GROUP_LEAVING
    return GROUP_COMMANDER


def _leave(step: ReplayedStep) -> Leave | None:
    # The replay kept the board it read and the engine's result: nothing is read or resolved twice.
    if step.error is not None or step.board_before is None or not isinstance(step.result, LeaveGameResult):
        return None
    return Leave(board=step.board_before, result=step.result)


@functools.lru_cache(maxsize=4)
def _load(directory: str) -> tuple[ReplayedScenario, ...]:
    # Keyed by directory so a test pointing JUDGE_RULES_DATA_DIR elsewhere gets its own cache entry.
    found = []
    for scenario in load_scenarios(Path(directory)):
        steps = replay(scenario)
        found.append(ReplayedScenario(scenario=scenario, steps=steps, group=group_of(scenario),
                                      leaves=tuple(_leave(step) for step in steps)))
    return tuple(found)


def all_scenarios() -> tuple[ReplayedScenario, ...]:
    """Every scenario, replayed, sorted by file name."""
    return _load(str(Path(settings.JUDGE_RULES_DATA_DIR) / "scenarios"))


def scenario(*, slug: str) -> ReplayedScenario | None:
    for found in all_scenarios():
        if found.slug == slug:
            return found
    return None


def grouped_scenarios() -> list[tuple[str, list[ReplayedScenario]]]:
    """(group, scenarios) pairs in :data:`GROUPS` order; empty groups are left out."""
    by_group: dict[str, list[ReplayedScenario]] = {g: [] for g in GROUPS}
    for found in all_scenarios():
        by_group[found.group].append(found)
    return [(g, items) for g, items in by_group.items() if items]


def rule_texts(refs: Iterable[str], *, lang: str) -> dict[str, RuleText]:
    """Text for each cited rule: CR numbers ("903.10a") and document anchors ("commander:9", "dtc:win-loss").

    In Japanese the Japanese translation is used where the corpus has one for that rule, else the English
    current-version text. Format documents exist only in Japanese, so their text is Japanese in both
    languages. Rules the corpus does not have are left out; with no corpus at all the answer is empty.
    """
    wanted = list(dict.fromkeys(refs))
    try:
        corpus = selectors.live_corpus()
    except selectors.NoCorpus:
        return {}
    numbers = [r for r in wanted if is_cr_number(r)]
    found: dict[str, RuleText] = {}
    if numbers:
        for rule in selectors.rules_of(corpus).filter(number__in=numbers):
            found[rule.number] = RuleText(text=rule.text or rule.title, lang="en")
        if lang == "ja":
            sections = (
                models.DocSection.objects.filter(corpus=corpus)
                .filter(Q(aligned_number__in=numbers) | Q(aligned_number="", cr_number__in=numbers))
                .exclude(text="")
                .select_related("source")
                # A translation of the CR itself beats a prose page that quotes the rule.
                .order_by("source__kind", "source__slug", "position")
            )
            translated: dict[str, RuleText] = {}
            for section in sections:
                number = section.aligned_number or section.cr_number
                if number not in translated:
                    translated[number] = RuleText(text=section.text, lang=section.source.lang)
            found.update(translated)
    anchors: dict[tuple[str, str], str] = {}
    for ref in wanted:
        section = doc_section(ref)
        if section is not None:
            anchors[section] = ref
    if anchors:
        sections = models.DocSection.objects.filter(
            corpus=corpus, source__slug__in={s for s, _ in anchors}, anchor__in={a for _, a in anchors}
        ).select_related("source")
        for section in sections:
            cited = anchors.get((section.source.slug, section.anchor))
            if cited is not None:
                found[cited] = RuleText(text=section.text or section.heading, lang=section.source.lang)
    return found


def preset_board(slug: str) -> dict[str, Any] | None:
    """The board of a worked ruling's first leave-game step, without who leaves (a preset of the board page)."""
    found = scenario(slug=slug)
    if found is None:
        return None
    for step in found.scenario.steps:
        if step.kind in ("leave-game", "dtc-loss") and step.payload is not None and not step.payload.get("continue"):
            return {k: v for k, v in step.payload.items() if k not in ("leaving", "player", "reason")}
    return None
