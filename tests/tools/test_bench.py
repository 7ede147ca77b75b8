"""``python -m tools.bench``: the machine's own stalls (``--stalls``), the floor under a think
slice; the hint's wait; the same-run comparisons with another commit (``--against``) and with
OpenSpiel (``--openspiel``)."""

from __future__ import annotations

import gc
import json
import sys

import pytest

from tools import bench


def test_the_stall_probe_prints_one_figure_and_leaves_garbage_collection_as_it_was(capsys):
    """The probe's figures measure the machine (that is what the benchmark is for), so this
    checks only what holds on any machine however busy: one figure, its fields consistent,
    the collector as it was. How many batches fit in the time is the benchmark's number."""
    assert gc.isenabled()
    assert bench.main(["--stalls", "0.05"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1
    fig = json.loads(lines[0])
    assert fig["name"] == "machine_stalls" and fig["seconds"] == 0.05
    assert fig["batches"] >= 1  # the probe times at least one batch, however slow
    assert 0 <= fig["batch_cpu_ms_p50"] <= fig["longest_cpu_ms"]
    assert 0 <= fig["over_10ms_cpu"] <= fig["batches"] and 0 <= fig["over_10ms"] <= fig["batches"]
    assert gc.isenabled(), "the probe turns the collector off only while it runs"


def test_the_stall_probe_does_not_turn_on_a_collector_that_was_off():
    gc.disable()
    try:
        bench.machine_stalls(0.05)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_hint_figure_plays_positions_that_need_a_search_at_frame_pace():
    """Each position's hint is thought over more than one frame (one slice does not answer
    it), several slices a frame."""
    fig = bench.hint_figures(count=2)
    assert fig["name"] == "hint_wait_s" and fig["positions"] == 2 and fig["fps"] == 60
    assert fig["median"] <= fig["max"]
    for frames, slices in zip(fig["frames"], fig["slices"]):
        assert slices > frames >= 1


def test_the_pages_hint_wait_counts_each_frame_at_least_a_60fps_frame():
    from tools.web.bench import _hint_wait
    from tools.web.measure import hint_think_seconds

    frames = hint_think_seconds(count=1)
    assert len(frames) == 1 and frames[0] and all(s >= 0 for s in frames[0])
    fig = _hint_wait([[0.001, 0.001], [0.020]], draw_ms=5.0)
    assert fig["frames"] == [2, 1]
    assert fig["max"] == round(2 / 60, 3)  # two short frames: a 60 fps frame each
    assert fig["median"] == 0.025  # a long frame: its thinking and its drawing


def test_a_commit_against_itself_plays_the_same_hands_in_both_workers():
    """``--against``: the commit's game unpacked and played in its own worker beside this
    tree's, the same seeds round by round. The tree's engine as committed lists what its commit
    lists, so both workers deal the same hands; the ratio is the machine's business, so only
    that it is a ratio is held."""
    figs = list(bench.against_figures("HEAD", "book", rounds=2, steps=300))
    assert [f["players"] for f in figs] == [2, 4]  # book seats two to four: no eight
    for fig in figs:
        assert fig["name"] == "steps_vs_base" and fig["steps"] == 600
        assert fig["hands"] == fig["base_hands"] > 0
        assert fig["value"] > 0 and fig["steps_per_s"] > 0 and fig["base_steps_per_s"] > 0


def test_against_a_name_that_is_no_commit_says_so(capsys):
    try:
        list(bench.against_figures("no-such-commit", "digital", rounds=1, steps=10))
    except SystemExit as stop:
        assert "'no-such-commit' is not a commit" in str(stop)
    else:
        raise AssertionError("an unknown commit was compared")


def test_without_open_spiel_the_line_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # as if it were not installed
    figs = list(bench.openspiel_figures(rounds=1, steps=10))
    assert len(figs) == 1 and figs[0]["name"] == "openspiel_steps_per_s"
    assert "pip install open_spiel" in figs[0]["skipped"]


def test_open_spiel_installed_gives_its_steps_and_our_ratio_to_them():
    pytest.importorskip("pyspiel")
    figs = list(bench.openspiel_figures(rounds=1, steps=50))
    assert [f["name"] for f in figs] == ["openspiel_steps_per_s", "steps_vs_openspiel",
                                         "steps_vs_openspiel"]
    assert figs[0]["with_chance_nodes"] > figs[0]["value"] > 0  # its deals are chance nodes
    assert [f["preset"] for f in figs[1:]] == ["digital", "classic"]
