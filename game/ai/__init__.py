"""Computer players. Every agent sees only its seat's view and the legal actions.

Modules: ``agent`` (the protocol: start / think / answer / choose), ``knowledge`` (what a seat
knows, from a view or one seat of a sampled world), ``heuristics`` (the medium judgement),
``easy``, ``medium``, ``hard`` (the levels), ``search`` (the hard level's information-set
search), ``random_agent`` (the baseline), ``sparring`` (the greedy and hoarding partners every level
is measured against, also the hard level's opponent models) and ``registry`` (agents by name).
"""
