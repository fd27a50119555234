"""What a Daggerheart adversary feature's text makes happen, read from the words the SRD uses.

``feature_action(text)`` is part of the rules contract (``rules/daggerheart.py`` exports it; see
shared/DESIGN.md): it reads a feature such as Spit Acid ("Make an attack against all targets in
front of the Burrower within Close range. Targets the Burrower succeeds against take 2d6 physical
damage and must mark an Armor Slot…") into a ``FeatureAction`` the program can play in one click.

The SRD words its 414 adversary features in a small, regular vocabulary; this module reads that
vocabulary and nothing cleverer. Where the texts leave room, this module decides, and says so
here so it is easy to change (**interpretations**):

- An attack is one the feature makes ("Make an attack", "make a standard attack", "make one
  shared attack roll", "Mark a Stress to attack a target"), not one it waits for ("When the Bear
  makes a successful attack…", "Before the Flickerfly makes an attack…").
- The feature's range is the first "within <range> range" of the text (Scorched Earth's point
  "within Far range", not the blast "within Very Close range of that point"); a text with none
  has ``range`` None, and an attack then uses the stat block's own.
- Its damage is the first damage the text names ("2d6 physical damage", "4 physical damage
  each", "1d8 magic damage"), written as cards write it ("2d6 phy"); a typeless "1d6 damage"
  is physical. "half damage", "Severe damage" and damage equal to something are no damage
  expression.
- A cost is what the adversary or the GM pays: a Stress marked "to" or "and" do something
  ("Mark a Stress to…", "you can mark a Stress to…", "On a success, mark a Stress to deal…") and
  a Fear spent ("Spend a Fear to…", "spend 2 Fear…"). A Stress the target must mark ("the
  target must mark 2 Stress", "force them to mark 2 Stress") is put on the target. A count given
  as dice ("marks 1d4+1 Stress") is not a number and is left to the GM.
- Conditions put on a target are Restrained and Vulnerable as the SRD words them ("Restrain
  them", "is Restrained", "making them Vulnerable"); a condition the target must already have
  ("against a Vulnerable target") or the adversary takes itself ("Become Hidden") is not one.
- A feature that neither makes an attack, asks a Reaction Roll nor names damage is None, also
  when it has dice that only count something ("summon 1d4 Bladed Guards", "gain 1d4 Fear").

Any text returns, never raises: the GM's own homebrew is read as far as it goes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

RANGES = ("Melee", "Very Close", "Close", "Far", "Very Far")
TRAITS = ("Agility", "Strength", "Finesse", "Instinct", "Presence", "Knowledge")
CONDITIONS = ("Restrained", "Vulnerable")

_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
                 "six": 6}
_COUNT = r"(a|an|one|two|three|four|five|six|\d+)"
_RANGE = r"(very close|close|far|very far|melee)"


@dataclass(frozen=True)
class FeatureAction:
    """What an adversary feature's text makes happen, as the SRD words it (shared/DESIGN.md)."""

    attack: bool  # it makes an attack roll ("make an attack", "a standard attack")
    standard: bool  # "a standard attack": the stat block's own attack
    range: str | None  # "Melee", "Very Close", "Close", "Far", "Very Far"; None if none
    all_targets: bool  # all targets, all creatures, a group: not one target
    damage: str | None  # its own damage as cards write it: "2d6 phy", "2d10+6 mag"
    direct: bool  # "direct" damage
    advantage: bool  # the attack is made with advantage
    cost_stress: int  # Stress the adversary marks for it
    cost_fear: int  # Fear the GM spends for it
    target_stress: int  # Stress each target it succeeds against must mark
    armor_slot: bool  # such a target must mark an Armor Slot
    conditions: frozenset[str]  # conditions it puts on a target: "Restrained", "Vulnerable"
    reaction_roll: str | None  # the trait of the Reaction Roll it asks of targets ("Agility")
    reaction_difficulty: int | None  # that roll's Difficulty when the text gives one ("(14)")
    half_on_success: bool  # a target who succeeds on that roll takes half damage


# curly quotes, en and em dashes, the minus sign and a hard space made plain; soft hyphens gone
_PLAIN = str.maketrans("\u2018\u2019\u201c\u201d\u2013\u2014\u2212\u00a0", "''\"\"--- ", "\u00ad")


def normalise(text: str) -> str:
    """``text`` with the marks a copy from a PDF or a web page brings made plain: curly quotes
    straight, dashes as hyphens, a word hyphenated across a line joined, all whitespace one
    space."""
    text = text.translate(_PLAIN)
    text = re.sub(r"(\w)-\s*\n\s*(\w)", r"\1\2", text)
    return re.sub(r"\s+", " ", text).strip()


