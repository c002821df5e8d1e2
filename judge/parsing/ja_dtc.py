"""Parse the Duel Masters "Tag Commander" (DTC) house rules page (corpus ``ja/004_*``).

The page was copied as plain text, so its structure has to be recovered:

* headings are short lines that are not sentences (no "。"/"、", no sentence
  ending, no bullet or card-text marker), see ``_looks_like_heading``;
* the copy glued some lines together, which are split again: a heading after
  the last "。" of a paragraph ("…7枚にします。基本ルール"), a bullet after a
  bullet's note ("…1枚までです - メインデッキのみ…"), a card text box after a
  paragraph ("…作用します。■バトルゾーンに…"), the commentary after a card
  text box ("■…ならない。《ボントボルト》の軽減効果には…", "(※…)", "余談ですが…");
* a bullet's note (the text glued before the next bullet, or a remark without
  "。" right after an item: "SR以上の偉い感じのカードだね") is a note on that
  item (an indented line, see ``DocSection``), not an item of its own;
* the revision history ("2019/09/19 初版", "2020/06/16 第5版", "・…" items)
  becomes its own section "history" (heading 改訂履歴); the page repeats
  some versions and items, which are kept once;
* blocks the page repeats are kept once: a line repeated inside a section,
  and a line of a section that a sub-section also holds (the 統率者税 text
  repeats its sub-sections) stay only in the most specific place. Of two
  copies with a card text box between them the second is kept: an
  explanation follows the card text it explains (the page also pasted the
  《ボントボルト》 explanation before its card);
* "例)" lines become examples; chrome (comment box, "←戻る", copyright, ads)
  is dropped.

Anchors are stable: known headings map to ASCII slugs (``KNOWN_HEADINGS``,
the names the engine cites as "dtc:<anchor>"), any other heading gets
``sec-<hash of the heading>``. A heading that appears twice ("統率者",
"その他") is told apart by the heading it sits under, never by position.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.parsing import ja_common
from judge.parsing.records import DocKind, DocSection, Game, JaDocument, ParseError

SLUG = "dtc"
TITLE_JA = "デュエマ・タッグ・コマンダー ハウスルール"
TITLE_EN = "Duel Masters Tag Commander (DTC) house rules"
HISTORY_ANCHOR = "history"
HISTORY_HEADING = "改訂履歴"

# (enclosing top-level anchor or None, heading) -> (anchor, parent anchor or None).
# A None context matches anywhere; an entry with a None parent is a top-level heading.
_KNOWN: dict[tuple[str | None, str], tuple[str, str | None]] = {
    (None, "はじめに"): ("intro", None),
    (None, "概要"): ("overview", None),
    (None, "デッキルール"): ("deck-rules", None),
    ("deck-rules", "デッキ基本ルール"): ("deck-basics", "deck-rules"),
    ("deck-rules", "統率者"): ("commander", "deck-rules"),
    ("deck-rules", "メインデッキ"): ("main-deck", "deck-rules"),
    ("deck-rules", "禁止カード"): ("banned", "deck-rules"),
    (None, "初期配置"): ("setup", None),
    ("setup", "シールドゾーン"): ("shield-zone", "setup"),
    (None, "基本ルール"): ("basic-rules", None),
    (None, "勝利/敗北条件"): ("win-loss", None),
    (None, "統率者"): ("commanders", None),
    ("commanders", "統率領域"): ("command-zone", "commanders"),
    ("commanders", "統率者ルール"): ("commander-rules", "commanders"),
    ("commanders", "統率者税"): ("commander-tax", "commanders"),
    ("commanders", "革命チェンジと侵略"): ("revolution-change-invasion", "commander-tax"),
    ("commanders", "革命0トリガー・クリーチャー"): ("revolution-0-trigger", "commander-tax"),
    ("commanders", "煌世主 サッヴァーク†"): ("saavark", "commander-tax"),
    ("commanders", "ニンジャ・ストライク"): ("ninja-strike", "commander-tax"),
    (None, "攻撃・ディフェンス"): ("attack-defense", None),
    (None, "効果の対象と範囲"): ("effect-scope", None),
    ("effect-scope", "自分を対象とする効果"): ("effects-self", "effect-scope"),
    ("effect-scope", "相手プレイヤーを対象とする常在型効果"): ("effects-static-opponent", "effect-scope"),
    ("effect-scope", "相手プレイヤーの行為により誘発する効果"): ("effects-opponent-action", "effect-scope"),
    ("effect-scope", "対象を選ばない効果または各プレイヤーへの効果"): ("effects-each-player", "effect-scope"),
    ("effect-scope", "相手プレイヤーを対象とする効果"): ("effects-target-opponent", "effect-scope"),
    ("effect-scope", "対象が複合している効果"): ("effects-mixed", "effect-scope"),
    ("effect-scope", "プレイヤーを1人選ぶ効果"): ("effects-choose-player", "effect-scope"),
    ("effect-scope", "効果がトリガーする条件"): ("trigger-conditions", "effect-scope"),
    (None, "情報参照"): ("information", None),
    (None, "解決順"): ("resolution-order", None),
    (None, "その他"): ("misc", None),
    (None, "ゲーム開始までの流れ"): ("game-start", None),
    (None, "ターンの流れ"): ("turn-structure", None),
    ("turn-structure", "アンタップステップ"): ("untap-step", "turn-structure"),
    ("turn-structure", "「ターンのはじめに」能力の解決"): ("start-of-turn", "turn-structure"),
    ("turn-structure", "ドローステップ"): ("draw-step", "turn-structure"),
    ("turn-structure", "チャージステップ"): ("charge-step", "turn-structure"),
    ("turn-structure", "メインステップ"): ("main-step", "turn-structure"),
    ("turn-structure", "アタックステップ"): ("attack-step", "turn-structure"),
    ("turn-structure", "ターンエンド"): ("turn-end", "turn-structure"),
    ("turn-structure", "「ターンの終わりに」能力の解決"): ("end-of-turn", "turn-structure"),
    ("turn-structure", "ターンを交代する"): ("next-turn", "turn-structure"),
    (None, "詳細Q&A"): ("faq", None),
    ("faq", "その他"): ("variants", None),
    ("variants", "デュエマ・タッグ・ブロール"): ("dtb", "variants"),
    ("variants", "DTC:ソース"): ("dtcs", "variants"),
    (None, "最期に"): ("closing", None),
}
KNOWN_HEADINGS = {(context, ja_common.nfkc(heading)): value for (context, heading), value in _KNOWN.items()}

_REVISION_RE = re.compile(r"^(\d{4}/\d{1,2}/\d{1,2})[ \u3000]*(初版|第\d+版)\s*$")
_HISTORY_ITEM_RE = re.compile(r"^[・･]")
_HISTORY_CONTINUATION_RE = re.compile(r"^[《「『]")
_BULLET_RE = re.compile(r"^-[ \u3000]*")
_EXAMPLE_RE = re.compile(r"^例[))][ \u3000]*(.*)$")
_GLUED_BULLET_RE = re.compile(r"[ \u3000]+-[ \u3000]+")
_GLUED_BOX_RE = re.compile(r"(?<=.)(?=■)")
_SENTENCE_END_RE = re.compile(r"(?:です|ます|ません|ない|だね|よ|ね|w|ｗ|・・|[)」!?!?…])$")
_NOT_HEADING_START_RE = re.compile(r"^(?:[-・･■《(\[※]|例[))]|\d)")
# Where the commentary glued after a card's text box starts: a sentence about a card (《…》, この《…》),
# an aside (余談), or a bracketed note of the page's author ("(※…)"; a card's own reminder text has no ※).
_COMMENTARY_RE = re.compile(r"(?<=。)(?=(?:この)?《|余談)|(?=[(（]※)")


def sniff(text: str) -> bool:
    """A "YYYY/MM/DD 第N版" revision line on a DTC / デュエマ page (see ``ja_common.detect_format``)."""
    return ja_common.detect_format(text) == SLUG


def _looks_like_heading(text: str) -> bool:
    """A short line that is not a sentence, a bullet, a card text box or a formula.

    >>> [_looks_like_heading(x) for x in ("勝利/敗北条件", "SR以上の偉い感じのカードだね", "GR、超次元は禁止",
    ...     "1+2=3")]
    [True, False, False, False]
    """
    stripped = ja_common.nfkc(text)
    if not stripped or len(stripped) > 26 or _NOT_HEADING_START_RE.match(stripped):
        return False
    if re.search(r"[。、,=]", stripped) or _SENTENCE_END_RE.search(stripped):
        return False
    return bool(re.search(r"[^\W\d_]", stripped))


@dataclass(frozen=True)
class _Line:
    number: int  # line in the file
    text: str
    heading: bool = False  # known to be a heading (split off the end of a paragraph)
    note: bool = False  # the note of a bullet (text before a glued " - "): never a heading


def _split_glued(number: int, raw: str) -> list[_Line]:
    """Undo the gluing of the copied page (see the module docstring)."""
    parts = _GLUED_BULLET_RE.split(raw.strip())
    out: list[_Line] = []
    for index, part in enumerate(parts):
        part = part.strip()
        if not part:
            continue
        if index > 0:
            part = "- " + part
        for box_or_piece in _GLUED_BOX_RE.split(part):
            box, piece = _card_text(box_or_piece.strip())
            if box:
                out.append(_Line(number, box))
            if not piece:
                continue
            head, _, tail = piece.rpartition("。")
            glued_heading = "、" not in tail and _looks_like_heading(tail)
            if head and tail and glued_heading and not piece.startswith(("-", "■")):
                out.append(_Line(number, head + "。", note=index == 0 and len(parts) > 1))
                out.append(_Line(number, tail.strip(), heading=True))
            else:
                out.append(_Line(number, piece, note=index == 0 and len(parts) > 1))
    return out


def _card_text(piece: str) -> tuple[str, str]:
    """A card text box and the commentary glued after it; ("", piece) for a piece that is no box.

    >>> _card_text("■コストを1少なくする。《ボントボルト》の軽減効果には対象がない。")
    ('■コストを1少なくする。', '《ボントボルト》の軽減効果には対象がない。')
    >>> _card_text("■パワーは-1000される。(パワー0以下は破壊される)(※常在型効果です)")
    ('■パワーは-1000される。(パワー0以下は破壊される)', '(※常在型効果です)')
    """
    if not piece.startswith(ja_common.CARD_TEXT):
        return "", piece
    match = _COMMENTARY_RE.search(piece, 1)
    if match is None:
        return piece, ""
    return piece[: match.start()].strip(), piece[match.start() :].strip()


@dataclass
class _Section:
    anchor: str
    heading: str
    line: int
    parent: str | None
    lines: list[str] = field(default_factory=list)
    examples: list[str] = field(default_factory=list)


def _history(lines: list[_Line]) -> tuple[list[str], list[tuple[str, str]]]:
    """History text lines (repeats removed) and the meta of the latest revision."""
    versions: dict[str, list[str]] = {}  # "2020/06/16 第5版" -> items
    seen_items: set[str] = set()
    current: list[str] | None = None
    for line in lines:
        text = ja_common.nfkc(line.text)
        if match := _REVISION_RE.match(text):
            current = versions.setdefault(f"{match.group(1)} {match.group(2)}", [])
        elif current is None:
            continue
        elif _HISTORY_ITEM_RE.match(text):
            current.append(ja_common.list_item(line.text) or line.text.strip())
        elif current:
            current[-1] = f"{current[-1]} {line.text.strip()}"  # an item continued on the next line
    out: list[str] = []
    for version, items in versions.items():
        out.append(version)
        for item in items:
            if item not in seen_items:  # the page repeats items, even under the next version
                seen_items.add(item)
                out.append(item)
    meta: list[tuple[str, str]] = []
    if versions:
        latest = max(versions, key=lambda v: tuple(int(x) for x in v.split()[0].split("/")))
        date, edition = latest.split()
        meta = [("edition", edition), ("revised", date)]
    return out, meta


def _title_and_lines(raw_lines: list[str]) -> tuple[str, list[_Line]]:
    """The page's title (its first line of text) and the lines after it, without the blog's chrome."""
    lines: list[_Line] = []
    title = ""
    for index, raw in enumerate(raw_lines):
        if not raw.strip() or ja_common.is_chrome_line(raw):
            continue
        if not title:
            title = raw.strip()
            continue
        lines.extend(_split_glued(index + 1, raw))
    return title, lines


def _heading_anchor(heading: str, stripped: str, top: str | None, used: set[str]) -> tuple[str, str | None]:
    """A heading's anchor and parent: the known ones by name (under their usual section), else a hash."""
    known = KNOWN_HEADINGS.get((top, stripped)) or KNOWN_HEADINGS.get((None, stripped))
    if known is None:
        return ja_common.hash_anchor(heading), None
    base, parent = known
    if parent is not None and parent not in used:
        parent = None  # the page lacks the usual enclosing heading
    return base, parent


