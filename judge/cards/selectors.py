"""Reads of the imported card data: engine card pools for deck checks and name lookups.

A deck check needs full card data only for the names in the deck, so only
those rows are loaded. For names not found, :meth:`CardPool.suggest
<judge.engine.cards.CardPool.suggest>` needs every known name; those are
loaded as names only (placeholder cards with no text), once per card set,
and cached in the process until the next import.
"""

from __future__ import annotations

import difflib
import functools
import threading
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from django.db import connection
from django.db.models import Count, Max

from judge.cards.models import Card, CardAlias, CardRuling, CardSource, PrintingName
from judge.engine import cards as engine_cards
from judge.engine.cards_payload import card_from_scryfall
from judge.engine.deck_types import Problem, SuggestionBudget, lookup
from judge.engine.interchangeable import InterchangeableNames
from judge.engine.legality import LegalityData, LegalitySource
from judge.engine.messages import Message
from judge.engine.rules_data import default_companion_bans
from judge.rules import selectors as rules_selectors

CHUNK = 500  # keys per IN (...) query, far below every database's parameter limit

SHORTLIST = 200  # candidates per unknown name handed to the engine's difflib suggestions

_names_lock = threading.Lock()
_names_cache: dict[str, object] = {}


def _grams(key: str) -> set[str]:
    padded = f"^{key}$"
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


class NameIndex:
    """Trigrams of every known name, to shortlist suggestion candidates.

    ``CardPool.suggest`` compares a name with every known name (difflib);
    against ~30 000 names that takes a third of a second per unknown name.
    The shortlist keeps the engine's logic and scoring, over far fewer names.
    """

    def __init__(self, keys: Iterable[str]) -> None:
        self.keys: list[str] = []
        self.sizes: list[int] = []
        self.postings: dict[str, list[int]] = {}
        for number, key in enumerate(keys):
            grams = _grams(key)
            self.keys.append(key)
            self.sizes.append(len(grams))
            for gram in grams:
                self.postings.setdefault(gram, []).append(number)

    def shortlist(self, key: str, limit: int = SHORTLIST) -> list[str]:
        """Known keys sharing the most trigrams with ``key`` (Dice coefficient), best first."""
        grams = _grams(key)
        shared: Counter[int] = Counter()
        for gram in grams:
            shared.update(self.postings.get(gram, ()))
        scored = sorted(shared, key=lambda n: -2 * shared[n] / (len(grams) + self.sizes[n]))
        return [self.keys[n] for n in scored[:limit]]


@dataclass(frozen=True)
class IndexedCardPool(engine_cards.CardPool):
    """A card pool whose suggestions run the engine's ``suggest`` over a trigram shortlist."""

    index: NameIndex | None = None

    def suggest(self, name: str, *, limit: int = 3) -> tuple[str, ...]:
        if self.index is None:
            return super().suggest(name, limit=limit)
        keys = self.index.shortlist(engine_cards.normalise_name(name))
        cards = {k: self.cards[k] for k in keys if k in self.cards}
        aliases = {k: self.aliases[k] for k in keys if k in self.aliases and self.aliases[k] in self.cards}
        for card_key in aliases.values():
            cards.setdefault(card_key, self.cards[card_key])
        return engine_cards.CardPool(cards=cards, aliases=aliases).suggest(name, limit=limit)


def has_cards() -> bool:
    """Whether any card data has been imported (``python manage.py import_cards``)."""
    return Card.objects.exists()


def imported_from(path: Path) -> bool:
    """Whether ``path`` as it is now (same size and modification time) is among the imported card files."""
    stat = path.stat()
    return (
        CardSource.objects.filter(
            path=str(path.resolve())[:1024], size=stat.st_size, modified=stat.st_mtime
        ).exists()
        and has_cards()
    )


def _chunks(keys: list[str]) -> Iterable[list[str]]:
    for start in range(0, len(keys), CHUNK):
        yield keys[start : start + CHUNK]


def _known_names() -> tuple[dict[str, engine_cards.Card], dict[str, str], NameIndex]:
    """Every card key -> a name-only placeholder card, every alias key -> card key, their index (cached)."""
    stamp = Card.objects.aggregate(n=Count("id"), last=Max("id"))
    printed = PrintingName.objects.aggregate(n=Count("id"), last=Max("id"))
    version = f"{stamp['n']}:{stamp['last']}:{printed['n']}:{printed['last']}"
    with _names_lock:
        if _names_cache.get("version") == version:
            return (
                _names_cache["cards"],
                _names_cache["aliases"],  # type: ignore[return-value]
                _names_cache["index"],
            )
    stubs = {
        key: engine_cards.Card(name=name, faces=(engine_cards.Face(name=name),))
        for key, name in Card.objects.values_list("key", "name").iterator(chunk_size=5000)
    }
    aliases = dict(CardAlias.objects.values_list("key", "card__key").iterator(chunk_size=5000))
    for key, card_key in PrintingName.objects.values_list("key", "card__key").iterator(chunk_size=5000):
        aliases.setdefault(key, card_key)
    index = NameIndex([*stubs, *aliases])
    with _names_lock:
        _names_cache.update(version=version, cards=stubs, aliases=aliases, index=index)
    return stubs, aliases, index


