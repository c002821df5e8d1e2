"""The lines of a judge's document's text (judge.parsing.judge_documents): headings and their numbers, titles
compared and shown, the effective date's line, paragraphs rebuilt from the PDF's lines, and the headings of a
document without contents (numbered in order, or standing between paragraphs as the JAR's do). Pure."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from judge.parsing import judge_documents_ja as ja

_MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August", "September")
MONTHS = {name: n for n, name in enumerate((*_MONTH_NAMES, "October", "November", "December"), start=1)}
DATE = re.compile(
    r"\b(?:Effective|Updated|Effective as of|Last updated)\s*:?\s+"
    r"(?P<month>[A-Z][a-z]+)\s+(?P<day>\d{1,2}),\s*(?P<year>\d{4})",
    re.IGNORECASE,
)

# A heading's number: "4.4", "2.1.", "10." or "Appendix A".
# In Japanese: "４．４ ループ", "2.5.ゲームルール違反", "付録A　罰則早見表".
NUMBER = re.compile(r"^(?P<number>\d{1,2}(?:[.．]\d{1,2})*)[.．]?(?:\s+|(?=[^\x00-\x7f]))(?P<title>\S.*)$")
APPENDIX = re.compile(
    r"^(?:appendix\s+|付録\s*)(?P<letter>[A-ZＡ-Ｚ])\s*(?:[—–―:：-]\s*)?(?P<title>.*)$", re.IGNORECASE
)
# "\uf0b7": the bullet of Word's Symbol font, as a PDF's text gives it.
LIST_ITEM = re.compile(r"^(?:[•●▪◦\uf0b7-]|\d{1,2}\.\s|[A-Z]\.\s|\([a-z0-9]\)\s)")
ENDS_SENTENCE = re.compile(r"[.:!?)\"”’。」』）]$")
SPACES = re.compile(r"\s+")
DASHES = re.compile(r"\s*[—–―]\s*|\s+-\s+")
# A space beside a Japanese character: where a wrapped Japanese line was joined.
WIDE_SPACE = re.compile(r"(?<=[\u2e80-\u9fff\uf900-\ufaff])\s+|\s+(?=[\u2e80-\u9fff\uf900-\ufaff])")


def normalize(text: str) -> str:
    """A title compared with another: NFKC, case folded, dashes and spaces as one space.

    >>> normalize("Game Play Error — Missed Trigger") == normalize("GAME PLAY ERROR —MISSED  TRIGGER")
    True
    """
    text = unicodedata.normalize("NFKC", text).replace("’", "'")
    text = SPACES.sub(" ", DASHES.sub(" - ", text)).strip().casefold()
    return WIDE_SPACE.sub("", text)


def tidy(text: str) -> str:
    """A heading or a paragraph as shown: spaces collapsed, an em dash with a space each side."""
    text = SPACES.sub(" ", text).strip()
    return re.sub(r"\s*—\s*", " — ", text)


def split_heading(line: str) -> tuple[str, str]:
    """(number, title) of a heading: ("4.4", "Loops"), ("A", "Penalty Quick Reference"), ("", "Introduction").

    >>> split_heading("2.1.      Game Play Error — Missed Trigger"), split_heading("Appendix B—Time Limits")
    (('2.1', 'Game Play Error — Missed Trigger'), ('B', 'Time Limits'))
    >>> split_heading("２．５．ゲームルール違反"), split_heading("付録Ａ　罰則早見表")
    (('2.5', 'ゲームルール違反'), ('A', '罰則早見表'))
    """
    line = line.strip()
    if m := NUMBER.match(line):
        return unicodedata.normalize("NFKC", m.group("number")), tidy(m.group("title"))
    if m := APPENDIX.match(line):
        return unicodedata.normalize("NFKC", m.group("letter")).upper(), tidy(m.group("title"))
    return "", tidy(line)


Start = tuple[int, int, str, str, str]  # row, lines used by the heading, number, title, penalty


def number_key(number: str) -> tuple[int, ...]:
    return tuple(int(p) for p in number.split("."))


def numbered_headings(body: Sequence[tuple[int, str]]) -> list[Start]:
    """Without contents: a short line "N Title" or "N.N Title" whose number comes after the last one's."""
    starts: list[Start] = []
    last: tuple[int, ...] = ()
    for i, (_, line) in enumerate(body):
        m = NUMBER.match(line.strip())
        if m is None or len(line.strip()) > 90 or ENDS_SENTENCE.search(line.strip()):
            continue
        key = number_key(m.group("number"))
        expected = next_numbers(last)
        if key in expected:
            starts.append((i, 1, m.group("number"), tidy(m.group("title")), ""))
            last = key
    return starts


