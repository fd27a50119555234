"""Ruins & Raiders: one package, one object (``SYSTEM``) the program reaches it through."""

from encounter_app.systems.ruins_and_raiders.system import RuinsAndRaiders

SYSTEM = RuinsAndRaiders()
