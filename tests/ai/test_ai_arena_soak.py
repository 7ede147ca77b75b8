"""The arena's duplicate play and parallel runs (the soak's tests: tests/test_soak.py)."""

from game import arena


def strip_times(report):
    report.pop("decision_ms")
    report.pop("jobs")
    for p in report["per_agent"]:
        p.pop("decision_ms")
        p.pop("longest_slice_ms")
    return report


def test_jobs_do_not_change_results():
    one = arena.run(["medium", "random"], 2, 3, "digital", jobs=1)
    two = arena.run(["medium", "random"], 2, 3, "digital", jobs=2)
    assert strip_times(one) == strip_times(two)


def test_duplicate_plays_every_seating():
    report = arena.run_duplicate(["medium", "easy", "random"], 2, 1, "digital")
    assert report["hands"] == 6
    for row in report["per_deal"]:
        assert len(row["by_seating"]) == 3
        assert row["scores"] == [sum(p[a] for p in row["by_seating"]) for a in range(3)]
    assert sum(p["deals_won"] for p in report["per_agent"]) <= 2
    assert report["illegal_actions"] == 0
