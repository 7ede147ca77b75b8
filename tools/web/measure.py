"""What the browser bench measures, as plain functions that run natively and, sent as source,
inside the page's own Python (``bench.py``): the same code on both sides, so the two results
can be compared. Imports only the game and the standard library (the page has nothing else).
"""

from __future__ import annotations

import asyncio
import random
import time

from game.ai.agent import SLICE_SECONDS
from game.ai.hard import HardAgent
from game.ai.registry import make_agent
from game.ai.selfplay import play_match
from game.rules.options import preset
from game.rules.save import Game, Setup
from game.rules.state import Phase, State

MATCH_LEVELS = ("hard", "medium", "easy")


def seeded_match(seed: int, hand_limit: int | None = None) -> dict:
    """A match of hard, medium and easy (digital rules; ``hand_limit`` hands at most): what
    must not differ. Hard's budget is counted in iterations here, not seconds, so its choices
    do not depend on how fast the machine (or the browser) is."""
    agents = [HardAgent(seed, budget_seconds=None) if level == "hard"
              else make_agent(level, seed + i) for i, level in enumerate(MATCH_LEVELS)]
    options = preset("digital")
    if hand_limit is not None:
        options = options.with_changes(hand_limit=hand_limit)
    result = play_match(agents, Setup(options, len(agents), seed))
    state = result.game.state
    return {"levels": list(MATCH_LEVELS), "seed": seed, "totals": list(state.totals),
            "winner": state.winner, "hands": result.hands, "decisions": result.decisions,
            "actions": [str(a) for a in result.game.actions]}


def hard_decisions(hands: int = 3) -> dict:
    """The hard level's decision times against medium (two seats, one hand each, as
    ``tools.bench``): every decision's time in ms (the caller takes percentiles: the page has
    only the game), and its longest think slice."""
    one_hand = preset("digital").with_changes(hand_limit=1)
    times, longest = [], 0.0
    for h in range(hands):
        state = State(one_hand, 2, 500 + h)
        mine = h % 2
        agents = [make_agent("medium", h), make_agent("medium", h)]
        agents[mine] = make_agent("hard", h)
        while state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
            seat = state.turn
            start = time.perf_counter()
            action = agents[seat].choose(state.view(seat), state.legal_actions())
            if seat == mine:
                times.append(time.perf_counter() - start)
            state.apply(action)
        longest = max(longest, agents[mine].longest_slice)
    return {"times_ms": [t * 1000 for t in times],
            "longest_slice_ms": round(longest * 1000, 2), "slice_ms": SLICE_SECONDS * 1000}


def running_app():
    """The App that main.main() is running (in the page): a local of that coroutine."""
    from game.ui.app import App

    for task in asyncio.all_tasks():
        coro = task.get_coro()
        while coro is not None:
            frame = getattr(coro, "cr_frame", None)
            if frame is not None and isinstance(frame.f_locals.get("app"), App):
                return frame.f_locals["app"]
            coro = getattr(coro, "cr_await", None)
    raise LookupError("no running App")


def start_table(players: int, seed: int) -> None:
    """Open a table of ``players`` medium computers at normal speed: it deals, then keeps
    animating turns without waiting for a person. Its frames are noted from the first
    (``watch_frames``)."""
    from game.services.seats import Seat

    seats = tuple(Seat(f"Computer {i}", "medium") for i in range(1, players + 1))
    running_app().start_match(Setup(preset("digital"), players, seed), seats)
    watch_frames()


def table_busy() -> bool:
    """Whether the table on top is animating or a computer is thinking."""
    top = running_app().scenes.top
    return bool(getattr(top, "busy", False))


FRAME_S = 1 / 60
_watched: list[tuple[float, float, bool, bool]] = []


def watch_frames() -> None:
    """From now on, note each frame the running app steps: when it began, how long the step
    took, and whether the table on top composed its board or its hand again
    (``watched_frames`` sorts the slow ones by that)."""
    app = running_app()
    step = app.step
    _watched.clear()

    def noted(events, dt):
        board = getattr(app.scenes.top, "board", None)
        before = (board.composed, board.hands) if board is not None else (0, 0)
        start = time.perf_counter()
        step(events, dt)
        after = (board.composed, board.hands) if board is not None else (0, 0)
        _watched.append((start, time.perf_counter() - start, after[0] > before[0],
                         after[1] > before[1]))

    app.step = noted


