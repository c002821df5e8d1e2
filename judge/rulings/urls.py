"""The leave-game board and the worked rulings under /ja/ and /en/; their JSON API."""

from __future__ import annotations

from django.urls import path
from django.views.generic import RedirectView

from judge.rulings import views

app_name = "rulings"
urlpatterns = [
    path("leave-game/", views.leave_game_page, name="leave-game"),
    path("scenarios/", views.scenarios_page, name="scenario-list"),
    # The worked rulings' index under the section's other name, as every section's index exists.
    path("rulings/", RedirectView.as_view(pattern_name="rulings:scenario-list"), name="index"),
    path("scenarios/<slug:slug>/", views.scenario_page, name="scenario-detail"),
    path("scenarios/<slug:slug>/<int:step>/", views.scenario_step_page, name="scenario-step"),
]
api_urlpatterns = (
    [
        path("api/calc/leave-game", views.leave_game_api, name="leave-game"),
        path("api/calc/end-turn", views.end_turn_api, name="end-turn"),
        path("api/calc/dtc-loss", views.dtc_loss_api, name="dtc-loss"),
        path("api/scenarios", views.scenarios_api, name="scenarios"),
        path("api/scenarios/<str:slug>", views.scenario_api, name="scenario"),
    ],
    "rulings-api",
)
