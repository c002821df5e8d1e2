"""Every rule the engine cites exists in the current Comprehensive Rules and says what the engine relies on.

The engine cites the numbers of one release (judge.engine.citing.CITED_RELEASE) and the site shows them in the
current release's (judge.web.citations): each cited number is followed from that release to the newest in the
corpus, one release at a time as the ingest does (judge.parsing.lineage), and the rule it lands on is read.

Plus the fixes of the rules-correctness review, each with the rule it follows.
"""

from __future__ import annotations

import functools
import re
from itertools import pairwise
from pathlib import Path

import pytest

from judge.engine import dm
from judge.engine.citing import CITED_RELEASE
from judge.parsing.comprehensive_rules import parse_comprehensive_rules
from judge.parsing.lineage import Lineage, step_between

ROOT = Path(__file__).resolve().parents[2]
ENGINE_DIR = ROOT / "judge" / "engine"
SCENARIOS_DIR = ROOT / "rules_data" / "scenarios"
CR_NUMBER = re.compile(r"(?<![\d.])(\d{3}\.\d{1,3}[a-z]?)(?!\d)")
DOC_ANCHOR = re.compile(r"\"((?:dtc|commander):[a-z0-9-]+)\"")

# What each cited rule must say for the engine's use of it to be right (a phrase of the rule's own text).
MEANINGS: dict[str, tuple[str, ...]] = {
    # Commander tax and costs
    "601.2b": ("nonhybrid equivalent cost",),
    "601.2f": (
        "plus all additional costs and cost increases, and minus all cost reductions",
        "can’t be reduced to less than {0}",
    ),
    "118.7a": ("affect only the generic mana component",),
    "118.7": ("changed or reduced by effects",),
    "118.7b": ("the cost is reduced by that amount of generic mana",),
    "118.7c": ("exceeds its mana component of that color",),
    "118.7d": ("exceeds its colorless mana component",),
    "118.7e": ("hybrid mana symbol", "chooses one half"),
    "118.7f": ("Phyrexian mana symbol", "reduced by one mana of that symbol"),
    "118.7g": ("snow mana symbols", "generic mana"),
    "107.4": ("mana symbols",),
    "201.3b": ("deck construction", "interchangeable names have the same name"),
    "201.3c": ("later printings", "interchangeable names indicator", "bottom left-hand corner"),
    "107.4b": ("{X}", "represent generic mana"),
    "903.8": ("additional {2} for each previous time", "from the command zone"),
    "903.12a": ("Brawl games use the normal rules for the Commander variant",),
    "702.124a": ("Partner abilities", "Commander variant", "two commanders"),
    "702.124d": ("903.8", "903.10a", "separately"),
    "116.2i": ("planar die", "previously taken this action on that turn"),
    "901.9": ("previously taken this action on that turn",),
    "901.12d": ("that particular player",),
    # Commander damage
    "903.10a": ("21 or more combat damage by the same commander",),
    "704.6c": ("21 or more combat damage by the same commander",),
    "903.12h": ("704.6c",),
    "615.6": ("prevented, it never happens",),
    "120.8": ("0 damage",),
    "120.3a": ("lose that much life",),
    "702.124g": ("more than two commanders",),
    # Colour identity
    "903.4": ("mana symbols", "characteristic-defining abilities", "color indicator"),
    "903.4c": ("Reminder text is ignored",),
    "903.4d": ("back face of a double-faced card",),
    "903.4e": ("alternative characteristics",),
    "712.4b": ("meld", "fails to determine its characteristics"),
    "204.2": ("color indicator",),
    "604.3": ("characteristic-defining abilities",),
    "709.4": ("two halves combined",),
    "710.1": ("alternative characteristics",),
    "715.2": ("alternative characteristics",),
    "720.2": ("alternative characteristics",),
    # Deck construction
    "903.3": ("Vehicle", "Spacecraft"),
    "707.2": ("copiable values",),  # a copy of a commander (issue 41)
    "903.3a": ("can be your commander",),
    "903.12c": ("planeswalker card",),
    "903.5": ("deck construction",),
    "903.5a": ("exactly 100 cards",),
    "903.5b": ("different English name",),
    "201.3": ("interchangeable",),
    "903.5c": ("color identity",),
    "903.5d": ("basic land type", "each color of mana it could produce"),
    "305.6": (
        "basic land type has the intrinsic ability",
        "even if the text box doesn’t actually contain that text",
    ),
    "903.5e": ("sideboards",),
    "903.12d": ("exactly 60 cards",),
    "903.12e": ("basic lands of one basic land type", "903.5d"),
    "903.11a": ("same name as a card that player had in their starting deck", "color identity"),
    "702.124b": ("exactly 100 cards", "two commanders"),
    "702.124c": ("combined color identities",),
    "702.124h": ("if each of them has partner",),
    "702.124i": ("partner—[text]",),
    "702.124j": ("partner with [name]",),
    "702.124k": ("Background",),
    "702.124m": ("Time Lord Doctor",),
    "702.139a": ("Companion",),
    "702.139d": ("from outside the game via the companion special action",),
    # Leaving the game
    "800.4a": (
        "owned by that player leave the game",
        "cease to exist",
        "exiled",
        "any effects which give that player control of any objects or players end",
    ),
    "800.4": ("multiplayer games can continue after one or more players have left the game",),
    "800.4e": ("combat damage would be assigned to a player who has left the game",),
    "800.4m": ("until that player’s next turn", "until that turn would have begun"),
    "725.4": (
        "If the monarch leaves the game, the active player becomes the monarch",
        "If the active player is leaving the game or if there is no active player, the next player in turn "
        "order",
    ),
    "726.4": (
        "the active player takes the initiative",
        "If the active player is leaving the game or if there is no active player, the next player in turn "
        "order",
    ),
    "723.1": ("control another player during that player’s next turn",),
    "723.1a": ("The last one to be created is the one that works",),
    "723.3": ("still the active player",),
    "110.2": ("controller is, by default, the player under whose control it entered the battlefield",),
    "110.2a": ("enters the battlefield under that player’s control",),
    "112.2": (
        "controller is, by default, the player who put it on the stack",
        "the owner of the spell is the player under whose control it was put on the stack",
    ),
    "611.3b": ("at all times that the permanent generating it is on the battlefield",),
    "613.7": ("timestamp",),
    "613.1b": ("Control-changing effects",),
    "109.4": ("Only objects on the stack or on the battlefield have a controller",),
    "109.4d": ("planar controller",),
    "111.2": ("The token enters the battlefield under that player’s control",),
    "111.7": ("ceases to exist",),
    "113.1c": ("on the stack",),
    "114.1": ("command zone",),
    "114.2": ("both owned and controlled by that player",),
    "707.10a": ("ceases to exist",),
    "311.1": ("Only the Planechase casual variant uses plane cards",),
    "311.2": ("remain in the command zone",),
    "312.2": ("remain in the command zone",),
    "701.3d": ("leaves the battlefield",),
    "303.4d": ("can’t enchant itself",),
    "506.4": ("removed from combat if it leaves the battlefield",),
    "506.4c": ("not attacking any player, planeswalker, or battle", "it will deal no combat damage"),
    "508.1a": ("creatures that they control",),
    "509.1h": ("This remains unchanged until the creature is removed from combat",),
    "510.1a": ("0 or less damage", "don’t assign combat damage"),
    "510.1b": ("assigns its combat damage to the player, planeswalker, or battle it’s attacking",),
    "510.1c": ("assigns its combat damage to the creatures blocking it",),
    "514.2": ("“until end of turn”",),
    "702.19b": ("excess damage", "the player, planeswalker, or battle the creature is attacking"),
    "104.3b": ("life total is 0 or less",),
    "805.4a": ("active team",),
    "805.10b": ("announces which defending player",),
    "805.10f": ("the active team announces how each attacking creature will assign its combat damage",),
    "810.1": ("two teams of two players", "played with two teams"),
    "810.4": ("shared life total", "30"),
    "810.7": ("combat rules for the shared team turns option",),
    "810.8c": ("team’s life total is 0 or less",),
    "810.9": ("happen to each player individually", "applied to the team’s shared life total"),
    "901.8": ("controlled by the player whose planar die roll caused it to trigger",),
    "901.11b": ("The plane card that’s turned face up is the plane the player planeswalks to",),
    "901.12b": ("primary player of the next team in turn order",),
    "901.14a": ("Each of them is a planar controller",),
    "901.15b": ("the planar controller is considered to be the owner of all cards in the planar deck",),
    "903.9a": ("its owner may put it into the command zone", "state-based action"),
    "903.9b": ("hand or library", "command zone instead"),
    "102.1": ("The active player is the player whose turn it is",),
    "103.1": ("default turn order begins with the starting player and proceeds clockwise",),
    "610.3": ("A second one-shot effect is created immediately after the specified event",),
    "610.3c": ("returns under its owner’s control unless otherwise specified",),
    "603.6c": (
        "Leaves-the-battlefield abilities trigger",
        "leaves the game because its owner leaves the game",
    ),
    "726.1": ("The initiative is a designation a player can have",),
    "726.2": ("Whenever a player takes the initiative, that player ventures into Undercity",),
    "725.2": ("At the beginning of the monarch’s end step, that player draws a card",),
    "800.4b": ("player who has left the game",),
    "800.4c": ("the object is exiled",),
    "800.4d": ("triggered ability",),
    "800.4j": ("without an active player",),
    "800.4k": ("would begin a turn",),
    "800.4n": ("ante zone",),
    "800.4p": ("planar controller",),
    "901.6": ("next player in turn order",),
    "901.10": ("turns the top card of their planar deck face up",),
    "901.10a": ("planeswalking ability",),
    "901.10b": ("new planar controller",),
    "901.11a": ("leaves the game",),
    "901.14b": ("turn markers", "No player is considered to have planeswalked"),
    "807.4e": ("designated for removal",),
    "611.2b": ("for as long as",),
    "611.2a": ("lasts as long as stated", "until the end of the game"),
    "603.7c": ("delayed triggered ability",),
    "704.5m": ("Aura",),
    "704.5n": ("Equipment",),
    "704.5p": ("battle or creature",),
    "704.6f": ("phenomenon",),
    "810.8a": ("only as a team",),
    "810.8b": ("concedes, their team leaves the game",),
    "104.2a": ("opponents have all left the game",),
    "104.1": ("A game ends immediately when a player wins, when the game is a draw",),
    "104.2c": ("all other teams have left the game",),
    "104.4a": ("draw",),
    # The table tracker
    "805.4": ("Each team takes turns",),
    "810.2": ("shared team turns",),
    "903.7": ("40",),
    "903.12f": ("25", "30"),
    "122.1f": ("ten or more poison counters",),
    "704.3": ("performs all applicable state-based actions simultaneously",),
    # Cited by the worked rulings' steps
    "104.3a": ("A player who concedes leaves the game immediately", "That player loses the game"),
    "303.4e": ("changing control of the object doesn’t change control of the Aura",),
    "312.4": ("the planar controller is whoever the active player is",),
    "312.5": ("When you move this card off a planar deck and turn it face up",),
    "508.1": ("the active player declares attackers",),
    "509.1": ("the defending player declares blockers",),
    "603.7": ("delayed triggered ability",),
    "603.7e": (
        "The controller of that delayed triggered ability is the player who controlled that other ability",
    ),
    "702.124": ("Partner",),
}

