"""The standalone page in real Chromium: loading, the start tap, no scroll/zoom/leave prompt,
full screen, a clear message when loading fails, keys, and nothing fetched from elsewhere.

Driven by Playwright on Debian's Chromium (see conftest.py); skips locally without them.
"""

import inspect
import time

import pytest
from conftest import ARTIFACTS, copy_of, serving

from tools.web import measure
from tools.web.bench import STAGES, TRANSFERRED
from tools.web.standalone import TWINS
from tools.web.wheel import WHEEL_NAME

PHONE = {"width": 390, "height": 844, "touch": True, "scale": 3}


def _centre(tab, selector):
    box = tab.page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_loads_with_progress_and_no_request_leaves_localhost(open_tab):
    tab = open_tab(1280, 720)
    state = tab.wait_ready()
    assert tab.page.title() == "Arlington: Oklahoma Rummy — not Oklahoma Gin"
    marks = state["marks"]
    # The milestones come in order: Pyodide, pygame, the game's first frame, then the start tap,
    # with every stage the bench reports between them.
    assert 0 < marks["pyodide"] < marks["pygame"] < marks["firstFrame"] <= marks["ready"]
    order = [STAGES[0][1]] + [end for _, _, end in STAGES]
    assert [marks[m] for m in order] == sorted(marks[m] for m in order)
    assert tab.js("document.getElementById('progress').value") == 100
    # The progress bar counted every byte of the download (runtime, wheel, game).
    assert tab.js("arlington.received") == tab.js(
        "Object.values(arlington.build.sizes).reduce((a, b) => a + b, 0)")
    assert tab.page.locator("#start").is_visible()
    assert tab.foreign_requests() == []
    # No package index is fetched: the page hands Pyodide an empty one.
    assert not [u for u in tab.requests if "pyodide-lock" in u]
    assert tab.errors == []


FIRST_VISIT_BAR = 8_000_000


@pytest.mark.parametrize("compress", [True, False])
def test_the_first_visit_is_small_on_a_host_that_compresses_or_not(chromium, standalone,
                                                                   compress):
    """Served compressed (gzip here: the big files' twins as they are), or by a plain file
    server: the page then takes the gzipped twins and unpacks them itself. Either way the
    first visit stays under 8 MB, and the game plays."""
    context = chromium.new_context(service_workers="block")
    try:
        with serving(standalone.folder, compress=compress) as url:
            page = context.new_page()
            requests = []
            page.on("request", lambda r: requests.append(r.url))
            page.goto(url)
            page.wait_for_function("['ready', 'failed'].includes(arlington.state)",
                                   timeout=120_000)
            assert page.evaluate("arlington.state") == "ready", page.evaluate("arlington.error")
            transferred = page.evaluate(TRANSFERRED)
            took_twins = sorted(u.rsplit("/", 1)[1] for u in requests if u.endswith(".gz"))
            print(f"\nfirst visit, compress={compress}: {transferred:,} bytes, twins {took_twins}")
            assert transferred < FIRST_VISIT_BAR
            assert took_twins == ([] if compress else
                                  sorted(rel.rsplit("/", 1)[-1] + ".gz" for rel in TWINS))
    finally:
        context.close()


def test_every_game_module_imports_from_the_trimmed_standard_library(open_tab):
    """The page's Python has only the modules the build kept: every module of the game still
    imports there (a module left out fails here, naming the module)."""
    from tools.web.files import game_files

    tab = open_tab(1280, 720)
    tab.wait_ready()
    modules = [rel.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
               for rel in game_files()
               if rel.endswith(".py") and rel != "main.py" and not rel.endswith("__main__.py")]
    failed = tab.python(
        "import importlib, json\nfailed = []\n"
        f"for name in {modules!r}:\n"
        "    try:\n        importlib.import_module(name)\n"
        "    except ImportError as e:\n        failed.append(f'{name}: {e}')\n"
        "json.dumps(failed)")
    assert failed == "[]"
    assert tab.python("import sys\n'unittest' in sys.modules or 'doctest' in sys.modules") is False


def test_start_tap_on_a_phone_unlocks_audio_and_uncovers_the_game(open_tab):
    tab = open_tab(**PHONE)
    tab.wait_ready()
    # The page asks for device pixels, not CSS pixels (at most 2 per CSS pixel: page.js).
    assert tab.js("[arlington.canvasWidth, arlington.canvasHeight]") == [780, 1688]
    tab.shot("page-phone-start")
    tab.page.touchscreen.tap(*_centre(tab, "#start"))
    tab.page.wait_for_function("arlington.state === 'playing'", timeout=5000)
    assert not tab.page.locator("#cover").is_visible()
    contexts = tab.js("arlington.audioContexts.map(c => c.state)")
    assert contexts and all(state == "running" for state in contexts), contexts
    before = tab.frames()
    time.sleep(0.5)
    assert tab.frames() > before, "the game stopped drawing after the tap"
    assert tab.errors == []


