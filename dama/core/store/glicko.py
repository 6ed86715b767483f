"""Glicko-2 ratings for children and puzzles, as lichess rates its puzzles: each first try of
a puzzle is a game between the child and the puzzle; solving it (at the first answer, with no
hint) is a win for the child, anything else a win for the puzzle, and both ratings move.

Glickman's own worked example ("Example of the Glicko-2 system", 2012):

    >>> player = Rating(1500, 200, 0.06)
    >>> after = update(player, [(Rating(1400, 30), 1), (Rating(1550, 100), 0),
    ...                         (Rating(1700, 300), 0)], tau=0.5)
    >>> round(after.rating, 2), round(after.deviation, 2), round(after.volatility, 6)
    (1464.05, 151.52, 0.059996)

(The paper prints 1464.06 and 0.05999, from intermediate values it rounds.)

Every try is its own rating period (one game), so a rating moves after each puzzle.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

#: Glicko-2's scale: a rating of 1500 ± 173.7178 is 0 ± 1 on the internal scale.
SCALE = 173.7178
CENTRE = 1500.0
#: How much the volatility may change (Glickman suggests 0.3-1.2; lichess uses 0.75 for
#: puzzles, where results are noisier than games).
TAU = 0.75
START_VOLATILITY = 0.06
#: A rating is never surer than this (lichess's floor): it keeps moving with the child.
MIN_DEVIATION = 45.0
MAX_DEVIATION = 350.0
_EPSILON = 1e-6


@dataclass(frozen=True)
class Rating:
    """A rating with its deviation (the uncertainty, one standard deviation) and volatility."""

    rating: float = CENTRE
    deviation: float = MAX_DEVIATION
    volatility: float = START_VOLATILITY

    def __repr__(self) -> str:
        return f"Rating({self.rating:.1f}, {self.deviation:.1f}, {self.volatility:.5f})"

    @property
    def shown(self) -> int:
        """The number a child sees."""
        return int(round(self.rating))


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected(player: Rating, opponent: Rating) -> float:
    """The chance that ``player`` beats ``opponent`` (for a child: solves the puzzle)."""
    mu, mu_j = (player.rating - CENTRE) / SCALE, (opponent.rating - CENTRE) / SCALE
    return 1.0 / (1.0 + math.exp(-_g(opponent.deviation / SCALE) * (mu - mu_j)))


def update(player: Rating, games: Iterable[tuple[Rating, float]], tau: float = TAU
           ) -> Rating:
    """``player`` after one rating period of ``games`` (opponent, score 0-1). No games: the
    deviation grows, as Glicko-2 says for a player who did not play."""
    mu, phi, sigma = (player.rating - CENTRE) / SCALE, player.deviation / SCALE, player.volatility
    games = list(games)
    if not games:
        return _bounded(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    inverse_v = 0.0
    gain = 0.0
    for opponent, score in games:
        g = _g(opponent.deviation / SCALE)
        e = 1.0 / (1.0 + math.exp(-g * (mu - (opponent.rating - CENTRE) / SCALE)))
        inverse_v += g * g * e * (1.0 - e)
        gain += g * (score - e)
    v = 1.0 / inverse_v
    delta = v * gain
    sigma = _new_volatility(delta, phi, v, sigma, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu += phi * phi * gain
    return _bounded(CENTRE + SCALE * mu, SCALE * phi, sigma)


def _new_volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Step 5 of Glickman's paper: the Illinois algorithm finds the new volatility."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex)
                / (2.0 * (phi * phi + v + ex) ** 2)) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def _bounded(rating: float, deviation: float, volatility: float) -> Rating:
    return Rating(rating, min(MAX_DEVIATION, max(MIN_DEVIATION, deviation)), volatility)


def play(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """Both ratings after one try: the child's and the puzzle's, each from the other's rating
    before the try."""
    score = 1.0 if solved else 0.0
    return update(player, [(puzzle, score)]), update(puzzle, [(player, 1.0 - score)])
