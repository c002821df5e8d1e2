"""Template filters of the rules pages: rule text with every rule reference as a link, word diffs."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from judge.rules.text import rule_html, rule_url_prefix

register = template.Library()


@register.filter
def rule_links(text: str, renumbered: Mapping[str, str] | None = None) -> SafeString:
    """Escape ``text`` and turn each rule reference ("rule 903.9", "rules 903.4b–c", 「rule 810」) into a link.

    ``renumbered`` (old number -> current number) is for text written against an older version
    of the rules, such as a Japanese translation: its "rule 711" is today's rule 712.
    """
    return rule_html(text, rule_url=rule_url_prefix(), renumbered=renumbered)


@register.filter
def diff_html(diff: Iterable[tuple[str, str]]) -> SafeString:
    """Render ``word_diff`` output: insertions in <ins>, deletions in <del>."""
    out: list[str] = []
    for op, words in diff:
        if op == "insert":
            out.append(format_html("<ins>{}</ins>", words))
        elif op == "delete":
            out.append(format_html("<del>{}</del>", words))
        else:
            out.append(escape(words))
    return mark_safe(" ".join(out))
