"""Zoker Kubo: `zoker-kubo_v1` (docs/observations/zoker-kubo.md)."""

from __future__ import annotations

from typing import Any

from zdeck.core import Game
from zdeck.rl.encoding import Cards, Context, Custom, Flag, Last, Num, OneOf, PerSeat, SeatOf, Spec, Vector, index_of
from zdeck.rl.encodings.common import hands, head, outcome
from zdeck.rl.encodings.tiko import CARDS


def lines(game: Game) -> tuple[str, ...]:
    """Every line of the cube, as the game's `score <line>` actions name them (in action-table order)."""
    return tuple(text[6:] for text in map(str, game.action_table()) if text.startswith("score "))


def _scored(line_at: dict[str, int]) -> Custom:
    def write(value: Any, out: Vector, at: int, ctx: Context) -> None:
        for entry in value:
            out[at + line_at[entry["line"]] * ctx.players + ctx.rel(entry["seat"])] = 1.0

    return Custom("scored", lambda game: len(line_at) * game.players, write,
                  f"for each of the {len(line_at)} lines (action-table order), the seat that scored it this round "
                  "(relative) one-hot; the points follow from the line")


def spec(game: Game) -> Spec:
    every = lines(game)
    return Spec("zoker-kubo_v1", "zoker-kubo", [
        *head(("turn", "shout", "over")),
        *hands(CARDS),
        *outcome(20.0),
        Num("draw_size", 64.0, high=64.0),
        SeatOf("dealer"),
        Last("last"),
        OneOf("start", ("blue-corners", "blue-red-S", "blue-red-4")),
        OneOf("scoring", ("auto", "claim")),
        Num("target", 100.0),
        Cards("table", CARDS),
        SeatOf("missed_by"),
        Flag("may_draw"),
        Num("laid", 10.0, high=64.0),
        PerSeat("several", high=1.0),
        Cards("pending", every),
        Flag("closing"),
        Num("passes", 5.0),
        PerSeat("points", 20.0, low=-64.0),
        _scored(index_of(every)),
    ], notes="The lines of the cube are named as the game's `score` actions name them, so `pending` and `scored` "
             "follow the action table.")
