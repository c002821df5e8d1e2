"""The site's message texts (judge.web.texts): both languages, outside the engine, rendered like its own."""

from __future__ import annotations

import pytest

from judge.engine import texts as engine_texts
from judge.engine.messages import check_catalog, msg
from judge.web import texts


def test_every_site_code_has_both_languages_and_the_same_parameters() -> None:
    assert check_catalog(texts.TEXTS) == []
    assert {code.split(".")[0] for code in texts.TEXTS} == {"web"}


def test_the_engine_holds_none_of_the_sites_texts() -> None:
    engine_codes = {code for domain in engine_texts.DOMAINS for code in domain.TEXTS}
    assert not any(code.startswith("web.") for code in engine_codes)
    assert not engine_codes & set(texts.TEXTS)


def test_the_site_texts_render_once_django_has_started() -> None:
    assert msg("web.no-game").text("ja") == "そのゲームはありません。"
    assert msg("web.no-rule", number="999.9", version="2025").text("en") == (
        "There is no rule 999.9 in version 2025."
    )


def test_adding_the_same_texts_again_is_harmless_and_a_second_text_for_a_code_is_refused() -> None:
    engine_texts.add_texts(texts.TEXTS)
    with pytest.raises(ValueError, match="web.no-game"):
        engine_texts.add_texts({"web.no-game": {"en": "Other", "ja": "別"}})
