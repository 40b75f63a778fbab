"""Cosmetic motion with pymunk: the dice tray and card flights. Nothing here touches the game state."""
