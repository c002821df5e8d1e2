"""Measure the Japanese morphological analysers for the search index: recall, precision, speed.

    .venv/bin/python bench/analyzers.py [corpus_dir]

Passages are the lines (or sentences) of the Japanese corpus files, NFKC-normalised.
Each query is (what the user types, the canonical spelling): the passages that contain
the canonical spelling are the ones that should be found. A passage is found when every
content word of the analysed query is among the passage's content words (the index's
AND semantics), and, for the phrase column, when they are consecutive. "hybrid" is what
the index does: the analyser OR the character-bigram phrase. Variant queries
(half-width katakana, コントローラ without the long vowel, 行なう/行う) are where the
analysers differ. Speed: characters per second analysing the whole Japanese corpus,
plus the time to load the dictionary.
"""

from __future__ import annotations

import os
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judge.search.analysis import JA_BACKENDS, Morpheme, bigrams, normalize_ja  # noqa: E402

# (query as typed, canonical spelling in the corpus)
QUERIES: list[tuple[str, str]] = [
    ("統率者", "統率者"),
    ("統率領域", "統率領域"),
    ("固有色", "固有色"),
    ("次元ダイス", "次元ダイス"),
    ("共有チーム・ターン", "共有チーム・ターン"),
    ("ゲームから除外", "ゲームから除外"),
    ("文明", "文明"),
    ("次元コントローラー", "次元コントローラー"),
    ("双頭巨人戦", "双頭巨人戦"),
    ("プレインズウォーク", "プレインズウォーク"),
    ("相棒", "相棒"),
    ("統率者ダメージ", "統率者ダメージ"),
    ("多人数戦", "多人数戦"),
    ("オーナー", "オーナー"),
    ("コントローラー", "コントローラー"),
    ("追放", "追放"),
    ("初期ライフ総量", "初期ライフ総量"),
    ("戦闘ダメージ", "戦闘ダメージ"),
    ("防御プレイヤー", "防御プレイヤー"),
    ("アクティブ・プレイヤー", "アクティブ・プレイヤー"),
    ("優先権", "優先権"),
    ("現象カード", "現象カード"),
    ("次元デッキ", "次元デッキ"),
    ("カオス・シンボル", "カオス・シンボル"),
    ("伝説のクリーチャー", "伝説のクリーチャー"),
    ("禁止カード", "禁止カード"),
    ("影響範囲", "影響範囲"),
    ("状況起因処理", "状況起因処理"),
    ("置換効果", "置換効果"),
    ("マリガン", "マリガン"),
    ("墓地", "墓地"),
    ("ライブラリー", "ライブラリー"),
    ("手札", "手札"),
    ("チームメイト", "チームメイト"),
    ("シールド", "シールド"),
    ("超次元ゾーン", "超次元ゾーン"),
    ("山札", "山札"),
    ("デッキ構築", "デッキ構築"),
    ("唱える", "唱え"),
    # variants the user may type
    ("ｺﾝﾄﾛｰﾗｰ", "コントローラー"),
    ("コントローラ", "コントローラー"),
    ("ｵｰﾅｰ", "オーナー"),
    ("プレーヤー", "プレイヤー"),
    ("ライブラリ", "ライブラリー"),
    ("４０点", "40点"),
    ("２１点", "21点"),
    ("共有チームターン", "共有チーム・ターン"),
    ("次元 ダイス", "次元ダイス"),
    ("行う", "行な"),
]


MISSES: dict[str, list[str]] = {}


def read_passages(corpus: Path) -> list[str]:
    passages: list[str] = []
    for path in sorted((corpus / "ja").glob("*.txt")):
        lines = path.read_text(encoding="utf-8-sig").splitlines()
        words = [line.strip() for line in lines if line.strip()]
        if words and statistics.median(len(w) for w in words) < 8:  # one-word-per-line dump: reflow
            lines = re.split(r"(?<=。)", "".join(words))
        passages.extend(normalize_ja(line).strip() for line in lines if line.strip())
    return passages


def contains(passage_terms: list[str], query_terms: list[str], *, phrase: bool) -> bool:
    if not query_terms:
        return False
    if not phrase:
        return set(query_terms) <= set(passage_terms)
    n = len(query_terms)
    return any(passage_terms[i : i + n] == query_terms for i in range(len(passage_terms) - n + 1))


