"""Saves, settings and the per-user data folder (no arcade imports here)."""
