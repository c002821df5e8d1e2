"""How the documents found are ranked and merged into hits.

A rule found in both languages (the English CR rule and a Japanese section with the
same CR number) is one hit, shown in the reader's language (``ui_lang``) with the
other in ``also``; the reader's language also ranks first. A translation whose text is
not today's rule (its ``status``: changed, renumbered, deleted or unchecked, from the
alignment of judge.parsing.linking) ranks below one that is, and within a rule the
current text is shown: today's translation first (the whole translation of the
current release before excerpts of older ones). A translated rule is found under
today's number (a renumbered one under its new number; a deleted one under its
document). House rules and wiki prose rank after the rules of Magic unless the query
names them.
"""

from __future__ import annotations

import heapq
import html
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from judge.search.alignment import placed, shown_text, standings, status_prior
from judge.search.analysis import en_terms, has_japanese, normalize_ja
from judge.search.documents import SearchDoc, SourceKind
from judge.search.highlight import snippet
from judge.search.index import LiveIndex
from judge.search.matching import Match
from judge.search.procedure import NOT_THE_GAME, is_procedure_question
from judge.search.query import ParsedQuery
from judge.search.query_builder import Needles
from judge.search.results import SearchHit, display_title
from judge.search.terms import TermTable

MULTIPLAYER_PRIOR = 1.25
GLOSSARY_PRIOR = 0.8  # a glossary entry mostly points at the rule: it ranks just below it
HEADING_PRIOR = 0.6  # a chapter or section heading ("810. Two-Headed Giant Variant") is a title, not a rule
# A rule other rules cite governs its subject ("exception to rule 800.4a"): x(1 + step * log2(1 + citations)).
CITED_STEP = 0.1
# ... and a rule the other results of the query cite governs them: x(1 + step per citing result).
GOVERNS_STEP = 0.1
UI_LANG_BOOST = 1.5  # a document in the reader's language ranks above one of the same score in the other
RERANK_WINDOW = 50  # documents read for merging and the priors, whatever the limit
# Words that name a document outside the rules of Magic; a query with one ranks it with the rules.
NAMES = {
    SourceKind.HOUSE_RULES: (
        "dtc",
        "duel masters",
        "デュエマ",
        "デュエル・マスターズ",
        "デュエルマスターズ",
        "タッグ・コマンダー",
        "タッグコマンダー",
        "tag commander",
    ),
    SourceKind.PROSE: ("wiki", "ウィキ"),
    SourceKind.JUDGE: ("mtr", "ipg", "jar", "tournament rules", "infraction procedure guide"),
}


def prior_for(group: str, kind: str, cited: dict[str, int]) -> float:
    """The site is a multiplayer reference: the multiplayer (8xx) and casual-variant (9xx) rules,
    in either language, rank a little above rules of the same score elsewhere; a rule that other
    rules cite a little above one nobody cites; a section heading and a glossary entry below the
    rules they stand for.

    >>> prior_for("rule:800.4a", "cr", {}), prior_for("rule:104.5", "cr", {}), prior_for("rule:800.4a", "cr",
    ...     {"800.4a": 3})
    (1.25, 1.0, 1.5)
    >>> prior_for("glossary-20260116-12", "glossary", {}), prior_for("rule:903", "cr", {})
    (0.8, 0.75)
    """
    if kind == SourceKind.GLOSSARY:
        return GLOSSARY_PRIOR
    rule = group[5:] if group.startswith("rule:") else ""
    out = 1.0 + CITED_STEP * math.log2(1 + cited.get(rule, 0)) if rule else 1.0
    if rule.isdigit():
        out *= HEADING_PRIOR
    if len(rule) >= 3 and rule[0] in "89" and rule[:3].isdigit():
        out *= MULTIPLAYER_PRIOR
    return out


# A Japanese text whose rule was found in English only stands in for it for a Japanese reader unless its
# status says it differs in substance from today's rule (judge.parsing.linking; "outdated" is the
# translation-trust distinction from "wording-changed").
NOT_TODAYS = frozenset({"changed", "outdated", "deleted", "unchecked"})
# A text with one of these standings never answers a search as today's rule: the hit shows today's English of
# its rule, the text only on request, and ranks after the hits whose text states today's rule.
STALE = NOT_TODAYS
FOLDED = (SourceKind.HOUSE_RULES, SourceKind.PROSE)  # several hits of one such document: one hit and a count
NOT_MAGIC = (
    *FOLDED,
    SourceKind.JUDGE,
)  # not the rules of Magic: what a search that found only these is not about


