"""Zip Zap in the RL environments (`zdeck.rl`, docs/rl.md): the observation encoding `zipzap_v1`, declared
over the observation dict (`spec`, the reference; docs/observations/zipzap.md) and written straight from
the state (`StateEncoder`), and who a moment asks as the table shows it (`asked`).

Only `zdeck.rl` imports this module: the rules never do.
"""

from __future__ import annotations

from zdeck.bits import card_count
from zdeck.core import Game
from zdeck.decks.zipzap.cards import DATA, NUMBERS, ZAP_BIT
from zdeck.decks.zipzap.state import OVER, PHASES, RACE, ZipZapState
from zdeck.vectors import fast
from zdeck.vectors.common import hands, head, match, outcome
from zdeck.vectors.encoding import Both, Card, Cards, Encoder, Last, Num, PerSeat, Recent, SeatOf, Spec

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
    vocabulary, as the Zap's (the last) is. Every seat's vector is kept whole, its hand with it: a race
    shows one version of the table to every seat, so a seat's vector is one copy, and every seat's one copy."""

    def __init__(self, game: Game, reference: Encoder) -> None:
        super().__init__(game, reference)
        at = self.at
        self.rounds: int = game.total_rounds  # type: ignore[attr-defined]
        self.zaps = fast.Bits(self, at["has_zap"])
        self.top, self.top_at = fast.One(self), at["top"]
        self.counts = fast.Counts(self, at["pile"], len(CARDS), lambda item: item[1])
        self.recent_at = at["pile"] + len(CARDS)
        self.recent_size = fast.Value(self, self.recent_at)
        self.recent = [(fast.One(self), fast.One(self)) for _ in range(RECENT)]
        self.slot = len(CARDS) + game.players
        self.draw_size = fast.Value(self, at["draw_size"])
        self.dealer, self.dealer_at = fast.One(self), at["dealer"]
        self.last_seat, self.last_card, self.last_at = fast.One(self), fast.One(self), at["last"]
        self.suits = fast.Bits(self, at["suits_in_play"])
        self.hands = [fast.Bits(self, at["hand"], seat=p) for p in range(game.players)]
        # Groups brought up only when what they show may have changed (`fast.Since`): most steps change a hand
        # and the pile, not the scores (a round's end) nor the suits (a deal).
        self.scored, self.dealt, self.piled = fast.Since(self), fast.Since(self), fast.Since(self)

    def update(self, s: ZipZapState) -> None:
        pile = s.pile
        self.head(s.phase, s.leader, s.round_no, self.rounds)
        if self.scored.changed(fast.scores_key(s.totals, s.history, s.phase == OVER)):
            self.outcome(s.totals, s.history, s.phase == OVER, s.winners())
        changed = False
        for p, hand in enumerate(s.hands):  # (a hand's size and Zap change with it)
            cell = self.hands[p]
            if hand != cell.mask:
                cell.set(hand)
                self.sizes_at(p, card_count(hand))
                changed = True
        if changed:
            zaps = 0
            for p, hand in enumerate(s.hands):
                if hand & ZAP_BIT:
                    zaps |= 1 << p
            self.zaps.set(zaps)
        # The pile only grows within a round (a new list at a deal): its length and last card tell a change.
        if self.piled.changed((pile, len(pile), pile[-1] if pile else None)):
            self.top.set(self.top_at + pile[-1][1] if pile else -1)
            self.counts.set(pile)
            self.recent_size.set(len(pile) / 10.0)
            slot = self.recent_at + 1
            for k in range(RECENT):
                card, seat = self.recent[k]
                if k < len(pile):
                    who, index = pile[-1 - k]
                    card.set(slot + index)
                    seat.set(-1 if who is None else slot + len(CARDS) + who)
                else:
                    card.set(-1)
                    seat.set(-1)
                slot += self.slot
        self.draw_size.set(len(s.deck) / 10.0)
        self.dealer.set(self.dealer_at + s.dealer)
        self.last_seat.set(-1 if s.last is None else self.last_at + s.last)
        # (the action that put a card down has its index)
        self.last_card.set(-1 if s.last is None else self.last_at + self.players + pile[-1][1])
        if self.dealt.changed((s.suits_in_play,)):  # (a tuple the state makes at a deal)
            suits = 0
            for suit in s.suits_in_play:
                suits |= 1 << suit
            self.suits.set(suits)
