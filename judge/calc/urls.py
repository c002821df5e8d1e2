"""The calculator pages under /ja/ and /en/, and their JSON API under /api/calc/."""

from __future__ import annotations

from django.urls import path

from judge.calc import offline, offline_rules, table_views, views

app_name = "calc"
urlpatterns = [
    path("calc/", views.index_page, name="index"),
    path("calc/tax/", views.tax_page, name="tax"),
    path("calc/commander-damage/", views.damage_page, name="damage"),
    path("calc/color-identity/", views.identity_page, name="identity"),
    path("calc/deck-check/", views.deck_page, name="deck"),
    path("calc/brackets/", table_views.table_page, name="table"),
]
api_urlpatterns = (
    [
        path("api/calc/tax", views.tax_api, name="tax"),
        path("api/calc/tax-texts", offline.tax_texts_api, name="tax-texts"),
        path("api/calc/offline-rules", offline_rules.offline_rules_api, name="offline-rules"),
        path("api/calc/commander-damage", views.damage_api, name="damage"),
        path("api/calc/color-identity", views.identity_api, name="identity"),
        path("api/calc/deck-check", views.deck_api, name="deck"),
    ],
    "calc-api",
)