@dataclass(frozen=True)
class Ranking:
    ui_lang: str
    names: frozenset[SourceKind] = frozenset()  # kinds outside the rules of Magic that the query names
    # A Japanese text may stand in for a rule found in English only (not when the query asks for English only
    # or for some documents).
    stand_in: bool = True
    # A text that is not today's rule answers no question: its hit shows its rule's English and ranks after
    # the hits that state today's rule (not when the query asks for one language or some documents: it shows
    # what was asked for, with its standing).
    todays: bool = True

    def tier(self, kind: SourceKind) -> int:
        """Documents the query names first, then the rules of Magic, then house rules and prose."""
        if kind in self.names:
            return -1
        return 0 if kind.is_magic_rules else 1


def named_kinds(parsed: ParsedQuery, terms: TermTable) -> tuple[ParsedQuery, frozenset[SourceKind]]:
    """The documents outside the rules of Magic that the query asks for, and the query without the
    words that only name them ("統率者税 DTC" searches 統率者税 and ranks the DTC rules first).
    Named by a name ("DTC", "デュエル・マスターズ", "wiki"), by a doc: filter, or by a Duel Masters
    word of the term table (文明, shield zone)."""
    named: set[SourceKind] = set(NAMES) if parsed.docs else set()
    words = [normalize_ja(g[0].text) if len(g) == 1 and not g[0].phrase else "" for g in parsed.groups]
    dropped: set[int] = set()
    for kind, names in NAMES.items():
        for name in names:
            size = len(name.split())
            for i in range(len(words) - size + 1):
                if " ".join(words[i : i + size]) == name:
                    named.add(kind)
                    dropped.update(range(i, i + size))
    text = normalize_ja(" ".join(parsed.words()))
    found = (*(terms.find_ja(text) if has_japanese(text) else ()), *terms.find_en(en_terms(text)))
    game_words = [
        match
        for match in found
        if not any(spelling in NOT_THE_GAME for pair in match.pairs for spelling in (*pair.ja, *pair.en))
    ]
    if is_procedure_question(text, names_the_game=bool(game_words)):
        named.add(SourceKind.JUDGE)
    for match in found:
        if all(not pair.ja_to_en for pair in match.pairs):  # a word of Duel Masters only (文明, not "deck")
            named.add(SourceKind.HOUSE_RULES)
    if dropped and len(dropped) < len(parsed.groups):
        groups = tuple(g for i, g in enumerate(parsed.groups) if i not in dropped)
        parsed = replace(parsed, groups=groups)
    return parsed, frozenset(named)


def static_priors(live: LiveIndex, ui_lang: str) -> list[float]:
    """Every document number's prior (kind, multiplayer chapter, citations) times the reader's-language
    boost: computed once per generation and language."""
    key = ("priors", ui_lang)
    found: list[float] | None = live.extras.get(key)
    if found is None:
        cited: dict[str, int] = live.meta.get("cited") or {}
        found = live.extras[key] = [
            prior_for(group, kind, cited)
            * (UI_LANG_BOOST if lang == ui_lang else 1.0)
            * status_prior(status)  # an outdated translation below today's (judge.search.alignment)
            for group, kind, lang, status in zip(
                live.groups(), live.column("kind"), live.langs(), live.column("status"), strict=True
            )
        ]
    return found


def doc_tiers(live: LiveIndex, ranking: Ranking) -> list[int]:
    """Every document number's tier for a ranking (a few combinations of named kinds per generation)."""
    key = ("tiers", ranking.names)
    found: list[int] | None = live.extras.get(key)
    if found is None:
        tiers = {kind.value: ranking.tier(kind) for kind in SourceKind}
        found = live.extras[key] = [tiers[kind] for kind in live.column("kind")]
    return found


