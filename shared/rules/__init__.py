"""The rules engines: pure, deterministic, no I/O."""
