"""Database records of the ingested corpus.

Every row belongs to one :class:`Corpus` generation. An ingest writes a new
generation beside the live one and flips ``is_live`` at the end, so readers
never see a half-built corpus (see ``judge.rules.services.ingest_corpus``).
"""

from __future__ import annotations

from django.db import models


class Corpus(models.Model):
    created = models.DateTimeField(auto_now_add=True)
    is_live = models.BooleanField(default=False, db_index=True)
    current_version = models.CharField(max_length=8, blank=True)
    versions = models.JSONField(default=list)  # every CR version, oldest first
    summary = models.JSONField(default=dict)  # counts and unresolved references, for the ingest report

    def __str__(self) -> str:
        return f"corpus {self.pk} ({'live' if self.is_live else 'not live'})"


class Source(models.Model):
    """One corpus file."""

    class Kind(models.TextChoices):
        CR = "cr", "Comprehensive Rules"
        CR_TRANSLATION = "cr-translation", "Comprehensive Rules translation"
        FORMAT_RULES = "format-rules", "Format rules"
        HOUSE_RULES = "house-rules", "House rules"
        PROSE = "prose", "Prose"

    corpus = models.ForeignKey(Corpus, on_delete=models.CASCADE, related_name="sources")
    file_name = models.CharField(max_length=255)
    slug = models.SlugField(max_length=64)
    lang = models.CharField(max_length=2)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    title = models.CharField(max_length=255)  # in the document's language (Japanese documents: title_ja)
    version = models.CharField(max_length=8, blank=True)  # CR effective date, English files
    translated_from = models.CharField(max_length=8, blank=True)  # CR version a translation follows
    meta = models.JSONField(default=dict)
    intro = models.TextField(blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["corpus", "slug"], name="source_unique_slug")]


class Rule(models.Model):
    """One numbered line of one version of the Comprehensive Rules."""

    corpus = models.ForeignKey(Corpus, on_delete=models.CASCADE, related_name="rules")
    source = models.ForeignKey(Source, on_delete=models.CASCADE, related_name="rules")
    version = models.CharField(max_length=8)
    number = models.CharField(max_length=16)
    kind = models.CharField(max_length=10)
    title = models.CharField(max_length=255, blank=True)
    text = models.TextField()
    examples = models.JSONField(default=list)
    parent = models.CharField(max_length=16, blank=True)
    position = models.PositiveIntegerField()
    line = models.PositiveIntegerField()
    links_to = models.JSONField(default=list)  # CR numbers this rule's text and examples cite

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["corpus", "version", "number"], name="rule_unique_number")
        ]
        indexes = [
            models.Index(fields=["corpus", "version", "position"]),
            models.Index(fields=["corpus", "version", "parent"]),
        ]


class Citation(models.Model):
    """Rule ``from_number`` cites rule ``to_number`` (same version): the "cited by" lists."""

    corpus = models.ForeignKey(Corpus, on_delete=models.CASCADE, related_name="citations")
    version = models.CharField(max_length=8)
    from_number = models.CharField(max_length=16)
    to_number = models.CharField(max_length=16)

    class Meta:
        indexes = [models.Index(fields=["corpus", "version", "to_number"])]


class GlossaryTerm(models.Model):
    corpus = models.ForeignKey(Corpus, on_delete=models.CASCADE, related_name="glossary")
    version = models.CharField(max_length=8)
    term = models.CharField(max_length=255)
    definition = models.TextField()
    position = models.PositiveIntegerField()

    class Meta:
        indexes = [models.Index(fields=["corpus", "version", "position"])]


class Renumbering(models.Model):
    """In ``from_version`` this rule was ``old_number``; in the current version it is ``new_number``."""

    corpus = models.ForeignKey(Corpus, on_delete=models.CASCADE, related_name="renumberings")
    from_version = models.CharField(max_length=8)
    old_number = models.CharField(max_length=16)
    new_number = models.CharField(max_length=16)

    class Meta:
        indexes = [models.Index(fields=["corpus", "old_number"]), models.Index(fields=["corpus", "new_number"])]


class DocSection(models.Model):
    """One section of a Japanese (or other non-CR) document.

    ``aligned_number`` is the current-version CR number this section
    translates (it differs from ``cr_number`` when the rule was renumbered;
    empty when the rule was deleted since, or could not be placed);
    ``compared_version`` is the release the translation was compared with (the
    one it was translated from; empty when that is unknown), ``status`` how the
    rule stands against today's rules (``judge.parsing.linking.Status``:
    current, changed, renumbered, deleted, unchecked; empty for a section that
    translates no rule), and ``differs_from_current`` is true for any status but
    current.
    """

    class Status(models.TextChoices):
        CURRENT = "current", "current"
        CHANGED = "changed", "changed since the version translated"
        RENUMBERED = "renumbered", "renumbered since the version translated"
        DELETED = "deleted", "deleted since the version translated"
        UNCHECKED = "unchecked", "version translated unknown"

    corpus = models.ForeignKey(Corpus, on_delete=models.CASCADE, related_name="sections")
    source = models.ForeignKey(Source, on_delete=models.CASCADE, related_name="sections")
    anchor = models.CharField(max_length=80)
    heading = models.TextField(blank=True)
    text = models.TextField(blank=True)
    cr_number = models.CharField(max_length=16, blank=True)
    number = models.CharField(max_length=16, blank=True)
    parent = models.CharField(max_length=80, blank=True)
    details = models.JSONField(default=list)
    examples = models.JSONField(default=list)
    notes = models.JSONField(default=list)
    position = models.PositiveIntegerField()
    line = models.PositiveIntegerField()
    aligned_number = models.CharField(max_length=16, blank=True)
    compared_version = models.CharField(max_length=8, blank=True)
    differs_from_current = models.BooleanField(default=False)
    status = models.CharField(max_length=12, choices=Status.choices, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["corpus", "aligned_number"]),
            models.Index(fields=["corpus", "source", "position"]),
        ]

