"""The text of a judge's document's PDF, page by page, for judge.parsing.judge_documents.

pypdf reads it: pure Python (no compiled code to build on the server, as the rest of the stack), BSD
licensed, maintained (releases every few months), and its text extraction keeps the printed line order
of Wizards' Word-made PDFs, which is all the parser needs (pdfminer.six reads the same but is slower and
its layout analysis is not needed; PyMuPDF is AGPL and compiled). A file that is not a PDF, is encrypted or
breaks pypdf is refused as a :class:`ParseError` naming the file, like every other corpus file.
"""

from __future__ import annotations

import logging
from pathlib import Path

from judge.parsing.judge_documents import JudgeDocument, parse_judge_document
from judge.parsing.records import ParseError

#: A judge's document is tens of pages; a file past this is not one (and would hold the ingest up).
MAX_PAGES = 400
MAX_BYTES = 30 * 1024 * 1024


def pdf_pages(path: Path) -> list[str]:
    """The extracted text of each page of the PDF at ``path``."""
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    if path.stat().st_size > MAX_BYTES:
        raise ParseError(f"file too large for a judge's document (over {MAX_BYTES} bytes)", source=path.name)
    # pypdf logs every odd object it reads past; the parser's own checks say what matters.
    logging.getLogger("pypdf").setLevel(logging.ERROR)
    try:
        reader = PdfReader(path)
        if reader.is_encrypted:
            raise ParseError("encrypted PDF", source=path.name)
        if len(reader.pages) > MAX_PAGES:
            raise ParseError(f"more than {MAX_PAGES} pages", source=path.name)
        # A NUL is never text: some producers' maps of a CID font (Japanese) give one before each character.
        return [(page.extract_text() or "").replace("\x00", "") for page in reader.pages]
    except (PyPdfError, ValueError, KeyError, TypeError, OSError) as err:
        if isinstance(err, ParseError):
            raise
        raise ParseError(f"not a readable PDF: {err}", source=path.name) from err


def read_judge_document(path: Path) -> JudgeDocument:
    """The document in the PDF at ``path``, parsed."""
    return parse_judge_document(pdf_pages(path), source=path.name)
