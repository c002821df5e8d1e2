"""The Japanese documents on the real corpus: every translated rule aligned right, every line a reader needs
on the document pages, and the documents' list in the JSON API.

Key lines are checked by a few characters of each (no corpus text is kept here).
"""

from __future__ import annotations

import html
import re
import unicodedata
from pathlib import Path

import pytest

from judge.engine.dates import reader_date
from judge.parsing import ja_common
from judge.rules import documents, models, selectors

pytestmark = [pytest.mark.corpus, pytest.mark.django_db]

TRANSLATIONS = ("cr-excerpt-ja", "cr-805-ja", "planechase-wiki")  # 001, 002, 003
STATUSES = {"current", "changed", "renumbered", "deleted", "unchecked"}

# (document, number in the text) -> (current number, status). 002 and 003 name 20231117; 001 names no
# release and is older than 2020 (its 800.5 is the free mulligan): with no older release ingested it is
# unchecked, placed by 20200601 where it agrees with it.
KNOWN = {
    ("cr-805-ja", "805.10g"): ("805.10f", "renumbered"),  # 戦闘ダメージ・ステップ開始に際して…
    ("cr-805-ja", "805.10f"): ("", "deleted"),  # damage assignment order: gone since 20231117
    ("cr-805-ja", "805.10a"): ("805.10a", "current"),
    ("cr-805-ja", "805.1"): ("805.1", "current"),
    ("cr-805-ja", "805"): ("805", "current"),
    ("planechase-wiki", "901.8"): ("901.8", "changed"),  # its rule 701.24 (Planeswalk) is 701.31 now
    ("planechase-wiki", "901.11"): ("901.11", "changed"),
    ("planechase-wiki", "901.9a"): ("901.9a", "current"),
    ("planechase-wiki", "901.15c"): ("901.15c", "current"),
    ("planechase-wiki", "9"): ("9", "current"),
}
KNOWN_UNCHECKED_001 = {
    # its free mulligan: placed by content on the multiplayer mulligan, not today's 800.5 (seating)
    "800.5": "800.6",
    "800.6": "800.7",  # the starting player draws: placed by content on today's 800.7, not 800.6 (mulligan)
    "802.4b": "",  # agrees too little with 20200601's to be placed
    "802.5": "",  # damage assignment order (deleted since 20200601)
    "802.6": "802.5",
    "103.3": "103.4",
    "103.3c": "103.4c",
    "800.4a": "800.4a",
    "800.4f": "800.4g",
    "800.4k": "800.4m",
    "903.4b": "903.4c",
    "903.4c": "903.4d",
    "903.8": "903.8",
    "903.9": "903.9b",
    "903.9a": "903.9c",
}


def sections_of(corpus: models.Corpus, slug: str) -> list[models.DocSection]:
    return list(models.DocSection.objects.filter(corpus=corpus, source__slug=slug).order_by("position"))


@pytest.mark.parametrize(("slug", "number"), sorted(KNOWN))
def test_known_alignments(ingested, slug, number):
    [section] = [s for s in sections_of(ingested, slug) if s.cr_number == number]
    assert (section.aligned_number, section.status) == KNOWN[(slug, number)]
    assert section.compared_version == "20231117"  # the release the text names, never the nearest other


def test_001_is_compared_with_the_release_its_content_matches_or_unchecked(ingested):
    source = models.Source.objects.get(corpus=ingested, slug="cr-excerpt-ja")
    sections = {s.cr_number: s for s in sections_of(ingested, "cr-excerpt-ja") if s.cr_number}
    if source.meta["dating"] == "content":  # an older release whose rules it matches has been added
        assert source.meta["compared_version"] < "20200101"
        for number in ("800.5", "802.5"):  # the free mulligan, damage assignment order
            assert (sections[number].aligned_number, sections[number].status) == ("", "deleted")
        assert sections["800.6"].aligned_number == "800.7"  # the starting player's draw
        return
    assert source.meta["dating"] == "unknown" and source.meta["placed_by"] == "20200601"
    assert {s.status for s in sections.values()} == {"unchecked"}
    assert {s.compared_version for s in sections.values()} == {""}
    for number, aligned in KNOWN_UNCHECKED_001.items():
        assert sections[number].aligned_number == aligned, number


