"""Read a corpus directory and hand every file to the parser for its format.

The Japanese files have opaque names, so each Japanese parser module offers
``sniff(text)``; exactly one of :data:`JA_PARSERS` must claim a file. The
Japanese translation of the whole Comprehensive Rules (``JPN_CR_YYYYMMDD_N.txt``)
is one document per release it translates; of two issues of one release's
translation the later re-issue (the larger N of its title) is kept. English Comprehensive Rules
files are ``en/MagicCompRules YYYYMMDD.txt``, in whatever encoding they were
published (``judge.parsing.encoding``).

A file that cannot be read is left out and reported as a ``SkippedFile``
(file, line, problem): one bad old release does not stop the others. The
newest Comprehensive Rules file (by the date in its name) is the exception:
if it does not parse, nothing does, because a broken new release must never
become the current rules. ``strict=True`` makes every skip and warning fatal (a documented official
typo, ``ParseWarning.note``, is a note, not a warning).

A Comprehensive Rules file an earlier ingest already read (same name, same
bytes: see ``file_digest``) is not parsed again when the caller names it in
``known``: it stays in the corpus as a :class:`KnownRelease`, whose rules the
caller already has.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from judge.parsing import (
    ja_commander_rules,
    ja_comprehensive_rules,
    ja_cr_excerpt,
    ja_dtc,
    ja_rules_viewer,
    ja_wiki_planechase,
)
from judge.parsing.comprehensive_rules import parse_comprehensive_rules
from judge.parsing.encoding import decode_text
from judge.parsing.records import JaDocument, Numbering, ParseError, ParseWarning, RulesDocument, SkippedFile


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
    JaParser("ja_comprehensive_rules", ja_comprehensive_rules.sniff, ja_comprehensive_rules.parse),
    JaParser("ja_commander_rules", ja_commander_rules.sniff, ja_commander_rules.parse),
    JaParser("ja_cr_excerpt", ja_cr_excerpt.sniff, ja_cr_excerpt.parse),
    JaParser("ja_rules_viewer", ja_rules_viewer.sniff, ja_rules_viewer.parse),
    JaParser("ja_wiki_planechase", ja_wiki_planechase.sniff, ja_wiki_planechase.parse),
    JaParser("ja_dtc", ja_dtc.sniff, ja_dtc.parse),
)
MAX_FILE_BYTES = 20 * 1024 * 1024
CR_PREFIX = "MagicCompRules"
_NAME_DATE_RE = re.compile(r"\d{8}")


@dataclass(frozen=True)
class KnownRelease:
    """A Comprehensive Rules file read by an earlier ingest (same name and bytes): not parsed again."""

    source: str
    version: str
    numbering: Numbering
    warnings: tuple[ParseWarning, ...] = ()  # what its parse read past, kept from that ingest


@dataclass(frozen=True)
class ParsedCorpus:
    rules_documents: tuple[RulesDocument, ...]  # the CR files parsed now, oldest version first
    ja_documents: tuple[JaDocument, ...]
    skipped: tuple[SkippedFile, ...] = ()  # files left out, in file order
    known: tuple[KnownRelease, ...] = ()  # the CR files not parsed again, oldest version first
    digests: tuple[tuple[str, str], ...] = ()  # (file name, file_digest) of every CR file kept

    @property
    def releases(self) -> tuple[RulesDocument | KnownRelease, ...]:
        """Every CR version kept, parsed now or known, oldest first."""
        return tuple(sorted((*self.rules_documents, *self.known), key=lambda release: release.version))

    @property
    def current(self) -> RulesDocument | KnownRelease:
        return self.releases[-1]

    @property
    def warnings(self) -> tuple[ParseWarning, ...]:
        """What the parsers read past in the files kept: official typos (oldest version first), then the
        lines of the Japanese documents that could not be placed."""
        return (
            *(warning for release in self.releases for warning in release.warnings),
            *(warning for document in self.ja_documents for warning in document.warnings),
        )


def _reissue(document: JaDocument) -> int:
    """The re-issue number of a whole-CR translation (``JPN_CR_20231117_1``: 1); other documents have none."""
    return (
        ja_comprehensive_rules.reissue_of(document)
        if document.slug.startswith(ja_comprehensive_rules.SLUG_PREFIX)
        else -1
    )


def file_digest(data: bytes) -> str:
    """The SHA-256 of a file's bytes: what tells an ingest that a file did not change.

    >>> file_digest(b"")[:12]
    'e3b0c44298fc'
    """
    return hashlib.sha256(data).hexdigest()


def read_text(path: Path) -> str:
    """A corpus file's text without its BOM: the encoding its BOM names, else UTF-8, else Windows-1252.

    Raises ParseError (naming the file, and the line when there is one) for a
    file too large or not text in any of these encodings.
    """
    return decode_text(read_bytes(path), source=path.name).text


def read_bytes(path: Path) -> bytes:
    """A corpus file's bytes; ParseError (naming the file) when it is too large or cannot be read."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise ParseError(f"file is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB", source=path.name)
        return path.read_bytes()
    except OSError as err:
        raise ParseError(f"cannot read the file ({err.strerror})", source=path.name) from None


