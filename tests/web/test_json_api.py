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

CALCULATORS = ["/api/calc/tax", "/api/calc/commander-damage", "/api/calc/color-identity", "/api/calc/deck-check",
               "/api/calc/leave-game"]


def post(client: Client, url: str, body: Any) -> Any:
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return client.post(url, data, content_type="application/json")


@pytest.mark.parametrize("url", CALCULATORS)
@pytest.mark.parametrize(("lang", "bad_json", "not_object"), [
    ("", "The request is not valid JSON", "The request must be a JSON object."),
    ("?lang=en", "The request is not valid JSON", "The request must be a JSON object."),
    ("?lang=ja", "リクエストが正しい JSON ではありません", "リクエストは JSON オブジェクトでなければなりません。"),
    ("?lang=fr", "The request is not valid JSON", "The request must be a JSON object."),
])
def test_bad_bodies_in_both_languages(client: Client, url: str, lang: str, bad_json: str, not_object: str) -> None:
    response = post(client, url + lang, "{nope")
    assert response.status_code == 400
    assert error_texts(response)[0].startswith(bad_json)
    assert response.json()["errors"][0] | {"text": ""} == {"code": "web.bad-json", "rule": "", "text": "",
                                                              "field": "body"}
    response = post(client, url + lang, "[1]")
    assert error_texts(response) == [not_object] and response.json()["errors"][0]["code"] == "input.not-object"


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
    assert all(set(step) == {"code", "rule", "text", "objects"} and step["text"] for step in english + japanese)
    assert [s["rule"] for s in english] == [s["rule"] for s in japanese]


def test_no_card_data_is_503_in_both_languages(client: Client) -> None:
    body = {"variant": "commander", "decklist": "1 Sol Ring"}
    english = post(client, "/api/calc/deck-check", body)
    japanese = post(client, "/api/calc/deck-check?lang=ja", body)
    assert english.status_code == japanese.status_code == 503
    assert english.json()["errors"][0]["code"] == "web.no-card-data"
    assert "import_cards" in error_texts(english)[0] and "カードデータ" in error_texts(japanese)[0]


def test_health_without_a_corpus(client: Client) -> None:
    from judge.rules.models import Corpus

    Corpus.objects.update(is_live=False)  # another test may have ingested the real corpus (rolled back after)
    response = client.get("/healthz?lang=ja")
    assert response.status_code == 503
    assert error_texts(response) == ["ルールがまだ読み込まれていません。python manage.py ingest を実行してください。"]
    assert client.get("/api/rules/903.8").json()["errors"][0]["code"] == "web.no-corpus"


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
