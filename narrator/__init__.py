"""Inquisition Narrator."""
