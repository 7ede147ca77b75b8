"""``python -m tools.bench --stalls``: the machine's own stalls, the floor under a think slice."""

from __future__ import annotations

import gc
import json

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
