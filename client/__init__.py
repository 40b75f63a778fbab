"""The pygame-ce client: scenes, rendering and physics animation."""
