"""The rules' common verbs in Japanese and the English words the Comprehensive Rules use for them.

A Japanese rules question is a term plus a verb (統治者 離れる, 背景を選ぶ, 統率領域に戻せる？).
The term table (rules_data/terms.tsv) holds the game's nouns; these verbs are ordinary words, not
glossary terms, so they live here: a Japanese verb in a query (by its normalised dictionary form:
戻せる and 戻った are 戻す, 戻る) also matches its English words in the English rules, so
「統治者 離れる」 finds 725.4 ("the monarch leaves the game").

>>> verb_stems("離れる"), verb_stems("戻す"), verb_stems("統率者")
(('leav', 'left'), ('return', 'put'), ())
"""

from __future__ import annotations

from functools import cache

from judge.search.analysis import en_stem

# Normalised form (Sudachi) -> English words of the rules (stemmed when looked up).
VERBS: dict[str, tuple[str, ...]] = {
    "離れる": ("leave", "left"),
    # A card "returns" to a hand, but goes back to a zone as "put into" (903.9b: put into the command zone).
    "戻す": ("return", "put"),
    "戻る": ("return", "put"),
    "唱える": ("cast",),
    "得る": ("gain", "take"),
    "取る": ("take",),
    "選ぶ": ("choose", "chosen", "chose"),
    "置く": ("put",),
    "失う": ("lose", "lost"),
    "負ける": ("lose", "lost"),
    "勝つ": ("win", "won"),
    "引く": ("draw", "drawn", "drew"),
    "捨てる": ("discard",),
    "支払う": ("pay", "paid"),
    "払う": ("pay", "paid"),
    "出る": ("enter",),
    "入る": ("enter",),
    "与える": ("deal", "dealt"),
    "受ける": ("dealt",),
    "渡す": ("pass",),
    "移る": ("move",),
    "戦う": ("fight",),
    "使う": ("use",),
    "見る": ("look",),
    "終わる": ("end",),
    "始める": ("begin",),
    "開始": ("begin", "start"),
    "出す": ("put",),
    "無くなる": ("left", "empty"),
    # Nouns asked the same way: how many (デッキ枚数), who wins, when.
    "枚数": ("cards",),
    "勝ち": ("win",),
    "負け": ("lose", "lost"),
    "同時": ("simultaneously",),
    "最初": ("first",),
    "先攻": ("first",),
    "再": ("restart",),
}


@cache
def verb_stems(word: str) -> tuple[str, ...]:
    """The English stems of a Japanese verb (its normalised form), or ()."""
    return tuple(dict.fromkeys(en_stem(w) for w in VERBS.get(word, ())))


# A term the rules define by other words, which the rules then use instead: a query for the term also finds
# those words (the rule that defines it -> the English words). "Dies" means "is put into a graveyard from the
# battlefield" (700.4), and what happens to a commander that dies is said of "a commander in a graveyard"
# (903.9a).
DEFINED_AS: dict[str, tuple[str, ...]] = {
    "700.4": ("graveyard",),
}
