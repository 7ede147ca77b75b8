"""Outside bots that run away (``hostile_bot.py``'s fork bomb, memory eater, tmp filler,
processor hog, and processes that together hold more memory than the bot may) against the
sandboxed arena with small limits: each is stopped by its limit and counted, its seat plays
on, the honest bot at the table is unharmed, and nothing of the match outlives the arena. The
fork bomb also as a user with every capability dropped (the process limit is set another way
for root). A bot that exits with a limit's exit status, or kills itself with its signal, is a
crash like any other: only its launcher, on a pipe the bot does not hold, names a limit."""

import dataclasses
import glob
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from botlog import as_user, logged, running

from game.rules.options import preset
from game.rules.state import State
from tools import bot_launch, bots

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = Path(__file__).with_name("hostile_bot.py")
EXAMPLE = ROOT / "bots" / "example_bot.py"
PREFIX = "hostile-bot: "

pytestmark = pytest.mark.skipif(sys.platform != "linux" or shutil.which("bwrap") is None,
                                reason="the limits are the sandbox's, on Linux")


def cgroup_folders() -> list[str]:
    """Where the launchers of an arena this test starts put their bots' cgroups: this
    process's own cgroup (the arena's too) in each cgroup v1 hierarchy of the pids and memory
    controllers, and the top of cgroup v2's."""
    with open("/proc/self/cgroup") as f:
        lines = [line.split(":", 2) for line in f.read().splitlines()]
    return [f"/sys/fs/cgroup/{controller}{path}" for _, controllers, path in lines
            for controller in controllers.split(",") if controller in ("pids", "memory")
            ] + ["/sys/fs/cgroup"]


def run_away(user, mode: str, limit: list[str], request, sandboxed: bool = True
             ) -> tuple[dict, list, int]:
    """One duplicate deal of the runaway bot against the example bot, with ``limit`` (and
    without bubblewrap on the arena's path unless ``sandboxed``): the report's entry of the
    runaway, what it logged after its hello, and how many of the two seatings started it (both
    but when the other seat went out at its first turn, before the runaway's first decision:
    about one deal in 600; never both, since each agent plays first in one seating)."""
    prefix, python = user
    env = dict(os.environ) if sandboxed else dict(os.environ, PATH="/nonexistent")
    tag = f"limits-test-{os.getpid()}-{request.node.name}".replace("[", "-").replace("]", "")
    agents = f"cmd:{python} {HOSTILE} {mode} 0 0 {tag},cmd:{python} {EXAMPLE} {tag}"
    with subprocess.Popen(
            prefix + [python, "-m", "tools.arena", "--agents", agents, "--duplicate", "--deals",
                      "1", "--bot-timeout", "60", "--seed", "random", *limit]
            + (["--require-sandbox"] if sandboxed else []),
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True) as arena:  # setpriv execs the arena: this pid is the arena's
        stdout, stderr = arena.communicate(timeout=300)
    done = subprocess.CompletedProcess(arena.args, arena.returncode, stdout, stderr)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert running(tag) == []  # nothing of the match outlives the arena
    # root's bots are limited by cgroups of their own (named for the arena), each removed
    # after its bot; other tests' arenas may hold theirs meanwhile
    assert [left for folder in cgroup_folders()
            for left in glob.glob(f"{folder}/arlington-bot-{arena.pid}-*")] == []
    report = json.loads(done.stdout)
    # only root's sandboxed bots get a memory cgroup, where the launcher can make one
    total = [] if sandboxed and not prefix and bots.sandbox().total_memory else [
        "total_memory_mib"]
    assert report["bot_limits"]["not_limited"] == (
        [] if sandboxed else ["processes", "tmp_mib"]) + total
    if sandboxed:  # and the arena says so
        assert ("without limits on total_memory_mib" in done.stderr) == bool(total)
    assert report["hands"] == 2 and len(report["per_deal"]) == 1
    runaway, honest = report["per_agent"]
    assert honest["bot_problems"] == [] and honest["illegal_actions"] == 0
    assert (honest["crashes"], honest["timeouts"], honest["unreadable_answers"]) == (0, 0, 0)
    found = logged(done.stderr, PREFIX)
    started = found.count({"hello": mode})
    assert started in (1, 2), found
    return runaway, [f for f in found if "hello" not in f], started


