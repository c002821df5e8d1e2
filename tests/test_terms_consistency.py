"""One Japanese word for each English term across the two catalogs a reader meets (issue 23).

The engine's messages (``judge/engine/texts``) and the site's interface texts
(``judge/locale/ja/LC_MESSAGES/django.po``) are written separately (and the
Japanese documents' titles beside them). A game term
of ``rules_data/terms.tsv`` is shown in its official Japanese name (``name_ja``);
the other Japanese spellings of its row are spellings players type, which search
matches but no page shows. For every (English, Japanese) text of either catalog:
when the English names a term, the Japanese never uses one of that term's other
spellings (パートナー for partner, フリー・フォー・オール for Free-for-All,
デュエル・マスターズ タッグ統率者戦 for Duel Masters Tag Commander).
"""

from __future__ import annotations

import ast
import re
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from judge.engine.texts import CATALOG
from judge.parsing import ja_commander_rules, ja_comprehensive_rules, ja_cr_excerpt, ja_dtc
from judge.parsing.terms_table import Term, load_terms_table

ROOT = Path(__file__).resolve().parents[1]
JA_PO = ROOT / "judge" / "locale" / "ja" / "LC_MESSAGES" / "django.po"


# --- the .po file ------------------------------------------------------------------------------------


@dataclass
class PoEntry:
    msgid: str = ""
    msgid_plural: str = ""
    msgctxt: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)  # msgstr -> 0; msgstr[n] -> n
    flags: set[str] = field(default_factory=set)
    line: int = 0


_PO_KEYWORD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")\s*$')


def parse_po(text: str) -> list[PoEntry]:
    """The live entries of a .po file (obsolete ``#~`` entries left out), the header included (msgid "")."""
    entries: list[PoEntry] = []
    entry: PoEntry | None = None
    target: tuple[str, int] = ("", 0)

    def close() -> None:
        nonlocal entry
        if entry is not None and entry.msgstr:
            entries.append(entry)
        entry = None

    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#~"):
            close()
            continue
        # a new entry without a blank line before it
        if line.startswith(("#", "msgctxt", "msgid ")) and entry is not None and entry.msgstr:
            close()
        if entry is None:
            entry = PoEntry(line=number)
        if line.startswith("#,"):
            entry.flags.update(flag.strip() for flag in line[2:].split(","))
            continue
        if line.startswith("#"):
            continue
        keyword = _PO_KEYWORD.match(line)
        if keyword:
            name, index, literal = keyword.groups()
            target = (name.split("[")[0], int(index or 0))
            value = ast.literal_eval(literal)
        elif line.startswith('"'):
            value = ast.literal_eval(line)
        else:
            raise ValueError(f"{JA_PO.name}:{number}: unreadable line {line!r}")
        kind, index = target
        if kind == "msgstr":
            entry.msgstr[index] = entry.msgstr.get(index, "") + value
        elif kind == "msgctxt":
            entry.msgctxt = (entry.msgctxt or "") + value
        else:
            setattr(entry, kind, getattr(entry, kind) + value)
    close()
    return entries


def po_entries() -> list[PoEntry]:
    return [e for e in parse_po(JA_PO.read_text(encoding="utf-8")) if e.msgid]


def catalog_pairs() -> Iterator[tuple[str, str, str]]:
    """(where, English, Japanese) of every text of both catalogs, a plural's every form, and the titles of
    the Japanese documents (a search hit and a document page name them)."""
    for code, entry in sorted(CATALOG.items()):
        yield code, entry["en"], entry["ja"]
    for module in (ja_commander_rules, ja_comprehensive_rules, ja_cr_excerpt, ja_dtc):
        yield module.__name__, module.TITLE_EN, module.TITLE_JA
    for entry in po_entries():
        where = f"django.po:{entry.line}"
        for index, japanese in sorted(entry.msgstr.items()):
            yield where, entry.msgid if index == 0 or not entry.msgid_plural else entry.msgid_plural, japanese


# --- the check -----------------------------------------------------------------------------------------