def governing(found: Iterable[str], cites: dict[str, list[str]]) -> dict[str, float]:
    """The rules that other results of the same query cite govern them: 901.10, found for "player
    leaves the game", says "See rule 800.4a", so 800.4a ranks above it. Group -> factor
    (1 + GOVERNS_STEP per other result citing it). ``cites``: the current release's citations
    (index meta), by group.

    >>> governing(["rule:800.4a", "rule:901.10", "rule:800.4n"],
    ...     {"rule:901.10": ["800.4a"], "rule:800.4n": ["800.4a", "800"]})
    {'rule:800.4a': 1.2}
    """
    found = list(found)
    here = {group[5:]: group for group in found if group.startswith("rule:")}
    citing: dict[str, int] = {}
    for group in found:
        for number in cites.get(group, ()):
            cited = here.get(number)
            if cited is not None and cited != group:
                citing[cited] = citing.get(cited, 0) + 1
    return {group: 1 + GOVERNS_STEP * n for group, n in citing.items()}


_MARK = re.compile(r"<mark>(.*?)</mark>")


def _missing(match: Match, docs: Sequence[int], snip: str) -> tuple[str, ...]:
    """The words a hit lacks: those none of its documents (either language) has, and never a word its
    snippet highlights.

    >>> from judge.search.query_builder import Unit
    >>> from whoosh.query import NullQuery
    >>> boku, okaru = Unit("墓地", NullQuery), Unit("置か", NullQuery)
    >>> match = Match({1: 1.0, 2: 1.0}, partial=True, slots=((boku, {1: 1.0}), (okaru, {})))
    >>> _missing(match, [1, 2], "…の<mark>墓地</mark>に…"), _missing(match, [2], "…の<mark>墓地</mark>に…")
    (('置か',), ('置か',))
    """
    lacking = set.intersection(*(set(match.missing(d)) for d in docs)) if docs else set()
    marked = [html.unescape(m).lower() for m in _MARK.findall(snip)]
    return tuple(sorted(w for w in lacking if not any(w.lower() in m for m in marked)))


#: A procedure question ranks the judge's documents first; the two best rules of the game it found still
#: show from this place on ("双頭巨人 投了したら？": MTR 9.5 and 9 first, then 810.8 and 810.8b, what the
#: team's loss is).
RULES_IN_REACH = 2


def _rule_in_reach(ranked: list[str], tier: dict[str, int], ranking: Ranking) -> list[str]:
    """``ranked`` with its two best rules of Magic moved up to :data:`RULES_IN_REACH` and the place after it
    when the judge's documents rank first and push them below.

    >>> _rule_in_reach(["mtr:9.5", "mtr:9", "mtr:9.6", "rule:810.8", "mtr:2.5", "rule:810.8b"],
    ...     {"rule:810.8": 0, "rule:810.8b": 0}, Ranking("ja", names=frozenset({SourceKind.JUDGE})))
    ['mtr:9.5', 'mtr:9', 'rule:810.8', 'rule:810.8b', 'mtr:9.6', 'mtr:2.5']
    """
    if SourceKind.JUDGE not in ranking.names:
        return ranked
    out = list(ranked)
    for place, group in enumerate([group for group in ranked if tier.get(group) == 0][:2], RULES_IN_REACH):
        at = out.index(group)
        if at > place:  # only ever moved up
            out.insert(place, out.pop(at))
    return out


