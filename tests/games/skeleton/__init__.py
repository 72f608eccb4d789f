"""Skeleton: a game of 3 to 6 players, X1–X5 (rules.py).

Written by ``scripts/new-game`` from its template, a whole game of its own. Change the
rules, the steps and the words: docs/writing-a-game.md's checklist names every file and id
a game needs.
"""
