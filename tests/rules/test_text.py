"""Rule text as HTML: links and glosses (judge/rules/text.py)."""

from __future__ import annotations

import pytest
from django.utils import translation

from judge.rules.text import Gloss, Glosser, rule_html
from judge.web.citations import rule_url_prefix

COMMANDER = Gloss("1", "Commander", "統率者", definition="A designation.", anchor="term-121", rule="903.3")
TAX = Gloss("2", "Commander Tax", "統率者税", definition="Informal term.", anchor="term-124", rule="903.8")
ZONE = Gloss("3", "command zone", "統率領域", rule="408")  # no glossary entry: the tap leads to its rule
REACH = Gloss("4", "Reach", "到達", anchor="term-500", rule="702.17")
CASE = Gloss("5", "Case", "事件", anchor="term-100", rule="719")
ABILITY = Gloss("6", "ability", "能力", anchor="term-2", rule="113")
GLOSSER = Glosser(
    [
        (("commander",), COMMANDER, True),
        (("commander tax",), TAX, True),
        (("command zone",), ZONE, True),
        (("reach",), REACH, False),
        (("Case",), CASE, True),
        (("ability",), ABILITY, True),
    ]
)


def found(text: str) -> list[tuple[str, str]]:
    return [(text[a:b], g.name_ja) for a, b, g in GLOSSER.find(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the commander tax", [("commander tax", "統率者税")]),  # the longest spelling wins
        ("Commanders' abilities", [("Commanders", "統率者"), ("abilities", "能力")]),  # plurals, y -> ies
        ("a player reaches 0 life", []),  # a keyword only as spelled
        ("a creature with reach", [("reach", "到達")]),
        ("in that case", []),  # a capitalised spelling (the subtype) only capitalised
        ("this Case is solved", [("Case", "事件")]),
        ("noncommander commander-ish", []),  # whole words only
        ("the command  zone", [("command  zone", "統率領域")]),  # any spacing
    ],
)
def test_glosser_finds_whole_words(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


def test_rule_html_links_references_and_glosses_each_word_once() -> None:
    glossed: list[Gloss] = []
    first = rule_html(
        "A commander's commander tax (see rule 903.8) & the commander <b>.",
        rule_url="/ja/rules/",
        glosser=GLOSSER,
        glossary_url="/ja/glossary/",
        glossed=glossed,
    )
    assert str(first) == (
        'A <a class="gloss" href="/ja/glossary/#term-121" data-gloss="1">commander</a>&#x27;s '
        '<a class="gloss" href="/ja/glossary/#term-124" data-gloss="2">commander tax</a> '
        '(see <a class="rule-ref" href="/ja/rules/903.8/">rule 903.8</a>) &amp; the commander &lt;b&gt;.'
    )
    second = rule_html(
        "It moves to the command zone; the commander.",
        rule_url="/ja/rules/",
        glosser=GLOSSER,
        glossary_url="/ja/glossary/",
        glossed=glossed,
    )
    # A word without a glossary entry leads to its rule; a word glossed earlier on the page is not again.
    assert str(second) == (
        'It moves to the <a class="gloss" href="/ja/rules/408/" data-gloss="3">command zone</a>;'
        " the commander."
    )
    assert glossed == [COMMANDER, TAX, ZONE]


def test_rule_html_without_a_glosser_only_links() -> None:
    html = rule_html("The commander: rule 711.4a.", rule_url="/en/rules/", renumbered={"711.4a": "712.8a"})
    assert str(html) == 'The commander: <a class="rule-ref" href="/en/rules/712.8a/">rule 711.4a</a>.'


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_rule_url_prefix_is_the_rule_pages_url_in_the_active_language(lang: str) -> None:
    with translation.override(lang):
        assert rule_url_prefix() == f"/{lang}/rules/"
