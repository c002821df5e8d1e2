"""Citations follow the rules they cite (issue 38 item 7).

The engine cites the numbers of one release (judge.engine.citing.CITED_RELEASE). A corpus whose newest
release renumbers the rules it cites (as 2026 inserted rule 722 and moved 722–729 up by one) is ingested
here, written by the test with invented texts: that release and a newer one that inserts a section before
the Mindslaver, monarch and initiative sections and moves them up by one. Every number the engine cites
must then be shown as a rule that exists and says what the cited rule said: in the lineage the site keeps,
in the API's ``rule`` fields and texts, and in a page's links. No code changes between the two.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from judge.engine.citing import CITED_RELEASE
from judge.engine.leave_game import leave_game_from_payload
from judge.engine.rule_numbers import is_cr_number, parent, sort_key
from judge.rules import ingest, models, selectors
from tests.engine.test_rule_citations import MEANINGS, PLAIN_DEFINITIONS, _engine_citations
from tests.rules.cr_files import cr_text

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).parent.parent / "fixtures"
SCENARIOS = Path(__file__).resolve().parents[2] / "rules_data" / "scenarios"
NEWER = f"{int(CITED_RELEASE[:4]) + 1}0101"
MOVED = ("723", "724", "725", "726")  # Mindslaver's section, the next, the monarch's, the initiative's
INSERTED = MOVED[0]
DIGITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
RULE_LINK = re.compile(r'href="/en/rules/(\d[0-9.a-z]*)/"')
MONARCH_SLUG = "monarch-and-initiative-holder-leaves"


def _spelled(number: str) -> str:
    """Words of an invented text that are this number's alone, without the number itself (a number in a
    rule's text reads as a reference)."""
    return " ".join(
        DIGITS[int(c)] if c.isdigit() else ("point" if c == "." else f"letter {c}") for c in number
    )


def _cited_numbers() -> set[str]:
    cited = {n for n in _engine_citations() if is_cr_number(n)} | set(MEANINGS) | PLAIN_DEFINITIONS
    whole = set(cited)
    for number in cited:
        up = parent(number)
        while up is not None:
            whole.add(up)
            up = parent(up)
    return whole | set(MOVED) | {f"{section}.1" for section in MOVED}


def _base_rules() -> list[tuple[str, str]]:
    return [
        (n, f"Invented rule {_spelled(n)} of the test corpus.")
        for n in sorted(_cited_numbers(), key=sort_key)
    ]


def _moved(number: str) -> str:
    section, dot, rest = number.partition(".")
    return f"{int(section) + 1}{dot}{rest}" if section in MOVED else number


def _newer_rules(base: list[tuple[str, str]]) -> list[tuple[str, str]]:
    moved = [(_moved(n), text) for n, text in base]
    moved += [(INSERTED, "Invented Preparation Section"), (f"{INSERTED}.1", "An inserted invented rule.")]
    return sorted(moved, key=lambda rule: sort_key(rule[0]))


@pytest.fixture()
def renumbered(tmp_path: Path) -> tuple[dict[str, str], dict[str, str]]:
    """The two releases ingested and live: (number -> text) of the cited release and of the newer one."""
    root = tmp_path / "corpus"
    (root / "en").mkdir(parents=True)
    (root / "ja").mkdir()
    base = _base_rules()
    newer = _newer_rules(base)
    (root / "en" / f"MagicCompRules {CITED_RELEASE}.txt").write_text(
        cr_text(CITED_RELEASE, base), encoding="utf-8"
    )
    (root / "en" / f"MagicCompRules {NEWER}.txt").write_text(cr_text(NEWER, newer), encoding="utf-8")
    for path in sorted((FIXTURES / "ja").glob("*.txt")):
        shutil.copy(path, root / "ja" / path.name)
    ingest.ingest_corpus(corpus_dir=root, index_root=tmp_path / "index")
    corpus = selectors.live_corpus()
    assert corpus.current_version == NEWER
    return _texts(corpus, CITED_RELEASE), _texts(corpus, NEWER)


def _texts(corpus: models.Corpus, version: str) -> dict[str, str]:
    return dict(selectors.rules_of(corpus, version).values_list("number", "text"))


def _says_the_same(base: dict[str, str], now: dict[str, str], cited: str, shown: str) -> bool:
    return shown in now and now[shown] == base[cited]


