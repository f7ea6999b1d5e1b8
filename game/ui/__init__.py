"""Sprites, tweens, layout, input and widgets shared by the table views."""