def ranked_hits(
    live: LiveIndex,
    match: Match,
    needles: Needles,
    *,
    limit: int,
    ranking: Ranking,
) -> tuple[list[SearchHit], int]:
    """Merge the ranked documents by rule, rank, cut to ``limit``; also the number of groups found."""
    groups, langs, ui = live.groups(), live.langs(), ranking.ui_lang
    priors, tiers, standing = static_priors(live, ui), doc_tiers(live, ranking), standings(live)
    total = len(set(map(groups.__getitem__, match.scores)))
    # Only the best RERANK_WINDOW documents (by tier, then score with the priors) are merged and ranked.
    # (tier, -score, docnum): compared as tuples, with no key function called per document found.
    adjusted = [(tiers[d], -raw * priors[d], d) for d, raw in match.scores.items()]
    window = heapq.nsmallest(RERANK_WINDOW, adjusted)
    if window and window[-1][0] < 0 <= max(adjusted)[0]:
        # The documents the query names fill the window: the rules of Magic keep a window of their own, so
        # their order among themselves is the one they would have had ("投了 コントロール": 800.4a).
        window += heapq.nsmallest(RERANK_WINDOW, (item for item in adjusted if item[0] >= 0))
    texts: dict[str, dict[str, list[tuple[float, int]]]] = {}
    tier: dict[str, int] = {}
    for doc_tier, negative, docnum in window:
        score = -negative
        group = groups[docnum]
        texts.setdefault(group, {}).setdefault(langs[docnum], []).append((score, docnum))
        tier[group] = min(tier.get(group, doc_tier), doc_tier)
    # Each group's best score in each language, and the text shown for it.
    per_lang = {
        group: {lang: shown_text(found, standing) for lang, found in by_lang.items()}
        for group, by_lang in texts.items()
    }

    governs = governing(per_lang, live.meta.get("cites") or {})
    statuses = live.column("status")
    # What each group scores by the texts that may state today's rule (_stating).
    stating = {group: _stating(by_lang, statuses) for group, by_lang in texts.items()}

    # A rule found in both languages is stronger evidence: its score is the sum of the best hit of
    # each language. It is shown once, in the reader's language when it has it.
    # A few rules with every word, and the closest matches beside them (judge.search.matching.FEW_GROUPS).
    supplemented = bool(match.slots) and not match.partial

    def lacking(group: str) -> bool:
        return supplemented and all(match.missing(d) for _, d in per_lang[group].values())

    def rank(group: str) -> tuple[int, int, float]:
        stated = stating[group] if ranking.todays else 0.0
        score = stated or sum(score for score, _ in per_lang[group].values())
        return (tier[group], 0 if stated or not ranking.todays else 1, -score * governs.get(group, 1.0))

    ranked = sorted(per_lang, key=rank)
    # (what folds is decided among the rules with every word: the closest matches after them fold nothing)
    folded = _folded(
        live, match, {g: next(iter(per_lang[g].values()))[1] for g in ranked if not lacking(g)}, ranking
    )
    ranked = _rule_in_reach([group for group in ranked if folded.get(group, 1) > 0], tier, ranking)[:limit]
    total -= sum(n - 1 for n in folded.values() if n > 1)  # a folded document's hits count as one
    translations = japanese_texts(live) if ui == "ja" and ranking.stand_in else {}
    hits: list[SearchHit] = []
    for group in ranked:
        found = per_lang[group]
        shown = found[ui][1] if ui in found else max(found.values())[1]
        stand_in = translations.get(group) if ui not in found else None
        if stand_in is not None:  # found in English only: a Japanese reader reads its Japanese
            found = {**found, ui: (0.0, stand_in)}
            shown = stand_in
        doc = placed(live.doc(shown))
        earlier, earlier_status = "", ""
        if doc.status in STALE and ranking.todays:
            # Today's rule answers: its English (found, or the group's), the old text only on request.
            earlier_status = doc.status
            earlier = snippet(_text(doc), needles, lang=doc.lang)
            todays = found["en"][1] if "en" in found else english_texts(live).get(group)
            if todays is not None and statuses[todays] not in STALE:
                doc = placed(live.doc(todays))
                found = {**found, "en": found.get("en", (0.0, todays))}
        snip = (
            snippet(_text(doc), needles, lang=doc.lang)
            if not earlier_status or doc.status not in STALE
            else ""
        )
        missing = _missing(match, [d for _, d in found.values()], snip) if match.slots else ()
        hits.append(
            SearchHit(
                rule=doc.rule,
                lang=doc.lang,
                source=doc.source,
                title=display_title(doc, ui),
                snippet=snip,
                score=sum(score for score, _ in found.values()),
                folded=count if (count := folded.get(group, 0)) > 1 else 0,
                also=tuple(lang for lang in found if lang != doc.lang),
                doc=doc.doc,
                version=doc.version,
                anchor=doc.anchor,
                kind=doc.kind,
                doc_title=doc.doc_title,
                missing=tuple(missing),
                status=doc.status,
                translated_rule=(live.doc(shown).rule or "") if doc.status else "",
                earlier=earlier,
                earlier_status=earlier_status,
            )
        )
    return hits, total


# A text whose English differs from today's in substance is no evidence that its rule answers the question.
WRONG = frozenset({"changed", "outdated", "deleted"})


