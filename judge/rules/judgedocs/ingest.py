"""Installing the judge's documents from the corpus (``JUDGE_CORPUS_DIR/judge/*.pdf``): each PDF read,
parsed and written as an edition through :func:`install_edition`, one transaction per edition.

A file that does not parse is refused, and so is an edition with fewer sections than the edition it
replaces (the newest installed one of the same document not after it; ``accept_shrink`` lets it in):
the installed editions keep serving. A file already installed (same bytes) is not read again. Several
editions of a document stay installed: its history.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
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


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


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
                f"{document.kind.upper()} effective {document.effective}: {len(document.sections)} sections, "
                f"fewer than the {replaced.section_count} of the installed edition effective "
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
                "address": known.address if known else document.address,
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
                parts=[{"heading": p.heading, "paragraphs": list(p.paragraphs)} for p in section.parts],
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


def ingest_judge_documents(corpus_dir: Path, *, accept_shrink: bool = False) -> JudgeIngestReport:
    """Install every judge's document PDF of the corpus that is not installed yet."""
    report = JudgeIngestReport()
    installed = set(JudgeEdition.objects.values_list("digest", flat=True))
    for path in judge_files(corpus_dir):
        digest = file_digest(path)
        if digest in installed:
            report.unchanged.append(path.name)
            continue
        try:
            edition = install_edition(
                read_judge_document(path), file_name=path.name, digest=digest, accept_shrink=accept_shrink
            )
        except ParseError as err:
            report.refused.append(str(err))  # it names the file
            continue
        except EditionRefused as err:
            report.refused.append(f"{path.name}: {err}")
            continue
        report.installed.append(
            f"{edition.kind.upper()} effective {edition.effective} ({edition.section_count} sections)"
        )
    return report
