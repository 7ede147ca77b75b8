"""Computer players. Every agent sees only its seat's view and the legal actions."""
