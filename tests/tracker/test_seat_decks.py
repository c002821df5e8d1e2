"""Each seat's declared bracket and list (issue 33 item 3): checked by the engine, stored on the seat with the
game, shown beside the seat's name on the game page (both languages, with and without HX-Request) and in its
JSON, never the list itself; the new-game form asks for them for Commander only."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from judge.engine import tracker
from judge.engine.decklist import MAX_LINES
from judge.engine.errors import InvalidInputError
from judge.tracker.forms import NewGameForm
from judge.tracker.models import Game, GameSeat
from judge.tracker.selectors import game_decks, seat_summaries
from judge.tracker.services import expire_games, start_game
from tests.helpers import error_texts
from tests.tracker.helpers import HX, seats

pytestmark = pytest.mark.django_db

PLAYERS = ["Aki", "Ben", "Chie"]
COMMANDERS = {"Aki": ["Oona"], "Ben": ["Kraum", "Tymna"], "Chie": ["Edgar"]}
LIST = "Commander\n1 Atraxa, Praetors' Voice\nDeck\n1 Sol Ring\n98 Forest"


def _setup(variant: str = "commander") -> tracker.TableSetup:
    if variant == "commander":
        return tracker.table_setup(variant=variant, players=PLAYERS, commanders=COMMANDERS)
    return tracker.table_setup(variant=variant, players=[*PLAYERS, "Dan"])


def _problems(**kwargs: object) -> list[str]:
    with pytest.raises(InvalidInputError) as err:
        tracker.seat_decks(setup=_setup(), **kwargs)  # type: ignore[arg-type]
    return [m.text("en") for m in err.value.messages]


# --------------------------------------------------------------------------- the engine's check


def test_seat_decks_reads_brackets_and_lists_by_player_in_turn_order() -> None:
    decks = tracker.seat_decks(
        setup=_setup(), declared_brackets={"ben": "2", "Chie": 4, "Aki": ""}, decklists={"BEN": f"  {LIST}\n"}
    )
    assert [(d.player, d.declared_bracket, d.decklist) for d in decks] == [
        ("Aki", None, ""),
        ("Ben", 2, LIST),
        ("Chie", 4, ""),
    ]
    assert [d.empty for d in decks] == [True, False, False]
    assert decks[1].to_payload() == {"player": "Ben", "declared_bracket": 2, "has_decklist": True}


def test_seat_decks_lists_every_problem_in_both_languages() -> None:
    problems = _problems(
        declared_brackets={"Aki": 0, "Ben": "6", "Chie": "three", "Zed": 1},
        decklists={"Aki": "x" * (tracker.MAX_DECKLIST_CHARS + 1), "Ben": "\n" * MAX_LINES, "Chie": 5},
    )
    assert "Declared brackets: “Zed” is not a player in this game." in problems
    assert "Aki's declared bracket: a whole number from 1 to 5." in problems
    assert "Ben's declared bracket: a whole number from 1 to 5." in problems
    assert "Chie's declared bracket: a whole number from 1 to 5." in problems
    assert "Aki's decklist: at most 64000 characters." in problems
    assert f"Ben's decklist: {MAX_LINES + 1} is over the limit of {MAX_LINES}." in problems
    assert "Chie's decklist: must be text." in problems
    with pytest.raises(InvalidInputError) as err:
        tracker.seat_decks(setup=_setup(), declared_brackets={"Aki": 9})
    assert err.value.messages[0].text("ja") == "Aki の申告ブラケット：1〜5 の整数を入力してください。"


def test_only_commander_games_take_declared_brackets_and_lists() -> None:
    with pytest.raises(InvalidInputError) as err:
        tracker.seat_decks(setup=_setup("planechase"), declared_brackets={"Aki": 2})
    assert err.value.messages[0].text("en") == (
        "Declared brackets: only Commander games take declared brackets and decklists, not Planechase."
    )
    assert "統率者戦のゲームだけ" in err.value.messages[0].text("ja")
    assert tracker.seat_decks(setup=_setup("planechase"))[0].empty


# --------------------------------------------------------------------------- the service and the reads


def test_start_game_stores_the_seats_that_brought_something() -> None:
    game = start_game(
        variant="commander",
        players=PLAYERS,
        commanders=COMMANDERS,
        declared_brackets={"Aki": 3, "Chie": "2"},
        decklists={"Chie": LIST},
    )
    assert list(GameSeat.objects.values_list("index", "player", "declared_bracket")) == [
        (0, "Aki", 3),
        (2, "Chie", 2),
    ]
    summaries = seat_summaries(game=game)
    assert [(s.declared_bracket, s.has_decklist) for s in summaries.values()] == [(3, False), (2, True)]
    _game, _setup, decks = game_decks(slug=game.slug)
    assert [(d.player, d.declared_bracket, d.decklist) for d in decks] == [
        ("Aki", 3, ""),
        ("Ben", None, ""),
        ("Chie", 2, LIST),
    ]


def test_a_refused_deck_stores_no_game_and_expiry_removes_the_seats() -> None:
    with pytest.raises(InvalidInputError):
        start_game(variant="commander", players=PLAYERS, commanders=COMMANDERS, declared_brackets={"Aki": 7})
    assert not Game.objects.exists() and not GameSeat.objects.exists()
    game = start_game(variant="commander", players=PLAYERS, commanders=COMMANDERS, decklists={"Aki": LIST})
    Game.objects.filter(pk=game.pk).update(updated=game.updated.replace(year=2000))
    assert expire_games() == 1
    assert not GameSeat.objects.exists()


# --------------------------------------------------------------------------- the form


def _post(**extra: list[str]) -> dict[str, object]:
    return {
        "variant": "commander",
        **seats(
            name=["Aki", "Ben", "", "Chie"],
            commander=["Oona", "Kraum", "", "Edgar"],
            partner=["", "Tymna", "", ""],
            team=["", "", "", ""],
            **extra,
        ),
    }


def test_the_form_reads_each_seats_bracket_and_list_normalised() -> None:
    form = NewGameForm(_post(bracket=["３", "", "", "1"], decklist=[f" {LIST} ", "", "", ""]))
    assert form.is_valid(), form.errors
    payload = form.payload()
    assert payload["declared_brackets"] == {"Aki": "3", "Chie": "1"}
    assert payload["decklists"] == {"Aki": LIST}
    blank = NewGameForm(_post(bracket=["", "", "4", ""], decklist=["", "", "", ""]))
    assert not blank.is_valid()
    assert blank.problems() == ["Seat 3: a declared bracket or a decklist without a player name."]


# --------------------------------------------------------------------------- the pages


@pytest.mark.parametrize(("lang", "shown"), [("en", "Declared bracket 3"), ("ja", "申告ブラケット 3")])
@pytest.mark.parametrize("htmx", [False, True])
def test_the_game_page_shows_each_declared_bracket_never_the_list(
    client: Client, lang: str, shown: str, htmx: bool
) -> None:
    response = client.post(
        f"/{lang}/tracker/",
        _post(bracket=["3", "", "", ""], decklist=["", "", "", "1 Secret Card Nobody Shows\n"]),
    )
    assert response.status_code == 302, response.content.decode()[:500]
    game = Game.objects.get()
    page = client.get(f"/{lang}/tracker/{game.slug}/", **(HX if htmx else {})).content.decode()
    assert page.count('class="declared-bracket"') == 1 and shown in page
    assert "Secret Card Nobody Shows" not in page
    compare = f'href="/{lang}/calc/brackets/?game={game.slug}"'
    assert (compare in page) is not htmx  # outside the board: the full page only
    if not htmx:
        assert ("ブラケットを比べる" if lang == "ja" else "Compare brackets") in page


def test_the_games_json_lists_each_seats_declared_bracket(client: Client) -> None:
    response = client.post(
        "/en/tracker/",
        json.dumps(
            {
                "variant": "commander",
                "players": PLAYERS,
                "commanders": COMMANDERS,
                "declared_brackets": {"Ben": 4},
                "decklists": {"Ben": LIST},
            }
        ),
        content_type="application/json",
    )
    assert response.status_code == 201
    assert response.json()["seats"] == [
        {"player": "Aki", "declared_bracket": None, "has_decklist": False},
        {"player": "Ben", "declared_bracket": 4, "has_decklist": True},
        {"player": "Chie", "declared_bracket": None, "has_decklist": False},
    ]
    slug = response.json()["slug"]
    read = client.get(f"/en/tracker/{slug}/?format=json").json()
    assert read["seats"][1]["declared_bracket"] == 4 and LIST not in json.dumps(read)
    bad = client.post(
        "/ja/tracker/",
        json.dumps({"variant": "planechase", "players": ["A", "B"], "declared_brackets": {"A": 2}}),
        content_type="application/json",
    )
    assert bad.status_code == 400
    assert any("統率者戦のゲームだけ" in e for e in error_texts(bad))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_new_game_form_asks_for_brackets_for_commander_only(client: Client, lang: str) -> None:
    commander = client.get(f"/{lang}/tracker/").content.decode()
    assert 'name="seat-0-bracket"' in commander and 'name="seat-0-decklist"' in commander
    label = "ブラケット3（アップグレード）" if lang == "ja" else "Upgraded (bracket 3)"
    assert f'<option value="3">{label}</option>' in commander
    assert ("公式の訳語が見つからなかった" in commander) is (lang == "ja")  # unofficial names
    other = client.get(f"/{lang}/tracker/?variant=two-headed-giant").content.decode()
    deck_field = other.split('name="seat-0-bracket"')[0].rsplit("<details", 1)[1]
    assert "hidden" in deck_field
    assert 'name="seat-0-bracket" disabled' in other


def test_a_refused_list_keeps_what_was_typed(client: Client) -> None:
    too_long = "1 Forest\n" * 8_000  # 72,000 characters
    response = client.post("/en/tracker/", _post(bracket=["9", "", "", ""], decklist=["", too_long, "", ""]))
    assert response.status_code == 400
    html = response.content.decode()
    assert "Aki&#x27;s declared bracket: a whole number from 1 to 5." in html
    assert "Ben&#x27;s decklist: at most 64000 characters." in html
    assert not Game.objects.exists()


@pytest.mark.parametrize("htmx", [False, True])
def test_twenty_seats_with_full_lists_keep_the_game_page_small(client: Client, htmx: bool) -> None:
    """The page-size bound of the widest game (tests/tracker/test_views_size.py) holds with every seat's
    bracket declared and a list of the longest kept: the lists are never read for the page."""
    players = [f"{n:02}" + "あ" * (tracker.MAX_NAME - 2) for n in range(tracker.MAX_PLAYERS)]
    commanders = {p: [f"{p[:2]}a" + "x" * 57, f"{p[:2]}b" + "y" * 57] for p in players}
    line = "1 Zzyzx Card\n"
    full = (line * (tracker.MAX_DECKLIST_CHARS // len(line)))[: tracker.MAX_DECKLIST_CHARS - 1] + "Z"
    game = start_game(
        variant="commander",
        players=players,
        commanders=commanders,
        declared_brackets={p: 1 + n % 5 for n, p in enumerate(players)},
        decklists={p: full for p in players},
    )
    response = client.get(f"/ja/tracker/{game.slug}/", **(HX if htmx else {}))
    assert response.status_code == 200
    html = response.content.decode()
    assert len(response.content) <= 200 * 1024, len(response.content)
    assert html.count('class="declared-bracket"') == tracker.MAX_PLAYERS and "Zzyzx" not in html


# --------------------------------------------------------------------------- saved again on a started game


def test_saving_the_seats_again_replaces_them_on_the_revision_they_were_read_at() -> None:
    from judge.engine.errors import IllegalStateError
    from judge.tracker.seat_services import save_seat_decks
    from judge.tracker.services import record_event

    game = start_game(
        variant="commander", players=PLAYERS, commanders=COMMANDERS, declared_brackets={"Aki": 3}
    )
    saved = save_seat_decks(
        game=game,
        declared_brackets={"Ben": "2"},
        decklists={"Chie": LIST},
        expected_revision=str(game.revision),
    )
    assert saved.revision == game.revision + 1
    assert list(GameSeat.objects.values_list("player", "declared_bracket", "decklist")) == [
        ("Ben", 2, ""),
        ("Chie", None, LIST),
    ]
    # A save made on the revision before (another phone's save, or any change since) is refused, not stored.
    with pytest.raises(IllegalStateError) as err:
        save_seat_decks(
            game=game, declared_brackets={"Aki": 5}, decklists={}, expected_revision=game.revision
        )
    assert "the game has changed since these lists were loaded" in err.value.messages[0].text("en")
    assert "リストを読み込んだ後にゲームが変わりました" in err.value.messages[0].text("ja")
    record_event(game=saved, kind="life", payload={"player": "Aki", "amount": -1})
    with pytest.raises(IllegalStateError):
        save_seat_decks(game=saved, declared_brackets={}, decklists={}, expected_revision=saved.revision)
    with pytest.raises(InvalidInputError):
        save_seat_decks(
            game=saved, declared_brackets={"Aki": 8}, decklists={}, expected_revision=saved.revision + 1
        )
    with pytest.raises(InvalidInputError):
        save_seat_decks(game=saved, declared_brackets={}, decklists={}, expected_revision="")
    assert GameSeat.objects.count() == 2 and Game.objects.get().revision == saved.revision + 1
    chase = start_game(variant="planechase", players=["A", "B"])
    with pytest.raises(InvalidInputError):
        save_seat_decks(game=chase, declared_brackets={"A": 1}, decklists={}, expected_revision=0)
