"""The Japanese glossary's order (judge/rules/japanese.py)."""

from __future__ import annotations

import pytest

import judge.rules.japanese as japanese


def test_readings_of_official_names() -> None:
    assert japanese.readings(["統率者税", "固有色", "次元コントローラー", "APNAP順"]) == [
        "トウソツシャゼイ",
        "コユウショク",
        "ジゲンコントローラー",
        "apnapジュン",
    ]


def test_gojuon_order() -> None:
    """Voiced after plain at the same place, small kana as full, a long vowel read as its vowel."""
    words = [
        "トークン",
        "ドロー",
        "トウソツシャゼイ",
        "アーティファクト",
        "アンタップ",
        "キッカー",
        "ギルド",
        "キーワード",
    ]
    assert sorted(words, key=japanese.sort_key) == [
        "アーティファクト",
        "アンタップ",
        "キーワード",
        "キッカー",
        "ギルド",
        "トウソツシャゼイ",
        "トークン",
        "ドロー",
    ]


@pytest.mark.parametrize(
    ("kana", "row"),
    [
        ("アンタップ", "あ"),
        ("ゲーム", "か"),
        ("ジゲン", "さ"),
        ("ヂ", "た"),
        ("ツイホウ", "た"),
        ("ヌ", "な"),
        ("ブロック", "は"),
        ("パス", "は"),
        ("モード", "ま"),
        ("ユウハツ", "や"),
        ("ライフ", "ら"),
        ("ワ", "わ"),
        ("APNAPジュン", "A–Z"),
        ("", "A–Z"),
    ],
)
def test_rows(kana: str, row: str) -> None:
    assert japanese.row(kana) == row
