from django.apps import AppConfig


class JudgeConfig(AppConfig):
    name = "judge"
    verbose_name = "Judge"
    default_auto_field = "django.db.models.BigAutoField"
