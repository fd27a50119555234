"""Daggerheart: one package, one object (``SYSTEM``) the program reaches it through."""

from encounter_app.systems.daggerheart.system import Daggerheart

SYSTEM = Daggerheart()
