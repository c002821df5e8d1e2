"""The colour identity calculator: its JSON API (limits included) and its page."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.test import Client

from judge.calc import views as calc
from judge.cards.services import import_cards
from tests.calc.helpers import ESCAPED, HX, MARKUP, MTGJSON, post
from tests.helpers import error_texts

pytestmark = pytest.mark.django_db


def test_identity_api(client: Client) -> None:
    body = {
        "cards": [
            {
                "name": "Wort, the Raidfather",
                "mana_cost": "{4}{R/G}{R/G}",
                "type_line": "Legendary Creature — Goblin",
            },
            {
                "name": "Birthing Pod",
                "mana_cost": "{3}{G/P}",
                "type_line": "Artifact",
                "oracle_text": (
                    "({G/P} can be paid with either {G} or 2 life.)\n{1}{G/P}, {T}, Sacrifice a creature: ..."
                ),
            },
            {"name": "Evermind", "type_line": "Instant — Arcane", "color_indicator": ["U"]},
            {
                "name": "Breeding Pool",
                "type_line": "Land — Forest Island",
                "oracle_text": "({T}: Add {G} or {U}.)\nAs Breeding Pool enters, you may pay 2 life.",
            },
        ]
    }
    response = post(client, "/api/calc/color-identity", body)
    assert response.status_code == 200
    results = response.json()["results"]
    assert [(r["name"], r["identity"]) for r in results] == [
        ("Wort, the Raidfather", ["R", "G"]),
        ("Birthing Pod", ["G"]),
        ("Evermind", ["U"]),
        ("Breeding Pool", ["U", "G"]),
    ]
    assert "{R/G} in the mana cost of Wort, the Raidfather gives R, G" in [
        s["text"] for s in results[0]["explanation"]
    ]
    assert "204.2" in [s["rule"] for s in results[2]["explanation"]]
    # Each basic land type gives a mana ability (305.6); why its colours count is said once (903.5d).
    rules = [s["rule"] for s in results[3]["explanation"]]
    assert rules.count("305.6") == 2 and rules.count("903.5d") == 1 and "commander:2" not in rules


def test_identity_api_problems(client: Client) -> None:
    response = post(
        client,
        "/api/calc/color-identity",
        {"cards": [{"name": 3}, {"name": "X", "colors": ["Q"]}], "extra": 1},
    )
    assert response.status_code == 400
    assert error_texts(response) == ["Request: unknown field “extra” (expected: cards)."]
    # Bad cards are listed beside the others' results; they sink nothing.
    response = post(
        client,
        "/api/calc/color-identity",
        {
            "cards": [
                {"name": 3},
                {"name": "X", "colors": ["Q"]},
                {"name": "Evermind", "color_indicator": ["U"]},
            ]
        },
    )
    assert response.status_code == 200
    data = response.json()
    assert [(r["name"], r["identity"]) for r in data["results"]] == [("Evermind", ["U"])]
    assert [(p["card"], [e["text"] for e in p["errors"]]) for p in data["problems"]] == [
        (1, ["Card 1: name: must be text."]),
        (2, ["Card 2: colors: Q is not a colour; use W U B R G."]),
    ]


def test_identity_api_takes_1000_full_cards_in_one_request(client: Client) -> None:
    text = "Flying. When this creature enters, you may pay {W/U}. " * 50  # ~3 KB, as Scryfall's are
    body = json.dumps(
        {
            "cards": [
                {
                    "name": f"Generated Card {i}",
                    "mana_cost": "{2}{W/U}" if i % 2 else "{B}{B}",
                    "type_line": "Creature — Test",
                    "oracle_text": text,
                }
                for i in range(1_000)
            ]
        }
    )
    assert len(body) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE  # the site-wide limit stays small
    response = client.post("/api/calc/color-identity", body, content_type="application/json")
    assert response.status_code == 200
    results = response.json()["results"]
    assert len(results) == 1_000
    assert results[0]["identity"] == ["W", "U", "B"] and results[1]["identity"] == ["W", "U"]
    too_many = json.dumps({"cards": [{"name": f"C{i}"} for i in range(1_001)]})
    response = client.post("/api/calc/color-identity", too_many, content_type="application/json")
    assert response.status_code == 400
    assert error_texts(response) == ["Cards: 1001 cards is over the limit of 1000 per request."]


def test_identity_api_refuses_a_body_past_its_need_unread(client: Client) -> None:
    """The audit's 16.8 MB object of a million unknown keys: over the 8 MB a batch needs, 413 at once."""
    body = "{" + ",".join(f'"k{i}": 0' for i in range(1_000_000)) + "}"
    assert len(body) > calc.IDENTITY_MAX_BODY
    response = client.post("/api/calc/color-identity", body, content_type="application/json")
    assert response.status_code == 413
    assert len(response.content) < 2_000