def refused(runaway: dict, found: list, started: int, error: str, most: int) -> None:
    """The bot was refused ``error`` once it held ``most`` or less, at each seating that started
    it, and then exited: counted, its seat played on."""
    assert len(found) == started
    for f in found:
        assert f["error"] == error and 0 < f["got"] <= most
    assert (runaway["crashes"], runaway["timeouts"]) == (started, 0)
    assert all("the bot exited with code 3" in p for p in runaway["bot_problems"])


@pytest.mark.parametrize("user", ["root", "capless"])
def test_a_fork_bomb_meets_the_process_limit(user, request):
    runaway, found, started = run_away(as_user(user), "fork", ["--bot-processes", "32"], request)
    refused(runaway, found, started, "BlockingIOError", 32)


def this_user():
    return [], sys.executable


def test_a_memory_eater_meets_the_memory_limit(request):
    runaway, found, started = run_away(this_user(), "memory", ["--bot-memory-mib", "256"], request)
    refused(runaway, found, started, "MemoryError", 256 << 20)


def test_without_a_sandbox_the_memory_limit_still_holds_and_the_report_names_what_does_not(
        request):
    runaway, found, started = run_away(this_user(), "memory", ["--bot-memory-mib", "256"],
                                       request, sandboxed=False)
    refused(runaway, found, started, "MemoryError", 256 << 20)


def memory_cgroups() -> None:
    """Skip unless the launcher puts each bot in a memory cgroup here."""
    here = bots.sandbox()
    if not here.total_memory:
        pytest.skip(f"no memory cgroup for the bots here: {here.why_unlimited or here.name}")


def test_root_with_a_memory_controller_limits_the_bots_total_memory():
    with open("/proc/self/cgroup") as f:
        v1 = any("memory" in line.split(":")[1].split(",") for line in f.read().splitlines())
    if os.geteuid() != 0 or not v1:
        pytest.skip("the tests do not run as root with a cgroup v1 memory controller")
    assert bots.sandbox().total_memory, bots.sandbox().why_unlimited


def test_processes_that_together_pass_the_total_memory_end_the_bot_and_its_seat_plays_on(
        request):
    memory_cgroups()
    runaway, found, started = run_away(this_user(), "children",
                                       ["--bot-total-memory-mib", "256"], request)
    # the kernel's OOM killer ends one of its children (each far below --bot-memory-mib), and
    # the launcher the whole bot at once, before or just after the bot sees that
    assert all(f["statuses"] != [0] * 4 for f in found)
    assert (runaway["crashes"], runaway["timeouts"]) == (started, 0)
    assert all("broke its total memory limit (256 MiB) and was killed" in p
               for p in runaway["bot_problems"])


def test_the_same_processes_under_a_larger_total_memory_play_normally(request):
    memory_cgroups()
    runaway, found, started = run_away(this_user(), "children",
                                       ["--bot-total-memory-mib", "1024"], request)
    assert found == [{"mode": "children", "ready": 4, "statuses": [0] * 4}] * started
    assert (runaway["crashes"], runaway["timeouts"], runaway["bot_problems"]) == (0, 0, [])


def test_a_bots_cgroups_are_named_for_arena_and_launcher_limited_removed_and_swept():
    memory_cgroups()
    name = f"arlington-bot-{os.getppid()}-{os.getpid()}"  # this process plays the launcher
    base = bot_launch.hierarchy("memory")
    ended = subprocess.Popen(["true"])
    ended.wait()
    # left by killed launchers: one no longer running (swept), one running (kept)
    left = [os.path.join(base, f"arlington-bot-1-{pid}") for pid in (ended.pid, os.getpid())]
    for folder in left:
        os.mkdir(folder)
    made: list[str] = []
    try:
        made, memory = bot_launch.bot_cgroups({"--pids": "7", "--memory": str(64 << 20)})
        assert [os.path.exists(folder) for folder in left] == [False, True]
        assert [os.path.basename(c) for c in made] in ([name, name], [name])  # v1, v2
        assert memory == os.path.join(base, name) == made[-1]
        with open(os.path.join(made[0], "pids.max")) as f:
            assert f.read().strip() == "7"
        limits = [n for n in ("memory.max", "memory.limit_in_bytes", "memory.memsw.limit_in_bytes")
                  if os.path.exists(os.path.join(memory, n))]
        assert limits
        for limit in limits:
            with open(os.path.join(memory, limit)) as f:
                assert int(f.read()) == 64 << 20
        assert bot_launch.oom_kills(memory) == 0
    finally:
        for cgroup in made + left:
            if os.path.exists(cgroup):
                bot_launch.remove(cgroup)
    assert not any(os.path.exists(c) for c in made + left)
    with pytest.raises(OSError, match="cannot limit the bot's total memory"):
        bot_launch.bot_cgroups({"--pids": "7", "--memory": "lots"})
    assert not any(os.path.exists(c) for c in made)  # the pids one, made first, is removed too


