"""Snap's state: who acts, the rules that move it on, the outcome and the views (rules.md).

One seat has the turn: it plays a card of the top card's colour or number, else draws one, else passes.
A card laid on one of its number opens a snap window: until the next move in turn, every other seat may
call "snap!", a race (`actors()` lists them all, whatever they hold), and the first call makes the pair's
maker draw. A call that lands after the window closed bounces (`resolve_late`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zdeck import statedict as sd
from zdeck.core import Action, IllegalAction, Outcome, State
from zdeck.dealing import deal_out
from zdeck.decks.snap.actions import DRAW, PASS, PLAYS, SNAP, Draw, Play, Snap
from zdeck.decks.snap.cards import DATA, DECK, INDEX, TEXTS, follows, pairs
from zdeck.decks.snap.reachable import check
from zdeck.rng import Rng

if TYPE_CHECKING:
    from zdeck.decks.snap.game import Snap as SnapGame

TURN, OVER = "turn", "over"


class SnapState(State):
    game: SnapGame

    def __init__(self, game: SnapGame, rng: Rng) -> None:
        self.game, self.rng, self.version = game, rng, 0
        self.hands: list[list[int]] = [[] for _ in range(game.players)]
        self.draw: list[int] = []  # face down; the end is the top
        self.pile: list[int] = []  # face up; the end is the top card
        self.turn = 0
        self.pair_by = -1  # who laid the open pair (-1: no snap window)
        self.pair_at = 0  # the version at which the pair appeared
        self.passes = 0  # seats in a row that could neither play nor draw
        self.won: list[int] = []
        self.last: tuple[int, Action] | None = None

    # -- who acts -----------------------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        if self.won:
            return ()
        if self.pair_by < 0:
            return (self.turn,)
        return tuple(p for p in range(self.game.players) if p != self.pair_by or p == self.turn)

    def legal_actions(self, player: int) -> list[Action]:
        if self.won or not 0 <= player < self.game.players:
            return []
        acts = self._turn_actions() if player == self.turn else []
        if self.pair_by >= 0 and player != self.pair_by:
            acts.append(SNAP)
        return acts

    def _turn_actions(self) -> list[Action]:
        top = self.pile[-1]
        plays = [PLAYS[c] for c in sorted(set(self.hands[self.turn])) if follows(c, top)]
        return plays or [DRAW if self.draw else PASS]

    def explain_illegal(self, player: int, action: Action) -> str:
        if self.won:
            return "the game is over"
        if isinstance(action, Snap):
            return "snap! answers a pair just laid by someone else" if self.pair_by != player else \
                "you laid the pair: the others snap it"
        if player != self.turn:
            return f"it is player {self.turn}'s turn; out of turn one may only call snap! on a pair"
        if isinstance(action, Play) and action.card not in self.hands[player]:
            return f"player {player} does not hold {TEXTS[action.card]}"
        return f"{action} is not legal now; legal: {', '.join(map(str, self._turn_actions()))}"

    # -- transitions ------------------------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> Outcome | None:
        self.last = (player, action)
        if isinstance(action, Snap):
            self._snap()
            return None
        self.pair_by = -1  # a move in turn closes the snap window
        if isinstance(action, Play):
            self._play(player, action.card)
        elif isinstance(action, Draw):
            self.hands[player].append(self.draw.pop())
            self._next_turn(passed=False)
        else:
            self._next_turn(passed=True)
        return None

    def _play(self, p: int, card: int) -> None:
        self.hands[p].remove(card)
        under = self.pile[-1]
        self.pile.append(card)
        if not self.hands[p]:
            self.won = [p]
            return
        if pairs(card, under):
            self.pair_by, self.pair_at = p, self.version + 1
        self._next_turn(passed=False)

    def _snap(self) -> None:
        """The first snap! makes the pair's maker draw (as many as are left), and closes the window."""
        maker, self.pair_by = self.pair_by, -1
        for _ in range(min(self.game.options["snap_penalty"], len(self.draw))):
            self.hands[maker].append(self.draw.pop())

    def _next_turn(self, passed: bool) -> None:
        self.passes = self.passes + 1 if passed else 0
        if self.passes == self.game.players:  # nobody can play or draw: the fewest cards win
            fewest = min(len(h) for h in self.hands)
            self.won = [p for p, h in enumerate(self.hands) if len(h) == fewest]
            return
        self.turn = (self.turn + 1) % self.game.players

    def resolve_late(self, player: int, action: Action, seen: int) -> Outcome:
        if self.won:
            raise IllegalAction(f"{action} comes too late: the game is over")
        if isinstance(action, Snap):
            if self.pair_by >= 0 and self.pair_at <= seen and player != self.pair_by:
                return self._apply(player, action) or Outcome.APPLIED  # the pair it saw is still open
            return Outcome.BOUNCED  # someone snapped first, or play went on
        if player == self.turn and self.is_legal(player, action):
            return self._apply(player, action) or Outcome.APPLIED  # a snap landed first: the move still stands
        return Outcome.BOUNCED

    # -- outcome ----------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return bool(self.won)

    def scores(self) -> list[float]:
        return [1.0 if p in self.won else 0.0 for p in range(self.game.players)]

    def winners(self) -> list[int]:
        return list(self.won)

    # -- views ------------------------------------------------------------------------------------
    # The kernel builds the shared keys (docs/observations.md) from these answers; `own_view` adds Snap's.
    def phase_name(self) -> str:
        return OVER if self.won else TURN

    def turn_seat(self) -> int | None:
        return None if self.won else self.turn

    def hand_texts(self, player: int) -> list[str]:
        return sorted(TEXTS[c] for c in self.hands[player])

    def hand_sizes(self) -> list[int]:
        return [len(h) for h in self.hands]

    def own_view(self, player: int | None) -> dict[str, Any]:
        return {
            "top": TEXTS[self.pile[-1]], "pile": [TEXTS[c] for c in self.pile], "draw_size": len(self.draw),
            "snap_open": self.pair_by >= 0, "pair_by": None if self.pair_by < 0 else self.pair_by,
            "last": None if self.last is None else {"seat": self.last[0], "action": str(self.last[1])},
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.game.describe(), "version": self.version, "rng": self.rng.state,
            "hands": [[TEXTS[c] for c in h] for h in self.hands], "draw": [TEXTS[c] for c in self.draw],
            "pile": [TEXTS[c] for c in self.pile], "turn": self.turn, "pair_by": self.pair_by,
            "pair_at": self.pair_at, "passes": self.passes, "won": list(self.won),
            "last": None if self.last is None else [self.last[0], str(self.last[1])],
        }

    def clone(self) -> SnapState:
        twin = SnapState.__new__(SnapState)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.clone()
        twin.hands = [h[:] for h in self.hands]
        twin.draw, twin.pile, twin.won = self.draw[:], self.pile[:], self.won[:]
        return twin

    def _resample_hidden(self, player: int, rng: Rng) -> SnapState:
        """The other hands and the draw pile re-dealt from the cards `player` cannot see, pooled in card order
        (where they really lie must not show through)."""
        others = [p for p in range(self.game.players) if p != player]
        pool = sorted(self.draw + [c for p in others for c in self.hands[p]])
        hands, rest = deal_out(rng, pool, [len(self.hands[p]) for p in others])
        twin = self.clone()
        for p, hand in zip(others, hands, strict=True):
            twin.hands[p] = hand
        twin.draw = rest
        twin.rng = rng.spawn()
        return twin


