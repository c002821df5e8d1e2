"""Imported Magic card data, for deck checks and colour identity by name.

``python manage.py import_cards FILE`` replaces every row at once (see
``judge.cards.services.import_cards``). ``data`` is the engine card as a
Scryfall-shaped dict (:meth:`judge.engine.cards.Card.to_payload`), so the
engine, not the database, decides what a card's characteristics mean.
"""

from __future__ import annotations

from django.db import models


class Card(models.Model):
    name = models.CharField(max_length=255, unique=True)
    # judge.engine.cards.normalise_name(name): the forgiving lookup key.
    key = models.CharField(max_length=255, unique=True)
    data = models.JSONField()
    # Scryfall's Oracle id: the key its rulings file refers to a card by ("" for MTGJSON-only data).
    oracle_id = models.CharField(max_length=64, blank=True, db_index=True)
    # The card page's address: /en/cards/<slug>/ ("breeding-pool"); reprints share it, the first row wins.
    slug = models.SlugField(max_length=255, blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class CardAlias(models.Model):
    """Another name a card is found by: a face name ("Fire" for "Fire // Ice", "Stomp") or a Japanese name."""

    key = models.CharField(max_length=255, unique=True)
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="aliases")

    def __str__(self) -> str:
        return f"{self.key} -> {self.card_id}"


class PrintingName(models.Model):
    """An English name a printing carries other than its Oracle card's (rule 201.3): the Universes Beyond
    name of a Universes Within card ("Rick, Steadfast Leader" names "Greymond, Avacyn's Stalwart"), a
    reflavored printing's name, a flavor name. Read from Scryfall's Default Cards (its printings'
    ``flavor_name`` and English ``printed_name``); for deck construction it is the card's name (201.3b)."""

    key = models.CharField(max_length=255, unique=True)  # normalise_name(name)
    name = models.CharField(max_length=255)  # as printed
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="printing_names")
    field = models.CharField(max_length=32)  # "flavor_name", "printed_name", "card_faces.flavor_name"...
    set_code = models.CharField(max_length=32)  # the first printing found with it: "sld"
    collector_number = models.CharField(max_length=32)

    def __str__(self) -> str:
        return f"{self.name} -> {self.card_id}"


class CardRuling(models.Model):
    """One official ruling on a card (Scryfall's Rulings file: Wizards of the Coast's and Scryfall's
    notes)."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="rulings")
    source = models.CharField(max_length=16)  # "wotc" or "scryfall"
    published_at = models.DateField()
    comment = models.TextField()

    class Meta:
        ordering = ["card", "published_at", "id"]

    def __str__(self) -> str:
        return f"{self.card_id} {self.published_at}"


class CardSource(models.Model):
    """A file the current card data came from, one row per kind: ``import_cards --if-newer`` skips files
    already imported, and deck checks name the source and its publication date."""

    SCRYFALL_CARDS = "scryfall-cards"
    SCRYFALL_RULINGS = "scryfall-rulings"
    MTGJSON_ATOMIC = "mtgjson-atomic"
    SCRYFALL_PRINTINGS = "scryfall-printings"
    COMMANDER_SPELLBOOK = "commander-spellbook"

    kind = models.CharField(max_length=32, default=SCRYFALL_CARDS)
    published = models.CharField(max_length=10, blank=True)  # "2026-11-20": the date the data was published
    path = models.CharField(max_length=1024)
    size = models.BigIntegerField()
    modified = models.FloatField()  # the file's modification time (seconds since the epoch)
    cards = models.PositiveIntegerField()
    imported_at = models.DateTimeField(auto_now=True)
    # The cards the file marks as Game Changers (Scryfall's game_changer, MTGJSON's isGameChanger); None
    # when the file does not carry the mark (an older file), so bracket checks say they could not count them.
    game_changers = models.PositiveIntegerField(null=True, blank=True)

    def __str__(self) -> str:
        return self.path


class Combo(models.Model):
    """One combo of Commander Spellbook's export (``variants.json``, judge.parsing.combo_data): the cards it
    needs, what it produces, the mana it needs to be assembled and run. Looked up by its rarest card's
    key (:class:`ComboCard`), never by a scan of every combo."""

    spellbook_id = models.CharField(max_length=128, unique=True)
    cards = models.JSONField()  # card names as the export spells them, each once
    templates = models.JSONField(default=list)  # "Any creature with ...": pieces no card list can show
    features = models.JSONField(default=list)  # "Infinite mana", "Win the game"...
    keys = models.JSONField(default=list)  # the cards' lookup keys (judge.engine.cards.normalise_name)
    card_count = models.PositiveSmallIntegerField()  # len(keys): a combo is in a list when all are
    pieces = models.PositiveSmallIntegerField()  # cards and templates not starting in library/command zone
    mana_value_needed = models.IntegerField(null=True, blank=True)
    identity = models.CharField(max_length=8, blank=True)
    bracket_tag = models.CharField(max_length=4, blank=True)

    def __str__(self) -> str:
        return self.spellbook_id


class ComboCard(models.Model):
    """A combo's anchor: the lookup key of the card of the combo that is in the fewest combos. A list holds
    the combo only if it holds that card, so a list's candidates are the combos anchored on its cards
    (few: popular cards such as Sol Ring, in thousands of combos, anchor almost none); each candidate's
    other cards are then checked against the list."""

    combo = models.ForeignKey(Combo, on_delete=models.CASCADE, related_name="card_keys")
    key = models.CharField(max_length=255)

    class Meta:
        indexes = [models.Index(fields=["key", "combo"], name="cards_combocard_key_combo")]

    def __str__(self) -> str:
        return f"{self.key} -> {self.combo_id}"
