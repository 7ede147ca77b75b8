#!/usr/bin/env node
// Run a Python snippet against the engine package under Pyodide (CPython on WebAssembly).
//
// Why: the browser build runs the engine on CPython 3.12 compiled to WebAssembly. Running the
// same code in Pyodide under Node.js catches what only breaks there (a missing stdlib module,
// a blocking call, an ordering that depends on the platform) without a browser.
//
// Usage:
//   node run_in_pyodide.mjs [--package-dir DIR] [--verbose] [CODE | -]
//
//   CODE           Python source to run; "-" or no argument reads it from stdin.
//   --package-dir  the package directory to copy in (default: <repo>/game, found relative to
//                  this script); env ARLINGTON_PACKAGE_DIR does the same. Its basename is the
//                  import name, so /tmp/x/game is imported as `game`.
//   --verbose      timings and what was copied, on stderr.
//
// The snippet's stdout and stderr go to this process's stdout and stderr unchanged. The exit
// status is the snippet's: 0, the code given to SystemExit, or 1 after an uncaught exception
// (its traceback on stderr). 2 means bad usage or a harness failure.
//
// Offline by construction: Pyodide is loaded from the local node_modules (the npm package holds
// the interpreter and the standard library), no packages are loaded, and any http(s) fetch is
// refused, so a hidden CDN download fails loudly instead of passing on a networked machine.

import { readFileSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, "..", "..");
const MOUNT = "/home/pyodide/src"; // where the package lands inside Pyodide; put on sys.path

function usage(message) {
  process.stderr.write(`run_in_pyodide: ${message}\n`);
  process.stderr.write("usage: node run_in_pyodide.mjs [--package-dir DIR] [--verbose] [CODE | -]\n");
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { packageDir: process.env.ARLINGTON_PACKAGE_DIR || null, verbose: false, code: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--package-dir") {
      if (i + 1 >= argv.length) usage("--package-dir needs a directory");
      opts.packageDir = argv[++i];
    } else if (arg.startsWith("--package-dir=")) {
      opts.packageDir = arg.slice("--package-dir=".length);
    } else if (arg === "--verbose") {
      opts.verbose = true;
    } else if (arg === "-h" || arg === "--help") {
      process.stdout.write("usage: node run_in_pyodide.mjs [--package-dir DIR] [--verbose] [CODE | -]\n");
      process.exit(0);
    } else if (opts.code === null) {
      opts.code = arg;
    } else {
      usage(`unexpected argument ${JSON.stringify(arg)} (pass the code as one argument)`);
    }
  }
  opts.packageDir = path.resolve(opts.packageDir || path.join(REPO, "game"));
  if (opts.code === null || opts.code === "-") opts.code = readFileSync(0, "utf8");
  return opts;
}

/** Every .py file under dir (recursively, skipping __pycache__), as paths relative to dir. */
function pythonFiles(dir, rel = "") {
  const out = [];
  for (const name of readdirSync(path.join(dir, rel)).sort()) {
    const relPath = rel ? `${rel}/${name}` : name;
    const stat = statSync(path.join(dir, relPath));
    if (stat.isDirectory()) {
      if (name !== "__pycache__" && !name.startsWith(".")) out.push(...pythonFiles(dir, relPath));
    } else if (name.endsWith(".py")) {
      out.push(relPath);
    }
  }
  return out;
}

/** Refuse network fetches: everything Pyodide needs here is on the local disk. */
function forbidNetwork() {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (resource, init) => {
    const url = String(resource?.url ?? resource);
    if (/^(https?|wss?):/i.test(url)) {
      throw new Error(`run_in_pyodide: network fetch refused (offline harness): ${url}`);
    }
    return realFetch(resource, init);
  };
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const log = (msg) => opts.verbose && process.stderr.write(`[run_in_pyodide] ${msg}\n`);

  let isPackageDir = false;
  try {
    isPackageDir = statSync(opts.packageDir).isDirectory();
  } catch {
    isPackageDir = false;
  }
  if (!isPackageDir) usage(`package directory not found: ${opts.packageDir}`);
  const files = pythonFiles(opts.packageDir);
  const pkgName = path.basename(opts.packageDir);

  forbidNetwork();
  // Resolve pyodide from this script's own node_modules, whatever the current directory is.
  const require = createRequire(import.meta.url);
  let pyodideEntry;
  try {
    pyodideEntry = require.resolve("pyodide/pyodide.mjs");
  } catch {
    usage(`pyodide is not installed next to this script; run: npm ci --prefix ${path.relative(process.cwd(), HERE) || "."}`);
  }
  const { loadPyodide } = await import(pyodideEntry);

  const t0 = performance.now();
  const pyodide = await loadPyodide({
    indexURL: path.dirname(pyodideEntry) + path.sep,
    packages: [], // none: every package beyond the core would come from the CDN
    // Interpreter start-up chatter goes to stderr; the snippet's own output is set up below.
    stdout: (line) => process.stderr.write(`${line}\n`),
    stderr: (line) => process.stderr.write(`${line}\n`),
  });
  log(`pyodide ${pyodide.version} loaded in ${((performance.now() - t0) / 1000).toFixed(2)} s`);

  // Byte-exact output: write straight through, no line batching or newline games.
  pyodide.setStdout({ write: (buf) => (process.stdout.write(Buffer.from(buf)), buf.length) });
  pyodide.setStderr({ write: (buf) => (process.stderr.write(Buffer.from(buf)), buf.length) });

  const t1 = performance.now();
  const FS = pyodide.FS;
  for (const rel of files) {
    const dest = `${MOUNT}/${pkgName}/${rel}`;
    FS.mkdirTree(path.posix.dirname(dest));
    FS.writeFile(dest, readFileSync(path.join(opts.packageDir, rel)));
  }
  log(`copied ${files.length} .py files from ${opts.packageDir} to ${MOUNT}/${pkgName} ` +
      `in ${((performance.now() - t1) / 1000).toFixed(2)} s`);

  // Run the snippet as __main__, with top-level await allowed, and turn its ending into an
  // exit status the way `python -c` would.
  const runner = pyodide.runPython(`
import sys, traceback
sys.path.insert(0, ${JSON.stringify(MOUNT)})
sys.dont_write_bytecode = True

async def _run(source):
    from pyodide.code import eval_code_async
    namespace = {"__name__": "__main__", "__builtins__": __builtins__}
    status = 0
    try:
        await eval_code_async(source, namespace, filename="<snippet>")
    except SystemExit as exc:
        code = exc.code
        if code is None:
            status = 0
        elif isinstance(code, int):
            status = code
        else:
            print(code, file=sys.stderr)
            status = 1
    except BaseException:
        traceback.print_exc()
        status = 1
    sys.stdout.flush()
    sys.stderr.flush()
    return status

_run
`);
  const t2 = performance.now();
  const status = await runner(opts.code);
  runner.destroy();
  log(`snippet ran in ${((performance.now() - t2) / 1000).toFixed(2)} s, exit status ${status}`);
  process.exitCode = status;
}

main().catch((err) => {
  process.stderr.write(`run_in_pyodide: harness failure: ${err?.stack || err}\n`);
  process.exit(2);
});
