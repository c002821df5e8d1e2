"""The changes and history pages on the newest releases of the corpus, read as a reader would: whatever the
newest releases are (releases are added as they come out), the pages say what the two files say.

What each page should show is worked out here from the two files themselves (parsed, paired rule by rule by
judge.parsing.lineage), never from the database the pages read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

import pytest

from judge.engine.dates import effective
from judge.parsing.corpus import parse_file
from judge.parsing.lineage import step_between
from judge.parsing.records import RuleKind, RuleRecord, RulesDocument
from tests.conftest import corpus_dir, corpus_releases

pytestmark = [pytest.mark.corpus, pytest.mark.django_db]

# The adjacent pairs of the newest releases checked (the newest first): the releases a site took in last.
PAIRS = 3


@dataclass(frozen=True)
class Expected:
    older: str
    newer: str
    added: list[str]
    removed: list[str]
    changed: list[str]  # numbers in the newer release
    renumbered: list[tuple[str, str]]
    rules: dict[str, RuleRecord]  # the newer release's rules


def _release(version: str) -> RulesDocument:
    document = parse_file(corpus_dir() / "en" / f"MagicCompRules {version}.txt")
    assert isinstance(document, RulesDocument)
    return document


def _content(rule: RuleRecord) -> tuple[str, str, tuple[str, ...]]:
    return rule.title, rule.text, rule.examples


def expected(older: str, newer: str) -> Expected:
    before, after = _release(older), _release(newer)
    step = step_between(before, after)
    old_rules = {r.number: r for r in before.rules}
    new_rules = {r.number: r for r in after.rules}
    kept = {number: step.successor(number) for number in old_rules}
    return Expected(
        older=older,
        newer=newer,
        added=[n for n in new_rules if step.predecessor(n) is None],
        removed=[n for n, target in kept.items() if target is None],
        changed=[
            t for n, t in kept.items() if t is not None and _content(old_rules[n]) != _content(new_rules[t])
        ],
        renumbered=[(n, t) for n, t in kept.items() if t is not None and t != n],
        rules=new_rules,
    )


def newest_pairs() -> list[tuple[str, str]]:
    releases = corpus_releases()
    return list(pairwise(releases))[-PAIRS:][::-1]


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("position", range(PAIRS), ids=[f"pair-{n}" for n in range(PAIRS)])
def test_the_changes_page_lists_what_the_newer_release_changed(client, ingested, position) -> None:
    pairs = newest_pairs()
    if position >= len(pairs):
        pytest.skip("the corpus holds fewer releases")
    older, newer = pairs[position]
    want = expected(older, newer)
    url = f"/en/rules/changes/?from={older}&to={newer}"
    html = client.get(url).content.decode()
    assert f"{len(want.added)} added, {len(want.removed)} removed, {len(want.changed)} changed." in html
    for number in want.added:
        assert f'<a href="/en/rules/{number}/?version={newer}">{number}</a>' in html, number
    for number in want.removed:
        assert f'<a href="/en/rules/{number}/?version={older}">{number}</a>' in html, number
    for old, new in want.renumbered:
        assert (
            f'<a href="/en/rules/{old}/?version={older}">{old}</a> → '
            f'<a href="/en/rules/{new}/?version={newer}">{new}</a>'
        ) in html, old
    for number in want.changed:
        assert f'href="/en/rules/{number}/history/?version={newer}"' in html, number
    # A new keyword (a rule of 701 or 702 that is the title of its subrules) is listed by its name.
    keywords = [
        n for n in want.added if re.fullmatch(r"70[12]\.\d+", n) and want.rules[n].kind is RuleKind.RULE
    ]
    for number in keywords:
        assert f'{number}</a> <span lang="en">{want.rules[number].text}</span>' in html, number
    # The Japanese page lists the same rules.
    ja = client.get(f"/ja/rules/changes/?from={older}&to={newer}").content.decode()
    assert ja.count(f'?version={newer}"') == html.count(f'?version={newer}"')


def test_by_default_the_changes_page_compares_the_two_newest_releases(client, ingested) -> None:
    older, newer = newest_pairs()[0]
    html = client.get("/ja/rules/changes/").content.decode()
    for release in (older, newer):  # sent as its number, shown as its date
        assert f'<option value="{release}" selected>{effective(release).in_("ja")}</option>' in html
    want = expected(older, newer)
    assert f"追加 {len(want.added)}、削除 {len(want.removed)}、変更 {len(want.changed)}。" in html


def test_a_renumbered_rule_s_history_shows_each_release_under_its_number(client, ingested) -> None:
    """The newest renumbering in the corpus: the rule's history names its older number in the older release
    and the newer number from then on, and the old address leads to today's rule."""
    releases = corpus_releases()
    for older, newer in reversed(list(pairwise(releases))):
        want = expected(older, newer)
        moved = [(o, n) for o, n in want.renumbered if o not in dict(want.renumbered).values()]
        if moved:
            break
    else:
        pytest.skip("no renumbering between adjacent releases of the corpus")
    old, new = moved[0]
    data = client.get(f"/api/rules/{new}/history?version={newer}").json()
    entries = [(e["version"], e["number"], e["change"]) for e in data["history"]]
    at = [e for e in entries if e[0] in (older, newer)]
    assert at[0][:2] == (older, old) and at[1][:2] == (newer, new) and at[1][2] == "renumbered"
    later = [e for e in entries if e[0] > newer]
    assert [e[0] for e in later] == [v for v in releases if v > newer]
    page = _text(client.get(f"/en/rules/{new}/history/?version={newer}").content.decode())
    assert effective(older).in_("en") in page and effective(newer).in_("en") in page and old in page


def test_an_added_rule_s_history_starts_in_the_release_that_added_it(client, ingested) -> None:
    older, newer = newest_pairs()[0]
    want = expected(older, newer)
    if not want.added:
        pytest.skip("the newest release added no rule")
    number = want.added[0]
    data = client.get(f"/api/rules/{number}/history").json()
    assert [(e["version"], e["change"]) for e in data["history"]][0] == (newer, "added")
