"""ZAR: `zar_v1` (docs/observations/zar.md)."""

from __future__ import annotations

from typing import Any

from zdeck.core import Game
from zdeck.rl.encoding import (
    Both,
    Card,
    Cards,
    Context,
    Custom,
    Flag,
    Ignored,
    Last,
    Num,
    OneOf,
    PerSeat,
    Recent,
    SeatOf,
    Spec,
    Vector,
)
from zdeck.rl.encodings.common import hands, head, outcome

COLOURS = ("Blue", "Red", "Yellow")
SUITS = ("Cloud", "Galaxy", "Lightning Bolt", "Moon", "Star", "Sun", "Crab", "Frog", "Wasp")
DECLARED = ("Clouds", "Galaxies", "Lightning Bolts", "Moons", "Stars", "Suns", "Crabs", "Frogs", "Wasps")
POWER = ("Winged Dragon", "Unwinged Dragon", "Front-view Peacock", "Side-view Peacock")
CARDS = tuple(f"{c} {s}" for c in COLOURS for s in SUITS) + POWER + ("Chameleon",)


def _group_size(game: Game) -> int:
    return game.players + 2


def _write_group(value: Any, out: Vector, at: int, ctx: Context) -> None:
    """`{"owner", "count", "run"}`: the owner (relative) one-hot, then count / 4 and run / 4."""
    out[at + ctx.rel(value["owner"])] = 1.0
    out[at + ctx.players] = value["count"] / 4.0
    out[at + ctx.players + 1] = value["run"] / 4.0


def spec(game: Game) -> Spec:
    copies = game.options["half_decks"]
    return Spec("zar_v1", "zar", [
        *head(("play", "drawn", "out", "over")),
        *hands(CARDS, copies),
        *outcome(100.0),
        Card("top", CARDS),
        Both("pile", [Cards("pile", CARDS, copies), Recent("pile", CARDS, 4, length_scale=50.0)]),
        Num("draw_size", 50.0, high=float(32 * copies)),
        OneOf("direction", (1, -1)),
        SeatOf("dealer"),
        Last("last"),
        Card("top_as", CARDS),
        OneOf("declared", COLOURS + DECLARED),
        Flag("matchable"),
        Custom("group", _group_size, _write_group, "the owner (relative) one-hot, then count / 4 and run / 4",
               high=100.0),
        Num("stack", 10.0, high=float(2 * 9 * copies)),
        Ignored("call", "what the last play was due to call: it follows from `last`, `group` and `top_as`"),
        Card("drawn", CARDS),
        SeatOf("hand_winner"),
        PerSeat("penalties", 5.0),
    ], notes="Counts go up to the `half_decks` option (each card once per half deck). `pile`: how many of each "
             "card lie on the Playpile, and its last four cards.")
