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
from zdeck.vectors.encoding import Card, CardsBySeat, Encoder, Last, Num, OneOf, Recent, SeatOf, Spec, Vector, option


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
    and a Tiko action's id is its card's index."""

    PRIVATE: tuple[str, ...] = ("hand",)

    def __init__(self, game: Game, reference: Encoder) -> None:
        super().__init__(game, reference)
        self.rounds = game.options["rounds"]
        self.options = self.one_of("compare")[game.options["compare"]], self.one_of("match")[game.options["match"]]
        self.won = [fast.Tally(len(CARDS), int) for _ in range(game.players)]

    def public(self, s: TikoState, out: Vector) -> None:
        at, n = self.at, self.players
        self.head(out, OVER if s.over else TRICK, None if s.over else s.turn, s.round_no, self.rounds)
        self.sizes(out, [len(hand) for hand in s.hands])
        self.outcome(out, s.totals, s.history, s.over, s.winners())
        if s.pile:
            out[at["top"] + s.pile[-1][1]] = 1.0
        self.trick(out, at["pile"], s.pile)
        out[at["draw_size"]] = len(s.deck) / 64.0
        out[at["dealer"] + s.dealer()] = 1.0
        if s.last is not None:
            out[at["last"] + s.last[0]] = 1.0
            out[at["last"] + n + s.last[1]] = 1.0
        for where in self.options:
            out[where] = 1.0
        out[at["leader"] + s.leader] = 1.0
        out[at["compared"]] = s.compared_position() / n
        won = at["won"]
        for p, cards in enumerate(s.won):
            if cards:
                out[won + p * len(CARDS):won + (p + 1) * len(CARDS)] = self.won[p].of(cards)
        self.trick(out, at["last_trick"], s.last_trick)

    def trick(self, out: Vector, at: int, entries: list[Entry]) -> None:
        """A trick as `Recent` keeps it: its length / seats, then its cards most recent first, each with its seat."""
        n, slot = self.players, len(CARDS) + self.players
        out[at] = len(entries) / n
        at += 1
        for seat, card in reversed(entries[-n:]):
            out[at + card] = 1.0
            out[at + len(CARDS) + seat] = 1.0
            at += slot

    def private(self, s: TikoState, seat: int, out: Vector) -> None:
        hand = self.at["hand"]
        for card in s.hands[seat]:
            out[hand + card] = 1.0
