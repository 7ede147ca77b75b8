"""The table: one model, and the views and rooms that read it.

``model`` is the one thing the canvas, the accessible mirror and the tests read: the hand as you
arranged it, your selection, the buttons it offers and the words of the log. Every other module
here reads the model (and the engine's state); none of them is read by the model.

- ``model``: ``TableModel``, ``Say``, ``Sort``, ``Where`` and the words for cards and melds.
- ``layout``: rectangles from the window size, the seats, your hand and everyone's melds (pure
  functions, no pygame).
- ``frame``: ``TableFrame``, the one value a frame reads (layout, state, model, settings and what
  the scene shows on top of them), and the geometry every room shares.
- ``controls``: taps, drags, drops and keys becoming the model's choices and the scene's view
  changes. (Not ``input``: that name would hide the builtin wherever the module is imported.)
- ``motion``: the engine's events becoming flights (the deal, each action, the reveal).
- ``draw``: pixels from a ``TableFrame`` and nothing else.
- ``seven``: what seven hands add (the offer, the teams) in words and numbers, no pygame.
- ``offer_panel``: the seven-hand offer, status strip and team totals drawn.

The scene that holds the time (timeline, toast, controllers) stays a scene,
``game.ui.scenes.table``. This package imports nothing when imported, so that a module may
read a small piece of it without loading the table.
"""
