"""Encounter Manager: run tabletop RPG encounters on a laptop, offline."""

__version__ = "0.1.0"
