"""The table's brackets page loads a tracker game's decks (issue 33 item 3): each seat's name, list and
declared bracket fill the form, every estimate shows at once, each beside what its player declared; in both
languages, with and without HX-Request; the game's code or its link; the problems said plainly."""

from __future__ import annotations

import pytest
from django.http import QueryDict
from django.test import Client

from judge.calc.bracket_presenters import TableDeck, declared_comparisons
from judge.calc.table_forms import SEATS, GameCodeForm, read_seats
from judge.cards.services import import_files
from judge.tracker.models import Game
from judge.tracker.services import start_game
from tests.cards.test_brackets import ATOMIC, ORACLE, VARIANTS, decklist

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture()
def all_sources() -> None:
    import_files(paths=[ORACLE, ATOMIC, VARIANTS])


def _game() -> Game:
    return start_game(
        variant="commander",
        players=["Alice", "Bob", "Carol", "Dan"],
        commanders={"Alice": ["Atraxa"], "Bob": ["Atraxa"], "Carol": ["Atraxa"], "Dan": ["Atraxa"]},
        declared_brackets={"Alice": 2, "Carol": 4, "Dan": 1},
        decklists={"Alice": decklist(), "Carol": decklist("Thassa's Oracle", "Demonic Consultation")},
    )


@pytest.mark.parametrize("htmx", [False, True])
def test_a_games_decks_load_and_compare_with_what_each_player_declared(
    client: Client, all_sources: None, htmx: bool
) -> None:
    game = _game()
    response = client.get(f"/en/calc/brackets/?game={game.slug}", **(HX if htmx else {}))
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count('class="table-minimum"') == 2  # Bob and Dan brought no list
    assert (
        "Alice: declared 2 / lowest estimate 1. The list&#x27;s cards do not go past what was declared"
        in html
    )
    assert "Carol: declared 4 / lowest estimate 4." in html
    assert "Carol&#x27;s list permits bracket 4 at the lowest; the others&#x27; lowest: Alice 1." in html
    assert " is bracket" not in html and " is a bracket" not in html
    if htmx:
        assert "<html" not in html and 'id="deck1"' not in html  # the result alone
    else:
        # The form is filled from the seats, each with its name, list and declared bracket.
        assert 'id="player1" name="player1" value="Alice"' in html
        assert 'name="player4" value="Dan"' in html
        assert "Thassa&#x27;s Oracle" in html.split('id="deck3"')[1].split("</textarea>")[0]
        assert (
            '<option value="4" selected>4</option>' in html.split('id="declared3"')[1].split("</select>")[0]
        )
        assert f'<input type="hidden" name="game" value="{game.slug}">' in html
        assert f'href="/en/tracker/{game.slug}/"' in html  # back to the game


def test_the_same_in_japanese_and_by_the_games_link(client: Client, all_sources: None) -> None:
    game = _game()
    link = f"https://judge.example/ja/tracker/{game.slug}/"
    html = client.get("/ja/calc/brackets/", {"game": link}).content.decode()
    assert "Aliceさん：申告 2 / 推定の下限 1。" in html
    assert "Carolさん：申告 4 / 推定の下限 4。" in html
    assert "申告 4" in html.split('class="table-declared"')[2]
    assert "この対戦のデッキを読み込む" in html


def test_a_reposted_table_keeps_the_declared_brackets(client: Client, all_sources: None) -> None:
    body = {
        "player1": "Erin",
        "deck1": decklist("Thassa's Oracle", "Demonic Consultation"),
        "declared1": "2",
        "player2": "Finn",
        "deck2": decklist(),
        "declared2": "7",  # not a bracket: read as none
    }
    en = client.post("/en/calc/brackets/", body, **HX).content.decode()
    assert (
        "Erin: declared 2 / lowest estimate 4. The list&#x27;s cards go past what bracket 2 allows: "
        "worth talking over before the game." in en
    )
    assert "Finn: declared" not in en
    ja = client.post("/ja/calc/brackets/", body).content.decode()
    assert "リストのカードはブラケット2で使えるものを超えています" in ja


@pytest.mark.parametrize(
    ("lang", "code", "expected"),
    [
        ("en", "nosuchgame123", "No tracker game has this code"),
        ("ja", "nosuchgame123", "このコードのゲームはありません"),
        ("en", "??", "Type the game&#x27;s code or paste its link"),
    ],
)
def test_a_code_that_loads_nothing_says_why(client: Client, lang: str, code: str, expected: str) -> None:
    response = client.get(f"/{lang}/calc/brackets/", {"game": code})
    assert response.status_code == 400 and expected in response.content.decode()


