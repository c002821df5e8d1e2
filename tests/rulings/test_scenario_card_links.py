"""Card names in worked rulings link to their card page when the card data knows the card (issue 21)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client

from judge.cards.services import import_files

# Not in tests/fixtures/cards: a directory import takes the newest Scryfall file there, and this one would
# replace the cards the other tests (the browser walk's card page) read.
CARDS = Path(__file__).parent.parent / "fixtures" / "ruling_cards"
HX = {"HTTP_HX_REQUEST": "true"}

pytestmark = pytest.mark.django_db


@pytest.fixture()
def cards() -> None:
    # A small hand-written Scryfall file: Assault Griffin and Phelddagrif, nothing else.
    import_files(paths=[CARDS / "scryfall_cards.json"])


@pytest.mark.parametrize("headers", [{}, HX], ids=["page", "htmx"])
@pytest.mark.parametrize(("lang", "griffin"), [("en", "Assault Griffin"), ("ja", "《突撃するグリフィン》")])
def test_a_board_object_links_to_its_card_page(
    client: Client, cards: None, headers: dict[str, str], lang: str, griffin: str
) -> None:
    response = client.get(f"/{lang}/scenarios/mind-control-bianca-leaves/0/", **headers)
    html = response.content.decode()
    assert response.status_code == 200
    assert f'<a class="bd-object" href="/{lang}/cards/assault-griffin/">{griffin}</a>' in html
    assert ("<html" in html) is not headers  # the fragment for htmx, the whole page without it
    assert client.get(f"/{lang}/cards/assault-griffin/").status_code == 200  # the link leads somewhere


@pytest.mark.parametrize("headers", [{}, HX], ids=["page", "htmx"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_colour_identity_step_links_known_cards_only(
    client: Client, cards: None, headers: dict[str, str], lang: str
) -> None:
    html = client.get(f"/{lang}/scenarios/color-identity-examples/1/", **headers).content.decode()
    name = "《Phelddagrif》" if lang == "ja" else "Phelddagrif"
    assert f'<a class="bd-object" href="/{lang}/cards/phelddagrif/">{name}</a>' in html
    # Boros Guildmage is not in this card data: its name stays plain text.
    guildmage = "《ボロスのギルド魔道士》" if lang == "ja" else "Boros Guildmage"
    assert f'<span class="bd-object">{guildmage}</span>' in html
    assert 'href="/en/cards/boros-guildmage/"' not in html


def test_without_card_data_no_name_links(client: Client) -> None:
    html = client.get("/en/scenarios/mind-control-bianca-leaves/0/").content.decode()
    assert '<span class="bd-object">Assault Griffin</span>' in html and "/cards/" not in html


def test_a_card_import_changes_a_worked_rulings_etag(client: Client) -> None:
    # The page is public and kept by its ETag; the links appear with the card data, so the ETag follows it.
    before = client.get("/en/scenarios/mind-control-bianca-leaves/0/")
    import_files(paths=[CARDS / "scryfall_cards.json"])
    after = client.get("/en/scenarios/mind-control-bianca-leaves/0/", HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert 'href="/en/cards/assault-griffin/"' in after.content.decode()
