"""An undated translation is never today's rule by assumption (issue 40 item 2): a text that names no release
is ``current`` only when its rule reads the same in every loaded release back to the oldest it could follow,
and it cannot predate that release. Invented releases 20180101 < 20200101 < 20260101."""

from __future__ import annotations

from judge.parsing.dating import Dating, TermMatcher, date_translation
from judge.parsing.linking import link_document, renumberings
from judge.parsing.records import DocKind, DocSection, JaDocument, RuleKind, RuleRecord, RulesDocument

OLDEST, MIDDLE, TODAY = "20180101", "20200101", "20260101"

# 800.2 never changed; 800.3 changed before the middle release (between the oldest and the middle);
# 800.4 changed after the middle release (between the middle and today's).
TEXTS = {
    OLDEST: {
        "800.2": "A player who leaves the game loses.",
        "800.3": "Objects owned by that player leave the game and go to exile.",
        "800.4": "Control of an object that player controlled ends.",
    },
    MIDDLE: {
        "800.2": "A player who leaves the game loses.",
        "800.3": "Objects owned by that player leave the game.",
        "800.4": "Control of an object that player controlled ends.",
    },
    TODAY: {
        "800.2": "A player who leaves the game loses.",
        "800.3": "Objects owned by that player leave the game.",
        "800.4": "The player who controlled that object by default gains control of it.",
    },
}


def _release(version: str) -> RulesDocument:
    rules = tuple(
        RuleRecord(number, RuleKind.RULE, text, "800", line)
        for line, (number, text) in enumerate(TEXTS[version].items())
    )
    return RulesDocument(source=f"cr-{version}.txt", version=version, rules=rules, glossary=())


RELEASES = [_release(v) for v in (OLDEST, MIDDLE, TODAY)]


def _document(translated_from: str | None = None) -> JaDocument:
    sections = tuple(
        DocSection(f"r{n}", "", f"訳 {n}", i, cr_number=n) for i, n in enumerate(("800.2", "800.3", "800.4"))
    )
    return JaDocument(
        source="x.txt",
        slug="x",
        title_ja="抜粋",
        kind=DocKind.CR_TRANSLATION,
        sections=sections,
        translated_from=translated_from,
    )


def _standings(dating: Dating | None, translated_from: str | None = None) -> dict[str, str]:
    linked = link_document(
        _document(translated_from), RELEASES, renumberings(RELEASES), TermMatcher(()), dating=dating
    )
    return {s.section.cr_number or "": s.standing for s in linked.sections}


def test_a_text_of_an_unknown_release_may_predate_every_loaded_release() -> None:
    # Matched by none: it may come from before 20180101, so even the rule that never changed in the loaded
    # releases (800.2) may have read otherwise then.
    found = _standings(Dating(how="unknown", placed_by=TODAY))
    assert found == {"800.2": "unchecked", "800.3": "unchecked", "800.4": "unchecked"}


def test_a_text_dated_by_content_since_the_middle_release() -> None:
    # Its content matches 20200101 and today's, not 20180101: it cannot predate 20200101.
    found = _standings(Dating(how="content", version=TODAY, matches=(MIDDLE, TODAY)))
    assert found["800.2"] == "current"  # never changed
    assert found["800.3"] == "current"  # changed before the oldest release the text could follow
    assert found["800.4"] == "unchecked"  # changed after: the text may follow 20200101's rule


def test_a_text_whose_content_matches_the_oldest_loaded_release_may_be_older() -> None:
    found = _standings(Dating(how="content", version=TODAY, matches=(OLDEST, MIDDLE, TODAY)))
    assert set(found.values()) == {"unchecked"}


def test_a_text_that_names_its_release_is_compared_with_it() -> None:
    found = _standings(None, translated_from=MIDDLE)
    assert found == {"800.2": "current", "800.3": "current", "800.4": "outdated"}


def test_dated_against_the_releases_loaded_a_text_matching_the_oldest_is_unchecked() -> None:
    # The dating itself (not given beforehand): with only 20200101 and today's loaded, the text matches both,
    # so it may predate 20200101, and none of its rules is today's by assumption.
    terms = TermMatcher([(("退場",), ("exile",)), (("敗北",), ("loses",)), (("コントロール",), ("control",))])
    sections = (
        DocSection("r800.2", "", "ゲームを離れたプレイヤーは敗北する。", 1, cr_number="800.2"),
        DocSection(
            "r800.3", "", "そのプレイヤーがオーナーであるオブジェクトはゲームを離れる。", 2, cr_number="800.3"
        ),
    )
    text = JaDocument(
        source="x.txt", slug="x", title_ja="抜粋", kind=DocKind.CR_TRANSLATION, sections=sections
    )
    assert date_translation(text, RELEASES[1:], terms).matches == (MIDDLE, TODAY)
    few = link_document(text, RELEASES[1:], renumberings(RELEASES[1:]), terms)
    assert {s.standing for s in few.sections} == {"unchecked"}
