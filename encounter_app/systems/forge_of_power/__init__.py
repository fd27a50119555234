"""Forge of Power: one package, one object (``SYSTEM``) the program reaches it through."""

from encounter_app.systems.forge_of_power.system import ForgeOfPower

SYSTEM = ForgeOfPower()