def test_identity_api_body_cap(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(calc, "IDENTITY_MAX_BODY", 3 * 1024 * 1024)
    body = json.dumps({"cards": [{"name": "x" * 1000}] * 4000})
    response = client.post("/api/calc/color-identity", body, content_type="application/json")
    assert response.status_code == 413
    assert error_texts(response) == ["The request is larger than 3 MB; send less at once."]
    assert response.json()["errors"][0]["field"] == "body"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_identity_page_names_and_json(client: Client, cards: None, lang: str) -> None:
    data = {
        "names": "1 Breeding Pool\nSol Rnig\nFire // Ice",
        "cards_json": json.dumps({"name": "Evermind", "color_indicator": ["U"]}),
    }
    full = client.post(f"/{lang}/calc/color-identity/", data)
    assert full.status_code == 200
    html = full.content.decode()
    assert "<html" in html and "csrfmiddlewaretoken" in html
    assert '<span class="card-name" lang="en">Breeding Pool</span>' in html
    assert 'class="pip pip-U"' in html and 'class="pip pip-G"' in html
    # Basic land types: the mana ability each gives (305.6) and why its colours count (903.5d), not a
    # format document's point.
    assert f'href="/{lang}/rules/305.6/"' in html and f'href="/{lang}/rules/903.5d/"' in html
    assert "docs/commander-rules/#rule-2" not in html
    assert "Sol Rnig" in html and "Sol Ring" in html  # unknown, with a suggestion
    assert '<span class="card-name" lang="en">Evermind</span>' in html
    fragment = client.post(f"/{lang}/calc/color-identity/", data, **HX).content.decode()
    assert "<html" not in fragment and fragment.strip().startswith('<section id="result"')
    assert '<span class="card-name" lang="en">Fire // Ice</span>' in fragment
    shared = client.get(f"/{lang}/calc/color-identity/", {"names": "Breeding Pool"}).content.decode()
    assert 'class="pip pip-U"' in shared


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        (
            "en",
            "This site has no list of Magic cards yet, and looking cards up needs it: until the site&#x27;s "
            "administrator adds it, card names are not checked.",
        ),
        (
            "ja",
            "このサイトにはまだマジックのカードの一覧がありません。カードを調べるにはその一覧が必要で、"
            "サイトの管理者が用意するまではカード名を確認しません。",
        ),
    ],
)
@pytest.mark.parametrize("page", ["color-identity", "deck-check", ""])
def test_pages_without_card_data_say_so_in_one_line_with_no_server_command(
    client: Client, lang: str, line: str, page: str
) -> None:
    url = f"/{lang}/calc/{page}/" if page else f"/{lang}/calc/"
    assert f'<p class="notice">{line}</p>' in client.get(url).content.decode()


