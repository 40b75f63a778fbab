"""Munchkin Wonderland, the movement-board game."""
