"""Every message code exists in Japanese and English, and both use the same parameters."""

from __future__ import annotations

import doctest

from judge.engine import errors, messages, steps, texts
from judge.engine.messages import Message, check_catalog, msg, render


def test_doctests() -> None:
    for module in (messages, steps, errors):
        assert doctest.testmod(module).failed == 0


def test_every_code_has_both_languages_and_the_same_parameters() -> None:
    assert check_catalog(texts.CATALOG) == []


def test_codes_are_prefixed_by_their_domain() -> None:
    for domain in texts.DOMAINS:
        prefixes = {code.split(".")[0] for code in domain.TEXTS}
        assert len(prefixes) <= 2, (domain.__name__, prefixes)  # a domain may share a few "input." codes


def test_a_message_parameter_is_rendered_in_the_same_language() -> None:
    inner = msg("tax.start", cost="{1}")
    outer = Message("input.required", params=(("label", inner),))
    assert render(outer, "ja") == "マナ・コスト {1} から始めます。：入力してください。"
    assert render(outer, "en") == "Start from the mana cost {1}.: required."


def test_a_missing_parameter_shows_its_name() -> None:
    assert render(msg("tax.start"), "en") == "Start from the mana cost {cost}."


def test_check_catalog_finds_a_missing_language_and_disagreeing_parameters() -> None:
    bad = {"x.a": {"en": "{p}"}, "x.b": {"en": "{p}", "ja": "{q}"}}
    assert check_catalog(bad) == ["x.a: no text in ja", "x.b: en uses ['p'], ja uses ['q']"]
