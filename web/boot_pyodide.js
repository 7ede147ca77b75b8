// Standalone boot: Pyodide (CPython 3.12 on WebAssembly) and pygbag's pygame-ce wheel from this
// folder, the game unpacked into Pyodide's file system, then main.main() as pygbag would run it.
// No request leaves the folder. After the game runs, a service worker caches the folder so it
// plays offline. Milestones go to window.arlington.marks; frames drawn to arlington.frames.
// Loaded in <head> before pyodide.js, so Pyodide's own downloads go through the counting fetch.
"use strict";
(() => {
  const BUILD = JSON.parse(document.getElementById("build").textContent);
  const APP = "/home/pyodide/arlington";  // standalone.APP_ROOT
  const here = (rel) => new URL(rel, location.href).href;
  const page = () => window.arlington;  // the shell defines it further down the page

  // Byte progress over the whole download: every same-folder response is counted as it
  // streams, against the sizes the build recorded.
  const total = Object.values(BUILD.sizes).reduce((a, b) => a + b, 0);
  let received = 0;
  let label = "Loading";
  const realFetch = window.fetch.bind(window);
  const TYPES = { wasm: "application/wasm", zip: "application/zip" };
  const twinsTaken = [];  // the gzipped twins this visit unpacked itself (the worker keeps them)

  // A twin (a big file the build also wrote gzipped): when the host sends X uncompressed,
  // drop it and take X.gz, unpacked here. The first twin of a type asked for decides for the
  // others of that type (hosts compress by type: wasm, zip), so at most one plain download a
  // type is started and dropped. The
  // service worker answers X itself from X.gz once it holds that (X-Arlington-Unpacked).
  // Without DecompressionStream, X as it comes.
  const plainHost = {};  // type: a promise of whether the host sends that type uncompressed
  async function probe(input, init) {
    let plain = null;
    try {
      plain = await realFetch(input, init);
      const ready = plain.headers.get("Content-Encoding") || plain.headers.get("X-Arlington-Unpacked");
      if (!plain.ok || ready) return { plain, packed: false };
      if (plain.body) plain.body.cancel().catch(() => {});
      return { plain: null, packed: true };
    } catch (err) {
      return { plain: null, packed: true, err };  // offline before the worker holds X
    }
  }
  async function twin(rel, input, init) {
    if (typeof DecompressionStream !== "function") return realFetch(input, init);
    let answer = null;
    const type = rel.endsWith(".wasm") ? "wasm" : "zip";
    if (!(type in plainHost)) {
      const first = probe(input, init);
      plainHost[type] = first.then((a) => a.packed);
      answer = await first;
      if (!answer.packed) return answer.plain;
    } else if (!(await plainHost[type])) {
      return realFetch(input, init);
    }
    const packed = await realFetch(here(rel + ".gz"));
    if (!packed.ok || !packed.body) {
      if (answer && answer.err) throw answer.err;
      return packed;
    }
    twinsTaken.push(rel);
    return new Response(packed.body.pipeThrough(new DecompressionStream("gzip")), {
      status: 200, headers: { "Content-Type": TYPES[type] },
    });
  }

  window.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    const rel = url.href.startsWith(here("./")) ? url.href.slice(here("./").length) : null;
    const listed = rel !== null && rel in BUILD.sizes;
    let response;
    try {
      response = await (BUILD.twins.includes(rel) ? twin(rel, input, init) : realFetch(input, init));
    } catch (err) {
      if (listed) page().fail(`Loading failed: ${rel} could not be downloaded (${err.message}).`);
      throw err;
    }
    // A missing runtime file can leave Pyodide waiting forever: fail at the response.
    if (listed && !response.ok) {
      page().fail(`Loading failed: ${rel} could not be downloaded (HTTP ${response.status}).`);
    }
    if (!listed || !response.ok || !response.body) return response;
    const counter = new TransformStream({
      transform(chunk, controller) {
        received += chunk.byteLength;
        page().received = received;  // bytes so far, for the curious (and the tests)
        page().progress(0.9 * Math.min(1, received / total), label);
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(counter), {
      status: response.status, statusText: response.statusText, headers: response.headers,
    });
  };

  async function fetchBytes(rel) {
    const response = await fetch(here(rel));
    if (!response.ok) throw new Error(`${rel}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }

  // Pyodide's wasm compile may bypass fetch and then wait forever on a failed download: the
  // resource timings say which listed file came back with an error.
  function watchDownloads() {
    const timer = setInterval(() => {
      if (page().state !== "loading") { clearInterval(timer); return; }
      for (const entry of performance.getEntriesByType("resource")) {
        const rel = entry.name.startsWith(here("./")) ? entry.name.slice(here("./").length) : null;
        if (BUILD.watch.includes(rel) && entry.responseStatus >= 400) {
          page().fail(`Loading failed: ${rel} could not be downloaded (HTTP ${entry.responseStatus}).`);
        }
      }
    }, 250);
  }

  // Offline play from the next visit on. Registered once everything is downloaded (so the
  // worker's precache comes from the HTTP cache instead of competing with the first load) and
  // before the frame loop starts (which keeps the page's thread busy).
  async function registerWorker() {
    const page = window.arlington;
    if (!("serviceWorker" in navigator) || !location.protocol.startsWith("http")) return;
    try {
      // The worker keeps the form of each twin this visit took: gzipped (?gz=1) or plain.
      const script = twinsTaken.length ? "sw.js?gz=1" : "sw.js";
      const registration = await navigator.serviceWorker.register(script, { updateViaCache: "none" });
      page.serviceWorker = "registered";
      // register() does not re-check an existing worker: ask for a newer build. (Chromium
      // takes about a minute to act on it; the new build then plays from the next visit.)
      if (registration && registration.active) registration.update().catch(() => {});
    } catch (err) {
      page.serviceWorker = `failed: ${err}`;
      console.warn("arlington: no offline cache", err);
    }
  }

  async function boot() {
    const page = window.arlington;
    page.build = BUILD;
    page.frames = 0;
    watchDownloads();
    try {
      page.mark("boot");
      label = "Loading Python";
      // The build ships no package index: an empty one, so no lock file is fetched.
      const lockFileURL = "data:application/json," + encodeURIComponent(JSON.stringify(BUILD.lock));
      const pyodide = await loadPyodide({ indexURL: here(BUILD.pyodide), packages: [], lockFileURL });
      page.mark("pyodide");
      page.pyodideSeconds = (page.marks.pyodide - page.marks.boot) / 1000;

      label = "Loading pygame";
      const canvas = document.getElementById("canvas");
      pyodide.canvas.setCanvas2D(canvas);
      const table = window.ARLINGTON_DOM_PK;
      pyodide._module.mergeLibSymbols({
        emscripten_compute_dom_pk_code: (ptr) => table[pyodide._module.UTF8ToString(ptr)] || 0,
      }, "arlington_dom_pk");
      const problems = [];
      const [, gameZip] = await Promise.all([
        pyodide.loadPackage(here(BUILD.wheel), {
          messageCallback: () => {}, errorCallback: (m) => problems.push(m),
        }),
        fetchBytes(BUILD.game),
      ]);
      // loadPackage only logs a failed download; say so plainly instead of failing at import.
      if (!pyodide.runPython("import importlib.util; importlib.util.find_spec('pygame') is not None")) {
        throw new Error(`pygame-ce did not load from ${BUILD.wheel}. ${problems.join(" ")}`.trim());
      }
      page.mark("pygame");

      pyodide.unpackArchive(gameZip, "zip", { extractDir: APP });
      page.progress(0.95, "Starting");

      // Count frames and mark the first one the app draws: SDL presents each frame with
      // putImageData (opening the window presents a blank one first, before the "app" mark).
      const ctx = canvas.getContext("2d");
      const put = ctx.putImageData.bind(ctx);
      ctx.putImageData = (...args) => {
        put(...args);
        page.frames += 1;
        if ("app" in page.marks && !("firstFrame" in page.marks)) {
          page.mark("firstFrame");
          page.ready();
        }
      };

      // For tests and the bench: run Python in the game's own interpreter.
      const plain = (r) => (r && r.toJs ? r.toJs({ dict_converter: Object.fromEntries }) : r);
      page.python = async (code) => plain(await pyodide.runPythonAsync(code));
      page.pythonSync = (code) => plain(pyodide.runPython(code));
      pyodide.globals.set("ARLINGTON_APP", APP);
      // pygbag's conventions, which main.py and game/platform.py expect.
      await pyodide.runPythonAsync(`
import os, platform, sys
import js
sys.path.insert(0, ARLINGTON_APP)
os.chdir(ARLINGTON_APP)
sys.dont_write_bytecode = True
platform.window = js.window
platform.document = js.document
      `);
      page.mark("python");
      await registerWorker();
      await pyodide.runPythonAsync("import main\n");
      page.mark("main");  // main.py's imports: the launcher, pygame, the engine's setup
      const game = pyodide.runPythonAsync("await main.main()\n");
      game.then(
        () => { page.state = "stopped"; },
        (err) => page.fail(`The game stopped: ${String(err.message || err).trim().split("\n").pop()}`),
      );
      page.game = game;

    } catch (err) {
      page.fail(`Loading failed: ${err && err.message ? err.message : err}`);
    }
  }

  document.addEventListener("DOMContentLoaded", boot);
})();