def bigram_phrase(passage: str, query: str) -> bool:
    grams = [g for g, _, _ in bigrams(query)]
    text = [g for g, _, _ in bigrams(passage)]
    return contains(text, grams, phrase=True)


def measure(name: str, analyse: Callable[[str], list[Morpheme]], passages: list[str]) -> dict[str, float]:
    start = time.perf_counter()
    analyse("統率者")  # loads the dictionary
    load = time.perf_counter() - start
    analysed = [[m.text for m in analyse(p)] for p in passages]  # warm-up pass
    elapsed = float("inf")
    for _ in range(3):  # best of three
        start = time.perf_counter()
        for p in passages:
            analyse(p)
        elapsed = min(elapsed, time.perf_counter() - start)
    chars = sum(len(p) for p in passages)
    hits = {"and": 0, "phrase": 0, "hybrid": 0}
    found = {"and": 0, "phrase": 0, "hybrid": 0}
    correct = {"and": 0, "phrase": 0, "hybrid": 0}
    expected_total = 0
    misses: list[str] = []
    for typed, canonical in QUERIES:
        q_terms = [m.text for m in analyse(normalize_ja(typed))]
        canon = normalize_ja(canonical)
        missed = 0
        for passage, terms in zip(passages, analysed, strict=True):
            expected = canon in passage
            expected_total += expected
            matched = {
                "and": contains(terms, q_terms, phrase=False),
                "phrase": contains(terms, q_terms, phrase=True),
            }
            matched["hybrid"] = matched["phrase"] or bigram_phrase(passage, normalize_ja(typed))
            for key, value in matched.items():
                found[key] += value
                correct[key] += value and expected
                hits[key] += value and expected
            missed += expected and not matched["and"]
        if missed:
            misses.append(f"{typed}({missed})")
    MISSES[name] = misses
    result = {"load_s": load, "kchars_per_s": chars / elapsed / 1000}
    for key in hits:
        result[f"recall_{key}"] = hits[key] / expected_total
        result[f"precision_{key}"] = correct[key] / found[key] if found[key] else 0.0
    return result


def bigram_only(passages: list[str]) -> dict[str, float]:
    start = time.perf_counter()
    for p in passages:
        bigrams(p)
    elapsed = time.perf_counter() - start
    hit = found = expected_total = 0
    for typed, canonical in QUERIES:
        canon = normalize_ja(canonical)
        for passage in passages:
            expected = canon in passage
            matched = bigram_phrase(passage, normalize_ja(typed))
            expected_total += expected
            found += matched
            hit += matched and expected
    chars = sum(len(p) for p in passages)
    return {
        "load_s": 0.0,
        "kchars_per_s": chars / elapsed / 1000,
        "recall_phrase": hit / expected_total,
        "precision_phrase": hit / found if found else 0.0,
    }


def main() -> None:
    default = Path(__file__).resolve().parent.parent.parent / "shared" / "rules_data"
    corpus = Path(sys.argv[1] if len(sys.argv) > 1 else os.environ.get("JUDGE_CORPUS_DIR", default))
    passages = read_passages(corpus)
    print(f"{len(passages)} passages, {sum(len(p) for p in passages)} characters, {len(QUERIES)} queries")
    header = "analyser                 load s  kchar/s  R(and)  P(and)  R(phr)  P(phr)  R(hyb)  P(hyb)"
    print(header)
    for name, analyse in JA_BACKENDS.items():
        r = measure(name, analyse, passages)
        print(
            f"{name:24} {r['load_s']:6.2f} {r['kchars_per_s']:8.0f}  {r['recall_and']:.3f}   "
            f"{r['precision_and']:.3f}"
            f"   {r['recall_phrase']:.3f}   {r['precision_phrase']:.3f}   {r['recall_hybrid']:.3f}"
            f"   {r['precision_hybrid']:.3f}"
        )
    print("\nqueries with passages missed by AND (number missed):")
    for name, misses in MISSES.items():
        print(f"  {name}: {' '.join(misses) or '-'}")
    b = bigram_only(passages)
    print(
        f"{'bigram phrase only':24} {b['load_s']:6.2f} {b['kchars_per_s']:8.0f}     -       -   "
        f"   {b['recall_phrase']:.3f}   {b['precision_phrase']:.3f}"
    )


if __name__ == "__main__":
    main()
