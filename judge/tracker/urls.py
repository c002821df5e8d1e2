"""The table tracker under /ja/ and /en/: pages for people, the same URLs answer JSON for programs."""

from __future__ import annotations

from django.urls import path, re_path

from judge.tracker import views

SLUG = r"(?P<slug>[A-Za-z0-9_-]{8,32})"

app_name = "tracker"
urlpatterns = [
    path("tracker/", views.new_game_page, name="new"),
    re_path(rf"^tracker/{SLUG}/$", views.game_page, name="game"),
    re_path(rf"^tracker/{SLUG}/event/$", views.event_page, name="event"),
    re_path(rf"^tracker/{SLUG}/undo/$", views.undo_page, name="undo"),
    re_path(rf"^tracker/{SLUG}/history/$", views.history_page, name="history"),
]
