// Standalone boot: Pyodide (CPython 3.12 on WebAssembly) and pygbag's pygame-ce wheel from this
// folder, the game unpacked into Pyodide's file system, then main.main() as pygbag would run it.
// No request leaves the folder. After the game runs, a service worker caches the folder so it
// plays offline. Milestones go to window.arlington.marks; frames drawn to arlington.frames.
// Loaded in <head> before pyodide.js, so Pyodide's own downloads go through the counting fetch.
"use strict";
(() => {
  const BUILD = JSON.parse(document.getElementById("build").textContent);
  const APP = "/home/pyodide/arlington";  // standalone.APP_ROOT
  const SITE = "/lib/python3.12/site-packages/";  // standalone.SITE_ROOT
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

  // The wheel and the game are zips, read here rather than by Pyodide's loadPackage and
  // unpackArchive, which run Python (the package loader imports importlib.metadata, shutil,
  // tarfile...) after Pyodide's load, on the start's critical path. The build stores their
  // members uncompressed; a deflated member (someone's own wheel) is inflated in the page.
  // Returns [{name, data: Promise<Uint8Array>}], directories left out.
  function readZip(bytes, rel) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let end = bytes.length - 22;
    while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end -= 1;
    if (end < 0) throw new Error(`${rel} is not a zip file`);
    const count = view.getUint16(end + 10, true);
    let at = view.getUint32(end + 16, true);
    const decode = new TextDecoder();
    const members = [];
    for (let i = 0; i < count; i += 1) {
      if (view.getUint32(at, true) !== 0x02014b50) throw new Error(`${rel}: a damaged zip`);
      const method = view.getUint16(at + 10, true);
      const size = view.getUint32(at + 20, true);
      const nameLength = view.getUint16(at + 28, true);
      const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
      const local = view.getUint32(at + 42, true);
      const name = decode.decode(bytes.subarray(at + 46, at + 46 + nameLength));
      at += 46 + skip;
      if (name.endsWith("/")) continue;
      const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
      const raw = bytes.subarray(start, start + size);
      if (method !== 0 && method !== 8) throw new Error(`${rel}: ${name} is packed in a way the page cannot read`);
      const data = method === 0 ? Promise.resolve(raw) : new Response(
        new Blob([raw]).stream().pipeThrough(new DecompressionStream("deflate-raw")),
      ).arrayBuffer().then((b) => new Uint8Array(b));
      members.push({ name, data });
    }
    return members;
  }

  // Write a zip's members under ``root`` in Pyodide's file system.
  async function unpack(pyodide, members, root) {
    const FS = pyodide.FS;
    for (const { name, data } of members) {
      const path = root + name;
      FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      FS.writeFile(path, await data);
    }
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
      // The wheel and the game download while Pyodide loads, and the wheel's WebAssembly
      // (pygame-ce and the SDL libraries it bundles, one module) compiles meanwhile, off
      // the page's thread: after Pyodide's load only its instantiation is left.
      const wheel = fetchBytes(BUILD.wheel).then((bytes) => readZip(bytes, BUILD.wheel));
      const game = fetchBytes(BUILD.game).then((bytes) => readZip(bytes, BUILD.game));
      const compiled = wheel.then((members) => Promise.all(members
        .filter((m) => m.name.endsWith(".so"))
        .map(async (m) => [m.name, await WebAssembly.compile(await m.data)])));
      for (const p of [wheel, game, compiled]) p.catch(() => {});  // reported where awaited
      // The build ships no package index: an empty one, so no lock file is fetched.
      const lockFileURL = "data:application/json," + encodeURIComponent(JSON.stringify(BUILD.lock));
      const pyodide = await loadPyodide({ indexURL: here(BUILD.pyodide), packages: [], lockFileURL });
      page.mark("pyodide");
      page.pyodideSeconds = (page.marks.pyodide - page.marks.boot) / 1000;

      label = "Loading pygame";
      const canvas = document.getElementById("canvas");
      pyodide.canvas.setCanvas2D(canvas);
      const table = window.ARLINGTON_DOM_PK;
      const lib = pyodide._module;
      lib.mergeLibSymbols({
        emscripten_compute_dom_pk_code: (ptr) => table[lib.UTF8ToString(ptr)] || 0,
      }, "arlington_dom_pk");
      const members = await wheel;
      if (!members.some((m) => /^pygame\/__init__\.pyc?$/.test(m.name))) {
        throw new Error(`${BUILD.wheel} holds no pygame package`);
      }
      await unpack(pyodide, members, SITE);
      // Instantiated as emscripten's own preload does for a .so written to the file system:
      // the import's dlopen then finds the library ready (Pyodide's loader passes the same
      // flags, allowing symbols the page does not define, which nothing calls).
      for (const [name, module] of await compiled) {
        lib.preloadedWasm[SITE + name] = await lib.loadWebAssemblyModule(
          module, { loadAsync: true, nodelete: true, allowUndefined: true }, SITE + name, {});
      }
      page.mark("pygame");

      await unpack(pyodide, await game, APP + "/");
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
# The wheel and the game were written after Python started: drop the finders that listed
# folders before (importlib.invalidate_caches would import importlib.metadata, and what it
# imports, on the way to the first frame).
sys.path_importer_cache.clear()
sys.dont_write_bytecode = True
platform.window = js.window
platform.document = js.document
      `);
      page.mark("python");
      await registerWorker();
      await pyodide.runPythonAsync("import main\n");
      page.mark("main");  // main.py's imports: the launcher, pygame, the engine's setup
      const running = pyodide.runPythonAsync("await main.main()\n");
      running.then(
        () => { page.state = "stopped"; },
        (err) => page.fail(`The game stopped: ${String(err.message || err).trim().split("\n").pop()}`),
      );
      page.game = running;

    } catch (err) {
      page.fail(`Loading failed: ${err && err.message ? err.message : err}`);
    }
  }

  document.addEventListener("DOMContentLoaded", boot);
})();
