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
