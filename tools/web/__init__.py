"""The browser builds: ``python -m tools.web build [--standalone]``, and ``serve``.

A command-line tool, not part of the game (``tools/`` never ships to the browser). It may
therefore use what the browser cannot (subprocess, threads for the local server, file writes).

- ``build`` runs pygbag offline on a staged copy of the game, with our own page template and
  icon, and writes ``build/web/`` and the itch.io zip ``build/web.zip``.
- ``build --standalone`` writes ``build/standalone/``: the same page booting Pyodide and
  pygbag's pygame-ce wasm wheel from the folder itself, plus a service worker, so it plays from
  any static host with no CDN and keeps playing offline.
- ``serve`` serves either build on 127.0.0.1.
- ``bench`` runs the engine, the AI and the table inside headless Chromium and prints figures.
"""
