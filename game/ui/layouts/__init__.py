"""Pure geometry of each game's table (no arcade import)."""
