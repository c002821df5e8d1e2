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
        # A worked ruling's hybrid cost and a land's tap ability (issue 40 item 6: no raw braces on /ja/).
        (
            "ja",
            "{1}{G}{W}{U}、{R/W}",
            ["不特定マナ1", "緑マナ", "白マナ", "青マナ", "赤マナか白マナ（混成）"],
        ),
        (
            "ja",
            "{T}：{X}{2/W}{G/P}",
            [
                "タップ・シンボル",
                "不特定マナX",
                "不特定マナ2か白マナ（混成）",
                "緑マナか2点のライフ（ファイレクシア・マナ）",
            ],
        ),
        ("en", "{R/W}{G/P}", ["red mana or white mana (hybrid)", "green mana or 2 life (Phyrexian mana)"]),
    ],
)
def test_mana_symbols_are_drawn_with_a_spoken_label(lang: str, text: str, labels: list[str]) -> None:
    with translation.override(lang):
        html = str(mana_symbols(text))
    assert "{" not in html and html.count('role="img"') == len(labels)
    assert [part.split('"')[0] for part in html.split('aria-label="')[1:]] == labels


def test_the_rest_is_escaped_and_other_symbols_stay_as_typed() -> None:
    html = str(mana_symbols("<b>{R/W}</b> {Q} {W/U/P} {2}"))
    assert html.startswith("&lt;b&gt;<span") and "&lt;/b&gt; {Q} {W/U/P} <span" in html
    assert 'aria-label="2 generic mana"' in html and 'class="mana-symbol pip-H"' in html
