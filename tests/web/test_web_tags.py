"""Template filters every page uses (judge.web.templatetags.web_tags)."""

from __future__ import annotations

import pytest
from django.utils import translation

from judge.web.templatetags.web_tags import mana_symbols


@pytest.mark.parametrize(
    ("lang", "text", "labels"),
    [
        ("en", "Total cost: {6}{G}{G}.", ["6 generic mana", "green mana", "green mana"]),
        ("ja", "総コスト：{0}。", ["不特定マナ0"]),
        ("ja", "{W}{U}{B}{R}{C}", ["白マナ", "青マナ", "黒マナ", "赤マナ", "無色マナ"]),
    ],
)
def test_mana_symbols_are_drawn_with_a_spoken_label(lang: str, text: str, labels: list[str]) -> None:
    with translation.override(lang):
        html = str(mana_symbols(text))
    assert "{" not in html and html.count('role="img"') == len(labels)
    assert [part.split('"')[0] for part in html.split('aria-label="')[1:]] == labels


def test_the_rest_is_escaped_and_other_symbols_stay_as_typed() -> None:
    html = str(mana_symbols("<b>{R/W}</b> {T} {2}"))
    assert html.startswith("&lt;b&gt;{R/W}&lt;/b&gt; {T} <span") and 'aria-label="2 generic mana"' in html
