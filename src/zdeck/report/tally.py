"""A batch's games summed up into the numbers a balance report shows (JSON-ready, no plotting here).

Each finished game becomes a row of scalar figures (`row`); `Tally` keeps the rows in index order, so
that `compare` can pair the games of two variants played on the same seeds, and `numbers()` turns them
into estimates with 95% intervals (`zdeck.batch.stats`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from zdeck.batch.figures import GameFigures, GameResult, describe, drama, ranks
from zdeck.batch.stats import Estimate, mean, quantiles, wilson

LENGTH = {
    "decisions": "decisions per game: every submission the rules took (late ones that bounced included) and timeouts",
    "turns": "turns per game: runs of decisions that took effect by one seat",
    "rounds": "rounds (hands, deals) per game",
}
DRAMA = {
    "margin": "winning margin: the winner's lead over the best of the rest at the end, in points",
    "lead_changes": "lead changes per game: the sole leader after a round replaced by another (games of 2+ rounds)",
    "clear_at": "winner clear at: share of the rounds played when the final winner took the lead for good "
                "(1.0: decided in the last round)",
}
RACES = {
    "bounced": "late submissions that came back per game (races lost: the card returned, nothing else)",
    "penalised": "submissions penalised per game (late ones that collided, calls forgotten or wrong)",
    "late_applied": "late submissions that still took effect per game",
}


def row(result: GameResult, order: str) -> dict[str, float | None]:
    """The scalar figures of one finished game, by name (None where a figure does not apply)."""
    n = len(result.scores)
    values: dict[str, float | None] = {}
    for seat in range(n):
        share = 1 / len(result.winners) if seat in result.winners else 0.0
        values[f"win_{seat}"] = share
        values[f"score_{seat}"] = result.scores[seat]
    values.update(decisions=result.decisions, turns=result.turns, rounds=result.rounds, bounced=result.bounced,
                  penalised=result.penalised, late_applied=result.late_applied)
    values.update(drama(result, order))
    for name, value in result.figures.items():
        values[f"own_{name}"] = float(value)
    return values


@dataclass
class Tally:
    """The games of one batch (one variant), in index order."""

    game: str
    players: int
    options: dict[str, Any]
    bots: list[str]
    score_order: str
    own: Callable[[], GameFigures] | None = None
    games_asked: int = 0
    max_steps: int = 0
    seconds: float = 0.0
    rows: dict[int, dict[str, float | None]] = field(default_factory=dict)  # by game index
    unfinished: list[int] = field(default_factory=list)  # their seeds
    per_bot: dict[str, list[tuple[float, float, float]]] = field(default_factory=dict)  # (win share, score, rank)
    counts: set[str] = field(default_factory=set)  # own figures given as numbers (the others are bools)

    def add(self, result: GameResult) -> None:
        if not result.finished:
            self.unfinished.append(result.seed)
            return
        values = row(result, self.score_order)
        self.rows[result.index] = values
        self.counts.update(name for name, value in result.figures.items() if not isinstance(value, bool))
        places = ranks(result.scores, result.winners, self.score_order)
        for seat, name in enumerate(result.lineup):
            self.per_bot.setdefault(name, []).append((values[f"win_{seat}"] or 0.0, result.scores[seat], places[seat]))

    @property
    def games(self) -> int:
        return len(self.rows)

    def column(self, name: str) -> list[float]:
        """A figure over the finished games that have it."""
        return [v for r in self.rows.values() if (v := r.get(name)) is not None]

    def numbers(self) -> dict[str, Any]:
        """Everything the report shows, as numbers."""
        figures, ends = describe(self.own)
        return {
            "game": self.game, "players": self.players, "options": self.options, "bots": self.bots,
            "score_order": self.score_order, "games_asked": self.games_asked, "games": self.games,
            "unfinished": len(self.unfinished), "unfinished_seeds": self.unfinished, "max_steps": self.max_steps,
            "seconds": round(self.seconds, 3),
            "seats": self._seats(),
            "length": {name: self._spread(name) for name in LENGTH},
            "drama": {name: self._spread(name) for name in DRAMA},
            "races": {name: self._spread(name) for name in RACES},
            "ends": self._ends(figures, ends),
            "figures": {name: self._own(name, doc) for name, doc in figures.items() if name not in ends},
            "bots_table": self._bots(),
        }

    def _seats(self) -> list[dict[str, Any]]:
        seats = []
        for seat in range(self.players):
            wins = math.fsum(self.column(f"win_{seat}"))
            seats.append({"seat": seat, "win_rate": wilson(wins, self.games).as_dict(),
                          "mean_score": mean(self.column(f"score_{seat}")).as_dict(3)})
        return seats

    def _spread(self, name: str) -> dict[str, Any] | None:
        values = self.column(name)
        if not values:
            return None
        p10, median, p90 = quantiles(values)
        return {"mean": mean(values).as_dict(3), "p10": p10, "median": median, "p90": p90,
                "min": min(values), "max": max(values), "values": values}

    def _ends(self, figures: dict[str, str], ends: Sequence[str]) -> dict[str, Any]:
        """How games ended other than by the rules' usual end: stopped at --max-steps, or by a game's
        fallback rule or cap (a bool per game: a share of games; a count of rounds: a share of rounds)."""
        asked = self.games + len(self.unfinished)
        out: dict[str, Any] = {"unfinished": {"doc": "games stopped at --max-steps (not over: in no other figure)",
                                              "per": "games", **wilson(len(self.unfinished), asked).as_dict()}}
        rounds = math.fsum(self.column("rounds"))
        for name in ends:
            values = self.column(f"own_{name}")
            per_round = name in self.counts  # a count of rounds; a bool says it of the whole game
            n = int(rounds) if per_round else len(values)
            out[name] = {"doc": figures[name], "per": "rounds" if per_round else "games",
                         **wilson(math.fsum(values), n).as_dict()}
        return out

    def _own(self, name: str, doc: str) -> dict[str, Any]:
        values = self.column(f"own_{name}")
        spread = self._spread(f"own_{name}") or {}
        rate = wilson(math.fsum(values), len(values)).as_dict() if name not in self.counts and values else None
        return {"doc": doc, **spread, "rate": rate}

    def _bots(self) -> list[dict[str, Any]]:
        table = []
        for name, seats in self.per_bot.items():
            wins, scores, places = zip(*seats)
            table.append({"bot": name, "seats": len(seats), "win_rate": wilson(math.fsum(wins), len(seats)).as_dict(),
                          "mean_score": mean(list(scores)).as_dict(3), "mean_rank": mean(list(places)).as_dict(3)})
        return table


def estimate(data: dict[str, Any]) -> Estimate:
    """An `Estimate.as_dict()` read back."""
    return Estimate(data["value"], data["low"], data["high"], data["n"])
