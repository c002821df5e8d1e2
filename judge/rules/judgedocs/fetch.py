"""Fetching the judge's documents: the official rules-documents page's PDF links, each PDF downloaded, checked
(a PDF this site reads: judge.rules.judgedocs.extract and judge.parsing.judge_documents) and stored in
``JUDGE_CORPUS_DIR/judge/`` when the corpus does not have these very bytes yet. The next ingest installs
it (or refuses it, if it has fewer sections than the edition it would replace).

Small and on its own: a file of the same name with other bytes (a new edition under the old name) is kept,
and the new one is stored beside it under its edition's date; nothing is deleted.
"""

from __future__ import annotations

import os
import re
import tempfile
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

from judge.parsing.corpus import JUDGE_DOCUMENTS_DIR
from judge.parsing.records import ParseError
from judge.rules.judgedocs.extract import MAX_BYTES, read_judge_document

#: Where Wizards links the current MTR, IPG and JAR (the address the documents print for their newest
#: version).
RULES_DOCUMENTS_PAGE = "https://wpn.wizards.com/en/rules-documents"
FETCH_TIMEOUT = 60  # seconds per request
MAX_PAGE_BYTES = 5 * 1024 * 1024
_PDF_LINK = re.compile(r"""href\s*=\s*["']([^"'#?]+\.pdf)(?:[?#][^"']*)?["']""", re.IGNORECASE)
# A judge's document's file name: MTG_MTR_..., MTG_IPG_..., ..._JAR_..., or the documents' words.
_JUDGE_NAME = re.compile(r"mtr|ipg|jar|tournament|infraction|regular", re.IGNORECASE)
_SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


class FetchError(RuntimeError):
    """The page could not be read, or links no judge's document."""


@dataclass
class JudgeFetchReport:
    """Each linked PDF: stored ("file: IPG effective 2024-09-23"), already in the corpus, or refused (why)."""

    stored: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)


def pdf_links(html: str, base_url: str) -> list[str]:
    """The judge's documents a page links to, each once, in page order.

    >>> page = ('<a href="/d/MTG_MTR_2026_Feb_27_EN.pdf">MTR</a> <a href="/d/logo-guide.pdf">x</a>'
    ...         '<a href="MTG_IPG_2024Sep23_EN.pdf?x=1">IPG</a><a href="/d/MTG_MTR_2026_Feb_27_EN.pdf">2</a>')
    >>> pdf_links(page, "https://w.example/en/rules-documents")
    ['https://w.example/d/MTG_MTR_2026_Feb_27_EN.pdf', 'https://w.example/en/MTG_IPG_2024Sep23_EN.pdf']
    """
    out: list[str] = []
    for href in _PDF_LINK.findall(html):
        link = urljoin(base_url, href)
        name = unquote(urlsplit(link).path.rsplit("/", 1)[-1])
        if _JUDGE_NAME.search(name) and link not in out:
            out.append(link)
    return out


def _download(url: str, *, limit: int) -> bytes:
    if urlsplit(url).scheme not in ("http", "https"):
        raise FetchError(f"{url}: not an http(s) address")
    request = urllib.request.Request(url, headers={"User-Agent": "rules-judge fetch_judge_documents"})
    try:
        with urllib.request.urlopen(request, timeout=FETCH_TIMEOUT) as response:
            body: bytes = response.read(limit + 1)
    except urllib.error.HTTPError as err:
        raise FetchError(f"{url}: the server answered {err.code} {err.reason}") from None
    except (urllib.error.URLError, OSError) as err:
        raise FetchError(f"{url}: cannot download ({getattr(err, 'reason', err)})") from None
    if len(body) > limit:
        raise FetchError(f"{url}: larger than {limit // (1024 * 1024)} MB")
    return body


def fetch_judge_documents(*, corpus_dir: Path, url: str = RULES_DOCUMENTS_PAGE) -> JudgeFetchReport:
    """Download every judge's document the page at ``url`` links to and store the new ones."""
    page = _download(url, limit=MAX_PAGE_BYTES).decode("utf-8", errors="replace")
    links = pdf_links(page, url)
    if not links:
        raise FetchError(f"{url}: no link to a judge's document (a PDF named MTR, IPG or JAR)")
    folder = corpus_dir / JUDGE_DOCUMENTS_DIR
    folder.mkdir(parents=True, exist_ok=True)
    report = JudgeFetchReport()
    for link in links:
        try:
            body = _download(link, limit=MAX_BYTES)
        except FetchError as err:
            report.refused.append(str(err))
            continue
        _store(body, link, folder, report)
    return report


def _store(body: bytes, link: str, folder: Path, report: JudgeFetchReport) -> None:
    name = _SAFE_NAME.sub("_", unquote(urlsplit(link).path.rsplit("/", 1)[-1])) or "document.pdf"
    same = next((p for p in sorted(folder.glob("*.pdf")) if p.read_bytes() == body), None)
    if same is not None:
        report.unchanged.append(same.name)
        return
    if not body.startswith(b"%PDF-"):
        report.refused.append(f"{link}: not a PDF")
        return
    # Written beside the corpus files under a hidden name (the ingest reads neither it nor a half file),
    # read as the ingest will read it, then renamed.
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".fetch-", suffix=".part")
    with os.fdopen(handle, "wb") as out:
        out.write(body)
    part = Path(temporary)
    try:
        document = read_judge_document(part)
    except ParseError as err:
        part.unlink()
        report.refused.append(f"{link}: {err.problem}")
        return
    target = folder / name
    if target.exists():  # another edition under the same name: both kept
        target = folder / f"{target.stem}-{document.effective.isoformat()}.pdf"
    os.replace(part, target)
    report.stored.append(f"{target.name}: {document.kind.upper()} effective {document.effective}")