def parse(text: str, *, source: str) -> JaDocument:
    """Parse the DTC page into a ``JaDocument`` (kind FORMAT_RULES).

    >>> doc = parse("DTCとは\\nはじめに\\n説明です。\\n2020/01/02 初版\\n概要\\n- 箇条 - 次の箇条\\n"
    ...             "初期配置\\n本文です。基本ルール\\n- 二人一組\\n- 二人一組\\n0 件のコメント :\\n",
    ...             source="s")
    >>> [(s.anchor, s.text) for s in doc.sections]  # doctest: +NORMALIZE_WHITESPACE
    [('intro', '説明です。'), ('history', '2020/01/02 初版'), ('overview', '- 箇条\\n- 次の箇条'),
     ('setup', '本文です。'), ('basic-rules', '- 二人一組')]
    """
    raw_lines = ja_common.cut_trailing_chrome(ja_common.normalize_newlines(text).split("\n"))
    title, lines = _title_and_lines(raw_lines)

    sections: list[_Section] = []
    used: set[str] = set()
    top: str | None = None  # anchor of the current top-level section
    history: list[_Line] = []
    history_line: int | None = None
    in_history = False
    for line in lines:
        stripped = ja_common.nfkc(line.text)
        if _REVISION_RE.match(stripped) or (
            in_history and (_HISTORY_ITEM_RE.match(stripped) or _HISTORY_CONTINUATION_RE.match(stripped))
        ):
            if history_line is None:
                history_line = line.number
                sections.append(
                    _Section(anchor=HISTORY_ANCHOR, heading=HISTORY_HEADING, line=line.number, parent=None)
                )
                used.add(HISTORY_ANCHOR)
            in_history = True
            history.append(line)
            continue
        in_history = False
        if line.heading or (not line.note and _looks_like_heading(line.text)):
            heading = line.text.strip()
            base, parent = _heading_anchor(heading, stripped, top, used)
            anchor = ja_common.unique_anchor(base, used, top or "")
            sections.append(_Section(anchor=anchor, heading=heading, line=line.number, parent=parent))
            if parent is None:
                top = anchor
            continue
        if not sections:
            raise ParseError("text before the first heading", source=source, line=line.number)
        if match := _EXAMPLE_RE.match(line.text.strip()):
            sections[-1].examples.append(match.group(1).strip())
        else:
            sections[-1].lines.append(_body_line(line, sections[-1].lines))

    if not any(s.anchor != HISTORY_ANCHOR for s in sections):
        raise ParseError("no headings found", source=source, line=1)
    meta: list[tuple[str, str]] = [("heading", title)]
    for section in sections:
        if section.anchor == HISTORY_ANCHOR:
            section.lines, revision = _history(history)
            meta.extend(revision)
    _drop_repeats(sections)
    revised = dict(meta).get("revised", "")
    document = JaDocument(
        source=source,
        slug=SLUG,
        title_ja=TITLE_JA,
        title_en=TITLE_EN,
        game=Game.DUEL_MASTERS,
        date="-".join(f"{int(part):02d}" for part in revised.split("/")) if revised else "",
        date_label="edition" if revised else "",
        kind=DocKind.HOUSE_RULES,
        sections=tuple(
            DocSection(
                anchor=s.anchor,
                heading=s.heading,
                text="\n".join(s.lines),
                line=s.line,
                parent=s.parent,
                examples=tuple(s.examples),
            )
            for s in sections
        ),
        meta=tuple(meta),
    )
    return ja_common.check_document(document)


