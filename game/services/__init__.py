"""What the game keeps and offers a player around the table: saves, settings, statistics
(records), undo and rewind, hints, deal codes, seats and sound. Below the UI, above the AI:
only ``sound`` imports pygame."""
