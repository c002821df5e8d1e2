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

from judge.engine.rule_numbers import is_cr_number
from judge.engine.scenario_replay import replay_scenario
from judge.engine.scenarios import (
    ReplayedScenario,
    ReplayedStep,
    Scenario,
    load_scenarios,
    with_player_names,
)
from judge.engine.variants import Variant
from judge.rules import documents, models, selectors
from judge.rules.standings import standings_of
from judge.web.citations import doc_section

# Groups on the list page, in display order, by what the rulings are about.
GROUP_LEAVING = "leaving"  # 800.4: a player leaves (control, triggers, designations, turns)
GROUP_DAMAGE = "commander-damage"  # 903.10a: commander damage
GROUP_COMMANDER = "commander"  # 903: commander tax, zones, colour identity
GROUP_TEAMS = "two-headed-giant"  # 810: Two-Headed Giant
GROUP_PLANECHASE = "planechase"  # 901
GROUP_DTC = "dtc"  # the Duel Masters Tag Commander house rules
GROUPS = (GROUP_LEAVING, GROUP_DAMAGE, GROUP_COMMANDER, GROUP_TEAMS, GROUP_PLANECHASE, GROUP_DTC)
BOARD_KINDS = frozenset({"leave-game", "end-turn", "dtc-loss", "dtc-attack", "combat-damage"})


@dataclass(frozen=True)
class WorkedRuling:
    """A scenario replayed through the engine, with the list-page group it belongs to."""

    replayed: ReplayedScenario
    group: str

    @property
    def slug(self) -> str:
        return self.replayed.slug

    @property
    def scenario(self) -> Scenario:
        return self.replayed.scenario

    @property
    def steps(self) -> tuple[ReplayedStep, ...]:
        return self.replayed.steps

    @property
    def start(self) -> ReplayedStep | None:
        """The first step that acts on a board: its board before is the position the ruling starts from."""
        start = self.replayed.start
        return start if start is not None and start.board_before is not None else None

    @property
    def first_step(self) -> int:
        """Every ruling starts at step 0: the board it starts from, or what a calculator's ruling asks."""
        return 0


@dataclass(frozen=True)
class RuleText:
    """The text shown for a cited rule; ``lang`` is the language of ``text`` (for the ``lang`` attribute).

    A Japanese translation carries how it stands to the current rules, for the notice the rule pages show:
    ``compared_version`` (the English version it was compared with), ``differs`` (that English has changed
    since; for a translation of a release that could not be identified, the closest release), ``status``,
    ``translated_number`` (the number it had in that version) and ``aligned_number``.
    """

    text: str
    lang: str
    differs: bool = False
    compared_version: str = ""
    translated_number: str = ""
    aligned_number: str = ""
    heading: str = ""  # a format document's section heading ("ターンの流れ")
    status: str = ""  # DocSection.Status of a translation: "changed", "renumbered", "deleted", "unchecked"
    standing: str = ""  # what a reader is told (judge.rules.standings), as on the rule page

    @property
    def old_leave_term(self) -> bool:
        """The translation says ゲームから除外される, the older term for leaving the game (ゲームから離れる
        today)."""
        return self.lang == "ja" and "ゲームから除外" in self.text


def _variants(scenario: Scenario) -> set[Variant]:
    found = set()
    for step in scenario.steps:
        value = step.payload.get("variant") if step.payload is not None else None
        if value in {v.value for v in Variant}:
            found.add(Variant(value))
    return found


def group_of(scenario: Scenario) -> str:
    """The list-page group of a scenario, by what it is about: the format its boards and calculations are
    in first (Duel Masters, Planechase, Two-Headed Giant), then the engine actions it uses.

    >>> from judge.engine.messages import Text
    >>> from judge.engine.scenarios import ScenarioStep
    >>> step = ScenarioStep(narration=Text("", ""), rules=("903.10a",), kind="commander-damage",
    ...                     payload={"variant": "commander"})
    >>> group_of(Scenario(slug="x", title=Text("", ""), summary=Text("", ""), rules=("903.10a",),
    ...     steps=(step,)))
    'commander-damage'
    """
    variants = _variants(scenario)
    kinds = scenario.kinds
    if any(v.is_duel_masters for v in variants) or any(k.startswith("dtc-") for k in kinds):
        return GROUP_DTC
    if (
        any(v.has_planes for v in variants)
        or "planar-die" in kinds
        or any(s.payload is not None and s.payload.get("planar_controller") for s in scenario.steps)
    ):
        return GROUP_PLANECHASE
    if Variant.TWO_HEADED_GIANT in variants:
        return GROUP_TEAMS
    if kinds & {"commander-damage", "combat-damage"}:
        return GROUP_DAMAGE
    if kinds & BOARD_KINDS:
        return GROUP_LEAVING
    return GROUP_COMMANDER


