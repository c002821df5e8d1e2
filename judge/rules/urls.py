"""Rules, documents and search: pages under /ja/ and /en/, the read-only JSON API under /api/."""

from __future__ import annotations

from django.urls import path, re_path

from judge.engine.rule_numbers import NUMBER
from judge.rules import offline, search_views, views

app_name = "rules"
urlpatterns = [
    path("rules/", views.rule_index, name="index"),
    path("rules/changes/", views.changes, name="changes"),
    path("rules/translation-status/", views.translation_status, name="translation-status"),
    re_path(rf"^rules/(?P<number>{NUMBER})/$", views.rule_detail, name="detail"),
    re_path(rf"^rules/(?P<number>{NUMBER})/history/$", views.rule_history, name="history"),
    path("glossary/", views.glossary, name="glossary"),
    path("search/", search_views.search_page, name="search"),
    path("docs/", views.doc_list, name="doc-list"),
    path("docs/<slug:slug>/", views.doc_detail, name="doc-detail"),
]
api_urlpatterns = (
    [
        path("api/rules/<str:number>", views.api_rule, name="rule"),
        path("api/rules/<str:number>/history", views.api_rule_history, name="rule-history"),
        path("api/versions", views.api_versions, name="versions"),
        path("api/translation-status", views.api_translation_status, name="translation-status"),
        path("api/docs", views.api_docs, name="docs"),
        path("api/docs/<slug:slug>", views.api_doc, name="doc"),
        path("api/search", search_views.api_search, name="search"),
        path("api/offline-pages", offline.api_offline_pages, name="offline-pages"),
    ],
    "rules-api",
)
