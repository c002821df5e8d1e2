"""Text analysis for the search index: Japanese morphology, character bigrams, English stems.

Japanese text is normalised first (NFKC folds full-/half-width forms, lower-case,
spaces between two Japanese characters dropped: the blog excerpt writes
"統率 領域"). The morphological field uses SudachiPy (split mode A, normalised
forms, so コントローラ and コントローラー are one word); the choice was measured
against janome and fugashi, see docs/search-analyzer.md and bench/analyzers.py.
The bigram field catches words the dictionary splits badly, and the Latin words
inside Japanese text (card names such as "Fractured Powerstone", {CHAOS}, 2vs2) are
indexed a second time as English stems, so an English query finds them.

Questions in plain words ("how much does my commander cost", 「統率者税はいくらですか」)
must not block a match: question words, pronouns and the verbs of a question
(する, なる, できる) are stop words on both sides, the index and the query.

The Sudachi dictionary is loaded once per process (about 55 ms); each thread gets its
own tokenizer from it (a tokenizer cannot be shared between threads; making one costs
microseconds).

Whoosh pickles the analyzers into the index schema, so the analyzer classes
below hold no tokenizer objects: those live in module-level caches.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from whoosh.analysis import Token, Tokenizer
from whoosh.analysis.analyzers import Analyzer
from whoosh.lang.porter import stem as porter_stem

JA_CHAR = "\u3005\u3006\u3040-\u30fa\u30fc-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_JA_RE = re.compile(f"[{JA_CHAR}]")
_JA_RUN = re.compile(f"[{JA_CHAR}]+")
_JA_SPACE = re.compile(f"(?<=[{JA_CHAR}])[ \t\u3000]+(?=[{JA_CHAR}])")
_PUNCT_ONLY = re.compile(r"^[\W_]+$")
_HIRAGANA_END = re.compile("[\u3041-\u3096]$")

# Word classes that carry no meaning on their own (particles, auxiliaries, symbols, pronouns:
# 何, いつ, 誰, 私 in a question; これ, それ in the rules).
SKIP_POS = frozenset({"助詞", "助動詞", "補助記号", "空白", "記号", "代名詞"})
# Normalised forms of the words a question is made of: どう なる, いくら, できますか, 教えてください; 全員 is
# "all" and 時, 際 "when", English stop words too.
JAPANESE_STOP_WORDS = frozenset(
    [
        "どう",
        "何故",
        "幾ら",
        "幾",
        "成る",
        "為る",
        "有る",
        "居る",
        "出来る",
        "可能",
        "こと",
        "よう",
        "もの",
        "下さる",
        "教える",
        "良い",
        "遣る",
        "つく",
        "起こる",
        "起きる",
        "場合",
        "全員",
        "時",
        "際",
    ]
)

ENGLISH_STOP_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "but",
        "by",
        "for",
        "from",
        "has",
        "have",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "of",
        "on",
        "or",
        "such",
        "that",
        "the",
        "their",
        "then",
        "there",
        "these",
        "they",
        "this",
        "to",
        "was",
        "were",
        "will",
        "with",
        "which",
        "who",
        "whose",
        "not",
        "no",
        "may",
        "can",
        "each",
        "any",
        "all",
        "how",
        "much",
        "many",
        "what",
        "when",
        "where",
        "why",
        "whom",
        "do",
        "does",
        "did",
        "doing",
        "i",
        "me",
        "my",
        "mine",
        "you",
        "your",
        "yours",
        "we",
        "our",
        "us",
        "happen",
        "happens",
        "happened",
        "should",
        "would",
        "could",
        "shall",
        "am",
        "been",
        "being",
        "about",
        "please",
    ]
)
_EN_TOKEN = re.compile(r"\w+(?:[.'’]\w+)*")
# Latin words and numbers inside Japanese text (after NFKC): card names, {CHAOS}, 2vs2, 903.8.
_LATIN_TOKEN = re.compile(r"[a-z0-9]+(?:[.'’][a-z0-9]+)*")
# The Porter stemmer folds these into other game words (commander -> command, controller -> control).
UNSTEMMED = frozenset({"commander", "controller", "planeswalker", "attacker", "blocker", "defender"})


def has_japanese(text: str) -> bool:
    return _JA_RE.search(text) is not None


def normalize_ja(text: str) -> str:
    """NFKC, lower-case, no spaces between Japanese characters.

    >>> normalize_ja("ｺﾝﾄﾛｰﾗｰ の ９０３．８  統率 領域")
    'コントローラーの 903.8  統率領域'
    """
    text = unicodedata.normalize("NFKC", text).lower()
    return _JA_SPACE.sub("", text)


# --- Japanese morphological backends (also measured by bench/analyzers.py) -------------------------


@dataclass(frozen=True)
class Morpheme:
    text: str  # the normalised form that is indexed
    start: int  # character offsets in the (normalised) input
    end: int


_local = threading.local()
_dictionary_lock = threading.Lock()
_dictionary: Any = None


def sudachi_dictionary() -> Any:
    """The Sudachi dictionary, loaded once per process (shared by every thread's tokenizer)."""
    global _dictionary
    if _dictionary is None:
        with _dictionary_lock:
            if _dictionary is None:
                from sudachipy import Dictionary

                _dictionary = Dictionary(dict="core")
    return _dictionary


def _sudachi(mode: str) -> Any:
    """This thread's tokenizer for a split mode (made from the shared dictionary)."""
    tokenizers: dict[str, Any] | None = getattr(_local, "sudachi", None)
    if tokenizers is None:
        tokenizers = _local.sudachi = {}
    tokenizer = tokenizers.get(mode)
    if tokenizer is None:
        from sudachipy import SplitMode

        tokenizer = tokenizers[mode] = sudachi_dictionary().tokenizer(mode=getattr(SplitMode, mode))
    return tokenizer


def sudachi_morphemes(text: str, *, mode: str = "A") -> list[Morpheme]:
    out: list[Morpheme] = []
    for m in _sudachi(mode).tokenize(text):
        if m.part_of_speech()[0] in SKIP_POS:
            continue
        word = m.normalized_form().lower()
        if word not in JAPANESE_STOP_WORDS:
            out.append(Morpheme(word, m.begin(), m.end()))
    return out


def reading(text: str) -> str:
    """The reading of Japanese text in katakana (Sudachi's; katakana and other characters as they are).

    >>> reading("統率者税"), reading("共闘"), reading("コマンダー")
    ('トウソツシャゼイ', 'キョウトウ', 'コマンダー')
    """
    return "".join(
        m.reading_form() if m.reading_form() and m.reading_form() != "キゴウ" else m.surface()
        for m in _sudachi("A").tokenize(text)
    )


def verb_stem(text: str) -> str:
    """Text ending in a verb without its last kana, which inflects (ゲームから離れる: 離れた, 離れて),
    else "".

    >>> verb_stem("ゲームから離れる"), verb_stem("統率者税")
    ('ゲームから離れ', '')
    """
    tokens = list(_sudachi("A").tokenize(text))
    if not tokens or tokens[-1].part_of_speech()[0] != "動詞" or not _HIRAGANA_END.search(text):
        return ""
    return text[:-1]


def sudachi_surface_morphemes(text: str, *, mode: str = "A") -> list[Morpheme]:
    return [
        Morpheme(m.surface().lower(), m.begin(), m.end())
        for m in _sudachi(mode).tokenize(text)
        if m.part_of_speech()[0] not in SKIP_POS
    ]


def janome_morphemes(text: str) -> list[Morpheme]:
    tokenizer = getattr(_local, "janome", None)
    if tokenizer is None:
        from janome.tokenizer import Tokenizer as JanomeTokenizer

        tokenizer = _local.janome = JanomeTokenizer()
    out: list[Morpheme] = []
    offset = 0
    for token in tokenizer.tokenize(text):
        start = text.find(token.surface, offset)
        start = offset if start < 0 else start
        offset = start + len(token.surface)
        if token.part_of_speech.split(",")[0] in SKIP_POS:
            continue
        base = token.base_form if token.base_form != "*" else token.surface
        out.append(Morpheme(base.lower(), start, offset))
    return out


def fugashi_morphemes(text: str) -> list[Morpheme]:
    tagger = getattr(_local, "fugashi", None)
    if tagger is None:
        import fugashi

        tagger = _local.fugashi = fugashi.Tagger()
    out: list[Morpheme] = []
    offset = 0
    for word in tagger(text):
        start = text.find(word.surface, offset)
        start = offset if start < 0 else start
        offset = start + len(word.surface)
        if word.feature.pos1 in SKIP_POS:
            continue
        lemma = word.feature.lemma or word.surface
        # UniDic lemmas of loanwords carry the English origin: "ダメージ-damage".
        out.append(Morpheme(lemma.split("-")[0].lower(), start, offset))
    return out


JA_BACKENDS: dict[str, Callable[[str], list[Morpheme]]] = {
    "sudachi-A-normalized": sudachi_morphemes,
    "sudachi-C-normalized": lambda text: sudachi_morphemes(text, mode="C"),
    "sudachi-A-surface": sudachi_surface_morphemes,
    "janome-base": janome_morphemes,
    "fugashi-unidic-lemma": fugashi_morphemes,
}
JA_BACKEND = "sudachi-A-normalized"  # the measured winner (docs/search-analyzer.md)


def ja_morphemes(text: str) -> list[Morpheme]:
    """Content words of already-normalised Japanese text, with offsets."""
    return [m for m in JA_BACKENDS[JA_BACKEND](text) if not _PUNCT_ONLY.match(m.text)]


def ja_terms(text: str) -> list[str]:
    return [m.text for m in ja_morphemes(normalize_ja(text))]


# A query's Japanese is analysed once per process: the same words come back query after query (the term
# table's spellings in every query that names a term), and one query analyses a span up to four times
# (the term table, its units, the phrase, the bonus). Keyed by the text, which queries bound in length.
@lru_cache(maxsize=8192)
def query_morphemes(text: str) -> tuple[Morpheme, ...]:
    """``ja_morphemes`` of a query's (already normalised) Japanese text, remembered."""
    return tuple(ja_morphemes(text))


@lru_cache(maxsize=8192)
def query_terms(text: str) -> tuple[str, ...]:
    """``ja_terms`` of a query's Japanese text, remembered."""
    return tuple(m.text for m in query_morphemes(normalize_ja(text)))


def bigrams(text: str) -> list[tuple[str, int, int]]:
    """Overlapping character bigrams of each run of Japanese characters (a one-character run stays whole).

    >>> [b for b, _, _ in bigrams("次元ダイス、振る")]
    ['次元', '元ダ', 'ダイ', 'イス', '振る']
    """
    out: list[tuple[str, int, int]] = []
    for run in _JA_RUN.finditer(text):
        s, word = run.start(), run.group(0)
        if len(word) == 1:
            out.append((word, s, s + 1))
            continue
        out.extend((word[i : i + 2], s + i, s + i + 2) for i in range(len(word) - 1))
    return out


# --- English ----------------------------------------------------------------------------------------


def en_tokens(text: str) -> Iterator[tuple[str, int, int]]:
    """(stem, start, end) of each English content word; rule numbers stay whole ("903.8a")."""
    for match in _EN_TOKEN.finditer(text):
        word = match.group(0).lower().replace("’", "'")
        if word in ENGLISH_STOP_WORDS:
            continue
        if word.endswith("'s"):
            word = word[:-2]
        yield en_stem(word), match.start(), match.end()


@lru_cache(maxsize=65536)
def en_stem(word: str) -> str:
    """Porter stem, except the game's agent nouns.

    >>> en_stem("commanders"), en_stem("command"), en_stem("leaves"), en_stem("903.8a")
    ('commander', 'command', 'leav', '903.8a')
    """
    if not word.isalpha():
        return word
    if word in UNSTEMMED:
        return word
    if word.endswith("s") and word[:-1] in UNSTEMMED:
        return word[:-1]
    return str(porter_stem(word))


def en_terms(text: str) -> list[str]:
    return [t for t, _, _ in en_tokens(text)]


def latin_tokens(text: str) -> list[tuple[str, int, int]]:
    """English stems of the Latin words in (normalised) Japanese text, with offsets.

    >>> text = normalize_ja("砕けたパワーストーン/Fractured Powerstone、{CHAOS}、2vs2")
    >>> [t for t, _, _ in latin_tokens(text)]
    ['fractur', 'powerston', 'chao', '2vs2']
    """
    out: list[tuple[str, int, int]] = []
    for match in _LATIN_TOKEN.finditer(text):
        word = match.group(0).replace("’", "'")
        if word in ENGLISH_STOP_WORDS:
            continue
        if word.endswith("'s"):
            word = word[:-2]
        out.append((en_stem(word), match.start(), match.end()))
    return out


# --- whoosh glue ---------------------------------------------------------------------------------------


class _ListTokenizer(Tokenizer):  # type: ignore[misc]
    """Turns a function returning (text, start, end) triples into whoosh tokens."""

    def triples(self, value: str) -> list[tuple[str, int, int]]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other)

    def __hash__(self) -> int:
        return hash(type(self).__name__)

    def __call__(
        self,
        value: str,
        positions: bool = False,
        chars: bool = False,
        keeporiginal: bool = False,
        removestops: bool = True,
        start_pos: int = 0,
        start_char: int = 0,
        tokenize: bool = True,
        mode: str = "",
        **kwargs: Any,
    ) -> Iterator[Token]:
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        items = self.triples(value) if tokenize else [(value, 0, len(value))]
        for pos, (text, start, end) in enumerate(items):
            token.text = text
            token.boost = 1.0
            token.stopped = False
            if keeporiginal:
                token.original = text
            if positions:
                token.pos = start_pos + pos
            if chars:
                token.startchar = start_char + start
                token.endchar = start_char + end
            yield token


class JapaneseMorphTokenizer(_ListTokenizer):
    def triples(self, value: str) -> list[tuple[str, int, int]]:
        return [(m.text, m.start, m.end) for m in ja_morphemes(normalize_ja(value))]


class JapaneseBigramTokenizer(_ListTokenizer):
    def triples(self, value: str) -> list[tuple[str, int, int]]:
        return bigrams(normalize_ja(value))


class EnglishTokenizer(_ListTokenizer):
    def triples(self, value: str) -> list[tuple[str, int, int]]:
        return list(en_tokens(value))


class LatinInJapaneseTokenizer(_ListTokenizer):
    def triples(self, value: str) -> list[tuple[str, int, int]]:
        return latin_tokens(normalize_ja(value))


def japanese_analyzer() -> Analyzer:
    return JapaneseMorphTokenizer()


def bigram_analyzer() -> Analyzer:
    return JapaneseBigramTokenizer()


def english_analyzer() -> Analyzer:
    return EnglishTokenizer()


def latin_analyzer() -> Analyzer:
    return LatinInJapaneseTokenizer()
