"""Fetching a new release into the corpus directory: the English Comprehensive Rules and their Japanese
translation.

``fetch_rules`` downloads the file (or the page that links to it), makes sure it is what it claims to be by
parsing it, and only then stores it in the corpus directory, under the name the ingest expects, written beside
its target and renamed into place. An error page or another file is never stored: the ingest would take it for
a release. What the corpus directory already has byte for byte is not stored again. ``undo_fetch`` takes a
stored file back when the ingest that follows fails.

Two kinds of file come this way:

* the official English Comprehensive Rules (``en/MagicCompRules YYYYMMDD.txt``, named by the date it takes
  effect), from the rules page's "TXT" link: ``fetch_release``;
* the Japanese translation of the whole rules that the Japan NetRep and the judge community publish for each
  release (``ja/JPN_CR_YYYYMMDD_N.txt``, named by its title line ``マジック総合ルール(和訳 YYYYMMDD.N 版)``,
  never by its address): ``fetch_translation``. ``japanese_of_rules`` reads which Japanese each rule has, so
  that the command can say which rules gained Japanese and whose Japanese changed.
"""

from __future__ import annotations

import os
import re
import tempfile
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

from judge.engine.rule_numbers import sort_key
from judge.parsing import ja_comprehensive_rules
from judge.parsing.comprehensive_rules import parse_comprehensive_rules
from judge.parsing.corpus import CR_PREFIX, MAX_FILE_BYTES
from judge.parsing.encoding import decode_text
from judge.parsing.records import ParseError
from judge.rules import models, translations
from judge.rules.selectors import generation

FETCH_TIMEOUT = 60  # seconds per request
JA_CR_PREFIX = "JPN_CR"  # the community's file name: JPN_CR_YYYYMMDD_N.txt
_TXT_LINK = re.compile(r"""href\s*=\s*["']([^"'#?]+\.txt)(?:[?#][^"']*)?["']""", re.IGNORECASE)


class FetchError(RuntimeError):
    """The release could not be downloaded, or what was downloaded is not a Comprehensive Rules file."""


@dataclass(frozen=True)
class FetchedRelease:
    path: Path  # where it is in the corpus directory
    version: str  # English: YYYYMMDD; a translation: YYYYMMDD.N (the release it translates, its re-issue)
    url: str  # the text file's own address
    stored: bool  # False: the corpus directory already had these very bytes
    replaced: bytes | None = None  # the content of a file of the same name it replaced


def rules_link(html: str, base_url: str, *, name: str = CR_PREFIX) -> str | None:
    """The address of the text file linked from a page (the rules page's "TXT"): the first .txt link whose
    file
    name holds ``name`` (spaces ignored), else the first .txt link.

    >>> rules_link('<a href="/x/notes.txt">x</a> <a href="/d/MagicCompRules%2020260116.txt">TXT</a>', "https://m.example/en/rules")
    'https://m.example/d/MagicCompRules%2020260116.txt'
    >>> rules_link('<a href="notes.txt">x</a> <a href="JPN_CR_20260116_0.txt">和訳</a>',
    ...     "https://j.example/cr/", name=JA_CR_PREFIX)
    'https://j.example/cr/JPN_CR_20260116_0.txt'
    """
    links = [urljoin(base_url, match) for match in _TXT_LINK.findall(html)]
    wanted = name.lower().replace(" ", "")
    named = [link for link in links if wanted in unquote(urlsplit(link).path).lower().replace(" ", "")]
    return (named or links or [None])[0]


def _download(url: str) -> tuple[bytes, str, str]:
    """Body (at most MAX_FILE_BYTES), content type and final address of ``url``; FetchError otherwise."""
    if urlsplit(url).scheme not in ("http", "https"):
        raise FetchError(f"{url}: not an http(s) address")
    request = urllib.request.Request(url, headers={"User-Agent": "rules-judge fetch_rules"})
    try:
        with urllib.request.urlopen(request, timeout=FETCH_TIMEOUT) as response:
            body = response.read(MAX_FILE_BYTES + 1)
            kind = response.headers.get_content_type()
            final = response.geturl()
    except urllib.error.HTTPError as err:
        raise FetchError(f"{url}: the server answered {err.code} {err.reason}") from None
    except (urllib.error.URLError, OSError) as err:
        raise FetchError(f"{url}: cannot download ({getattr(err, 'reason', err)})") from None
    if len(body) > MAX_FILE_BYTES:
        raise FetchError(f"{url}: larger than {MAX_FILE_BYTES // (1024 * 1024)} MB")
    return body, kind, final


def _looks_like_html(body: bytes, kind: str) -> bool:
    return kind in ("text/html", "application/xhtml+xml") or body.lstrip()[:15].lower().startswith(
        (b"<!doctype", b"<html")
    )


def _text_file(url: str, name: str) -> tuple[bytes, str]:
    """The body and final address of the text file at ``url``, or of the one a page there links to."""
    body, kind, final = _download(url)
    if _looks_like_html(body, kind):
        link = rules_link(body.decode("utf-8", errors="replace"), final, name=name)
        if link is None:
            raise FetchError(f"{url}: no link to a .txt file on this page")
        body, kind, final = _download(link)
    return body, final


