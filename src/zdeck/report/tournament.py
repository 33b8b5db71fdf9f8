"""Tournaments: every bot in every seat as often, on the same deals, and multiplayer ratings.

Seatings: with at least as many bots as seats, every set of `players` bots sits in each of its
rotations (each bot meets each other bot and every seat equally); with fewer bots than seats, the list
repeats round the table and rotates one seat a game, so over a cycle every seat has every bot once.
Every deal (seed) is played once in every seating ("duplicate" play: the luck of the cards is the same
for all bots), so a batch is a whole number of cycles.

Ratings: OpenSkill's Plackett-Luce model (Weng-Lin), updated game by game in index order, so the same
seed gives the same ratings. Each game ranks its seats by `ranks` (winners first, then by score; ties
share a place). A bot seated twice at one table (fewer bots than seats) gets both seats' updates: its
mean moves by their sum and its variance shrinks by both factors, as the Plackett-Luce likelihood of
that ranking is the product over its seats.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from zdeck.batch.figures import GameResult, ranks
from zdeck.batch.stats import mean, wilson


def seatings(bots: Sequence[str], players: int) -> tuple[tuple[str, ...], ...]:
    """The lineups of one tournament cycle (see the module's docstring)."""
    if len(set(bots)) != len(bots):
        raise ValueError("a tournament needs each bot named once")
    if len(bots) >= players:
        groups = list(combinations(bots, players))
    else:
        groups = [tuple(bots[s % len(bots)] for s in range(players))]
    cycle = []
    for group in groups:
        turns = min(players, len(bots))
        cycle += [tuple(group[(s + shift) % players] if len(bots) >= players else bots[(s + shift) % len(bots)]
                        for s in range(players)) for shift in range(turns)]
    return tuple(cycle)


@dataclass
class Ratings:
    """OpenSkill Plackett-Luce ratings of named bots, game by game."""

    model: Any = None
    ratings: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.model is None:
            from openskill.models import PlackettLuce

            self.model = PlackettLuce()

    def rating(self, name: str) -> Any:
        if name not in self.ratings:
            self.ratings[name] = self.model.rating(name=name)
        return self.ratings[name]

    def update(self, lineup: Sequence[str], places: Sequence[float]) -> None:
        """One game: the bot of each seat and the seat's place (1 = best)."""
        before = {name: self.rating(name) for name in lineup}
        seats = [[self.model.create_rating([before[name].mu, before[name].sigma], name=name)] for name in lineup]
        after = self.model.rate(seats, ranks=list(places))
        moved: dict[str, list[float]] = {name: [0.0, 1.0] for name in before}  # mean shift, variance factor
        for name, (new,) in zip(lineup, after):
            old = before[name]
            moved[name][0] += new.mu - old.mu
            moved[name][1] *= (new.sigma / old.sigma) ** 2
        for name, (shift, factor) in moved.items():
            old = before[name]
            self.ratings[name] = self.model.create_rating([old.mu + shift, old.sigma * math.sqrt(factor)], name=name)


def standings(results: Sequence[GameResult], bots: Sequence[str], order: str) -> list[dict[str, Any]]:
    """Each bot's win rate (95% Wilson), mean score, mean rank and rating, best rating first."""
    ratings = Ratings()
    per_bot: dict[str, list[tuple[float, float, float]]] = {name: [] for name in bots}
    for result in results:
        if not result.finished:
            continue
        places = ranks(result.scores, result.winners, order)
        ratings.update(result.lineup, places)
        for seat, name in enumerate(result.lineup):
            share = 1 / len(result.winners) if seat in result.winners else 0.0
            per_bot[name].append((share, result.scores[seat], places[seat]))
    table = []
    for name in bots:
        seats = per_bot[name]
        wins, scores, places = ([s[k] for s in seats] for k in range(3))
        rating = ratings.rating(name)
        table.append({"bot": name, "seats": len(seats), "win_rate": wilson(math.fsum(wins), len(seats)).as_dict(),
                      "mean_score": mean(scores).as_dict(3), "mean_rank": mean(places).as_dict(3),
                      "rating": {"mu": round(rating.mu, 3), "sigma": round(rating.sigma, 3),
                                 "ordinal": round(rating.mu - 3 * rating.sigma, 3)}})
    return sorted(table, key=lambda row: -row["rating"]["mu"])
