"""Outside bots that misbehave on purpose, for tests/tools/test_bots.py.

``python tests/tools/fake_bot.py MODE [LOG]``: speaks protocol 1 until MODE says otherwise.
With LOG, every message received is appended to that file, one JSON line each.

Modes: ``first`` answers the first legal action (as ``{"action": ...}``); ``crash`` exits with
code 3 at its first decision; ``hang`` sleeps at its first decision (logging its process
id); ``illegal`` always answers
``draw`` (refused once a card is drawn) and reports each refusal on stderr; ``garbage``
answers text that is no action; ``long`` answers one line longer than the game reads;
``bad-hello`` answers the hello with text; ``chatty`` writes an extra line after each answer;
``deep`` answers JSON nested 5,000 deep (10 KB), ``deep-hello`` does so at the hello;
``flood`` answers nothing at its first decision but writes lines as fast as it can, reading
no more.
"""

import json
import os
import sys
import time

DEEP = '{"action": ' + "[" * 5000 + "]" * 5000 + "}"


def main():
    mode = sys.argv[1]
    log = open(sys.argv[2], "a") if len(sys.argv) > 2 else None
    for line in sys.stdin:
        if log:
            log.write(line)
            log.flush()
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            answer = {"bad-hello": "hi", "deep-hello": DEEP}.get(mode) or json.dumps(
                {"type": "hello", "protocol": 1, "name": f"fake {mode}"})
            print(answer, flush=True)
        elif kind == "decide":
            if mode == "crash":
                sys.exit(3)
            while mode == "flood":
                sys.stdout.write("flood\n")
            if mode == "hang":
                if log:
                    log.write(json.dumps({"pid": os.getpid()}) + "\n")
                    log.flush()
                time.sleep(600)
            answer = {"illegal": "draw", "garbage": "please deal again",
                      "long": "x" * 70000,
                      "deep": DEEP}.get(mode)
            if answer is None:
                answer = json.dumps({"action": message["legal"][0]})
            print(answer, flush=True)
            if mode == "chatty":
                print("thinking out loud", flush=True)
        elif kind == "refused":
            print(f"fake bot refused: {message['reason']}", file=sys.stderr, flush=True)
        elif kind == "quit":
            return


if __name__ == "__main__":
    main()