def is_rules_file(path: Path) -> bool:
    return path.name.startswith(CR_PREFIX) and path.suffix.lower() == ".txt"


def newest_rules_file(paths: list[Path]) -> Path | None:
    """The Comprehensive Rules file with the latest date in its name ("MagicCompRules 20260116.txt")."""

    def key(path: Path) -> tuple[str, str]:
        dates = _NAME_DATE_RE.findall(path.name)
        return (dates[-1] if dates else "", path.name)

    return max((path for path in paths if is_rules_file(path)), key=key, default=None)


def parse_file(path: Path, data: bytes | None = None) -> RulesDocument | JaDocument:
    """Parse one corpus file (``data``: its bytes, when the caller has read them already)."""
    if path.suffix.lower() != ".txt":
        raise ParseError("unknown file: only .txt corpus files are read", source=path.name)
    text = decode_text(read_bytes(path) if data is None else data, source=path.name).text
    if is_rules_file(path):
        return parse_comprehensive_rules(text, source=path.name)
    claims = [parser for parser in JA_PARSERS if parser.sniff(text)]
    if not claims:
        raise ParseError("unknown file: no parser recognises this format", source=path.name, line=1)
    if len(claims) > 1:
        names = ", ".join(parser.name for parser in claims)
        raise ParseError(f"ambiguous file: claimed by several parsers ({names})", source=path.name, line=1)
    return claims[0].parse(text, source=path.name)


# The judge's documents (MTR, IPG, JAR as published, PDF) have their own folder and their own reader: the
# rules ingest neither reads nor refuses them.
JUDGE_DOCUMENTS_DIR = "judge"


def corpus_files(directory: Path) -> list[Path]:
    """Every rules file under the corpus directory, sorted; hidden files and the judge's documents
    (``judge/``) are left out."""
    if not directory.is_dir():
        raise ParseError("corpus directory not found", source=str(directory))
    return sorted(
        p
        for p in directory.rglob("*")
        if p.is_file()
        and not any(part.startswith(".") for part in p.parts)
        and p.relative_to(directory).parts[0] != JUDGE_DOCUMENTS_DIR
    )


def has_rules_file(directory: Path) -> bool:
    """Whether the corpus directory holds a Comprehensive Rules file to ingest (a fresh machine, offline, has
    none: ``ingest --if-present`` then says what is missing instead of failing).

    >>> has_rules_file(Path("/nonexistent"))
    False
    """
    try:
        return newest_rules_file(corpus_files(directory)) is not None
    except ParseError:
        return False


def broken_links(directory: Path) -> list[SkippedFile]:
    """The symbolic links under the corpus directory that lead nowhere (a missing target, or a loop):
    ``corpus_files`` cannot read them, so they are named as skipped rather than ignored."""
    if not directory.is_dir():
        return []
    return [
        SkippedFile(p.name, None, "a symbolic link to nothing readable (missing target or a loop): left out")
        for p in sorted(directory.rglob("*"))
        if p.is_symlink() and not p.exists() and not any(part.startswith(".") for part in p.parts)
    ]