def new_state(game: SnapGame, seed: int) -> SnapState:
    """Shuffle, deal `hand` cards to each seat, turn the next card up; seat 0 plays first."""
    state = SnapState(game, Rng(seed))
    hands, rest = deal_out(state.rng, list(DECK), [DATA["hand"]] * game.players)
    state.hands, state.pile, state.draw = hands, [rest.pop()], rest
    return state


def read_state(game: SnapGame, data: dict[str, Any]) -> SnapState:
    """The state `to_dict` wrote: each field read and ranged, then the one check of what play can reach
    (`reachable.check`); a ValueError names the field."""
    n = game.players
    state = SnapState(game, Rng.from_state(sd.integer(sd.field(data, "rng"), "rng", lo=0, hi=2**64 - 1)))
    card = sd.reader(INDEX.__getitem__)
    state.hands = [sd.each(h, f"hands[{p}]", card) for p, h in enumerate(sd.per_seat(sd.field(data, "hands"), n, "hands"))]
    state.draw = sd.each(sd.field(data, "draw"), "draw", card)
    state.pile = sd.each(sd.field(data, "pile"), "pile", card)
    state.turn = sd.seat(sd.field(data, "turn"), n, "turn")
    state.pair_by = sd.integer(sd.field(data, "pair_by"), "pair_by", lo=-1, hi=n - 1)
    state.version = sd.integer(sd.field(data, "version"), "version", lo=0, hi=10**9)
    state.pair_at = sd.integer(sd.field(data, "pair_at"), "pair_at", lo=0, hi=state.version)
    state.passes = sd.integer(sd.field(data, "passes"), "passes", lo=0, hi=n - 1)
    state.won = sd.integers(sd.field(data, "won"), "won", lo=0, hi=n - 1)
    last = sd.field(data, "last")
    if last is not None:
        seat, text = sd.listed(last, "last", length=2)
        state.last = (sd.seat(seat, n, "last[0]"), game.parse_action(text))
    check(state)
    return state

