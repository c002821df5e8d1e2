"""Rule pages, documents, glossary, version changes and the rules JSON API on the real corpus."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.corpus, pytest.mark.django_db]


def test_rule_page_shows_rule_subrules_and_links(client, ingested):
    response = client.get("/en/rules/903.9/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "903.9a" in html and "903.9b" in html
    # Every rule reference is a link, and the Japanese translation sits beside the English.
    assert 'href="/en/rules/' in html
    assert 'lang="ja"' in html
    assert "Cited by" in html


def test_rule_page_in_japanese_ui(client, ingested):
    response = client.get("/ja/rules/800.4a/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'lang="ja"' in html
    assert "ゲームから除外" in html


def test_japanese_is_default_for_japanese_browsers(client, ingested):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="ja,en;q=0.5")
    assert response.status_code == 302
    assert response["Location"].startswith("/ja/")
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="en-US")
    assert response["Location"].startswith("/en/")


def test_rule_page_htmx_fragment(client, ingested):
    full = client.get("/en/rules/903.8/")
    fragment = client.get("/en/rules/903.8/", HTTP_HX_REQUEST="true")
    assert fragment.status_code == 200
    assert b"<html" in full.content and b"<html" not in fragment.content
    assert b'id="rule-page"' in fragment.content


def test_previous_next_and_breadcrumb(client, ingested):
    html = client.get("/en/rules/903.8/").content.decode()
    assert 'rel="prev"' in html and 'rel="next"' in html
    assert 'href="/en/rules/903/"' in html and 'href="/en/rules/9/"' in html


def test_unknown_rule_is_404(client, ingested):
    assert client.get("/en/rules/999.99z/").status_code == 404


def test_version_switch(client, ingested):
    response = client.get("/en/rules/903.8/?version=20200601")
    assert response.status_code == 200
    assert b"You are reading version 20200601" in response.content


def test_changes_page(client, ingested):
    response = client.get("/en/rules/changes/?from=20251114&to=20260116")
    assert response.status_code == 200
    html = response.content.decode()
    assert "changed" in html
    assert "<ins>" in html or "<del>" in html
    assert client.get("/en/rules/changes/?from=1&to=2").status_code == 400


def test_glossary_and_documents(client, ingested):
    assert b"Commander" in client.get("/en/glossary/").content
    docs = client.get("/ja/docs/").content.decode()
    assert "/ja/docs/commander-rules/" in docs and "/ja/docs/dtc/" in docs
    assert client.get("/ja/docs/dtc/").status_code == 200
    assert client.get("/ja/docs/no-such-doc/").status_code == 404


def test_api_rule_shape(client, ingested):
    data = client.get("/api/rules/903.8?version=20260116").json()
    assert data["number"] == "903.8"
    assert data["version"] == "20260116"
    assert data["source"] == "MagicCompRules 20260116.txt"
    assert data["parent"] == "903"
    assert set(data) >= {"title", "text", "examples", "children", "links_to", "cited_by", "translations"}
    assert any(t["lang"] == "ja" for t in data["translations"])
    section = client.get("/api/rules/903").json()
    assert section["title"] == "Commander" and "903.8" in section["children"]
    assert client.get("/api/rules/9").json()["parent"] is None


def test_api_unknown_rule_is_json_404(client, ingested):
    response = client.get("/api/rules/999.1")
    assert response.status_code == 404
    assert "error" in response.json()


def test_api_docs(client, ingested):
    data = client.get("/api/docs/dtc").json()
    assert data["lang"] == "ja" and data["sections"]
    assert client.get("/api/docs/nope").status_code == 404
