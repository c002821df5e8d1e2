"""The tracker's answers to a press refused as already done: one tap from being made again, and the real
status of an htmx fragment for the phone's queue of presses kept offline (static/js/tracker-queue.js)."""

from __future__ import annotations

import datetime

import pytest
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.utils import timezone

from judge.engine import tracker
from judge.tracker import services
from judge.tracker.models import AppliedPress, Game
from judge.tracker.selectors import game_state
from tests.tracker.helpers import HX, new_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("lang", "label"), [("en", "Apply again"), ("ja", "もう一度適用")])
def test_a_press_refused_as_already_done_is_one_tap_from_being_made_again(
    client: Client, lang: str, label: str
) -> None:
    """The refused "next turn" comes back under the problem as a form on the fresh table (no script needed);
    the htmx fragment, answered 200, carries its real status for the phone's queue of offline presses."""
    game = new_game()
    url = f"/{lang}/tracker/{game.slug}/event/"
    first = client.post(url, {"kind": "next-turn", "expected_revision": "0", "by": "Ben"}, **HX)
    assert first.status_code == 200 and "X-Tracker-Status" not in first
    stale = client.post(url, {"kind": "next-turn", "expected_revision": "0", "by": "Ben"}, **HX)
    assert stale.status_code == 200 and stale["X-Tracker-Status"] == "409"
    html = stale.content.decode()
    retry = html[html.index('<form method="post" action="' + url + '"') :]
    retry = retry[: retry.index("</form>")]
    assert 'class="retry"' in retry and label in retry
    assert 'name="kind" value="next-turn"' in retry and 'name="expected_revision" value="1"' in retry
    plain = client.post(url, {"kind": "next-turn", "expected_revision": "0"})
    assert plain.status_code == 409 and 'class="retry"' in plain.content.decode()
    # The tap: the same press, made on revision 1, passes the turn once more (Aki -> Ben -> Chie).
    again = client.post(url, {"kind": "next-turn", "expected_revision": "1"}, **HX)
    assert again.status_code == 200 and "X-Tracker-Status" not in again
    _, state = game_state(slug=game.slug)
    assert state.active_players == ("Chie",) and game.events.count() == 2
    # A press the table cannot take is refused as 400, with no retry offered (only a stale press is).
    refused = client.post(url, {"kind": "life", "player": "Zed", "amount": "-1"}, **HX)
    assert refused["X-Tracker-Status"] == "400" and 'class="retry"' not in refused.content.decode()
    undo = f"/{lang}/tracker/{game.slug}/undo/"
    stale_undo = client.post(undo, {"expected_revision": "0"}, **HX)
    assert stale_undo["X-Tracker-Status"] == "409"
    assert f'action="{undo}"' in stale_undo.content.decode().split('class="retry"')[0].rsplit("<form", 1)[1]


def test_a_press_sent_again_with_its_id_is_recorded_once(client: Client) -> None:
    """A phone whose answer was lost sends the press again with the same id: recorded once, answered as
    recorded; another id (another press of the same button) is recorded; a press without one as before."""
    game = new_game()
    url = f"/ja/tracker/{game.slug}/event/"
    press = {"kind": "life", "player": "Aki", "amount": "-5", "expected_revision": "0"}
    sent = {**press, "press": "3f1c9a2e-0d4b-4c1e-9a51-2b6f0c7d8e90"}
    for answer in (client.post(url, sent, **HX), client.post(url, sent, **HX)):
        assert answer.status_code == 200 and "X-Tracker-Status" not in answer
        assert 'id="board-errors"' not in answer.content.decode()
    assert client.post(url, sent).status_code == 302
    _, state = game_state(slug=game.slug)
    assert state.life_of("Aki") == 35 and game.events.count() == 1
    assert (
        client.post(url, {**press, "press": "0b7e6d5c-4a39-4817-b6f5-e4d3c2b1a098"}, **HX).status_code == 200
    )
    assert client.post(url, press, **HX).status_code == 200
    assert client.post(url, {**press, "press": "x"}, **HX).status_code == 200  # not an id: recorded
    _, state = game_state(slug=game.slug)
    assert state.life_of("Aki") == 20 and game.events.count() == 4


