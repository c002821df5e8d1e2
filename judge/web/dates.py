"""Dates on the site's pages, in the language of the request (judge.engine.dates formats them): a release of
the rules is shown as the date it took effect, never as its number; the number stays in URLs and in the
search's ``version:`` filter only. Templates reach these through the ``reader_date``, ``release_date``,
``release_dates`` and ``effective`` filters."""

from __future__ import annotations

from django.utils import translation

from judge.engine.dates import effective as effective_text
from judge.engine.dates import reader_date


def _lang() -> str:
    return "en" if (translation.get_language() or "ja").startswith("en") else "ja"


def release_date(version: object) -> str:
    """A release (or a date) as its date in the language of the request, for a sentence about it.

    >>> with translation.override("ja"):
    ...     release_date("20260116")
    '2026年1月16日'
    """
    return reader_date(str(version), _lang())


def effective(version: object) -> str:
    """A release shown on its own: 「2026年1月16日発効」, "effective January 16, 2026".

    >>> with translation.override("en"):
    ...     effective(20260116)
    'effective January 16, 2026'
    """
    return effective_text(str(version)).in_(_lang())


def release_dates(versions: object) -> str:
    """Several releases as their dates, listed as the reader lists them: 「2023年11月17日、2025年11月14日」,
    "November 17, 2023; November 14, 2025" (an English date has a comma of its own).

    >>> with translation.override("ja"):
    ...     release_dates(["20231117", "20251114"])
    '2023年11月17日、2025年11月14日'
    """
    items = versions if isinstance(versions, list | tuple) else [versions]
    return ("、" if _lang() == "ja" else "; ").join(release_date(v) for v in items)


__all__ = ["effective", "reader_date", "release_date", "release_dates"]
