"""Zoker Kubo in the RL environments (`zdeck.rl`, docs/rl.md): the observation encoding `zoker-kubo_v1`,
declared over the observation dict (`spec`, the reference; docs/observations/zoker-kubo.md) and written
straight from the state (`StateEncoder`). Who may act never depends on a hand (a shout is open to every
other seat), so who a moment asks is the kernel's own answer. Only `zdeck.rl` imports this module."""

from __future__ import annotations

from typing import Any

from zdeck.core import Game
from zdeck.decks.zoker.encoding import CARDS
from zdeck.decks.zoker.kubo.board import LINE_POINTS, LINE_TEXTS
from zdeck.decks.zoker.kubo.state import SHOUT, TURN, KuboState
from zdeck.vectors import fast
from zdeck.vectors.common import hands, head, match, outcome
from zdeck.vectors.encoding import (
    Cards,
    Context,
    Custom,
    Encoder,
    Flag,
    Last,
    Num,
    OneOf,
    PerSeat,
    SeatBlocks,
    SeatOf,
    Spec,
    Vector,
    index_of,
    option,
)


def lines(game: Game) -> tuple[str, ...]:
    """Every line of the cube, as the game's `score <line>` actions name them (in action-table order)."""
    return tuple(text[6:] for text in map(str, game.action_table()) if text.startswith("score "))


def _scored(line_at: dict[str, int]) -> Custom:
    def write(value: Any, out: Vector, at: int, ctx: Context) -> None:
        for entry in value:
            out[at + line_at[entry["line"]] * ctx.players + ctx.rel(entry["seat"])] = 1.0

    return Custom("scored", lambda game: len(line_at) * game.players, write,
                  f"for each of the {len(line_at)} lines (action-table order), the seat that scored it this round "
                  "(relative) one-hot; the points follow from the line",
                  seats=lambda game: [SeatBlocks(k * game.players) for k in range(len(line_at))])


def spec(game: Game) -> Spec:
    every, rounds = lines(game), game.options["rounds"]  # (played to a target: within a bound the game sets)
    # A round's points: every line's (at most), less a card for each left in hand (a turn begins with a draw, and
    # a seat may end it laying nothing: a hand may grow to the whole deck).
    per_round = (-len(CARDS), sum(LINE_POINTS))
    return Spec("zoker-kubo_v1", "zoker-kubo", [
        *head(("turn", "shout", "over"), rounds=rounds),
        *hands(CARDS, largest=len(CARDS)),
        *outcome(20.0, rounds=rounds, per_round=per_round, total=match(rounds, per_round)),
        Num("draw_size", 64.0, high=64.0),
        SeatOf("dealer"),
        Last("last"),
        option(OneOf("start", ("blue-corners", "blue-red-S", "blue-red-4"))),
        option(OneOf("scoring", ("auto", "claim"))),
        option(Num("target", 100.0, high=max(game.options["target"], 1))),  # (0: played to a number of rounds)
        Cards("table", CARDS),
        SeatOf("missed_by"),
        Flag("may_draw"),
        Num("laid", 10.0, high=64.0),
        PerSeat("several", high=1.0),
        Cards("pending", every),
        Flag("closing"),
        Num("passes", 5.0, high=game.players),  # a full circle of passes ends the round
        PerSeat("points", 20.0, low=per_round[0], high=per_round[1]),
        _scored(index_of(every)),
    ], notes="The lines of the cube are named as the game's `score` actions name them, so `pending` and `scored` "
             "follow the action table.")


def times_out(state: KuboState) -> bool:
    """Everyone may let a shout's window lapse (the missed lines no longer count); a turn may not be waited out."""
    return state.phase == SHOUT


class StateEncoder(fast.StateEncoder):
    """`zoker-kubo_v1` from the state: hands and the table are bitmasks of card indices (a card's index is its
    place in the vocabulary), and a line's id names it as the game's `score` actions do. Every seat's vector is
    kept whole, its hand with it: a Parallel step shows one version to every seat (one copy of the
    table), and a seat's vector is one copy, not seat 0's with its blocks turned and its hand written."""

    def __init__(self, game: Game, reference: Encoder) -> None:
        super().__init__(game, reference)
        at, n, options = self.at, game.players, game.options
        self.rounds = None if options["target"] else options["rounds"]
        self.target = options["target"]
        self.fixed = self.one_of("scoring")[options["scoring"]]
        self.starts = self.one_of("start")
        every = index_of(lines(game))
        self.line = [every[text] for text in LINE_TEXTS]  # line id -> its place in `pending` and `scored`
        self.ids = fast.ActionIds(game)
        self.draw_size = fast.Value(self, at["draw_size"])
        self.dealer, self.dealer_at = fast.One(self), at["dealer"]
        self.last_seat, self.last_action, self.last_at = fast.One(self), fast.One(self), at["last"]
        self.start, self.scoring = fast.One(self), fast.One(self)
        self.target_value = fast.Value(self, at["target"]) if self.target is not None else None
        self.table = fast.Bits(self, at["table"])
        self.missed_by, self.missed_by_at = fast.One(self), at["missed_by"]
        self.may_draw, self.laid = fast.Value(self, at["may_draw"]), fast.Value(self, at["laid"])
        self.several = fast.Values(self, at["several"], n)
        self.pending, self.pending_at = fast.Spots(self), at["pending"]
        self.closing = fast.Value(self, at["closing"])
        self.passes, self.points = fast.Value(self, at["passes"]), fast.Values(self, at["points"], n)
        self.scored = fast.Bits(self, at["scored"])
        self.hands = [fast.Bits(self, at["hand"], seat=p) for p in range(n)]

    def update(self, s: KuboState) -> None:
        n = self.players
        self.head(s.phase, s.turn if s.phase == TURN else None, s.round_no, self.rounds)
        self.sizes([hand.bit_count() for hand in s.hands])
        self.outcome(s.totals, s.history, s.phase == "over", s.winners())
        self.draw_size.set(len(s.draw_pile) / 64.0)
        self.dealer.set(self.dealer_at + s.dealer())
        last = s.last
        self.last_seat.set(-1 if last is None else self.last_at + last[0])
        self.last_action.set(-1 if last is None else self.last_at + n + self.ids.of(last[1]))
        self.start.set(self.starts[s.frame.name])
        self.scoring.set(self.fixed)
        if self.target_value is not None:
            self.target_value.set(self.target / 100.0)
        self.table.set(s.placed)
        self.missed_by.set(self.missed_by_at + s.turn if s.phase == SHOUT else -1)
        self.may_draw.set(1.0 if s.may_draw(s.turn) else 0.0)
        self.laid.set(s.laid / 10.0)
        self.several.set(s.several)  # (bools: True / 1.0 is 1.0)
        pending: dict[int, float] = {}
        for line in s.pending:
            place = self.pending_at + self.line[line]
            pending[place] = pending.get(place, 0.0) + 1.0
        self.pending.set(pending)
        self.closing.set(1.0 if s.closing else 0.0)
        self.passes.set(s.passes / 5.0)
        self.points.set(s.points, 20.0)
        scored = 0
        for seat, line in s.scored:
            scored |= 1 << (self.line[line] * n + seat)
        self.scored.set(scored)
        for p, hand in enumerate(s.hands):
            self.hands[p].set(hand)
