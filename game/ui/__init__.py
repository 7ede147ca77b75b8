"""The table a player sees: pygame-ce scenes, layout, card art, animation and input.

Nothing outside ``game.ui`` imports it; it reads the engine (``game.rules``) and the agents
(``game.ai``).
"""