def _stating(by_lang: dict[str, list[tuple[float, int]]], statuses: Sequence[str]) -> float:
    """A group's score by the texts that may state today's rule (the best of each language), 0 when it was
    found only by texts that say something else (outdated, changed, deleted): it then ranks after every group
    found by a text that may state today's rule (「統率者が墓地に置かれたら」: the blog's pre-2020 903.9 names
    the graveyard, today's 903.9b does not). An unchecked text counts: nothing says it differs, and its hit
    shows today's English of its rule, not the text.

    >>> statuses = ["", "outdated", "unchecked"]
    >>> _stating({"en": [(2.0, 0)], "ja": [(5.0, 1)]}, statuses), _stating({"ja": [(5.0, 1)]}, statuses)
    (2.0, 0.0)
    >>> _stating({"en": [(2.0, 0)], "ja": [(5.0, 2)]}, statuses), _stating({"ja": [(5.0, 2)]}, statuses)
    (7.0, 5.0)
    """
    return sum(
        max((score for score, d in found if statuses[d] not in WRONG), default=0.0)
        for found in by_lang.values()
    )


def _text(doc: SearchDoc) -> str:
    return "\n".join(part for part in (doc.body, *doc.examples) if part) or doc.title


def english_texts(live: LiveIndex) -> dict[str, int]:
    """Rule group -> its English text of the current rules (not a glossary entry): what a hit shows when the
    Japanese found is not today's rule. Once per generation."""
    found: dict[str, int] | None = live.extras.get("en_texts")
    if found is None:
        found = live.extras["en_texts"] = {
            group: docnum
            for docnum, (group, lang, kind) in enumerate(
                zip(live.groups(), live.langs(), live.column("kind"), strict=True)
            )
            if lang == "en" and kind == SourceKind.CR and group.startswith("rule:")
        }
    return found


def japanese_texts(live: LiveIndex) -> dict[str, int]:
    """Rule group -> the Japanese text a Japanese reader is shown for it when the search found only its
    English: the best standing (judge.search.alignment) of its Japanese texts that may stand for today's
    rule (status not in NOT_TODAYS). Once per generation."""
    found: dict[str, int] | None = live.extras.get("ja_texts")
    if found is None:
        standing = standings(live)
        best: dict[str, tuple[tuple[int, int, int], int]] = {}
        for docnum, (group, lang, kind, status) in enumerate(
            zip(live.groups(), live.langs(), live.column("kind"), live.column("status"), strict=True)
        ):
            if lang != "ja" or kind != SourceKind.CR_TRANSLATION or status in NOT_TODAYS:
                continue
            if not group.startswith("rule:"):
                continue
            if group not in best or standing[docnum] < best[group][0]:
                best[group] = (standing[docnum], docnum)
        found = live.extras["ja_texts"] = {group: docnum for group, (_, docnum) in best.items()}
    return found


def _folded(live: LiveIndex, match: Match, ranked: dict[str, int], ranking: Ranking) -> dict[str, int]:
    """Several hits from one house-rules (or prose) document the query does not name fold into its best
    hit (``ranked``: each group ranked, in order, with one of its documents): group -> how many of that
    document's groups the search found (the best one's), 0 for the others (dropped). Empty when nothing
    folds, or when the search found nothing of Magic (the question is not about Magic: 「禁止カード」 finds
    only the house rules' banned list)."""
    kinds = live.column("kind")
    groups, docs = live.groups(), live.column("doc")
    first: dict[str, str] = {}
    out: dict[str, int] = {}
    if all(kinds[d] in NOT_MAGIC for d in ranked.values()):
        return {}  # nothing of Magic found: not a question about Magic, every hit is shown
    for group, docnum in ranked.items():  # in rank order
        if kinds[docnum] not in FOLDED or SourceKind(kinds[docnum]) in ranking.names:
            continue
        if docs[docnum] in first:
            out[group] = 0
        else:
            first[docs[docnum]] = group
    if not out:
        return {}
    counts: dict[str, set[str]] = {}
    for d in match.scores:
        if docs[d] in first and kinds[d] in FOLDED:
            counts.setdefault(docs[d], set()).add(groups[d])
    for doc, group in first.items():
        out[group] = len(counts.get(doc, ())) or 1
    return out
