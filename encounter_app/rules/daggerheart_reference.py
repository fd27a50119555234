"""The GM screen's reference tables, from the Daggerheart core GM mechanics text.

Data only, for the searchable reference panels: the Difficulty benchmarks by trait and the
Fear to spend by scene intensity. Generated once from shared/rules; edit by hand from here.
"""

from __future__ import annotations

from typing import NamedTuple


class Benchmark(NamedTuple):
    trait: str
    task: str  # the column of the table: Sprint, Leap, Lift...
    difficulty: int
    example: str


class SceneGuide(NamedTuple):
    intensity: str
    examples: str
    least: int
    most: int


DIFFICULTY_BENCHMARKS: tuple[Benchmark, ...] = (
    Benchmark('Agility', 'Sprint', 5, 'Sprint within Close range across an open field with an enemy present.'),
    Benchmark('Agility', 'Leap', 5, 'Make a running jump of half your height (about 3 feet for a human).'),
    Benchmark('Agility', 'Maneuver', 5, 'Walk slowly across a narrow beam.'),
    Benchmark('Agility', 'Sprint', 10, 'Sprint within Far range across an open field with an enemy present.'),
    Benchmark('Agility', 'Leap', 10, 'Make a running jump of your height (about 6 feet for a human).'),
    Benchmark('Agility', 'Maneuver', 10, 'Walk quickly across a narrow beam.'),
    Benchmark('Agility', 'Sprint', 15, 'Sprint within Close range across rough terrain with an enemy present.'),
    Benchmark('Agility', 'Leap', 15, 'Make a running jump of double your height (about 12 feet for a human).'),
    Benchmark('Agility', 'Maneuver', 15, 'Run across a narrow beam.'),
    Benchmark('Agility', 'Sprint', 20, 'Sprint within Close range through an active battle of multiple enemies.'),
    Benchmark('Agility', 'Leap', 20, 'Make a running jump of three times your height (about 18 feet for a human).'),
    Benchmark('Agility', 'Maneuver', 20, 'Run across a narrow beam in heavy wind.'),
    Benchmark('Agility', 'Sprint', 25, 'Sprint within Far range through a pitched battle in rough terrain.'),
    Benchmark('Agility', 'Leap', 25, 'Make a running jump of five times your height (about 30 feet for a human).'),
    Benchmark('Agility', 'Maneuver', 25, 'Run across a very narrow beam in an active rainstorm.'),
    Benchmark('Agility', 'Sprint', 30, 'Sprint across the heads of your enemies in a pitched battle.'),
    Benchmark('Agility', 'Leap', 30, 'Make a running jump of ten times your height (about 60 feet for a human).'),
    Benchmark('Agility', 'Maneuver', 30, 'Run across an inch-wide, oil-slicked beam in an active rainstorm.'),
    Benchmark('Strength', 'Lift', 5, 'Lift a chair.'),
    Benchmark('Strength', 'Smash', 5, 'Destroy a glass cup.'),
    Benchmark('Strength', 'Grapple', 5, 'Subdue a child.'),
    Benchmark('Strength', 'Lift', 10, 'Lift a table or small chest.'),
    Benchmark('Strength', 'Smash', 10, 'Destroy a small wooden table.'),
    Benchmark('Strength', 'Grapple', 10, 'Subdue a weak adult.'),
    Benchmark('Strength', 'Lift', 15, 'Lift a grown person or large chest.'),
    Benchmark('Strength', 'Smash', 15, 'Break through a wooden door.'),
    Benchmark('Strength', 'Grapple', 15, 'Subdue an average adult.'),
    Benchmark('Strength', 'Lift', 20, 'Lift the side of a laden cart or carry a large chest up stairs.'),
    Benchmark('Strength', 'Smash', 20, 'Break through a stone wall.'),
    Benchmark('Strength', 'Grapple', 20, 'Subdue a skilled wrestler.'),
    Benchmark('Strength', 'Lift', 25, 'Lift a horse, an ox, or a large monster.'),
    Benchmark('Strength', 'Smash', 25, 'Break through a dragon’s teeth.'),
    Benchmark('Strength', 'Grapple', 25, 'Subdue a large beast.'),
    Benchmark('Strength', 'Lift', 30, 'Lift a falling portcullis gate.'),
    Benchmark('Strength', 'Smash', 30, 'Break a god’s grip.'),
    Benchmark('Strength', 'Grapple', 30, 'Subdue a legendary beast.'),
    Benchmark('Finesse', 'Control', 5, 'Ride a horse through easy terrain.'),
    Benchmark('Finesse', 'Hide', 5, 'Evade notice under full cover on a moonless night.'),
    Benchmark('Finesse', 'Tinker', 5, 'Open a sticky lock with the appropriate key.'),
    Benchmark('Finesse', 'Control', 10, 'Drive an ox-pulled cart.'),
    Benchmark('Finesse', 'Hide', 10, 'Evade notice in limited cover on a moonless night.'),
    Benchmark('Finesse', 'Tinker', 10, 'Open a simple puzzle box.'),
    Benchmark('Finesse', 'Control', 15, 'Ride a horse through rough terrain.'),
    Benchmark('Finesse', 'Hide', 15, 'Evade notice in limited cover on an average night.'),
    Benchmark('Finesse', 'Tinker', 15, 'Disable a standard trap.'),
    Benchmark('Finesse', 'Control', 20, 'Drive a cart through rough terrain.'),
    Benchmark('Finesse', 'Hide', 20, 'Evade notice in the shadows on an average night.'),
    Benchmark('Finesse', 'Tinker', 20, 'Disable a complicated trap.'),
    Benchmark('Finesse', 'Control', 25, 'Ride a wild horse through dangerous terrain.'),
    Benchmark('Finesse', 'Hide', 25, 'Evade notice with minimal cover in ample light.'),
    Benchmark('Finesse', 'Tinker', 25, 'Open a door secured by a sequence of elaborate locks.'),
    Benchmark('Finesse', 'Control', 30, 'Ride an enraged beast through dangerous terrain.'),
    Benchmark('Finesse', 'Hide', 30, 'Evade notice with no cover in full daylight.'),
    Benchmark('Finesse', 'Tinker', 30, 'Disable an incredibly sensitive and deadly trap.'),
    Benchmark('Instinct', 'Perceive', 5, 'Hear a loud noise twenty paces away.'),
    Benchmark('Instinct', 'Sense', 5, 'Detect an obvious ambush or notice an obvious deception.'),
    Benchmark('Instinct', 'Navigate', 5, 'Follow a well-trod path in good lighting and weather.'),
    Benchmark('Instinct', 'Perceive', 10, 'Hear a speaking voice fifty paces away.'),
    Benchmark('Instinct', 'Sense', 10, 'Detect a looming threat or notice an average person’s lies.'),
    Benchmark('Instinct', 'Navigate', 10, 'Follow an average path in good lighting and weather.'),
    Benchmark('Instinct', 'Perceive', 15, 'Hear someone walking in the woods fifty paces away.'),
    Benchmark('Instinct', 'Sense', 15, 'Detect hostile intent from a foe or see through a merchant’s lies.'),
    Benchmark('Instinct', 'Navigate', 15, 'Follow a subtle path through rough conditions.'),
    Benchmark('Instinct', 'Perceive', 20, 'Hear someone sneaking through the woods fifty paces away.'),
    Benchmark('Instinct', 'Sense', 20, 'Detect a politician’s veiled hostility or detect a nearby assassin.'),
    Benchmark('Instinct', 'Navigate', 20, 'Follow a subtle path through harsh conditions.'),
    Benchmark('Instinct', 'Perceive', 25, 'Hear a prowling animal fifty paces away.'),
    Benchmark('Instinct', 'Sense', 25, 'Identify a spymaster’s plot or read a politician’s true intentions.'),
    Benchmark('Instinct', 'Navigate', 25, 'Find your way with no path through dangerous conditions.'),
    Benchmark('Instinct', 'Perceive', 30, 'Hear a diving bird a hundred paces away.'),
    Benchmark('Instinct', 'Sense', 30, 'Sense a shred of doubt within a god’s pronouncement.'),
    Benchmark('Instinct', 'Navigate', 30, 'Find your way through a trickery god’s maze.'),
    Benchmark('Presence', 'Charm', 5, 'Win the trust of a friendly neighbor.'),
    Benchmark('Presence', 'Perform', 5, 'Earn a meal from a friendly crowd.'),
    Benchmark('Presence', 'Deceive', 5, 'Trick a trusting acquaintance.'),
    Benchmark('Presence', 'Charm', 10, 'Win the trust of a friendly stranger.'),
    Benchmark('Presence', 'Perform', 10, 'Earn room and board in a small town or impress a small crowd.'),
    Benchmark('Presence', 'Deceive', 10, 'Trick an average stranger.'),
    Benchmark('Presence', 'Charm', 15, 'Win the trust of a cautious stranger or talk your way into a noble’s party.'),
    Benchmark('Presence', 'Perform', 15, 'Earn room and board in a low-end tavern or impress a large crowd.'),
    Benchmark('Presence', 'Deceive', 15, 'Trick an average merchant.'),
    Benchmark('Presence', 'Charm', 20, 'Win the trust of a sympathetic foe or talk your way into an enemy’s party.'),
    Benchmark('Presence', 'Perform', 20, 'Earn lodging in a high-end tavern or impress a full theater.'),
    Benchmark('Presence', 'Deceive', 20, 'Trick a trained courtier.'),
    Benchmark('Presence', 'Charm', 25, 'Turn an enemy against their ruler or talk your way into a fae court.'),
    Benchmark('Presence', 'Perform', 25, 'Earn your keep in a royal court or impress a full colosseum.'),
    Benchmark('Presence', 'Deceive', 25, 'Trick a spymaster.'),
    Benchmark('Presence', 'Charm', 30, 'Talk a hostile god into granting you a boon.'),
    Benchmark('Presence', 'Perform', 30, 'Save yourself from execution after offending the queen.'),
    Benchmark('Presence', 'Deceive', 30, 'Trick a god.'),
    Benchmark('Knowledge', 'Recall', 5, 'Recall uncommon facts about your community.'),
    Benchmark('Knowledge', 'Analyze', 5, 'Unpack an obvious metaphor in a simple text.'),
    Benchmark('Knowledge', 'Comprehend', 5, 'Learn simple skills from an excellent teacher.'),
    Benchmark('Knowledge', 'Recall', 10, 'Recall uncommon facts about a neighboring community.'),
    Benchmark('Knowledge', 'Analyze', 10, 'Identify obvious subtext in a conversation.'),
    Benchmark('Knowledge', 'Comprehend', 10, 'Learn simple skills from an average teacher.'),
    Benchmark('Knowledge', 'Recall', 15, 'Recall uncommon facts about a distant community.'),
    Benchmark('Knowledge', 'Analyze', 15, 'Break an average cipher in a coded message.'),
    Benchmark('Knowledge', 'Comprehend', 15, 'Learn complicated skills from an excellent teacher.'),
    Benchmark('Knowledge', 'Recall', 20, 'Recall specialized facts about a distant community.'),
    Benchmark('Knowledge', 'Analyze', 20, 'Identify a weakness in a complicated battle plan.'),
    Benchmark('Knowledge', 'Comprehend', 20, 'Learn complicated skills under poor conditions.'),
    Benchmark('Knowledge', 'Recall', 25, 'Recall specialized facts about a fallen kingdom.'),
    Benchmark('Knowledge', 'Analyze', 25, 'Predict the downfall of a nation based on concealed misdeeds.'),
    Benchmark('Knowledge', 'Comprehend', 25, 'Learn complicated skills quickly under dangerous conditions.'),
    Benchmark('Knowledge', 'Recall', 30, 'Recall secret information about an obscure historical group.'),
    Benchmark('Knowledge', 'Analyze', 30, 'Identify the weakness in a divine champion’s fighting form.'),
    Benchmark('Knowledge', 'Comprehend', 30, 'Learn complicated skills quickly from incomplete information.'),
)

SCENE_GUIDES: tuple[SceneGuide, ...] = (
    SceneGuide('Incidental', 'A catch-up between PCs after an emotionally charged scene; gathering information; resupplying at a local market; resting during downtime.', 0, 1),
    SceneGuide('Minor', 'A travel sequence; a minor skirmish that introduces new foes or signals future trouble.', 1, 3),
    SceneGuide('Standard', 'A substantial battle with a notable objective; perilous travel that tests might and wit; a tense social encounter seeking crucial information or aid.', 2, 4),
    SceneGuide('Major', 'A large battle with a Solo or Leader adversary; a character-defining scene with a significant change to a character’s personal story (such as revelation, growth, and betrayal).', 4, 8),
    SceneGuide('Climactic', 'A major confrontation with the villain of a story arc; an epic set piece battle; a judicial duel to determine an important NPC’s fate.', 6, 12),
)
