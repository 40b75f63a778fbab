"""Code shared by host and client: the rules engines, bots, wire protocol and command line."""
