"""A small hand-written corpus in the shape of the parser records (our own wording, not the CR's)."""

from __future__ import annotations

from judge.parsing.records import (
    DocKind,
    DocSection,
    GlossaryEntry,
    JaDocument,
    RuleKind,
    RuleRecord,
    RulesDocument,
)

CURRENT = "20260116"
PREVIOUS = "20251114"


def _rules(version: str, tax_text: str) -> RulesDocument:
    rules = (
        RuleRecord("8", RuleKind.CHAPTER, "", None, 1, title="Multiplayer Rules"),
        RuleRecord("800", RuleKind.SECTION, "", "8", 2, title="General"),
        RuleRecord(
            "800.4a",
            RuleKind.SUBRULE,
            "If a player leaves the game, every object that player owns leaves with them.",
            "800.4",
            3,
        ),
        RuleRecord("805", RuleKind.SECTION, "", "8", 4, title="Shared Team Turns Option"),
        RuleRecord(
            "805.1",
            RuleKind.RULE,
            "With shared team turns, each team takes its turn together as if it were one player.",
            "805",
            5,
        ),
        RuleRecord("9", RuleKind.CHAPTER, "", None, 6, title="Casual Variants"),
        RuleRecord("901", RuleKind.SECTION, "", "9", 7, title="Planechase"),
        RuleRecord(
            "901.9",
            RuleKind.RULE,
            "During a main phase the active player may roll the planar die; the first roll each turn is "
            "free.",
            "901",
            8,
        ),
        RuleRecord("903", RuleKind.SECTION, "", "9", 9, title="Commander"),
        RuleRecord(
            "903.4",
            RuleKind.RULE,
            "The color identity of a card is every color of the mana symbols in its cost and its text.",
            "903",
            10,
        ),
        RuleRecord("903.8", RuleKind.RULE, tax_text, "903", 10),
        RuleRecord(
            "903.10a",
            RuleKind.SUBRULE,
            "Someone who took 21 or more combat damage by the same commander during one game loses it.",
            "903.10",
            11,
            examples=("A commander dealt 12 damage, then 9 more damage: its victim loses.",),
        ),
        RuleRecord(
            "100.9",
            RuleKind.RULE,
            "A token named <script>alert('x')</script> & friends is just a token.",
            "100",
            12,
        ),
    )
    glossary = (
        GlossaryEntry(
            "Commander Tax", "Slang for the growing extra cost of a commander. See rule 903.8.", 20
        ),
        GlossaryEntry("Planar Die", "The six-sided die used in Planechase. See rule 901.", 21),
    )
    return RulesDocument(
        source=f"MagicCompRules {version}.txt", version=version, rules=rules, glossary=glossary
    )


def rules_documents() -> list[RulesDocument]:
    return [
        _rules(
            PREVIOUS,
            "Casting your commander from the command zone costs {2} more per earlier cast (old text).",
        ),
        _rules(
            CURRENT,
            "You may cast a commander you own from the command zone; it costs {2} more for each earlier "
            "cast this game, the so-called \u201ccommander tax.\u201d",
        ),
    ]


def ja_documents() -> list[JaDocument]:
    translation = JaDocument(
        source="001_sample.txt",
        slug="cr-multiplayer-ja",
        title_ja="総合ルール抜粋",
        kind=DocKind.CR_TRANSLATION,
        translated_from="20200601",
        sections=(
            DocSection(
                anchor="r903-8",
                heading="903.8.",
                line=1,
                cr_number="903.8",
                text=(
                    "プレイヤーは統率 領域にある自分の統率者を唱えてよい。"
                    "2回目からは追加で{2}かかる(統率者税)。"
                ),
            ),
            DocSection(
                anchor="r903-4",
                heading="903.4.",
                line=2,
                cr_number="903.4",
                text="カードの固有色とは、そのマナ・コストと文章にあるマナ・シンボルの色すべてである。",
            ),
            DocSection(
                anchor="r800-4a",
                heading="800.4a",
                line=2,
                cr_number="800.4a",
                text="プレイヤーがゲームから除外されたら、そのプレイヤーがオーナーであるオブジェクトも除外される。",
                notes=("⇒ブロールでも同じ",),
            ),
        ),
    )
    commander = JaDocument(
        source="000_sample.txt",
        slug="commander-rules",
        title_ja="統率者戦ルール",
        kind=DocKind.FORMAT_RULES,
        sections=(
            DocSection(
                anchor="rule-9",
                heading="9. 敗北",
                line=1,
                number="9",
                text="1体の統率者から合計21点以上の戦闘ダメージを受けたプレイヤーは敗北する。",
                details=("統率者ダメージはゲームを通して数える。",),
                examples=("<script>alert('ja')</script>という名前のカードがあっても害はない。",),
            ),
        ),
    )
    dtc = JaDocument(
        source="004_sample.txt",
        slug="dtc",
        title_ja="タッグ・コマンダー",
        kind=DocKind.HOUSE_RULES,
        sections=(
            DocSection(
                anchor="deck",
                heading="デッキ",
                line=1,
                text="統率者の文明だけでデッキを作る。ｺﾝﾄﾛｰﾗｰは同じチームの2人で１つ。",
            ),
            DocSection(
                anchor="commander-tax",
                heading="統率者税",
                line=2,
                text="統率者税は統率者を唱えるたびに1つ増える。双頭巨人戦(2vs2)の遊び方を混ぜた形式。",
            ),
        ),
    )
    wiki = JaDocument(
        source="003_sample.txt",
        slug="planechase-wiki",
        title_ja="プレインチェイス戦",
        kind=DocKind.PROSE,
        sections=(
            DocSection(
                anchor="die",
                heading="次元ダイス",
                line=1,
                text=(
                    "《砕けたパワーストーン/Fractured Powerstone》で振った回数は数えない。"
                    "{CHAOS}が出ればカオス能力が誘発する。"
                ),
            ),
            DocSection(
                anchor="history",
                heading="歴史",
                line=2,
                text="プレインズウォーカーズ2013に次元デッキが入っていた。",
            ),
        ),
    )
    return [translation, commander, dtc, wiki]


# A small term table in the format of rules_data/terms.tsv (tests that need synonyms use it).
TERMS = """ja\ten\tkind\trule\tnotes
統率者\tcommander\tcommander\t\t
統率者税\tcommander tax\tcommander\t\t
統率領域\tcommand zone\tzone\t\t
固有色 | 色の固有性\tcolor identity\tcommander\t\t
次元ダイス\tplanar die\tplanechase\t\t
プレインズウォーカー\tplaneswalker\tcard-type\t\t
ゲームから除外 | ゲームから離れる\tleaves the game | leave the game\tmultiplayer\t\t
文明\tcivilization\tduel-masters\t\tDuel Masters
デッキ\tdeck\tgame\t\t
山札\tdeck\tduel-masters\t\tDuel Masters: the library
"""
