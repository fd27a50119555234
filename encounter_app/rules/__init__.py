"""Pure game rules: dice, odds and one module per game. No Qt, no database.

Every function takes its random source as an argument, so a result depends only on its inputs.
"""
