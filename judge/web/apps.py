from django.apps import AppConfig


class WebConfig(AppConfig):
    """What every page shares: the JSON door, page-or-partial rendering, citations, middleware, home."""

    name = "judge.web"

    def ready(self) -> None:
        # The site's message texts join the engine's catalog (the engine holds only its own).
        from judge.web import texts  # noqa: F401
