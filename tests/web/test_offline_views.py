"""Reading offline with consent (issue 34 item 3): the save button on the home page and the offline page, with
the size from the real list of pages; the offline page the service worker keeps has the site's header."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.corpus
@pytest.mark.parametrize(
    ("lang", "button"),
    [
        ("ja", "すべてのルールをオフライン用に保存（約 {mb} メガバイト）"),
        ("en", "Save all rules for offline (about {mb} MB)"),
    ],
)
def test_the_save_button_states_the_size_of_the_whole_release(
    client: Client, ingested, lang: str, button: str
) -> None:  # type: ignore[no-untyped-def]
    listed = client.get(f"/api/offline-pages?lang={lang}").json()
    assert listed["bytes"] > len(listed["pages"]) * 1_000  # measured: tests/web/test_offline_size.py
    mb = round(listed["bytes"] / 1_000_000)
    for path in (f"/{lang}/", f"/{lang}/offline/"):
        html = client.get(path).content.decode()
        assert button.format(mb=mb) in html, path
        assert 'id="offline-save" hidden' in html  # shown by static/js/offline.js where a worker runs
    offline = client.get(f"/{lang}/offline/")
    html = offline.content.decode()
    assert offline.status_code == 200 and offline["Cache-Control"].startswith("public")
    assert 'class="site-header"' in html and "data-offline-message" in html and 'id="offline-q"' in html
    assert "csrfmiddlewaretoken" not in html and "X-CSRFToken" not in html  # kept by the worker: no token


def test_the_offline_page_keeps_the_sites_header_and_navigation(client: Client) -> None:
    html = client.get("/en/offline/").content.decode()
    assert 'class="site-header"' in html and 'class="lang-switch"' in html and "data-offline-message" in html