# Rules whose use needs no phrase check beyond existing: plain definitions.
PLAIN_DEFINITIONS = frozenset(
    {
        "102.1",
        "103.4",
        "103.8",
        "104.3e",
        "119.3",
        "704.5a",
        "704.5b",
        "704.5c",
        "704.6a",
        "704.6b",
        "810.9",
        "810.10",
        "810.11",
        "901.9a",
        "901.9b",
        "901.9c",
    }
)

# What a worked ruling's step claims a rule says, where the claim is more than the rule's general meaning
# above:
# (slug, step number) -> {rule: phrase of that rule's own text}. The findings of issue 24 are each pinned
# here.
STEP_CLAIMS: dict[tuple[str, int], dict[str, str]] = {
    ("bribery-act-of-treason-default-controller-leaves", 2): {
        "611.2a": "lasts as long as stated",
        "613.1b": "Control-changing effects",
    },
    ("planechase-phenomenon-ability-owner-leaves", 1): {
        "901.6": "Normally, the planar controller is whoever the active player is",
        "312.4": (
            "The controller of a face-up phenomenon card is the player designated as the planar controller"
        ),
    },
    ("planechase-phenomenon-ability-owner-leaves", 2): {
        "901.10b": "Abilities from phenomena owned by a player who left the game remain on the stack "
        "controlled by the new planar controller",
    },
    ("player-concedes-mid-combat", 1): {
        "508.1": "the active player declares attackers",
        "509.1": "the defending player declares blockers",
    },
    ("player-concedes-mid-combat", 2): {
        "104.3a": "A player who concedes leaves the game immediately",
        "509.1h": "This remains unchanged until the creature is removed from combat",
        "510.1c": "it assigns no combat damage",
    },
    ("two-headed-giant-team-leaves", 1): {"810.8b": "their team leaves the game immediately"},
}


