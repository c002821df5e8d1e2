"""python manage.py search "<query>" [--lang all|ja|en] [--limit N] [--json]: search the live index."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import translation

from judge.search.index import IndexNotReady
from judge.search.query import LANGS, SearchQueryError
from judge.search.service import MAX_LIMIT, SearchResult, search
from judge.web.citations import hit_url, search_answer

_TAGS = re.compile(r"</?mark>")


class Command(BaseCommand):
    help = "Search the rules index like the search page does (JUDGE_INDEX_DIR)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("query")
        parser.add_argument("--lang", choices=LANGS, default="all")
        parser.add_argument("--limit", type=int, default=10, help=f"1..{MAX_LIMIT}")
        parser.add_argument("--json", action="store_true", help="print the API's JSON")
        parser.add_argument("--index-dir", type=Path, default=None, help="default: JUDGE_INDEX_DIR")
        parser.add_argument("--ui-lang", default="en", help="language prefix of the URLs")

    def handle(self, *args: Any, **options: Any) -> None:
        root = Path(options["index_dir"] or settings.JUDGE_INDEX_DIR)
        if not 1 <= options["limit"] <= MAX_LIMIT:
            raise CommandError(f"--limit must be between 1 and {MAX_LIMIT}")
        try:
            result = search(
                options["query"],
                root=root,
                lang=options["lang"],
                limit=options["limit"],
                ui_lang=options["ui_lang"],
            )
        except SearchQueryError as err:
            raise CommandError("; ".join(p.text(options["ui_lang"]) for p in err.problems)) from err
        except IndexNotReady as err:
            raise CommandError(str(err)) from err
        with translation.override(options["ui_lang"]):
            self.show(result, as_json=options["json"])

    def show(self, result: SearchResult, *, as_json: bool) -> None:
        if as_json:
            self.stdout.write(json.dumps(search_answer(result), ensure_ascii=False, indent=2))
            return
        if result.jump:
            self.stdout.write(f"rule {result.jump}")
        for notice in result.notices:
            self.stdout.write(self.style.WARNING(notice.text(translation.get_language() or "en")))
        self.stdout.write(f"{result.total} found")
        for hit in result.hits:
            also = f" (also {', '.join(hit.also)})" if hit.also else ""
            url = hit_url(hit, current_version=result.current_version)
            self.stdout.write(f"{hit.score:7.2f}  [{hit.lang}] {hit.title}{also}  {url}")
            self.stdout.write(f"         {html.unescape(_TAGS.sub('*', hit.snippet))}")
        if not result.hits and result.suggestions:
            self.stdout.write("did you mean: " + " | ".join(s.query for s in result.suggestions))