@pytest.mark.parametrize("slug", TRANSLATIONS)
def test_every_translated_rule_is_aligned_to_a_current_rule_or_marked(ingested, slug):
    current = {r.number: r for r in selectors.rules_of(ingested)}
    source = models.Source.objects.get(corpus=ingested, slug=slug)
    sections = sections_of(ingested, slug)
    placed: dict[str, str] = {}
    for s in sections:
        if not s.cr_number:
            assert (s.status, s.aligned_number) == ("", "")
            continue
        assert s.status in STATUSES, s.cr_number
        assert s.differs_from_current is (s.status != "current")
        if s.aligned_number:
            assert s.aligned_number in current, s.cr_number
            assert s.aligned_number not in placed, (
                f"{s.cr_number} and {placed.get(s.aligned_number)}"
            )  # no second copy
            placed[s.aligned_number] = s.cr_number
        if s.status == "deleted":
            assert not s.aligned_number and s.compared_version
        if s.status in ("current", "changed"):
            assert s.aligned_number == s.cr_number
        if s.status == "renumbered":
            assert s.aligned_number and s.aligned_number != s.cr_number
        if s.status == "current":
            old = selectors.rules_of(ingested, s.compared_version).get(number=s.cr_number)
            now = current[s.cr_number]
            assert (old.title, old.text.split(), old.examples) == (now.title, now.text.split(), now.examples)
        if s.status == "unchecked":
            assert source.meta["dating"] == "unknown" and not s.compared_version
    if source.meta["dating"] == "declared":
        assert {s.compared_version for s in sections} == {source.translated_from}


@pytest.mark.parametrize("slug", TRANSLATIONS)
def test_a_rule_page_shows_exactly_the_sections_aligned_to_it(ingested, slug):
    for s in sections_of(ingested, slug):
        if not s.cr_number:
            continue
        if s.aligned_number:
            own, _ = documents.translations_of(ingested, s.aligned_number)
            # Shown, unless another document's section shown there has the very same text (001's and 002's
            # "8").
            assert s.pk in {t.pk for t in own} or "".join(s.text.split()) in {
                "".join(t.text.split()) for t in own
            }
        if s.cr_number != s.aligned_number and s.cr_number:
            own, _ = documents.translations_of(ingested, s.cr_number)
            assert s.pk not in {t.pk for t in own}  # never again under the number it had


def test_old_800_5_and_800_6_are_not_beside_todays_unwarned(client, ingested):
    for number in ("800.5", "800.6"):
        for t in client.get(f"/api/rules/{number}").json()["translations"]:
            assert t["status"] == "current" or t["differs_from_current"], (number, t["doc"])
            assert t["doc"] != "cr-excerpt-ja" or t["status"] != "current"


def test_800_4a_translation_carries_its_four_examples(client, ingested):
    [ja] = [t for t in client.get("/api/rules/800.4a").json()["translations"] if t["doc"] == "cr-excerpt-ja"]
    assert len(ja["examples"]) == 4 and all(e.startswith("アレックス") for e in ja["examples"])
    assert ja["doc_title"] == {
        "ja": "総合ルール（抜粋・日本語）",
        "en": "Comprehensive Rules (excerpt, Japanese)",
    }


# --- the document pages carry every line of their sources that a reader needs
# ---------------------------------

PAGES = {
    # slug: (file prefix, sections, lines of the source that are site chrome or shown as the document's facts)
    "commander-rules": ("000_", 15, ("←戻る", "最終更新", "原文", "詳細:")),
    "cr-excerpt-ja": ("001_", 52, ("―", "コメント", "お気に入り日記の更新", "日記内を検索")),
    "planechase-wiki": ("003_", 44, ("目次", "提供:", "引用:")),
    "dtc": ("004_", 49, ("0 件のコメント", "コメントを投稿")),
}
_NUMBER = re.compile(r"^\d{1,3}(?:\.\d{1,3}[a-z]?)?\.?\s")


