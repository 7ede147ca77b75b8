"""``python -m tools.web build [--standalone] | serve [--standalone] [--port N] | bench``."""

from __future__ import annotations

import argparse
import sys

from .. import cli
from . import bytecode, pygbag_build, standalone
from .files import REPO
from .wheel import WheelError


def _mb(n: int) -> str:
    return f"{n / 1_000_000:.2f} MB ({n:,} bytes)"


def _build(args) -> int:
    try:
        if args.standalone:
            built = standalone.build()
            code = ("3.12 bytecode" if built.compiled else
                    f"sources (no CPython 3.12 to precompile with: set {bytecode.ENV})")
            print(f"standalone build {built.version} in {built.folder.relative_to(REPO)}/: "
                  f"{built.files} files, {_mb(built.bytes)}, code as {code}")
        else:
            built = pygbag_build.build()
            print(f"pygbag build in {built.folder.relative_to(REPO)}/: game archive "
                  f"{built.archive.name} {_mb(built.archive_bytes)} of the "
                  f"{_mb(pygbag_build.BUDGET)} budget, {len(built.members)} files; "
                  f"itch.io zip {built.zip.relative_to(REPO)} {_mb(built.zip.stat().st_size)}")
    except (pygbag_build.BuildError, standalone.BuildError, WheelError) as e:
        print(f"build failed: {e}", file=sys.stderr)
        return 1
    return 0


def _serve(args) -> int:
    from .serve import server
    folder = REPO / "build" / ("standalone" if args.standalone else "web")
    if not (folder / "index.html").is_file():
        flag = " --standalone" if args.standalone else ""
        print(f"no build in {folder}: run `python -m tools.web build{flag}` first", file=sys.stderr)
        return 1
    httpd = server(folder, args.port)
    print(f"serving {folder.relative_to(REPO)}/ on http://127.0.0.1:{httpd.server_address[1]}/ "
          "(Ctrl+C stops)")
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


def _bench(args) -> int:
    from .bench import main as bench_main
    return bench_main(args)


@cli.interruptible("web: interrupted")
def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.web", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    build = sub.add_parser("build", help="build build/web/ (pygbag) or build/standalone/")
    build.add_argument("--standalone", action="store_true",
                       help="Pyodide + pygame-ce wheel in the folder: no CDN, plays offline")
    build.set_defaults(run=_build)
    serve = sub.add_parser("serve", help="serve a build on 127.0.0.1")
    serve.add_argument("--standalone", action="store_true")
    serve.add_argument("--port", type=cli.count(65535, 0), default=8000,
                       help="0 to 65535 (0: any free port)")
    serve.set_defaults(run=_serve)
    bench = sub.add_parser("bench", help="engine, AI and table figures inside headless Chromium")
    bench.add_argument("--seed", type=cli.seed(), default=7)
    bench.set_defaults(run=_bench)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
