"""Zip Zap: `zipzap_v1` (docs/observations/zipzap.md)."""

from __future__ import annotations

from zdeck.core import Game
from zdeck.rl.encoding import Both, Card, Cards, Last, Num, PerSeat, Recent, SeatOf, Spec
from zdeck.rl.encodings.common import hands, head, outcome

SUITS = ("red", "yellow", "green", "blue", "wild")
CARDS = tuple(f"{suit} {n}" for suit in SUITS for n in range(1, 11)) + ("zap",)
ZAPS = 6  # one Zap card per seat, six seats at most


def spec(game: Game) -> Spec:
    scale = 10.0 if game.options["scoring"] == "wins" else 50.0
    return Spec("zipzap_v1", "zipzap", [
        *head(("race", "lead", "over")),
        *hands(CARDS, ZAPS),
        *outcome(scale),
        Card("top", CARDS),
        Both("pile", [Cards("pile", CARDS, ZAPS), Recent("pile", CARDS, 4, with_seat=True)]),
        Num("draw_size", 10.0, high=len(CARDS)),
        SeatOf("dealer"),
        Last("last"),
        Cards("suits_in_play", SUITS),
        PerSeat("has_zap", high=1.0),
    ], notes="`pile`: which cards are down this round (every card but `zap` is unique), and the last four with "
             "who laid them; the order and layers of the rest are left out.")
