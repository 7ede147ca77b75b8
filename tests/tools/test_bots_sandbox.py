"""Hostile outside bots against the sandboxed arena (``hostile_bot.py``), as root and as a user
with every capability dropped, on one process and on two: every attack fails, the report is
whole, and no process of the match outlives the arena."""

import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from botlog import as_user, logged, running

from tools import bots

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = Path(__file__).with_name("hostile_bot.py")
PREFIX = "hostile-bot: "
SEED, AGENT_SEED, SECRET = "918273645", "5647382910", "written-in-the-environment"

pytestmark = pytest.mark.skipif(sys.platform != "linux" or shutil.which("bwrap") is None,
                                reason="the sandbox is bubblewrap's, on Linux")


@pytest.fixture
def user(request):
    """``(prefix, python)`` of the user the arena runs as (``as_user``)."""
    return as_user(request.param)


@pytest.fixture
def sentinel(user):
    """A process outside any sandbox, of the user the arena runs as, for bots to signal."""
    prefix, python = user
    proc = subprocess.Popen(prefix + [python, "-c", "import time; time.sleep(600)"])
    yield proc
    proc.kill()
    proc.wait()


@pytest.fixture
def listener():
    """A TCP socket listening on this machine's loopback, for bots to try to reach."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        s.setblocking(False)
        yield s


def tag_of(request) -> str:
    return f"sandbox-test-{os.getpid()}-{request.node.name}".replace("[", "-").replace("]", "")


def hostile(python: str, mode: str, sentinel, listener, tag: str) -> str:
    return f"cmd:{python} {HOSTILE} {mode} {sentinel.pid} {listener.getsockname()[1]} {tag}"


def play(user, agents: list[str], jobs: int, timeout: float):
    """One duplicate deal, through a wrapper whose command line holds the seed, with the seed
    in the arena's environment too; the finished process."""
    prefix, python = user
    env = dict(os.environ, ARENA_SECRET=SECRET + SEED)
    return subprocess.run(
        prefix + ["timeout", "300", python, "-m", "tools.arena", "--agents", ",".join(agents),
                  "--duplicate", "--deals", "1", "--seed", SEED, "--agent-seed", AGENT_SEED,
                  "--jobs", str(jobs), "--bot-timeout", str(timeout), "--require-sandbox"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)


def assert_untouched(sentinel, listener, tag):
    """Nothing of the match is left, the process outside was neither stopped nor killed, and
    nobody reached the socket."""
    assert running(tag) == []
    assert sentinel.poll() is None
    with open(f"/proc/{sentinel.pid}/stat") as f:
        assert f.read().rsplit(")", 1)[1].split()[0] == "S"  # asleep, not stopped
    with pytest.raises(BlockingIOError):
        listener.accept()


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("user", ["root", "capless"], indirect=True)
def test_hostile_bots_reach_nothing_outside_their_sandbox(user, sentinel, listener, jobs,
                                                         request):
    prefix, python = user
    tag = tag_of(request)
    agents = [hostile(python, "attack", sentinel, listener, tag)] * 2
    done = play(user, agents, jobs, timeout=30)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    # the report is whole: both seatings played, every answer the bot's own, none forged
    report = json.loads(done.stdout)
    assert report["sandbox"].startswith("bubblewrap ")
    assert report["hands"] == 2 and len(report["per_deal"]) == 1
    assert report["bot_failures"] == 0 and report["illegal_actions"] == 0
    for agent in report["per_agent"]:
        assert agent["bot_problems"] == []
    # neither seed, in the wrapper's command line, the arena's or its environment, reached a bot
    for secret in (SEED, AGENT_SEED, SECRET):
        assert secret not in done.stderr
    findings = logged(done.stderr, PREFIX)
    assert [f["round"] for f in findings].count("hello") == 4  # 2 bots x 2 seatings
    assert len(findings) >= 8
    for f in findings:
        # no process but the sandbox's first (bubblewrap, this bot's parent): no sibling, no
        # launcher, no arena, no wrapper
        assert f["ppid"] == 1 and [pid for pid, _ in f["visible"]] == [1]
        assert os.path.basename(f["visible"][0][1].split()[0]) == "bwrap"
        assert [r for r in f["read"] if r[1] == "mem"] == [] and f["wrote"] == []
        assert {pid for pid, _ in f["signalled"]} <= {1}  # only the sandbox's pid 1, unharmed
        assert f["connected"] is not True
        assert set(f["writable"]) == {"/tmp", "/dev/shm"}
        assert f["settings"] == []  # the machine's own, in /proc/sys
        status = dict(line.split(":\t") for line in f["status"])
        assert int(status["CapEff"], 16) == int(status["CapBnd"], 16) == 0
        assert status["NoNewPrivs"] == "1"
        assert status["Uid"].split()[0] == ("65534" if prefix else str(os.geteuid()))
        assert set(f["environ"]) <= set(bots.ENVIRONMENT) | {"PWD"}  # bubblewrap sets PWD
    assert_untouched(sentinel, listener, tag)


@pytest.mark.parametrize("user", ["root", "capless"], indirect=True)
def test_a_bot_that_stops_itself_times_out_and_is_ended(user, sentinel, listener, request):
    python = user[1]
    tag = tag_of(request)
    agents = [hostile(python, "stop", sentinel, listener, tag),
              hostile(python, "attack", sentinel, listener, tag)]
    done = play(user, agents, 1, timeout=2)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    stopped, attacker = report["per_agent"]
    assert (stopped["timeouts"], stopped["crashes"], stopped["unreadable_answers"]) == (2, 0, 0)
    assert attacker["bot_problems"] == [] and report["hands"] == 2
    assert_untouched(sentinel, listener, tag)
