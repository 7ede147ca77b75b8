"""``python -m tools.fit_eval``: the fit recovers constants it is shown, reads positions as the
search's end score reads them (so the fitted constants never explain less than today's, which
are one point of the fitted family), and a name that is no player is a usage error before any
hand is played."""

from __future__ import annotations

import random
import re

import pytest

from tools import fit_eval


def test_the_fit_recovers_the_constants_that_made_the_outcomes():
    rand = random.Random(3)
    shares = [[rand.uniform(-3, 1) for _ in fit_eval.KINDS] for _ in fit_eval.BANDS]
    weights = [rand.uniform(0, 3) for _ in fit_eval.BANDS]
    per_card, tempo, exponent, bonus = 6.0, 12.0, 1.5, 100
    data = []
    for _ in range(3000):
        s0, s1 = rand.randint(1, 13), rand.randint(1, 13)
        pens = [rand.uniform(-40, 40) for _ in fit_eval.KINDS]
        laid, to_move = rand.uniform(-80, 80), rand.choice((1, -1))
        b = fit_eval.band(min(s0, s1))
        c0, c1 = 1 / (1 + s0) ** exponent, 1 / (1 + s1) ** exponent
        outcome = laid - sum(k * p for k, p in zip(shares[b], pens)) - per_card * (s0 - s1) \
            + bonus * weights[b] * (c0 - c1) / (c0 + c1) + tempo * to_move
        data.append(((laid, pens, s0, s1, to_move), 0.0, outcome))
    coef, sse = fit_eval.fit(data, bonus, exponent)
    assert sse == pytest.approx(0, abs=1e-6)
    per_band = len(fit_eval.KINDS) + 1
    for b in range(len(fit_eval.BANDS)):
        assert coef[b * per_band:(b + 1) * per_band] == pytest.approx(shares[b] + [weights[b]])
    assert coef[-2:] == pytest.approx([per_card, tempo])


def test_the_fitted_constants_explain_at_least_what_todays_do(capsys):
    assert fit_eval.main(["--deals", "3", "--against", "greedy,patient"]) == 0
    out = capsys.readouterr().out
    today = float(re.search(r"today's static_scores explains (-?[\d.]+)%", out).group(1))
    fitted = float(re.search(r"the fitted constants explain (-?[\d.]+)%", out).group(1))
    assert fitted >= today
    assert re.search(r"positions (\d+)", out).group(1) != "0"


@pytest.mark.parametrize("argv", [["--against", "nobody"], ["--agent", "nobody"],
                                  ["--preset", "nowhere"], ["--deals", "0"]])
def test_a_player_or_count_that_is_none_is_a_usage_error(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        fit_eval.main(argv)
    assert stop.value.code == 2
    assert "error:" in capsys.readouterr().err
