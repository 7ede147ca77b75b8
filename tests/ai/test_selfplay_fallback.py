"""A broken agent cannot stall or corrupt a match: its refused answers are replaced by a legal
action taken before it held the list, and reports quote what it said cut short."""

from game.ai.random_agent import RandomAgent
from game.ai.selfplay import play_match
from game.rules.actions import Act, Action
from game.rules.options import preset
from game.rules.save import Setup


class Vandal:
    """Empties the legal list it is handed, then answers a huge nonsense discard."""

    name = "vandal"

    def choose(self, view, legal):
        legal.clear()
        return Action(Act.DISCARD, (5,) * 100_000)


def test_a_vandal_agent_plays_on_with_legal_moves_and_short_reports():
    options = preset("digital").with_changes(hand_limit=1)
    result = play_match([Vandal(), RandomAgent(3)], Setup(options, 2, 11))
    state = result.game.state
    assert state.over
    assert result.illegal[0] == len(result.think_seconds[0]) > 0  # every answer refused
    assert result.illegal[1] == 0
    assert all(len(r) < 300 for r in result.refusals)
