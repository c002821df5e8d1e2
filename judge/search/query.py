"""The query language: what a typed query means (judge.search.query_builder turns it into a whoosh query).

Syntax: words are ANDed; ``"a phrase"`` (also 「…」); ``a OR b``; ``NOT word`` or
``-word``; filters ``lang:ja|en|all``, ``doc:<slug>``, ``version:YYYYMMDD``.
The query is NFKC-normalised first, so full-width input works (``ｌａｎｇ：ｊａ``).
Anything the parser cannot use is either dropped with a notice (over-long
queries, dangling operators) or reported as a :class:`SearchQueryError`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from judge.engine.messages import Message, msg
from judge.search.analysis import (
    en_terms,
    has_japanese,
)

MAX_QUERY_CHARS = 500
MAX_CLAUSES = 32
LANGS = ("all", "ja", "en")
_SLUG = re.compile(r"^[a-z0-9][a-z0-9_-]{0,80}$")
_QUOTES = str.maketrans({"「": '"', "」": '"', "『": '"', "』": '"', "“": '"', "”": '"', "„": '"'})
_TOKEN = re.compile(r'(?P<neg>-)?(?:(?P<key>[A-Za-z]+):)?(?:"(?P<phrase>[^"]*)"?|(?P<word>[^\s"]+))|"')
_SURROGATE = re.compile("[\ud800-\udfff]")
_EDGE_PUNCT = re.compile(r"^[^\w\u3005-\u30ff\u3400-\u9fff]+|[^\w\u3005-\u30ff\u3400-\u9fff]+$")


class SearchQueryError(ValueError):
    """The query cannot be searched; ``problems`` says why, one message each (rendered in the reader's
    language by the page and the API)."""

    def __init__(self, problems: Sequence[Message]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(str(p) for p in self.problems))


@dataclass(frozen=True)
class Clause:
    text: str
    phrase: bool = False


@dataclass(frozen=True)
class ParsedQuery:
    groups: tuple[tuple[Clause, ...], ...]  # ANDed; each group is an OR of clauses
    excluded: tuple[Clause, ...] = ()
    lang: str = "all"
    docs: tuple[str, ...] = ()
    version: str | None = None
    notices: tuple[Message, ...] = ()

    @property
    def has_filters(self) -> bool:
        return self.lang != "all" or bool(self.docs) or self.version is not None

    def words(self) -> list[str]:
        return [c.text for group in self.groups for c in group]


def normalize_query(q: str) -> str:
    """NFKC, quotes made plain, lone surrogates (no text has them; the analysers cannot encode them) dropped.

    >>> normalize_query(" ｌａｎｇ：ｊａ 「統率者」 ")
    'lang:ja "統率者"'
    """
    return unicodedata.normalize("NFKC", _SURROGATE.sub("", q).translate(_QUOTES)).strip()


def parse_query(q: str, *, lang: str = "all") -> ParsedQuery:
    """Parse the query syntax; raise SearchQueryError listing every problem.

    >>> p = parse_query('統率者 "command zone" -tax lang:en')
    >>> [[c.text for c in g] for g in p.groups], [c.text for c in p.excluded], p.lang
    ([['統率者'], ['command zone']], ['tax'], 'en')
    """
    problems: list[Message] = []
    notices: list[Message] = []
    if lang not in LANGS:
        problems.append(msg("search.bad-lang-param", field="lang", choices=", ".join(LANGS)))
    text = normalize_query(q)
    if len(text) > MAX_QUERY_CHARS:
        text = text[:MAX_QUERY_CHARS]
        notices.append(msg("search.shortened", n=MAX_QUERY_CHARS))
    groups: list[list[Clause]] = []
    excluded: list[Clause] = []
    filters = _Filters(lang)
    pending_or = pending_not = False
    clauses = 0
    for m in _TOKEN.finditer(text):
        if m.group(0) == '"':  # a lone quote mark: nothing to search
            continue
        negated = bool(m.group("neg")) or pending_not
        key = (m.group("key") or "").lower()
        raw = m.group("phrase") if m.group("phrase") is not None else m.group("word") or ""
        if key in ("lang", "doc", "version"):
            filters.read(key, raw, problems)
            pending_not = False
            continue
        if key:  # "foo:bar" is not a filter: search both words
            raw = f"{key} {raw}"
        if m.group("phrase") is None and m.group("neg") is None and raw in ("OR", "NOT", "AND"):
            if raw == "OR":
                pending_or = bool(groups)
            elif raw == "NOT":
                pending_not = True
            continue
        is_phrase = m.group("phrase") is not None
        body = " ".join(raw.split()) if is_phrase else _EDGE_PUNCT.sub("", raw)
        if not _searchable(body):
            pending_or = pending_not = False
            continue
        clauses += 1
        if clauses > MAX_CLAUSES:
            notices.append(msg("search.too-many-clauses", n=MAX_CLAUSES))
            break
        _add_clause(Clause(body, phrase=is_phrase), negated, pending_or, groups, excluded)
        pending_or = pending_not = False
    if pending_not:
        notices.append(msg("search.dangling-not"))
    if not groups and not problems:
        problems.append(msg("search.only-excluded" if excluded else "search.nothing", field="q"))
    if problems:
        raise SearchQueryError(problems)
    return ParsedQuery(
        groups=tuple(tuple(g) for g in groups),
        excluded=tuple(excluded),
        lang=filters.lang,
        docs=tuple(dict.fromkeys(filters.docs)),
        version=filters.version,
        notices=tuple(dict.fromkeys(notices)),
    )


def _add_clause(
    clause: Clause, negated: bool, pending_or: bool, groups: list[list[Clause]], excluded: list[Clause]
) -> None:
    """A clause is excluded (-word, NOT word), an alternative of the group before (OR), or a new group."""
    if negated:
        excluded.append(clause)
    elif pending_or:
        groups[-1].append(clause)
    else:
        groups.append([clause])


class _Filters:
    """The query's lang:, doc: and version: filters, read as they come (a later lang: wins)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.docs: list[str] = []
        self.version: str | None = None

    def read(self, key: str, raw: str, problems: list[Message]) -> None:
        value = raw.strip().lower()
        if key == "lang":
            if value in LANGS:
                self.lang = value
            else:
                problems.append(msg("search.bad-lang", field="q", value=value[:20]))
        elif key == "doc":
            if _SLUG.match(value):
                self.docs.append(value)
            else:
                problems.append(msg("search.bad-doc", field="q", value=value[:40]))
        else:
            digits = value.replace("-", "")
            if re.fullmatch(r"\d{8}", digits):
                self.version = digits
            else:
                problems.append(msg("search.bad-version", field="q", value=value[:20]))


def _searchable(text: str) -> bool:
    return bool(en_terms(text)) or has_japanese(text)
