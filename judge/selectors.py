"""Reads. Every query goes through the live corpus generation."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.db.models import Q

from judge import models
from judge.parsing.versions import word_diff

RULE_NUMBER_RE = re.compile(r"^\d{1,3}(\.\d{1,3}[a-z]?)?$")


class NoCorpus(LookupError):
    """Nothing has been ingested yet."""


def live_corpus() -> models.Corpus:
    corpus = models.Corpus.objects.filter(is_live=True).order_by("-pk").first()
    if corpus is None:
        raise NoCorpus("no corpus has been ingested: run `python manage.py ingest`")
    return corpus


def resolve_version(corpus: models.Corpus, version: str | None) -> str:
    """The requested version if ingested, else the current one."""
    if version and version in corpus.versions:
        return version
    return corpus.current_version


@dataclass
class RulePage:
    corpus: models.Corpus
    rule: models.Rule
    version: str
    breadcrumb: list[models.Rule]
    children: list[models.Rule]
    previous: models.Rule | None
    next: models.Rule | None
    cited_by: list[str]
    translations: list[models.DocSection]
    history: list[dict[str, object]] = field(default_factory=list)

    @property
    def is_current(self) -> bool:
        return self.version == self.corpus.current_version


def successor(corpus: models.Corpus, number: str) -> str | None:
    """The current number of a rule that an older version numbered ``number`` (old citations keep working)."""
    row = (
        models.Renumbering.objects.filter(corpus=corpus, old_number=number)
        .order_by("-from_version")
        .values_list("new_number", flat=True)
        .first()
    )
    return row


def _children(corpus: models.Corpus, rule: models.Rule) -> list[models.Rule]:
    rules = models.Rule.objects.filter(corpus=corpus, version=rule.version)
    if rule.kind == "chapter":
        return list(rules.filter(parent=rule.number).order_by("position"))
    if rule.kind == "section":
        # A section shows every rule and subrule under it, in order.
        return list(rules.filter(number__startswith=rule.number + ".").order_by("position"))
    return list(rules.filter(parent=rule.number).order_by("position"))


def _breadcrumb(corpus: models.Corpus, rule: models.Rule) -> list[models.Rule]:
    chain: list[models.Rule] = []
    parent = rule.parent
    while parent:
        found = models.Rule.objects.filter(corpus=corpus, version=rule.version, number=parent).first()
        if found is None:
            break
        chain.insert(0, found)
        parent = found.parent
    return chain


def _history(corpus: models.Corpus, number: str) -> list[dict[str, object]]:
    """The rule's text in every ingested version, following renumbering to the older numbers."""
    old_numbers = dict(
        models.Renumbering.objects.filter(corpus=corpus, new_number=number).values_list("from_version", "old_number")
    )
    renumbered_away = set(
        models.Renumbering.objects.filter(corpus=corpus, old_number=number)
        .exclude(new_number=number)
        .values_list("from_version", flat=True)
    )
    history: list[dict[str, object]] = []
    previous_text: str | None = None
    for version in corpus.versions:
        if version in old_numbers:
            old = old_numbers[version]
        elif version in renumbered_away:
            old = None  # that version's rule of this number is another rule now
        else:
            old = number
        rule = (
            models.Rule.objects.filter(corpus=corpus, version=version, number=old).first() if old else None
        )
        text = rule.text if rule else None
        history.append(
            {
                "version": version,
                "number": old if rule else None,
                "text": text,
                "changed": rule is not None and previous_text is not None and text != previous_text,
                "diff": word_diff(previous_text, text) if rule and previous_text and text != previous_text else [],
            }
        )
        previous_text = text if rule else previous_text
    return history


def rule_page(*, number: str, version: str | None = None) -> RulePage | None:
    corpus = live_corpus()
    version = resolve_version(corpus, version)
    rule = models.Rule.objects.filter(corpus=corpus, version=version, number=number).first()
    if rule is None:
        return None
    siblings = models.Rule.objects.filter(corpus=corpus, version=version)
    translations = list(
        models.DocSection.objects.filter(corpus=corpus)
        .filter(Q(aligned_number=number) | Q(aligned_number="", cr_number=number))
        .select_related("source")
        .order_by("source__slug", "position")
    ) if version == corpus.current_version else []
    return RulePage(
        corpus=corpus,
        rule=rule,
        version=version,
        breadcrumb=_breadcrumb(corpus, rule),
        children=_children(corpus, rule),
        previous=siblings.filter(position__lt=rule.position).order_by("-position").first(),
        next=siblings.filter(position__gt=rule.position).order_by("position").first(),
        cited_by=sorted(
            set(
                models.Citation.objects.filter(corpus=corpus, version=version, to_number=number).values_list(
                    "from_number", flat=True
                )
            ),
            key=rule_sort_key,
        ),
        translations=translations,
        history=_history(corpus, number) if version == corpus.current_version else [],
    )


def rule_sort_key(number: str) -> tuple[int, ...]:
    """Sort rule numbers in document order: 9 < 100 < 100.1 < 100.1a < 100.2 < 100.10."""
    parts: list[int] = []
    for piece in re.findall(r"\d+|[a-z]", number):
        parts.append(int(piece) if piece.isdigit() else 1000 + ord(piece))
    return tuple(parts)


def old_rule_text(*, number: str, version: str) -> models.Rule | None:
    corpus = live_corpus()
    return models.Rule.objects.filter(corpus=corpus, version=version, number=number).first()


def chapters() -> list[models.Rule]:
    corpus = live_corpus()
    return list(
        models.Rule.objects.filter(corpus=corpus, version=corpus.current_version, kind__in=["chapter", "section"])
        .order_by("position")
    )


def glossary(*, version: str | None = None) -> tuple[str, list[models.GlossaryTerm]]:
    corpus = live_corpus()
    version = resolve_version(corpus, version)
    return version, list(models.GlossaryTerm.objects.filter(corpus=corpus, version=version).order_by("position"))


def documents() -> list[models.Source]:
    corpus = live_corpus()
    return list(models.Source.objects.filter(corpus=corpus).order_by("lang", "slug"))


def document(*, slug: str) -> tuple[models.Source, list[models.DocSection]] | None:
    corpus = live_corpus()
    source = models.Source.objects.filter(corpus=corpus, slug=slug).exclude(kind="cr").first()
    if source is None:
        return None
    return source, list(source.sections.order_by("position"))


@dataclass
class VersionChanges:
    old: str
    new: str
    added: list[models.Rule]
    removed: list[models.Rule]
    changed: list[tuple[models.Rule, models.Rule, list[tuple[str, str]]]]


def version_changes(*, old: str, new: str) -> VersionChanges | None:
    corpus = live_corpus()
    if old not in corpus.versions or new not in corpus.versions:
        return None
    before = {r.number: r for r in models.Rule.objects.filter(corpus=corpus, version=old)}
    after = {r.number: r for r in models.Rule.objects.filter(corpus=corpus, version=new)}
    changed = []
    for number in sorted(before.keys() & after.keys(), key=rule_sort_key):
        a, b = before[number], after[number]
        if (a.text, a.examples) != (b.text, b.examples):
            old_text = "\n".join([a.text, *a.examples])
            new_text = "\n".join([b.text, *b.examples])
            changed.append((a, b, word_diff(old_text, new_text)))
    return VersionChanges(
        old=old,
        new=new,
        added=[after[n] for n in sorted(after.keys() - before.keys(), key=rule_sort_key)],
        removed=[before[n] for n in sorted(before.keys() - after.keys(), key=rule_sort_key)],
        changed=changed,
    )
