"""Each app's pages under /ja/ and /en/ (i18n_patterns); the JSON API and the health check without a
prefix."""

from django.conf.urls.i18n import i18n_patterns
from django.urls import include, path

from judge.calc import urls as calc_urls
from judge.cards import urls as cards_urls
from judge.rules import urls as rules_urls
from judge.rulings import urls as rulings_urls
from judge.tracker import urls as tracker_urls
from judge.web import urls as web_urls

urlpatterns = [
    path("", include(web_urls.api_urlpatterns)),
    path("", include(rules_urls.api_urlpatterns)),
    path("", include(calc_urls.api_urlpatterns)),
    path("", include(rulings_urls.api_urlpatterns)),
    path("", include(cards_urls.api_urlpatterns)),
]

urlpatterns += i18n_patterns(
    path("", include(web_urls)),
    path("", include(rules_urls)),
    path("", include(calc_urls)),
    path("", include(rulings_urls)),
    path("", include(tracker_urls)),
    path("", include(cards_urls)),
)

# Error answers: JSON under /api/ (the API's one error shape), Django's pages elsewhere.
handler400 = "judge.web.views.bad_request"
handler404 = "judge.web.views.not_found"
handler500 = "judge.web.views.server_error"
