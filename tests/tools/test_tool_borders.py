"""Every tool's border: a count of zero, a negative or a huge one, a seed outside the game's
range, seconds that are no length of time are each a usage error (exit status 2, the usage
line and the reason, no traceback) before any work starts; Ctrl-C is one line and exit status
130; a report with empty lists is refused in words. One case per tool runs as the command a
person types (a subprocess); the rest go through the same ``main`` in this process."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from interrupt import ctrl_c, own_group

from game.rules.options import DIGITAL
from game.rules.save import Game, Setup
from tools import arena, arena_pool, bench, replay, review, review_check, soak
from tools.cli import INTERRUPTED

ROOT = Path(__file__).resolve().parents[2]
HUGE = str(10**30)
LONG = "9" * 5000  # past Python's own limit for turning text into a number


def command(*argv: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *argv], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False, **kw)


def assert_usage_error(code: int, err: str, prog: str, says: str) -> None:
    assert code == 2, err
    assert f"usage: python -m tools.{prog}" in err
    assert says in err, err
    assert "Traceback" not in err


@pytest.mark.parametrize("argv, says", [
    (["tools.review", "match.json", "--worlds", "1000000000"],
     "argument --worlds: must be 2 to 10000, not 1000000000"),
    (["tools.soak", "--hands", "0"], "argument --hands: must be 1 to 100000000, not 0"),
    (["tools.review_check", "--worlds", "0"], "argument --worlds: must be 2 to 10000, not 0"),
    (["tools.bench", "--rounds", "0"], "argument --rounds: must be 1 to 1000, not 0"),
    (["tools.arena", "--agents", "random,random", "--seed", "-1"],
     "argument --seed: a seed here is 0 to 92233720358547, not -1"),
])
def test_the_commands_of_the_report_are_usage_errors(argv, says):
    done = command(*argv)
    assert_usage_error(done.returncode, done.stderr, argv[0].split(".")[1], says)
    assert done.stdout == ""


BAD = {
    "review": [(["--worlds", w], "--worlds: must be 2 to 10000") for w in ("0", "1", "-5", HUGE)]
    + [(["--seat", s], "--seat: must be 1 to 8") for s in ("0", "-1", "9", HUGE)]
    + [(["--hand", h], "--hand: must be 1 to 10000") for h in ("0", "-2", HUGE)]
    + [(["--seed", "-1"], "--seed: a seed here is 0 to 9223372036854775807, not -1"),
       (["--seed", str(2**63)], "--seed: a seed here is 0 to"),
       (["--worlds", LONG], "is not a whole number"), (["--worlds", "1e3"], "not a whole")],
    "review_check": [([opt, v], f"{opt}: must be") for opt in ("--hands", "--worlds", "--verify")
                     for v in ("0", "-1", HUGE)]
    + [(["--first", "-1"], "--first: a seed here is 0 to"),
       (["--first", str(2**63 - 1)], "--first: a seed here is 0 to")],
    "soak": [([opt, v], f"{opt}: must be") for opt in ("--hands", "--jobs")
             for v in ("0", "-1", HUGE)]
    + [(["--seed", "-1"], "--seed: a seed here is"), (["--seed", HUGE], "--seed: a seed here")],
    "bench": [([opt, v], f"{opt}: must be") for opt in ("--rounds", "--level-hands", "--steps",
                                                       "--pairs") for v in ("0", "-1", HUGE)]
    + [([opt, v], f"{opt}: must be more than 0 and at most 3600 seconds")
       for opt in ("--seconds", "--search-legal", "--stalls")
       for v in ("0", "-1", "1e9", "inf", "nan")]
    + [(["--seed", "-1"], "--seed: a seed here is")],
    "arena": [(["--agents", "random,random", opt, v], f"{opt}: must be")
              for opt in ("--matches", "--deals", "--jobs") for v in ("0", "-1", HUGE)]
    + [(["--agents", "random,random", "--seed", str(arena.MAX_RUN_SEED + 1)],
        "--seed: a seed here is 0 to 92233720358547"),
       (["--agents", "random,random", "--agent-seed", "-1"], "--agent-seed: a seed here is"),
       (["--agents", "random,random", "--agent-seed", str(2**63)], "--agent-seed: a seed")],
}
MODULES = {"review": review, "review_check": review_check, "soak": soak, "bench": bench,
           "arena": arena}


@pytest.mark.parametrize("tool, argv, says", [(tool, argv, says) for tool, cases in BAD.items()
                                              for argv, says in cases])
def test_every_count_seed_and_length_of_every_tool_is_bounded(tool, argv, says, capsys):
    if tool == "review":
        argv = ["match.json", *argv]
    with pytest.raises(SystemExit) as stop:
        MODULES[tool].main(argv)
    assert_usage_error(stop.value.code, capsys.readouterr().err, tool, says)


def test_the_arenas_largest_seed_keeps_every_deal_in_the_games_range():
    from game.rules.seeds import SEEDS

    def last_deal(seed: int) -> int:  # of the longest run: --deals MAX_GAMES
        return seed * arena.DEAL_STRIDE + arena.MAX_GAMES - 1

    assert last_deal(arena.MAX_RUN_SEED) in SEEDS
    assert last_deal(arena.MAX_RUN_SEED + 1) not in SEEDS  # the bound is the largest


def write(path: Path, data) -> str:
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def duplicate_report(**changes) -> dict:
    return {"agents": ["random", "random"], "preset": "digital", "players": 2,
            "duplicate": True, "seed": 1, "per_deal": [], "per_agent": []} | changes


@pytest.mark.parametrize("report, says", [
    (duplicate_report(), "report 0 has 0 agents' figures for 2 agents"),
    (duplicate_report(agents=[], players=0), "report 0 names fewer than two agents"),
    (duplicate_report(per_agent=[{}, {}]), "report 0 lists no deals"),
    (duplicate_report(per_agent=[{}, {}], per_deal=[{}]), "not whole arena reports"),
    ([], "report 0 is not an arena report"),
])
def test_pooling_reports_with_empty_lists_is_a_usage_error(tmp_path, capsys, report, says):
    with pytest.raises(SystemExit) as stop:
        arena_pool.main([write(tmp_path / "r.json", report)])
    assert_usage_error(stop.value.code, capsys.readouterr().err, "arena_pool", says)


def test_pooling_a_report_with_empty_lists_from_the_command_line(tmp_path):
    done = command("tools.arena_pool", write(tmp_path / "r.json", duplicate_report()))
    assert_usage_error(done.returncode, done.stderr, "arena_pool", "agents' figures")


# ----------------------------------------------------------------- the game's own autosave

def autosave_of_a_match(tmp_path) -> tuple[str, Game]:
    """The game's ``match.json`` as the game writes it: the app's format around the engine's
    save, here after a hand and the next one dealt."""
    from game.services import saves
    from game.services.seats import default_seats

    game = Game(Setup(DIGITAL, 2, 8, 0))
    rand = random.Random(2)
    while game.state.hand_no == 0:
        if game.state.phase.name == "HAND_OVER":
            game.next_hand()
        else:
            game.play(rand.choice(game.state.legal_actions()))
    text = saves.SavedMatch(game, default_seats(2), (None, None)).dumps()
    path = tmp_path / "match.json"
    path.write_text(text, encoding="utf-8")
    return str(path), game


def test_replay_and_review_read_the_games_own_autosave(tmp_path, capsys):
    path, game = autosave_of_a_match(tmp_path)
    assert replay.main([path]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] and out["actions"] == len(game.actions) and out["hand"] == 2
    assert review.main([path, "--hand", "1", "--worlds", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] and out["hand"] == 1 and out["decisions"]


def test_an_autosave_that_is_not_whole_is_refused_by_the_tools_in_words(tmp_path, capsys):
    path = write(tmp_path / "match.json", {"format": "arlington-match", "version": 9})
    assert replay.main([path]) == 2
    assert "save version 9 is not supported" in json.loads(capsys.readouterr().out)["error"]


# ----------------------------------------------------------------- Ctrl-C

READY = "ready"


def interrupted(module: str, work: str, argv: list[str]) -> tuple[int, str, str]:
    """Run ``module``'s main with ``argv`` in a new process group, send Ctrl-C to the group (as
    a terminal does) once the tool's ``work`` (a function its main calls) has begun, and return
    (status, stdout, stderr)."""
    code = (f"import sys, {module} as tool\n"
            f"real = tool.{work}\n"
            f"def begun(*a, **k):\n"
            f"    print({READY!r}, file=sys.stderr, flush=True)\n"
            f"    return real(*a, **k)\n"
            f"tool.{work} = begun\n"
            f"sys.exit(tool.main({argv!r}))")
    with own_group([sys.executable, "-c", code]) as proc:
        assert proc.stderr.readline().strip() == READY
        out, err = ctrl_c(proc)
    return proc.returncode, out, err


@pytest.mark.skipif(sys.platform == "win32", reason="process groups and SIGINT")
def test_ctrl_c_in_a_long_review_is_one_line(tmp_path):
    path, _ = autosave_of_a_match(tmp_path)
    status, out, err = interrupted("tools.review", "review",
                                   [path, "--worlds", "10000", "--hand", "1"])
    assert status == INTERRUPTED and out == ""
    assert err.splitlines() == ["review: interrupted; no review"]


@pytest.mark.skipif(sys.platform == "win32", reason="process groups and SIGINT")
def test_ctrl_c_in_a_soak_on_two_processes_is_one_line():
    status, out, err = interrupted("tools.soak", "soak", ["--hands", "100000", "--jobs", "2"])
    assert status == INTERRUPTED and out == ""
    assert err.splitlines() == ["soak: interrupted; no report"]


def test_a_reader_that_leaves_early_gets_no_traceback():
    """``python -m tools.arena ... | head -1``: the pipe is closed before the report is
    written; the arena stops quietly."""
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run([sys.executable, "-m", "tools.arena", "--matches", "1",
                               "--agents", "random,random"], stdout=write,
                              stderr=subprocess.PIPE, text=True, timeout=300)
    finally:
        os.close(write)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr
