"""The screens of the game, one scene each, kept on the app's scene stack."""
