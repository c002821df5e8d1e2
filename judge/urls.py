from django.conf.urls.i18n import i18n_patterns
from django.urls import include, path, re_path

from judge.views import api, calc, leave_game, rules, scenarios, search, tracker
from judge.web import urls as web_urls

RULE = r"(?P<number>\d{1,3}(?:\.\d{1,3}[a-z]?)?)"

urlpatterns = [
    path("api/rules/<str:number>", api.rule_detail, name="api-rule"),
    path("api/docs/<slug:slug>", api.doc_detail, name="api-doc"),
    path("api/search", search.api_search, name="api-search"),
    path("", include(web_urls.api_urlpatterns)),
    *calc.calc_api_urlpatterns,
    *leave_game.leave_game_api_urlpatterns,
]

urlpatterns += i18n_patterns(
    path("", include(web_urls)),
    path("rules/", rules.rule_index, name="rule-index"),
    path("rules/changes/", rules.changes, name="rule-changes"),
    re_path(rf"^rules/{RULE}/$", rules.rule_detail, name="rule-detail"),
    path("glossary/", rules.glossary, name="glossary"),
    path("search/", search.search_page, name="search"),
    path("docs/", rules.doc_list, name="doc-list"),
    path("docs/<slug:slug>/", rules.doc_detail, name="doc-detail"),
    *tracker.tracker_urlpatterns,
    *calc.calc_urlpatterns,
    *leave_game.leave_game_urlpatterns,
    *scenarios.scenario_urlpatterns,
)
