"""Casus Mus: one package, one object (``SYSTEM``) the program reaches it through."""

from encounter_app.systems.casus_mus.system import CasusMus

SYSTEM = CasusMus()
