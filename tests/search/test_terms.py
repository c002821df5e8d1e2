from __future__ import annotations

from pathlib import Path

import pytest

from judge.parsing.corpus import read_text
from judge.search.analysis import en_terms, normalize_ja
from judge.search.terms import TERMS_FILE, TermPair, TermTable, load_terms, parse_terms


def test_parse_terms_reads_alternatives_notes_and_skips_comments() -> None:
    text = (
        "ja\ten\tkind\trule\tnotes\n# comment\n"
        "統率者ダメージ\tcommander damage | combat damage\tcommander\t903.10a\t\n"
        "文明\tcivilization\tduel-masters\t\tDuel Masters\n"
        "\tif\tgame\t\tno Japanese term\n"
    )
    pairs = parse_terms(text)
    assert pairs == [
        TermPair(ja=("統率者ダメージ",), en=("commander damage", "combat damage"), notes="", rule="903.10a"),
        TermPair(ja=("文明",), en=("civilization",), notes="Duel Masters", one_way=True),
    ]
    assert pairs[0].ja_to_en and not pairs[1].ja_to_en


def test_longest_match_wins() -> None:
    table = TermTable(
        parse_terms(
            "ja\ten\tkind\trule\tnotes\n統率者\tcommander\tcommander\n統率者税\tcommander "
            "tax\tcommander\nゲーム\tgame\tgame\n"
        )
    )
    matches = table.find_ja("統率者税とゲーム")
    assert [(m.start, m.end, m.pairs[0].en) for m in matches] == [
        (0, 4, ("commander tax",)),
        (5, 8, ("game",)),
    ]
    stems = en_terms("pay the commander tax now")
    [match] = table.find_en(stems)
    assert stems[match.start : match.end] == ["commander", "tax"]


def test_the_term_table_has_enough_unique_pairs() -> None:
    table = load_terms(TERMS_FILE)
    assert len(table.pairs) >= 80
    ja = [normalize_ja(s) for p in table.pairs for s in p.ja]
    assert len(ja) == len(set(ja)), "a Japanese term is listed twice"
    required = {
        "統率者": "commander",
        "統率者税": "commander tax",
        "次元ダイス": "planar die",
        "追放": "exile",
    }
    by_ja = {p.ja[0]: p.en for p in table.pairs}
    for ja_term, en_term in required.items():
        assert en_term in by_ja[ja_term]


def test_a_missing_file_is_an_empty_table(tmp_path: Path) -> None:
    assert load_terms(tmp_path / "none.tsv").pairs == ()


@pytest.mark.corpus
def test_every_term_occurs_in_the_corpus(real_corpus: Path) -> None:
    """Each row is used by the corpus: the Japanese word in the Japanese files or the English one in a release
    of the CR (a word the current rules dropped, such as the Paris mulligan, is still in the older ones)."""
    ja_text = normalize_ja(
        "\n".join(p.read_text(encoding="utf-8-sig") for p in (real_corpus / "ja").glob("*.txt"))
    )
    releases = sorted((real_corpus / "en").glob("MagicCompRules *.txt"))
    en_text = " ".join(" ".join(en_terms(read_text(path))) for path in releases)
    unused = []
    for pair in load_terms(TERMS_FILE).pairs:
        in_ja = any(normalize_ja(s) in ja_text for s in pair.ja)
        in_en = any(" ".join(en_terms(s)) in en_text for s in pair.en)
        if not (in_ja or in_en):
            unused.append(pair.ja[0])
    assert unused == []
    found_both = sum(
        1
        for p in load_terms(TERMS_FILE).pairs
        if any(normalize_ja(s) in ja_text for s in p.ja)
        and any(" ".join(en_terms(s)) in en_text for s in p.en)
    )
    assert found_both >= 80


def test_a_one_character_term_does_not_split_japanese_words() -> None:
    """場 (in play) is a term, but 場合 is an ordinary word: English still finds 場."""
    table = TermTable(parse_terms("ja\ten\tkind\trule\tnotes\n場\tin play\tobsolete\t\t\n"))
    assert table.find_ja(normalize_ja("ダメージを与える場合")) == []
    [match] = table.find_en(en_terms("in play"))
    assert match.pairs[0].ja == ("場",)


# --- readings, loanwords, inflected verbs (issue 20) --------------------------------------------------------

JA_TABLE = (
    "ja\ten\tkind\trule\tnotes\n"
    "統率者税 | コマンダー税\tcommander tax\tcommander\t903.8\t\n"
    "共闘 | パートナー\tpartner\tkeyword-ability\t702.124\t\n"
    "統率者ダメージ | コマンダー・ダメージ\tcommander damage\tcommander\t903.10a\t\n"
    "ゲームから離れる\tleaves the game\tmultiplayer\t800.4\t\n"
    "墓地\tgraveyard\tzone\t404\t\n"
)


@pytest.mark.parametrize(
    ("text", "span", "english"),
    [
        ("とうそつしゃぜい", "とうそつしゃぜい", "commander tax"),  # hiragana reading
        ("トウソツシャゼイは", "トウソツシャゼイ", "commander tax"),  # katakana reading
        ("きょうとう", "きょうとう", "partner"),
        ("パートナー", "パートナー", "partner"),  # a loanword listed as a spelling
        ("コマンダーダメージ", "コマンダーダメージ", "commander damage"),  # without the middle dot
        ("ゲームから離れたら", "ゲームから離れ", "leaves the game"),  # an inflected verb
    ],
)
def test_kana_readings_loanwords_and_inflections_find_the_term(text: str, span: str, english: str) -> None:
    table = TermTable(parse_terms(JA_TABLE))
    [match] = table.find_ja(text)
    assert text[match.start : match.end] == span and match.pairs[0].en[0] == english
    assert table.knows(span) or span.endswith("離れ")


def test_a_reading_never_starts_inside_a_word_of_hiragana() -> None:
    table = TermTable(parse_terms(JA_TABLE))
    assert table.find_ja("ぼち") == []  # ボチ (墓地) is too short a reading to stand for the term
    assert table.find_ja("あきょうとう") == []  # inside a run of hiragana