def test_the_page_does_not_scroll_but_may_be_zoomed(open_tab):
    tab = open_tab(**PHONE)
    tab.wait_ready()
    viewport = tab.js("document.querySelector('meta[name=viewport]').content")
    assert "user-scalable=no" not in viewport and "maximum-scale" not in viewport  # WCAG 1.4.4
    assert tab.js("getComputedStyle(document.getElementById('canvas')).touchAction") == "none"
    assert tab.js("getComputedStyle(document.body).touchAction") == "none"
    tab.page.touchscreen.tap(*_centre(tab, "#start"))
    # A swipe the browser would turn into a scroll: the page is cancelled, so nothing moves.
    cancelled = tab.js("""(() => {
        const t = new Touch({identifier: 1, target: document.body, clientX: 200, clientY: 600});
        const e = new TouchEvent('touchmove', {touches: [t], cancelable: true, bubbles: true});
        document.getElementById('canvas').dispatchEvent(e);
        return e.defaultPrevented;
    })()""")
    assert cancelled
    assert tab.js("[window.scrollX, window.scrollY]") == [0, 0]
    assert tab.js("document.documentElement.scrollHeight <= window.innerHeight")


def test_no_leave_this_page_prompt(open_tab):
    tab = open_tab(1280, 720)
    tab.wait_ready()
    tab.page.click("#start")
    dialogs = []
    tab.page.on("dialog", lambda d: (dialogs.append(d.type), d.dismiss()))
    assert tab.js("window.onbeforeunload") is None
    tab.page.reload()
    tab.wait_ready()
    assert dialogs == []


def test_full_screen_button_starts_the_game_full_screen(open_tab):
    tab = open_tab(1280, 720)
    tab.wait_ready()
    assert tab.page.locator("#fullscreen").is_visible()
    tab.page.click("#fullscreen")
    tab.page.wait_for_function("arlington.state === 'playing'", timeout=5000)
    tab.page.wait_for_function("document.fullscreenElement !== null", timeout=5000)


def test_keys_reach_the_game_without_errors(open_tab):
    """The wheel needs emscripten_compute_dom_pk_code, which the page supplies: without it every
    key press throws inside SDL."""
    tab = open_tab(1280, 720)
    tab.wait_ready()
    tab.page.click("#start")
    for key in ("a", "ArrowLeft", "Enter", "Space", "1"):
        tab.page.keyboard.press(key)
    before = tab.frames()
    time.sleep(0.3)
    assert tab.frames() > before
    assert tab.errors == []
    assert tab.js("arlington.state") == "playing"


@pytest.mark.parametrize("missing", [WHEEL_NAME, "pyodide/pyodide.asm.wasm",
                                     "pyodide/pyodide.asm.js", "game.zip"])
def test_a_failed_download_says_so(chromium, standalone, tmp_path, missing):
    """A folder missing one file (a broken upload): the page says which, instead of hanging."""
    folder = copy_of(standalone.folder, tmp_path / "broken")
    (folder / missing).unlink()
    context = chromium.new_context(service_workers="block")
    try:
        with serving(folder) as url:
            page = context.new_page()
            page.goto(url)
            page.wait_for_function("arlington.state === 'failed'", timeout=60_000)
            assert page.locator("#error").is_visible()
            message = page.locator("#error-text").inner_text()
            assert missing in message, message
            assert not page.locator("#start").is_visible()
            if missing == "game.zip":
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / "page-load-failed.png"))
    finally:
        context.close()


def test_keys_wait_for_the_start_and_enter_starts(open_tab):
    """Under the cover no key reaches the game; Enter is the start tap for keyboard players,
    and that Enter does not also press the title's first button."""
    tab = open_tab(1280, 720)
    tab.wait_ready()
    tab.page.keyboard.press("Tab")
    tab.page.keyboard.press("Escape")
    time.sleep(0.3)
    assert tab.js("arlington.state") == "ready"
    tab.page.keyboard.press("Enter")
    tab.page.wait_for_function("arlington.state === 'playing'", timeout=5000)
    assert not tab.page.locator("#cover").is_visible()
    time.sleep(0.3)
    tab.python(f"import types\nm = types.ModuleType('m')\nexec({inspect.getsource(measure)!r}, "
               "m.__dict__)\nscene = type(m.running_app().scenes.top).__name__")
    assert tab.python("scene") == "TitleScene"


def test_a_seeded_match_of_hard_medium_and_easy_is_the_same_in_chromium(open_tab):
    """The engine and every AI level inside the page's WebAssembly Python choose exactly as
    natively: the same actions, the same scores (hard counted in iterations, not seconds)."""
    import json

    tab = open_tab(1280, 720)
    tab.wait_ready()
    tab.page.keyboard.press("Enter")
    tab.page.wait_for_function("arlington.state === 'playing'", timeout=5000)
    source = inspect.getsource(measure)
    tab.python(f"import json, types\nm = types.ModuleType('m')\nexec({source!r}, m.__dict__)")
    in_page = json.loads(tab.python("json.dumps(m.seeded_match(7, hand_limit=1))"))
    native = json.loads(json.dumps(measure.seeded_match(7, hand_limit=1)))
    assert in_page["decisions"] > 20
    assert in_page == native
