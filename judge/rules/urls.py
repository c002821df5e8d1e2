"""Rules, documents and search: pages under /ja/ and /en/, the read-only JSON API under /api/."""

from __future__ import annotations

from django.urls import path, re_path

from judge.engine.rule_numbers import NUMBER
from judge.parsing.judge_documents import SECTION_KEY
from judge.rules import api_views, offline, search_views, views
from judge.rules.judgedocs import api as judge_api
from judge.rules.judgedocs import views as judge_views

app_name = "rules"
urlpatterns = [
    path("rules/", views.rule_index_page, name="index"),
    path("rules/changes/", views.changes_page, name="changes"),
    path("rules/translation-status/", views.translation_status_page, name="translation-status"),
    re_path(rf"^rules/(?P<number>{NUMBER})/$", views.rule_page, name="detail"),
    re_path(rf"^rules/(?P<number>{NUMBER})/history/$", views.rule_history_page, name="history"),
    path("glossary/", views.glossary_page, name="glossary"),
    path("search/", search_views.search_page, name="search"),
    path("docs/", views.docs_page, name="doc-list"),
    # The judge's documents beside the Japanese documents: a short name no Japanese document's slug takes.
    re_path(r"^docs/(?P<kind>mtr|ipg|jar)/$", judge_views.judge_doc_page, name="judge-doc"),
    re_path(
        rf"^docs/(?P<kind>mtr|ipg|jar)/(?P<key>{SECTION_KEY})/$",
        judge_views.judge_section_page,
        name="judge-doc-section",
    ),
    path("docs/<slug:slug>/", views.doc_page, name="doc-detail"),
]
api_urlpatterns = (
    [
        path("api/rules/<str:number>", api_views.rule_api, name="rule"),
        path("api/rules/<str:number>/history", api_views.rule_history_api, name="rule-history"),
        path("api/versions", api_views.versions_api, name="versions"),
        path("api/translation-status", api_views.translation_status_api, name="translation-status"),
        path("api/docs", api_views.docs_api, name="docs"),
        # The judge's documents before the Japanese documents' slugs, as on the pages.
        re_path(r"^api/docs/(?P<kind>mtr|ipg|jar)$", judge_api.judge_doc_api, name="judge-doc"),
        re_path(
            rf"^api/docs/(?P<kind>mtr|ipg|jar)/(?P<key>{SECTION_KEY})$",
            judge_api.judge_section_api,
            name="judge-doc-section",
        ),
        path("api/docs/<slug:slug>", api_views.doc_api, name="doc"),
        path("api/search", search_views.search_api, name="search"),
        path("api/offline-pages", offline.offline_pages_api, name="offline-pages"),
    ],
    "rules-api",
)
