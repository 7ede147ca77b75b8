"""Command-line tools around the game, never shipped with it: the arena and its outside bots,
the bench, the soak, replay, and the browser builds (``tools.web``). They may use what a
browser tab cannot (processes, threads, files); the game never imports them."""
