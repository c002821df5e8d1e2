"""Installing the judge's documents from the corpus (``JUDGE_CORPUS_DIR/judge/*.pdf``): each PDF read,
parsed and written as an edition through :func:`install_edition`, one transaction per edition.

A file that does not parse is refused, and so is an edition with fewer sections than the edition it
replaces (the newest installed one of the same document and language not after it; ``accept_shrink`` lets it
in): the installed editions keep serving. An official Japanese edition (judge.parsing.judge_documents_ja)
is installed beside its document's English edition; with no English edition of the document installed it
is refused, saying so in both languages, and read again at the next ingest.
A file already installed (same bytes) is not read again. Several
editions of a document stay installed: its history.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from pathlib import Path

from django.db import transaction

from judge.parsing.corpus import JUDGE_DOCUMENTS_DIR
from judge.parsing.judge_documents import JudgeDocument
from judge.parsing.records import ParseError
from judge.rules.judgedocs.editions import known_editions
from judge.rules.judgedocs.extract import read_judge_document
from judge.rules.models import JudgeEdition, JudgeSectionRow


class EditionRefused(ValueError):
    """An edition not installed, and why (the installed ones keep serving)."""


@dataclass
class JudgeIngestReport:
    """What an ingest of the judge's documents did: editions installed, files unchanged, files refused
    ("file: why")."""

    installed: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)


def _named(kind: str, lang: str) -> str:
    """ "IPG", or "IPG (Japanese)" for an official Japanese edition, as the ingest's report names it."""
    return f"{kind.upper()} (Japanese)" if lang == "ja" else kind.upper()


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def aligned_keys(document: JudgeDocument, english_keys: list[str]) -> JudgeDocument:
    """A Japanese edition with its unnumbered sections keyed as the English edition's, in order ("重大な
    問題", printed fifth of six unnumbered sections, takes the English fifth one's "serious-problems"), when
    both have as many; else as parsed ("section-5").

    >>> from judge.parsing.judge_documents import JudgeSection
    >>> import datetime as dt
    >>> printed = (JudgeSection("introduction", "", "はじめに", (), 1),
    ...     JudgeSection("section-2", "", "重大な問題", (), 1))
    >>> doc = JudgeDocument("jar", "t", dt.date(2024, 9, 23), printed, lang="ja")
    >>> [s.key for s in aligned_keys(doc, ["introduction", "serious-problems"]).sections]
    ['introduction', 'serious-problems']
    """
    own = [s for s in document.sections if not s.number]
    english = [k for k in english_keys if not k[:1].isdigit() and not (len(k) == 1 and k.isupper())]
    if document.lang != "ja" or len(own) != len(english):
        return document
    keys = dict(zip((s.key for s in own), english, strict=True))
    sections = tuple(replace(s, key=keys.get(s.key, s.key)) if not s.number else s for s in document.sections)
    return replace(document, sections=sections)


def install_edition(
    document: JudgeDocument, *, file_name: str, digest: str, lang: str = "en", accept_shrink: bool = False
) -> JudgeEdition:
    """Write ``document`` as an installed edition (replacing an edition of the same date), or refuse it
    (:class:`EditionRefused`) if it has fewer sections than the edition it replaces."""
    with transaction.atomic():
        replaced = (
            JudgeEdition.objects.select_for_update()
            .filter(kind=document.kind, lang=lang, effective__lte=document.effective)
            .order_by("-effective")
            .first()
        )
        if replaced is not None and len(document.sections) < replaced.section_count and not accept_shrink:
            raise EditionRefused(
                f"{_named(document.kind, lang)} effective {document.effective}: {len(document.sections)} "
                f"sections, fewer than the {replaced.section_count} of the installed edition effective "
                f"{replaced.effective} (which keeps serving)"
            )
        known = known_editions().get(document.kind)
        edition, _ = JudgeEdition.objects.update_or_create(
            kind=document.kind,
            lang=lang,
            effective=document.effective,
            defaults={
                "title": document.title[:200],
                "file_name": file_name,
                "digest": digest,
                # A Japanese edition: where it says it is published (the English page otherwise).
                "address": (document.address if lang == "ja" else "")
                or (known.address if known else document.address),
                "section_count": len(document.sections),
                "warnings": list(document.warnings),
            },
        )
        edition.sections.all().delete()
        JudgeSectionRow.objects.bulk_create(
            JudgeSectionRow(
                edition=edition,
                order=order,
                key=section.key,
                number=section.number,
                title=section.title[:300],
                penalty=section.penalty,
                page=section.page,
                parts=[
                    {
                        "heading": p.heading,
                        "paragraphs": list(p.paragraphs),
                        **({"printed": p.printed} if p.printed else {}),
                    }
                    for p in section.parts
                ],
                text=section.text,
            )
            for order, section in enumerate(document.sections)
        )
    return edition


def judge_files(corpus_dir: Path) -> list[Path]:
    folder = corpus_dir / JUDGE_DOCUMENTS_DIR
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.is_file() and p.suffix.lower() == ".pdf")


def english_missing(document: JudgeDocument) -> str:
    """Why a Japanese edition is not installed yet, in both languages ("" when it may be): it is shown beside
    the document's English edition, and no English edition of that document is installed. It is read again
    at the next ingest, so it installs once the English is."""
    if document.lang == "en" or JudgeEdition.objects.filter(kind=document.kind, lang="en").exists():
        return ""
    short, date = document.kind.upper(), document.effective.isoformat()
    return (
        f"Japanese edition of the {short} effective {date} not installed: no English edition of the "
        f"{short} is installed, and the Japanese is shown beside it (it installs at the next ingest after "
        f"the English) / {short}の日本語版（{date}発効）は導入しません：{short}の英語版が導入されていません"
        f"（日本語版は英語版と並べて表示します。英語版の導入後の取り込みで導入されます）"
    )


def ingest_judge_documents(corpus_dir: Path, *, accept_shrink: bool = False) -> JudgeIngestReport:
    """Install every judge's document PDF of the corpus that is not installed yet: the English editions
    first, then the official Japanese ones (each beside its document's English edition)."""
    report = JudgeIngestReport()
    installed = set(JudgeEdition.objects.values_list("digest", flat=True))
    read: list[tuple[Path, str, JudgeDocument]] = []
    for path in judge_files(corpus_dir):
        digest = file_digest(path)
        if digest in installed:
            report.unchanged.append(path.name)
            continue
        try:
            read.append((path, digest, read_judge_document(path)))
        except ParseError as err:
            report.refused.append(str(err))  # it names the file
    for path, digest, document in sorted(read, key=lambda found: found[2].lang != "en"):
        if why := english_missing(document):
            report.refused.append(f"{path.name}: {why}")
            continue
        if document.lang == "ja":
            english = (
                JudgeEdition.objects.filter(kind=document.kind, lang="en").order_by("-effective").first()
            )
            keys = list(english.sections.values_list("key", flat=True)) if english else []
            document = aligned_keys(document, keys)
        try:
            edition = install_edition(
                document, file_name=path.name, digest=digest, lang=document.lang, accept_shrink=accept_shrink
            )
        except EditionRefused as err:
            report.refused.append(f"{path.name}: {err}")
            continue
        report.installed.append(
            f"{_named(edition.kind, edition.lang)} effective {edition.effective} "
            f"({edition.section_count} sections)"
        )
    return report
