"""Template filters of the calculator pages."""

from __future__ import annotations

from django import template

from judge.web.citations import rule_label

register = template.Library()


@register.filter
def citation(rule: str) -> str:
    """A cited rule as the reader sees it: "903.8", "統率者戦ルール 2", "DTC ハウスルール"."""
    return rule_label(rule)