def _store(body: bytes, target: Path, *, same_as: str, version: str, url: str) -> FetchedRelease:
    """Store ``body`` as ``target`` unless a file of its directory matching ``same_as`` has these very
    bytes."""
    directory = target.parent
    for path in sorted(directory.glob(same_as)) if directory.is_dir() else []:
        if path.read_bytes() == body:
            return FetchedRelease(path=path, version=version, url=url, stored=False)
    replaced = target.read_bytes() if target.is_file() else None
    directory.mkdir(parents=True, exist_ok=True)
    # Written beside the target and renamed: an ingest running meanwhile never reads half a file.
    handle, temporary = tempfile.mkstemp(dir=directory, prefix=".fetch-", suffix=".part")
    with os.fdopen(handle, "wb") as out:
        out.write(body)
    os.replace(temporary, target)
    return FetchedRelease(path=target, version=version, url=url, stored=True, replaced=replaced)


def fetch_release(*, url: str, corpus_dir: Path) -> FetchedRelease:
    """Download a release and store it as ``en/MagicCompRules YYYYMMDD.txt`` under the date it takes effect.

    ``url`` is the text file, or a page linking to it (the official rules page). The file must parse
    as Comprehensive Rules before it is stored (an error page never becomes a release); a file the
    corpus already has byte for byte is not stored again. Raises FetchError.
    """
    body, final = _text_file(url, CR_PREFIX)
    name = unquote(urlsplit(final).path.rsplit("/", 1)[-1]) or "download.txt"
    try:
        document = parse_comprehensive_rules(decode_text(body, source=name).text, source=name)
    except ParseError as err:
        raise FetchError(f"{final}: not a Comprehensive Rules file ({err})") from None
    target = corpus_dir / "en" / f"{CR_PREFIX} {document.version}.txt"
    return _store(body, target, same_as=f"{CR_PREFIX}*.txt", version=document.version, url=final)


def fetch_translation(*, url: str, corpus_dir: Path) -> FetchedRelease:
    """Download the Japanese translation of the whole rules and store it as ``ja/JPN_CR_YYYYMMDD_N.txt``.

    ``url`` is the text file (Windows-31J or UTF-8), or a page linking to it. The name comes from the
    file's title line (the release it translates and its re-issue), not from the address: a download
    named otherwise still lands where the ingest reads re-issues in order. The file must parse as a
    whole translation (``ja_comprehensive_rules``) before it is stored; a file the ``ja`` directory
    already has byte for byte is not stored again. Raises FetchError.
    """
    body, final = _text_file(url, JA_CR_PREFIX)
    name = unquote(urlsplit(final).path.rsplit("/", 1)[-1]) or "download.txt"
    try:
        document = ja_comprehensive_rules.parse(decode_text(body, source=name).text, source=name)
    except ParseError as err:
        raise FetchError(
            f"{final}: not the Japanese translation of the Comprehensive Rules ({err})"
        ) from None
    release, reissue = document.translated_from, ja_comprehensive_rules.reissue_of(document)
    target = corpus_dir / "ja" / f"{JA_CR_PREFIX}_{release}_{reissue}.txt"
    return _store(body, target, same_as="*.txt", version=f"{release}.{reissue}", url=final)


def undo_fetch(fetched: FetchedRelease) -> None:
    """Put the corpus directory back as it was before ``fetch_release`` or ``fetch_translation`` (its ingest
    failed)."""
    if not fetched.stored:
        return
    if fetched.replaced is None:
        fetched.path.unlink(missing_ok=True)
    else:
        fetched.path.write_bytes(fetched.replaced)


# --------------------------------------------------------------------------- what a translation changed


@dataclass(frozen=True)
class JapaneseChanges:
    """Between two generations: the rules that have Japanese now and had none, and those whose Japanese
    changed."""

    gained: tuple[str, ...]
    changed: tuple[str, ...]
    lost: tuple[str, ...]


def japanese_of_rules(corpus: models.Corpus | None) -> dict[str, str]:
    """Today's rule number -> the Japanese the whole translations give it in ``corpus``, as the rule pages
    show it (``translations.whole_by_rule``)."""
    if corpus is None:
        return {}
    return {
        number: section.text for number, section in translations.whole_by_rule(generation(corpus)).items()
    }


def japanese_changes(before: dict[str, str], after: dict[str, str]) -> JapaneseChanges:
    """Which rules gained, changed or lost their Japanese, each list in rule order.

    >>> japanese_changes({"100.1": "a", "101.1": "b"}, {"100.1": "a", "101.1": "c", "1": "d"})
    JapaneseChanges(gained=('1',), changed=('101.1',), lost=())
    """

    def ordered(numbers: set[str]) -> tuple[str, ...]:
        return tuple(sorted(numbers, key=sort_key))

    return JapaneseChanges(
        gained=ordered(set(after) - set(before)),
        changed=ordered({n for n in after.keys() & before.keys() if after[n] != before[n]}),
        lost=ordered(set(before) - set(after)),
    )
