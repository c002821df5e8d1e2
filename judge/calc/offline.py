"""What the commander tax page needs to answer offline (issue 34 item 2): the engine's own step texts of the
commander tax in both languages and the page's few labels, read once online by static/js/tax-offline.js and
kept by the service worker. Generated from judge.engine.texts.tax, never written twice."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from judge.engine.texts.tax import TEXTS


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
    steps = {code: dict(entry) for code, entry in TEXTS.items() if code.startswith("tax.")}
    response = JsonResponse(
        {"texts": steps, "page": page_labels()}, json_dumps_params={"ensure_ascii": False}
    )
    response["Cache-Control"] = "no-cache"
    return response
