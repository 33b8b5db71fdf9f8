"""Zoop: `zoop_v1` (docs/observations/zoop.md)."""

from __future__ import annotations

from typing import Any

from zdeck.core import Game
from zdeck.rl.encoding import (
    Both,
    Card,
    Cards,
    Context,
    Custom,
    Num,
    OneOf,
    Recent,
    SeatOf,
    Seats,
    Spec,
    Vector,
    index_of,
)
from zdeck.rl.encodings.common import hands, head, outcome

COLOURS = ("red", "yellow", "green", "blue", "purple", "orange")  # the printed three, then the `colours` option's
ANIMALS = ("rabbit", "koala", "toucan", "chameleon", "crab", "monkey", "frog", "kangaroo")
_PER_COLOUR = ("1 {} rabbit", "2 {} rabbits", "1 {} koala", "2 {} koalas", "1 {} toucan", "2 {} toucans",
               "1 {} chameleon", "1 {} crab", "2 {} monkeys", "2 {} frogs", "1 {} kangaroo", "2 {} kangaroos")
CARDS = tuple(form.format(c) for c in COLOURS for form in _PER_COLOUR) + ("wild card", "cage")
_CARD_AT = index_of(CARDS)
MOST = 6  # copies of one card: the Wild Cards


def _capturable_size(game: Game) -> int:
    return game.players + len(CARDS)


def _write_capturable(value: Any, out: Vector, at: int, ctx: Context) -> None:
    """`{"player": p, "card": text}`: the seat (relative) one-hot, then the card one-hot."""
    if value is None:
        return
    out[at + ctx.rel(value["player"])] = 1.0
    out[at + ctx.players + _CARD_AT[value["card"]]] = 1.0


def spec(game: Game) -> Spec:
    return Spec("zoop_v1", "zoop", [
        *head(("play", "owed", "drawn", "special", "discard", "over")),
        *hands(CARDS, MOST),
        *outcome(1.0),
        Card("top", CARDS),
        Both("pile", [Cards("pile", CARDS, MOST), Recent("pile", CARDS, 4, length_scale=50.0)]),
        Num("draw_size", 50.0, high=len(CARDS) * 3),
        OneOf("direction", (1, -1)),
        Num("colours", 6.0, high=6.0),
        Card("match", CARDS),
        SeatOf("placer"),
        Num("owed", 4.0, high=20.0),
        Card("drawn", CARDS),
        OneOf("declared", ANIMALS),
        SeatOf("starter"),
        Seats("still_to_answer"),
        OneOf("discard_reason", ("everyone passes", "capture", "special round")),
        Custom("capturable", _capturable_size, _write_capturable,
               "the seat whose Special Animal it is (relative) one-hot, then the card one-hot (null: zeros)"),
        OneOf("end", ("emptied hand", "blocked")),
    ], notes="The card vocabulary holds all six colours the `colours` option can deal, so the vector has one size "
             "for every option. `pile`: how many of each card are down, and the last four; `still_to_answer`: "
             "who still answers, not in which order (that follows `direction`).")
