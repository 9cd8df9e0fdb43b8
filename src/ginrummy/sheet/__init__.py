"""The score sheet for games played with real cards: model, notation, storage, command."""
