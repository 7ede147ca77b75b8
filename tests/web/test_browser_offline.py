"""Offline play: after one visit the service worker serves the whole folder, and a new build
(a new sw.js) replaces the old cache instead of piling up beside it."""

import re
import time

import pytest
from conftest import copy_of, serving

CACHE_STATE = """async () => {
    const keys = (await caches.keys()).filter(k => k.startsWith('arlington:'));
    const counts = [];
    for (const key of keys) counts.push((await (await caches.open(key)).keys()).length);
    return {keys, counts};
}"""


def _cached(tab, timeout=60):
    """Wait until the worker controls the page and its cache is filled; return the cache state."""
    tab.page.wait_for_function("navigator.serviceWorker.controller !== null",
                               timeout=timeout * 1000)
    deadline = time.monotonic() + timeout
    while True:
        state = tab.page.evaluate(CACHE_STATE)
        if state["keys"] and all(state["counts"]) or time.monotonic() > deadline:
            return state
        time.sleep(0.2)


def _plays(tab):
    tab.wait_ready()
    tab.page.click("#start")
    before = tab.frames()
    time.sleep(0.5)
    assert tab.frames() > before
    assert tab.errors == []


def test_plays_again_with_the_network_cut(open_tab, standalone):
    tab = open_tab(1280, 720)
    _plays(tab)
    state = _cached(tab)
    sw = (standalone.folder / "sw.js").read_text()
    listed = re.search(r"const FILES = (\[.*?\])", sw, re.S).group(1).count('"') // 2
    twins = re.search(r"const TWINS = (\[.*?\]);", sw, re.S).group(1).count('"') // 2
    assert len(state["keys"]) == 1 and state["keys"][0].endswith(standalone.version)
    assert state["counts"] == [listed + twins]
    tab.context.set_offline(True)
    tab.requests.clear()
    tab.page.reload()
    _plays(tab)
    assert tab.foreign_requests() == []


def test_plays_offline_from_the_gzipped_twins_a_plain_host_sent(open_tab, standalone):
    """From a host that does not compress, the page took the big files' gzipped twins; the
    worker keeps those and answers the plain names from them once the network is cut."""
    with serving(standalone.folder, compress=False) as url:
        tab = open_tab(1280, 720, url=url)
        _plays(tab)
        assert [u for u in tab.requests if u.endswith(".wasm.gz")]
        _cached(tab)
        tab.context.set_offline(True)
        tab.page.reload()
        _plays(tab)


@pytest.mark.slow
def test_a_new_build_replaces_the_old_cache(open_tab, standalone, tmp_path):
    """Slow (about 70 s): Chromium acts on the page's update check about a minute later."""
    folder = copy_of(standalone.folder, tmp_path / "site")
    with serving(folder) as url:
        tab = open_tab(1280, 720, url=url)
        _plays(tab)
        assert _cached(tab)["keys"][0].endswith(standalone.version)
        sw = folder / "sw.js"
        text = sw.read_text()
        sw.unlink()  # a hard link: write a new file, never through the shared one
        sw.write_text(text.replace(standalone.version, "0123456789abcdef"))
        tab.page.reload()
        tab.wait_ready()
        deadline = time.monotonic() + 150
        while tab.page.evaluate(CACHE_STATE)["keys"] != [f"arlington:{url}:0123456789abcdef"]:
            assert time.monotonic() < deadline, tab.page.evaluate(CACHE_STATE)
            time.sleep(1)
        tab.page.reload()
        _plays(tab)
