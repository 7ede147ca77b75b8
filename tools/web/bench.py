"""``python -m tools.web bench``: the engine, the AI and the table inside headless Chromium.

Builds the standalone folder in a temporary directory, serves it on 127.0.0.1, opens it in
Debian's Chromium through Playwright and prints JSON lines:

- ``load``: page open to the game's first frame, and Pyodide's own load time in the same run
  (the bar: the first is at most 1.0 s more than the second), where the time after Pyodide's
  load went (``STAGES``), and the bytes the first visit transferred (served gzipped);
- ``match``: a seeded match of hard, medium and easy, played inside the page and natively:
  ``same`` is true when every action and score agree;
- ``hard_decision_ms``: the hard level's decision p50/p90/max and its longest think slice,
  measured inside the page (``measure.hard_decisions``);
- ``hint_wait_s``: how long a player waits for a hint in the page, over ``tools.bench``'s
  positions: each frame's thinking (``measure.hint_think_seconds``, measured in the page)
  plus drawing the 1280x720 table's frame (its ``draw_ms`` median), and never less than a
  60 fps frame: median and max, and the frames;
- ``table_fps``: frames per second while an eight-seat table of computers animates (deal, turns),
  at 1280x720, on a 390x844 phone at 3x (drawn at 2x: 780x1688) and at 1920x1080, and
  ``draw_ms``, the renderer's time to draw one frame of it mid-deal (``measure.table_draw_ms``),
  and ``flip_ms``, the time to present a frame to the canvas (``measure.flip_ms``); ``step_ms``
  and ``late``, the app's steps over the same seconds and the frames that came late, by what
  their step did (``measure.watched_frames``).
"""

from __future__ import annotations

import inspect
import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

from ..stats import percentiles
from . import measure, standalone
from .serve import server

