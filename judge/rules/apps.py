from django.apps import AppConfig


class RulesConfig(AppConfig):
    name = "judge.rules"
