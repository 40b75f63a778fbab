"""Card packs and boards shipped with DoorKick (TOML data)."""