def test_a_tmp_filler_meets_the_tmp_size(request):
    runaway, found, started = run_away(this_user(), "tmp", ["--bot-tmp-mib", "8"], request)
    refused(runaway, found, started, "OSError", 8 << 20)


@pytest.mark.parametrize("sandboxed", [True, False])
def test_a_processor_hog_is_killed_at_its_cpu_time_and_counted(sandboxed, request):
    runaway, found, started = run_away(this_user(), "cpu", ["--bot-cpu-seconds", "1"],
                                       request, sandboxed=sandboxed)
    assert found == []  # killed before it could say how far it got
    assert (runaway["crashes"], runaway["timeouts"]) == (started, 0)
    assert all("broke its processor time limit (1 s) and was killed" in p
               for p in runaway["bot_problems"])


def unsandboxed(monkeypatch, sandboxed: bool) -> None:
    """Start this test's bots through the launcher alone unless ``sandboxed``."""
    if not sandboxed:
        monkeypatch.setattr(bots, "sandbox", lambda: bots.Sandbox("none: this test's choice"))


@pytest.mark.parametrize("sandboxed", [True, False])
@pytest.mark.parametrize("code, ending", [
    # the launcher's status at the OOM killer, and those of the processor and file size limits
    *((code, f"sys.exit({code})") for code in (bot_launch.OUT_OF_MEMORY, 128 + signal.SIGXCPU,
                                                128 + signal.SIGXFSZ)),
    (128 + signal.SIGXCPU, "os.kill(os.getpid(), signal.SIGXCPU)")])  # and its signal
def test_a_bot_that_ends_with_a_limits_status_broke_no_limit(code, ending, sandboxed,
                                                            monkeypatch):
    unsandboxed(monkeypatch, sandboxed)
    state = State(preset("digital"), 2, 1)
    bot = bots.ExternalAgent([sys.executable, "-c",
                              f"import os, signal, sys; sys.stdin.readline(); {ending}"], seed=1)
    with bot:
        assert bot.choose(state.view(state.turn), state.legal_actions()) is not None
    assert (bot.crashes, bot.timeouts) == (1, 0)
    assert bot.problems == [f"hello: the bot exited with code {code}"]


@pytest.mark.parametrize("sandboxed", [True, False])
def test_a_bot_holds_no_file_of_its_launchers_but_its_standard_streams(sandboxed, monkeypatch):
    unsandboxed(monkeypatch, sandboxed)
    bot = bots.BotProcess([sys.executable, "-c",
                           "import os; print(*sorted(os.listdir('/proc/self/fd')))"])
    try:
        assert "--report" in bot.proc.args  # the launcher's pipe, which the bot cannot write
        assert bot.read(time.monotonic() + 60) == "0 1 2 3"  # 3: the listing's own
        assert bot.exit_status() == "exited with code 0"
    finally:
        bot.stop()


@pytest.mark.parametrize("option", ["--bot-processes", "--bot-memory-mib", "--bot-tmp-mib",
                                    "--bot-cpu-seconds", "--bot-open-files",
                                    "--bot-file-size-mib", "--bot-total-memory-mib"])
@pytest.mark.parametrize("value", ["0", "-1", "99999999", "lots"])
def test_a_limit_out_of_its_range_is_a_usage_error(option, value):
    done = subprocess.run([sys.executable, "-m", "tools.arena", "--agents", "random,random",
                           option, value], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert option in done.stderr


def test_a_bubblewrap_too_old_to_size_a_tmpfs_still_sandboxes_and_says_so():
    here = bots.sandbox()
    if here.bwrap is None:
        pytest.skip(here.name)
    older = dataclasses.replace(here, sized=False)  # before bubblewrap 0.7
    assert "--size" not in older.command(["/bin/true"])
    done = subprocess.run(older.command(["/bin/sh", "-c", "echo sandboxed"]),
                          capture_output=True, text=True, timeout=60)
    assert done.stdout == "sandboxed\n"
    assert "tmp_mib" in older.unlimited() and "tmp_mib" not in here.unlimited()
