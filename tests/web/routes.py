"""Every URL of the site, read from the URL resolver, so a test that walks them covers new views too.

A route with parameters needs an example in the walking test's ``examples`` (by route name); a new
one without fails there by name instead of being skipped.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import translation

LANGS = ("en", "ja")


@dataclass(frozen=True)
class Route:
    name: str  # "namespace:name", or the pattern of an unnamed route ("favicon.ico")
    url: str


def _walk(
    patterns: list[Any], prefix: str = "", namespace: str = ""
) -> Iterator[tuple[str, str, URLPattern]]:
    """(name, full pattern, pattern) of every route."""
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _walk(
                pattern.url_patterns, prefix + str(pattern.pattern), pattern.namespace or namespace
            )
        else:
            name = f"{namespace}:{pattern.name}" if namespace and pattern.name else str(pattern.pattern)
            yield name, prefix + str(pattern.pattern), pattern


def route_names() -> list[str]:
    """Every route's name; needs no database, so tests can be parametrised with it at collection."""
    return sorted({name for name, _, _ in _walk(get_resolver().url_patterns)})


def site_routes(examples: Mapping[str, Mapping[str, Any]]) -> list[Route]:
    """Every route once per language it is served in (the API once), with ``examples[name]`` as its
    parameters."""
    routes: dict[str, Route] = {}
    for lang in LANGS:
        with translation.override(lang):
            for name, text, pattern in _walk(get_resolver().url_patterns):
                if not pattern.name:  # unnamed routes have no parameters (favicon.ico)
                    assert not pattern.pattern.regex.groupindex, text
                    url = "/" + text
                else:
                    if pattern.pattern.regex.groupindex and name not in examples:
                        raise AssertionError(f"route {name} ({text}) has parameters: add an example for it")
                    url = reverse(name, kwargs=examples.get(name) or None)
                routes.setdefault(url, Route(name, url))
    return list(routes.values())
