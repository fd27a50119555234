"""Casus Mus, Ruins & Raiders and Forge of Power at the table: rolls, words, turn order."""
