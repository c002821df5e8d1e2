"""The home page (under /ja/ and /en/) and the health check (no language prefix)."""

from __future__ import annotations

from django.urls import path
from django.views.generic import RedirectView

from judge.web import views

app_name = "web"
urlpatterns = [
    path("", views.home_page, name="home"),
    path("offline/", views.offline_page, name="offline"),
    path("favicon.ico", RedirectView.as_view(url="/static/favicon.svg")),
]
api_urlpatterns = (
    [
        path("healthz", views.health_api, name="health"),
        path("sw.js", views.service_worker, name="service-worker"),
        path("manifest.webmanifest", views.manifest, name="manifest"),
    ],
    "web-api",
)
