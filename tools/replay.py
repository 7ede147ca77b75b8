"""Replay a save file: ``python -m tools.replay FILE`` prints one JSON object.

The file is an engine save (``game.rules.save``) or the game's own autosave (``match.json``
in the game's data folder, any version ``game.services.saves`` reads).

It says whether every action was legal, the index (0-based) and reason of the first refused
one, the scores so far and, once the match is over, the final sheet (the totals, rounded to
the nearest hundred where the rules settle in hundreds): the tool for bug reports and
hand-edited saves. Exit status 0 when
every action replays, 1 when one is refused, 2 when the file cannot be read at all.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from game.rules.save import SaveError, parse_json, replay
from game.rules.scoring import final_sheet
from game.services.saves import engine_save

from . import cli


def report(text: str) -> tuple[dict, int]:
    """The JSON report for save text, and the exit status."""
    try:
        result = replay(engine_save(parse_json(text)))
    except SaveError as e:
        return {"ok": False, "error": str(e)}, 2
    state = result.game.state
    out = {
        "ok": result.ok,
        "actions": len(result.game.actions),
        "refused_index": result.refused_index,
        "reason": result.reason,
        "hand": state.hand_no + 1,
        "phase": state.phase.name.lower(),
        "totals": state.totals,
        "hand_scores": [list(s) for s in state.hand_scores],
        "winner": state.winner + 1 if state.winner >= 0 else None,
        "final_sheet": final_sheet(state.totals, state.options) if state.over else None,
    }
    return out, 0 if result.ok else 1


def read_text(name: str) -> str:
    """The text of file ``name`` (``-``: standard input); SaveError says why it cannot be
    read, in the words the tools print."""
    try:
        if name == "-":
            return sys.stdin.read()
        with open(name, encoding="utf-8") as f:
            return f.read()
    except UnicodeDecodeError:
        raise SaveError(f"cannot read {name}: it is not UTF-8 text") from None
    except OSError as e:
        why = (e.strerror or "unreadable").lower()
        raise SaveError(f"cannot read {name}: {why}") from None


@cli.interruptible("replay: interrupted")
def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.replay", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", help="save file (JSON); - reads standard input")
    args = parser.parse_args(argv)
    return print_report(args.file, report)


def print_report(name: str, report: Callable[[str], tuple[dict, int]]) -> int:
    """Print the JSON ``report`` of the save file ``name`` (or why it cannot be read, exit
    status 2) and return the exit status: the replay's and the review's ``main``."""
    try:
        text = read_text(name)
    except SaveError as e:
        out, status = {"ok": False, "error": str(e)}, 2
    else:
        out, status = report(text)
    print(json.dumps(out))
    return status


if __name__ == "__main__":
    sys.exit(main())
