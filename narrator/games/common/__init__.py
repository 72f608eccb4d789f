"""Rules pieces more than one game needs: seats and their keys."""