def card_pool(names: Iterable[str]) -> engine_cards.CardPool:
    """A pool holding the full cards for ``names`` (any spelling the engine forgives).

    When some names are unknown, every other known name is added as a
    placeholder so suggestions still work; placeholders are never returned
    for the requested names, since those were looked up first.
    """
    # A basic land's Japanese name (島) is asked for by its English name too: the data may not carry it.
    wanted = sorted(
        {engine_cards.normalise_name(n) for n in names if n}
        | {engine_cards.normalise_name(e) for n in names if n and (e := engine_cards.english_basic_name(n))}
    )
    found: dict[str, engine_cards.Card] = {}
    aliases: dict[str, str] = {}
    for keys in _chunks(wanted):
        for key, data in Card.objects.filter(key__in=keys).values_list("key", "data"):
            found[key] = card_from_scryfall(data)
    missing = [k for k in wanted if k not in found]
    # Other names: a face or Japanese name, else a printing's other English name (201.3).
    for model in (CardAlias, PrintingName):
        for keys in _chunks([k for k in missing if k not in aliases]):
            for alias, key, data in model.objects.filter(key__in=keys).values_list(
                "key", "card__key", "card__data"
            ):
                aliases[alias] = key
                found.setdefault(key, card_from_scryfall(data))
    unknown = [k for k in missing if k not in aliases]
    if not unknown:
        return engine_cards.CardPool(cards=found, aliases=aliases)
    stubs, all_aliases, index = _known_names()
    return IndexedCardPool(cards={**stubs, **found}, aliases={**all_aliases, **aliases}, index=index)


#: How each card file is named when it is the source of legality statuses.
SOURCE_NAMES = {CardSource.SCRYFALL_CARDS: "Scryfall", CardSource.MTGJSON_ATOMIC: "MTGJSON"}


def interchangeable_names(names: Iterable[str]) -> InterchangeableNames | None:
    """The printings' other English names among ``names`` (201.3), with their source ("Scryfall,
    2026-11-20"); None when no printings data (Scryfall's Default Cards) is imported."""
    source = CardSource.objects.filter(kind=CardSource.SCRYFALL_PRINTINGS).first()
    if source is None:
        return None
    keys = sorted({engine_cards.normalise_name(n) for n in names if n})
    pairs: list[tuple[str, str]] = []
    for chunk in _chunks(keys):
        pairs.extend(PrintingName.objects.filter(key__in=chunk).values_list("name", "card__name"))
    return InterchangeableNames.of(pairs, source=LegalitySource(name="Scryfall", date=source.published))


def legality_data() -> LegalityData | None:
    """The sources of the imported cards' legality statuses, with their publication dates; None without cards.

    The cards' own file gives the statuses; MTGJSON's, merged onto Scryfall's cards, is the cross-check.
    """
    sources = {row.kind: row for row in CardSource.objects.all()}
    cards = sources.get(CardSource.SCRYFALL_CARDS) or sources.get(CardSource.MTGJSON_ATOMIC)
    if cards is None or not has_cards():
        return None
    main = LegalitySource(name=SOURCE_NAMES[cards.kind], date=cards.published)
    other = sources.get(CardSource.MTGJSON_ATOMIC) if cards.kind == CardSource.SCRYFALL_CARDS else None
    return LegalityData(
        source=main,
        cross_check=LegalitySource(name="MTGJSON", date=other.published) if other is not None else None,
        companion_bans=default_companion_bans(),
    )


def name_lookup(names: Iterable[str]) -> Callable[[str], engine_cards.Card | Message] | None:
    """Cards given by name alone, looked up as the identity page's name box does (any spelling the engine
    forgives, English or Japanese): the card, or why it is not there with the closest names; None without
    card data."""
    if not has_cards():
        return None
    pool = card_pool(names)
    budget = SuggestionBudget()

    def find(name: str) -> engine_cards.Card | Message:
        problems: list[Problem] = []
        card = lookup(pool, name, problems, budget)
        return card if card is not None else problems[0].message

    return find


def card_row(*, slug: str = "", name: str = "") -> Card | None:
    """The imported card at ``slug`` (its page's address), or named ``name`` (English or Japanese, any
    spelling the engine forgives); None when unknown."""
    if slug:
        return Card.objects.filter(slug=slug).order_by("id").first()
    key = engine_cards.normalise_name(name)
    if not key:
        return None
    found = Card.objects.filter(key=key).first()
    if found is None:
        alias = CardAlias.objects.filter(key=key).select_related("card").first()
        found = alias.card if alias is not None else None
    if found is None:
        printed = PrintingName.objects.filter(key=key).select_related("card").first()
        found = printed.card if printed is not None else None
    return found