def _count(word: str) -> int:
    return _NUMBER_WORDS.get(word.lower(), int(word) if word.isdigit() else 1)


# An attack the feature makes: the base form of "make" (an order, "to make", "can make", the
# Minions' "make one shared attack roll"), or "to attack"/"can attack" a target.
_ATTACK = re.compile(
    r"\b(?:make|making) (?:(?:an?|one|one shared|their|its|his|her) )?(standard )?attack\b"
    r"|\b(?:to|can|and|then) (?:make )?(standard )?attack (?:a|an|one|two|three|all|up to|"
    r"every|each|the|that|these|those)\b"
    r"|\bmake (standard )?attacks? (?:roll )?against\b"
    r"|(?:^|[,;:]\s*)(standard )?attack (?:a|all|two|three|up to)\b",
    re.IGNORECASE)
_THEY_MAKE = re.compile(r"\b(?:they|minions|who) make (?:an?|one|one shared|their) "
                        r"(standard )?attack", re.IGNORECASE)
_ALL = re.compile(
    r"\ball (?:\w+ )?(?:targets|creatures|pcs|foes|enemies|those)\b|\b(?:two|three|four|five|"
    r"up to \w+) (?:\w+ )?targets\b|\beach (?:target|creature|pc)\b|\bthese targets\b"
    r"|\ba group\b|\btargets (?:the \w+ )?succeeds? against\b|\bfor each target\b"
    r"|\bevery (?:\w+ )?(?:creature|target|pc|foe|enemy)\b|\bany number of targets\b",
    re.IGNORECASE)
_DAMAGE = re.compile(
    r"(?<![\w+-])(\d*d\d+(?:\s*[+-]\s*\d+)*|\d+)\s+(direct\s+)?(?:(physical|magic|phy|mag)\s+)?"
    r"damage\b"
    r"|(?<![\w+-])(\d*d\d+(?:\s*[+-]\s*\d+)*|\d+)\s+(direct\s+)?(physical|magic)\b(?=\s*[,.;]|$)",
    re.IGNORECASE)
_STANDARD_DAMAGE = re.compile(r"\bdeal (?:the [\w' ]+?'s |their |its )?standard attack damage\b",
                              re.IGNORECASE)
_DIRECT = re.compile(r"\bdirect\b(?:\s+(?:physical|magic))?\s+damage\b", re.IGNORECASE)
_MARK_STRESS = re.compile(rf"\bmarks? {_COUNT}? ?stress\b", re.IGNORECASE)
_PAID = re.compile(r"^\s*(?:to|and|before)\b", re.IGNORECASE)
_NOT_COST = re.compile(r"\b(?:must|to|they|target|targets|attacker|who|them|also|those)\s+$",
                       re.IGNORECASE)
_COST_FEAR = re.compile(rf"\bspend {_COUNT} fear\b", re.IGNORECASE)
_ARMOR = re.compile(r"\bmust (?:also )?mark an armor slot\b", re.IGNORECASE)
_REACTION = re.compile(
    r"\b(agility|strength|finesse|instinct|presence|knowledge) reaction roll"
    r"(?:\s*\((\d+)\))?", re.IGNORECASE)
_HALF = re.compile(
    r"\b(?:succeed|succeeds|success)\b[^.]*\bhalf (?:the )?damage\b"
    r"|\bhalf (?:the )?damage\b[^.]*\bsucce", re.IGNORECASE)
_ADVANTAGE = re.compile(r"\battack\w*(?: roll)? with advantage\b|\bwith advantage against\b",
                        re.IGNORECASE)
_CONDITION = re.compile(
    r"\b(?:is|are|be|become|becomes|them|target|making them|make them|temporarily|and|"
    r"is temporarily|are temporarily|and is|and are)\s+(restrained|vulnerable)\b"
    r"|\b(restrain) (?:them|the target|that target|it|him|her)\b", re.IGNORECASE)


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", text) if s]


def _attack_sentences(sentences: list[str]) -> list[str]:
    return [s for s in sentences if _makes_attack(s)]


def _makes_attack(sentence: str) -> bool:
    """Whether ``sentence`` makes an attack, not only waits for one ("When a creature moves
    into Melee range to make an attack, …" waits; "…, you can mark a Stress … and make an
    attack against that creature" makes one)."""
    if _THEY_MAKE.search(sentence):
        return True
    for made in _ATTACK.finditer(sentence):
        before = sentence[:made.start()].lower()
        if not re.search(r"(?:^|[,;:]\s*)(?:when|whenever|before|after|if|while)\b[^,]*$",
                         before):
            return True
    return False