def _body_line(line: _Line, before: list[str]) -> str:
    """A section's line as ``DocSection`` text: a list item, a note on the item above it, or as it is."""
    text = line.text.strip()
    if item := ja_common.list_item(text):
        return item
    in_list = bool(before) and before[-1].startswith((ja_common.ITEM, ja_common.NOTE_INDENT))
    remark = not text.endswith("。") and not text.startswith(ja_common.CARD_TEXT)
    return ja_common.NOTE_INDENT + text if in_list and (line.note or remark) else text


def _once(lines: list[str]) -> list[str]:
    """Each line once: the first copy, or the second when a card text box stands between the first two
    (an explanation belongs after the card text it explains)."""
    positions: dict[str, list[int]] = {}
    for index, line in enumerate(lines):
        positions.setdefault(line, []).append(index)
    keep: set[int] = set()
    for copies in positions.values():
        between = lines[copies[0] + 1 : copies[1]] if len(copies) > 1 else []
        keep.add(copies[1] if any(line.startswith(ja_common.CARD_TEXT) for line in between) else copies[0])
    return [line for index, line in enumerate(lines) if index in keep]


def _drop_repeats(sections: list[_Section]) -> None:
    """Keep each repeated line once: inside a section, and only in the deepest section holding it."""
    children: dict[str, list[_Section]] = {}
    for section in sections:
        if section.parent is not None:
            children.setdefault(section.parent, []).append(section)

    def descendant_lines(anchor: str) -> set[str]:
        out: set[str] = set()
        for child in children.get(anchor, []):
            out.update(child.lines)
            out.update(descendant_lines(child.anchor))
        return out

    for section in sections:
        below = descendant_lines(section.anchor)
        section.lines = _once([line for line in section.lines if line not in below])
        section.examples = list(dict.fromkeys(section.examples))
