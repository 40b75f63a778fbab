"""Our own small widget set: theme, text fitting, buttons, text input, lists, dialogs, tooltips."""
