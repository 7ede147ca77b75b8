"""Benchmarks: ``python -m tools.bench`` prints one JSON object per line.

``engine_steps_per_s``: decisions of a uniform random player per second, where a decision is
generating the legal actions, choosing one and applying it (as the AI's search does, with
``trusted=True``); dealing the next hand is not a decision. ``engine_checked_steps_per_s`` is
the same with every action checked, as a click or a save file is. ``random_hands_per_s``
counts whole hands, deal included. Each figure is the best of a few timed rounds.

``gc_pause_ms`` (one line per player count): the garbage collector during a long random play
(``GC_STEPS`` decisions, the memos of the listing filling as in a long session), timed with
``gc.callbacks``: how many collections, the longest (wall clock, and ``longest_cpu_ms`` in
process time), and the share of the play's process time spent collecting. The bar: every pause
shorter than a frame (16.7 ms).

``legal_position`` (one line per fixed adversarial position: hands that once made the listing
slow, and the worst ones ``--search-legal`` found): how many actions ``legal_actions()`` lists
for it and how long the call takes from cold memos (``ms``, and ``cpu_ms`` in process time),
in the meld phase and, with a pile, the draw phase; under the preset, with two jokers added
where the position holds one (positions the preset cannot have, such as a run laid with a wild
under ``digital``, are left out). ``legal_worst`` is the worst of them (the bar: at most 3,000
actions and 20 ms for any hand of up to 20 cards).
``steps_vs_digital``: random-play steps per second of the preset over digital's, measured in the
same run, digital's rounds between the preset's: ``value`` by CPU time (which other processes on
a busy machine do not inflate), ``wall`` by the clock (the bar for ``classic`` and ``book``: at
least 0.5).

``steps_vs_base`` (only with ``--against REV``, one line per player count, 2, 4 and 8 where
``--preset`` allows them): this tree's random-play steps against those of commit REV, in the
same run. REV's ``game/`` is unpacked from ``git archive`` into a temporary directory, and each
version plays in its own worker process (``tools/random_play.py``, the same loop for both) the
same plays: ``--pairs`` rounds of ``--steps`` decisions, each round from its own seed, the two
versions' rounds taken in turn (who goes first alternating) so both see the same machine.
``value`` is REV's summed CPU time over this tree's (above 1: this tree is faster), ``wall`` the
same by the clock, with each side's steps per second of CPU time and the hands dealt (equal
when both versions list the same actions in the same order, so the plays are the same).

``openspiel_steps_per_s`` and ``steps_vs_openspiel`` (with ``--openspiel``, and in the full
run): OpenSpiel's gin rummy (two players) played at random through ``pyspiel`` from Python, the
loop ours is (legal actions, a uniform choice, apply), its chance nodes (cards dealt and drawn)
played but not counted as decisions, as our deals are not (``with_chance_nodes`` counts them);
then our two-player random play under ``digital`` and ``classic`` against it, by CPU time, the
rounds in turn as above. Without ``open_spiel`` installed the line says so and the rest runs;
it is a benchmark's dependency only (``pip install open_spiel``, a CPython 3.11 wheel on PyPI).

``decision_ms`` (one line per AI level): the level's decision time p50/p90/max (wall clock,
and ``cpu_ms`` in process time, which a busy machine does not inflate) over the decisions of a
few hands against medium players (2 players), and its longest think slice (wall clock, and
``longest_slice_cpu_ms`` in process time).
For ``hard`` also ``playouts_per_s`` (simulated candidate playouts, of up to the search horizon
in turns, per second of thinking) and ``playout_steps_per_s`` (actions played inside them).

``frame_ms`` (also alone with ``--frame``): the time to draw one frame of an eight-seat table
with melds down while the deal is flying, at 1280x720 and 390x844, median and p95 over two
passes through the animation after one pass that fills the caches (``cpu_ms``: the same in
process time, which other programs busy on the machine do not inflate).

``hint_wait_s`` (also alone with ``--hint``): how long a player waits for a hint at the table's
real pace, from the press (the seat's evidence rebuilt from the match's record) through 60
frames a second, each frame thinking through its budget (``fill_frame``) and then sleeping out
the frame as drawing would: median and max over seeded positions whose hint
needs a search (one slice does not answer it), with the frames and think slices it took.

``startup_cpu_s`` (also alone with ``--startup``): the desktop start in process time (which a
busy machine does not inflate), in a fresh interpreter each time, the best of three: ``import
main`` (the launcher, pygame, the engine), and everything from there to the title's first frame
drawn (the app's imports, the window, the settings, the title's first draw, and closing
pygame after it). The browser's own figures are ``python -m tools.web bench``'s ``load`` line.

``machine_stalls`` (only with ``--stalls SECONDS``): how long the machine itself stalls a
process that runs none of the game's rules or AI, a loop that allocates and frees small
objects as a search does, timed in batches of about 0.05 ms: the longest batch in process time
and wall clock, and how many took over 10 ms. On a virtual machine the host can take the
processor for milliseconds and the guest counts that time to whichever process was running, so
a think slice that meets such a stall lasts at least as long, whatever the search does
(docs/ai.md, "Thinking without blocking a frame"). Run it beside an arena run to compare the
two.
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from game.rules import legal
from game.rules.actions import Act, parse_action
from game.rules.cards import cards_text, deck, parse_card
from game.rules.melds import new_run, new_set
from game.rules.options import PRESETS, preset
from game.rules.state import Phase, State

from . import cli
from .random_play import play
from .web.measure import hint_positions

ADVERSARIAL = (
    # (hand, own melds, pile top or ""): the hands that once made the listing slow first
    ("2S 2H 2D 2C 3S 4S 5S 6S 7S 8S 9S 10S JS", (), "QS"),
    ("2S 2H 2D 2C 2S 3S 4S 5S 6S 7S 8S 9S 10S", (), "JS"),
    ("JK 2S 2H 2D 2C 3S 4S 5S 6S 7S 8S 9S 10S", (), "JS"),
    ("JK JK 2S 2H 2D 2C 2S 2H 2D 2C 3S 4S 5S 6S 7S 8S 9S 10S", (), "JS"),
    # the worst that ``--search-legal`` found (classic and book, seeds 1 to 6)
    ("JK AS AC 2S 2S 2H 2H 2D 2D 2C 2C 4C 5S 5C 6C 7S 7C 8C 9S QC", (), "JK"),
    ("AC 2S 2S 2H 2H 2D 2D 2C 2C 3S 4C 5S 5C 6C 7C 8S 8C 9S 9C QC",
     ("set 7D 7C 7H", "run JK=9S 10S JS", "run 9H 10H JH"), "JK"),
    ("JK JK AH AD 2S 2H 2H 2D 2C 2C 3H 5S 5H 5C 8D 9H 9D 10D JH QH", (), "2D"),
    ("JK JK AD AC 2S 2H 2H 2D 2D 2C 3D 3C 6D 6D 6C 7C 8D 9D 9C 10C",
     ("run 2C=4S 5S 6S", "run 5S 6S 7S"), "JH"),
    ("JK JK AD 2S 2H 2D 2C 4S 4D 5D 5C 6S 6D 7D 8S 8D 9D 10S QS QD", (), "2C"),
    ("JK JK 2S 2H 2D 2D 2C 2C 4H 6H 7S 7H 8H 9S 9H 10H JS JD QS QD", (), "2H"),
)
"""Fixed positions for ``legal_position``: the worst hands of up to 20 cards known."""


GC_STEPS = 300_000
"""Decisions of the random play that ``gc_pause_ms`` watches."""


def gc_pauses(options, players: int, steps: int = GC_STEPS, seed: int = 3) -> dict:
    """The ``gc_pause_ms`` figure (see the module docstring)."""
    pauses: list[tuple[float, float]] = []
    began = [0.0, 0.0]

    def watch(phase, info):
        if phase == "start":
            began[:] = time.perf_counter(), time.process_time()
        else:
            pauses.append((time.perf_counter() - began[0], time.process_time() - began[1]))

    gc.collect()
    gc.callbacks.append(watch)
    try:
        done, _, _, spent = play(options, players, seed, steps=steps)
    finally:
        gc.callbacks.remove(watch)
    return {"name": "gc_pause_ms", "players": players, "steps": done, "unit": "ms",
            "collections": len(pauses),
            "longest_ms": round(max((p[0] for p in pauses), default=0.0) * 1000, 2),
            "longest_cpu_ms": round(max((p[1] for p in pauses), default=0.0) * 1000, 2),
            "share": round(sum(p[1] for p in pauses) / spent, 4) if spent else 0.0}


def figures(preset_name: str, seconds: float, rounds: int, levels_hands: int = 4):
    """Yield the benchmark figures as dicts."""
    options = preset(preset_name)
    yield from _legal_positions(preset_name, options)
    for players in (2, 8):
        if not options.min_players <= players <= options.max_players:
            continue
        runs, ref = [], []
        for r in range(rounds):  # digital's rounds in between, so both see the same machine
            runs.append(play(options, players, r, seconds=seconds))
            if preset_name != "digital":
                ref.append(play(PRESETS["digital"], players, r, seconds=seconds))
        steps = max(r[0] / r[2] for r in runs)
        yield {"name": "engine_steps_per_s", "preset": preset_name, "players": players,
               "unit": "steps/s", "value": round(steps)}
        if ref:
            cpu = max(r[0] / r[3] for r in runs) / max(r[0] / r[3] for r in ref)
            yield {"name": "steps_vs_digital", "preset": preset_name, "players": players,
                   "unit": "ratio", "value": round(cpu, 2),
                   "wall": round(steps / max(r[0] / r[2] for r in ref), 2)}
        yield {"name": "random_hands_per_s", "preset": preset_name, "players": players,
               "unit": "hands/s", "value": round(max(r[1] / r[2] for r in runs), 1)}
        checked = [play(options, players, r, seconds=seconds, trusted=False)
                   for r in range(rounds)]
        yield {"name": "engine_checked_steps_per_s", "preset": preset_name, "players": players,
               "unit": "steps/s", "value": round(max(r[0] / r[2] for r in checked))}
        yield {"preset": preset_name, **gc_pauses(options, players)}
    yield from _state_ops(options)
    # Start the AI timings from a clean heap, as a game does, not from the garbage of the
    # engine runs above: a full collection walking it would land in some think slice.
    gc.collect()
    yield from _levels(preset_name, options, hands=levels_hands)


COMPARE_STEPS = 4_000
"""Decisions in each round of ``--against`` and ``--openspiel``: a tenth of a second or so,
short enough that the two sides' rounds, taken in turn, see the same machine."""
COMPARE_ROUNDS = 24
"""Rounds of each side, each from its own seed (the same seeds for both sides)."""
MAX_ROUNDS = 1000
"""Most ``--rounds``, ``--pairs`` and ``--level-hands``."""
MAX_STEPS = 10_000_000
"""Most ``--steps`` per round (minutes of a core)."""
MAX_SECONDS = 3600.0
"""Longest ``--seconds``, ``--search-legal`` and ``--stalls``: an hour."""