def _ja(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


ALSO_SHOWN = re.compile(r"also shown: ([^;]*)")


def also_shown(term: Term) -> set[str]:
    """The other spellings of a row a page may show, as its notes name them ("also shown: 追放する,
    追放領域"):
    the Japanese of another English spelling of the row (control, the exile zone) or the noun of a verb."""
    found = ALSO_SHOWN.search(term.notes)
    if not found:
        return set()
    return {_ja(s.strip()) for s in re.sub(r"\([^)]*\)", "", found.group(1)).split(",") if s.strip()}


#: Proper names that hold a term's word but name something else, with the Japanese a page writes them in:
#: neither is the term (コマンダー・スペルブック is the combo site's name, not 統率者's other spelling).
PROPER_NAMES = {"Commander Spellbook": "コマンダー・スペルブック"}


class TermChecker:
    """Finds the term-table rows an English text names, and the spellings a Japanese text uses."""

    def __init__(self, terms: Sequence[Term]) -> None:
        self.terms = [t for t in terms if t.ja]
        self._english = [
            (re.compile(rf"(?<![\w-]){re.escape(spelling)}(?![\w-])", re.IGNORECASE), term)
            for term in self.terms
            for spelling in term.en
        ]
        # Every Japanese spelling of every row, longest first: a text is read left to right, each
        # position by its longest spelling, so 統率者税 is not 統率者 and デュエマ・タッグ・コマンダー
        # is not コマンダー.
        spellings = {(_ja(s), term) for term in self.terms for s in term.ja}
        self._japanese = sorted(spellings, key=lambda item: -len(item[0]))

    def named_in_english(self, text: str) -> list[Term]:
        """The rows whose English spelling the text has, a spelling inside a longer one's match left out
        ("commander" in "Duel Masters Tag Commander")."""
        spans = [
            (m.start(), m.end(), term) for pattern, term in self._english for m in pattern.finditer(text)
        ]
        found: list[Term] = []
        for start, end, term in spans:
            inside = any(s <= start and end <= e and (e - s) > (end - start) for s, e, _ in spans)
            if not inside and term not in found:
                found.append(term)
        return found

    def spellings_in_japanese(self, text: str) -> list[tuple[str, Term]]:
        text = _ja(text)
        found: list[tuple[str, Term]] = []
        position = 0
        while position < len(text):
            for spelling, term in self._japanese:
                if text.startswith(spelling, position):
                    found.append((spelling, term))
                    position += len(spelling)
                    break
            else:
                position += 1
        return found

    def problems(self, english: str, japanese: str) -> list[str]:
        """Each other spelling of a term the English names that the Japanese uses instead of its name_ja."""
        for name, name_ja in PROPER_NAMES.items():
            english, japanese = english.replace(name, " "), japanese.replace(name_ja, " ")
        named = self.named_in_english(english)
        return [
            f"{spelling!r} for {term.en[0]!r}: write {term.name_ja!r} (rules_data/terms.tsv line {term.line})"
            for spelling, term in self.spellings_in_japanese(japanese)
            if term in named and spelling != _ja(term.name_ja) and spelling not in also_shown(term)
        ]


@pytest.fixture(scope="module")
def checker() -> TermChecker:
    return TermChecker(load_terms_table())


def test_every_term_has_one_japanese_rendering_across_both_catalogs(checker: TermChecker) -> None:
    problems = [
        f"{where}: {english!r} -> {japanese!r}: {problem}"
        for where, english, japanese in catalog_pairs()
        for problem in checker.problems(english, japanese)
    ]
    assert problems == [], "\n".join(problems)


# An English text both catalogs have and whose Japanese rightly differs: it names different things.
SAME_ENGLISH_OTHER_THING = {
    "Amount": "the tracker's change (数) and the rulings' damage (点数)",
}


def _placeholders(text: str) -> str:
    return re.sub(r"%\((\w+)\)[sd]", r"{\1}", text)


def test_an_english_text_of_both_catalogs_has_one_japanese() -> None:
    """The 28 texts issue 23 counted: a form's label and the engine's label of the same field agree."""
    engine: dict[str, set[str]] = {}
    for entry in CATALOG.values():
        engine.setdefault(entry["en"], set()).add(entry["ja"])
    disagree = [
        f"django.po:{e.line} {e.msgid!r} -> {e.msgstr[0]!r}, the engine: {sorted(engine[english])}"
        for e in po_entries()
        if e.msgctxt is None
        and not e.msgid_plural
        and (english := _placeholders(e.msgid)) in engine
        and english not in SAME_ENGLISH_OTHER_THING
        and _placeholders(e.msgstr[0]) not in engine[english]
    ]
    assert disagree == [], "\n".join(disagree)


@pytest.mark.parametrize(
    ("english", "japanese", "wrong"),
    [
        # the three renderings issue 23 found
        ("Free-for-all", "フリー・フォー・オール", "フリー・フォー・オール"),
        (
            "Each partner commander's casts are counted separately.",
            "パートナー統率者は別々に数えます。",
            "パートナー",
        ),
        (
            "Duel Masters Tag Commander (DTC)",
            "デュエル・マスターズ タッグ統率者戦(DTC)",
            "デュエル・マスターズ タッグ統率者戦",
        ),
        ("DTC: one team", "タッグ統率者戦：チーム", "タッグ統率者戦"),
        ("Planechase", "プレインチェイス", "プレインチェイス"),
    ],
)
def test_another_spelling_of_a_named_term_is_reported(
    checker: TermChecker, english: str, japanese: str, wrong: str
) -> None:
    [problem] = checker.problems(english, japanese)
    assert problem.startswith(repr(wrong))


@pytest.mark.parametrize(
    ("english", "japanese"),
    [
        ("Free-for-All", "無差別戦"),
        (
            "Duel Masters Tag Commander (DTC)",
            "デュエマ・タッグ・コマンダー（DTC）",
        ),  # not コマンダー for commander
        ("DTC: Source (DTCS)", "デュエマ・タッグ・コマンダー：ソース（DTCS）"),
        ("Two-Headed Giant", "双頭巨人戦"),  # the official name holds the other spelling 双頭巨人
        ("commander tax", "統率者税"),
        ("Planechase", "プレインチェイス戦"),
        ("partnership", "パートナーシップ"),  # not the word partner
    ],
)
def test_the_official_name_passes(checker: TermChecker, english: str, japanese: str) -> None:
    assert checker.problems(english, japanese) == []


def test_also_shown_names_spellings_of_its_own_row() -> None:
    rows = [t for t in load_terms_table() if also_shown(t)]
    assert len(rows) >= 5
    assert [t.line for t in rows if not also_shown(t) <= {_ja(s) for s in t.ja[1:]}] == []


def test_the_po_reader_reads_every_entry() -> None:
    entries = parse_po(
        'msgid ""\nmsgstr "Language: ja\\n"\n\n#: a.html:1\n#, python-format\nmsgctxt "card"\nmsgid '
        '"Commander"\n'
        'msgstr "統率者"\n#: b.html:2\nmsgid "A %(n)s day"\nmsgid_plural "A %(n)s days"\nmsgstr[0] "%(n)s '
        '"\n"日"\n\n'
        '#~ msgid "Gone"\n#~ msgstr "消えた"\n'
    )
    assert [(e.msgctxt, e.msgid, e.msgid_plural, e.msgstr) for e in entries] == [
        (None, "", "", {0: "Language: ja\n"}),
        ("card", "Commander", "", {0: "統率者"}),
        (None, "A %(n)s day", "A %(n)s days", {0: "%(n)s 日"}),
    ]
    assert entries[1].flags == {"python-format"}


def test_every_text_of_both_catalogs_has_japanese() -> None:
    missing = [code for code, entry in CATALOG.items() if not entry.get("ja", "").strip()]
    entries = po_entries()
    assert len(entries) > 300
    missing += [
        f"django.po:{e.line} {e.msgid!r}"
        for e in entries
        if not e.msgstr or not all(s.strip() for s in e.msgstr.values()) or "fuzzy" in e.flags
    ]
    assert missing == [], "no Japanese (or a fuzzy one) for:\n" + "\n".join(missing)


def test_the_old_word_for_leaving_the_game_is_a_search_spelling_only() -> None:
    """ゲームから除外 comes from an unofficial (pre-2019 blog) translation: search still finds "leaves the
    game"
    through it, but no page names the term so: its official name is ゲームから離れる, and no engine or
    interface
    text says it, except the notice that explains the old translation's word (issue 24)."""
    from judge.search.terms import load_terms

    (row,) = [t for t in load_terms_table() if "leaves the game" in t.en]
    assert row.name_ja == "ゲームから離れる" and "ゲームから除外" in row.ja[1:]
    [match] = load_terms().find_ja("ゲームから除外")
    assert any("leaves the game" in pair.en for pair in match.pairs)
    assert not [code for code, texts in CATALOG.items() if "ゲームから除外" in texts.get("ja", "")]
    shown = [
        e
        for e in parse_po(JA_PO.read_text(encoding="utf-8"))
        if "ゲームから除外" in "".join(e.msgstr.values())
    ]
    assert [e.msgid for e in shown] == [
        "This older translation says ゲームから除外される where the current Japanese rules say "
        "ゲームから離れる "
        "(leaving the game)."
    ]
