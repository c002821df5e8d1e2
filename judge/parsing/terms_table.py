"""The bilingual term table and the Japanese titles of the rules (``rules_data/terms.tsv``, ``sections.tsv``).

Both are project data, tab-separated, one header line; blank lines and ``#``
comment lines are skipped. A cell may list several spellings separated by
``" | "``: the first is the official name shown to readers, the others are
spellings players type (コマンダー for 統率者, EDH for Commander) that search
must also match.

``terms.tsv`` columns: ``ja en kind rule notes``.

* ``ja``: the official Japanese name first, or empty when Japanese has no term
  for the word (then ``notes`` must say why, e.g. an English wording word or a
  mechanic whose official name is not verified);
* ``en``: the glossary headword first;
* ``kind``: one of :data:`KINDS` (``duel-masters`` rows are one-way: their
  English words mean something else in the Comprehensive Rules, "shield");
* ``rule``: the Comprehensive Rules number that defines the term, if any.

``sections.tsv`` columns: ``number en ja basis``: the Japanese title of every
chapter and section of every CR release. A number can carry two titles (309 was
Planes in 2020, Dungeons since 2021), so a title is looked up by number *and*
English title. ``basis`` says where the Japanese comes from (:data:`BASES`).

>>> terms = parse_terms_table(
...     "ja\\ten\\tkind\\trule\\tnotes\\n統率者税 | コマンダー税\\tcommander tax\\tcommander\\t903.8\\t\\n",
...     source="terms.tsv",
... )
>>> terms[0].name_ja, terms[0].en, terms[0].rule
('統率者税', ('commander tax',), '903.8')
>>> glossary_terms(english_index(terms), "Commander Tax")[0].name_ja
'統率者税'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from judge.engine.rule_numbers import CHAPTER, SECTION, is_cr_number
from judge.parsing.records import ParseError

RULES_DATA_DIR = Path(__file__).resolve().parent.parent.parent / "rules_data"
TERMS_FILE = RULES_DATA_DIR / "terms.tsv"
SECTIONS_FILE = RULES_DATA_DIR / "sections.tsv"

KINDS = frozenset(
    {
        "keyword-ability",  # 702.x
        "keyword-action",  # 701.x
        "ability-word",  # 207.2c
        "card-type",
        "supertype",
        "subtype",
        "zone",
        "phase",
        "step",
        "turn",  # turns, combat and priority words
        "counter",
        "token",
        "symbol",
        "card-part",
        "game",  # the other words of the rules
        "commander",
        "multiplayer",
        "planechase",
        "variant",  # variants and options (chapters 8 and 9) and formats
        "obsolete",
        "duel-masters",
    }
)
BASES = frozenset(
    {
        "corpus",  # quoted by the Japanese texts of the corpus
        "cr-ja",  # the heading of the Japanese Comprehensive Rules
        "derived",  # built from the official Japanese name of the subject; the heading itself was not seen
        # no official Japanese yet (a section newer than every Japanese text read): ja empty, the English
        # shown marked as English
        "unverified",
    }
)
TERM_COLUMNS = ("ja", "en", "kind", "rule", "notes")
SECTION_COLUMNS = ("number", "en", "ja", "basis")
SECTION_NUMBER = re.compile(rf"^(?:{CHAPTER}|{SECTION})$")


@dataclass(frozen=True)
class Term:
    """One row of the term table: a word of the game in Japanese and English."""

    ja: tuple[str, ...]  # official name first; () when Japanese has no term (notes say why)
    en: tuple[str, ...]  # glossary headword first
    kind: str
    rule: str = ""
    notes: str = ""
    line: int = 0

    @property
    def name_ja(self) -> str:
        return self.ja[0] if self.ja else ""

    @property
    def one_way(self) -> bool:
        """Duel Masters words: English -> Japanese only (their English means something else in the CR)."""
        return self.kind == "duel-masters"


@dataclass(frozen=True)
class SectionTitle:
    """The Japanese title of a chapter ("9") or section ("903") of one or more CR releases."""

    number: str
    en: str
    ja: str
    basis: str
    line: int = 0


def _rows(text: str, columns: Sequence[str], source: str) -> list[tuple[int, list[str]]]:
    """(line number, cells) of the data lines; the header must name ``columns`` in order."""
    rows: list[tuple[int, list[str]]] = []
    header_seen = False
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = raw.rstrip("\r")
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if not header_seen:
            if tuple(c.strip() for c in cells) != tuple(columns):
                raise ParseError(
                    f"the header must be {' / '.join(columns)} (tab-separated)", source=source, line=number
                )
            header_seen = True
            continue
        if len(cells) > len(columns):
            raise ParseError(
                f"{len(cells)} columns, expected at most {len(columns)}", source=source, line=number
            )
        rows.append((number, [c.strip() for c in cells] + [""] * (len(columns) - len(cells))))
    if not header_seen:
        raise ParseError("no header line", source=source)
    return rows


def _spellings(cell: str) -> tuple[str, ...]:
    return tuple(s.strip() for s in cell.split("|") if s.strip())


def parse_terms_table(text: str, *, source: str) -> tuple[Term, ...]:
    """Rows of a term table; a bad row stops the parse with its line.

    >>> parse_terms_table("ja\\ten\\tkind\\trule\\tnotes\\n\\tif\\tgame\\t\\ta word of wording\\n",
    ...     source="t")[0].ja
    ()
    >>> parse_terms_table("ja\\ten\\tkind\\trule\\tnotes\\n飛行\\tflying\\tkeyword\\t702.9\\t\\n", source="t")
    Traceback (most recent call last):
    ...
    judge.parsing.records.ParseError: t:2: unknown kind 'keyword'
    """
    terms: list[Term] = []
    for line, (ja, en, kind, rule, notes) in _rows(text, TERM_COLUMNS, source):
        en_spellings = _spellings(en)
        if not en_spellings:
            raise ParseError("no English word", source=source, line=line)
        if kind not in KINDS:
            raise ParseError(f"unknown kind {kind!r}", source=source, line=line)
        if rule and not is_cr_number(rule):
            raise ParseError(f"{rule!r} is not a rule number", source=source, line=line)
        ja_spellings = _spellings(ja)
        if not ja_spellings and not notes:
            raise ParseError(
                f"{en_spellings[0]!r} has no Japanese name and no note saying why", source=source, line=line
            )
        terms.append(Term(ja=ja_spellings, en=en_spellings, kind=kind, rule=rule, notes=notes, line=line))
    return tuple(terms)


def parse_section_titles(text: str, *, source: str) -> tuple[SectionTitle, ...]:
    """Rows of a section-title table; a bad row stops the parse with its line.

    >>> parse_section_titles("number\\ten\\tja\\tbasis\\n903\\tCommander\\t統率者戦\\tcorpus\\n",
    ...     source="s")[0].ja
    '統率者戦'
    """
    titles: list[SectionTitle] = []
    for line, (number, en, ja, basis) in _rows(text, SECTION_COLUMNS, source):
        if not SECTION_NUMBER.match(number):
            raise ParseError(f"{number!r} is not a chapter or section number", source=source, line=line)
        if not en or not ja and basis != "unverified":
            raise ParseError("a title needs its English and its Japanese", source=source, line=line)
        if ja and basis == "unverified":
            raise ParseError("an unverified title has no Japanese", source=source, line=line)
        if basis not in BASES:
            raise ParseError(f"unknown basis {basis!r}", source=source, line=line)
        titles.append(SectionTitle(number=number, en=en, ja=ja, basis=basis, line=line))
    return tuple(titles)


def english_key(text: str) -> str:
    """An English word as the glossary and the rules print it, reduced for lookup.

    Curly quotes are straightened, placeholders (``[name]``) and the surrounding
    quotes and commas dropped, case folded.

    >>> english_key("“Partner with [name]”"), english_key("City’s Blessing")
    ('partner with', "city's blessing")
    """
    text = unicodedata.normalize("NFKC", text)
    text = text.translate({ord("’"): "'", ord("‘"): "'", ord("“"): '"', ord("”"): '"', ord("—"): " "})
    text = re.sub(r"\[[^\]]*\]", " ", text)
    return " ".join(text.split()).strip(' ,."').casefold()


def japanese_key(text: str) -> str:
    """A Japanese spelling reduced for comparing rows (full/half width, case)."""
    return "".join(unicodedata.normalize("NFKC", text).casefold().split())


def english_index(terms: Iterable[Term]) -> dict[str, Term]:
    """Each English spelling's row; a two-way row wins over a one-way (Duel Masters) row."""
    index: dict[str, Term] = {}
    for term in terms:
        for spelling in term.en:
            key = english_key(spelling)
            if key not in index or (index[key].one_way and not term.one_way):
                index[key] = term
    return index


