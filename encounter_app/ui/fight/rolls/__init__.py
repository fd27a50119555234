"""The fight's rolls: the GM's roll actions and their dialogs, the odds before a roll, the
players' outcomes (keys 1–6), and the roll log."""