CHROMIUM = os.environ.get("ARLINGTON_CHROMIUM", "/usr/bin/chromium")  # Debian's; no download
ARGS = ["--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
FPS_SECONDS = 4.0
SCREENS = (  # besides 1280x720: a 3x phone (the page draws it at 2x) and a 1080p monitor
    {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "has_touch": True,
     "is_mobile": True},
    {"viewport": {"width": 1920, "height": 1080}},
)


def _emit(figure: dict) -> None:
    print(json.dumps(figure), flush=True)


def _install_measure(page) -> None:
    source = inspect.getsource(measure)
    page.evaluate("(c) => arlington.python(c)",
                  "import sys, types\nm = types.ModuleType('arlington_measure')\n"
                  f"exec({source!r}, m.__dict__)\nsys.modules['arlington_measure'] = m\n")


def _ask(page, call: str):
    return json.loads(page.evaluate("(c) => arlington.python(c)",
                                    f"import json, arlington_measure as m\njson.dumps(m.{call})"))


def _decisions(measured: dict) -> dict:
    """The hard level's decision figure from ``measure.hard_decisions``'s raw times."""
    times = measured.pop("times_ms")
    return {"name": "hard_decision_ms", "where": "chromium", "decisions": len(times),
            **{k: round(v, 1) for k, v in percentiles(times).items()}, **measured}


STAGES = (("wheel", "pyodide", "pygame"), ("unpack", "pygame", "python"),
          ("main_imports", "python", "main"), ("app_imports", "main", "imported"),
          ("app", "imported", "app"), ("first_scene", "app", "firstFrame"))
"""Where the seconds between Pyodide's load and the first frame go, by the page's marks: the
pygame-ce wheel installed (its files written, its WebAssembly, compiled during Pyodide's load,
instantiated); the game written, Python's first run (pygbag's conventions) and the worker
registered; ``import main`` (the
launcher, pygame, the engine); the app's and scenes' imports; the window and the App (settings,
sounds); the title scene's construction and first draw (fonts, card art)."""
TRANSFERRED = """() => performance.getEntriesByType("navigation")
    .concat(performance.getEntriesByType("resource"))
    .reduce((total, e) => total + e.encodedBodySize, 0)"""


def _breakdown(marks: dict) -> dict:
    return {name: round((marks[end] - marks[start]) / 1000, 3) for name, start, end in STAGES
            if start in marks and end in marks}


def _open(browser, url, **context):
    ctx = browser.new_context(service_workers="block", **context)
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function("['ready', 'failed'].includes(arlington.state)", timeout=180_000)
    if page.evaluate("arlington.state") == "failed":
        raise RuntimeError(page.evaluate("arlington.error"))
    page.click("#start")
    _install_measure(page)
    return ctx, page


SAMPLE = """async ([seconds, code]) => {
    // Sampled inside the page: no round trip to the bench between two looks.
    let frames = 0, busy = 0, last = [arlington.frames, performance.now()];
    const end = performance.now() + seconds * 1000;
    while (performance.now() < end) {
        await new Promise((r) => setTimeout(r, 100));
        const now = [arlington.frames, performance.now()];
        if (arlington.pythonSync(code)) { frames += now[0] - last[0]; busy += now[1] - last[1]; }
        last = now;
    }
    return [frames, busy / 1000];
}"""


def _fps(page, players: int, seed: int) -> dict:
    """Frames per second over the moments the table was busy (animating or thinking)."""
    _ask(page, f"start_table({players}, {seed})")
    frames, seconds = page.evaluate(SAMPLE, [FPS_SECONDS, "import arlington_measure as m\n"
                                             "m.table_busy()"])
    watched = _ask(page, "watched_frames()")
    return {"name": "table_fps", "players": players,
            "canvas": page.evaluate("[canvas.width, canvas.height]"),
            "fps": round(frames / seconds, 1) if seconds else None,
            "busy_seconds": round(seconds, 2), "draw_ms": _ask(page, "table_draw_ms()"),
            "flip_ms": _ask(page, "flip_ms()"), "step_ms": watched["step_ms"],
            "late": watched["late"]}


def _hint_wait(frames_s: list[list[float]], draw_ms: float) -> dict:
    """The ``hint_wait_s`` figure from the page's thinking per frame and one frame's drawing."""
    waits = [sum(max(1 / 60, think + draw_ms / 1000) for think in frames)
             for frames in frames_s]
    p = percentiles(waits, (50,))
    return {"name": "hint_wait_s", "unit": "s", "where": "chromium", "positions": len(waits),
            "median": round(p["p50"], 3), "max": round(max(waits), 3),
            "frames": [len(f) for f in frames_s], "draw_ms": draw_ms}


def main(args) -> int:
    from playwright.sync_api import sync_playwright

    from .wheel import WheelError

    try:
        with tempfile.TemporaryDirectory(prefix="arlington-bench-") as tmp:
            built = standalone.build(Path(tmp) / "standalone")
            httpd = server(built.folder)
            threading.Thread(target=httpd.serve_forever, daemon=True).start()
            url = f"http://127.0.0.1:{httpd.server_address[1]}/"
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                ctx, page = _open(browser, url, viewport={"width": 1280, "height": 720})
                marks = page.evaluate("arlington.marks")
                pyodide_s = (marks["pyodide"] - marks["boot"]) / 1000
                first_s = marks["firstFrame"] / 1000
                _emit({"name": "load", "first_frame_s": round(first_s, 2),
                       "pyodide_load_s": round(pyodide_s, 2),
                       "first_frame_minus_pyodide_s": round(first_s - pyodide_s, 2),
                       "after_pyodide_s": _breakdown(marks),
                       "transferred_bytes": page.evaluate(TRANSFERRED),
                       "code": "bytecode" if built.compiled else "source",
                       "standalone_bytes": built.bytes})
                start = time.perf_counter()
                in_page = _ask(page, f"seeded_match({args.seed})")
                page_s = time.perf_counter() - start
                native = measure.seeded_match(args.seed)
                _emit({"name": "match", "levels": in_page["levels"], "seed": args.seed,
                       "same": in_page == native, "totals": in_page["totals"],
                       "hands": in_page["hands"], "decisions": in_page["decisions"],
                       "seconds_in_chromium": round(page_s, 1)})
                _emit(_decisions(_ask(page, "hard_decisions()")))
                thinking = _ask(page, "hint_think_seconds()")
                table = _fps(page, 8, args.seed)
                _emit(table)
                if table["draw_ms"]:
                    _emit(_hint_wait(thinking, table["draw_ms"]["median"]))
                ctx.close()
                for screen in SCREENS:
                    ctx, page = _open(browser, url, **screen)
                    _emit(_fps(page, 8, args.seed))
                    ctx.close()
                browser.close()
            httpd.shutdown()
            httpd.server_close()
    except (standalone.BuildError, WheelError, RuntimeError) as e:
        print(f"bench failed: {e}", file=sys.stderr)
        return 1
    return 0
