"""The league: a tiny search against a hard level at a tiny budget keeps its best member as
the parent, confirms the best on fresh deals, flags and promotes exploiters by the bar, never
starts from a held-out style, and stops on Ctrl-C with its report whole."""

import json
import os
import signal
import sys
import time

import pytest
from interrupt import ctrl_c, own_group

from game.ai import habits as H
from game.ai import population
from tools import league


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_tiny_league_run(tmp_path, capsys, jobs):
    exploiters = tmp_path / "exploiters.json"
    exploiters.write_text('{"exploiters": []}')
    out = tmp_path / "league.json"
    code = league.main(["--opponent", "hard@0.002cpu", "--generations", "1", "--candidates",
                        "2", "--deals", "2", "--confirm", "2", "--confirm-deals", "2",
                        "--seed", "3", "--jobs", jobs, "--out", str(out), "--promote",
                        "--exploiters", str(exploiters)])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report == json.loads(out.read_text())
    assert [c["generation"] for c in report["candidates"]] == [0, 0, 1, 1]
    assert all(c["deals"] == 2 and c["seed"] == 3 and c["cpu_s"] > 0
               for c in report["candidates"])
    for c in report["candidates"]:
        assert H.name_of(H.parse(c["habits"])) == c["name"]
    # The parent is the best scored so far, generation by generation.
    for parent in report["parents"]:
        so_far = [c["mean_deal_score_diff"] for c in report["candidates"]
                  if c["generation"] <= parent["generation"]]
        assert parent["mean_deal_score_diff"] == max(so_far)
    gen1 = [H.parse(c["habits"]) for c in report["candidates"] if c["generation"] == 1]
    parent0 = H.parse(report["parents"][0]["habits"])
    assert all(child != parent0 for child in gen1)
    # The best two distinct members are played again on fresh deals.
    best = sorted({c["habits"]: c["mean_deal_score_diff"] for c in report["candidates"]}.items(),
                  key=lambda kv: -kv[1])[:2]
    assert [c["habits"] for c in report["confirmed"]] == [h for h, _ in best]
    assert all(c["seed"] == 4 and c["deals"] == 2 for c in report["confirmed"])
    flagged = [c["name"] for c in report["confirmed"] if league.exploits(c)]
    assert report["exploiters"] == flagged and report["promoted"] == flagged
    assert sorted(H.read_exploiters(exploiters)) == sorted(flagged)


