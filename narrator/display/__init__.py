"""The table display: the public view of the game on a TV or every phone at the table.

A read-only page served on the local network while a game runs (``server``), fed the game's
public view only (``feed``), never its state: nothing secret can reach it. Off by default.
"""
