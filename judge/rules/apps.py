from django.apps import AppConfig
from django.core.signals import request_finished, request_started


class RulesConfig(AppConfig):
    name = "judge.rules"

    def ready(self) -> None:
        from judge.rules import selectors

        # One read of the live corpus generation per request (selectors.live_corpus).
        request_started.connect(selectors.request_started, dispatch_uid="rules-request-started")
        request_finished.connect(selectors.request_finished, dispatch_uid="rules-request-finished")
