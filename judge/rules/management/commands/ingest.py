"""python manage.py ingest [--corpus-dir DIR] [--strict] [--accept-shrink] [--accept-missing-documents]
[--if-present]: parse the corpus, write it and its index, go live.

Only what changed is read again (judge.rules.ingest); a progress bar shows on a terminal, plain lines
otherwise. A file that does not parse is left out and printed ("skipped: file:line: problem"); the rest
goes live and the exit status is 0. ``--strict`` makes skipped files, warnings and Japanese documents lost or
shortened fatal (a documented official typo is a note). A new release (newest, older or intermediate) that
lost rules, glossary entries, sections or references against its neighbours in date or its Credits, the
newest whose references name no rule, and a release read again (its file replaced under the same name) that
lost any rule of its live version, are refused unless ``--accept-shrink``; a Japanese document of the live
generation that is missing (an empty ``ja/`` folder) is refused unless ``--accept-missing-documents``. A first
ingest (no live generation yet, as ``make setup`` on a fresh machine) has nothing to lose. ``--if-present``
(``make setup``): a corpus folder with no Comprehensive Rules file (a fresh machine offline) is not an error:
one paragraph, in English and Japanese, says what is missing, where the files go and the command that fetches
them, and the command exits 0 (the site serves its calculators and tracker, and says that no rules text is
installed).

First the judge's documents (``judge/*.pdf``: MTR, IPG, JAR) are installed (judge.rules.judgedocs.ingest):
one that does not parse, or has fewer sections than the edition it replaces (unless ``--accept-shrink``), is
refused and printed, and the installed editions keep serving; with ``--strict`` a refusal fails the command.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from judge.parsing.corpus import has_rules_file
from judge.parsing.records import ParseError
from judge.rules.ingest import IngestReport, ingest_corpus
from judge.rules.judgedocs.ingest import ingest_judge_documents
from judge.rules.progress import for_stream, raw_stream


class Command(BaseCommand):
    help = "Ingest the rules corpus (JUDGE_CORPUS_DIR) into the database and the search index."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--corpus-dir", type=Path, default=None, help="default: JUDGE_CORPUS_DIR")
        parser.add_argument("--index-dir", type=Path, default=None, help="default: JUDGE_INDEX_DIR")
        parser.add_argument("--show-unresolved", action="store_true", help="list every unresolved reference")
        parser.add_argument(
            "--strict",
            action="store_true",
            help="fail on any file left out, warning or document lost (nothing goes live)",
        )
        parser.add_argument(
            "--accept-shrink",
            action="store_true",
            help="let a release go live that lost records or its Credits, or whose references name no rule",
        )
        parser.add_argument(
            "--accept-missing-documents",
            action="store_true",
            help="let an ingest go live without Japanese documents the live generation has",
        )
        parser.add_argument(
            "--if-present",
            action="store_true",
            help="with no rules file in the corpus folder, say what is missing and exit 0 (make setup)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        corpus_dir = options["corpus_dir"] or settings.JUDGE_CORPUS_DIR
        index_dir = options["index_dir"] or settings.JUDGE_INDEX_DIR
        if options["if_present"] and not has_rules_file(Path(corpus_dir)):
            self.stdout.write(self.style.WARNING(no_rules_text(Path(corpus_dir))))
            return
        # The judge's documents first: the rules' search index is built with them.
        judge = ingest_judge_documents(Path(corpus_dir), accept_shrink=options["accept_shrink"])
        try:
            report = ingest_corpus(
                corpus_dir=Path(corpus_dir),
                index_root=Path(index_dir),
                progress=for_stream(raw_stream(self.stdout)),
                strict=options["strict"],
                accept_shrink=options["accept_shrink"],
                accept_missing_documents=options["accept_missing_documents"],
            )
        except ParseError as err:
            raise CommandError(f"ingest failed, the previous corpus is still live: {err}") from err
        print_report(self, report, show_unresolved=options["show_unresolved"])
        for line in judge.installed:
            self.stdout.write(f"judge's document installed: {line}")
        if judge.unchanged:
            self.stdout.write(f"judge's documents unchanged: {', '.join(judge.unchanged)}")
        for line in judge.refused:
            self.stdout.write(
                self.style.WARNING(f"judge's document refused (the installed edition stays): {line}")
            )
        if judge.refused and options["strict"]:
            raise CommandError(f"{len(judge.refused)} judge's document(s) refused")


def print_report(command: BaseCommand, report: IngestReport, *, show_unresolved: bool = False) -> None:
    """What an ingest did, as ``ingest`` and ``fetch_rules`` print it."""
    out = command.stdout
    for cleaned in report.cleaned:
        out.write(f"removed what a killed ingest left: {cleaned}")
    if report.unchanged:
        out.write(f"nothing changed: corpus {report.corpus_id} stays live ({', '.join(report.versions)})")
        if report.offline_bytes:
            out.write(offline_line(report.offline_bytes))
        return
    for name, count in report.counts.items():
        out.write(f"  {name}: {count}")
    out.write(
        f"read {len(report.parsed)} Comprehensive Rules files, {len(report.reused)} unchanged since an "
        f"earlier ingest"
    )
    for skipped in report.skipped:
        out.write(command.style.WARNING(f"skipped: {skipped}"))
    for warning in report.warnings:
        out.write(command.style.WARNING(f"warning: {warning}"))
    for note in report.notes:
        out.write(f"note (documented in the official file): {note}")
    for slug, line in report.translations.items():
        out.write(f"translation {slug}: {line}")
    out.write(f"unresolved references: {report.unresolved_total}")
    for version, items in report.unresolved.items():
        if items:
            shown = items if show_unresolved else items[:5]
            out.write(
                f"  {version}: {len(items)} ({', '.join(shown)}{', ...' if len(shown) < len(items) else ''})"
            )
    if report.seconds:
        out.write(
            "time: " + ", ".join(f"{stage} {seconds:.1f} s" for stage, seconds in report.seconds.items())
        )
    out.write(offline_line(report.offline_bytes))
    out.write(command.style.SUCCESS(f"corpus {report.corpus_id} is live ({', '.join(report.versions)})"))


def offline_line(sizes: dict[str, int]) -> str:
    """The offline save's size per language, as the ingest measured it.

    >>> offline_line({"ja": 18_512_000, "en": 17_020_000})
    'offline save measured: ja 18.5 MB, en 17.0 MB'
    >>> offline_line({})
    'offline save not measured (see the log): the save button measures it on its first request'
    """
    if not sizes:
        return "offline save not measured (see the log): the save button measures it on its first request"
    return "offline save measured: " + ", ".join(
        f"{lang} {n / 1_000_000:.1f} MB" for lang, n in sizes.items()
    )


def no_rules_text(corpus_dir: Path) -> str:
    """The paragraph ``make setup`` prints when no rules text is installed (offline, nothing fetched yet)."""
    return f"""No rules text is installed yet: {corpus_dir} holds no official Comprehensive Rules file
