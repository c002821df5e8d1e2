"""Japanese Comprehensive Rules files in the layout of the community's translation
(``JPN_CR_YYYYMMDD_N.txt``),
written by the tests with placeholder Japanese (no text of the real translation).

``ja_cr_text`` writes one from (number, Japanese text) pairs; ``placeholder_rules`` makes those pairs for
every
rule of an English release read at run time (the real corpus is never copied into the repository): each rule's
Japanese is 「見本訳「<number with _ for .>」：このルールの日本語訳はここに入る。」 (a number as written
would read
as a reference), keeping the English rule's references ("rule 903.9参照") so that
links can be checked, and each section is titled by the project's table of section titles when it has one.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from pathlib import Path

from judge.parsing.records import RuleKind, RulesDocument
from judge.parsing.references import find_references

GLOSSARY = (("統率者", "Commander", "統率者戦で、デッキを率いる伝説のクリーチャー。rule 903.3 参照。"),)


def ja_cr_text(
    version: str,
    rules: Sequence[tuple[str, str]],
    *,
    reissue: int = 0,
    examples: dict[str, Sequence[str]] | None = None,
    glossary: Sequence[tuple[str, str, str]] = GLOSSARY,
    credits: str = "翻訳: テスト訳者",
) -> str:
    """The text of ``JPN_CR_<version>_<reissue>.txt`` holding ``rules`` ((number, text); a number without a
    dot is a chapter or a section, whose text is its title)."""
    examples = examples or {}
    headings = [f"{number}. {text}" for number, text in rules if "." not in number]
    body: list[str] = []
    for number, text in rules:
        if "." not in number:
            body += ["", f"{number}. {text}", ""]
            continue
        body.append(f"{number}. {text}" if number[-1].isdigit() else f"{number} {text}")
        body += [f"例:{example}" for example in examples.get(number, ())]
        body.append("")
    lines = [
        "========",
        f"マジック総合ルール(和訳 {version}.{reissue} 版)",
        "========",
        "",
        " この文書の英語版が正文です。これはテスト用の見本です。",
        "",
        "--------",
        "もくじ",
        "--------",
        "0. はじめに",
        *headings,
        "10. 用語集",
        "",
        "0. はじめに",
        "",
        " テスト用の前書き。",
        *body,
        "10. 用語集",
        "",
        *[line for ja, en, definition in glossary for line in (f"{ja}/{en}", f" {definition}", "")],
        "クレジット",
        "",
        f" {credits}",
        "",
    ]
    return "\n".join(lines)


def write_ja_cr(
    directory: Path,
    version: str,
    rules: Sequence[tuple[str, str]],
    *,
    reissue: int = 0,
    encoding: str = "utf-8",
    newline: str = "\n",
    **kwargs: object,
) -> Path:
    """Write ``ja/JPN_CR_<version>_<reissue>.txt`` under a corpus directory, in ``encoding`` ("utf-8",
    "utf-8-sig" for a BOM, or "cp932") with ``newline`` line endings."""
    path = directory / "ja" / f"JPN_CR_{version}_{reissue}.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    text = ja_cr_text(version, rules, reissue=reissue, **kwargs)  # type: ignore[arg-type]
    path.write_bytes(text.replace("\n", newline).encode(encoding))
    return path


def placeholder_text(number: str, english: str) -> str:
    """Placeholder Japanese for a rule: its number, and the references of its English text."""
    cited = [n for reference in find_references(english) for n in reference.numbers]
    see = "".join(f"rule {n}参照。" for n in dict.fromkeys(cited))
    return f"見本訳「{number.replace('.', '_')}」：このルールの日本語訳はここに入る。{see}"


def placeholder_rules(
    document: RulesDocument, titles: dict[str, str] | None = None
) -> tuple[list[tuple[str, str]], dict[str, list[str]]]:
    """(number, Japanese) for every rule of ``document``, and the examples of each rule that has some."""
    titles = titles or {}
    rules: list[tuple[str, str]] = []
    examples: dict[str, list[str]] = {}
    for record in document.rules:
        if record.kind in (RuleKind.CHAPTER, RuleKind.SECTION):
            rules.append((record.number, titles.get(record.number) or f"第{record.number}項"))
            continue
        rules.append((record.number, placeholder_text(record.number, re.sub(r"\s+", " ", record.text))))
        if record.examples:
            examples[record.number] = [
                f"規則{record.number}の例{i}。" for i, _ in enumerate(record.examples, 1)
            ]
    return rules, examples


# ---------------------------------------------------------------------------- the official web page's shape

#: The line of the official page between its contents and its rules (judge.parsing.ja_cr_web).
PAGE_BODY_START = "マジック：ザ・ギャザリング　総合ルール"
_NUMBERED = re.compile(r"^\d{1,3}\.(?:\d{1,3}[a-z]?\.?)?[ \u3000]")
_BOUNDARY = re.compile(r"^[=\-]{4,}$")


def page_from_layout(text: str) -> str:
    """A web page in the shape of the official Japanese Comprehensive Rules page (judge.parsing.ja_cr_web's
    docstring) holding the translation of a ``JPN_CR`` text: its title as the heading, then the preface, the
    contents, the rules (one paragraph per rule, its examples after ``<br>``), the glossary (headword and
    definition paragraphs) and the credits, inside the site's chrome."""
    lines = [line.rstrip("\r") for line in text.lstrip("\ufeff").split("\n")]
    title = next(line.strip() for line in lines if "和訳" in line)
    paragraphs: list[list[str]] = []
    part, seen = "preface", set()
    for raw in lines[lines.index(next(line for line in lines if "和訳" in line)) + 1 :]:
        line = raw.strip(" \u3000\t")
        if not line or _BOUNDARY.match(line):
            continue
        if part == "preface" and line in ("もくじ", "目次"):
            part = "contents"
        elif part == "contents" and line in seen:
            part = "body"
            paragraphs.append([PAGE_BODY_START])
        elif part == "body" and re.match(r"^10\.[ \u3000]*用語集$", line):
            part = "glossary"
            paragraphs.append(["用語集"])
            continue
        if part == "contents":
            seen.add(line)
        if part == "body" and paragraphs and not _NUMBERED.match(line) and line != PAGE_BODY_START:
            paragraphs[-1].append(line)  # an example or a continued rule: the same paragraph, after <br>
        elif part == "glossary" and raw[:1] not in (" ", "\u3000", "\t") and "/" in line:
            paragraphs.append([line.replace("/", "／", 1)])
        elif line != PAGE_BODY_START:
            paragraphs.append([line])
    body = "\n".join(
        "<p>" + "<br>\n".join(html.escape(line) for line in paragraph) + "</p>" for paragraph in paragraphs
    )
    return (
        '<!DOCTYPE html>\n<html lang="ja"><head><meta charset="UTF-8">'
        f"<title>{html.escape(title)}｜マジック：ザ・ギャザリング 日本公式ウェブサイト</title>"
        '<style>.detail p{margin:0}</style></head>\n<body><div id="wrap"><header><nav><ul>'
        '<li><a href="/">トップ</a></li><li><a href="/gameplay/">ゲームプレイ</a></li></ul></nav></header>\n'
        '<main><article><div id="contents"><div class="inner"><div class="reading-main"><section>'
        f"<h1>{html.escape(title)}</h1>\n"
        '<div class="detail"><style>p.note{color:red}</style>\n'
        f"{body}\n</div></section></div>"
        "<aside><h2>関連記事</h2><p>100.1. 関連記事のリンクは本文ではない。</p></aside>"
        "</div></div></article></main><footer><p>© Wizards of the Coast</p></footer></div>"
        "<script>window.dataLayer=[]</script></body></html>\n"
    )


def ja_cr_page(version: str, rules: Sequence[tuple[str, str]], *, reissue: int = 0, **kwargs: object) -> str:
    """The official page of the translation ``ja_cr_text`` writes."""
    return page_from_layout(ja_cr_text(version, rules, reissue=reissue, **kwargs))  # type: ignore[arg-type]
