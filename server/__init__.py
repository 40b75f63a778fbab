"""The DoorKick host: lobby, matches, saves and LAN discovery."""
