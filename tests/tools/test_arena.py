"""The arena's duplicate play and parallel runs (the soak's tests: tests/tools/test_soak.py)."""

from reports import clock_free

from tools import arena


def test_jobs_do_not_change_results():
    one = arena.run(["medium", "random"], 2, 3, "digital", jobs=1)
    two = arena.run(["medium", "random"], 2, 3, "digital", jobs=2)
    assert clock_free(one) == clock_free(two)


def test_duplicate_plays_every_seating():
    report = arena.run_duplicate(["medium", "easy", "random"], 2, 1, "digital")
    assert report["hands"] == 6
    for row in report["per_deal"]:
        assert len(row["by_seating"]) == 3
        assert row["scores"] == [sum(p[a] for p in row["by_seating"]) for a in range(3)]
    assert sum(p["deals_won"] for p in report["per_agent"]) <= 2
    assert report["illegal_actions"] == 0


def test_report_gives_the_longest_think_slice_in_both_clocks():
    report = arena.run_duplicate(["hard@0.02cpu", "greedy"], 1, 4, "digital")
    hard, greedy = report["per_agent"]
    assert 0 < hard["longest_slice_cpu_ms"] < 1000  # a slice stops itself by process time
    # Wall clock has no bound a busy machine keeps, but no slice uses more process time than
    # the wall clock it took, so the longest in process time is at most the longest in wall.
    assert hard["longest_slice_cpu_ms"] <= hard["longest_slice_ms"] + 1
    assert greedy["longest_slice_cpu_ms"] <= greedy["longest_slice_ms"] + 1
    assert hard["think_slices"] > greedy["think_slices"] > 0  # hard thinks in many slices
    assert 0 <= hard["slices_over_10ms_cpu"] <= hard["think_slices"]