def test_identity_page_without_card_data_and_escaping(client: Client) -> None:
    response = client.post(
        "/en/calc/color-identity/", {"names": MARKUP, "cards_json": json.dumps({"name": MARKUP})}
    )
    html = response.content.decode()
    # Without card data a name is no problem to fix: the page says what is missing and offers the fields.
    assert response.status_code == 200 and "needs-printed" in html and "Please fix" not in html
    assert "no list of Magic cards" in html and "import_cards" not in html
    assert MARKUP not in html and ESCAPED in html
    bad = client.post("/en/calc/color-identity/", {"cards_json": "{nope"}, **HX).content.decode()
    assert "Card JSON: not valid JSON (line 1, column 2)." in bad
    japanese = client.post("/ja/calc/color-identity/", {"cards_json": "[1,\n2"}, **HX).content.decode()
    assert "カードの JSON：正しい JSON ではありません（2 行 2 文字目）。" in japanese


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_identity_page_lists_bad_cards_in_their_place(client: Client, lang: str) -> None:
    cards = [
        {"name": "Evermind", "color_indicator": ["U"]},
        {"name": "Bad", "colors": ["Q"]},
        {
            "name": "Who // What // When // Where // Why",
            "card_faces": [
                {"name": n, "mana_cost": cost}
                for n, cost in (
                    ("Who", "{X}{W}"),
                    ("What", "{2}{R}"),
                    ("When", "{2}{B}"),
                    ("Where", "{3}{B}"),
                    ("Why", "{1}{U}"),
                )
            ],
        },
        {"name": 3},
        {"name": "Forest", "type_line": "Basic Land — Forest"},
    ]
    response = client.post(f"/{lang}/calc/color-identity/", {"cards_json": json.dumps(cards)}, **HX)
    assert response.status_code == 200
    html = response.content.decode()
    items = html.split('<li class="identity-card')[1:]
    assert len(items) == 5
    assert "Evermind" in items[0] and "pip-U" in items[0]
    assert items[1].startswith(' card-problem">') and "Bad" in items[1]
    assert "Who // What // When // Where // Why" in items[2]  # five halves: read
    assert all(f"pip-{c}" in items[2] for c in "WUBR")
    assert items[3].startswith(' card-problem">')
    assert "Forest" in items[4] and "pip-G" in items[4]
    if lang == "en":
        assert (
            'Card 2: <span translate="no">Bad</span>' in items[1]
            and "Card 2: colors: Q is not a colour; use W U B R G." in items[1]
        )
        assert "Card 4: name: must be text." in items[3]
    else:
        assert (
            '2枚目のカード: <span translate="no">Bad</span>' in items[1]
            and "2枚目のカードの色：Q は色ではありません。" in items[1]
        )
        assert "4枚目のカードのカード名：文字列で指定してください。" in items[3]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_identity_page_takes_japanese_names(client: Client, lang: str) -> None:
    import_cards(path=MTGJSON)
    html = client.post(
        f"/{lang}/calc/color-identity/", {"names": "《繁殖池》\n1 砕骨の巨人\nSol Rnig"}
    ).content.decode()
    items = html.split('<li class="identity-card')[1:]
    assert len(items) == 3
    if lang == "ja":
        assert (
            '<span class="card-name" lang="ja">《繁殖池》</span> <span class="other-name" '
            'lang="en">Breeding Pool</span>' in items[0]
        )
        assert "「Sol Rnig」というカードは見つかりません。《Sol Ring》のことですか？" in items[2]
        # The steps name the card as the card data knows it in Japanese, never 《Breeding Pool》.
        assert "《繁殖池》の固有色：" in items[0] and "Breeding Pool》" not in items[0]
        assert "《砕骨の巨人 // 踏みつけ》の固有色：" in items[1]
    else:
        assert (
            '<span class="card-name" lang="en">Breeding Pool</span> <span class="other-name" '
            'lang="ja">繁殖池</span>' in items[0]
        )
        assert "Unknown card &#x27;Sol Rnig&#x27;; did you mean Sol Ring?" in items[2]
        assert "Color identity of Breeding Pool:" in items[0] and "繁殖池の" not in items[0]
    assert "pip-U" in items[0] and "pip-G" in items[0] and "pip-R" in items[1]


# --------------------------------------------------------------- a card typed off its face (issue 34 item 6)

PRINTED_CASES = [
    # (what the player typed, the identity)
    ({"card_name": "Wort, the Raidfather", "card_mana_cost": "{4}{R/G}{R/G}"}, "RG"),
    (
        {
            "card_name": "Kenrith",
            "card_mana_cost": "4白",
            "card_type_line": "Legendary Creature — Human Noble",
            "card_text": "{緑}, {T}: Put a +1/+1 counter on target creature.\n{黒}：何か。",
        },
        "WBG",
    ),
    (
        {
            "card_name": "Birthing Pod",
            "card_mana_cost": "3G/P",
            "card_text": "{1}{g/p}, {T}, Sacrifice a creature",
        },
        "G",
    ),
    ({"card_name": "Sol Ring", "card_mana_cost": "1", "card_text": "{T}: Add {C}{C}."}, ""),
    ({"card_name": "Azorius Land", "card_text": "｛Ｔ｝：｛白｝か｛青｝を加える。"}, "WU"),
    ({"card_mana_cost": "{2}{G/W}"}, "WG"),
]


