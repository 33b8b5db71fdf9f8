"""Zoker Kubo's state: build the Zoker cube layer by layer and score its lines
(rules: docs/rules/zoker-kubo.md; the table's geometry: board.py).

Cards are indices into the deck; the table and the hands are masks of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from zdeck import statedict as sd
from zdeck.bits import card_count, indices, mask_of, words_outside
from zdeck.core import Action, IllegalAction, Outcome, RoundTotals, shorten
from zdeck.decks.zoker.cards import TEXTS, read_index, texts_of
from zdeck.decks.zoker.kubo import rules
from zdeck.decks.zoker.kubo.actions import DRAW, END, PLACES, SCORES, Draw, End, Place, Score
from zdeck.decks.zoker.kubo.board import (
    FRAMES,
    LINE_MASKS,
    LINE_POINTS,
    LINE_TEXTS,
    ZOKER_LINES,
    completed,
    layable,
    layable_after,
    line_text,
)
from zdeck.decks.zoker.kubo.reachable import check
from zdeck.decks.zoker.kubo.rules import round_points
from zdeck.rng import Rng, Unsettled, pop_settled, settle

if TYPE_CHECKING:
    from zdeck.decks.zoker.kubo.game import Kubo

HAND: Final = rules.HAND  # (named here too)
FILL: Final = rules.FILL
TURN: Final = rules.TURN
SHOUT: Final = rules.SHOUT
OVER: Final = rules.OVER


class KuboState(RoundTotals):
    # Its fields, named: the rules read them at every step, and an instance dict past 29 fields makes each read
    # slower (CPython shares a dict's keys with the class up to 30 keys; ZAR and Zoop have 30 fields).
    __slots__ = (
        "claiming", "closing", "draw_pile", "frame", "game", "hands", "history", "laid", "last", "layable",
        "passes", "pending", "phase", "pile_steps", "placed", "points", "rng", "round_no", "rules", "scored",
        "several", "totals", "turn", "version",
    )

    # `game` as Kubo's own class: the kernel types `game` as Game, and mypyc keeps it so. An attribute,
    # set beside `game`, not a property: the rules read it at every step.
    rules: Kubo

    def __init__(self, game: Kubo, rng: Rng) -> None:
        self.game = self.rules = game
        self.frame = FRAMES[game.options["start"]]
        self.claiming = game.options["scoring"] == "claim"
        self.rng = rng
        self.version = 0
        n = game.players
        self.placed = 0  # mask of the cards on the table
        self.layable = 0  # mask of the cards that may be laid now: empty once every place has its top card
        self.hands = [0] * n  # masks
        self.draw_pile: list[int] = []  # its end is the top
        self.pile_steps = Unsettled(0, 0)  # a resample shuffles the pile lazily: positions settle as they are drawn
        self.phase = TURN
        self.turn = 0
        self.laid = 0  # cards laid in this turn
        self.several = [False] * n  # did the player lay several cards in their last turn?
        self.pending: list[int] = []  # claim scoring: lines completed this turn, not yet announced
        self.closing = False  # claim scoring: the round ends when this turn (and its shouts) are over
        self.passes = 0  # turns in a row with an empty pile and no card laid
        self.points = [0] * n  # this round
        self.scored: list[tuple[int, int]] = []  # this round: (player, line id), in order
        self.last: tuple[int, Action] | None = None  # the latest action and its seat
        self.round_no = 1
        self.totals = [0] * n
        self.history: list[list[int]] = []

    # -- who acts -------------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        if self.phase == TURN:
            return (self.turn,)
        if self.phase == SHOUT:
            return tuple(p for p in range(self.game.players) if p != self.turn)
        return ()

    def legal_actions(self, player: int) -> list[Action]:
        if self.phase == SHOUT:
            return [SCORES[k] for k in self.pending] if player != self.turn else []
        if self.phase != TURN or player != self.turn:
            return []
        moves: list[Action] = [SCORES[k] for k in self.pending]
        if not self.closing:
            if self.may_draw(player):
                moves.append(DRAW)
            moves += [PLACES[i] for i in indices(self.hands[player] & self.layable)]
        moves.append(END)
        return moves

    def moves(self) -> list[tuple[int, list[Action]]]:
        if self.phase == TURN:
            return [(self.turn, self.legal_actions(self.turn))]
        return [(p, self.legal_actions(p)) for p in self.actors()]

    def is_legal(self, player: int, action: Action) -> bool:
        if isinstance(action, Score):
            return action.line in self.pending and (
                (self.phase == TURN and player == self.turn) or (self.phase == SHOUT and player != self.turn))
        if self.phase != TURN or player != self.turn:
            return False
        if isinstance(action, End):
            return True
        if self.closing:
            return False
        if isinstance(action, Draw):
            return self.may_draw(player)
        return isinstance(action, Place) and bool((self.hands[player] & self.layable) >> action.card.index & 1)

    def may_draw(self, player: int) -> bool:
        """Extra draws: after a turn with several cards laid, before laying, up to a hand of five."""
        return (self.several[player] and self.laid == 0 and self.phase == TURN and player == self.turn
                and bool(self.draw_pile) and card_count(self.hands[player]) < FILL)

    def explain_illegal(self, player: int, action: Action) -> str:
        if self.phase == OVER:
            return "the game is over"
        if isinstance(action, Score):
            return self._why_not_score(player, action.line)
        if self.phase == SHOUT:
            return "the turn is over: now the other players may only shout \"Score!\" for missed structures"
        if player != self.turn:
            return f"it is player {self.turn}'s turn"
        if self.closing:
            return "the round is ending: only announcing structures and ending the turn remain"
        if isinstance(action, Draw):
            return self._why_not_draw(player)
        if isinstance(action, Place):
            return self._why_not_place(player, action.card.index)
        return f"{shorten(action)} is not a Kubo action"

    def _why_not_score(self, player: int, line: int) -> str:
        if line not in self.pending:
            return f"{line_text(line)} is not a new, unclaimed structure of this turn"
        if self.phase == TURN:
            return f"only player {self.turn} may announce during the turn; others shout after it ends"
        return f"player {player} cannot shout for a structure of their own turn"

    def _why_not_draw(self, player: int) -> str:
        if not self.draw_pile:
            return "the draw pile is empty"
        if not self.several[player]:
            return "extra cards may be drawn only after a turn in which several cards were laid"
        if self.laid:
            return "drawing comes before laying cards"
        return f"a hand may be filled only up to {FILL} cards"

    def _why_not_place(self, player: int, card: int) -> str:
        if not self.hands[player] >> card & 1:
            return f"player {player} does not hold {TEXTS[card]}"
        if self.placed & self.frame.over[card]:
            return f"{TEXTS[card]} cannot go under a card already on its place"
        return f"{TEXTS[card]} must go on the card right below its place or next to a card of its own layer"

    # -- transitions: the round and the turn -----------------------------------------------------
    def start_round(self) -> None:
        """The starting corners on the table, the rest shuffled, four cards dealt to each player."""
        n = self.game.players
        self.placed = self.frame.corners
        self.layable = self.frame.opening
        cards = [i for i in range(64) if not self.placed >> i & 1]
        self.rng.shuffle(cards)
        self.hands = [mask_of(cards[p * HAND:(p + 1) * HAND]) for p in range(n)]
        self.draw_pile = cards[n * HAND:]
        self.several = [False] * n
        self.points = [0] * n
        self.scored = []
        self.pending, self.closing, self.passes = [], False, 0
        self.begin_turn((self.round_no - 1) % n)  # the dealer moves clockwise each round

    def begin_turn(self, player: int) -> None:
        self.phase, self.turn, self.laid = TURN, player, 0
        if self.draw_pile:  # at least one card must be drawn (none when the pile is used up)
            self.draw(player)

    def draw(self, player: int) -> None:
        self.hands[player] = self.hands[player] | 1 << pop_settled(self.draw_pile, self.pile_steps)  # (not `|=`: mypyc
        # works an item's augmented assignment on Python objects)

    def _apply(self, player: int, action: Action) -> None:
        self.last = (player, action)
        if isinstance(action, Place):
            self.lay(player, action.card.index)
        elif isinstance(action, End):
            self.end_turn(player)
        elif isinstance(action, Draw):
            self.draw(player)
        else:
            self.claim(player, action.line)  # type: ignore[attr-defined]

    def lay(self, player: int, card: int) -> None:
        """Lay a card; score what it completes (or, under claim scoring, leave it to be announced)."""
        self.hands[player] = self.hands[player] & ~(1 << card)  # (not `&=`, as in `draw`)
        self.placed |= 1 << card
        self.layable = layable_after(self.frame, self.placed, self.layable, card)
        self.laid += 1
        lines = completed(self.placed, card)
        ends = self.lay_ends_round(player)
        if self.claiming:
            self.pending.extend(lines)
            self.closing = self.closing or ends
            return
        for k in lines:
            self.award(player, k)
        if ends or any(k in ZOKER_LINES for k in lines):
            self.end_round()

    def lay_ends_round(self, player: int) -> bool:
        """After `player` laid a card: does the round end (once its structures are announced)? It does when
        b) their hand is empty, or c) no place is open any more. (The end a) - a Zoker - goes with its line.)"""
        return not self.hands[player] or not self.layable

    def award(self, player: int, line: int) -> None:
        self.points[player] = self.points[player] + LINE_POINTS[line]  # (not `+=`: mypyc adds to an item as Python objects)
        self.scored.append((player, line))

    def claim(self, player: int, line: int) -> None:
        self.pending.remove(line)
        self.award(player, line)
        if line in ZOKER_LINES:  # a claimed Zoker ends the round at once
            self.end_round()
        elif self.phase == SHOUT and not self.pending:
            self.finish_turn()

    def end_turn(self, player: int) -> None:
        self.several[player] = self.laid >= 2
        if self.pending:  # the others may now shout for what was missed
            self.phase = SHOUT
        else:
            self.finish_turn()

    def finish_turn(self) -> None:
        """After End (and the shouts it allowed): the next turn, or the end of the round."""
        if self.closing:
            self.end_round()
            return
        if self.laid == 0 and not self.draw_pile:
            self.passes += 1
            if self.circle_passed():
                self.end_round()
                return
        else:
            self.passes = 0
        self.begin_turn((self.turn + 1) % self.game.players)

    def circle_passed(self) -> bool:
        """A full circle of turns without a card, the pile used up: nothing more will be laid this round."""
        return self.passes >= self.game.players

    def end_round(self) -> None:
        points = round_points(self.points, self.hands)
        self.history.append(points)
        self.totals = [t + s for t, s in zip(self.totals, points)]
        self.points = points
        if self.match_over():
            self.phase, self.pending, self.closing = OVER, [], False
            return
        self.round_no += 1
        self.start_round()

    def target_reached(self) -> bool:
        target = self.game.options["target"]
        return bool(target) and max(self.totals) >= target

    def match_over(self) -> bool:
        """After a round: the match ends with its last round, or with the round that reached the target."""
        return self.round_no >= self.game.options["rounds"] or self.target_reached()

    def resolve_late(self, player: int, action: Action, seen: int) -> Outcome:
        """A shout that lands after others': it still counts for a structure nobody has claimed yet;
        one already claimed by a faster player, or let pass unclaimed when the table stopped waiting
        ("it does not have any influence later on"), has no effect."""
        if not isinstance(action, Score):
            raise IllegalAction(f"{action} answers version {seen}, but the game has moved on to {self.version}")
        if self.is_legal(player, action):
            self._apply(player, action)
            return Outcome.APPLIED
        if self.placed & LINE_MASKS[action.line] == LINE_MASKS[action.line]:  # a real structure, claimed or expired
            return Outcome.BOUNCED
        raise IllegalAction(f"{line_text(action.line)} was not a structure to claim")

    def _on_timeout(self) -> None:
        """Nobody shouted: the missed structures no longer count, even a Zoker."""
        if self.phase != SHOUT:
            raise IllegalAction("the player whose turn it is must act; waiting is not possible")
        self.pending = []
        self.finish_turn()

    # -- outcome -----------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def winners(self) -> list[int]:
        return self.leaders() if self.phase == OVER else []

    def dealer(self) -> int:
        """The seat that dealt this round: the one right of its first player (seat 0 begins the first)."""
        return (self.round_no - 2) % self.game.players

    # -- views ---------------------------------------------------------------------------------
    def phase_name(self) -> str:
        return self.phase

    def turn_seat(self) -> int | None:
        return self.turn if self.phase == TURN else None

    def hand_texts(self, player: int) -> list[str]:
        return texts_of(self.hands[player])

    def hand_sizes(self) -> list[int]:
        return [card_count(h) for h in self.hands]

    def own_view(self, player: int | None) -> dict[str, Any]:
        return {
            "draw_size": len(self.draw_pile),
            "dealer": self.dealer(),
            "last": None if self.last is None else {"seat": self.last[0], "action": str(self.last[1])},
            "table": texts_of(self.placed),
            "missed_by": self.turn if self.phase == SHOUT else None,
            "may_draw": self.may_draw(self.turn),
            "laid": self.laid,
            "several": list(self.several),
            "pending": [LINE_TEXTS[k] for k in self.pending],
            "closing": self.closing,
            "passes": self.passes,
            "points": list(self.points),
            "scored": [{"seat": p, "line": LINE_TEXTS[k], "points": LINE_POINTS[k]} for p, k in self.scored],
        }

    def to_dict(self) -> dict[str, Any]:
        settle(self.draw_pile, self.pile_steps)  # the same cards in the same places: only worked out now
        return {
            **self.game.describe(),
            "version": self.version,
            "rng": self.rng.state,
            "round": self.round_no,
            "phase": self.phase,
            "turn": self.turn,
            "table": texts_of(self.placed),
            "hands": [texts_of(h) for h in self.hands],
            "draw_pile": [TEXTS[i] for i in self.draw_pile],
            "laid": self.laid,
            "several": list(self.several),
            "pending": [LINE_TEXTS[k] for k in self.pending],
            "closing": self.closing,
            "passes": self.passes,
            "points": list(self.points),
            "scored": [[p, LINE_TEXTS[k]] for p, k in self.scored],
            "last": None if self.last is None else [self.last[0], str(self.last[1])],
            "totals": list(self.totals),
            "history": [list(r) for r in self.history],
        }

    def _twin(self) -> KuboState:
        """A copy sharing every value with this state, for `clone` and `_resample_hidden` to replace what
        they change: written out, since a compiled class has no `__dict__` to copy."""
        twin = KuboState.__new__(KuboState)
        twin.claiming = self.claiming
        twin.closing = self.closing
        twin.draw_pile = self.draw_pile
        twin.frame = self.frame
        twin.game, twin.rules = self.game, self.rules
        twin.hands = self.hands
        twin.history = self.history
        twin.laid = self.laid
        twin.last = self.last
        twin.layable = self.layable
        twin.passes = self.passes
        twin.pending = self.pending
        twin.phase = self.phase
        twin.pile_steps = self.pile_steps
        twin.placed = self.placed
        twin.points = self.points
        twin.rng = self.rng
        twin.round_no = self.round_no
        twin.scored = self.scored
        twin.several = self.several
        twin.totals = self.totals
        twin.turn = self.turn
        twin.version = self.version
        return twin

    def clone(self) -> KuboState:
        return self._copy(self.rng.clone(), list(self.draw_pile), self.pile_steps.copy(), list(self.hands))

    def _copy(self, rng: Rng, draw_pile: list[int], pile_steps: Unsettled, hands: list[int]) -> KuboState:
        """A copy with this generator, draw pile and hands, every other list its own."""
        twin = self._twin()
        twin.rng, twin.draw_pile, twin.pile_steps, twin.hands = rng, draw_pile, pile_steps, hands
        twin.several = list(self.several)
        twin.pending = list(self.pending)
        twin.points = list(self.points)
        twin.scored = list(self.scored)
        twin.totals = list(self.totals)
        twin.history = [list(r) for r in self.history]
        return twin

    def _resample_hidden(self, player: int, rng: Rng) -> KuboState:
        """Re-deal the other hands and the draw pile (the table is public) from `rng`, and give the copy a
        generator of its own from it. The other hands are dealt as masks straight from the unseen cards' words
        into the copy's list of hands (`rng.deal_hands`, uniform, in seat order: no hand's card is listed);
        the cards left are the draw pile, in card order (where they really lie must not show through), its
        order drawn only as the copy draws (`rng.shuffle_lazily`). The copy is `clone()`'s, less the copies of
        the pile and generator it replaces."""
        hands = list(self.hands)
        low, high = words_outside(self.placed | hands[player])
        pool = rng.deal_hands(low, high, hands, player, len(self.draw_pile))
        steps = rng.shuffle_lazily(pool)
        return self._copy(rng.spawn(), pool, steps, hands)


# -- reading a saved state -------------------------------------------------------------------------

_LINE_BY_TEXT: Final = {text.lower(): k for k, text in enumerate(LINE_TEXTS)}


def _read_line(value: Any, what: str) -> int:
    if not isinstance(value, str) or value.lower() not in _LINE_BY_TEXT:
        raise ValueError(f"{what}: {str(value)[:80]!r} is not a line of the cube (four card codes joined by '/')")
    return _LINE_BY_TEXT[value.lower()]


def _read_mask(value: Any, what: str) -> int:
    cards = sd.each(value, what, read_index)
    mask = mask_of(cards)
    if mask.bit_count() != len(cards):
        raise ValueError(f"{what}: a card appears twice")
    return mask


MAX_ACTIONS_PER_ROUND: Final = 1000  # more than any round can take (draws, lays, claims, ends and timeouts: under 900)
LOWEST_ROUND: Final = -64  # a round's points: at worst every card held; at best every line but Zokers, and one
HIGHEST_ROUND: Final = 144


FIELDS: Final = ("game", "players", "options", "version", "rng", "round", "phase", "turn", "table", "hands", "draw_pile",
          "laid", "several", "pending", "closing", "passes", "points", "scored", "last", "totals", "history")


def _refuse_unknown(data: dict[str, Any]) -> None:
    """A field this state does not have (an older format's, such as may_draw, or a slip) would be ignored: refuse it."""
    unknown = [str(k)[:40] for k in data if k not in FIELDS]
    if unknown:
        raise ValueError(f"unknown field(s) {', '.join(map(repr, unknown[:5]))}; a Kubo state has {', '.join(FIELDS)}")


def new_state(game: Kubo, seed: int) -> KuboState:
    """A new game dealt from `Rng(seed)`."""
    state = KuboState(game, Rng(seed))
    state.start_round()
    return state


def read_state(game: Kubo, data: dict[str, Any]) -> KuboState:
    """Rebuild a state from `KuboState.to_dict()`: each field read and ranged here, then the one check of what
    play can reach (`reachable.check`); a ValueError names the field."""
    n = game.players

    def get(key: str) -> Any:
        return sd.field(data, key)

    _refuse_unknown(data)
    state = KuboState(game, Rng.from_state(get("rng")))
    state.round_no = sd.integer(get("round"), "round", lo=1, hi=game.options["rounds"])
    state.version = sd.integer(get("version"), "version", lo=0, hi=MAX_ACTIONS_PER_ROUND * state.round_no)
    state.phase = sd.choice(get("phase"), "phase", (TURN, SHOUT, OVER))
    state.turn = sd.seat(get("turn"), n, "turn")
    state.placed = _read_mask(get("table"), "table")
    state.layable = layable(state.frame, state.placed)
    state.hands = [_read_mask(h, f"hands[{p}]") for p, h in enumerate(sd.per_seat(get("hands"), n, "hands"))]
    state.draw_pile = sd.each(get("draw_pile"), "draw_pile", read_index)
    state.laid = sd.integer(get("laid"), "laid", lo=0, hi=60)
    state.several = [sd.boolean(b, f"several[{p}]") for p, b in enumerate(sd.per_seat(get("several"), n, "several"))]
    state.pending = sd.each(get("pending"), "pending", _read_line)
    state.closing = sd.boolean(get("closing"), "closing")
    state.passes = sd.integer(get("passes"), "passes", lo=0, hi=n)
    state.points = sd.integers(sd.per_seat(get("points"), n, "points"), "points", lo=LOWEST_ROUND, hi=HIGHEST_ROUND)
    state.scored = [_read_scored(entry, n, f"scored[{i}]") for i, entry in enumerate(sd.listed(get("scored"), "scored"))]
    state.last = _read_last(game, get("last"), n)
    state.totals = sd.integers(sd.per_seat(get("totals"), n, "totals"), "totals")
    state.history = [sd.integers(sd.per_seat(r, n, f"history[{i}]"), f"history[{i}]", lo=LOWEST_ROUND, hi=HIGHEST_ROUND)
                     for i, r in enumerate(sd.listed(get("history"), "history"))]
    check(state)
    return state


def _read_scored(entry: Any, n: int, what: str) -> tuple[int, int]:
    seat, line = sd.listed(entry, what, length=2)
    return sd.seat(seat, n, what), _read_line(line, what)


def _read_last(game: Kubo, value: Any, n: int) -> tuple[int, Action] | None:
    if value is None:
        return None
    seat, text = sd.listed(value, "last", length=2)
    try:
        action = game.parse_action(text)
    except ValueError as exc:
        raise ValueError(f"last: {exc}") from None
    return sd.seat(seat, n, "last"), action
