"""Zoker Tiko: `zoker-tiko_v1` (docs/observations/zoker-tiko.md)."""

from __future__ import annotations

from zdeck.core import Game
from zdeck.rl.encoding import Card, CardsBySeat, Last, Num, OneOf, Recent, SeatOf, Spec
from zdeck.rl.encodings.common import hands, head, outcome

COLOURS, SIZES, SHAPES = ("blue", "green", "orange", "red"), ("S", "M", "L", "XL"), ("1", "2", "3", "4")
CARDS = tuple(f"{c} {s}{n}" for c in COLOURS for s in SIZES for n in SHAPES)  # the Zoker deck, weakest first


def spec(game: Game) -> Spec:
    seats = game.players
    return Spec("zoker-tiko_v1", "zoker-tiko", [
        *head(("trick", "over")),
        *hands(CARDS),
        *outcome(16.0 if game.options["match"] == "cards" else 1.0),
        Card("top", CARDS),
        Recent("pile", CARDS, seats, with_seat=True, length_scale=float(seats)),
        Num("draw_size", 64.0, high=64.0),
        SeatOf("dealer"),
        Last("last"),
        OneOf("compare", ("top", "previous")),
        OneOf("match", ("cards", "games")),
        SeatOf("leader"),
        Num("compared", float(seats), low=-1.0, high=float(seats)),
        CardsBySeat("won", CARDS),
        Recent("last_trick", CARDS, seats, with_seat=True, length_scale=float(seats)),
    ], notes="A trick holds at most one card per seat, so `pile` and `last_trick` are kept whole, in order; "
             "`won` keeps who took each card, not in which trick.")