def _identity_of(html: str) -> str:
    import re

    pips = re.findall(r'class="[^"]*pip-([WUBRG])', html.split('id="result"', 1)[1])
    return "".join(dict.fromkeys(pips))


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
@pytest.mark.parametrize(("typed", "colors"), PRINTED_CASES)
def test_a_card_typed_off_its_face_without_card_data(
    client: Client, lang: str, htmx: bool, typed: dict[str, str], colors: str
) -> None:
    response = client.post(f"/{lang}/calc/color-identity/", typed, **(HX if htmx else {}))
    html = response.content.decode()
    assert response.status_code == 200, html
    assert ("<html" in html) is not htmx
    assert _identity_of(html) == colors
    assert "errorlist" not in html.split('id="result"', 1)[1]


@pytest.mark.parametrize(
    ("lang", "says", "field"),
    [
        ("en", "This site has no card data, so it can't look up “Breeding Pool” by its name.", "Type line"),
        (
            "ja",
            "このサイトにはカード・データがないため、「Breeding Pool」を名前から調べられません。",
            "タイプ行",
        ),
    ],
)
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_a_name_alone_without_card_data_says_what_is_missing_and_offers_the_fields(
    client: Client, lang: str, says: str, field: str, htmx: bool
) -> None:
    response = client.post(
        f"/{lang}/calc/color-identity/", {"names": "Breeding Pool"}, **(HX if htmx else {})
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert says in html
    assert (
        "次の 1 件の問題を直してください" not in html and "Please fix" not in html and "errorlist" not in html
    )
    if not htmx:  # the whole page: the printed fields, the name already in its field, JSON as an option
        assert field in html and 'name="card_name" value="Breeding Pool"' in html
        assert '<details class="identity-json">' in html


@pytest.mark.parametrize(("lang", "label"), [("en", "Mana cost"), ("ja", "マナ・コスト")])
def test_a_typed_cost_that_cant_be_read_names_the_field_in_the_readers_words(
    client: Client, lang: str, label: str
) -> None:
    html = client.post(f"/{lang}/calc/color-identity/", {"card_mana_cost": "3QQ"}, **HX).content.decode()
    assert label in html and "{Q}" in html and "card_mana_cost" not in html


# Issue 41 item 3: a card given by name alone is looked up, or refused saying what is missing; never guessed.


@pytest.mark.parametrize(("lang", "said"), [("en", "card data"), ("ja", "カードデータ")])
def test_identity_api_looks_up_a_card_given_by_name_alone(
    client: Client, cards: None, lang: str, said: str
) -> None:
    response = post(client, f"/api/calc/color-identity?lang={lang}", {"cards": [{"name": "Breeding Pool"}]})
    assert response.status_code == 200
    data = response.json()
    assert data["problems"] == []
    [result] = data["results"]
    assert (result["name"], result["identity"]) == ("Breeding Pool", ["U", "G"])
    first = result["explanation"][0]
    assert first["code"] == "identity.from-card-data" and first["rule"].startswith("data:scryfall")
    assert said in first["text"]


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "no card data"), ("ja", "カードデータも取り込まれていません")]
)
def test_identity_api_refuses_a_name_alone_without_card_data(client: Client, lang: str, said: str) -> None:
    body = {"cards": [{"name": "Breeding Pool"}, {"name": "Sol Ring", "mana_cost": "{1}"}]}
    data = post(client, f"/api/calc/color-identity?lang={lang}", body).json()
    assert [(r["name"], r["identity"]) for r in data["results"]] == [("Sol Ring", [])]
    [problem] = data["problems"]
    assert problem["card"] == 1 and problem["name"] == "Breeding Pool"
    [error] = problem["errors"]
    assert error["code"] == "identity.name-only-no-data" and error["field"] == "cards[0]"
    assert said in error["text"] and "Breeding Pool" in error["text"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_identity_api_refuses_an_unknown_name_alone_with_the_closest_names(
    client: Client, cards: None, lang: str
) -> None:
    data = post(client, f"/api/calc/color-identity?lang={lang}", {"cards": [{"name": "Breding Pool"}]}).json()
    assert data["results"] == []
    [error] = data["problems"][0]["errors"]
    assert error["code"] == "identity.name-only-unknown"
    assert "Breeding Pool" in error["text"]  # the suggestion
