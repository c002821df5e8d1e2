"""Every citation the engine emits points to a rule whose text names the step's subject (issue 41 item 7).

STEP_SUBJECTS gives, for each message code the engine builds with a rule (a step or a problem), words the
cited rule's text must contain (each a whole word or phrase, in any case), read in the current release of the
real corpus through the lineage from the release the engine cites (tests/engine/test_rule_citations.py). An
empty tuple: the code cites a format document, a bracket criterion or the card data, never a CR rule. Which
rule each code can cite is read from the engine's source (tests/engine/step_citations.py) and, for the rules
known only at run time, from the replay of every worked ruling and from the ways to lose.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge.engine.losses import LossReason
from judge.engine.rule_numbers import is_cr_number
from tests.engine.step_citations import cited_by_code
from tests.engine.test_rule_citations import SCENARIOS_DIR, _current_rules

# Step code -> words the text of every CR rule it cites must contain.
STEP_SUBJECTS: dict[str, tuple[str, ...]] = {
    "board.until-not-exiled": ("until",),
    "board.until-source-gone": ("until",),
    "brackets.cannot-show-cedh": (),
    "brackets.cannot-show-intent": (),
    "brackets.cannot-show-speed": (),
    "brackets.checked-combos": (),
    "brackets.checked-game-changers": (),
    "brackets.checked-oracle-text": (),
    "brackets.combo-arguably-early": (),
    "brackets.combo-arguably-early-estimated": (),
    "brackets.combo-chained-turns": (),
    "brackets.combo-early": (),
    "brackets.combo-early-estimated": (),
    "brackets.combo-land-denial": (),
    "brackets.combo-late": (),
    "brackets.combo-late-estimated": (),
    "brackets.combo-no-timing": (),
    "brackets.conversation": (),
    "brackets.extra-turn": (),
    "brackets.extra-turn-override": (),
    "brackets.extra-turns-how-many": (),
    "brackets.game-changers": (),
    "brackets.label": (),
    "brackets.mass-land-denial": (),
    "brackets.mass-land-denial-override": (),
    "brackets.names-unofficial": (),
    "brackets.no-card-data": (),
    "brackets.summary": (),
    "brackets.summary-unchecked": (),
    "brackets.unchecked-combos": (),
    "brackets.unchecked-game-changers": (),
    "brackets.unknown-cards": (),
    "combat.attacks-nothing": ("attacking",),
    "combat.life-loss": ("lose that much life",),
    "combat.life-total": ("life",),
    "combat.no-power": ("assign",),
    "combat.player-left": ("combat damage", "left the game"),
    "combat.player-loses": ("0 or less",),
    "combat.shared-life": ("shared life total",),
    "combat.shared-life-differs": ("shared life total",),
    "combat.shared-team-turns": ("shared team turns",),
    "combat.team-announces": ("announces",),
    "combat.team-loses": ("0 or less",),
    "combat.to-blockers": ("blocking",),
    "combat.trample": ("excess",),
    "combat.unblocked": ("attacking",),
    "damage.brawl-no-loss": ("brawl", "704.6c"),
    "damage.brawl-rule": ("brawl", "704.6c"),
    "damage.combat": ("combat damage", "commander"),
    "damage.combat-own": ("combat damage", "commander"),
    "damage.copy": ("copiable values",),
    "damage.copy-not-counted": ("designated as its commander", "not a characteristic"),
    "damage.copy-not-counted-noncombat": ("designated as its commander", "not a characteristic"),
    "damage.life-gain": (),
    "damage.life-gain-none": (),
    "damage.loses": ("21 or more combat damage",),
    "damage.noncombat": ("combat damage", "commander"),
    "damage.owner-not-player": ("commander",),
    "damage.partners": ("21 or more combat damage", "separately"),
    "damage.prevented": ("prevented",),
    "damage.stolen": ("commander",),
    "damage.team-loses": ("team",),
    "damage.too-many-commanders": ("more than two commanders",),
    "damage.zero": ("0 damage",),
    "deck.combined-identity": ("color identities",),
    "deck.companion-met": ("companion",),
    "deck.companion-read-from-text": ("companion",),
    "deck.companion-unknown": ("companion",),
    "deck.interchangeable-unchecked": ("interchangeable names",),
    "deck.sideboard": ("sideboards",),
    "deck.suggestions-skipped": (),
    "dm.battle-zone-start-source": (),
    "dm.dtb-card-pool": (),
    "identity.alternative": ("alternative characteristics",),
    "identity.back-face": ("back face",),
    "identity.cda": ("characteristic-defining abilities",),
    "identity.from-card-data": (),
    "identity.from-card-data-undated": (),
    "identity.colorless-but": ("color identity", "mana symbols"),
    "identity.cost-symbol": ("mana symbols", "mana cost"),
    "identity.indicator": ("color indicator",),
    "identity.land-type": ("basic land type", "intrinsic ability"),
    "identity.land-type-counts": ("basic land type", "each color of mana it could produce"),
    "identity.meld": ("meld",),
    "identity.published-colors": ("characteristic-defining",),
    "identity.reminder-ignored": ("reminder text is ignored",),
    "identity.summary": ("color identity",),
    "identity.text-symbol": ("mana symbols", "rules text"),
    "leave.ante-stays": ("ante",),
    "leave.aura-falls": ("aura",),
    "leave.combat-attacker-gone": ("removed from combat",),
    "leave.combat-blockers-gone": ("blocked",),
    "leave.combat-control-changed": ("removed from combat", "controller changes"),
    "leave.combat-damage-not-assigned": ("combat damage", "left the game"),
    "leave.combat-damage-not-assigned-blocked": ("combat damage", "left the game"),
    "leave.combat-target-gone": ("attacking",),
    "leave.control-ends": ("effects", "end"),
    "leave.control-ends-source": ("effect",),
    "leave.control-exiled": ("exiled",),
    "leave.control-to-default": ("by default",),
    "leave.control-to-latest": ("timestamp",),
    "leave.controlled-player-leaves": ("control another player",),
    "leave.draw": ("draw",),
    "leave.dtc-attack-refused": (),
    "leave.dtc-attack-shields": (),
    "leave.dtc-direct-attack": (),
    "leave.dtc-direct-attack-allowed": (),
    "leave.dtc-direct-attack-refused": (),
    "leave.dtc-library-out": (),
    "leave.dtc-no-leaving": (),
    "leave.dtc-not-opponent": (),
    "leave.dtc-only": (),
    "leave.dtc-special-loss": (),
    "leave.dtc-team-loses": (),
    "leave.dtc-turn": (),
    "leave.exiled": ("exiled",),
    "leave.game-ends": ("game ends immediately",),
    "leave.grand-melee-marker": ("turn markers",),
    "leave.grand-melee-marker-designated": ("turn markers",),
    "leave.initiative-no-active": ("initiative",),
    "leave.initiative-none": ("initiative",),
    "leave.initiative-to-active": ("initiative",),
    "leave.initiative-to-next": ("initiative",),
    "leave.initiative-ventures": ("initiative", "undercity"),
    "leave.monarch-draws-own-turn": ("monarch", "draws a card"),
    "leave.monarch-draws-this-turn": ("monarch", "draws a card"),
    "leave.monarch-no-active": ("monarch",),
    "leave.monarch-none": ("monarch",),
    "leave.monarch-to-active": ("monarch",),
    "leave.monarch-to-next": ("monarch",),
    "leave.next-team-turn": ("team",),
    "leave.next-turn": ("turn order",),
    "leave.next-turn-no-active": ("without an active player",),
    "leave.next-turn-skips": ("turn",),
    "leave.no-control-for-them": ("control",),
    "leave.no-turns": ("begin",),
    "leave.owned": ("owned by that player leave the game",),
    "leave.owned-nothing": ("owned by that player leave the game",),
    "leave.owned-nothing-team": ("owned by that player leave the game",),
    "leave.owned-team": ("owned by that player leave the game",),
    "leave.pending-exile": ("exiled",),
    "leave.phenomenon-ability-stays": ("phenomena",),
    "leave.phenomenon-planeswalk": ("phenomenon",),
    "leave.planar-handover": ("planar controller",),
    "leave.planar-handover-team": ("planar controller",),
    "leave.planeswalk": ("planar deck",),
    "leave.planeswalk-to": ("planeswalks",),
    "leave.planeswalking-ceases": ("planeswalking ability",),
    "leave.player-control-ends": ("control of any objects or players",),
    "leave.player-control-pending-ends": ("control of any objects or players",),
    "leave.priority-passes": ("priority",),
    "leave.stack-cease": ("cease to exist",),
    "leave.team-leaves": ("team leaves the game",),
    "leave.team-wins": ("teams have left the game",),
    "leave.timed-effect": ("next turn",),
    "leave.timed-effect-ends": ("next turn",),
    "leave.trigger-removed": ("triggered ability",),
    "leave.trigger-removed-stays": ("triggered ability",),
    "leave.trigger-target-gone": ("delayed triggered ability",),
    "leave.turn-continues": ("without an active player",),
    "leave.turn-continues-team": ("without an active player",),
    "leave.turn-ends": ("until end of turn",),
    "leave.turn-ends-no-active": ("until end of turn",),
    "leave.unattached": ("unattached",),
    "leave.until-commander-battlefield": ("commander",),
    "leave.until-commander-graveyard": ("commander", "graveyard"),
    "leave.until-commander-hand": ("commander", "hand"),
    "leave.until-commander-stays": ("commander",),
    "leave.until-owner-controls": ("owner",),
    "leave.until-returns": ("until",),
    "leave.until-returns-end-of-turn": ("until",),
    "leave.until-trigger": ("leaves-the-battlefield",),
    "leave.until-trigger-not-put": ("triggered ability",),
    "leave.wins": ("opponents have all left the game",),
    "legality.banned": (),
    "legality.checked": (),
    "legality.checked-cross": (),
    "legality.needs-card-data": ("deck construction",),
    "legality.not-checked": (),
    "legality.sources-differ": (),
    "legality.unknown": (),
    "mana.not-a-symbol": ("mana symbol",),
    "mana.too-large": ("mana symbol",),
    "mana.too-long": ("mana symbol",),
    "mana.unreadable": ("mana symbol",),
    "mana.variable-reduction": ("cost",),
    "tax.alone": ("additional costs",),
    "tax.alone-casts": ("command zone",),
    "tax.brawl": ("brawl",),
    "tax.colored-stays": ("generic mana component",),
    "tax.commander-tax-many": ("command zone",),
    "tax.commander-tax-one": ("command zone",),
    "tax.dtc-first-play": (),
    "tax.dtc-per-player": (),
    "tax.dtc-reduce": (),
    "tax.dtc-reduce-floor": (),
    "tax.dtc-start": (),
    "tax.dtc-tax": (),
    "tax.dtc-total": (),
    "tax.first-cast": ("command zone",),
    "tax.monocolored-hybrid": ("hybrid",),
    "tax.monocolored-hybrid-reduced": ("hybrid",),
    "tax.not-from-command-zone": ("command zone",),
    "tax.partners": ("separately",),
    "tax.planar-die-free": ("planar die",),
    "tax.planar-die-many": ("planar die",),
    "tax.planar-die-one": ("planar die",),
    "tax.planar-die-special-action": ("planar die",),
    "tax.planar-die-two-headed-giant": ("planar die",),
    "tax.reduce-announced-hybrid": ("hybrid",),
    "tax.reduce-as-generic": ("generic mana",),
    "tax.reduce-excess": ("generic",),
    "tax.reduce-generic": ("cost reductions",),
    "tax.reduce-generic-part": ("generic",),
    "tax.reduce-hybrid-choice": ("hybrid",),
    "tax.reduce-phyrexian": ("phyrexian",),
    "tax.reduce-pip": ("reduced",),
    "tax.reduce-snow": ("snow",),
    "tax.reduce-start": ("cost reductions",),
    "tax.reduction-left-over": ("generic",),
    "tax.reduction-left-over-x": ("generic",),
    "tax.start": ("mana cost",),
    "tax.total": ("total cost",),
    "tracker.cast": ("command zone",),
    "tracker.cast-dtc": ("command zone",),
    "tracker.named": ("designated as its commander",),
    "tracker.named-dtc": ("designated as its commander",),
    "tracker.named-partner": ("two legendary cards as your commander",),
    "tracker.casts-too-many": ("command zone",),
    "tracker.commanders-dtc-one": (),
    "tracker.commanders-two": ("two commanders",),
    "tracker.damage.correct": ("damage",),
    "tracker.damage.deal": ("damage",),
    "tracker.damage.life-back": ("life",),
    "tracker.damage.partners": ("separately",),
    "tracker.direct-attack-shields": (),
    "tracker.draw": ("draw",),
    "tracker.dtc-no-life": (),
    "tracker.game-over": ("wins the game",),
    "tracker.left-game": ("leaves the game",),
    "tracker.life.gain": ("life",),
    "tracker.life.lose": ("life",),
    "tracker.life.team-gain": ("life",),
    "tracker.life.team-lose": ("life",),
    "tracker.lose.concede": ("concedes",),
    "tracker.lose.direct-attack": (),
    "tracker.lose.effect": ("loses the game",),
    "tracker.lose.empty-library": ("library",),
    "tracker.lose.library-out": (),
    "tracker.lose.team": ("team",),
    "tracker.not-planechase": ("planechase",),
    "tracker.planar.blank": ("blank",),
    "tracker.planar.chaos": ("chaos",),
    "tracker.planar.free": ("planar die",),
    "tracker.planar.own-rolls": ("planar die",),
    "tracker.planar.planeswalker": ("planeswalker symbol",),
    "tracker.planar.roll": ("planar die",),
    "tracker.poison.get": ("poison counters",),
    "tracker.poison.remove": ("poison counters",),
    "tracker.poison.team-get": ("poison counters",),
    "tracker.poison.team-remove": ("poison counters",),
    "tracker.roll-not-active": ("planar die",),
    "tracker.sba.commander-damage": ("21 or more combat damage",),
    "tracker.sba.life": ("0 or less life",),
    "tracker.sba.poison": ("poison counters",),
    "tracker.sba.team-life": ("0 or less life",),
    "tracker.sba.team-poison": ("poison counters",),
    "tracker.set-casts": ("command zone",),
    "tracker.set-casts-dtc": ("command zone",),
    "tracker.shields.add": (),
    "tracker.shields.break": (),
    "tracker.shields.none-left": (),
    "tracker.snapshot-unreachable": ("state-based actions",),
    "tracker.start.big-teams": ("poison",),
    "tracker.start.brawl-multi": ("brawl", "multiplayer"),
    "tracker.start.brawl-two": ("brawl", "two-player"),
    "tracker.start.first-turn": ("first",),
    "tracker.start.life": ("life total",),
    "tracker.start.planar-die": ("planar die",),
    "tracker.start.shields": (),
    "tracker.start.team-life": ("shared life total",),
    "tracker.start.team-poison": ("poison counters",),
    "tracker.tax.dtc-per-player": (),
    "tracker.tax.next": ("command zone",),
    "tracker.tax.next-dtc": ("command zone",),
    "tracker.tax.partners": ("separately",),
    "tracker.teams-same-size": ("two-headed giant",),
    "tracker.teams-two": ("two teams",),
    "tracker.turn.planar-reset": ("planar die",),
    "tracker.turn.player": ("active player",),
    "tracker.turn.skip": ("begin",),
    "tracker.turn.team": ("team",),
    "tracker.win": ("wins the game",),
    "tracker.win-team": ("wins the game",),
    "tracker.without-cast.battlefield": ("command zone",),
    "tracker.without-cast.battlefield-dtc": ("command zone",),
    "tracker.without-cast.other-zone": ("command zone",),
    "tracker.without-cast.other-zone-dtc": ("command zone",),
}

# Codes whose rule is only known when the engine runs, beyond the worked rulings: the ways to lose.
RUNTIME_RULES: dict[str, set[str]] = {
    "tracker.sba.life": {LossReason.LIFE.rule},
    "tracker.sba.team-life": {LossReason.TEAM_LIFE.rule},
    "tracker.sba.poison": {LossReason.POISON.rule},
    "tracker.sba.team-poison": {LossReason.TEAM_POISON.rule},
    "tracker.lose.library-out": {LossReason.LIBRARY_OUT.rule},
}


def _emitted() -> dict[str, set[str]]:
    """Code -> every rule it can cite (CR numbers and anchors); the codes known only at run time too."""
    from judge.engine.scenario_replay import replay_scenario
    from judge.engine.scenarios import load_scenarios

    cited, _runtime = cited_by_code()
    found = {code: set(rules) for code, rules in cited.items()}
    for code, rules in RUNTIME_RULES.items():
        found.setdefault(code, set()).update(rules)
    for scenario in load_scenarios(SCENARIOS_DIR):
        for step in replay_scenario(scenario).steps:
            for engine_step in step.engine_steps:
                if engine_step.code and engine_step.rule:
                    found.setdefault(engine_step.code, set()).add(engine_step.rule)
    return found


def _mentions(text: str, words: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(words)}(?![\w-])", text, re.IGNORECASE) is not None


def test_every_code_the_engine_cites_with_is_in_the_table() -> None:
    emitted = _emitted()
    assert {"identity.land-type", "leave.monarch-to-active", "tax.start", "tracker.sba.life"} <= set(emitted)
    assert sorted(set(emitted) - set(STEP_SUBJECTS)) == []
    assert sorted(set(STEP_SUBJECTS) - set(emitted)) == []  # no entry for a code the engine no longer cites
    # A code said to cite no CR rule cites none; one given words cites one.
    assert {
        c: sorted(r) for c, r in emitted.items() if not STEP_SUBJECTS[c] and any(map(is_cr_number, r))
    } == {}
    runtime = cited_by_code()[1]  # a rule known only at run time may not show in a worked ruling
    assert [
        c
        for c, words in STEP_SUBJECTS.items()
        if words and not any(map(is_cr_number, emitted[c])) and c not in runtime
    ] == []


@pytest.mark.corpus
def test_every_cited_rule_names_the_steps_subject(real_corpus: Path) -> None:
    texts = _current_rules(real_corpus)  # CITED_RELEASE's numbers -> today's text of that rule
    wrong: dict[tuple[str, str], list[str]] = {}
    for code, rules in sorted(_emitted().items()):
        for rule in sorted(r for r in rules if is_cr_number(r)):
            if rule not in texts:
                wrong[(code, rule)] = ["(no such rule)"]
                continue
            missing = [words for words in STEP_SUBJECTS[code] if not _mentions(texts[rule], words)]
            if missing:
                wrong[(code, rule)] = missing
    assert wrong == {}


@pytest.mark.corpus
def test_a_basic_land_types_colour_cites_only_what_says_so(real_corpus: Path) -> None:
    """Issue 41 item 7: the land-type step cited the Commander document's point 2 and 903.5d for the colour
    a basic land type gives; the type gives a mana ability (305.6), and 903.5d is why its colours count."""
    from judge.engine.cards import Card, Face
    from judge.engine.identity import color_identity

    pool = Card(
        name="Breeding Pool",
        faces=(
            Face(
                name="Breeding Pool", type_line="Land — Forest Island", oracle_text="({T}: Add {G} or {U}.)"
            ),
        ),
    )
    steps = color_identity(card=pool).explanation
    by_code = {s.code: s.rule for s in steps}
    assert by_code["identity.land-type"] == "305.6" and by_code["identity.land-type-counts"] == "903.5d"
    assert "commander:2" not in {s.rule for s in steps}
    texts = _current_rules(real_corpus)
    assert _mentions(texts["305.6"], "basic land type") and _mentions(texts["903.5d"], "basic land type")
    assert not any(_mentions(texts[n], "basic land type") for n in texts if n.startswith("903.4"))