def squeeze(text: str) -> str:
    """Text compared without spaces, colons, bullet and card-box marks (the page renders those as markup)."""
    text = unicodedata.normalize("NFKC", text)
    return re.sub(r"[\s:：■]", "", text)


def page_text(client, slug: str) -> str:
    markup = client.get(f"/ja/docs/{slug}/").content.decode()
    body = markup[markup.index("<article") : markup.index("</article>")]
    return squeeze(html.unescape(re.sub(r"<[^>]+>", "", body)))


def source_lines(real_corpus: Path, prefix: str) -> list[str]:
    [path] = sorted((real_corpus / "ja").glob(f"{prefix}*.txt"))
    return path.read_text(encoding="utf-8-sig").replace("\r\n", "\n").replace("\r", "\n").split("\n")


def content(line: str) -> str:
    """A source line as the page shows it: bullets, rule numbers and 例) / 例: / ⇒ labels are markup there."""
    line = ja_common.close_cjk_gaps(unicodedata.normalize("NFKC", line).strip())
    line = re.sub(r"^[-•・]\s*", "", line)
    line = _NUMBER.sub("", line)
    line = re.sub(r"^例[):]", "", line)
    return squeeze(line)


@pytest.mark.parametrize("slug", sorted(PAGES))
def test_every_line_of_the_source_is_on_the_document_page(client, ingested, real_corpus, slug):
    prefix, count, chrome = PAGES[slug]
    assert models.DocSection.objects.filter(corpus=ingested, source__slug=slug).count() == count
    page = page_text(client, slug)
    missing = []
    for line in source_lines(real_corpus, prefix):
        text = content(line)
        if not text or line.strip().startswith(chrome):
            continue
        # A few characters from each end of the line (its middle may be split: glued headings, card text).
        if text[:8] not in page or text[-8:] not in page:
            missing.append(text[:8])
    assert not missing


def test_the_rules_viewer_page_reads_character_for_character(client, ingested, real_corpus):
    """002 is one word per line: every word of its body, in order, is the text of its sections."""
    lines = [line.strip() for line in source_lines(real_corpus, "002_")]
    start = lines.index("総合ルールビューア") + 1
    end = next(i for i, line in enumerate(lines) if line.startswith("©"))
    words = squeeze(
        "".join(line for line in lines[start:end] if not re.fullmatch(r"\d{1,3}(\.\d{1,3}[a-z]?)?\.?", line))
    )
    sections = models.DocSection.objects.filter(corpus=ingested, source__slug="cr-805-ja").order_by(
        "position"
    )
    assert squeeze("".join(s.text for s in sections)) == words
    page = page_text(client, "cr-805-ja")
    assert all(squeeze(s.text) in page for s in sections)


@pytest.mark.parametrize(
    ("slug", "facts"),
    [
        # The document's own date and source credit, and what it was translated from: dates as dates
        # (a release as the date it took effect), the release's number only in a link's address.
        ("commander-rules", ("2021-09-13", "https://mtgcommander.net/")),
        ("cr-805-ja", ("2025-01-17", "MJMJ訳", "Wisdom Guild", "20231117")),
        ("planechase-wiki", ("MTG Wiki", "20231117")),
        ("dtc", ("2020-06-16", "第5版", "タッグ・コマンダーとは")),
        ("cr-excerpt-ja", ("20200601",)),
    ],
)
def test_a_document_page_shows_its_date_credit_and_version(client, ingested, slug, facts):
    for lang in ("ja", "en"):
        markup = client.get(f"/{lang}/docs/{slug}/").content.decode()
        header = markup[
            markup.index('<header class="doc-header">') : markup.index(
                "</header>", markup.index("doc-header")
            )
        ]
        shown = re.sub(r"<[^>]*>", " ", header)  # the text a reader reads, not the addresses
        for fact in facts:
            date = re.fullmatch(r"(\d{4})-?(\d{2})-?(\d{2})", fact)
            if date is None:
                assert fact in header, (lang, fact)
            else:
                assert reader_date(fact, lang) in shown and fact not in shown, (lang, fact)


