"""The library and its editors: adversary templates and environments, the stat-block and
environment editors, and the encounter builder."""
