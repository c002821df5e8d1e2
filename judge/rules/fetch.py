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
  never by its address): ``fetch_translation``; and the official translation Wizards' Japanese site publishes
  as a web page, stored in the same layout under the same name (``judge.parsing.ja_cr_web``):
  ``fetch_translation_page``. ``japanese_of_rules`` reads which Japanese each rule has, so that the command
  can say which rules gained Japanese and whose Japanese changed.

``download`` is the one way anything is downloaded here (the judge's documents too): at most ``max_bytes``,
checked against a size and SHA-256 when they are known, with progress on long downloads; a refused
connection or an unknown host is an :class:`Offline` error, so that a set-up without a network can say so
in one line and carry on. A release listed in ``rules_data/cr_releases.tsv`` (``judge.rules.releases``) is
checked against its size and SHA-256 before it is parsed.
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
import socket
import tempfile
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

from judge.engine.rule_numbers import sort_key
from judge.parsing import ja_comprehensive_rules, ja_cr_web
from judge.parsing.comprehensive_rules import parse_comprehensive_rules
from judge.parsing.corpus import CR_PREFIX, MAX_FILE_BYTES
from judge.parsing.encoding import decode_text
from judge.parsing.records import ParseError
from judge.rules import models, translations
from judge.rules.progress import Progress, Silent
from judge.rules.releases import OfficialRelease, known_for
from judge.rules.selectors import generation

FETCH_TIMEOUT = 60  # seconds without a byte before giving up
CHUNK = 1 << 16
SHOWN_FROM = 4 * CHUNK  # a download this long shows its progress
MAX_PAGE_BYTES = 8 * 1024 * 1024  # a web page that links to a file, or the Japanese page itself
JA_CR_PREFIX = "JPN_CR"  # the community's file name: JPN_CR_YYYYMMDD_N.txt
_TXT_LINK = re.compile(r"""href\s*=\s*["']([^"'#?]+\.txt)(?:[?#][^"']*)?["']""", re.IGNORECASE)


class FetchError(RuntimeError):
    """The release could not be downloaded, or what was downloaded is not a Comprehensive Rules file."""

    def __init__(self, message: str, *, url: str = "") -> None:
        super().__init__(message)
        self.url = url  # the address that failed, when known


class Offline(FetchError):
    """No connection at all: the host is unknown (no DNS), refuses connections or cannot be reached."""


class Refused(FetchError):
    """The download arrived but is not what it must be: not the document it claims to be."""


class Mismatch(Refused):
    """A known release's download whose size or SHA-256 is not the known one."""


@dataclass(frozen=True)
class Download:
    body: bytes
    content_type: str
    url: str  # the final address, after redirects
    charset: str | None = None  # as the answer's Content-Type declares it


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
    links: list[str] = [urljoin(base_url, match) for match in _TXT_LINK.findall(html)]
    wanted = name.lower().replace(" ", "")
    named = [link for link in links if wanted in unquote(urlsplit(link).path).lower().replace(" ", "")]
    return (named or links)[0] if named or links else None


_OFFLINE_ERRNOS = {errno.ECONNREFUSED, errno.ENETUNREACH, errno.EHOSTUNREACH, errno.ENETDOWN}


def _is_offline(reason: object) -> bool:
    """A reason urllib gives when no connection could be made at all (not an answer the server gave)."""
    if isinstance(reason, (socket.gaierror, ConnectionRefusedError, TimeoutError, socket.timeout)):
        return True
    return isinstance(reason, OSError) and reason.errno in _OFFLINE_ERRNOS


def download(
    url: str,
    *,
    max_bytes: int,
    expected_size: int | None = None,
    expected_sha256: str | None = None,
    progress: Progress | None = None,
) -> Download:
    """The body of ``url`` (at most ``max_bytes``), checked against ``expected_size`` and ``expected_sha256``
    when given. Raises :class:`Offline` when no connection can be made, :class:`Mismatch` when the body is not
    the expected one, FetchError otherwise (an HTTP error, a body too large). A long download shows its
    progress (one step per 64 KiB).

    >>> download("ftp://example.org/x.txt", max_bytes=10)
    Traceback (most recent call last):
    ...
    judge.rules.fetch.FetchError: ftp://example.org/x.txt: not an http(s) address
    """
    if urlsplit(url).scheme not in ("http", "https"):
        raise FetchError(f"{url}: not an http(s) address")
    progress = progress or Silent()
    request = urllib.request.Request(url, headers={"User-Agent": "rules-judge fetch_rules"})
    digest = hashlib.sha256()
    chunks: list[bytes] = []
    received = 0
    try:
        with urllib.request.urlopen(request, timeout=FETCH_TIMEOUT) as response:
            length = expected_size or int(response.headers.get("Content-Length") or 0)
            if length > max_bytes:
                raise FetchError(f"{url}: larger than {max_bytes // (1024 * 1024)} MB")
            if length >= SHOWN_FROM:
                progress.stage(
                    f"downloading {unquote(urlsplit(url).path.rsplit('/', 1)[-1])}", -(-length // CHUNK)
                )
            while chunk := response.read(CHUNK):
                received += len(chunk)
                if received > max_bytes:
                    raise FetchError(f"{url}: larger than {max_bytes // (1024 * 1024)} MB")
                chunks.append(chunk)
                digest.update(chunk)
                if length >= SHOWN_FROM:
                    progress.advance()
            kind = response.headers.get_content_type()
            charset = response.headers.get_content_charset()
            final = response.geturl()
    except urllib.error.HTTPError as err:
        raise FetchError(f"{url}: the server answered {err.code} {err.reason}", url=url) from None
    except (urllib.error.URLError, OSError) as err:
        reason = getattr(err, "reason", err)
        if _is_offline(reason):
            raise Offline(f"{url}: no connection ({reason})", url=url) from None
        raise FetchError(f"{url}: cannot download ({reason})", url=url) from None
    finally:
        progress.close()
    if expected_size is not None and received != expected_size:
        raise Mismatch(
            f"{url}: {received:,} bytes, not the {expected_size:,} of the known release: refused", url=url
        )
    if expected_sha256 and digest.hexdigest() != expected_sha256.lower():
        raise Mismatch(f"{url}: its SHA-256 is not the known release's: refused", url=url)
    return Download(body=b"".join(chunks), content_type=kind, url=final, charset=charset)


def _download(url: str) -> tuple[bytes, str, str]:
    """Body (at most MAX_FILE_BYTES), content type and final address of ``url``; FetchError otherwise."""
    got = download(url, max_bytes=MAX_FILE_BYTES)
    return got.body, got.content_type, got.url


def _looks_like_html(body: bytes, kind: str) -> bool:
    return kind in ("text/html", "application/xhtml+xml") or body.lstrip()[:15].lower().startswith(
        (b"<!doctype", b"<html")
    )


def _text_file(
    url: str,
    name: str,
    *,
    known: tuple[OfficialRelease, ...] = (),
    progress: Progress | None = None,
) -> tuple[bytes, str]:
    """The body and final address of the text file at ``url``, or of the one a page there links to; a
    release of ``known`` is checked against its size and SHA-256."""
    release = known_for(known, url)
    if release is None:
        got = download(url, max_bytes=MAX_FILE_BYTES, progress=progress)
        if not _looks_like_html(got.body, got.content_type):
            return got.body, got.url
        link = rules_link(got.body.decode("utf-8", errors="replace"), got.url, name=name)
        if link is None:
            raise FetchError(f"{url}: no link to a .txt file on this page")
        url, release = link, known_for(known, link)
    got = download(
        url,
        max_bytes=MAX_FILE_BYTES,
        expected_size=release.size if release else None,
        expected_sha256=release.sha256 if release else None,
        progress=progress,
    )
    return got.body, got.url


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


def fetch_release(
    *,
    url: str,
    corpus_dir: Path,
    known: tuple[OfficialRelease, ...] = (),
    progress: Progress | None = None,
) -> FetchedRelease:
    """Download a release and store it as ``en/MagicCompRules YYYYMMDD.txt`` under the date it takes effect.

    ``url`` is the text file, or a page linking to it (the official rules page). A release listed in
    ``known`` must have its size and SHA-256 (:class:`Refused` otherwise); every file must parse as
    Comprehensive Rules before it is stored (an error page never becomes a release); a file the
    corpus already has byte for byte is not stored again. Raises FetchError.
    """
    body, final = _text_file(url, CR_PREFIX, known=known, progress=progress)
    name = unquote(urlsplit(final).path.rsplit("/", 1)[-1]) or "download.txt"
    try:
        document = parse_comprehensive_rules(decode_text(body, source=name).text, source=name)
    except ParseError as err:
        raise Refused(f"{final}: not a Comprehensive Rules file ({err})") from None
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
        raise Refused(f"{final}: not the Japanese translation of the Comprehensive Rules ({err})") from None
    release, reissue = document.translated_from, ja_comprehensive_rules.reissue_of(document)
    target = corpus_dir / "ja" / f"{JA_CR_PREFIX}_{release}_{reissue}.txt"
    return _store(body, target, same_as="*.txt", version=f"{release}.{reissue}", url=final)


def fetch_translation_page(*, url: str, corpus_dir: Path) -> FetchedRelease:
    """Read the official Japanese translation from the web page Wizards' Japanese site publishes it on, and
    store it in the community's layout as ``ja/JPN_CR_YYYYMMDD_N.txt`` (``judge.parsing.ja_cr_web``), where
    the ingest reads it as it reads the community's file of the same release and re-issue.

    The text must parse as a whole translation before it is stored; the same text is not stored twice.
    Raises FetchError.
    """
    got = download(url, max_bytes=MAX_PAGE_BYTES)
    name = unquote(urlsplit(got.url).path.rstrip("/").rsplit("/", 1)[-1]) or "page"
    try:
        # The page declares its charset; what it does not declare is read as UTF-8.
        html = got.body.decode(got.charset or _charset(got.body) or "utf-8", errors="replace")
        text = ja_cr_web.to_layout(html, source=name)
        document = ja_comprehensive_rules.parse(text, source=name)
    except (ParseError, LookupError) as err:
        raise Refused(f"{got.url}: not the official Japanese Comprehensive Rules page ({err})") from None
    release, reissue = document.translated_from, ja_comprehensive_rules.reissue_of(document)
    target = corpus_dir / "ja" / f"{JA_CR_PREFIX}_{release}_{reissue}.txt"
    return _store(text.encode("utf-8"), target, same_as="*.txt", version=f"{release}.{reissue}", url=got.url)


_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_-]+)""", re.IGNORECASE)


def _charset(body: bytes) -> str | None:
    match = _CHARSET.search(body[:4096])
    return match.group(1).decode("ascii") if match else None


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
