"""Arcade views: the menu, the tables, the rules screens."""
