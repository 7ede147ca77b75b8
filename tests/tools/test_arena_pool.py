"""Short duplicate runs pooled read as one long run of the same deals."""

import json

import pytest

from tools import arena, arena_pool

STANDINGS = ("deals_won", "deal_win_rate", "deal_win_rate_ci95", "mean_deal_score",
             "mean_deal_score_ci95", "mean_hand_score", "mean_hand_score_ci95", "versus")


def _standings(report: dict) -> list[dict]:
    return [{k: p[k] for k in STANDINGS} for p in report["per_agent"]]


@pytest.fixture(scope="module")
def runs():
    return [arena.run_duplicate(["greedy", "random"], 3, seed, "digital") for seed in (5, 6)]


def test_one_report_pooled_reads_as_itself(runs):
    pooled = arena_pool.pool(runs[:1])
    assert pooled["deals"] == 3
    assert _standings(pooled) == _standings(runs[0])


def test_pooled_runs_count_every_deal_once(runs):
    pooled = arena_pool.pool(runs)
    assert pooled["deals"] == 6 and pooled["seeds"] == [5, 6]
    greedy, rand = pooled["per_agent"]
    assert greedy["deals_won"] == sum(r["per_agent"][0]["deals_won"] for r in runs)
    differences = [row["scores"][0] - row["scores"][1] for r in runs for row in r["per_deal"]]
    assert greedy["versus"]["1:random"]["mean_deal_score_diff"] == pytest.approx(
        sum(differences) / 6)
    assert greedy["think_slices"] == sum(r["per_agent"][0]["think_slices"] for r in runs)
    assert rand["versus"]["0:greedy"]["mean_deal_score_diff"] == pytest.approx(
        -greedy["versus"]["1:random"]["mean_deal_score_diff"])


def test_reports_of_other_match_ups_are_refused(runs):
    other = arena.run_duplicate(["random", "greedy"], 1, 7, "digital")
    with pytest.raises(ValueError, match="report 1 has agents"):
        arena_pool.pool([runs[0], other])
    with pytest.raises(ValueError, match="seed appears twice"):
        arena_pool.pool([runs[0], runs[0]])
    listless = {k: v for k, v in runs[1].items() if k != "per_deal"}
    with pytest.raises(ValueError, match="deal list"):
        arena_pool.pool([runs[0], listless])


def test_markdown_row_gives_the_difference_and_deals_won(runs, tmp_path, capsys):
    names = []
    for k, report in enumerate(runs):
        names.append(tmp_path / f"{k}.json")
        names[-1].write_text(json.dumps(report))
    assert arena_pool.main([str(n) for n in names] + ["--markdown"]) == 0
    row = capsys.readouterr().out.strip()
    greedy = arena_pool.pool(runs)["per_agent"][0]
    assert row.startswith("| greedy vs random | digital | 6 | ")
    assert f"{greedy['versus']['1:random']['mean_deal_score_diff']:+.1f}" in row
    assert f"{100 * greedy['deal_win_rate']:.1f}%" in row
