"""ZAR in the RL environments (`zdeck.rl`, docs/rl.md): the observation encoding `zar_v1`, declared over the
observation dict (`spec`, the reference; docs/observations/zar.md) and written straight from the state
(`StateEncoder`), and who a moment asks as the table shows it (`asked`). Only `zdeck.rl` imports this
module."""

from __future__ import annotations

from operator import mul
from typing import Any

from zdeck.core import Game
from zdeck.decks.zar.cards import TEXTS, declaration_name
from zdeck.decks.zar.state import DRAWN, OUT, OVER, PHASES, ZarState
from zdeck.vectors import fast
from zdeck.vectors.common import hands, head, match, outcome
from zdeck.vectors.encoding import (
    UNBOUNDED,
    Both,
    Card,
    Cards,
    Context,
    Custom,
    Encoder,
    Flag,
    Ignored,
    Last,
    Num,
    OneOf,
    PerSeat,
    Recent,
    SeatBlocks,
    SeatOf,
    Spec,
    Vector,
)

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


def _deck(game: Game) -> list[int]:
    """How many of each kind the game deals (its half decks and Chameleons): counted on a fresh deal."""
    state = game.new_state(0)
    counts = [sum(column) for column in zip(*state.hands)]  # type: ignore[attr-defined]
    for kind in (*state.drawpile, *state.pile):  # type: ignore[attr-defined]
        counts[kind] += 1
    return counts


def spec(game: Game) -> Spec:
    copies, options = game.options["half_decks"], game.options
    deck = _deck(game)
    most, cards = max(deck), sum(deck)
    costliest = sum(map(mul, game.points, deck))  # type: ignore[attr-defined]  # a hand holding every card
    hands_played = UNBOUNDED if options["hands"] is None else options["hands"]
    if options["target"] is None:  # so many hands
        total = match(hands_played, (0, costliest))
    else:  # to a target: nobody passes it but in the last hand
        total = (0, min(options["target"] - 1 + costliest, match(hands_played, (0, costliest))[1]))
    return Spec("zar_v1", "zar", [
        *head(PHASES, rounds=hands_played),
        *hands(CARDS, most, largest=cards),
        *outcome(100.0, rounds=hands_played, per_round=(0, costliest), total=total),
        Card("top", CARDS),
        Both("pile", [Cards("pile", CARDS, most), Recent("pile", CARDS, 4, length_scale=50.0, longest=cards)]),
        Num("draw_size", 50.0, high=cards),
        OneOf("direction", (1, -1)),
        SeatOf("dealer"),
        Last("last"),
        Card("top_as", CARDS),
        OneOf("declared", COLOURS + DECLARED),
        Flag("matchable"),
        Custom("group", _group_size, _write_group, "the owner (relative) one-hot, then count / 4 and run / 4",
               seats=lambda game: [SeatBlocks(0)],  # a group: one kind's cards, and Chameleons riding along
               highs=lambda game: [1.0] * game.players + [(most + deck[-1]) / 4.0] * 2),
        Num("stack", 10.0, high=float(2 * 9 * copies)),
        Ignored("call", "what the last play was due to call: it follows from `last`, `group` and `top_as`"),
        Card("drawn", CARDS),
        SeatOf("hand_winner"),
        PerSeat("penalties", 5.0),  # (a count over the whole game, which no rule bounds)
    ], notes="Counts go up to the `half_decks` option (each card once per half deck). `pile`: how many of each "
             "card lie on the Playpile, and its last four cards.")


def asked(state: ZarState) -> tuple[int, ...]:
    """Who the table sees may act: while the last play may be matched, anyone (who holds an identical card is
    theirs to know), else the turn's seat."""
    if state.phase == OVER:
        return ()
    if state.phase != DRAWN and state.matchable:
        return tuple(range(state.game.players))
    return (state.turn,) if state.turn >= 0 else ()


def turn(state: ZarState) -> int | None:
    return state.turn if state.turn >= 0 else None


def times_out(state: ZarState) -> bool:
    """The last card of a hand waits for matches; nobody matching, the hand ends."""
    return state.phase == OUT


