"""Reads of the judge's documents installed: each document's editions (newest first), the edition that
serves its pages, a section with its neighbours, a section's editions."""

from __future__ import annotations

from dataclasses import dataclass

from judge.parsing.substance import CURRENT, OUTDATED
from judge.rules.judgedocs.editions import KnownEdition, document_name, japanese_words, known_editions
from judge.rules.models import JudgeEdition, JudgeSectionRow
from judge.search.documents import JudgeSectionText

KINDS = ("mtr", "ipg", "jar")


def editions(kind: str, *, lang: str = "en") -> list[JudgeEdition]:
    """The document's installed editions, newest first."""
    return list(JudgeEdition.objects.filter(kind=kind, lang=lang).order_by("-effective"))


def serving(kind: str, *, lang: str = "en") -> JudgeEdition | None:
    """The edition that serves the document's pages: the newest installed."""
    return JudgeEdition.objects.filter(kind=kind, lang=lang).order_by("-effective").first()


def installed_kinds() -> list[JudgeEdition]:
    """The serving edition of each document installed, in the order MTR, IPG, JAR."""
    found = [serving(kind) for kind in KINDS]
    return [edition for edition in found if edition is not None]


def newer_known(edition: JudgeEdition) -> KnownEdition | None:
    """The document's current edition as published, when it is newer than ``edition``."""
    known = known_editions().get(edition.kind)
    return known if known is not None and known.effective > edition.effective else None


@dataclass(frozen=True)
class JapaneseEdition:
    """A document's official Japanese edition installed (the newest) and its standing beside ``english``,
    the newest English edition installed, in the CR translation's words (judge.parsing.substance): ``current``
    when it is of that edition's date (or later: the English of its edition is not installed yet),
    ``outdated`` when it translates an older edition."""

    edition: JudgeEdition
    english: JudgeEdition
    standing: str

    @property
    def todays(self) -> bool:
        """Shown first on /ja/ (else after today's English, on request)."""
        return self.standing == CURRENT


def japanese_edition(kind: str) -> JapaneseEdition | None:
    """The document's official Japanese edition with its standing; None when none (or no English) is
    installed."""
    japanese, english = serving(kind, lang="ja"), serving(kind)
    if japanese is None or english is None:
        return None
    return JapaneseEdition(
        japanese, english, CURRENT if japanese.effective >= english.effective else OUTDATED
    )


def japanese_section(
    kind: str, key: str, english: JudgeEdition
) -> tuple[JapaneseEdition, JudgeSectionRow] | None:
    """The section ``key`` in the document's official Japanese edition, beside today's English edition
    ``english`` only (an older edition's page is English alone), with the edition and its standing; None
    when there is none."""
    found = japanese_edition(kind)
    if found is None or found.english.pk != english.pk:
        return None
    row = found.edition.sections.filter(key=key).first()
    return None if row is None else (found, row)


@dataclass
class SectionPage:
    edition: JudgeEdition
    section: JudgeSectionRow
    previous: JudgeSectionRow | None
    next: JudgeSectionRow | None


def section_page(kind: str, key: str, *, effective: str = "") -> SectionPage | None:
    """A section of the serving edition (or of the edition effective ``effective``, "YYYY-MM-DD"), with
    the sections before and after it; None if there is no such section."""
    found = editions(kind)
    edition = next((e for e in found if e.effective.isoformat() == effective), None) if effective else None
    edition = edition or (found[0] if found and not effective else None)
    if edition is None:
        return None
    section = edition.sections.filter(key=key).first()
    if section is None:
        return None
    around = edition.sections.filter(order__in=(section.order - 1, section.order + 1))
    by_order = {s.order: s for s in around}
    return SectionPage(edition, section, by_order.get(section.order - 1), by_order.get(section.order + 1))


def section_editions(kind: str, key: str) -> list[JudgeSectionRow]:
    """The section as each installed edition has it, newest first."""
    return list(
        JudgeSectionRow.objects.filter(edition__kind=kind, edition__lang="en", key=key)
        .select_related("edition")
        .order_by("-edition__effective")
    )


def exists(kind: str, key: str) -> bool:
    edition = serving(kind)
    return edition is not None and (not key or edition.sections.filter(key=key).exists())


def serving_digests() -> dict[str, str]:
    """ "judge/<kind>" (and "judge/<kind>/ja") -> the serving editions' file digests: what the search index
    was built with."""
    found = {f"judge/{e.kind}": e.digest for e in installed_kinds()}
    for kind in KINDS:
        if (japanese := serving(kind, lang="ja")) is not None:
            found[f"judge/{kind}/ja"] = japanese.digest
    return found


def _japanese_texts(kind: str) -> dict[str, str]:
    """Section key -> its official Japanese title and text, for a Japanese edition of today's edition
    (what a Japanese search reads; an outdated one is not searched as today's text)."""
    found = japanese_edition(kind)
    if found is None or not found.todays:
        return {}
    return {
        row.key: f"{row.title}\n{row.text}"
        for row in found.edition.sections.only("edition_id", "key", "title", "text")
    }


def search_sections() -> list[JudgeSectionText]:
    """Every section of each serving edition, as the search index reads it: with the official Japanese of
    the section searched in Japanese where a current Japanese edition is installed."""
    out = []
    for edition in installed_kinds():
        name = document_name(edition.kind, japanese=False)
        japanese = _japanese_texts(edition.kind)
        for row in edition.sections.only("edition_id", "key", "number", "title", "text"):
            out.append(
                JudgeSectionText(
                    kind=edition.kind,
                    key=row.key,
                    number=row.number if row.number[:1].isdigit() else "",
                    title=row.title,
                    text=row.text,
                    ja_words=" ".join(
                        w for w in (japanese_words(edition.kind, row.key), japanese.get(row.key, "")) if w
                    ),
                    doc_title=name,
                )
            )
    return out