BOARD_MODULES = (
    "board",
    "board_checks",
    "board_payload",
    "board_reader",
    "board_effects_payload",
    "leave_game",
    "leave_game_until",
    "board_until_checks",
    "board_until_payload",
    "leave_game_planes",
    "leave_game_result",
    "control",
    "turn_end",
    "combat",
    "dtc_game",
)


def _current_rules(real_corpus: Path) -> dict[str, str]:
    """Each rule number of CITED_RELEASE -> the text of the rule it is in the newest release of the corpus
    (a rule removed since is left out)."""
    return _followed_texts(real_corpus)


@functools.cache
def _followed_texts(real_corpus: Path) -> dict[str, str]:
    files = sorted((real_corpus / "en").glob("MagicCompRules *.txt"))
    since = [f for f in files if f.stem.rpartition(" ")[2] >= CITED_RELEASE]
    docs = [parse_comprehensive_rules(f.read_text(encoding="utf-8-sig"), source=f.name) for f in since]
    assert docs and docs[0].version == CITED_RELEASE, (
        f"the corpus has no release {CITED_RELEASE} (CITED_RELEASE)"
    )
    line = Lineage([d.version for d in docs], [step_between(a, b) for a, b in pairwise(docs)])
    renumbering = line.renumbering(CITED_RELEASE)
    newest = {r.number: r.text for r in docs[-1].rules}
    followed = {n: renumbering.get(n, n) for n in (r.number for r in docs[0].rules)}
    return {n: newest[now] for n, now in followed.items() if now in newest}