class StateEncoder(fast.StateEncoder):
    """`zar_v1` from the state: a card is a kind index (its text names it in the vocabulary), a hand a count
    per kind. Every seat's vector is kept whole, its hand and drawn card with it: a Parallel step shows
    one version to every seat (one copy of the table), and a seat's vector is one copy."""

    def __init__(self, game: Game, reference: Encoder) -> None:
        super().__init__(game, reference)
        at, n = self.at, self.players
        where = {text: k for k, text in enumerate(CARDS)}
        self.card = [where[text] for text in TEXTS]  # kind -> its place in the vocabulary
        self.rounds = game.options["hands"] if game.options["target"] is None else None
        self.directions, self.declarations = self.one_of("direction"), self.one_of("declared")
        self.ids = fast.ActionIds(game)
        self.top, self.top_at = fast.One(self), at["top"]
        self.pile = fast.Pile(self, at["pile"], len(CARDS), self.card, 4, 50.0)
        self.draw_size, self.direction = fast.Value(self, at["draw_size"]), fast.One(self)
        self.dealer, self.dealer_at = fast.One(self), at["dealer"]
        self.last_seat, self.last_action, self.last_at = fast.One(self), fast.One(self), at["last"]
        self.top_as, self.top_as_at, self.declared = fast.One(self), at["top_as"], fast.One(self)
        self.matchable = fast.Value(self, at["matchable"])
        self.owner, self.group_at = fast.One(self), at["group"]
        self.count, self.run = fast.Value(self, at["group"] + n), fast.Value(self, at["group"] + n + 1)
        self.stack = fast.Value(self, at["stack"])
        self.hand_winner, self.hand_winner_at = fast.One(self), at["hand_winner"]
        self.penalties = fast.Values(self, at["penalties"], n)
        self.hands = [fast.Hand(self, p, [at["hand"] + place for place in self.card]) for p in range(n)]
        self.drawn, self.drawn_at = [fast.One(self, p) for p in range(n)], at["drawn"]
        self.scored = fast.Since(self)

    def update(self, s: ZarState) -> None:
        card, pile = self.card, s.pile
        self.head(s.phase, s.turn if s.turn >= 0 else None, s.hand_no, self.rounds)
        self.sizes(s.sizes)
        # (the totals and each hand's points as the state keeps them: `scores()` and `round_scores()` copy them to
        # floats, and the whole history at every version was most of an update)
        if self.scored.changed(fast.scores_key(s.totals, s.history, s.phase == OVER)):  # (at a hand's end)
            self.outcome(s.totals, s.history, s.phase == OVER, s.winners())
        self.top.set(self.top_at + card[pile[-1]])
        self.pile.set(pile)
        self.draw_size.set(len(s.drawpile) / 50.0)
        self.direction.set(self.directions[s.direction])
        self.dealer.set(self.dealer_at + s.dealer)
        last = s.last_action
        self.last_seat.set(-1 if last is None else self.last_at + s.last_seat)
        self.last_action.set(-1 if last is None else self.last_at + self.players + self.ids.of(last))
        top = s.pile_as[-1]
        self.top_as.set(self.top_as_at + card[top])
        declared = declaration_name(top, s.declared)
        self.declared.set(self.declarations[declared] if declared else -1)
        self.matchable.set(1.0 if s.matchable else 0.0)
        self.owner.set(self.group_at + s.owner)
        self.count.set(s.count / 4.0)
        self.run.set(s.run / 4.0)
        self.stack.set(s.stack / 10.0)
        self.hand_winner.set(self.hand_winner_at + s.hand_winner if s.hand_winner >= 0 else -1)
        self.penalties.set(s.penalties, 5.0)
        for p, hand in enumerate(s.hands):
            self.hands[p].set_counts(hand)
        drawn = self.drawn_at + card[s.drawn] if s.phase == DRAWN else -1  # (shown to the turn's seat alone)
        for p, cell in enumerate(self.drawn):
            cell.set(drawn if p == s.turn else -1)
