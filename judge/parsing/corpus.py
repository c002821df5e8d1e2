"""Read a corpus directory and hand every file to the parser for its format.

The Japanese files have opaque names, so each Japanese parser module offers
``sniff(text)``; exactly one of :data:`JA_PARSERS` must claim a file. English Comprehensive Rules
files are ``en/MagicCompRules YYYYMMDD.txt``. Anything else is an error that
names the file: an ingest never half-reads a corpus.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from judge.parsing import ja_commander_rules, ja_cr_excerpt, ja_dtc, ja_rules_viewer, ja_wiki_planechase
from judge.parsing.comprehensive_rules import parse_comprehensive_rules
from judge.parsing.records import JaDocument, ParseError, RulesDocument


class ParseJa(Protocol):
    def __call__(self, text: str, *, source: str) -> JaDocument: ...


@dataclass(frozen=True)
class JaParser:
    """One Japanese format: does a text look like it (``sniff``), and its parser."""

    name: str
    sniff: Callable[[str], bool]
    parse: ParseJa


# Spelled out function by function, so mypy checks each parser's signature and the import graph shows them.
JA_PARSERS = (
    JaParser("ja_commander_rules", ja_commander_rules.sniff, ja_commander_rules.parse),
    JaParser("ja_cr_excerpt", ja_cr_excerpt.sniff, ja_cr_excerpt.parse),
    JaParser("ja_rules_viewer", ja_rules_viewer.sniff, ja_rules_viewer.parse),
    JaParser("ja_wiki_planechase", ja_wiki_planechase.sniff, ja_wiki_planechase.parse),
    JaParser("ja_dtc", ja_dtc.sniff, ja_dtc.parse),
)
MAX_FILE_BYTES = 20 * 1024 * 1024


@dataclass(frozen=True)
class ParsedCorpus:
    rules_documents: tuple[RulesDocument, ...]  # oldest version first
    ja_documents: tuple[JaDocument, ...]

    @property
    def current(self) -> RulesDocument:
        return self.rules_documents[-1]


def read_text(path: Path) -> str:
    """Read a corpus file as UTF-8 (a BOM is dropped); a file that isn't UTF-8 is a ParseError."""
    if path.stat().st_size > MAX_FILE_BYTES:
        raise ParseError(f"file is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB", source=path.name)
    data = path.read_bytes()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise ParseError(f"not UTF-8 text ({err.reason})", source=path.name, line=line) from None


def parse_file(path: Path) -> RulesDocument | JaDocument:
    text = read_text(path)
    if path.name.startswith("MagicCompRules"):
        return parse_comprehensive_rules(text, source=path.name)
    claims = [parser for parser in JA_PARSERS if parser.sniff(text)]
    if not claims:
        raise ParseError("unknown file: no parser recognises this format", source=path.name, line=1)
    if len(claims) > 1:
        names = ", ".join(parser.name for parser in claims)
        raise ParseError(f"ambiguous file: claimed by several parsers ({names})", source=path.name, line=1)
    return claims[0].parse(text, source=path.name)


def corpus_files(directory: Path) -> list[Path]:
    """Every text file under the corpus directory, sorted; hidden files are skipped."""
    if not directory.is_dir():
        raise ParseError("corpus directory not found", source=str(directory))
    return sorted(
        p for p in directory.rglob("*") if p.is_file() and not any(part.startswith(".") for part in p.parts)
    )


def parse_corpus_dir(directory: Path) -> ParsedCorpus:
    """Parse every file of a corpus directory (``en/`` and ``ja/``)."""
    rules: list[RulesDocument] = []
    ja: list[JaDocument] = []
    for path in corpus_files(directory):
        if path.suffix.lower() != ".txt":
            raise ParseError("unknown file: only .txt corpus files are read", source=path.name)
        parsed = parse_file(path)
        if isinstance(parsed, RulesDocument):
            rules.append(parsed)
        else:
            ja.append(parsed)
    if not rules:
        raise ParseError("no Comprehensive Rules file (en/MagicCompRules YYYYMMDD.txt) found", source=str(directory))
    versions = [doc.version for doc in rules]
    if len(set(versions)) != len(versions):
        raise ParseError(f"two Comprehensive Rules files have the same version: {versions}", source=str(directory))
    slugs = [doc.slug for doc in ja]
    if len(set(slugs)) != len(slugs):
        raise ParseError(f"two Japanese files parse as the same document: {slugs}", source=str(directory))
    rules.sort(key=lambda doc: doc.version)
    return ParsedCorpus(rules_documents=tuple(rules), ja_documents=tuple(ja))