def _engine_citations() -> dict[str, set[str]]:
    """Every CR number written anywhere in the engine (Step rules, constants, texts, docstrings) and
    scenarios."""
    cited: dict[str, set[str]] = {}
    for path in [*sorted(ENGINE_DIR.rglob("*.py")), *sorted(SCENARIOS_DIR.glob("*.json"))]:
        for number in CR_NUMBER.findall(path.read_text(encoding="utf-8")):
            cited.setdefault(number, set()).add(path.name)
    return cited


@pytest.mark.corpus
def test_every_cr_number_cited_by_the_engine_exists_in_the_current_rules(real_corpus: Path) -> None:
    numbers = set(_current_rules(real_corpus))
    cited = _engine_citations()
    assert {"903.8", "704.6c", "800.4a", "702.124d", "903.11a"} <= set(cited)  # the scan does find them
    missing = {rule: sorted(where) for rule, where in cited.items() if rule not in numbers}
    assert missing == {}


@pytest.mark.corpus
def test_cited_rules_say_what_the_engine_relies_on(real_corpus: Path) -> None:
    texts = _current_rules(real_corpus)
    wrong = {rule: [p for p in phrases if p not in texts.get(rule, "")] for rule, phrases in MEANINGS.items()}
    assert {rule: missing for rule, missing in wrong.items() if missing} == {}


def test_step_rules_used_by_the_engine_are_all_checked_for_meaning() -> None:
    """Each rule="..." the engine's steps and problems carry has an entry in MEANINGS (so a renumbering
    shows)."""
    step_rules: set[str] = set()
    for path in ENGINE_DIR.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        step_rules |= set(re.findall(r'rule="(\d{3}\.\d{1,3}[a-z]?)"', source))
        step_rules |= set(re.findall(r'state\.step\("(\d{3}\.\d{1,3}[a-z]?)"', source))
    for name in BOARD_MODULES:  # the board rulings pass rules positionally: every quoted number is a citation
        step_rules |= set(
            re.findall(r'"(\d{3}\.\d{1,3}[a-z]?)"', (ENGINE_DIR / f"{name}.py").read_text(encoding="utf-8"))
        )
    assert step_rules - set(MEANINGS) - PLAIN_DEFINITIONS == set()