def glossary_terms(index: Mapping[str, Term], headword: str) -> tuple[Term, ...]:
    """The rows naming a glossary headword or a rule title; () when the table lacks it.

    A headword may join several words ("Life, Life Total", "Kicker, Kicked") and a
    rule title two keywords ("Daybound and Nightbound"): every part must be in the table.

    >>> terms = parse_terms_table(
    ...     "ja\\ten\\tkind\\trule\\tnotes\\nタップ\\ttap\\tkeyword-action\\t\\t\\n"
    ...     "アンタップ\\tuntap\\tkeyword-action\\t\\t\\n",
    ...     source="t",
    ... )
    >>> [t.name_ja for t in glossary_terms(english_index(terms), "Tap and Untap")]
    ['タップ', 'アンタップ']
    """
    headword = re.sub(r"\s*\(Obsolete\)\s*$", "", headword)
    for separator in (None, ",", " and "):
        parts = [headword] if separator is None else headword.split(separator)
        keys = [english_key(p) for p in parts if english_key(p)]
        if keys and all(k in index for k in keys):
            found: list[Term] = []
            for key in keys:
                if index[key] not in found:
                    found.append(index[key])
            return tuple(found)
    return ()


def table_problems(terms: Sequence[Term]) -> list[str]:
    """Duplicate or contradictory rows: a Japanese spelling on two rows, an English one on two two-way
    rows."""
    problems: list[str] = []
    seen_ja: dict[str, Term] = {}
    seen_en: dict[str, Term] = {}
    for term in terms:
        for spelling in term.ja:
            key = japanese_key(spelling)
            if key in seen_ja:
                problems.append(f"line {term.line}: {spelling!r} is already on line {seen_ja[key].line}")
            seen_ja.setdefault(key, term)
        if term.one_way:
            continue
        for spelling in term.en:
            key = english_key(spelling)
            if key in seen_en and seen_en[key] is not term:
                problems.append(f"line {term.line}: {spelling!r} is already on line {seen_en[key].line}")
            seen_en.setdefault(key, term)
    return problems


def section_title_index(titles: Iterable[SectionTitle]) -> dict[tuple[str, str], SectionTitle]:
    return {(t.number, english_key(t.en)): t for t in titles}


def section_title_ja(index: Mapping[tuple[str, str], SectionTitle], number: str, en: str) -> str | None:
    """The Japanese title of chapter or section ``number`` whose English title is ``en``.

    >>> index = section_title_index(parse_section_titles(
    ...     "number\\ten\\tja\\tbasis\\n309\\tPlanes\\t次元\\tcr-ja\\n309\\tDungeons\\tダンジョン\\tcr-ja\\n",
    ...     source="s"))
    >>> section_title_ja(index, "309", "Dungeons"), section_title_ja(index, "309", "Vanguards")
    ('ダンジョン', None)
    """
    title = index.get((number, english_key(en)))
    return title.ja if title else None


def load_terms_table(path: Path = TERMS_FILE) -> tuple[Term, ...]:
    return parse_terms_table(path.read_text(encoding="utf-8"), source=path.name)


def load_section_titles(path: Path = SECTIONS_FILE) -> tuple[SectionTitle, ...]:
    return parse_section_titles(path.read_text(encoding="utf-8"), source=path.name)
