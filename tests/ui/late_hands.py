"""Real late-hand positions: medium agents play every seat (seat 0, the person's, too) until
seat 0 has four, five or six melds down, the states where hands are decided and the table
is fullest. Each position is a ``Game`` whose action list the table replays like a save.

One playthrough per (preset, players, seed) notes when seat 0 first reaches each count of
melds; a position is then its action list replayed into a fresh ``Game`` (tests may play on
from it). The agents are deterministic for a seed, so a test gets the same tables every run.
"""

from __future__ import annotations

import functools

from game.ai.registry import make_agent
from game.rules.options import PRESETS
from game.rules.save import Game, Setup
from game.rules.state import Phase

PRESET_NAMES = ("digital", "classic", "book")
PLAYING = (Phase.DRAW, Phase.MELD, Phase.OFFER)
MOST = 6


@functools.cache
def _milestones(preset: str, players: int, seed: int, limit: int = 2000) -> dict:
    """How many actions in seat 0 is first to move with at least 4, 5 and 6 melds down
    (hands that end first are scored and the next one dealt, as at the table); the counts
    the match never reaches are missing. Empty for a preset that does not seat ``players``."""
    options = PRESETS[preset]
    if not options.min_players <= players <= options.max_players:
        return {}
    game = Game(Setup(options, players, seed))
    agents = [make_agent("medium", seed * 31 + i) for i in range(players)]
    found: dict[int, tuple] = {}
    for _ in range(limit):
        st = game.state
        if st.phase is Phase.MATCH_OVER:
            break
        if st.phase is Phase.HAND_OVER:
            game.next_hand()
            continue
        if st.turn == 0 and st.phase in PLAYING:
            for m in range(4, min(MOST, len(st.melds[0])) + 1):
                found.setdefault(m, tuple(game.actions))
            if len(st.melds[0]) >= MOST:
                break
        view = st.view(st.turn)
        game.play(agents[st.turn].choose(view, view.legal_actions()))
    return found


def play_until(game: Game, agents, done=lambda state: False, limit: int = 100_000) -> bool:
    """Let ``agents`` (one a seat, each reading its own view) play ``game`` on, dealing
    each next hand as the table does, until ``done(state)`` holds before a move (True), or
    the match is over or ``limit`` steps (moves and deals) have passed (False)."""
    for _ in range(limit):
        st = game.state
        if done(st):
            return True
        if st.phase is Phase.MATCH_OVER:
            return False
        if st.phase is Phase.HAND_OVER:
            game.next_hand()
            continue
        view = st.view(st.turn)
        game.play(agents[st.turn].choose(view, view.legal_actions()))
    return False


def replayed(setup: Setup, actions) -> Game:
    """A fresh ``Game`` of ``setup`` with ``actions`` played, each next hand dealt as the
    table deals it (as a save is loaded)."""
    game = Game(setup)
    for action in actions:
        if game.state.phase is Phase.HAND_OVER:
            game.next_hand()
        game.play(action)
    return game


def late_hand(preset: str, players: int, seed: int, melds: int = 5) -> Game | None:
    """A fresh game where seat 0 is to move with at least ``melds`` (4-6) melds down, or
    None when this seed's match does not get there."""
    actions = _milestones(preset, players, seed).get(melds)
    if actions is None:
        return None
    return replayed(Setup(PRESETS[preset], players, seed), actions)


def late_hands(players: int, presets=PRESET_NAMES, per_preset: int = 2, seeds=range(1, 13)):
    """Up to ``per_preset`` late-hand positions for ``players`` under each preset that seats
    them, as (name, game): six melds down where seeds get there, else five, else four
    (eight players rarely meld five times before someone goes out)."""
    found = []
    for preset in presets:
        for melds in range(MOST, 3, -1):
            hits = []
            for s in seeds:
                if melds in _milestones(preset, players, s):
                    hits.append(s)
                    if len(hits) == per_preset:
                        break
            if len(hits) == per_preset or (hits and melds == 4):
                found += [(f"{preset}-{players}p-s{s}-{melds}m", late_hand(preset, players,
                                                                          s, melds))
                          for s in hits]
                break
    return found
