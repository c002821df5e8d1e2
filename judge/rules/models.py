"""Database records of the ingested corpus.

A :class:`Corpus` generation is what one ingest made live. An ingest writes a
new generation beside the live one and flips ``is_live`` at the end, so readers
never see a half-built corpus (see ``judge.rules.ingest.ingest_corpus``).

The Comprehensive Rules releases are shared between generations: a
:class:`Release` is one CR file as parsed (its rules, glossary and citations
hang off it), identified by its file name, the digest of its bytes and the
fingerprint of the code that parsed it. A generation lists its releases
(``Corpus.releases``), so a file that did not change is neither parsed nor
written again: the new generation points at the rows the previous one used.
:class:`ReleaseStep` keeps how the rules of one release became those of the
next (``judge.parsing.lineage``). The Japanese documents (:class:`Source`,
:class:`DocSection`) belong to one generation: their alignment depends on the
current release.
"""

from __future__ import annotations

from django.db import models


class Release(models.Model):
    """One Comprehensive Rules file as parsed, shared by every generation that has this file."""

    file_name = models.CharField(max_length=255)
    digest = models.CharField(max_length=64)  # SHA-256 of the file's bytes
    fingerprint = models.CharField(
        max_length=64
    )  # of the code that parsed it (ingest.writing.parser_fingerprint)
    version = models.CharField(max_length=8)  # effective date, YYYYMMDD
    numbering = models.CharField(max_length=10)  # judge.parsing.records.Numbering
    intro = models.TextField(blank=True)
    credits = models.TextField(blank=True)
    warnings = models.JSONField(default=list)  # [{"file", "line", "problem"}] read past by the parser
    unresolved = models.JSONField(default=list)  # references that name no rule: ["903.1 -> 903.99", ...]
    rule_count = models.PositiveIntegerField(default=0)
    glossary_count = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["file_name", "digest", "fingerprint"], name="release_unique_content"
            )
        ]

    def __str__(self) -> str:
        return f"{self.file_name} ({self.digest[:12]})"


class ReleaseStep(models.Model):
    """How the rules of ``older`` became those of ``newer``, two releases adjacent in some generation
    (``judge.parsing.lineage.Step``: only the rules that moved, were removed or were added)."""

    older = models.ForeignKey(Release, on_delete=models.CASCADE, related_name="steps_to_newer")
    newer = models.ForeignKey(Release, on_delete=models.CASCADE, related_name="steps_from_older")
    forward = models.JSONField(default=dict)  # older number -> newer number or null (removed)
    backward = models.JSONField(default=dict)  # newer number -> older number or null (added)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["older", "newer"], name="release_step_unique_pair")]

    def __str__(self) -> str:
        return f"step {self.older_id} -> {self.newer_id}"


class Corpus(models.Model):
    created = models.DateTimeField(auto_now_add=True)
    is_live = models.BooleanField(default=False, db_index=True)
    current_version = models.CharField(max_length=8, blank=True)
    versions = models.JSONField(default=list)  # every CR version, oldest first
    releases = models.ManyToManyField(Release, related_name="generations")
    digests = models.JSONField(
        default=dict
    )  # path under the corpus directory -> file digest, every file read
    index_name = models.CharField(max_length=120, blank=True)  # its search index (judge.search.index)
    summary = models.JSONField(default=dict)  # counts and unresolved references, for the ingest report
    # language -> the bytes the whole-release download keeps, measured by the ingest (judge.rules.offline);
    # empty when it could not measure: the save button then measures on its first request.
    offline_bytes = models.JSONField(default=dict)

    def __str__(self) -> str:
        return f"corpus {self.pk} ({'live' if self.is_live else 'not live'})"


class Source(models.Model):
    """One corpus file of a generation, for the documents list (a CR file's rules are on its Release)."""

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

    def __str__(self) -> str:
        return f"{self.slug} ({self.file_name})"


class Rule(models.Model):
    """One numbered line of one release of the Comprehensive Rules."""

    release = models.ForeignKey(Release, on_delete=models.CASCADE, related_name="rules")
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
        constraints = [models.UniqueConstraint(fields=["release", "number"], name="rule_unique_number")]
        indexes = [
            models.Index(fields=["release", "position"]),
            models.Index(fields=["release", "parent"]),
        ]

    def __str__(self) -> str:
        return f"{self.number} ({self.version})"


class Citation(models.Model):
    """Rule ``from_number`` cites rule ``to_number`` (same release): the "cited by" lists."""

    release = models.ForeignKey(Release, on_delete=models.CASCADE, related_name="citations")
    from_number = models.CharField(max_length=16)
    to_number = models.CharField(max_length=16)

    class Meta:
        indexes = [models.Index(fields=["release", "to_number"])]

    def __str__(self) -> str:
        return f"{self.from_number} -> {self.to_number}"


class GlossaryTerm(models.Model):
    release = models.ForeignKey(Release, on_delete=models.CASCADE, related_name="glossary")
    version = models.CharField(max_length=8)
    term = models.CharField(max_length=255)
    definition = models.TextField()
    position = models.PositiveIntegerField()
    line = models.PositiveIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["release", "position"])]

    def __str__(self) -> str:
        return f"{self.term} ({self.version})"


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

    def __str__(self) -> str:
        return f"{self.source_id}#{self.anchor}"


class JudgeEdition(models.Model):
    """One edition of a judge's document (MTR, IPG, JAR) as installed from its PDF
    (``judge.rules.judgedocs.ingest``). Several editions of a document may be installed (its history); the
    newest one of each document and language serves its pages."""

    kind = models.CharField(max_length=8)  # "mtr", "ipg", "jar" (judge.parsing.judge_documents.KINDS)
    lang = models.CharField(max_length=8, default="en")
    title = models.CharField(max_length=200)  # as printed on its first page
    effective = models.DateField()
    file_name = models.CharField(max_length=255)
    digest = models.CharField(max_length=64)  # SHA-256 of the file's bytes
    address = models.URLField(max_length=500, blank=True)  # where it is published
    section_count = models.PositiveIntegerField(default=0)
    warnings = models.JSONField(default=list)
    installed = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["kind", "lang", "effective"], name="judge_edition_unique_date")
        ]
        ordering = ["kind", "lang", "-effective"]

    def __str__(self) -> str:
        return f"{self.kind} {self.lang} {self.effective}"


class JudgeSectionRow(models.Model):
    """A section of a judge's document's edition: ``key`` its place in the URL ("4.4", "A",
    "introduction"), ``parts`` [{"heading", "paragraphs"}] (the IPG's Definition, Philosophy...)."""

    edition = models.ForeignKey(JudgeEdition, on_delete=models.CASCADE, related_name="sections")
    order = models.PositiveIntegerField()
    key = models.CharField(max_length=64)
    number = models.CharField(max_length=16, blank=True)
    title = models.CharField(max_length=300)
    penalty = models.CharField(max_length=40, blank=True)
    page = models.PositiveIntegerField(default=0)
    parts = models.JSONField(default=list)
    text = models.TextField(blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["edition", "key"], name="judge_section_unique_key")]
        ordering = ["edition", "order"]

    def __str__(self) -> str:
        return f"{self.edition} {self.key}"
