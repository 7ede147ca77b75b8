"""Playing whole matches between agents: the loop behind the arena, the bench and the
WebAssembly check. Pure Python (no pygame), so it runs under Pyodide as it does natively."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..rules import options
from ..rules.save import Game, Setup
from ..rules.state import Phase
from ..rules.text import quote
from .random_agent import RandomAgent


@dataclass
class MatchResult:
    """What one match produced."""

    game: Game
    hands: int
    decisions: int
    illegal: list[int] = field(default_factory=list)
    """Per seat, how many actions the agent chose that the rules refused."""
    think_seconds: list[list[float]] = field(default_factory=list)
    """Per seat, the time of each decision."""
    refusals: list[str] = field(default_factory=list)
    """Each refused action, with its seat and the reason, for reports."""


def play_match(agents, setup: Setup, clock=time.perf_counter) -> MatchResult:
    """Play one match, ``agents[seat]`` choosing for each seat, to its end.

    An agent that answers with a refused action is counted in ``illegal`` and its seat plays
    the first legal action instead, so one broken bot cannot stall a tournament.

    Two optional agent methods let an agent follow the match (outside bots pass it on to their
    process): ``observe(events)`` gets every event as the agent's seat may see it (after each
    action and each new deal), ``refused(action, reason, played)`` hears why its action was
    refused and what its seat played instead.
    """
    game = Game(setup)
    state = game.state
    seats = setup.players
    illegal = [0] * seats
    times: list[list[float]] = [[] for _ in range(seats)]
    hands = 1
    decisions = 0
    refusals = []
    observers = [(s, a.observe) for s, a in enumerate(agents) if hasattr(a, "observe")]

    def tell(events) -> None:
        for s, observe in observers:
            observe([e.seen_by(s) for e in events])

    while not state.over:
        if state.phase is Phase.HAND_OVER:
            tell(game.next_hand())
            hands += 1
            continue
        seat = state.turn
        legal = state.legal_actions()
        fallback = legal[0]  # taken before the agent holds the list, which it could change
        start = clock()
        action = agents[seat].choose(state.view(seat), legal)
        times[seat].append(clock() - start)
        decisions += 1
        if (reason := state.check(action)) is not None:
            illegal[seat] += 1
            refusals.append(f"seat {seat + 1} chose {quote(str(action))}: {reason}")
            if hasattr(agents[seat], "refused"):
                agents[seat].refused(action, reason, fallback)
            action = fallback
        tell(game.play(action))
    return MatchResult(game, hands, decisions, illegal, times, refusals)


def play_random_match(seed: int, players: int, preset: str = "digital") -> dict:
    """A match between uniform random agents, as plain JSON-able data (used to compare
    CPython with the WebAssembly build: both must give exactly the same result)."""
    agents = [RandomAgent(seed * 100 + seat) for seat in range(players)]
    result = play_match(agents, Setup(options.preset(preset), players, seed))
    state = result.game.state
    return {"totals": state.totals, "winner": state.winner, "hands": result.hands,
            "decisions": result.decisions, "hand_scores": [list(s) for s in state.hand_scores]}