def test_the_lineage_gives_every_cited_rule_its_current_number(renumbered: Any) -> None:
    base, now = renumbered
    renumbering = selectors.citation_renumbering(CITED_RELEASE)
    assert renumbering["725.4"] == "726.4" and renumbering["726.4"] == "727.4"  # the monarch, the initiative
    assert renumbering["723.1a"] == "724.1a" and "800.4a" not in renumbering
    wrong = {
        cited: renumbering.get(cited, cited)
        for cited in _cited_numbers()
        if not _says_the_same(base, now, cited, renumbering.get(cited, cited))
    }
    assert wrong == {}


def _monarch_payloads() -> list[dict[str, Any]]:
    scenario = json.loads((SCENARIOS / f"{MONARCH_SLUG}.json").read_text(encoding="utf-8"))
    first = scenario["steps"][1]["action"]["payload"]
    return [
        first,  # the monarch leaves on another player's turn
        {**first, "leaving": "Alex", "monarch": "Alex", "initiative": "Alex"},  # the active player leaves
        {**first, "active_player": None},  # no active player: the texts name the rules they read
    ]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_leave_game_api_cites_todays_numbers_for_the_same_rules(renumbered: Any, lang: str) -> None:
    base, now = renumbered
    client = Client()
    seen: set[str] = set()
    named: set[str] = set()  # rules a step's text names
    for payload in _monarch_payloads():
        written = leave_game_from_payload(payload).to_answer(lang)["steps"]  # the engine's own numbers
        response = client.post(
            f"{reverse('rulings-api:leave-game')}?lang={lang}", payload, content_type="application/json"
        )
        assert response.status_code == 200, response.content
        shown = response.json()["steps"]
        assert [s["code"] for s in shown] == [s["code"] for s in written]
        for engine_step, step in zip(written, shown, strict=True):
            if is_cr_number(engine_step["rule"]):
                assert _says_the_same(base, now, engine_step["rule"], step["rule"]), (engine_step, step)
                assert client.get(reverse("rules-api:rule", args=[step["rule"]])).status_code == 200
            for number in re.findall(r"\d{3}\.\d+[a-z]?", step["text"]):
                assert number in now, step["text"]
            if engine_step["rule"] in engine_step["text"]:  # "725.4 does not say from whom ..."
                named.add(step["rule"])
                assert step["rule"] in step["text"] and engine_step["rule"] not in step["text"]
            seen.add(step["rule"])
    assert {"726.4", "727.4"} <= seen  # the monarch's and the initiative's rules, moved up by one
    assert "726.4" in named


def test_a_worked_ruling_links_and_lists_todays_numbers(renumbered: Any) -> None:
    base, now = renumbered
    renumbering = selectors.citation_renumbering(CITED_RELEASE)
    scenario = json.loads((SCENARIOS / f"{MONARCH_SLUG}.json").read_text(encoding="utf-8"))
    client = Client()
    with translation.override("en"):
        last = len(scenario["steps"]) - 1  # the page of step n shows the file's step n (0: the start)
        page = client.get(reverse("rulings:scenario-step", args=[MONARCH_SLUG, last]))
    assert page.status_code == 200
    linked = set(RULE_LINK.findall(page.content.decode()))
    step_rules = {renumbering.get(r, r) for r in scenario["steps"][last]["rules"]}
    assert step_rules and step_rules <= linked <= set(now)
    assert {"726.4", "727.4"} <= linked
    api = client.get(reverse("rulings-api:scenario", args=[MONARCH_SLUG]) + "?lang=en").json()
    listed = api["rules"][: len(scenario["rules"])]  # the file's own list first, then its steps' rules
    assert [r["rule"] for r in listed] == [renumbering.get(r, r) for r in scenario["rules"]]
    for cited, shown in zip(scenario["rules"], listed, strict=True):
        assert _says_the_same(base, now, cited, shown["rule"]) and shown["text"] == now[shown["rule"]]
    assert all(
        r["rule"] in now and r["text"] == now[r["rule"]] for r in api["rules"] if is_cr_number(r["rule"])
    )
    for step in api["steps"]:
        assert all(r in now for r in step["rules"])
        assert all(n in now for n in re.findall(r"\d{3}\.\d+[a-z]?", step["narration"]))
