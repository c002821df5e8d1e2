"""Small judge's-document PDFs the tests generate (fpdf2, a dev requirement): pages of lines, with a
running header and a page-number footer on every page, as Wizards prints them."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from fpdf import FPDF

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
#: A Japanese edition's font: Debian's fonts-noto-cjk (.ci/run installs it; without it tests skip, saying so).
JA_FONT = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
needs_ja_font = pytest.mark.skipif(
    not JA_FONT.is_file(), reason=f"no Japanese font to write a Japanese PDF with ({JA_FONT}: fonts-noto-cjk)"
)


def write_pdf(
    path: Path, pages: Sequence[Sequence[str]], *, header: str = "", footer: bool = True, font: Path = FONT
) -> Path:
    """A PDF at ``path`` with one page per item of ``pages``, each line printed as given (no wrapping:
    a test decides where a line breaks); ``font=JA_FONT`` for a Japanese edition."""
    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(auto=False)
    if font.is_file():
        pdf.add_font("body", fname=str(font))
        pdf.set_font("body", size=9)
    else:  # pragma: no cover - the core font has no em dash: tests then write plain hyphens
        pdf.set_font("helvetica", size=9)
    for number, lines in enumerate(pages, start=1):
        pdf.add_page()
        if header:
            pdf.set_xy(10, 8)
            pdf.cell(0, 5, header)
        y = 20.0
        for line in lines:
            if line:
                pdf.set_xy(10, y)
                pdf.cell(0, 5, line)
            y += 5
        if footer:
            pdf.set_xy(100, 285)
            pdf.cell(0, 5, str(number))
    pdf.output(str(path))
    return path


#: A small IPG: contents with a title wrapped over two lines, an infraction with its penalty and parts.
IPG_PAGES = (
    (
        "MAGIC INFRACTION PROCEDURE GUIDE",
        "Effective September 23, 2024",
        "INTRODUCTION",
        "This guide is updated periodically: https://wpn.wizards.com/en/rules-documents.",
        "",
        "CONTENTS",
        "Introduction ........................................ 1",
        "1. General Philosophy ................................ 1",
        "1.1. Definition of Penalties ......................... 1",
        "2. Game Play Errors .................................. 2",
        "2.1. Game Play Error — Missed Trigger ................ 2",
        "2.5. Game Play Error — Game Rule Violation Handled at",
        "Competitive Events ................................... 2",
        "Appendix A — Penalty Quick Reference ................. 2",
    ),
    (
        "1. GENERAL PHILOSOPHY",
        "Judges are neutral arbiters and enforcers of policy and rules. A judge shouldn’t intervene in a",
        "game unless they believe a rules violation has occurred.",
        "1.1. DEFINITION OF PENALTIES",
        "Warning",
        "Warnings are used in situations of incorrect play.",
    ),
    (
        "2. GAME PLAY ERRORS",
        "Game Play Errors are caused by incorrect or inaccurate play of the game such that it results in",
        "violations of the Magic Comprehensive Rules (see rule 704.5).",
        "2.1. Game Play Error — Missed Trigger No Penalty",
        "Definition",
        "A triggered ability triggers, but the player controlling the ability doesn’t demonstrate awareness",
        "of the trigger’s existence.",
        "Philosophy",
        "Triggered abilities are common and invisible (MTR 4.5).",
        "Upgrade: If the triggered ability is usually considered detrimental, the penalty is a Warning.",
        "2.5. Game Play Error — Game Rule Violation Handled at",
        "Competitive Events Warning",
        "Definition",
        "This infraction covers the majority of game situations in which a player makes an error or fails to",
        "follow a game procedure correctly.",
        "Examples",
        "A. A player casts Wrath of God for 3W.",
        "B. A player does not attack with a creature that must attack each turn.",
        "Additional Remedy",
        "First, consider a simple backup (see section 1.4).",
        "APPENDIX A — PENALTY QUICK REFERENCE",
        "Missed Trigger: No Penalty.",
    ),
)

#: A small MTR: the same numbered shape without the IPG's parts, and a numbered list inside a section.
MTR_PAGES = (
    (
        "MAGIC: THE GATHERING® TOURNAMENT RULES",
        "Effective April 21, 2025",
        "Introduction ....................................... 1",
        "3. Tournament Rules ................................ 1",
        "3.1 Tiebreakers .................................... 1",
        "4. Communication .................................... 2",
        "4.4 Loops .......................................... 2",
    ),
    (
        "Introduction",
        "The Magic Tournament Rules provides the infrastructure used to run Magic tournaments.",
        "3. Tournament Rules",
        "3.1 Tiebreakers",
        "The following tiebreakers are used:",
        "1. Match points",
        "2. Opponents’ match-win percentage",
    ),
    (
        "4. Communication",
        "4.4 Loops",
        "A loop is a form of tournament shortcut that involves detailing a sequence of actions to be",
        "repeated and then performing a number of iterations of that sequence.",
        "If all players choose to take no action, the game is a draw.",
    ),
)


#: A small Japanese IPG in the official Japanese edition's layout (the same numbers; text written for these
#: tests): its Japanese title and date, contents with "…" leaders and a title wrapped over two lines,
#: full-width numbers, the parts 定義 / 例 / 理念 / 追加処置 / 格上げ： and penalties in Japanese.
IPG_JA_PAGES = (
    (
        "マジック違反処置指針",
        "2024年9月23日発効",
        "目次",
        "はじめに …………………………………… 1",
        "1. 基本理念 …………………………………… 1",
        "1.1. 罰則の定義 ……………………………… 1",
        "2. ゲームプレイ・エラー ………………………… 2",
        "2.1. ゲームプレイ・エラー — 誘発忘れ …………… 2",
        "2.5. ゲームプレイ・エラー — 競技イベントにおける",
        "ゲームルール違反 ……………………………… 2",
        "付録A — 罰則早見表 ……………………………… 2",
    ),
    (
        "はじめに",
        "この指針は、ジャッジが違反を処置するための手順を示すもので",
        "す（マジック・イベント規定を参照）。",
        "１．基本理念",
        "ジャッジは中立の立場で方針と規則を適用する。",
        "1.1. 罰則の定義",
        "警告は誤ったプレイに対して用いる。",
    ),
    (
        "2. ゲームプレイ・エラー",
        "ゲームプレイ・エラーは、ゲームの誤ったプレイによって総合ルールに違反するものである（ルール",
        "704.5参照）。",
        "2.1. ゲームプレイ・エラー — 誘発忘れ 罰則なし",
        "定義",
        "誘発型能力が誘発したが、そのコントローラーがその存在に気付いていることを示さなかった。",
        "理念",
        "誘発型能力はよく使われ、目に見えない（MTR 4.5）。",
        "格上げ：その誘発型能力が通常は不利なものであるなら、罰則は警告となる。",
        "2.5. ゲームプレイ・エラー — 競技イベントにおける",
        "ゲームルール違反 警告",
        "定義",
        "この違反は、プレイヤーがゲームの手順を正しく守らなかった大半の場合を扱う。",
        "例",
        "A. プレイヤーが3Wで神の怒りを唱えた。",
        "追加処置",
        "まず、単純な巻き戻しを検討する（1.4節を参照）。",
        "付録A — 罰則早見表",
        "誘発忘れ：罰則なし。",
    ),
)

#: A small JAR laid out as the official one is (read from the published editions' structure; text written for
#: these tests): its title and "Updated" date, introductory paragraphs under no heading, no contents and no
#: section numbers; headed sections ("Common Issues" with situations as sub-headings, one wrapped over two
#: lines after a comma and ending in a parenthesis), bullet lists, a closing "Resources" section and the
#: trademark line. Paragraph lines run to the full width, as justified text does, but a paragraph's last line.
JAR_PAGES = (
    (
        "Judging at Regular Rules Enforcement Level (REL)",
        "Updated September 23, 2024",
        "Regular events are where most players meet tournament play for the first time, so judges",
        "keep them friendly and relaxed while settling every question at the table fairly and with",
        "no fuss.",
        "Judges fix mistakes and teach players; they keep the game going instead of punishing an",
        "honest error, and may agree a better fix with both players when the usual one does not suit.",
        "Common Issues",
        "A player forgets a triggered ability (an ability that starts with when, whenever or at the",
        "beginning, usually at the start of its text)",
        "Such an ability is missed if the player showed no sign of it when it needed a choice or had",
        "a visible effect. Put it on the stack now unless too much has happened since (see rule",
        "603.2 for how abilities trigger).",
        "A player sees a card in a library that they were not entitled to see",
        "Shuffle that card into the part of the library whose order nobody knows, keeping every",
        "known card where it is.",
        "A player makes a game error not covered above",
        "Fix anything that is still illegal and leave the rest of the game as it is; rewind only",
        "when it is simple.",
    ),
    (
        "General Unwanted Behaviors",
        "• Shuffling too little.",
        "• Playing too slowly or taking too long to sideboard between games.",
        "• Asking for or giving strategic advice during a match.",
        "Educate the player first. Repeating a behavior after reminders may lead to a Game Loss for",
        "the next game.",
        "Serious Problems",
        "A few actions are never tolerated at any event, and a player who does one is removed from it:",
        "• Violent, harassing or abusive behavior towards anyone at the event, in words or deeds.",
        "• Knowingly breaking a rule, or letting an opponent break one, to gain an advantage in the",
        "game or the tournament.",
        "Resources",
        "The Magic Tournament Rules (MTR section 2.5 on conceding) explain how a tournament is run.",
        "All trademarks are property of their owners. Written for these tests.",
    ),
)