def test_a_game_of_another_variant_or_without_lists(client: Client) -> None:
    chase = start_game(variant="planechase", players=["A", "B"])
    response = client.get(f"/en/calc/brackets/?game={chase.slug}")
    assert response.status_code == 400 and "not a Commander game" in response.content.decode()
    bare = start_game(variant="commander", players=["A", "B"], commanders={"A": ["X"], "B": ["Y"]})
    page = client.get(f"/ja/calc/brackets/?game={bare.slug}", **HX)
    assert page.status_code == 200 and "まだリストがありません" in page.content.decode()


def test_twenty_seats_load_as_twenty_lists(client: Client) -> None:
    players = [f"P{n}" for n in range(20)]
    game = start_game(
        variant="commander",
        players=players,
        commanders={p: ["X"] for p in players},
        decklists={p: "1 Forest" for p in players},
    )
    html = client.get(f"/en/calc/brackets/?game={game.slug}").content.decode()
    assert 'name="deck20"' in html and 'name="deck21"' not in html
    assert html.count('<tr><th scope="row">') == 20


def test_the_forms_read_codes_links_and_seats() -> None:
    def slug(text: str) -> str | None:
        return GameCodeForm({"game": text}).slug()

    assert slug(" AbCdEfGh_123-45 ") == "AbCdEfGh_123-45"
    assert slug("https://x.example/en/tracker/AbCdEfGh12345678/?seat=1") == "AbCdEfGh12345678"
    assert slug("https://x.example/en/calc/") is None and slug("") is None
    assert slug("ｈｔｔｐｓ://x/ja/tracker/ＡｂＣｄＥｆＧｈ/") == "AbCdEfGh"  # typed on a Japanese keyboard
    params = QueryDict(mutable=True)
    params.update({"player9": " Zoe ", "declared9": "５", "declared2": "0"})
    seats = read_seats(params)
    assert len(seats) == 9 and seats[8].player == "Zoe" and seats[8].declared_bracket == 5
    assert seats[1].declared == "" and len(read_seats(QueryDict())) == SEATS


def test_declared_comparisons_never_say_what_a_deck_is() -> None:
    from judge.calc.bracket_presenters import ShownBracket

    def deck(player: str, declared: int | None, minimum: int | None) -> TableDeck:
        shown = ShownBracket(minimum, "", [], [], [], "", "", "", "", "", 0)
        return TableDeck(player=player, bracket=shown, errors=[], declared=declared)

    lines = declared_comparisons([deck("A", 2, 3), deck("B", 3, 3), deck("C", None, 4), deck("D", 4, None)])
    assert len(lines) == 2
    assert lines[0].startswith("A: declared 2 / lowest estimate 3.")
    assert lines[1].startswith("B: declared 3 / lowest estimate 3.")
    assert not any(" is bracket" in line for line in lines)


@pytest.mark.parametrize("htmx", [False, True])
def test_the_table_saves_its_lists_and_brackets_to_the_game(client: Client, htmx: bool) -> None:
    game = _game()
    loaded = client.get(f"/en/calc/brackets/?game={game.slug}").content.decode()
    revision = f'<input type="hidden" id="table-revision" name="expected_revision" value="{game.revision}">'
    assert revision in loaded and 'name="save"' in loaded
    body = {
        "game": game.slug,
        "expected_revision": str(game.revision),
        "save": "1",
        "player1": "Renamed",  # the names stay the game's
        "deck1": decklist(),
        "declared1": "3",
        "declared2": "2",
        "player21": "Nobody",  # past the game's seats: left out
        "declared21": "1",
    }
    response = client.post("/ja/calc/brackets/", body, **(HX if htmx else {}))
    assert response.status_code == 200
    html = response.content.decode()
    assert "ゲームに保存しました" in html
    fresh = Game.objects.get(pk=game.pk)
    assert fresh.revision == game.revision + 1
    assert list(fresh.seats.values_list("player", "declared_bracket")) == [("Alice", 3), ("Bob", 2)]
    if htmx:  # the form's revision, out of band: a second save from the same page is made on the new one
        assert f'value="{fresh.revision}" hx-swap-oob="true"' in html
    board = client.get(f"/ja/tracker/{game.slug}/", **HX).content.decode()
    assert "申告ブラケット 3" in board and "申告ブラケット 2" in board
    stale = client.post("/en/calc/brackets/", body)
    assert stale.status_code == 400
    assert "the game has changed since these lists were loaded" in stale.content.decode()
    assert Game.objects.get(pk=game.pk).revision == fresh.revision