def test_a_screened_search_confirms_against_the_opponent(capsys):
    code = league.main(["--opponent", "hard@0.002cpu", "--screen", "medium", "--generations",
                        "1", "--candidates", "2", "--deals", "3", "--confirm", "1",
                        "--confirm-deals", "2", "--seed", "5"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["screen"] == ["medium"] and report["opponent"] == "hard@0.002cpu"
    assert {c["opponent"] for c in report["candidates"]} == {"medium"}
    assert [c["opponent"] for c in report["confirmed"]] == ["hard@0.002cpu"]
    best = max(report["candidates"], key=lambda c: c["mean_deal_score_diff"])
    assert report["confirmed"][0]["habits"] == best["habits"]


def test_a_screen_of_several_agents_scores_by_their_mean(capsys):
    """Each candidate is scored against every screen agent on the same deals, and ranked by
    the mean: the member the confirmation plays is the best on that mean."""
    code = league.main(["--opponent", "hard@0.002cpu", "--screen", "medium", "--screen",
                        "greedy", "--generations", "1", "--candidates", "2", "--deals", "4",
                        "--confirm", "1", "--confirm-deals", "2", "--seed", "6"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["screen"] == ["medium", "greedy"]
    first = report["candidates"][0]
    alone = [league.score(H.parse(first["habits"]), agent, 4, 6, "digital")
             for agent in ("medium", "greedy")]
    assert first["opponents"] == ["medium", "greedy"]
    for s in alone:
        mine = first["by_opponent"][s["opponent"]]
        assert mine["mean_deal_score_diff"] == s["mean_deal_score_diff"]
        assert mine["mean_deal_score_diff_ci95"] == s["mean_deal_score_diff_ci95"]
    assert first["mean_deal_score_diff"] == pytest.approx(
        sum(s["mean_deal_score_diff"] for s in alone) / 2)
    best = max(report["candidates"], key=lambda c: c["mean_deal_score_diff"])
    assert report["confirmed"][0]["habits"] == best["habits"]
    assert report["confirmed"][0]["opponent"] == "hard@0.002cpu"


def test_an_agent_named_twice_in_the_screen_counts_twice_and_is_played_once(capsys,
                                                                            monkeypatch):
    played = []
    score = league.score

    def counted(member, opponent, *rest):
        played.append((member, opponent))
        return score(member, opponent, *rest)

    monkeypatch.setattr(league, "score", counted)
    code = league.main(["--opponent", "hard@0.002cpu", "--screen", "medium", "--screen",
                        "greedy", "--screen", "medium", "--generations", "1", "--candidates",
                        "1", "--deals", "3", "--confirm", "1", "--confirm-deals", "1",
                        "--seed", "7"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    screens = [(member, opponent) for member, opponent in played if opponent != "hard@0.002cpu"]
    assert len(screens) == len(set(screens)) == 2 * len({m for m, _ in screens})
    for c in report["candidates"]:
        medium, greedy = (c["by_opponent"][a]["mean_deal_score_diff"]
                          for a in ("medium", "greedy"))
        assert c["mean_deal_score_diff"] == pytest.approx((2 * medium + greedy) / 3)
        assert c["cpu_s"] == pytest.approx(sum(o["cpu_s"] for o in c["by_opponent"].values()),
                                           abs=0.002)


def test_an_unknown_screen_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as stop:
        league.main(["--screen", "medium", "--screen", "nobody"])
    assert stop.value.code == 2
    assert "nobody" in capsys.readouterr().err


def confirmed(name, diff_ci, opponent_rate):
    return {"name": name, "habits": "meld=out", "opponent": "hard@0.3cpu", "deals": 100,
            "seed": 2,
            "mean_deal_score_diff": sum(diff_ci) / 2, "mean_deal_score_diff_ci95": diff_ci,
            "opponent_deal_win_rate": opponent_rate,
            "exploits": league.exploits({"mean_deal_score_diff_ci95": diff_ci,
                                         "opponent_deal_win_rate": opponent_rate})}


def test_the_bar_decides_who_is_an_exploiter():
    assert not confirmed("a", [-80.0, -20.0], 0.70)["exploits"]  # hard meets its bar
    assert confirmed("b", [-80.0, 5.0], 0.70)["exploits"]  # hard's edge is not shown
    assert confirmed("c", [-80.0, -20.0], 0.58)["exploits"]  # hard wins too few deals
    assert confirmed("d", [10.0, 60.0], 0.30)["exploits"]


def test_promotion_adds_each_exploiter_once(tmp_path):
    path = tmp_path / "exploiters.json"
    path.write_text('{"exploiters": []}')
    report = {"opponent": "hard@0.3cpu", "preset": "classic",
              "confirmed": [confirmed("xb", [-80.0, 5.0], 0.70),
                            confirmed("xa", [-80.0, -20.0], 0.70)]}
    assert league.promote(report, path) == ["xb"]
    assert league.promote(report, path) == []
    entries = json.loads(path.read_text())["exploiters"]
    assert [e["name"] for e in entries] == ["xb"]
    assert entries[0]["found"]["opponent"] == "hard@0.3cpu"
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left


@pytest.mark.parametrize("start", population.HELD_OUT)
def test_a_held_out_style_is_never_a_start(start, capsys):
    with pytest.raises(SystemExit) as stop:
        league.main(["--start", start])
    assert stop.value.code == 2
    assert "held-out style" in capsys.readouterr().err


@pytest.mark.parametrize("start, says", [("greedy", "greedy"), ("family:x", "family:N"),
                                         ("outs=9", "0 to 4")])
def test_a_start_that_is_no_member_is_a_usage_error(start, says, capsys):
    with pytest.raises(SystemExit) as stop:
        league.main(["--start", start])
    assert stop.value.code == 2
    assert says in capsys.readouterr().err


def test_members_of_the_population_can_start():
    rand = __import__("random").Random(0)
    assert league.start_members("pilehungry", 3, rand) == [population.PILE_HUNGRY]
    assert league.start_members("family:4", 3, rand) == [population.Family(4).habits]
    assert len(league.start_members("random", 3, rand)) == 3


@pytest.mark.parametrize("option, value", [("--candidates", "0"), ("--deals", "100001"),
                                           ("--jobs", "0")])
def test_counts_are_bounded(option, value, capsys):
    with pytest.raises(SystemExit) as stop:
        league.main([option, value])
    assert stop.value.code == 2
    assert f"argument {option}: must be 1 to" in capsys.readouterr().err


@pytest.mark.skipif(sys.platform != "linux", reason="process groups")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_with_the_report_so_far(tmp_path, jobs):
    out = tmp_path / "league.json"
    with own_group([sys.executable, "-m", "tools.league", "--opponent", "medium",
                    "--generations", "9999", "--candidates", "9999", "--deals", "1",
                    "--jobs", jobs, "--out", str(out)]) as proc:
        for _ in range(1200):  # the first candidate scored, or two minutes
            if out.exists() or proc.poll() is not None:
                break
            time.sleep(0.1)
        stdout, err = ctrl_c(proc)
    assert proc.returncode == 130 and stdout == ""
    assert err.strip().splitlines()[-1] == \
        "league: interrupted; --out holds the candidates scored so far"
    assert "Traceback" not in err
    report = json.loads(out.read_text())
    assert len(report["candidates"]) >= 1
    assert [p.name for p in tmp_path.iterdir()] == ["league.json"]


@pytest.mark.skipif(sys.platform != "linux", reason="sends itself SIGINT")
def test_a_ctrl_c_during_a_report_write_waits_for_the_whole_report(tmp_path, monkeypatch):
    out = tmp_path / "league.json"
    out.write_text('{"candidates": []}\n')
    dump = json.dump

    def interrupted(data, f, **kw):  # Ctrl-C mid-write, once the temporary file exists
        os.kill(os.getpid(), signal.SIGINT)
        dump(data, f, **kw)

    monkeypatch.setattr(league.json, "dump", interrupted)
    with pytest.raises(KeyboardInterrupt):
        league._write(out, {"candidates": [1]})
    assert json.loads(out.read_text()) == {"candidates": [1]}
    assert [p.name for p in tmp_path.iterdir()] == ["league.json"]
