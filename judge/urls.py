from django.conf.urls.i18n import i18n_patterns
from django.urls import path, re_path
from django.views.generic import RedirectView

from judge.views import api, calc, leave_game, pages, rules, scenarios, search, tracker

RULE = r"(?P<number>\d{1,3}(?:\.\d{1,3}[a-z]?)?)"

urlpatterns = [
    path("api/rules/<str:number>", api.rule_detail, name="api-rule"),
    path("api/docs/<slug:slug>", api.doc_detail, name="api-doc"),
    path("api/search", search.api_search, name="api-search"),
    path("healthz", api.health, name="health"),
    *calc.calc_api_urlpatterns,
    *leave_game.leave_game_api_urlpatterns,
]

urlpatterns += i18n_patterns(
    path("", pages.home, name="home"),
    path("rules/", rules.rule_index, name="rule-index"),
    path("rules/changes/", rules.changes, name="rule-changes"),
    re_path(rf"^rules/{RULE}/$", rules.rule_detail, name="rule-detail"),
    path("glossary/", rules.glossary, name="glossary"),
    path("search/", search.search_page, name="search"),
    path("docs/", rules.doc_list, name="doc-list"),
    path("docs/<slug:slug>/", rules.doc_detail, name="doc-detail"),
    path("favicon.ico", RedirectView.as_view(url="/static/favicon.svg")),
    *tracker.tracker_urlpatterns,
    *calc.calc_urlpatterns,
    *leave_game.leave_game_urlpatterns,
    *scenarios.scenario_urlpatterns,
)
