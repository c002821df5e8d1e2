"""The README a newcomer reads fits one sitting; every place it sends the reader exists (issue 34 item 8)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
LINK = re.compile(r"\]\(((?:docs|bench)/[^)#\s]+)")


def test_readme_is_short() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 150


def test_readme_names_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert "make run" in text
    assert "make test" in text


def test_every_document_the_readme_links_exists() -> None:
    links = LINK.findall(README.read_text(encoding="utf-8"))
    assert len(links) >= 10
    missing = [link for link in links if not (ROOT / link).is_file()]
    assert missing == []


def test_every_document_in_docs_is_linked_from_the_readme() -> None:
    linked = set(LINK.findall(README.read_text(encoding="utf-8")))
    unlinked = sorted(
        f"docs/{path.name}" for path in (ROOT / "docs").glob("*.md") if f"docs/{path.name}" not in linked
    )
    assert unlinked == []
