"""import_cards: the command, the atomic replace, and the card pools read back from the database."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from judge.cards import selectors as card_selectors
from judge.cards.models import Card, CardAlias
from judge.cards.services import import_cards
from judge.engine.identity import color_identity
from judge.parsing.card_data import read_card_pool
from tests.helpers import DEFAULT_CARDS, oracle_cards_with_printed_elsewhere

CARDS = Path(__file__).parent.parent / "fixtures" / "cards"
SCRYFALL = CARDS / "scryfall_cards.json"
MTGJSON = CARDS / "mtgjson_atomic.json"

pytestmark = pytest.mark.django_db


def _run(path: Path) -> str:
    out = StringIO()
    call_command("import_cards", str(path), stdout=out)
    return out.getvalue()


@pytest.mark.parametrize("path", [SCRYFALL, MTGJSON], ids=["scryfall", "mtgjson"])
def test_import_command_counts_and_stores_cards(path: Path) -> None:
    assert "imported 34 cards" in _run(path)
    assert Card.objects.count() == 34
    fire = Card.objects.get(name="Fire // Ice")
    assert fire.key == "fire // ice"
    assert [f["name"] for f in fire.data["card_faces"]] == ["Fire", "Ice"]
    assert set(CardAlias.objects.filter(card=fire).values_list("key", flat=True)) == {"fire", "ice"}


@pytest.mark.parametrize("path", [SCRYFALL, MTGJSON], ids=["scryfall", "mtgjson"])
def test_cards_read_back_have_the_same_identity(path: Path) -> None:
    import_cards(path=path)
    expected = read_card_pool(path)
    pool = card_selectors.card_pool(card.name for card in expected.cards.values())
    for key, card in expected.cards.items():
        stored = pool.cards[key]
        assert stored == card
        assert color_identity(card=stored).identity == color_identity(card=card).identity


def test_reimport_replaces_the_previous_cards(tmp_path: Path) -> None:
    import_cards(path=SCRYFALL)
    small = tmp_path / "small.json"
    small.write_text(
        json.dumps(
            [
                {"name": "Sol Ring", "mana_cost": "{1}", "type_line": "Artifact"},
                {"name": "Sol Ring", "mana_cost": "{1}", "type_line": "Artifact"},
                {"name": "Goblin Token", "layout": "token", "type_line": "Token Creature"},
            ]
        )
    )
    result = import_cards(path=small)
    assert (result.cards, result.duplicates) == (1, 1)
    assert list(Card.objects.values_list("name", flat=True)) == ["Sol Ring"]
    assert not CardAlias.objects.exists()


def test_a_bad_file_keeps_the_previous_cards(tmp_path: Path) -> None:
    import_cards(path=SCRYFALL)
    broken = tmp_path / "broken.json"
    broken.write_text('[{"name": "Sol Ring", "mana_cost": "{1}"}, {"name": 3}]')
    with pytest.raises(CommandError, match="previous cards are kept"):
        _run(broken)
    truncated = tmp_path / "truncated.json"
    truncated.write_text('[{"name": "Sol Ring", "mana_cost": "{1}"}, {"name": "Isl')
    with pytest.raises(CommandError, match="previous cards are kept"):
        _run(truncated)
    assert Card.objects.count() == 34
    with pytest.raises(CommandError, match="no such file"):
        _run(tmp_path / "missing.json")


def test_pool_loads_only_the_names_asked_for() -> None:
    import_cards(path=SCRYFALL)
    pool = card_selectors.card_pool(["sol ring", "FIRE", "Kenrith, the Returned King", "Sol Ring"])
    assert sorted(card.name for card in pool.cards.values()) == [
        "Fire // Ice",
        "Kenrith, the Returned King",
        "Sol Ring",
    ]
    fire = pool.get("Fire")
    assert fire is not None and fire.name == "Fire // Ice"


def test_suggestions_for_unknown_names_come_from_every_known_name() -> None:
    import_cards(path=SCRYFALL)
    pool = card_selectors.card_pool(["Sol Rnig", "Kenrith", "Stomp", "ボルシャック・ドラゴン"])
    assert pool.get("Sol Rnig") is None
    assert pool.suggest("Sol Rnig") == ("Sol Ring",)
    assert pool.suggest("Kenrith") == ("Kenrith, the Returned King",)
    assert pool.suggest("ボルシャック・ドラゴン") == ()
    stomp = pool.get("Stomp")
    assert stomp is not None and stomp.name == "Bonecrusher Giant // Stomp"
    # Placeholders stand in for the cards not asked for: names only.
    assert pool.cards["phelddagrif"].front.mana_cost == ""


def test_suggestions_follow_a_reimport(tmp_path: Path) -> None:
    import_cards(path=SCRYFALL)
    assert card_selectors.card_pool(["Sol Rnig"]).suggest("Sol Rnig") == ("Sol Ring",)
    other = tmp_path / "other.json"
    other.write_text(json.dumps([{"name": "Soul Ring", "mana_cost": "{1}", "type_line": "Artifact"}]))
    import_cards(path=other)
    assert card_selectors.card_pool(["Sol Rnig"]).suggest("Sol Rnig") == ("Soul Ring",)


def test_name_index_shortlist() -> None:
    index = card_selectors.NameIndex(["sol ring", "soul ring", "phelddagrif", "kenrith, the returned king"])
    assert index.shortlist("sol rnig", limit=2) == ["sol ring", "soul ring"]
    assert index.shortlist("zzz") == []


def test_has_cards() -> None:
    assert not card_selectors.has_cards()
    import_cards(path=SCRYFALL)
    assert card_selectors.has_cards()


def test_japanese_names_are_imported_as_aliases() -> None:
    # MTGJSON foreignData: 《繁殖池》 finds Breeding Pool in a deck check's pool.
    _run(MTGJSON)
    pool = card_selectors.card_pool(["《繁殖池》", "砕骨の巨人"])
    assert pool.get("《繁殖池》").name == "Breeding Pool"  # type: ignore[union-attr]
    assert pool.get("砕骨の巨人").name == "Bonecrusher Giant // Stomp"  # type: ignore[union-attr]
    assert pool.get("繁殖池").japanese_names == ("繁殖池",)  # type: ignore[union-attr]


# --- Legality from the data, the MTGJSON merge, rulings (issue 21) ---------------------------------------


def _oracle_file(tmp_path: Path, biorhythm: str, published: str = "20261120093012") -> Path:
    """A Scryfall Oracle Cards file (its real name carries the date) with Biorhythm in the given status."""
    cards = json.loads(SCRYFALL.read_text(encoding="utf-8"))
    cards.append(
        {
            "object": "card",
            "oracle_id": "bio-test",
            "name": "Biorhythm",
            "layout": "normal",
            "mana_cost": "{6}{G}{G}",
            "type_line": "Sorcery",
            "oracle_text": "Each player's life total becomes the number of creatures they control.",
            "colors": ["G"],
            "legalities": {"commander": biorhythm, "standardbrawl": "not_legal", "brawl": "legal"},
        }
    )
    path = tmp_path / f"oracle-cards-{published}.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    return path


def _kenrith_deck(extra: str) -> dict[str, object]:
    lines = ["Commander", "1 Kenrith, the Returned King", "Deck", f"1 {extra}", "98 Forest"]
    return {"variant": "commander", "decklist": "\n".join(lines)}


def test_a_deck_check_flags_biorhythm_only_when_the_data_says_it_is_banned(tmp_path: Path) -> None:
    from judge.cards.services import check_deck

    import_cards(path=_oracle_file(tmp_path, "banned"))
    banned = check_deck(_kenrith_deck("Biorhythm"))
    assert [(p.card, p.rule, p.text("en")) for p in banned.problems] == [
        ("Biorhythm", "data:scryfall-2026-11-20", "Biorhythm is banned in Commander (Scryfall, 2026-11-20)")
    ]
    assert (
        banned.notes[0].render("ja")
        == "統率者戦で使えるかどうかをカード・データ（Scryfall, 2026-11-20）で確認しました"
    )
    import_cards(path=_oracle_file(tmp_path, "legal", "20261127093012"))
    legal = check_deck(_kenrith_deck("Biorhythm"))
    assert legal.legal, legal.problems
    assert "Scryfall, 2026-11-27" in legal.notes[0].render("en")
    # Brawl is CR 903.12's Brawl: Scryfall's standardbrawl, where Biorhythm is not legal.
    brawl = check_deck(
        {
            "variant": "brawl",
            "decklist": "Commander\n1 Kenrith, the Returned King\nDeck\n1 Biorhythm\n58 Forest",
        }
    )
    assert [(p.rule, p.message.code) for p in brawl.problems] == [("903.12b", "legality.not-legal")]


def test_mtgjson_merged_onto_scryfall_adds_japanese_names_text_and_a_cross_check(tmp_path: Path) -> None:
    from judge.cards.services import import_files

    results = import_files(paths=[MTGJSON, SCRYFALL])  # any order: the cards first
    assert [r.kind.value for r in results] == ["scryfall-cards", "mtgjson-atomic"]
    pool = card_selectors.card_pool(["繁殖池"])
    card = pool.get("繁殖池")
    assert (
        card is not None
        and card.name == "Breeding Pool"
        and dict(card.cross_legalities)["commander"] == "legal"
    )
    row = Card.objects.get(name="Breeding Pool")
    assert row.data["japanese_text"] == "（テスト用に書いた日本語の印刷文です。）"
    legality = card_selectors.legality_data()
    assert legality is not None and legality.cross_check is not None
    assert legality.cross_check.label == "MTGJSON, 2026-01-16"


def test_rulings_attach_to_cards_by_oracle_id() -> None:
    from judge.cards.models import CardRuling
    from judge.cards.services import import_files

    results = import_files(paths=[CARDS / "scryfall_rulings.json", SCRYFALL])
    assert results[-1].rulings == 3 and results[-1].duplicates == 1
    pool_rulings = CardRuling.objects.filter(card__name="Breeding Pool").order_by("published_at")
    assert [(r.source, r.published_at.isoformat()) for r in pool_rulings] == [
        ("wotc", "2005-10-01"),
        ("scryfall", "2019-05-03"),
    ]


def test_two_files_of_one_kind_are_refused(tmp_path: Path) -> None:
    from judge.cards.services import import_files
    from judge.parsing.records import ParseError

    copy = tmp_path / "again.json"
    copy.write_bytes(SCRYFALL.read_bytes())
    with pytest.raises(ParseError, match="two scryfall-cards files"):
        import_files(paths=[SCRYFALL, copy])


def test_printings_give_their_other_english_names_to_the_oracle_cards(tmp_path: Path) -> None:
    from judge.cards.models import CardSource, PrintingName
    from judge.cards.services import import_files

    oracle = oracle_cards_with_printed_elsewhere(tmp_path)
    printings = tmp_path / "default-cards-20261124091000.json"
    printings.write_bytes(DEFAULT_CARDS.read_bytes())
    results = import_files(paths=[printings, oracle])  # any order: the cards first
    assert [(r.kind.value, r.printing_names, r.published) for r in results] == [
        ("scryfall-cards", 0, "2026-11-24"),
        ("scryfall-printings", 5, "2026-11-24"),
    ]
    assert sorted(
        PrintingName.objects.values_list("name", "card__name", "field", "set_code", "collector_number")
    ) == [
        ("Kraza, the Swarm as One", "Spider-Punk", "printed_name", "om1", "21"),
        (
            "Mild-Mannered Professor",
            "Civilized Scholar // Homicidal Brute",
            "card_faces.flavor_name",
            "sld",
            "1002",
        ),
        (
            "Mild-Mannered Professor // The Brute Within",
            "Civilized Scholar // Homicidal Brute",
            "card_faces",
            "sld",
            "1002",
        ),
        ("Rick, Steadfast Leader", "Greymond, Avacyn's Stalwart", "flavor_name", "sld", "1001"),
        ("The Brute Within", "Civilized Scholar // Homicidal Brute", "card_faces.flavor_name", "sld", "1002"),
    ]
    assert CardSource.objects.get(kind="scryfall-printings").cards == 5
    # The deck check's names, with the data's source and date.
    names = card_selectors.interchangeable_names(["Rick, Steadfast Leader", "Sol Ring"])
    assert names is not None and names.source.label == "Scryfall, 2026-11-24"
    assert list(names.names) == ["rick, steadfast leader"]
    # Lookups by the other name find the Oracle card: the deck check's pool, the card page.
    greymond = card_selectors.card_pool(["rick, steadfast leader"]).get("Rick, Steadfast Leader")
    assert greymond is not None and greymond.name == "Greymond, Avacyn's Stalwart"
    row = card_selectors.card_row(name="Kraza, the Swarm as One")
    assert row is not None and row.name == "Spider-Punk"
    assert card_selectors.card_url_names(["The Brute Within"]) == {
        "The Brute Within": "civilized-scholar-homicidal-brute"
    }
    # Replacing the cards drops what was attached to them; the command then imports the printings again.
    import_cards(path=oracle)
    assert not PrintingName.objects.exists() and card_selectors.interchangeable_names(["x"]) is None


def test_printings_of_cards_not_imported_are_skipped_and_a_bad_file_keeps_the_names(tmp_path: Path) -> None:
    from judge.cards.models import PrintingName
    from judge.parsing.records import ParseError

    import_cards(path=SCRYFALL)  # no Greymond, no Spider-Punk
    result = import_cards(path=DEFAULT_CARDS)
    assert (result.printing_names, result.duplicates) == (3, 2)
    assert set(PrintingName.objects.values_list("card__name", flat=True)) == {
        "Civilized Scholar // Homicidal Brute"
    }
    broken = tmp_path / "default-cards-20261127000000.json"
    broken.write_text(DEFAULT_CARDS.read_text(encoding="utf-8")[:-40])
    with pytest.raises(ParseError):
        import_cards(path=broken)
    assert PrintingName.objects.count() == 3


def test_a_folder_of_files_of_one_age_takes_the_same_file_of_each_kind_every_time(tmp_path: Path) -> None:
    """A fresh checkout gives every file the same time: the newest of a kind is then the last by name, not
    whichever the file system lists last."""
    import os
    import shutil

    from tests.helpers import PRINTING_FIXTURES

    shutil.copy(PRINTING_FIXTURES / "scryfall_cards_printed_elsewhere.json", tmp_path / "a-cards.json")
    shutil.copy(SCRYFALL, tmp_path / "b-cards.json")
    for path in tmp_path.iterdir():
        os.utime(path, (1_700_000_000, 1_700_000_000))
    assert "b-cards.json" in _run(tmp_path) and "a-cards.json" not in _run(tmp_path)
    assert Card.objects.count() == 34
