"""Casus Mus, Ruins & Raiders and Forge of Power without Qt: their roll requests, their words
in the roll log, and a combatant joining an encounter."""
