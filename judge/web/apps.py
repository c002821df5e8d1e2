from django.apps import AppConfig


class WebConfig(AppConfig):
    """What every page shares: the JSON door, page-or-partial rendering, citations, middleware, home."""

    name = "judge.web"