def other_names_of(card: Card) -> list[PrintingName]:
    """The other English names the card's printings carry (201.3), in name order."""
    return list(card.printing_names.order_by("name", "id"))


def rulings_of(card: Card) -> list[CardRuling]:
    """The card's official rulings, oldest first."""
    return list(card.rulings.order_by("published_at", "id"))


def card_url_names(names: Iterable[str]) -> dict[str, str]:
    """Name as given -> the slug of its card page, for the names that are known cards (one query per kind)."""
    keys = {engine_cards.normalise_name(n): n for n in names if n}
    found: dict[str, str] = {}
    for key, slug in Card.objects.filter(key__in=list(keys)).values_list("key", "slug"):
        found[keys[key]] = slug
    for model in (CardAlias, PrintingName):
        missing = [k for k in keys if keys[k] not in found]
        for key, slug in model.objects.filter(key__in=missing).values_list("key", "card__slug"):
            found[keys[key]] = slug
    return {name: slug for name, slug in found.items() if slug}


@functools.lru_cache(maxsize=4)
def _keyword_sections(generation: tuple[int, str], version: str) -> dict[str, str]:
    """Casefolded keyword -> number of every 702.x rule ("deathtouch" -> "702.2") of one CR release."""
    corpus = rules_selectors.live_corpus()
    rows = rules_selectors.rules_of(corpus, version).filter(number__regex=r"^702\.[0-9]+$")
    # A 702.x rule's text is the keyword's name alone ("702.9. Flying"); its subrules say the rest.
    return {
        text.strip().casefold(): number for number, text in rows.values_list("number", "text") if text.strip()
    }


def keyword_rules(keywords: Iterable[str]) -> dict[str, str]:
    """Keyword -> its 702.x rule in the current Comprehensive Rules, found by the rule's own text
    (no hand list); keywords with no rule of that name (keyword actions, ability words) are left out."""
    try:
        corpus = rules_selectors.live_corpus()
    except rules_selectors.NoCorpus:
        return {}
    sections = _keyword_sections(rules_selectors.generation(corpus), corpus.current_version)
    return {k: sections[k.casefold()] for k in keywords if k.casefold() in sections}


#: How close a search must be to a card's name for a misspelling to find it ("breding pool").
CARD_MATCH = 0.88
MAX_QUERY = 200
#: Longer searches are questions or rule text, not a misspelt card name: no fuzzy card lookup.
MAX_FUZZY = 60


@dataclass(frozen=True)
class CardMatch:
    name: str
    name_ja: str
    slug: str


def find_cards(query: str, *, limit: int = 3) -> list[CardMatch]:
    """Cards a search names: the exact name in English or Japanese (《繁殖池》, 繁殖池, "Breeding Pool"),
    else the names within :data:`CARD_MATCH` of it ("breding pool"). [] without card data."""
    key = engine_cards.normalise_name(query[:MAX_QUERY])
    if len(key) < 2 or not has_cards():
        return []
    row = card_row(name=key)
    rows: list[Card] = [row] if row is not None else []
    if not rows and 4 <= len(key) <= MAX_FUZZY:
        _stubs, aliases, index = _known_names()
        scored = sorted(
            (
                (difflib.SequenceMatcher(None, key, known).ratio(), known)
                for known in index.shortlist(key, 20)
            ),
            reverse=True,
        )
        keys = [aliases.get(known, known) for ratio, known in scored if ratio >= CARD_MATCH]
        by_key = {c.key: c for c in Card.objects.filter(key__in=keys)}
        rows = [by_key[k] for k in dict.fromkeys(keys) if k in by_key]
    matches = []
    for found in rows[:limit]:
        names = found.data.get("japanese_names") or []
        matches.append(CardMatch(name=found.name, name_ja=names[0] if names else "", slug=found.slug))
    return matches


def data_stamp() -> str:
    """What changes whenever card data is imported ("" without card data): one query, for caches."""
    # Raw SQL: every warm card page and worked ruling asks this for its ETag, and the ORM's aggregate
    # costs more than the query itself.
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*), MAX(imported_at) FROM {CardSource._meta.db_table}")
        count, last = cursor.fetchone()
    if not count:
        return "" if not has_cards() else "unsourced"
    return f"{count}:{last}"


def cards_for_search(query: str) -> list[CardMatch] | None:
    """What a search shows of the cards (judge.web.card_finder): None without card data, else
    :func:`find_cards` (``[]`` for an empty query)."""
    if not has_cards():
        return None
    return find_cards(query) if query.strip() else []
