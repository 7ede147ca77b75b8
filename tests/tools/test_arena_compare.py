"""A change weighed against several runs of the base agent on the same deals."""

import json

import pytest

from tools import arena, arena_compare

DEALS, SEED = 6, 5


def _run(agent: str, agent_seed: int, opponent: str = "greedy", seed: int = SEED) -> dict:
    return arena.run_duplicate([agent, opponent], DEALS, seed, "digital", agent_seed=agent_seed)


@pytest.fixture(scope="module")
def runs():
    return {"random-1": _run("random", 1), "random-2": _run("random", 2),
            "medium-3": _run("medium", 3)}


def _by_deal(report):
    return {row["seed"]: row["scores"][0] - row["scores"][1] for row in report["per_deal"]}


def test_the_effect_is_the_change_less_the_mean_of_the_base_runs_deal_by_deal(runs):
    result = arena_compare.compare({"a": runs["random-1"], "b": runs["random-2"]},
                                   {"c": runs["medium-3"]})
    a, b, c = (_by_deal(runs[k]) for k in ("random-1", "random-2", "medium-3"))
    assert a != b, "another agent seed is another draw of the random player's play"
    expected = sum(c[s] - (a[s] + b[s]) / 2 for s in c) / DEALS
    assert result["deals"] == DEALS and result["opponent"] == "greedy"
    assert result["effect"] == pytest.approx(expected)
    low, high = result["effect_ci95"]
    assert low < expected < high
    # each base run against the other: the spread a change must stand out from
    spread = [r["effect"] for r in result["replicates"]]
    assert spread[0] == pytest.approx(sum(a[s] - b[s] for s in a) / DEALS)
    assert spread[1] == pytest.approx(-spread[0])


def test_a_clearly_better_agent_stands_out_above_zero(runs):
    result = arena_compare.compare({"random": runs["random-1"]}, {"medium": runs["medium-3"]})
    assert result["effect_ci95"][0] > 0
    assert result["change"]["agents"] == ["medium"] and result["base"]["agents"] == ["random"]
    assert result["replicates"] == []  # one base run has no spread to show


def test_only_deals_every_report_holds_are_compared(runs):
    longer = arena.run_duplicate(["random", "greedy"], DEALS + 2, SEED, "digital", agent_seed=9)
    result = arena_compare.compare({"a": runs["random-1"], "long": longer},
                                   {"c": runs["medium-3"]})
    assert result["deals"] == DEALS
    assert result["base"]["deals_in_runs"] == [DEALS, DEALS + 2]


def test_runs_that_cannot_be_weighed_together_are_refused(runs):
    base = {"a": runs["random-1"]}
    with pytest.raises(ValueError, match="against one opponent"):
        arena_compare.compare(base, {"x": _run("medium", 3, opponent="random")})
    with pytest.raises(ValueError, match="same agent seed"):
        arena_compare.compare({"a": runs["random-1"], "again": runs["random-1"]},
                              {"c": runs["medium-3"]})
    with pytest.raises(ValueError, match="share no deal"):
        arena_compare.compare(base, {"x": _run("medium", 3, seed=SEED + 1)})
    with pytest.raises(ValueError, match="as a base run and a run of the change"):
        arena_compare.compare(base, {"a": runs["medium-3"]})
    listless = {k: v for k, v in runs["medium-3"].items() if k != "per_deal"}
    with pytest.raises(ValueError, match="deal list"):
        arena_compare.compare(base, {"x": listless})


def test_the_command_prints_the_result_or_one_usage_error(runs, tmp_path, capsys):
    names = {}
    for key, report in runs.items():
        names[key] = tmp_path / f"{key}.json"
        names[key].write_text(json.dumps(report))
    assert arena_compare.main(["--base", str(names["random-1"]), str(names["random-2"]),
                               "--change", str(names["medium-3"])]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["effect"] > 0 and printed["base"]["runs"] == 2
    with pytest.raises(SystemExit) as stop:
        arena_compare.main(["--base", str(names["random-1"]), "--change",
                            str(names["random-1"])])
    assert stop.value.code == 2
    assert "as a base run and a run of the change" in capsys.readouterr().err
    (tmp_path / "broken.json").write_text("{not json")
    with pytest.raises(SystemExit):
        arena_compare.main(["--base", str(tmp_path / "broken.json"), "--change",
                            str(names["medium-3"])])
    assert "broken.json" in capsys.readouterr().err