#: The players of the worked rulings by the names their Japanese stories use: a Japanese reader's boards
#: and explanations call them so too (the scenarios are replayed with these names).
PLAYER_NAMES = {
    "ja": {"Alex": "アレックス", "Bianca": "ビアンカ", "Carol": "キャロル", "Dana": "ダナ", "Eli": "イーライ"}
}


@functools.lru_cache(maxsize=8)
def _load(directory: str, lang: str) -> tuple[WorkedRuling, ...]:
    # Keyed by directory so a test pointing JUDGE_RULES_DATA_DIR elsewhere gets its own cache entry.
    names = PLAYER_NAMES.get(lang, {})
    return tuple(
        WorkedRuling(replayed=replay_scenario(with_player_names(s, names)), group=group_of(s))
        for s in load_scenarios(Path(directory))
    )


def all_scenarios(lang: str = "en") -> tuple[WorkedRuling, ...]:
    """Every scenario, replayed with its players named as the stories in ``lang`` name them, by file name."""
    return _load(str(Path(settings.JUDGE_RULES_DATA_DIR) / "scenarios"), lang)


def scenario(*, slug: str, lang: str = "en") -> WorkedRuling | None:
    for found in all_scenarios(lang):
        if found.slug == slug:
            return found
    return None


def grouped_scenarios(lang: str = "en") -> list[tuple[str, list[WorkedRuling]]]:
    """(group, scenarios) pairs in :data:`GROUPS` order; empty groups are left out."""
    by_group: dict[str, list[WorkedRuling]] = {g: [] for g in GROUPS}
    for found in all_scenarios(lang):
        by_group[found.group].append(found)
    return [(g, items) for g, items in by_group.items() if items]


def _preference(section: models.DocSection, number: str) -> tuple[int, int]:
    """How well a Japanese section stands for the current rule ``number``, best first: a translation of
    the same text under the same number, of the same text renumbered, of a text changed since, and last a
    text that only had this number once. A translation of the CR itself beats a prose page that quotes it."""
    if section.aligned_number == number:
        rank = 0 if not section.differs_from_current else 1 if section.cr_number != number else 2
    else:
        rank = 3
    return rank, 0 if section.source.kind == "cr-translation" else 1


def rule_texts(refs: Iterable[str], *, lang: str) -> dict[str, RuleText]:
    """Text for each cited rule: CR numbers ("903.10a") and document anchors ("commander:9", "dtc:win-loss").

    In Japanese the Japanese translation is used where the corpus has one for that rule (with how it stands
    to the current rules, for the notice), else the English current-version text. Format documents exist
    only in Japanese, so their text is Japanese in both languages. Rules the corpus does not have are left
    out; with no corpus at all the answer is empty.
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
                .order_by("source__slug", "position")
            )
            best: dict[str, models.DocSection] = {}
            for section in sections:
                number = section.aligned_number or section.cr_number
                if number not in best or _preference(section, number) < _preference(best[number], number):
                    best[number] = section
            chosen = documents.annotate_sections(corpus, list(best.values()))
            standings = standings_of(corpus, chosen)
            for number, section in best.items():
                standing = standings.get(section.pk)
                if standing is not None and not standing.todays and number in found:
                    # Outdated Japanese never stands as today's rule (issue 30): today's English is quoted.
                    continue
                found[number] = RuleText(
                    text=section.text,
                    lang=section.source.lang,
                    differs=section.differs_from_current,
                    # A translation of an unidentified release is read against the closest one (placed_by).
                    compared_version=section.compared_version
                    or str(section.source.meta.get("placed_by", "")),
                    translated_number=section.cr_number,
                    aligned_number=section.aligned_number,
                    status=section.status,
                    standing=standing.status if standing is not None else "",
                )
    anchors: dict[tuple[str, str], str] = {}
    for ref in wanted:
        anchor = doc_section(ref)
        if anchor is not None:
            anchors[anchor] = ref
    if anchors:
        sections = models.DocSection.objects.filter(
            corpus=corpus, source__slug__in={s for s, _ in anchors}, anchor__in={a for _, a in anchors}
        ).select_related("source")
        for section in sections:
            cited = anchors.get((section.source.slug, section.anchor))
            if cited is not None:
                found[cited] = RuleText(
                    text=section.text or section.heading,
                    lang=section.source.lang,
                    heading=section.heading if not section.number else "",
                )
    return found


def preset_board(slug: str, lang: str = "en") -> dict[str, Any] | None:
    """The board of a worked ruling's first leave-game step, without who leaves (a preset of the board page),
    its players named as the story in ``lang`` names them."""
    found = scenario(slug=slug, lang=lang)
    if found is None:
        return None
    for step in found.scenario.steps:
        if (
            step.kind in ("leave-game", "dtc-loss")
            and step.payload is not None
            and not step.payload.get("continue")
        ):
            return {k: v for k, v in step.payload.items() if k not in ("leaving", "player", "reason")}
    return None
