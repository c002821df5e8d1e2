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
    assert [g for g, _, _ in bigrams("共有チーム・ターン")] == ["共有", "有チ", "チー", "ーム", "ター", "ーン"]
    assert [g for g, _, _ in bigrams("税")] == ["税"]
    assert bigrams("commander tax") == []


def test_english_terms_stem_and_drop_stop_words() -> None:
    assert en_terms("The player leaves the game") == ["player", "leav", "game"]
    assert en_terms("Commanders and their controllers") == ["commander", "controller"]
    assert en_terms("see rule 903.8a") == ["see", "rule", "903.8a"]