def corpus_digests(directory: Path) -> dict[str, str]:
    """Path under the directory -> ``file_digest`` of every corpus file: an ingest whose files all
    match the live generation's has nothing to do. A file that cannot be read gets ""."""
    digests: dict[str, str] = {}
    for path in corpus_files(directory):
        try:
            digests[path.relative_to(directory).as_posix()] = file_digest(read_bytes(path))
        except ParseError:
            digests[path.relative_to(directory).as_posix()] = ""
    return digests


def parse_corpus_dir(
    directory: Path,
    *,
    strict: bool = False,
    known: Mapping[tuple[str, str], KnownRelease] | None = None,
    on_file: Callable[[Path], None] = lambda path: None,
) -> ParsedCorpus:
    """Parse every file of a corpus directory (``en/`` and ``ja/``); leave out the ones that fail.

    ``known`` maps (file name, ``file_digest``) of CR files read before to what they were: those are
    not parsed again. ``on_file`` is called after each file (a progress bar).

    Raises ParseError when the directory is missing, holds no Comprehensive
    Rules file, or its newest one does not parse; with ``strict``, also when
    any file is skipped or any warning is raised (the first one is named).
    """
    paths = corpus_files(directory)
    newest = newest_rules_file(paths)
    if newest is None:
        raise ParseError(
            "no Comprehensive Rules file (en/MagicCompRules YYYYMMDD.txt) found", source=str(directory)
        )
    rules: dict[str, RulesDocument | KnownRelease] = {}  # version -> document
    ja: dict[str, JaDocument] = {}  # slug -> document
    skipped: list[SkippedFile] = broken_links(directory)
    digests: dict[str, str] = {}  # CR file name -> digest
    for path in paths:
        try:
            parsed: RulesDocument | JaDocument | KnownRelease
            data = read_bytes(path)
            digest = file_digest(data) if is_rules_file(path) else ""
            reused = (known or {}).get((path.name, digest)) if digest else None
            parsed = reused if reused is not None else parse_file(path, data)
            if digest:
                digests[path.name] = digest
        except ParseError as err:
            if path == newest:
                raise ParseError(
                    f"the newest Comprehensive Rules file does not parse (nothing goes live): {err.problem}",
                    source=err.source,
                    line=err.line,
                ) from err
            skipped.append(SkippedFile.from_error(err))
            continue
        finally:
            on_file(path)
        if isinstance(parsed, (RulesDocument, KnownRelease)):
            other = rules.get(parsed.version)
            if other is not None:
                # One effective date in two files: keep the later one (a re-issue corrects the first).
                keep, drop = (other, parsed) if other.source == newest.name else (parsed, other)
                skipped.append(
                    SkippedFile(drop.source, None, f"same effective date ({keep.version}) as {keep.source}")
                )
                parsed = keep
            rules[parsed.version] = parsed
        elif parsed.slug in ja and _reissue(parsed) != _reissue(ja[parsed.slug]):
            # A translation re-issued for the same release (JPN_CR_20231117_1 after _0): the later one is
            # kept.
            later, earlier = sorted((ja[parsed.slug], parsed), key=_reissue, reverse=True)
            skipped.append(SkippedFile(earlier.source, None, f"replaced by the re-issue {later.source}"))
            ja[parsed.slug] = later
        elif parsed.slug in ja:
            problem = f"reads as the same document ({parsed.slug}) as {ja[parsed.slug].source}"
            skipped.append(SkippedFile(parsed.source, None, problem))
        else:
            ja[parsed.slug] = parsed
    kept = [rules[version] for version in sorted(rules)]
    corpus = ParsedCorpus(
        rules_documents=tuple(r for r in kept if isinstance(r, RulesDocument)),
        ja_documents=tuple(ja.values()),
        skipped=tuple(skipped),
        known=tuple(r for r in kept if isinstance(r, KnownRelease)),
        digests=tuple((r.source, digests[r.source]) for r in kept),
    )
    problems: list[SkippedFile | ParseWarning] = [
        *corpus.skipped,
        *(w for w in corpus.warnings if not w.note),
    ]
    if strict and problems:
        first = problems[0]
        raise ParseError(
            f"{first.problem} (strict: every skipped file and warning is fatal; {len(problems)} in all)",
            source=first.source,
            line=first.line,
        )
    return corpus
