"""The Pyre: the table's referee and scorekeeper (turns, the die, reactions, Dominance)."""
