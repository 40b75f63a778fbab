"""Bot players that act only from a seat's view and its legal actions."""
