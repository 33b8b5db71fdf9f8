"""Zoker Tiko in the RL environments (`zdeck.rl`, docs/rl.md): the observation encoding `zoker-tiko_v1`,
declared over the observation dict (`spec`, the reference; docs/observations/zoker-tiko.md) and written
straight from the state (`StateEncoder`). A trick game: the seat whose turn it is acts alone, so who a
moment asks is the kernel's own answer. Only `zdeck.rl` imports this module."""

from __future__ import annotations

from zdeck.core import Game
from zdeck.decks.zoker.encoding import CARDS
from zdeck.decks.zoker.tiko.state import HAND, OVER, TRICK, Entry, TikoState
from zdeck.vectors import fast
from zdeck.vectors.common import hands, head, match, outcome
from zdeck.vectors.encoding import Card, CardsBySeat, Encoder, Last, Num, OneOf, Recent, SeatOf, Spec, option


def spec(game: Game) -> Spec:
    seats, rounds = game.players, game.options["rounds"]
    taken = (0, len(CARDS))  # a round's row: the cards each took; the match counts them, or the rounds won
    won = taken if game.options["match"] == "cards" else (0, 1)
    return Spec("zoker-tiko_v1", "zoker-tiko", [
        *head((TRICK, OVER), rounds=rounds),
        *hands(CARDS, largest=HAND),
        *outcome(16.0 if game.options["match"] == "cards" else 1.0, rounds=rounds, per_round=taken,
                 total=match(rounds, won)),
        Card("top", CARDS),
        Recent("pile", CARDS, seats, with_seat=True, length_scale=float(seats), longest=seats),
        Num("draw_size", 64.0, high=64.0),
        SeatOf("dealer"),
        Last("last"),
        option(OneOf("compare", ("top", "previous"))),
        option(OneOf("match", ("cards", "games"))),
        SeatOf("leader"),
        Num("compared", float(seats), low=-1.0, high=float(seats)),
        CardsBySeat("won", CARDS),
        Recent("last_trick", CARDS, seats, with_seat=True, length_scale=float(seats), longest=seats),
    ], notes="A trick holds at most one card per seat, so `pile` and `last_trick` are kept whole, in order; "
             "`won` keeps who took each card, not in which trick.")


class StateEncoder(fast.StateEncoder):
    """`zoker-tiko_v1` from the state: a card is its index in the deck, which is its place in the vocabulary,
    and a Tiko action's id is its card's index. Every seat's vector is kept whole, its hand with it:
    a Parallel step shows one version to every seat (one copy of the table), and a seat's vector is one copy,
    not seat 0's with its blocks turned (the cards each seat won: most of the vector) and its hand written."""

    def __init__(self, game: Game, reference: Encoder) -> None:
        super().__init__(game, reference)
        at, n = self.at, game.players
        self.rounds = game.options["rounds"]
        self.options = self.one_of("compare")[game.options["compare"]], self.one_of("match")[game.options["match"]]
        self.top, self.top_at = fast.One(self), at["top"]
        self.pile, self.last_trick = Trick(self, at["pile"]), Trick(self, at["last_trick"])
        self.draw_size = fast.Value(self, at["draw_size"])
        self.dealer, self.dealer_at = fast.One(self), at["dealer"]
        self.last_seat, self.last_card, self.last_at = fast.One(self), fast.One(self), at["last"]
        self.compare, self.match = fast.One(self), fast.One(self)
        self.leader, self.leader_at = fast.One(self), at["leader"]
        self.compared = fast.Value(self, at["compared"])
        self.won = [fast.Counts(self, at["won"] + p * len(CARDS), len(CARDS)) for p in range(n)]
        self.scored, self.round, self.taken = fast.Since(self), fast.Since(self), fast.Since(self)
        self.hands = [fast.Hand(self, p, [at["hand"] + card for card in range(len(CARDS))]) for p in range(n)]

    def update(self, s: TikoState) -> None:
        n = self.players
        self.head(OVER if s.over else TRICK, None if s.over else s.turn, s.round_no, self.rounds)
        if self.scored.changed(fast.scores_key(s.totals, s.history, s.over)):  # (they move at a round's end)
            self.outcome(s.totals, s.history, s.over, s.winners())
        self.top.set(self.top_at + s.pile[-1][1] if s.pile else -1)
        self.pile.set(s.pile)
        self.draw_size.set(len(s.deck) / 64.0)
        if self.round.changed((s.round_no,)):  # (the dealer and the options stay for a round)
            self.dealer.set(self.dealer_at + s.dealer())
            self.compare.set(self.options[0])
            self.match.set(self.options[1])
        last = s.last
        self.last_seat.set(-1 if last is None else self.last_at + last[0])
        self.last_card.set(-1 if last is None else self.last_at + n + last[1])
        self.leader.set(self.leader_at + s.leader)
        self.compared.set(s.compared_position() / n)
        if self.taken.changed((s.round_no, s.last_trick)):  # (a trick taken is the last trick: the only change)
            for p, cards in enumerate(s.won):
                self.won[p].set(cards)
        self.last_trick.set(s.last_trick)
        sizes, scale = self.sizes_cell, self._sizes_scale
        for p, hand in enumerate(s.hands):
            self.hands[p].set(hand)
            if sizes is not None:  # (`hand_sizes`, seat by seat: a step changes one hand)
                sizes.set_at(p, len(hand) / scale)


class Trick(fast.Cell):
    """A trick as `Recent` keeps it: its length / seats, then its cards most recent first, each with its seat.
    A trick changes at a card played, the last trick once a trick: the entries are compared with those last
    written first (the same tuples: an identity each), not each slot's two cells."""

    def __init__(self, encoder: fast.StateEncoder, at: int) -> None:
        super().__init__(encoder)
        n = encoder.players
        self.size = fast.Value(encoder, at)
        self.cards = [fast.One(encoder) for _ in range(n)]
        self.seats = [fast.One(encoder) for _ in range(n)]
        self.at, self.players, self.slot = at + 1, n, len(CARDS) + n
        self.entries: list[Entry] = []  # as last written (a copy: the pile grows in place)

    def forget(self) -> None:
        self.entries = []

    def set(self, entries: list[Entry]) -> None:
        if len(entries) == len(self.entries) and entries == self.entries:
            return
        self.entries = list(entries)
        n = self.players
        self.size.set(len(entries) / n)
        at = self.at
        for k in range(n):
            if k < len(entries):
                seat, card = entries[-1 - k]
                self.cards[k].set(at + card)
                self.seats[k].set(at + len(CARDS) + seat)
            else:
                self.cards[k].set(-1)
                self.seats[k].set(-1)
            at += self.slot

