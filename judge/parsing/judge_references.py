"""References to the judge's documents: "MTR 4.4", "IPG 2.5", "JAR" in a text (linked by the site), and a
search query that names a section ("ipg 2.5", "ＭＴＲ４．４").

>>> references("IPG 2.5 says so")
[(0, 7, 'ipg', '2.5')]
"""

from __future__ import annotations

import re
import unicodedata

_SPACES = re.compile(r"\s+")

#: "MTR 4.4", "IPG 2.5", "MTR section 4.3", "JAR", "Magic Tournament Rules section 2.5": the kind, the
#: section (may be empty).
REFERENCE = re.compile(
    r"\b(?P<kind>MTR|IPG|JAR)(?:\s+(?:section\s+)?(?P<number>\d{1,2}(?:\.\d{1,2})?)(?![\d.]\d))?\b"
)


def references(text: str) -> list[tuple[int, int, str, str]]:
    """(start, end, kind, section) of each judge-document reference in a text.

    >>> references("See MTR 4.4 and IPG 2.5; the JAR covers the rest (MTR section 4.3).")
    [(4, 11, 'mtr', '4.4'), (16, 23, 'ipg', '2.5'), (29, 32, 'jar', ''), (50, 65, 'mtr', '4.3')]
    """
    return [
        (m.start(), m.end(), m.group("kind").lower(), m.group("number") or "")
        for m in REFERENCE.finditer(text)
    ]


_QUERY = re.compile(
    r"^(?P<kind>mtr|ipg|jar)\s*(?:section\s*)?(?P<number>\d{1,2}(?:\.\d{1,2})?|[a-z](?=$))?\.?$"
)


def query_reference(q: str) -> tuple[str, str] | None:
    """(kind, section key) of a query that names a judge-document section: "ipg 2.5", "MTR4.4", "ｍｔｒ
    ４．４", "jar" (the document: key "").

    >>> [query_reference(q) for q in ("ipg 2.5", "ＭＴＲ　４．４", "jar", "mtr x1")]
    [('ipg', '2.5'), ('mtr', '4.4'), ('jar', ''), None]
    """
    m = _QUERY.match(_SPACES.sub(" ", unicodedata.normalize("NFKC", q)).strip().casefold())
    if m is None:
        return None
    number = m.group("number") or ""
    return m.group("kind"), number.upper() if number.isalpha() else number