def _worked_ruling_citations() -> dict[tuple[str, int], set[str]]:
    """(slug, step number) -> every CR number the step names: its cited rules, its engine steps' rules, and
    any
    number written in its narration or engine texts, in both languages (step 0: the ruling's own list)."""
    from judge.engine.scenario_replay import replay_scenario
    from judge.engine.scenarios import load_scenarios

    named: dict[tuple[str, int], set[str]] = {}
    for scenario in load_scenarios(SCENARIOS_DIR):
        named[(scenario.slug, 0)] = {r for r in scenario.rules if CR_NUMBER.fullmatch(r)}
        for lang in ("en", "ja"):
            for step in replay_scenario(scenario).to_answer(lang)["steps"]:
                found = named.setdefault((scenario.slug, step["number"]), set())
                found |= {r for r in step.get("rules", []) if CR_NUMBER.fullmatch(r)}
                for engine_step in step.get("engine_steps", []):
                    if CR_NUMBER.fullmatch(engine_step["rule"]):
                        found.add(engine_step["rule"])
                    found |= set(CR_NUMBER.findall(engine_step["text"]))
                found |= set(CR_NUMBER.findall(step["narration"]))
    return named


def test_every_rule_a_worked_ruling_names_is_checked_for_meaning() -> None:
    """A step's rule label is checked against the CR text (MEANINGS, read by the corpus test below)."""
    named = _worked_ruling_citations()
    assert {"901.6", "312.4", "611.2a", "613.1b", "509.1h", "510.1c", "800.4j"} <= set().union(
        *named.values()
    )
    unchecked = {
        where: sorted(rules - set(MEANINGS) - PLAIN_DEFINITIONS)
        for where, rules in named.items()
        if rules - set(MEANINGS) - PLAIN_DEFINITIONS
    }
    assert unchecked == {}
    # Each pinned claim is about a rule its step does name.
    assert {
        where: sorted(set(c) - named[where]) for where, c in STEP_CLAIMS.items() if set(c) - named[where]
    } == {}


@pytest.mark.corpus
def test_each_worked_ruling_step_says_what_the_rules_it_names_say(real_corpus: Path) -> None:
    """Every rule a worked ruling's step names is read in the current CR: it exists, says what the engine
    relies
    on (MEANINGS), and says what the step claims of it (STEP_CLAIMS)."""
    texts = _current_rules(real_corpus)
    wrong: dict[tuple[str, int, str], list[str]] = {}
    for where, rules in _worked_ruling_citations().items():
        for rule in sorted(rules):
            if rule not in texts:
                wrong[(*where, rule)] = ["(no such rule)"]
                continue
            phrases = [
                *MEANINGS.get(rule, ()),
                *([STEP_CLAIMS[where][rule]] if rule in STEP_CLAIMS.get(where, {}) else []),
            ]
            missing = [p for p in phrases if p not in texts[rule]]
            if missing:
                wrong[(*where, rule)] = missing
    assert wrong == {}


@pytest.mark.corpus
def test_format_document_anchors_cited_by_the_engine_exist(real_corpus: Path) -> None:
    from judge.parsing import ja_commander_rules, ja_dtc

    anchors: dict[str, set[str]] = {"dtc": set(), "commander": set()}
    for path in sorted((real_corpus / "ja").glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        if ja_dtc.sniff(text):
            anchors["dtc"] |= {s.anchor for s in ja_dtc.parse(text, source=path.name).sections}
        elif ja_commander_rules.sniff(text):
            anchors["commander"] |= {
                s.anchor for s in ja_commander_rules.parse(text, source=path.name).sections
            }
    assert anchors["dtc"] and anchors["commander"]
    cited = set()
    for path in ENGINE_DIR.rglob("*.py"):
        cited |= set(DOC_ANCHOR.findall(path.read_text(encoding="utf-8")))
    cited -= set(dm.RULE_IDS)  # deck-problem ids, mapped to sections by judge.web.citations.DOC_ALIASES
    assert {"dtc:commander-tax", "commander:9"} <= cited
    missing = set()
    for rule in cited:
        prefix, _, anchor = rule.partition(":")
        wanted = f"rule-{anchor}" if prefix == "commander" and anchor.isdigit() else anchor
        if wanted not in anchors[prefix]:
            missing.add(rule)
    assert missing == set()
