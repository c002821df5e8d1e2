"""Malformed scenario files (judge.engine.scenarios: parse_scenario, load_scenarios): each problem named,
every bad file named, an empty directory has none."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judge.engine.scenario_actions import ACTIONS
from judge.engine.scenarios import ScenarioError, load_scenarios


def good() -> dict[str, Any]:
    return {
        "slug": "good",
        "title": {"en": "Title", "ja": "題"},
        "summary": {"en": "Summary", "ja": "要約"},
        "rules": ["800.4a", "dtc:commander-tax"],
        "steps": [
            {
                "narration": {"en": "Narration", "ja": "説明"},
                "rules": ["800.4a"],
                "change": {"en": "Nothing moves", "ja": "変化なし"},
            }
        ],
    }


def write(directory: Path, name: str, data: Any) -> None:
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    (directory / name).write_text(text, encoding="utf-8")


def test_a_good_file_loads(tmp_path: Path) -> None:
    write(tmp_path, "good.json", good())
    (scenario,) = load_scenarios(tmp_path)
    assert scenario.slug == "good"
    assert scenario.title.ja == "題"
    assert scenario.rules == ("800.4a", "dtc:commander-tax")
    assert scenario.kinds == frozenset()
    assert scenario.source == "good.json"


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"slug": "Bad Slug"}, "good.json: slug: 'Bad Slug' is not a slug like mind-control-alex-leaves"),
        ({"slug": "other"}, "good.json: slug: 'other' differs from the file name 'good.json'"),
        ({"title": {"en": "Title"}}, "good.json: title.ja: required, a non-empty string"),
        ({"title": {"en": "T", "ja": "題", "fr": "Titre"}}, "good.json: title: unknown language(s) fr"),
        ({"summary": "text"}, 'good.json: summary: must be an object with "en" and "ja"'),
        ({"rules": []}, "good.json: rules: must be a non-empty list of rule numbers"),
        (
            {"rules": ["800.4a."]},
            "good.json: rules[0]: '800.4a.' is not a rule number like 800.4a or an anchor like dtc:x",
        ),
        ({"steps": []}, "good.json: steps: must be a non-empty list"),
        ({"steps": ["x"]}, "good.json: steps[0]: must be an object"),
        ({"author": "me"}, "good.json: unknown field(s) author"),
        (
            {
                "steps": [
                    {
                        "narration": {"en": "n", "ja": "説明"},
                        "rules": ["901.9"],
                        "change": {"en": "c", "ja": "変"},
                    }
                ]
            },
            "good.json: steps[0].rules: 901.9 is not listed in the scenario's rules",
        ),
        (
            {"steps": [{"narration": {"en": "n", "ja": "説明"}, "rules": ["800.4a"], "note": "x"}]},
            "good.json: steps[0]: unknown field(s) note",
        ),
        (
            {"steps": [{"narration": {"en": "n", "ja": "説明"}, "rules": ["800.4a"]}]},
            'good.json: steps[0].change: must be an object with "en" and "ja"',
        ),
        (
            {
                "steps": [
                    {
                        "narration": {"en": "n", "ja": "説明"},
                        "rules": ["800.4a"],
                        "change": {"en": "c", "ja": "変"},
                        "action": {"kind": "tax", "payload": {}},
                        "expect": {},
                    }
                ]
            },
            "good.json: steps[0].change: an action's change is derived from the engine's answer",
        ),
        (
            {"cards": [{"name_ja": "名前だけ"}]},
            'good.json: cards[0]: needs a "name" (and the official "name_ja" if there is one)',
        ),
        (
            {
                "steps": [
                    {
                        "narration": {"en": "n", "ja": "説明"},
                        "rules": ["800.4a"],
                        "action": {"kind": "mulligan", "payload": {}},
                        "expect": {},
                    }
                ]
            },
            f"good.json: steps[0].action.kind: 'mulligan' is not one of {', '.join(ACTIONS)}",
        ),
        (
            {
                "steps": [
                    {
                        "narration": {"en": "n", "ja": "説明"},
                        "rules": ["800.4a"],
                        "action": {"kind": "tax", "payload": []},
                        "expect": {},
                    }
                ]
            },
            "good.json: steps[0].action.payload: must be an object",
        ),
        (
            {
                "steps": [
                    {
                        "narration": {"en": "n", "ja": "説明"},
                        "rules": ["800.4a"],
                        "action": {"kind": "tax", "payload": {}},
                    }
                ]
            },
            "good.json: steps[0].expect: required with an action, an object",
        ),
        (
            {"steps": [{"narration": {"en": "n", "ja": "説明"}, "rules": ["800.4a"], "action": "tax"}]},
            "good.json: steps[0].action: must be an object with kind and payload",
        ),
        (
            {"steps": [{"narration": {"en": "n", "ja": "説明"}, "rules": ["800.4a"], "expect": {"a": 1}}]},
            "good.json: steps[0].expect: a step without an action cannot expect anything",
        ),
    ],
)
def test_malformed_scenario(tmp_path: Path, change: dict[str, Any], problem: str) -> None:
    write(tmp_path, "good.json", {**good(), **change})
    with pytest.raises(ScenarioError) as info:
        load_scenarios(tmp_path)
    assert problem in info.value.problems


def test_every_bad_file_is_named(tmp_path: Path) -> None:
    write(tmp_path, "a-broken.json", "{not json")
    write(tmp_path, "b-list.json", [1, 2])
    write(tmp_path, "c-latin1.json", "")
    (tmp_path / "c-latin1.json").write_bytes(b'{"slug": "\xff"}')
    write(tmp_path, "good.json", good())
    write(tmp_path, "twin.json", {**good(), "slug": "twin"})
    write(tmp_path, "z-twin.json", {**good(), "slug": "twin"})
    with pytest.raises(ScenarioError) as info:
        load_scenarios(tmp_path)
    problems = info.value.problems
    assert problems[0].startswith("a-broken.json: not valid UTF-8 JSON")
    assert problems[1] == "b-list.json: the file must hold one JSON object"
    assert problems[2].startswith("c-latin1.json: not valid UTF-8 JSON")
    assert "z-twin.json: slug: 'twin' differs from the file name 'z-twin.json'" in problems
    assert isinstance(info.value, ValueError)


def test_an_empty_directory_has_no_scenarios(tmp_path: Path) -> None:
    assert load_scenarios(tmp_path) == ()