@pytest.mark.parametrize(("lang", "label"), [("ja", "デュエル・マスターズ"), ("en", "Duel Masters")])
def test_duel_masters_material_is_always_labelled_as_such(client, ingested, lang, label):
    page = client.get(f"/{lang}/docs/dtc/").content.decode()
    assert page.count(label) >= 2  # the notice and the kind line
    listing = client.get(f"/{lang}/docs/").content.decode()
    item = listing[listing.index('href="/' + lang + '/docs/dtc/"') :]
    assert label in item[: item.index("</li>")]
    hits = client.get("/api/search", {"q": "統率者税", "lang": "ja", "ui": lang, "limit": 20}).json()["hits"]
    dtc = [hit for hit in hits if hit["doc"] == "dtc"]
    assert dtc and all(hit["doc_title"] == "デュエマ・タッグ・コマンダー ハウスルール" for hit in dtc)
    assert not any(".txt" in hit["doc_title"] for hit in hits)


def test_key_lines_and_structure(client, ingested):
    by = {
        (s.source.slug, s.anchor): s
        for s in models.DocSection.objects.filter(corpus=ingested).select_related("source")
    }
    assert "割愛" in by[("cr-excerpt-ja", "intro")].text  # 001 says the excerpt leaves rules out
    assert by[("planechase-wiki", "参考")].text.count("- ") == 6
    dtc = client.get("/ja/docs/dtc/").content.decode()
    # The 《ボントボルト》 explanation follows its card text; notes nest under their item.
    card = dtc.index("バトルゾーンにあるクリーチャー1体につき1少なくする")
    assert dtc.index("ですのでこの《ボントボルト》") > card and dtc.count("ですのでこの《ボントボルト》") == 1
    assert '<blockquote class="card-text"' in dtc
    assert '<ul class="item-notes"><li>デッキに同名' in dtc
    commander = client.get("/ja/docs/commander-rules/").content.decode()
    assert commander.count("<ul>") >= 2  # 000's • bullets (rules 2 and 9) are lists


# --- the documents' list ------------------------------------------------------------------------------------


def test_api_docs_lists_every_document(client, ingested):
    data = client.get("/api/docs").json()
    docs = {d["slug"]: d for d in data["documents"]}
    assert set(docs) == {"commander-rules", "cr-excerpt-ja", "cr-805-ja", "planechase-wiki", "dtc"}
    assert docs["dtc"]["title"] == {
        "ja": "デュエマ・タッグ・コマンダー ハウスルール",
        "en": "Duel Masters Tag Commander (DTC) house rules",
    }
    assert (docs["dtc"]["kind"], docs["dtc"]["game"], docs["dtc"]["date"]) == (
        "house-rules",
        "duel-masters",
        "2020-06-16",
    )
    assert (docs["cr-805-ja"]["translated_from"], docs["cr-805-ja"]["compared_version"]) == (
        "20231117",
        "20231117",
    )
    assert docs["cr-805-ja"]["source"].startswith("002_") and docs["cr-805-ja"]["lang"] == "ja"
    assert docs["cr-excerpt-ja"]["translated_from"] is None
    assert set(docs["commander-rules"]) == {
        "slug",
        "title",
        "kind",
        "game",
        "lang",
        "source",
        "translated_from",
        "compared_version",
        "dating",
        "date",
        "date_label",
        "credit",
        "original",
    }
    one = client.get("/api/docs/cr-805-ja").json()
    assert one["title"] == docs["cr-805-ja"]["title"]
    assert [(s["cr_number"], s["aligned_number"], s["status"]) for s in one["sections"]][-2:] == [
        ("805.10f", None, "deleted"), ("805.10g", "805.10f", "renumbered"),
    ]  # fmt: skip


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_document_list_names_documents_by_title_not_file(client, ingested, lang):
    markup = client.get(f"/{lang}/docs/").content.decode()
    assert ".txt" not in markup
    title = (
        "デュエマ・タッグ・コマンダー ハウスルール"
        if lang == "ja"
        else "Duel Masters Tag Commander (DTC) house rules"
    )
    assert title in markup
