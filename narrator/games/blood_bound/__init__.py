"""Blood Bound with the Inquisitor variant: the pure rules (B-ids of
``shared/design/blood-bound-inquisitor.md``)."""
