"""Zip Zap in the RL environments (`zdeck.rl`, docs/rl.md): the observation encoding `zipzap_v1`, declared
over the observation dict (`spec`, the reference; docs/observations/zipzap.md) and written straight from
the state (`StateEncoder`), and who a moment asks as the table shows it (`asked`).

Only `zdeck.rl` imports this module: the rules never do.
"""

from __future__ import annotations

import numpy as np

from zdeck.core import Game
from zdeck.decks.zipzap.cards import DATA, NUMBERS, ZAP_BIT, indices
from zdeck.decks.zipzap.state import OVER, PHASES, RACE, ZipZapState
from zdeck.vectors import fast
from zdeck.vectors.common import hands, head, match, outcome
from zdeck.vectors.encoding import Both, Card, Cards, Encoder, Last, Num, PerSeat, Recent, SeatOf, Spec, Vector

SUITS = ("red", "yellow", "green", "blue", "wild")
CARDS = tuple(f"{suit} {n}" for suit in SUITS for n in range(1, 11)) + ("zap",)  # = the state's card indices
ZAPS = 6  # one Zap card per seat, six seats at most
RECENT = 4


def spec(game: Game) -> Spec:
    wins = game.options["scoring"] == "wins"
    scale = 10.0 if wins else 50.0
    rounds: int = game.total_rounds  # type: ignore[attr-defined]
    deal, points = DATA["deal"][str(game.players)], DATA["points"]
    in_play = len(NUMBERS) * (len(SUITS) - DATA["solid_suits_removed"][str(game.players)]) + game.players
    # A hand only sheds cards: the deal and its Zap at most; it costs at most that many wild cards, then solid.
    wild = min(deal, len(NUMBERS))
    costliest = 1 if wins else wild * points["wild"] + (deal - wild) * points["solid"] + points["zap"]
    return Spec("zipzap_v1", "zipzap", [
        *head(PHASES, rounds=rounds),
        *hands(CARDS, ZAPS, largest=deal + 1),
        *outcome(scale, rounds=rounds, per_round=(0, costliest), total=match(rounds, (0, costliest))),
        Card("top", CARDS),
        Both("pile", [Cards("pile", CARDS, ZAPS), Recent("pile", CARDS, RECENT, with_seat=True, longest=in_play)]),
        Num("draw_size", 10.0, high=len(CARDS)),
        SeatOf("dealer"),
        Last("last"),
        Cards("suits_in_play", SUITS),
        PerSeat("has_zap", high=1.0),
    ], notes="`pile`: which cards are down this round (every card but `zap` is unique), and the last four with "
             "who laid them; the order and layers of the rest are left out.")


def asked(state: ZipZapState) -> tuple[int, ...]:
    """Who the table sees may act: in a race anyone (who holds a follower is theirs to know), else the
    seat that continues the round."""
    if state.phase == RACE:
        return tuple(range(state.game.players))
    return () if state.phase == OVER else (state.leader,)  # type: ignore[return-value]  # set in the lead


def turn(state: ZipZapState) -> int | None:
    return state.leader


def times_out(state: ZipZapState) -> bool:
    """A race may lapse (everyone holding back passes the lead on); the lead may not."""
    return state.phase == RACE


class StateEncoder(fast.StateEncoder):
    """`zipzap_v1` from the state: hands are bitmasks of card indices, and a card's index is its place in the
    vocabulary, as the Zap's (the last) is."""

    PRIVATE: tuple[str, ...] = ("hand",)

    def __init__(self, game: Game, reference: Encoder) -> None:
        super().__init__(game, reference)
        self.rounds: int = game.total_rounds  # type: ignore[attr-defined]
        self.counts = fast.Tally(len(CARDS), lambda item: item[1])
        self.recent_at = self.at["pile"] + len(CARDS)
        self.slot = len(CARDS) + game.players
        self.hand_at = self.at["hand"]
        self.hands = fast.Memo(self._hand)

    def public(self, s: ZipZapState, out: Vector) -> None:
        at, pile = self.at, s.pile
        self.head(out, s.phase, s.leader, s.round_no, self.rounds)
        self.sizes(out, [hand.bit_count() for hand in s.hands])
        self.outcome(out, s.totals, s.history, s.phase == OVER, s.winners())
        zaps = at["has_zap"]
        for p, hand in enumerate(s.hands):
            if hand & ZAP_BIT:
                out[zaps + p] = 1.0
        if pile:
            out[at["top"] + pile[-1][1]] = 1.0
            out[at["pile"]:self.recent_at] = self.counts.of(pile)
        out[self.recent_at] = len(pile) / 10.0
        slot = self.recent_at + 1
        for who, index in reversed(pile[-RECENT:]):
            out[slot + index] = 1.0
            if who is not None:
                out[slot + len(CARDS) + who] = 1.0
            slot += self.slot
        out[at["draw_size"]] = len(s.deck) / 10.0
        out[at["dealer"] + s.dealer] = 1.0
        if s.last is not None:
            out[at["last"] + s.last] = 1.0
            out[at["last"] + self.players + pile[-1][1]] = 1.0  # the action that put a card down has its index
        for suit in s.suits_in_play:
            out[at["suits_in_play"] + suit] = 1.0

    def private(self, s: ZipZapState, seat: int, out: Vector) -> None:
        out[self.hand_at:self.hand_at + len(CARDS)] = self.hands[s.hands[seat]]

    @staticmethod
    def _hand(mask: int) -> Vector:
        block = np.zeros(len(CARDS), dtype=np.float32)
        block[indices(mask)] = 1.0
        return block
