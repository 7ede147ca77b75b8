"""The engine: the rules of Oklahoma Rummy as pure Python (no pygame, no I/O, no clock).

Modules: ``cards`` (cards as small ints), ``options`` (the rule options and presets),
``melds``, ``actions`` (what a player does, with its text form), ``phase``, ``legal`` (the
legal actions), ``deal``, ``state`` (a match: apply an action or refuse it with a reason),
``events``, ``view`` (what one seat may see, and determinization for search), ``observer``,
``scoring``, ``text`` (how typed and saved text is read and quoted back) and ``save`` (a
match's record, its file, and the one replay of a record).
"""