# A heading between paragraphs ends without a sentence's punctuation (a closing parenthesis aside: "A player
# forgets a triggered ability (one that uses …)").
_NOT_HEADING_END = re.compile(r"[.:;,!?\"”’。、]$")
_STARTS_PARAGRAPH = re.compile(r"^(?:[A-Z0-9\"“(]|[•●▪◦\uf0b7]|[^\x00-\x7f])")


def headed(body: Sequence[tuple[int, str]], width: int) -> list[Start]:
    """Without contents or numbered headings (the JAR): the text after the title and date is an introduction,
    then a heading is a line, or two (a long one wrapped), that stands between paragraphs: the line before
    ends a paragraph (or is a heading), the heading ends without a sentence's punctuation and is shorter
    than a full line (a justified paragraph's first line is full), and the line after begins a paragraph
    (a capital or a bullet). None when no such heading is found.

    >>> body = list(enumerate(["JUDGING AT REGULAR REL", "Updated May 3, 2019", "Be kind to everyone here.",
    ...     "Common Issues", "A player sees a card", "Shuffle it into the library.", "Serious Problems",
    ...     "• Cheating."]))
    >>> [(title, row) for row, _, _, title, _ in headed(body, 30)]
    [('Introduction', 2), ('Common Issues', 3), ('A player sees a card', 4), ('Serious Problems', 6)]
    """
    rows = [i for i, (_, line) in enumerate(body) if line.strip()]
    dated = next(
        (k for k, i in enumerate(rows[:10]) if DATE.search(body[i][1]) or ja.japanese_date(body[i][1])), -1
    )
    rows = rows[dated + 1 :]
    lines = [body[i][1].strip() for i in rows]

    def heading_like(line: str, *, last: bool) -> bool:
        # A wrapped heading's first line is full and may break after a comma.
        if not last:
            return not re.search(r"[.:;!?。]$", line) and not LIST_ITEM.match(line)
        return len(line) < width * 0.9 and not _NOT_HEADING_END.search(line) and not LIST_ITEM.match(line)

    starts: list[Start] = []
    ended = True  # the line before ends a paragraph
    k = 0
    while k < len(lines):
        found = 0
        for used in (1, 2):
            run, after = lines[k : k + used], lines[k + used] if k + used < len(lines) else ""
            if (
                ended
                and len(run) == used
                and after
                and _STARTS_PARAGRAPH.match(after)
                and all(heading_like(line, last=n == used - 1) for n, line in enumerate(run))
                and (run[0][:1].isupper() or ja.is_wide(run[0][0]))  # a capital, or Japanese
            ):
                found = used
                break
        if found:
            starts.append((rows[k], found, "", tidy(ja.join_lines(lines[k : k + found])), ""))
            k += found
            ended = True
            continue
        ended = bool(ENDS_SENTENCE.search(lines[k])) or bool(LIST_ITEM.match(lines[k]))
        k += 1
    if not starts:
        return []
    if rows and starts[0][0] != rows[0]:  # the text before the first heading
        starts.insert(0, (rows[0], 0, "", "Introduction", ""))
    return starts


def next_numbers(last: tuple[int, ...]) -> set[tuple[int, ...]]:
    if not last:
        return {(1,), (0,), (1, 1)}
    chapter = last[0]
    found = {(chapter + 1,), (chapter, (last[1] + 1) if len(last) > 1 else 1)}
    return found


def paragraphs_of(lines: Sequence[str], width: int) -> list[str]:
    """The PDF's lines joined into paragraphs: a blank line, a bullet or list item ("•", "A. ", "1. ")
    and a short line ending a sentence end a paragraph.

    >>> paragraphs_of(["A long line of the paragraph that", "ends here.", "Next one.", "• a bullet"], 33)
    ['A long line of the paragraph that ends here.', 'Next one.', '• a bullet']
    """
    paragraphs: list[str] = []
    current: list[str] = []
    for raw in lines:
        line = raw.strip()
        if not line:
            if current:
                paragraphs.append(tidy(ja.join_lines(current)))
                current = []
            continue
        if current and LIST_ITEM.match(line):
            paragraphs.append(tidy(ja.join_lines(current)))
            current = []
        current.append(line)
        if len(raw.rstrip()) < width * 0.8 and ENDS_SENTENCE.search(line):
            paragraphs.append(tidy(ja.join_lines(current)))
            current = []
    if current:
        paragraphs.append(tidy(ja.join_lines(current)))
    return [p for p in paragraphs if p]
