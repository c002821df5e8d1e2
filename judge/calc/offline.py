"""What the commander tax page needs to answer offline (issue 34 item 2): the engine's own step texts of the
commander tax in both languages and the page's few labels, read once online by static/js/tax-offline.js and
kept by the service worker. Generated from judge.engine.texts.tax, never written twice."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from judge.calc.tax_offline_page import tax_page_data
from judge.engine.tax_offline import tax_rules, tax_texts


def page_labels() -> dict[str, dict[str, str]]:
    labels = {}
    for lang in ("ja", "en"):
        with translation.override(lang):
            labels[lang] = {
                "total": _("Total cost"),
                "tax": _("Tax: %(n)s generic mana") % {"n": "{n}"},
                "how": _("How it was worked out"),
                "offline": _("Worked out on this phone without a connection, by the same rules as the site."),
            }
    return labels


@require_GET
def tax_texts_api(request: HttpRequest) -> JsonResponse:
    # Every message the calculator sends, its rules as data, the page's words (judge.calc.tax_offline_page).
    response = JsonResponse(
        {"texts": tax_texts(), "page": page_labels(), "rules": tax_rules(), **tax_page_data()},
        json_dumps_params={"ensure_ascii": False},
    )
    response["Cache-Control"] = "no-cache"
    return response
