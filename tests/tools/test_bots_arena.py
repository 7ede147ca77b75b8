"""The arena's seeds and its outside bots: agent seeds have nothing to do with the deals, are
listed so a run reproduces, reach the bots, and a bot's failures show in the report."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from botlog import as_user, logged, running
from reports import clock_free

from tools import arena, bots

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = f"cmd:{sys.executable} {ROOT / 'bots' / 'example_bot.py'}"
FAKE = f"cmd:{sys.executable} {Path(__file__).with_name('fake_bot.py')}"
SPY = f"{Path(__file__).with_name('fake_bot.py')} spy log,random"


def test_agent_seeds_are_far_from_every_deal_seed():
    for seed in (0, 1, 7, 123456):
        report = arena.run_duplicate(["random", "random", "random"], 4, seed, "digital")
        deal_seeds = [row["seed"] for row in report["per_deal"]]
        agent_seeds = [s for row in report["per_deal"] for s in row["agent_seeds"]]
        assert len(set(agent_seeds)) == len(agent_seeds)
        for a in agent_seeds:
            assert all(abs(a - d) > 10**9 for d in deal_seeds)
            assert abs(a - seed) > 10**9


def test_match_agent_seeds_are_listed_and_a_rerun_reproduces():
    first = arena.run(["random", "random"], 2, 5, "digital")
    assert clock_free(arena.run(["random", "random"], 2, 5, "digital")) == clock_free(first)
    rows = first["per_match"]
    assert [r["seed"] for r in rows] == [5000, 5001]
    assert [r["agent_seeds"] for r in rows] == [arena.agent_seeds(5, "match", m, 2)
                                                for m in range(2)]
    assert sum(p["wins"] for p in first["per_agent"]) == 2
    assert [r["winner"] for r in rows].count(0) == first["per_agent"][0]["wins"]


def test_the_agent_seed_moves_the_agents_not_the_cards():
    a = arena.run_duplicate(["random", "random"], 2, 5, "digital")
    b = arena.run_duplicate(["random", "random"], 2, 5, "digital", agent_seed=6)
    assert (a["agent_seed"], b["agent_seed"]) == (5, 6)
    assert [r["seed"] for r in a["per_deal"]] == [r["seed"] for r in b["per_deal"]]
    assert [r["agent_seeds"] for r in a["per_deal"]] != [r["agent_seeds"] for r in b["per_deal"]]
    assert [r["by_seating"] for r in a["per_deal"]] != [r["by_seating"] for r in b["per_deal"]]


def test_an_outside_bot_gets_its_listed_seed(capfd):
    report = arena.run_duplicate([f"{FAKE} first log", "random"], 2, 3, "digital")
    hellos = [m for m in logged(capfd.readouterr().err) if m["type"] == "hello"]
    listed = [row["agent_seeds"][0] for row in report["per_deal"] for _ in range(2)]
    assert [h["seed"] for h in hellos] == listed
    assert [h["seat"] for h in hellos] == [0, 1, 0, 1]


def test_outside_bots_give_the_same_results_on_two_jobs():
    agents = [EXAMPLE, "medium"]
    one = arena.run_duplicate(agents, 2, 9, "digital", jobs=1)
    two = arena.run_duplicate(agents, 2, 9, "digital", jobs=2)
    assert clock_free(one) == clock_free(two)
    assert one["bot_failures"] == 0 and one["illegal_actions"] == 0


def test_bot_failures_are_reported_per_agent():
    """Each kind of failure is counted as itself. The bots that exit or answer nonsense get a
    long limit, which they never reach however busy the machine (a short one could expire
    before a busy machine even noticed the exit); only the bot that hangs needs a short one."""
    agents = [f"{FAKE} crash", f"{FAKE} garbage", "random"]
    report = arena.run_duplicate(agents, 1, 2, "digital", bot_timeout=60)
    crash, garbage, _ = report["per_agent"]
    assert (crash["crashes"], crash["timeouts"], crash["unreadable_answers"]) == (3, 0, 0)
    assert garbage["unreadable_answers"] > 3 and garbage["crashes"] == garbage["timeouts"] == 0
    assert crash["bot_problems"][0].startswith("deal 0 seating 0: decision 1: the bot exited")
    assert report["bot_failures"] == 3 + garbage["unreadable_answers"]
    assert report["hands"] == 3
    hung = arena.run_duplicate([f"{FAKE} hang", "random"], 1, 2, "digital", bot_timeout=0.3)
    hang = hung["per_agent"][0]
    assert (hang["crashes"], hang["timeouts"], hang["unreadable_answers"]) == (0, 2, 0)
    assert "no answer within 0.3 s" in hang["bot_problems"][0]
    assert hung["bot_failures"] == 2


def test_the_command_line_takes_bots_and_a_random_seed(capsys):
    assert arena.main(["--agents", f"{EXAMPLE},random", "--duplicate", "--deals", "1",
                       "--seed", "random", "--bot-timeout", "2", "--no-list"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["seed"] >= 2**32 and report["agent_seed"] == report["seed"]
    assert report["bot_timeout_s"] == 2.0 and "per_deal" not in report
    assert report["per_agent"][0]["bot_problems"] == []


def test_deeply_nested_answers_are_unreadable_and_the_report_is_whole():
    for jobs in (1, 2):
        report = arena.run_duplicate([f"{FAKE} deep", f"{FAKE} deep-hello"], 1, 4, "digital",
                                     jobs=jobs)
        deep, deep_hello = report["per_agent"]
        assert deep["unreadable_answers"] > 2 and deep["crashes"] == deep["timeouts"] == 0
        assert "nested deeper than" in deep["bot_problems"][0]
        assert deep_hello["unreadable_answers"] == 2  # one hello per seating, then stopped
        assert "hello" in deep_hello["bot_problems"][0]
        assert "nested deeper than" in deep_hello["bot_problems"][0]
        assert report["hands"] == 2 and len(report["per_deal"]) == 1


@pytest.mark.parametrize("limit", ["inf", "1e300", "nan", "-1", "0", "soon"])
def test_a_bot_timeout_that_is_no_limit_is_a_usage_error(limit, capsys):
    with pytest.raises(SystemExit) as stop:
        arena.main(["--agents", "random,random", "--matches", "1", "--bot-timeout", limit])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "--bot-timeout" in err and ("at most 3600 seconds" in err or "number of" in err)


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("user", ["root", "capless"])
def test_without_a_sandbox_a_bot_still_learns_nothing_of_the_seed_from_the_arena(jobs, user):
    """Where bubblewrap is missing (here: not on the arena's PATH) the bots run as plain
    processes under the launcher, and the arena says so; its main process and its workers are
    undumpable and its command line holds no seed, in every --jobs mode, for root and for a
    user with no capability (whose bots could read any dumpable process of that user)."""
    prefix, python = as_user(user, sandbox=False)
    env = dict(os.environ, ARENA_SECRET="written-in-the-environment", PATH="/nonexistent")
    done = subprocess.run(prefix + [python, "-m", "tools.arena", "--agents",
                                    f"cmd:{python} {SPY}", "--seed", "987654321",
                                    "--agent-seed=4242424242", "--matches", "2", "--jobs", jobs,
                                    "--no-list"], cwd=ROOT, env=env, check=True, timeout=300,
                          capture_output=True, text=True)
    assert json.loads(done.stdout)["sandbox"] == "none: bubblewrap (bwrap) is not installed"
    assert "arena: outside bots run without a sandbox" in done.stderr
    spies = [m for m in logged(done.stderr) if "ancestors" in m]
    assert len(spies) == 2  # one process per match
    for spy in spies:
        launcher, *arena = spy["ancestors"]
        assert "bot_launch.py" in launcher["cmdline"] and len(arena) == int(jobs)
        for process in spy["ancestors"]:
            assert "987654321" not in process["cmdline"] and "4242424242" not in process["cmdline"]
            for secret in ("environ", "maps", "mem", "fd"):
                assert process[secret].startswith("denied"), (process["pid"], secret)
        assert "--seed *********" in arena[-1]["cmdline"]  # the option is there, its value not
        assert "ARENA_SECRET" not in spy["environ"] and set(spy["environ"]) <= set(bots.ENVIRONMENT)


def test_without_a_sandbox_require_sandbox_refuses_to_play():
    env = dict(os.environ, PATH="/nonexistent")
    done = subprocess.run([sys.executable, "-m", "tools.arena", "--agents", f"{FAKE} first,random",
                           "--matches", "1", "--require-sandbox"], cwd=ROOT, env=env,
                          timeout=300, capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == ""
    assert "--require-sandbox: the outside bots would run without a sandbox (none: bubblewrap " \
           "(bwrap) is not installed)" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
def test_what_a_bot_starts_ends_with_it_even_a_daemon_of_its_own_session(capfd):
    tag = f"daemon-test-{os.getpid()}"
    arena.run([f"{FAKE} daemon log {tag}", "random"], 2, 3, "digital")
    daemons = [m["daemon"] for m in logged(capfd.readouterr().err) if "daemon" in m]
    assert len(daemons) == 2  # one started in each match...
    assert running(tag) == []  # ...and neither left: killed and reaped with its bot
