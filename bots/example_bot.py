"""A small outside bot for Arlington, speaking the bot protocol (version 1, docs/bots.md).

Plain Python, standard library only; run it in the arena with

    python -m tools.arena --agents "cmd:python bots/example_bot.py",medium --matches 4

It reads one JSON message a line on standard input and answers each ``hello`` and ``decide``
with one line on standard output (flushed at once). Anything it wants to say for people goes
to standard error, never to standard output. Its play is simple on purpose: take the pile when
it can, lay the meld with the most natural cards, otherwise discard the card that fits its
hand least.
"""

import json
import random
import sys

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def rank_suit(code):
    """("10", "H") for "10H"; ("JK", "") for the joker."""
    return (code, "") if code == "JK" else (code[:-1], code[-1])


def is_wild(code):
    return code == "JK" or code.startswith("2")


def cards_in(action):
    """The cards an action's text names (a wild's ``=`` card left out)."""
    words = (w.split("=")[0] for w in action.split())
    return [w for w in words if w == "JK" or (w[-1:] in "SHDC" and w[:-1] in RANKS)]


def wilds_in(action):
    return sum(map(is_wild, cards_in(action)))


def naturals_in(action):
    return len(cards_in(action)) - wilds_in(action)


def fit(code, hand):
    """How well a card sits in the hand: cards of its rank, and of its suit close by."""
    rank, suit = rank_suit(code)
    if not suit:
        return 100
    index = RANKS.index(rank)
    score = 0
    for other in hand:
        r, s = rank_suit(other)
        if other == code or not s:
            continue
        if r == rank:
            score += 3
        elif s == suit and abs(RANKS.index(r) - index) <= 2:
            score += 2
    return score


def choose(view, legal, rand):
    """The action text to play."""
    takes = [a for a in legal if a.startswith("take ") and a != "take upcard"]
    if view["phase"] == "offer":
        return "pass" if "pass" in legal else legal[0]
    if view["phase"] == "draw":
        if takes:
            return min(takes, key=lambda a: (wilds_in(a), -naturals_in(a)))
        return "draw" if "draw" in legal else legal[0]
    melds = [a for a in legal if a.split()[0] in ("set", "run", "add")]
    if melds:
        return max(melds, key=lambda a: (naturals_in(a) - 2 * wilds_in(a), rand.random()))
    discards = [a for a in legal if a.startswith("discard ")]
    if not discards:
        return legal[0]
    hand = view["hand"]

    def keep(action):
        code = action.split()[1]
        worth = 50 if code == "QS" else 40 if is_wild(code) else RANKS.index(rank_suit(code)[0])
        return (fit(code, hand) * 10 + worth, rand.random())

    return min(discards, key=keep)


def main():
    rand = random.Random(0)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            rand = random.Random(message["seed"])
            answer = {"type": "hello", "protocol": 1, "name": "example"}
            print(json.dumps(answer), flush=True)
        elif kind == "decide":
            print(choose(message["view"], message["legal"], rand), flush=True)
        elif kind == "refused":
            print(f"example bot: refused: {message['reason']}", file=sys.stderr)
        elif kind == "quit":
            return


if __name__ == "__main__":
    main()