@pytest.mark.parametrize(
    ("lang", "words", "not_there"),
    [
        (
            "ja",
            ['data-pending="未送信"', 'data-apply-again="もう一度適用"', "まだ反映されていない操作"],
            "Not sent",
        ),
        (
            "en",
            ['data-pending="Not sent yet"', 'data-apply-again="Apply again"', "Not on the table yet"],
            "未送信",
        ),
    ],
)
def test_the_page_carries_the_words_of_its_queue_of_offline_presses(
    client: Client, lang: str, words: list[str], not_there: str
) -> None:
    """The script that keeps presses made offline shows only words the page gives it, in its language."""
    game = new_game()
    html = client.get(f"/{lang}/tracker/{game.slug}/").content.decode()
    queue = html[
        html.index('<section id="tracker-queue"') : html.index("</section>", html.index("tracker-queue"))
    ]
    assert f'data-game="{game.slug}"' in queue and "tracker-queue.js" in html
    assert all(w in queue for w in words) and not_there not in queue
    board = client.get(f"/{lang}/tracker/{game.slug}/", **HX).content.decode()
    assert 'id="tracker-queue"' not in board  # outside the board: a swap keeps what the phone holds


def test_a_press_id_is_recorded_with_its_change_not_in_the_cache(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The press's id is a row written in the change's own transaction (unique per game), never a cache key:
    a "next turn" sent again after the table moved on is answered as recorded (not "already done"), an undo
    sent again undoes one change, and ids older than six hours are forgotten."""
    keys: list[str] = []
    for name in ("get", "set", "add", "get_many", "set_many", "incr"):
        method = getattr(cache, name)
        monkeypatch.setattr(
            cache, name, lambda key, *a, _m=method, **kw: keys.append(str(key)) or _m(key, *a, **kw)
        )
    game = new_game()
    url = f"/en/tracker/{game.slug}/event/"
    turn = {"kind": "next-turn", "expected_revision": "0", "press": "a1b2c3d4-turn"}
    assert client.post(url, turn, **HX).status_code == 200
    again = client.post(url, turn, **HX)
    assert again.status_code == 200 and "X-Tracker-Status" not in again
    assert game.events.count() == 1 and AppliedPress.objects.get(game=game).revision == 1
    undo = {"expected_revision": "1", "press": "a1b2c3d4-undo"}
    assert client.post(f"/en/tracker/{game.slug}/undo/", undo, **HX).status_code == 200
    assert client.post(f"/en/tracker/{game.slug}/undo/", undo, **HX).status_code == 200
    assert game.events.filter(undone=True).count() == 1
    assert sorted(game.presses.values_list("press", "revision")) == [
        ("a1b2c3d4-turn", 1),
        ("a1b2c3d4-undo", 2),
    ]
    assert not [k for k in keys if "press" in k or "a1b2c3d4" in k]  # not one press id in the cache
    # Six hours on, an id is forgotten: by the next write to the game, and by the sweep of idle games.
    AppliedPress.objects.filter(game=game).update(created=timezone.now() - datetime.timedelta(hours=7))
    life = {"kind": "life", "player": "Aki", "amount": "-1", "press": "a1b2c3d4-life"}
    assert client.post(url, life, **HX).status_code == 200
    assert list(game.presses.values_list("press", flat=True)) == ["a1b2c3d4-life"]
    AppliedPress.objects.update(created=timezone.now() - datetime.timedelta(hours=7))
    services.expire_games()
    assert not AppliedPress.objects.exists() and Game.objects.filter(pk=game.pk).exists()


def test_a_duplicate_that_got_past_the_first_check_is_refused_by_the_constraint() -> None:
    """The unique (game, press) constraint under the row lock is what decides: a second write of the same
    press that passed the check before the lock is refused inside it, nothing stored twice."""
    game = new_game()
    services.record_event(game=game, kind="life", payload={"player": "Aki", "amount": -3}, press="p-00000001")
    with pytest.raises(services.AlreadyApplied) as done:
        services._append(  # what a second phone would store having checked before the first one wrote
            game,
            tracker.event_from_json({"kind": "life", "player": "Aki", "amount": -3}),
            services._precheck_event(
                game, tracker.event_from_json({"kind": "life", "player": "Aki", "amount": -3})
            ),
            "p-00000001",
        )
    assert done.value.revision == 1
    with pytest.raises(services.AlreadyApplied), services._once(game, "p-00000001"), transaction.atomic():
        AppliedPress.objects.create(game=game, press="p-00000001", revision=9)
    _, state = game_state(slug=game.slug)
    assert state.life_of("Aki") == 37 and game.events.count() == 1 and game.presses.count() == 1
