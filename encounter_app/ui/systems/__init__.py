"""The window's parts for Casus Mus, Ruins & Raiders and Forge of Power."""
