"""The history of game nights: every game's journal indexed in SQLite beside the journals.

The journals stay the truth: the database (``history.sqlite3`` in the data folder) is rebuilt
from them whenever it is missing, damaged or of another schema, and brought up to date with
them at every look (a journal grown or new since is read again). It names no game: what it
keeps is read through the ``Game`` interface (the public view, the setup form, the summary,
the step that ends a game), so it holds only what the table may see.
"""
