"""The JSON door: every endpoint refuses in one shape, {"errors": [{"code", "rule", "text", "field"?}]},
with the texts in the language of ?lang=ja|en (English by default)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from judge.calc import views as calc
from tests.helpers import error_texts

pytestmark = pytest.mark.django_db

CALCULATORS = [
    "/api/calc/tax",
    "/api/calc/commander-damage",
    "/api/calc/color-identity",
    "/api/calc/deck-check",
    "/api/calc/leave-game",
]


def post(client: Client, url: str, body: Any) -> Any:
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return client.post(url, data, content_type="application/json")


@pytest.mark.parametrize("url", CALCULATORS)
@pytest.mark.parametrize(
    ("lang", "bad_json", "not_object"),
    [
        ("", "The request is not valid JSON", "The request must be a JSON object."),
        ("?lang=en", "The request is not valid JSON", "The request must be a JSON object."),
        (
            "?lang=ja",
            "リクエストが正しい JSON ではありません",
            "リクエストは JSON オブジェクトでなければなりません。",
        ),
        ("?lang=fr", "The request is not valid JSON", "The request must be a JSON object."),
    ],
)
def test_bad_bodies_in_both_languages(
    client: Client, url: str, lang: str, bad_json: str, not_object: str
) -> None:
    response = post(client, url + lang, "{nope")
    assert response.status_code == 400
    assert error_texts(response)[0].startswith(bad_json)
    assert response.json()["errors"][0] | {"text": ""} == {
        "code": "web.bad-json",
        "rule": "",
        "text": "",
        "field": "body",
    }
    response = post(client, url + lang, "[1]")
    assert (
        error_texts(response) == [not_object] and response.json()["errors"][0]["code"] == "input.not-object"
    )


def test_body_too_large_in_both_languages(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(calc, "IDENTITY_MAX_BODY", 2 * 1024 * 1024)
    body = json.dumps({"cards": [{"name": "x" * 1000}] * 3000})
    english = post(client, "/api/calc/color-identity", body)
    japanese = post(client, "/api/calc/color-identity?lang=ja", body)
    assert english.status_code == japanese.status_code == 413
    assert error_texts(english) == ["The request is larger than 2 MB; send less at once."]
    assert error_texts(japanese) == ["リクエストが 2 MB を超えています。一度に送る量を減らしてください。"]


def test_steps_carry_their_code_and_rule_in_either_language(client: Client) -> None:
    body = {"variant": "commander", "mana_cost": "{3}{G}{G}", "previous_casts": 1}
    english = post(client, "/api/calc/tax", body).json()["steps"]
    japanese = post(client, "/api/calc/tax?lang=ja", body).json()["steps"]
    assert all(
        set(step) == {"code", "rule", "text", "objects"} and step["text"] for step in english + japanese
    )
    assert [s["rule"] for s in english] == [s["rule"] for s in japanese]


def test_no_card_data_still_checks_the_deck_in_both_languages(client: Client) -> None:
    body = {"variant": "commander", "decklist": "1 Sol Ring"}
    english = post(client, "/api/calc/deck-check", body)
    japanese = post(client, "/api/calc/deck-check?lang=ja", body)
    assert english.status_code == japanese.status_code == 200
    assert [n["code"] for n in english.json()["notes"]] == ["legality.needs-card-data"]
    assert "カードの一覧" in japanese.json()["notes"][0]["text"]


def test_health_without_a_corpus(client: Client) -> None:
    from judge.rules.models import Corpus

    Corpus.objects.update(is_live=False)  # another test may have ingested the real corpus (rolled back after)
    response = client.get("/healthz?lang=ja")
    assert response.status_code == 200  # the site serves: the calculators and the tracker need no rules
    assert response.json() == {"status": "no-rules", "corpus": None, "versions": []}
    rules = client.get("/api/rules/903.8?lang=ja")
    assert rules.status_code == 503 and rules.json()["errors"][0]["code"] == "web.no-corpus"
    assert error_texts(rules) == [
        "ルールの本文はまだ入っていません。サイトの管理者が、ネットにつながった状態で python manage.py "
        "refresh_rules（または make setup）を実行すると入ります。"
    ]


def test_search_api_problems_in_both_languages(client: Client) -> None:
    english = client.get("/api/search", {"q": "tax", "limit": "0"})
    japanese = client.get("/api/search", {"q": "tax", "limit": "0", "ui": "ja"})
    assert english.status_code == japanese.status_code == 400
    assert error_texts(english) == ["The number of results must be a whole number from 1 to 50."]
    assert error_texts(japanese) == ["件数は 1〜50 の整数で指定してください。"]
    assert english.json()["errors"][0]["field"] == "limit"


def test_tracker_json_problems_in_the_language_asked(client: Client) -> None:
    missing = client.get("/en/tracker/AAAAAAAAAAAAAAAA/?format=json&lang=ja")
    assert missing.status_code == 404 and error_texts(missing) == ["そのゲームはありません。"]
    bad = client.post("/ja/tracker/", "[1", content_type="application/json")
    assert bad.status_code == 400 and error_texts(bad)[0].startswith("リクエストが正しい JSON ではありません")


# --------------------------------------------------------------------------- the reader's refusals (issue 14)

JSON_ENDPOINTS = CALCULATORS + ["/en/tracker/"]
DEEP = "[" * 950 + "]" * 950  # a 2 KB body 950 levels deep: RecursionError in the engine before the reader
HOSTILE = [
    (
        DEEP,
        "web.json-too-deep",
        "Request: lists and objects are nested more than 32 levels deep.",
        "リクエスト：リストやオブジェクトの入れ子が 32 段を超えています。",
    ),
    (
        "[" * 5000,
        "web.json-too-deep",
        "Request: lists and objects are nested more than 32 levels deep.",
        "リクエスト：リストやオブジェクトの入れ子が 32 段を超えています。",
    ),
    (
        '{"\\ud800": 1}',
        "web.json-surrogate",
        "Request: contains half of a surrogate pair alone",
        "リクエスト：対になっていないサロゲート",
    ),
    (
        '{"players": ["\\udfff", "Ben"], "variant": "commander"}',
        "web.json-surrogate",
        "Request: contains half of a surrogate pair alone",
        "リクエスト：対になっていないサロゲート",
    ),
    (
        '{"expected_revision": Infinity}',
        "web.json-number",
        "Request: Infinity is not a number the site reads",
        "リクエスト：Infinity は使えない数値です",
    ),
    (
        '{"amount": NaN}',
        "web.json-number",
        "Request: NaN is not a number",
        "リクエスト：NaN は使えない数値です",
    ),
    (
        '{"amount": -1e400}',
        "web.json-number",
        "Request: -1e400 is not a number",
        "リクエスト：-1e400 は使えない数値です",
    ),
    (
        '{"amount": 1' + "0" * 5000 + "}",
        "web.json-number",
        "Request: 10000000000000000000… is not a number",
        "リクエスト：10000000000000000000… は使えない数値です",
    ),
]


@pytest.mark.parametrize("url", JSON_ENDPOINTS)
@pytest.mark.parametrize(("body", "code", "english", "japanese"), HOSTILE)
def test_hostile_json_is_a_clear_400_in_both_languages(
    url: str, body: str, code: str, english: str, japanese: str
) -> None:
    client = Client(raise_request_exception=False)
    answers = {lang: post(client, f"{url}?lang={lang}", body) for lang in ("en", "ja")}
    for lang, expected in (("en", english), ("ja", japanese)):
        assert answers[lang].status_code == 400, answers[lang].content[:300]
        texts = error_texts(answers[lang])
        assert texts[0].startswith(expected) and "set_int_max_str_digits" not in texts[0]
        assert answers[lang].json()["errors"][0]["code"] == code
    from judge.tracker.models import Game

    assert not Game.objects.exists()


def test_hostile_json_in_tracker_writes_is_refused_and_nothing_changes() -> None:
    from judge.tracker.models import GameEvent
    from judge.tracker.services import start_game

    game = start_game(
        variant="commander", players=["Aki", "Ben"], commanders={"Aki": ["Oona"], "Ben": ["Edgar"]}
    )
    client = Client(raise_request_exception=False)
    for path in ("event", "undo"):
        for body, code, _en, _ja in HOSTILE:
            response = post(client, f"/en/tracker/{game.slug}/{path}/", body)
            assert response.status_code == 400 and response.json()["errors"][0]["code"] == code
    assert not GameEvent.objects.exists()
    assert client.get(f"/en/tracker/{game.slug}/?format=json").status_code == 200


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("{}", {}),
        (
            '{"big": 9007199254740992, "small": -9007199254740992, "cost": 2.5e3}',
            {"big": 2**53, "small": -(2**53), "cost": 2500.0},
        ),
        (
            '{"name": "\\ud83c\\udccf \\\\ud800 ]]]] {{{{"}',
            {"name": "\U0001f0cf \\ud800 ]]]] {{{{"},
        ),  # a pair; a backslash
        ("[" * 32 + "]" * 32, json.loads("[" * 32 + "]" * 32)),  # exactly the limit
        (b"\xef\xbb\xbf" + '{"名前": "統率者"}'.encode(), {"名前": "統率者"}),  # UTF-8 with a BOM
        ('{"a": 1}'.encode("utf-16"), {"a": 1}),
    ],
)
def test_the_reader_takes_what_json_allows(body: str | bytes, expected: Any) -> None:
    from judge.web.json_api import read_json

    assert read_json(body) == expected


@pytest.mark.parametrize(
    ("body", "code", "where"),
    [
        ("[" * 33 + "]" * 33, "web.json-too-deep", None),
        (
            '[{"a": ' * 17 + "1" + "}]" * 17,
            "web.json-too-deep",
            None,
        ),  # 34 levels, objects and lists alternating
        ('{"a": 9007199254740993}', "web.json-number", None),
        ('{"a": 1e16}', "web.json-number", None),
        ('{\n  "a": 1,\n  oops\n}', "web.bad-json", (3, 3)),
        (b'{"a": "\xff"}', "web.bad-json", (1, 8)),
    ],
)
def test_the_reader_refuses(body: str | bytes, code: str, where: tuple[int, int] | None) -> None:
    from judge.engine.errors import InvalidInputError
    from judge.web.json_api import read_json

    with pytest.raises(InvalidInputError) as caught:
        read_json(body)
    problem = caught.value.messages[0]
    assert problem.code == code and problem.field == "body"
    if where:
        assert (problem.kwargs["line"], problem.kwargs["column"]) == where


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_pasted_json_boxes_use_the_same_reader(client: Client, lang: str) -> None:
    """The colour identity page (even by GET) and the leave-game page's "load JSON" read pasted JSON
    through the door's reader: a clear problem beside the box, never a 500."""
    deep = {
        "en": "Card JSON: lists and objects are nested more than 32 levels deep.",
        "ja": "カードの JSON：リストやオブジェクトの入れ子が 32 段を超えています。",
    }[lang]
    page = client.get(f"/{lang}/calc/color-identity/", {"cards_json": DEEP})
    assert page.status_code == 400 and deep in page.content.decode()
    number = {
        "en": "Card JSON: Infinity is not a number",
        "ja": "カードの JSON：Infinity は使えない数値です",
    }[lang]
    page = client.post(f"/{lang}/calc/color-identity/", {"cards_json": '{"name": "X", "cmc": Infinity}'})
    assert page.status_code == 400 and number in page.content.decode()
    board = {
        "en": "Board JSON: contains half of a surrogate pair alone",
        "ja": "盤面のJSON：対になっていないサロゲート",
    }[lang]
    page = client.post(
        f"/{lang}/leave-game/", {"action": "load-json", "board_json": '{"turn_order": ["\\ud800"]}'}
    )
    assert page.status_code == 400 and board in page.content.decode()
    page = client.post(f"/{lang}/leave-game/", {"action": "load-json", "board_json": DEEP})
    assert page.status_code == 400 and "32" in page.content.decode()


