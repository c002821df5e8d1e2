"""Colour identity of a card typed off its face, worked out offline (static/js/identity-offline.js, run in
Node), answers as the site does (issue 34 item 2): the page's printed fields (judge.calc.forms.IdentityForm,
then judge.engine.identity) give the same name, identity and steps (code, rule, text in both languages), or
the same problems for a mana cost that can't be read, on the worked cases of tests/engine/cases/identity.json
that are one printed face and on a grid of typed cards (Japanese symbols, {G/W}, 緑/白, reminder text,
land types, abilities that set colour, bad costs); a card name alone is left to the server."""

from __future__ import annotations

import itertools
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from judge.calc.forms import IdentityForm
from judge.engine.errors import RulesError
from judge.engine.identity import identify_cards

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "static" / "js" / "identity-offline.js"
CASES = json.loads((ROOT / "tests/engine/cases/identity.json").read_text(encoding="utf-8"))["cases"]
CARDS = json.loads((ROOT / "tests/fixtures/cards/scryfall_cards.json").read_text(encoding="utf-8"))
NODE = shutil.which("node") or shutil.which("nodejs")

pytestmark = [pytest.mark.skipif(NODE is None, reason="Node.js is not installed"), pytest.mark.django_db]

HARNESS = """
const fs = require("fs");
const identity = require(process.argv[1]);
const input = JSON.parse(fs.readFileSync(0, "utf8"));
const I = input.rules.identity;
const texts = input.rules.texts;
process.stdout.write(JSON.stringify(input.forms.map(([data, lang]) => {
  const a = identity.answerFields(data, I, lang);
  if (!a) return null;
  const out = {needs: a.needs};
  if (a.problems) out.problems = a.problems.map((p) => identity.render(p, texts, lang));
  if (a.card) {
    out.card = {name: a.card.name, identity: a.card.identity,
      steps: a.card.steps.map((s) => ({code: s.code, rule: s.rule, text: identity.render(s, texts, lang)}))};
  }
  if (a.cardProblems) out.card_problems = a.cardProblems.map((p) => identity.render(p, texts, lang));
  return out;
})));
"""


def offline(rules: dict[str, Any], forms: list[tuple[dict[str, str], str]]) -> list[dict[str, Any] | None]:
    assert NODE is not None
    out = subprocess.run(
        [NODE, "-e", HARNESS, str(JS)],
        input=json.dumps({"rules": rules, "forms": forms}),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def server(data: dict[str, str], lang: str) -> dict[str, Any] | None:
    """What the colour identity page answers for its printed fields (judge.calc.views.identity_page)."""
    with translation.override(lang):
        form = IdentityForm(data)
        form.is_valid()
        needs = bool(form.cleaned_data["names"] or data.get("cards_json", "").strip())
        try:
            printed = form.printed_card()
        except RulesError as err:
            return {"needs": needs, "problems": err.render(lang)}
        if printed is None:
            return {"needs": True} if needs else None
        batch = identify_cards({"cards": [printed]})
    if batch.problems:
        return {"needs": needs, "card_problems": [p.text(lang) for p in batch.problems[0].problems]}
    result = batch.results[0]
    steps = [{"code": s.code, "rule": s.rule, "text": s.render(lang)} for s in result.explanation]
    return {"needs": needs, "card": {"name": result.name, "identity": list(result.identity), "steps": steps}}


@pytest.fixture(scope="module")
def rules(django_db_setup: None, django_db_blocker: Any) -> dict[str, Any]:
    with django_db_blocker.unblock():
        return Client().get("/api/calc/offline-rules").json()  # type: ignore[no-any-return]


def _compare(rules: dict[str, Any], forms: list[dict[str, str]]) -> None:
    asked = [(data, lang) for data in forms for lang in ("ja", "en")]
    for (data, lang), answer in zip(asked, offline(rules, asked), strict=True):
        assert answer == server(data, lang), (data, lang)


def _printed(case: dict[str, Any]) -> dict[str, str] | None:
    """A worked case that is one single-faced card (in the card fixture): its printed fields."""
    card = next((c for c in CARDS if c["name"] == case["name"]), None)
    if card is None or "card_faces" in card:
        return None
    return {
        "card_name": card.get("name", ""),
        "card_mana_cost": card.get("mana_cost", ""),
        "card_type_line": card.get("type_line", ""),
        "card_text": card.get("oracle_text", ""),
    }


def test_the_worked_cases_of_one_printed_face_answer_as_the_site(rules: dict[str, Any]) -> None:
    forms = [f for f in (_printed(case) for case in CASES) if f is not None]
    assert len(forms) >= 15
    _compare(rules, forms)


COSTS = ["", "{2}{G/W}", "2緑白", "２ＧＷ", "{W/U}{B/P}{2/R}", "{C}{S}{X}", "{HW}", "3QQ", "{T}", "2GG{"]
COSTS += ["{1000001}", "緑/白"]
TYPES = ["", "Legendary Creature — Elf Druid", "Land — Forest Island", "Basic Land - Swamp"]
TYPES += ["伝説のクリーチャー"]
TEXTS = [
    "",
    "{T}: Add {G} or {W}.",
    "{t}：｛緑｝か｛白｝を加える。{緑/白}",
    "Extort (Whenever you cast a spell, you may pay {W/B}.)",
    "Devoid\n{1}{R}: Draw a card.",
    "This creature is all colors.",
    "Ghostfire Courier is red and blue. Target creature is green until end of turn.",
    "{E}{CHAOS}{PW} {2/G} (({U}))",
]


def _grid() -> list[dict[str, str]]:
    forms = [
        {"card_name": name, "card_mana_cost": cost, "card_type_line": kind, "card_text": text}
        for (name, cost), kind, text in itertools.product(
            [("Ghostfire Courier", c) for c in COSTS], TYPES[:3], TEXTS[:4]
        )
    ]
    forms += [
        {"card_name": "Ghostfire Courier", "card_mana_cost": "1R", "card_type_line": kind, "card_text": text}
        for kind, text in itertools.product(TYPES, TEXTS)
    ]
    forms += [
        {"card_mana_cost": "{1}{G}"},  # no name: the site names it "the card typed in"
        {"card_name": "  Ｆｏｇ  ", "card_text": "x" * 6000},
        {"card_name": "A" * 300, "card_type_line": "Land — Plains " * 30},
        {"card_name": "\x00", "card_text": " \u3000 "},  # nothing typed once read: no card
        {"card_name": "Fog", "names": "Sol Ring"},  # printed fields with a name: the name needs the server
        {"card_name": "Fog", "card_mana_cost": "QQ", "cards_json": "[]"},
    ]
    return forms


def test_a_grid_of_typed_cards_answers_as_the_site(rules: dict[str, Any]) -> None:
    _compare(rules, _grid())


def test_a_name_alone_is_left_to_the_server(rules: dict[str, Any]) -> None:
    forms = [({"names": "Sol Ring"}, "ja"), ({"cards_json": '{"name": "Fog"}'}, "en")]
    forms.append(({"names": "  "}, "ja"))
    assert offline(rules, forms) == [{"needs": True}, {"needs": True}, None]
