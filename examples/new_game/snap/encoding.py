"""Snap in the RL environments (`zdeck.rl`, docs/rl.md): the observation encoding `snap_v1`, declared over the
observation dict, key by key in the observation's order. Only `zdeck.rl` imports this module.

Without a `StateEncoder` here the environments encode through the observation dict (correct, and fast enough
for a start); without `asked`/`turn`/`times_out` they read who may act off the kernel, which is right for
Snap: a snap window is open to every other seat, whatever it holds."""

from __future__ import annotations

from zdeck.core import Game
from zdeck.decks.snap.cards import DATA, DECK, TEXTS
from zdeck.decks.snap.state import OVER, TURN
from zdeck.vectors.common import hands, head, outcome
from zdeck.vectors.encoding import Card, Cards, Flag, Last, Num, SeatOf, Spec, option


def spec(game: Game) -> Spec:
    copies, deck = DATA["copies"], len(DECK)
    return Spec("snap_v1", "snap", [
        *head((TURN, OVER), rounds=1),
        *hands(TEXTS, copies, largest=deck),
        *outcome(1.0, rounds=1, per_round=(0, 1), total=(0, 1)),  # 1 for the winner
        Card("top", TEXTS),
        Cards("pile", TEXTS, copies),
        Num("draw_size", 10.0, high=deck),
        Flag("snap_open"),
        SeatOf("pair_by"),
        Last("last"),
        option(Num("snap_penalty", 2.0, high=2.0)),
    ])