def _damage(text: str) -> tuple[str | None, bool]:
    for found in _DAMAGE.finditer(text):
        if re.search(r"\bevery\s+$", text[:found.start()], re.IGNORECASE):
            continue  # a Minion's "For every 3 damage a PC deals": damage taken, not dealt
        groups = found.groups()
        amount, direct, kind = groups[:3] if groups[0] is not None else groups[3:]
        amount = re.sub(r"\s+", "", amount)
        if re.fullmatch(r"\d+", amount) and text[found.end():found.end() + 1] == "%":
            continue
        kind = (kind or "physical").lower()
        short = "mag" if kind.startswith("mag") else "phy"
        return f"{amount} {short}", bool(direct)
    return None, False


def _range(text: str) -> str | None:
    found = re.search(rf"\bwithin {_RANGE} range\b", text, re.IGNORECASE)
    if found is None:
        found = re.search(rf"\b(?:up to|in) {_RANGE} range\b", text, re.IGNORECASE)
    if found is None:
        return None
    words = found.group(1).lower()
    return next(r for r in RANGES if r.lower() == words)


def _stress_marks(text: str) -> tuple[int, int]:
    """The Stress the adversary marks to use the feature, and the Stress a target must mark:
    "Mark a Stress to…" (or "and", "before") is paid; "must mark 2 Stress", "force them to mark
    2 Stress", "…, mark a Stress, lose a Hope" is the target's. A count in dice is skipped."""
    cost = target = 0
    for found in _MARK_STRESS.finditer(text):
        word = found.group(1)
        count = _count(word) if word else 1
        if re.search(r"\d*d\d+\s*$", text[:found.end() - len(" stress")]):
            continue
        before, after = text[:found.start()], text[found.end():]
        sentence_start = re.search(r"(?:^|[.!?:]\s*)(?:[\w ]+,\s*)?$", before)
        own = not _NOT_COST.search(before) and not found.group(0).lower().startswith("marks")
        if own and (_PAID.match(after) or (sentence_start and not after.startswith(","))):
            cost = cost or count
        elif not target and not re.search(r"\bclears?\s+$", before, re.IGNORECASE):
            target = count
    return cost, target


def _conditions(text: str) -> frozenset[str]:
    named: set[str] = set()
    for found in _CONDITION.finditer(text):
        word = (found.group(1) or found.group(2)).lower()
        before = text[:found.start()].lower()
        if re.search(r"\b(?:against|hit|drop|holding) an?\s*$", before + " "):
            continue
        named.add("Restrained" if word.startswith("restrain") else "Vulnerable")
    return frozenset(named)


def feature_action(text: str) -> FeatureAction | None:
    """What ``text``, an adversary feature's text, makes happen; None when it neither rolls nor
    deals damage (a Reaction Roll it asks of targets counts as a roll; dice that only count
    something, as "summon 1d4", do not). Any text returns, never raises."""
    if not isinstance(text, str):
        return None
    plain = normalise(text)
    if not plain:
        return None
    sentences = _sentences(plain)
    attacks = _attack_sentences(sentences)
    attack = bool(attacks)
    standard = any(re.search(r"\bstandard attack", s, re.IGNORECASE) for s in attacks)
    reaction = _REACTION.search(plain)
    damage, direct = _damage(plain)
    direct = direct or bool(_DIRECT.search(plain))
    standard_damage = bool(_STANDARD_DAMAGE.search(plain))
    if not attack and reaction is None and damage is None and not standard_damage:
        return None
    cost_stress, target_stress = _stress_marks(plain)
    return FeatureAction(
        attack=attack,
        standard=standard or (standard_damage and not attack),
        range=_range(plain),
        all_targets=bool(_ALL.search(plain)),
        damage=damage,
        direct=direct,
        advantage=any(_ADVANTAGE.search(s) for s in attacks),
        cost_stress=cost_stress,
        cost_fear=sum(_count(m.group(1)) for m in _COST_FEAR.finditer(plain)),
        target_stress=target_stress,
        armor_slot=bool(_ARMOR.search(plain)),
        conditions=_conditions(plain),
        reaction_roll=reaction.group(1).capitalize() if reaction else None,
        reaction_difficulty=int(reaction.group(2)) if reaction and reaction.group(2) else None,
        half_on_success=bool(reaction) and bool(_HALF.search(plain)),
    )
