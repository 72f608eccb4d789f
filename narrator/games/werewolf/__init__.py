"""Ultimate Werewolf: Inquisition (W1–W38 in ``shared/design/werewolf-inquisition.md``): pure
rules over plain data, the steps as the shell draws them, the lines, the record, the script.
The app holds no secret of this game (W36); it keeps the public table and paces the night."""
