from __future__ import annotations

import pytest

from judge.search.analysis import bigrams, en_terms, ja_terms, normalize_ja


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ｺﾝﾄﾛｰﾗｰ", "コントローラー"),  # half-width katakana
        ("９０３．８", "903.8"),  # full-width digits
        ("統率 領域", "統率領域"),  # a space inside a Japanese word
        ("ＣＯＭＭＡＮＤ zone", "command zone"),
        ("統率者 commander", "統率者 commander"),  # a space between scripts stays
    ],
)
def test_normalize_ja(text: str, expected: str) -> None:
    assert normalize_ja(text) == expected


def test_japanese_terms_use_normalised_forms() -> None:
    # Sudachi's normalised form joins spelling variants.
    assert ja_terms("コントローラ") == ja_terms("コントローラー") == ["コントローラー"]
    assert ja_terms("ｺﾝﾄﾛｰﾗｰ") == ["コントローラー"]
    assert "除外" in ja_terms("ゲームから除外される")
    assert "から" not in ja_terms("ゲームから除外される")  # particles are dropped


def test_bigrams_are_per_run_and_keep_single_characters() -> None:
    assert [g for g, _, _ in bigrams("共有チーム・ターン")] == [
        "共有",
        "有チ",
        "チー",
        "ーム",
        "ター",
        "ーン",
    ]
    assert [g for g, _, _ in bigrams("税")] == ["税"]
    assert bigrams("commander tax") == []


def test_english_terms_stem_and_drop_stop_words() -> None:
    assert en_terms("The player leaves the game") == ["player", "leav", "game"]
    assert en_terms("Commanders and their controllers") == ["commander", "controller"]
    assert en_terms("see rule 903.8a") == ["see", "rule", "903.8a"]


def test_one_dictionary_per_process_and_a_tokenizer_per_thread() -> None:
    """Loading the Sudachi dictionary costs ~55 ms: threads (runserver answers each request in a new
    one) share it; each makes its own tokenizer, which cannot be shared but costs microseconds."""
    import threading

    from judge.search import analysis

    seen: list[tuple[object, object]] = []

    def analyse() -> None:
        assert analysis.ja_terms("統率者税") == ["統率", "者", "税"]
        seen.append((analysis.sudachi_dictionary(), analysis._sudachi("A")))

    threads = [threading.Thread(target=analyse) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len({id(d) for d, _ in seen}) == 1 and len({id(t) for _, t in seen}) == 3


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("how much does my commander cost", ["commander", "cost"]),
        ("what happens when a player leaves the game", ["player", "leav", "game"]),
        ("can a planeswalker be my commander", ["planeswalker", "commander"]),
    ],
)
def test_question_words_are_stop_words(text: str, expected: list[str]) -> None:
    assert en_terms(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("統率者税はいくらですか", ["統率", "者", "税"]),
        ("プレイヤーがゲームから離れたらどうなる", ["プレーヤー", "ゲーム", "離れる"]),
        ("何をすればいいですか", []),
        ("統率者が死んだらどうなりますか", ["統率", "者", "死ぬ"]),
    ],
)
def test_japanese_question_words_are_stop_words(text: str, expected: list[str]) -> None:
    assert ja_terms(text) == expected


def test_latin_words_inside_japanese_text() -> None:
    from judge.search.analysis import latin_tokens

    text = normalize_ja(
        "《ボロスのギルド魔道士/Boros Guildmage》、TARDIS、{CHAOS}、双頭巨人戦(2vs2)、ｆｕｌｌ ｗｉｄｔｈ"
    )
    assert [t for t, _, _ in latin_tokens(text)] == [
        "boro",
        "guildmag",
        "tardi",
        "chao",
        "2vs2",
        "full",
        "width",
    ]
    assert [t for t, _, _ in latin_tokens("統率者")] == []