(en/MagicCompRules YYYYMMDD.txt), and none could be fetched. The site still serves: the calculators, the
tracker and the worked rulings work, and the rule pages and search say that no rules text is installed.
To install the texts later, with a connection: run `make setup` again, or `.venv/bin/python manage.py
refresh_rules`. Without one: put the official files in {corpus_dir} (en/MagicCompRules YYYYMMDD.txt, the
"TXT" download of magic.wizards.com/rules; the Japanese texts in ja/), or point JUDGE_CORPUS_DIR at a folder
that has them, then run `.venv/bin/python manage.py ingest`.

ルールの本文はまだ入っていません：{corpus_dir} に
公式の総合ルールのファイル（en/MagicCompRules YYYYMMDD.txt）がなく、ダウンロードもできませんでした。
サイトはこのまま動きます（計算ツール・卓トラッカー・裁定例は使えます。
ルールのページと検索は、ルールの本文が入っていないことを表示します）。
あとで本文を入れるには、ネットにつながった状態で `make setup` をもう一度、
または `.venv/bin/python manage.py refresh_rules` を実行してください。
オフラインでは、公式のファイルを {corpus_dir} に置くか
（en/MagicCompRules YYYYMMDD.txt は magic.wizards.com/rules の「TXT」、日本語の文書は ja/ に）、
JUDGE_CORPUS_DIR でそのフォルダーを指定してから、`.venv/bin/python manage.py ingest` を実行してください。"""
