"""Coin Call: a test-only game that proves a game is a folder (issue item 6).

Nothing outside this folder knows it: the tests register it (``registry.register``), and
the shell, the journal, resume, undo and the headless player run it as they run Ravnica.
"""