COMPARE_PLAYERS = (2, 4, 8)


def _repo() -> Path:
    return Path(__file__).resolve().parent.parent


class _Worker:
    """A ``tools/random_play.py`` worker playing the engine of the tree at ``root``."""

    def __init__(self, root: Path):
        env = dict(os.environ, PYTHONPATH=str(root))
        self._proc = subprocess.Popen(
            [sys.executable, str(_repo() / "tools" / "random_play.py")], cwd=root, env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def play(self, preset_name: str, players: int, seed: int, steps: int) -> dict:
        """One play of ``steps`` decisions from ``seed``."""
        assert self._proc.stdin and self._proc.stdout
        self._proc.stdin.write(json.dumps({"preset": preset_name, "players": players,
                                           "seed": seed, "steps": steps}) + "\n")
        self._proc.stdin.flush()
        line = self._proc.stdout.readline()
        if not line:
            raise RuntimeError("the random-play worker stopped (see its error above)")
        return json.loads(line)

    def close(self) -> None:
        assert self._proc.stdin
        self._proc.stdin.close()
        self._proc.wait()


def _archive(rev: str, into: Path) -> str:
    """Unpack the game of commit ``rev`` into ``into``; return the commit's short name."""
    repo = _repo()
    short = subprocess.run(["git", "rev-parse", "--short", f"{rev}^{{commit}}"], cwd=repo,
                           capture_output=True, text=True)
    if short.returncode:
        raise SystemExit(f"--against: {rev!r} is not a commit of this repository")
    tar = subprocess.run(["git", "archive", "--format=tar", rev, "game"], cwd=repo,
                         capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        archive.extractall(into, filter="data")
    return short.stdout.strip()


def against_figures(rev: str, preset_name: str, rounds: int = COMPARE_ROUNDS,
                    steps: int = COMPARE_STEPS):
    """``steps_vs_base`` (see the module docstring): this tree's random play against commit
    ``rev``'s, each version in a worker process, round by round in turn, the same seeds."""
    options = preset(preset_name)
    with tempfile.TemporaryDirectory(prefix="arlington-base-") as tmp:
        label = _archive(rev, Path(tmp))
        workers = {"tree": _Worker(_repo()), "base": _Worker(Path(tmp))}
        try:
            for players in COMPARE_PLAYERS:
                if not options.min_players <= players <= options.max_players:
                    continue
                spent = {name: [0.0, 0.0, 0] for name in workers}  # CPU, wall, hands
                for r in range(rounds):  # who goes first alternates, so neither always waits
                    for name in (("tree", "base") if r % 2 == 0 else ("base", "tree")):
                        got = workers[name].play(preset_name, players, 100 + r, steps)
                        spent[name][0] += got["cpu_s"]
                        spent[name][1] += got["wall_s"]
                        spent[name][2] += got["hands"]
                (cpu, wall, hands), (base_cpu, base_wall, base_hands) = spent["tree"], spent["base"]
                total = steps * rounds
                yield {"name": "steps_vs_base", "base": label, "preset": preset_name,
                       "players": players, "unit": "ratio", "value": round(base_cpu / cpu, 3),
                       "wall": round(base_wall / wall, 3), "steps": total,
                       "steps_per_s": round(total / cpu),
                       "base_steps_per_s": round(total / base_cpu),
                       "hands": hands, "base_hands": base_hands}
        finally:
            for worker in workers.values():
                worker.close()


def _openspiel_play(game, seed: int, steps: int) -> tuple[int, float]:
    """Uniform random play of an OpenSpiel game through ``pyspiel`` for ``steps`` decisions (a
    chance node, a card dealt or drawn, is played but not counted, as our deals are not):
    (chance nodes, CPU seconds). Gin rummy's chance outcomes are all equally likely."""
    rand = random.Random(seed)
    done = chance = 0
    start = time.process_time()
    while done < steps:
        state = game.new_initial_state()
        while done < steps and not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rand.choice(state.chance_outcomes())[0])
                chance += 1
            else:
                state.apply_action(rand.choice(state.legal_actions()))
                done += 1
    return chance, time.process_time() - start


def openspiel_figures(rounds: int = COMPARE_ROUNDS, steps: int = COMPARE_STEPS):
    """``openspiel_steps_per_s`` and ``steps_vs_openspiel`` (see the module docstring)."""
    try:
        import pyspiel
    except ImportError:
        yield {"name": "openspiel_steps_per_s", "skipped":
               "open_spiel is not installed (pip install open_spiel; see docs/engine.md)"}
        return
    game = pyspiel.load_game("gin_rummy")
    theirs, chance = 0.0, 0
    ours = {name: 0.0 for name in ("digital", "classic")}
    for r in range(rounds):  # the two engines' rounds in turn, the same seeds
        nodes, cpu = _openspiel_play(game, 100 + r, steps)
        theirs, chance = theirs + cpu, chance + nodes
        for name in ours:
            ours[name] += play(PRESETS[name], 2, 100 + r, steps=steps)[3]
    total = steps * rounds
    yield {"name": "openspiel_steps_per_s", "game": "gin_rummy", "players": 2,
           "unit": "steps/s", "value": round(total / theirs),
           "with_chance_nodes": round((total + chance) / theirs)}
    for name, cpu in ours.items():
        yield {"name": "steps_vs_openspiel", "preset": name, "players": 2, "unit": "ratio",
               "value": round(theirs / cpu, 3), "steps_per_s": round(total / cpu)}


def _cards(text: str) -> list[int]:
    return sorted(parse_card(w) for w in text.split())


def _melds(texts, options) -> list:
    """Melds from action texts (``run 5S 6S 7S``), or None if the options refuse one."""
    out = []
    for text in texts:
        a = parse_action(text)
        made = new_run(a.cards, options) if a.kind is Act.RUN else new_set(a.cards, options)
        if isinstance(made, str):
            return None
        out.append(made)
    return out


def _cold(fn, repeats: int = 3) -> tuple[float, int, float]:
    """(seconds, actions, CPU seconds) of ``fn()`` called with empty memos, the best of a few
    calls (CPU time, which a busy machine does not inflate, as well as wall-clock time)."""
    best = cpu = float("inf")
    n = 0
    for _ in range(repeats):
        legal.clear_caches()
        start, start_cpu = time.perf_counter(), time.process_time()
        n = len(fn())
        best = min(best, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return best, n, cpu


def _measure(hand, melds, top, options) -> list[tuple[str, float, int, float]]:
    """(phase, seconds, actions, CPU seconds) of the meld phase and, with a pile, the draw
    phase."""
    out = [("meld", *_cold(lambda: legal.legal_actions(Phase.MELD, hand, melds, [], options)))]
    if top is not None:
        out.append(("draw", *_cold(lambda: legal.legal_actions(Phase.DRAW, hand, melds, [top],
                                                                   options))))
    return out


def _legal_positions(preset_name: str, options):
    """``legal_position`` and ``legal_worst`` (see the module docstring)."""
    worst = {"ms": 0.0, "actions": 0, "cpu_ms": 0.0}
    for hand_text, meld_texts, top_text in ADVERSARIAL:
        hand = _cards(hand_text)
        jokers = "JK" in " ".join((hand_text, top_text, *meld_texts))
        opts = options.with_changes(jokers=2) if jokers and not options.jokers else options
        melds = _melds(meld_texts, opts)
        if melds is None:
            continue
        top = parse_card(top_text) if top_text else None
        for phase, spent, n, cpu in _measure(hand, melds, top, opts):
            ms, cpu_ms = round(spent * 1000, 3), round(cpu * 1000, 3)
            yield {"name": "legal_position", "preset": preset_name, "jokers": opts.jokers,
                   "hand": hand_text, "melds": list(meld_texts), "top": top_text,
                   "phase": phase, "actions": n, "ms": ms, "cpu_ms": cpu_ms}
            worst["ms"] = max(worst["ms"], ms)
            worst["cpu_ms"] = max(worst["cpu_ms"], cpu_ms)
            worst["actions"] = max(worst["actions"], n)
    yield {"name": "legal_worst", "preset": preset_name, "unit": "ms", "value": worst["ms"],
           "cpu_ms": worst["cpu_ms"], "actions": worst["actions"],
           "positions": len(ADVERSARIAL)}


MELD_POOL = ("run 5S 6S 7S", "run 9H 10H JH", "set 7D 7C 7H", "run 2C=4S 5S 6S",
             "set KS KH 2D", "run JK=9S 10S JS", "run AD 2D 3D", "set 2S 2H 2C")
"""Own melds the search may put on the table (those the options allow)."""


def search_legal(options, seconds: float, seed: int, cards: int = 20):
    """Hill-climb for positions where ``legal_actions()`` lists the most actions: hands of up to
    ``cards`` cards (no card more often than the deck holds it), own melds from ``MELD_POOL``
    and a pile top. Returns the worst found as (actions, ms, hand, melds, top)."""
    rand = random.Random(seed)
    full = deck(2)
    pool = [m for m in MELD_POOL if _melds((m,), options) is not None]

    def fits(hand, melds, top):
        counts = {}
        for c in hand + [top] + [c for m in melds for c in parse_action(m).cards]:
            counts[c] = counts.get(c, 0) + 1
        return all(n <= full.count(c) for c, n in counts.items())

    def score(hand, melds, top):
        opts = options.with_changes(jokers=2)
        made = _melds(melds, opts)
        figs = _measure(sorted(hand), made, top, opts)
        return max(f[2] for f in figs), max(f[3] for f in figs) * 1000

    def fresh():
        cards_ = rand.sample(full, cards)
        return cards_, [], rand.choice(full)

    best = cur = None
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        if cur is None or rand.random() < 0.02:
            hand, melds, top = fresh()
            cur = (score(hand, melds, top), hand, melds, top)
        (n, ms), hand, melds, top = cur
        hand, melds = hand[:], melds[:]
        move = rand.random()
        if move < 0.7:
            hand[rand.randrange(len(hand))] = rand.choice(full)
        elif move < 0.85:
            top = rand.choice(full)
        elif pool:
            melds = rand.sample(pool, rand.randint(0, min(3, len(pool))))
        if not fits(hand, melds, top):
            continue
        got = score(hand, melds, top)
        if got >= cur[0]:
            cur = (got, hand, melds, top)
        if best is None or got > best[0]:
            best = (got, hand, melds, top)
    (n, ms), hand, melds, top = best
    return n, round(ms, 3), cards_text(sorted(hand)), melds, cards_text([top])


def _state_ops(options):
    """Per-operation costs the AI's search pays: copy, view, determinize."""
    rand = random.Random(5)
    state = State(options, 4, 11)
    for _ in range(40):  # a mid-hand position
        if state.phase is not Phase.DRAW and state.phase is not Phase.MELD:
            break
        state.apply(rand.choice(state.legal_actions()), trusted=True)
    view = state.view(state.turn)
    for name, op in (("state_copy", state.copy), ("state_view", lambda: state.view(state.turn)),
                     ("view_determinize", lambda: view.determinize(rand)),
                     ("legal_actions", state.legal_actions)):
        n = 20000
        start = time.perf_counter()
        for _ in range(n):
            op()
        per = (time.perf_counter() - start) / n
        yield {"name": name, "preset": options is PRESETS["digital"] and "digital" or "custom",
               "players": 4, "unit": "us", "value": round(per * 1e6, 2)}


def _levels(preset_name: str, options, hands: int):
    """Decision times of each AI level (see the module docstring)."""
    from game.ai.registry import make_agent

    from .stats import percentiles
    one_hand = options.with_changes(hand_limit=1)
    for level in ("easy", "medium", "hard"):
        times, cpu_times, slices, playouts, steps, think = [], [], 0.0, 0, 0, 0.0
        slices_cpu = 0.0
        for h in range(hands):
            state = State(one_hand, 2, 500 + h)
            mine = h % 2  # the level sits in either seat
            agents = [make_agent("medium", h), make_agent("medium", h)]
            agents[mine] = make_agent(level, h)
            while state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
                seat = state.turn
                agent = agents[seat]
                start, cpu = time.perf_counter(), time.process_time()
                action = agent.choose(state.view(seat), state.legal_actions())
                spent = time.perf_counter() - start
                if seat == mine:
                    times.append(spent)
                    cpu_times.append(time.process_time() - cpu)
                    search = getattr(agent, "_search", None)
                    if search is not None:
                        playouts += search.playouts
                        steps += search.steps
                        think += search.spent
                state.apply(action)
            slices = max(slices, agents[mine].longest_slice)
            slices_cpu = max(slices_cpu, getattr(agents[mine], "longest_slice_cpu", 0.0))
        fig = {"name": "decision_ms", "level": level, "preset": preset_name, "players": 2,
               "unit": "ms", "decisions": len(times),
               **{k: round(v * 1000, 3) for k, v in percentiles(times).items()},
               "cpu_ms": {k: round(v * 1000, 3) for k, v in percentiles(cpu_times).items()},
               "longest_slice_ms": round(slices * 1000, 3),
               "longest_slice_cpu_ms": round(slices_cpu * 1000, 3)}
        if level == "hard":
            fig["playouts_per_s"] = round(playouts / think) if think else 0
            fig["playout_steps_per_s"] = round(steps / think) if think else 0
        yield fig


def frame_figures(frames: int = 120):
    """Time to draw one frame of an eight-seat table mid-animation (the deal flying over a
    table with melds down), at 1280x720 and 390x844: median and p95 in ms (``frame_ms``)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout carries only JSON lines
    import pygame

    from game.rules.actions import Act
    from game.rules.save import Game, Setup
    from game.services.seats import default_seats
    from game.services.settings import Settings
    from game.ui.app import App
    from game.ui.scenes.table import TableScene

    from .stats import percentiles

    pygame.init()
    pygame.display.set_mode((64, 64))
    for size in ((1280, 720), (390, 844)):
        game = Game(Setup(preset("digital"), 8, seed=2))
        for _ in range(24):  # melds first, else the first discard: melds on the table
            st = game.state
            if st.phase is not Phase.DRAW and st.phase is not Phase.MELD:
                break
            legal = st.legal_actions()
            melds = [a for a in legal if a.kind in (Act.SET, Act.RUN)]
            game.play(melds[0] if melds and len(st.hands[st.turn]) > 4 else legal[0])
        app = App(pygame.Surface(size), Settings())
        table = TableScene(app, game, default_seats(8))
        app.scenes.push(table)
        table.animate_deal()  # a full timeline of cards in flight
        tl = table.timeline
        begin, end = tl.clock, tl.tail
        gc.collect()  # as the app does at a scene change: no earlier garbage in the frames
        times, cpu = [], []
        for i in range(frames + 60):
            tl.clock = begin + (end - begin) * ((i % 60) + 0.5) / 60
            start, start_cpu = time.perf_counter(), time.process_time()
            table.draw(app.surface)
            if i >= 60:  # the first pass fills the caches (card art at each width, text)
                times.append((time.perf_counter() - start) * 1000)
                cpu.append((time.process_time() - start_cpu) * 1000)
        p, c = percentiles(times, (50, 95)), percentiles(cpu, (50, 95))
        yield {"name": "frame_ms", "size": f"{size[0]}x{size[1]}", "players": 8,
               "unit": "ms", "median": round(p["p50"], 2), "p95": round(p["p95"], 2),
               "cpu_ms": {"median": round(c["p50"], 2), "p95": round(c["p95"], 2)}}


STARTUP_PROBE = """
import asyncio, json, time
start = time.process_time()
import main
imported = time.process_time()
asyncio.run(main.main(["--frames", "1"]))
print(json.dumps([imported - start, time.process_time() - imported]))
"""
"""A desktop start to the title's first frame (``--frames 1``), timed from inside."""


def startup_figures(runs: int = 3) -> dict:
    """The ``startup_cpu_s`` figure (see the module docstring)."""
    import os
    import subprocess
    import tempfile
    from pathlib import Path

    repo = Path(__file__).resolve().parent.parent
    best = [float("inf"), float("inf")]
    with tempfile.TemporaryDirectory(prefix="arlington-start-") as data:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   ARLINGTON_DATA_DIR=data, PYTHONPATH=str(repo))
        for _ in range(runs):
            done = subprocess.run([sys.executable, "-c", STARTUP_PROBE], cwd=repo, env=env,
                                  capture_output=True, text=True, check=True)
            got = json.loads(done.stdout.strip().splitlines()[-1])
            best = [min(b, g) for b, g in zip(best, got)]
    return {"name": "startup_cpu_s", "unit": "s", "import_main": round(best[0], 3),
            "to_first_frame": round(best[1], 3), "total": round(sum(best), 3)}


FPS = 60
HINT_POSITIONS = 6


def hint_figures(count: int = HINT_POSITIONS) -> dict:
    """The ``hint_wait_s`` figure (see the module docstring)."""
    from game.services.hints import for_game
    from game.ui.thinking import fill_frame

    from .stats import percentiles

    waits, frames, calls = [], [], []
    for seed, game in hint_positions(count):
        start = time.perf_counter()  # the wait counts rebuilding the seat's evidence
        hint = for_game(game, seed)
        n = k = 0
        ready = False
        while not ready:
            frame_start = time.perf_counter()
            ready, c = fill_frame(hint.think)
            n, k = n + 1, k + c
            rest = frame_start + 1 / FPS - time.perf_counter()
            if not ready and rest > 0:
                time.sleep(rest)
        waits.append(time.perf_counter() - start)
        frames.append(n)
        calls.append(k)
    p = percentiles(waits, (50,))
    return {"name": "hint_wait_s", "unit": "s", "fps": FPS, "positions": len(waits),
            "median": round(p["p50"], 3), "max": round(max(waits), 3),
            "frames": frames, "slices": calls}


STALL_BATCH = 20
"""Lists built per timed batch of ``machine_stalls``: about 0.05 ms of work natively."""


def machine_stalls(seconds: float) -> dict:
    """The ``machine_stalls`` figure (see the module docstring), measured for ``seconds``."""
    from game.ai.agent import LONG_SLICE  # what the arena counts as a long think slice

    from .stats import percentiles

    ring: list = [None] * 20_000  # about 60 MB of recent lists, so memory churns as in a search
    typical: list[float] = []  # the first batches, for the median
    batches = i = over = over_cpu = 0
    longest = longest_cpu = 0.0
    clock, cpu = time.perf_counter, time.process_time
    enabled = gc.isenabled()
    gc.disable()  # the ring is a million objects: a full collection is a stall of our making
    try:
        end = clock() + seconds
        while True:
            start, start_cpu = clock(), cpu()
            for _ in range(STALL_BATCH):
                ring[i % len(ring)] = [(j, i) for j in range(50)]
                i += 1
            now = clock()
            spent, spent_cpu = now - start, cpu() - start_cpu
            batches += 1
            over += spent > LONG_SLICE
            over_cpu += spent_cpu > LONG_SLICE
            longest, longest_cpu = max(longest, spent), max(longest_cpu, spent_cpu)
            if len(typical) < 10_000:
                typical.append(spent_cpu)
            if now >= end:
                break
    finally:
        if enabled:
            gc.enable()
    return {"name": "machine_stalls", "unit": "ms", "seconds": seconds, "batches": batches,
            "batch_cpu_ms_p50": round(percentiles(typical, (50,))["p50"] * 1000, 3),
            "longest_cpu_ms": round(longest_cpu * 1000, 2), "longest_ms": round(longest * 1000, 2),
            "over_10ms_cpu": over_cpu, "over_10ms": over}


@cli.interruptible("bench: interrupted")
def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--preset", default="digital", choices=list(PRESETS))
    parser.add_argument("--seconds", type=cli.seconds(MAX_SECONDS), default=1.0,
                        help=f"length of one timed round (at most {MAX_SECONDS:g})")
    parser.add_argument("--rounds", type=cli.count(MAX_ROUNDS), default=3,
                        help=f"timed rounds of each figure, 1 to {MAX_ROUNDS}")
    parser.add_argument("--level-hands", type=cli.count(MAX_ROUNDS), default=4,
                        help="hands played per AI level for its decision times")
    parser.add_argument("--frame", action="store_true",
                        help="only the table's frame drawing time (frame_ms)")
    parser.add_argument("--gc", action="store_true",
                        help="only the garbage collector's pauses in a long random play "
                             "(gc_pause_ms), two and eight players")
    parser.add_argument("--startup", action="store_true",
                        help="only the desktop start to the title's first frame (startup_cpu_s)")
    parser.add_argument("--hint", action="store_true",
                        help="only a hint's wait at 60 frames a second (hint_wait_s)")
    parser.add_argument("--search-legal", type=cli.seconds(MAX_SECONDS), metavar="SECONDS",
                        help="only search for positions where legal_actions() lists the most "
                             "(to add to ADVERSARIAL), for this long")
    parser.add_argument("--seed", type=cli.seed(), default=1, help="seed of --search-legal")
    parser.add_argument("--against", metavar="REV",
                        help="only this tree's random-play steps against commit REV's, in the "
                             "same run (steps_vs_base), 2, 4 and 8 players of --preset")
    parser.add_argument("--openspiel", action="store_true",
                        help="only OpenSpiel's gin rummy played at random through pyspiel, "
                             "and our steps against it (openspiel_steps_per_s, "
                             "steps_vs_openspiel)")
    parser.add_argument("--steps", type=cli.count(MAX_STEPS), default=COMPARE_STEPS,
                        help="decisions per round of --against and --openspiel")
    parser.add_argument("--pairs", type=cli.count(MAX_ROUNDS), default=COMPARE_ROUNDS,
                        help="rounds of each side of --against and --openspiel")
    parser.add_argument("--stalls", type=cli.seconds(MAX_SECONDS), metavar="SECONDS",
                        help="only measure how long the machine stalls a process running none "
                             "of the game's code (machine_stalls), for this long")
    args = parser.parse_args(argv)
    if args.stalls is not None:
        print(json.dumps(machine_stalls(args.stalls)), flush=True)
        return 0
    if args.frame:
        for fig in frame_figures():
            print(json.dumps(fig), flush=True)
        return 0
    if args.hint:
        print(json.dumps(hint_figures()), flush=True)
        return 0
    if args.gc:
        for players in (2, 8):
            print(json.dumps({"preset": args.preset,
                              **gc_pauses(preset(args.preset), players)}), flush=True)
        return 0
    if args.startup:
        print(json.dumps(startup_figures()), flush=True)
        return 0
    if args.against:
        for fig in against_figures(args.against, args.preset, args.pairs, args.steps):
            print(json.dumps(fig), flush=True)
        return 0
    if args.openspiel:
        for fig in openspiel_figures(args.pairs, args.steps):
            print(json.dumps(fig), flush=True)
        return 0
    if args.search_legal:
        n, ms, hand, melds, top = search_legal(preset(args.preset), args.search_legal, args.seed)
        print(json.dumps({"name": "legal_search", "preset": args.preset, "actions": n, "ms": ms,
                          "hand": hand, "melds": melds, "top": top}), flush=True)
        return 0
    for fig in figures(args.preset, args.seconds, args.rounds, args.level_hands):
        print(json.dumps(fig), flush=True)
    for fig in openspiel_figures(args.pairs, args.steps):
        print(json.dumps(fig), flush=True)
    for fig in frame_figures():
        print(json.dumps(fig), flush=True)
    print(json.dumps(hint_figures()), flush=True)
    print(json.dumps(startup_figures()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
