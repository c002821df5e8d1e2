from django.apps import AppConfig


class TrackerConfig(AppConfig):
    name = "judge.tracker"
