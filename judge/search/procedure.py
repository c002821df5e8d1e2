"""Is a question about tournament procedure (the judge's documents: MTR, IPG, JAR) or about the game's rules
(the Comprehensive Rules)? judge.search.ranking ranks the judge's documents first for the former."""

from __future__ import annotations

# Words of a question about tournament procedure rather than the game's rules: the judge's documents (MTR,
# IPG, JAR) rank above the Comprehensive Rules for it (they are kept in the query: "slow play" is what is
# searched).
PROCEDURE_EN = (
    "deck registration",
    "decklist",
    "deck list",
    "slow play",
    "intentional draw",
    "missed trigger",
    "missed triggers",
    "competitive rel",
    "competitive",
    "regular rel",
    "penalty",
    "infraction",
    "tournament",
    "head judge",
    "outside assistance",
    "deck check",
    "game loss",
    "match loss",
    "disqualification",
    "tardiness",
    "stalling",
    "cheating",
    "marked cards",
    "bribery",
)
PROCEDURE_JA = (
    "デッキ登録",
    "デッキリスト",
    "遅いプレイ",
    "スロープレイ",
    "合意の引き分け",
    "誘発忘れ",
    "罰則",
    "違反",
    "トーナメント",
    "ジャッジ",
    "ルール適用度",
    "競技",
    "ゲームの敗北",
    "マッチの敗北",
    "失格",
    "遅刻",
)


# Words of both: conceding and communication are rules of the game too (104.3a, 800.4a; 810.8b in
# Two-Headed Giant). Alone, or beside procedure's words, they ask about procedure ("conceding a match");
# beside another word of the game ("投了 コントロール", "双頭巨人 投了したら？"), about the game.
PROCEDURE_OR_GAME_EN = ("concede", "concedes", "conceding", "concession", "communication")
PROCEDURE_OR_GAME_JA = ("投了", "コミュニケーション")
#: Words of the term table that name no rule of the game in particular: "player communication" and
#: "conceding a match" stay procedure questions.
NOT_THE_GAME = (
    *PROCEDURE_OR_GAME_EN,
    *PROCEDURE_OR_GAME_JA,
    "player",
    "match",
    "game",
    "プレイヤー",
    "マッチ",
    "ゲーム",
)


def is_procedure_question(text: str, *, names_the_game: bool = False) -> bool:
    """Does the query ask about tournament procedure (deck registration, slow play, an intentional draw,
    conceding, communication, a missed trigger at Competitive REL)? ``names_the_game``: the query also holds
    a word of the game's rules (the term table's) other than conceding and communication.

    >>> is_procedure_question("slow play warning"), is_procedure_question("投了 トーナメント")
    (True, True)
    >>> is_procedure_question("conceding a match")
    True
    >>> is_procedure_question("投了 コントロール", names_the_game=True)
    False
    >>> is_procedure_question("commander tax"), is_procedure_question("player leaves the game")
    (False, False)
    """
    folded = f" {' '.join(text.casefold().split())} "
    if any(f" {word} " in folded for word in PROCEDURE_EN) or any(w in text for w in PROCEDURE_JA):
        return True
    either = any(f" {w} " in folded for w in PROCEDURE_OR_GAME_EN) or any(
        w in text for w in PROCEDURE_OR_GAME_JA
    )
    return either and not names_the_game
