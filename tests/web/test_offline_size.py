"""The save button's size is measured from the pages the whole-release download keeps (issue 42 item 5):
within 10 % of every one of them rendered, in both languages, worked rulings' steps included."""

from __future__ import annotations

import pytest
from django.test import Client

from judge.rules import offline_size

pytestmark = [pytest.mark.django_db, pytest.mark.corpus]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_estimate_is_within_ten_percent_of_every_page_kept(client: Client, ingested, lang: str) -> None:  # type: ignore[no-untyped-def]
    offline_size.forget()
    listed = client.get(f"/api/offline-pages?lang={lang}").json()
    pages = listed["pages"] + offline_size.step_pages(client, lang=lang)
    assert len(pages) > len(listed["pages"])  # the steps the worker adds are counted
    every = sum(len(client.get(path).content) for path in pages)
    print(f"\nOFFLINE size {lang}: estimate {listed['bytes']}, every page {every}, {len(pages)} pages")
    assert abs(listed["bytes"] - every) <= every / 10
    assert client.get(f"/api/offline-pages?lang={lang}").json()["bytes"] == listed["bytes"]  # measured once


def test_a_sample_spreads_over_the_whole_list() -> None:
    assert offline_size.sample([str(n) for n in range(10)], 4) == ["0", "2", "5", "7"]
    assert offline_size.sample(["a"], 4) == ["a"]