def watched_frames() -> dict:
    """The frames noted since ``watch_frames`` (which stops): how many, and of those that
    came later than a 60th of a second (by a millisecond) after the one before, how many and
    how many milliseconds late in all, by what their step did: the table's first frame, the
    board composed again, the hand composed again, or neither (cards flying, a card's art
    made, the page's own pauses)."""
    app = running_app()
    app.__dict__.pop("step", None)
    slow = {kind: [0, 0.0] for kind in ("first", "board", "hand", "other")}
    steps = []
    for i, (start, took, board, hand) in enumerate(_watched[:-1]):
        interval = _watched[i + 1][0] - start
        steps.append(took)
        if interval > FRAME_S + 0.001:
            kind = "first" if i == 0 else "board" if board else "hand" if hand else "other"
            slow[kind][0] += 1
            slow[kind][1] += (interval - FRAME_S) * 1000
    steps.sort()
    return {"frames": len(steps),
            "step_ms": {"median": round(steps[len(steps) // 2] * 1000, 2),
                        "p95": round(steps[int(len(steps) * 0.95)] * 1000, 2)} if steps else None,
            "late": {kind: {"frames": n, "ms": round(ms)} for kind, (n, ms) in slow.items()}}


def table_draw_ms(frames: int = 90) -> dict | None:
    """Milliseconds to draw the table on top with a whole deal in flight over it (the clock
    swept through the animation as ``tools.bench`` does natively): median and p95 after a
    pass that fills the caches. None when the table is not on top."""
    app = running_app()
    table = app.scenes.top
    if not hasattr(table, "animate_deal"):
        return None
    tl = table.timeline
    table.animate_deal()
    begin, end = tl.clock, tl.tail
    times = []
    for i in range(frames + 30):
        tl.clock = begin + (end - begin) * ((i % 30) + 0.5) / 30
        start = time.perf_counter()
        table.draw(app.surface)
        if i >= 30:
            times.append((time.perf_counter() - start) * 1000)
    times.sort()  # this module runs alone in the page: no tools.stats there
    return {"median": round(times[len(times) // 2], 2),
            "p95": round(times[int(len(times) * 0.95)], 2)}


def flip_ms(frames: int = 60) -> dict | None:
    """Milliseconds to present one frame (``pygame.display.flip``): SDL's presenter in the
    page copies the whole window into the canvas with ``putImageData``, whatever rectangles
    ``display.update`` is given. Median and p95; None when the app draws off screen."""
    import pygame

    app = running_app()
    if not app.windowed:
        return None
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        pygame.display.flip()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return {"median": round(times[len(times) // 2], 2),
            "p95": round(times[int(len(times) * 0.95)], 2)}


def hint_positions(count: int):
    """Seeded two-player matches in the meld phase whose hint one slice does not answer
    (random play from the deal, the seat to move holding at least seven cards), as
    ``(seed, game)``: the positions of ``tools.bench``'s ``hint_wait_s`` and of the page's
    own. Each hint is made as the table makes it (``hints.for_game``: the seat's evidence
    rebuilt from the record, then the search)."""
    from game.services.hints import for_game

    found = []
    for seed in range(1, 200):
        game = Game(Setup(preset("digital"), 2, seed, 0))
        state = game.state
        rand = random.Random(seed)
        for _ in range(6 + seed % 20):
            if state.phase is Phase.HAND_OVER:
                break
            game.play(rand.choice(state.legal_actions()))
        if state.phase is not Phase.MELD or len(state.hands[state.turn]) < 7:
            continue
        if not for_game(game, seed).think():
            found.append((seed, game))
            if len(found) == count:
                break
    return found


def hint_think_seconds(count: int = 6) -> list[list[float]]:
    """For each of ``hint_positions``, the seconds each frame spent thinking about the hint
    (one ``fill_frame`` a frame, as the table does) until it was ready, the first frame also
    rebuilding the seat's evidence as the table's does. The caller adds each frame's drawing
    and the frame's 1/60 s floor: the wait a player sees."""
    from game.services.hints import for_game
    from game.ui.thinking import fill_frame

    out = []
    for seed, game in hint_positions(count):
        start = time.perf_counter()
        hint = for_game(game, seed)
        frames, ready = [], False
        while not ready:
            ready, _ = fill_frame(hint.think)
            now = time.perf_counter()
            frames.append(now - start)
            start = now
        out.append(frames)
    return out
