"""Card pages under /ja/ and /en/; the card JSON API."""

from __future__ import annotations

from django.urls import path

from judge.cards import views

app_name = "cards"
urlpatterns = [
    path("cards/<slug:slug>/", views.card_page, name="detail"),
]
api_urlpatterns = (
    [
        path("api/cards/<str:name>", views.card_api, name="card"),
    ],
    "cards-api",
)