@pytest.mark.parametrize(
    ("path", "keys", "limit"),
    [("/api/calc/commander-damage", 100_000, 50_000), ("/api/calc/color-identity", 645_000, 250_000)],
)
def test_a_body_of_too_many_values_is_refused_before_it_is_read(
    client: Client, path: str, keys: int, limit: int
) -> None:
    """The audit's bodies (issue 22): a hundred thousand keys to the damage calculator, and ~8 MB of tiny
    keys under the identity batch's cap. Counted before parsing, refused with one small answer."""
    body = "{" + ",".join(f'"k{i}":0' for i in range(keys)) + "}"
    assert len(body) < calc.IDENTITY_MAX_BODY
    for lang, text in (("en", f"holds more than {limit} values"), ("ja", f"値が {limit} 個を超えています")):
        response = client.post(f"{path}?lang={lang}", body, content_type="application/json")
        assert response.status_code == 400
        assert [e["code"] for e in response.json()["errors"]] == ["web.json-too-many"]
        assert text in error_texts(response)[0]
        assert len(response.content) < 1_000


def test_commas_inside_strings_do_not_count_as_values() -> None:
    from judge.web.json_api import read_json

    text = json.dumps({"oracle_text": ", " * 60_000, "n": [1, 2, 3]})
    assert read_json(text)["n"] == [1, 2, 3]
