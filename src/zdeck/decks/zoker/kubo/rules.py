"""Zoker Kubo: build the Zoker cube layer by layer and score its lines (rules: docs/rules/zoker-kubo.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from zdeck import statedict as sd
from zdeck.core import Action, Game, IllegalAction, Option, Outcome, RoundTotals, State
from zdeck.dealing import deal_out
from zdeck.decks.zoker.cards import DECK, Card, by_index, read_cards
from zdeck.decks.zoker.kubo.actions import ACTIONS, DRAW, END, PLACES, SCORES, Draw, End, Place, Score
from zdeck.decks.zoker.kubo.board import (
    FRAMES,
    LINE_POINTS,
    LINES,
    ZOKER_LINES,
    any_open,
    column_tops,
    completed,
    line_text,
    placeable,
)
from zdeck.rng import Rng

HAND = 4  # cards dealt to each player
FILL = 5  # after a turn with several cards laid, a player may draw up to this many in hand
TURN, SHOUT, OVER = "turn", "shout", "over"  # SHOUT: after a turn, others may claim what its player missed


class Kubo(Game):
    id = "zoker-kubo"
    title = "Zoker Kubo"
    summary = "Build the Zoker cube from its corners; score straights (1), diagonals (2) and Zokers (12)."
    min_players = 2
    max_players = 5
    default_players = 3
    options_spec: ClassVar[dict[str, Option]] = {
        "start": Option(
            "blue-corners",
            "starting corners: 'blue-corners' = blue S1, S4, XL1, XL4 (layers are colours); variants "
            "'blue-red-S' = blue and red S1, S4 (layers are sizes) and 'blue-red-4' = blue and red S4, XL4 "
            "(layers are shapes)",
            choices=tuple(FRAMES),
        ),
        "scoring": Option(
            "auto",
            "'auto' = every structure is scored for the player who completes it; 'claim' = its player must "
            "announce it during the turn, else the others may shout \"Score!\" for it when the turn ends",
            choices=("auto", "claim"),
        ),
        "rounds": Option(1, "rounds to play; points of all rounds are added up", check=sd.int_option(1)),
        "target": Option(0, "end the match after the round in which someone reaches this total (0: no target)",
                         check=sd.int_option(0)),
    }

    def new_state(self, seed: int) -> KuboState:
        state = KuboState(self, Rng(seed))
        state.start_round()
        return state

    def read_state(self, data: dict[str, Any]) -> KuboState:
        return KuboState.from_dict(self, data)

    def action_table(self) -> Sequence[Action]:
        return ACTIONS


class KuboState(RoundTotals, State):
    def __init__(self, game: Kubo, rng: Rng) -> None:
        self.game = game
        self.frame = FRAMES[game.options["start"]]
        self.claiming = game.options["scoring"] == "claim"
        self.rng = rng
        self.version = 0
        n = game.players
        self.placed = [False] * 64  # by card index: on the table
        self.top = [-1] * 16  # per place of the square: highest layer with a card
        self.hands: list[list[Card]] = [[] for _ in range(n)]  # kept in deck order
        self.pile: list[Card] = []  # the draw pile; its end is the top
        self.phase = TURN
        self.turn = 0
        self.may_draw = False  # extra draws still allowed this turn
        self.laid = 0  # cards laid in this turn
        self.several = [False] * n  # did the player lay several cards in their last turn?
        self.pending: list[int] = []  # claim scoring: lines completed this turn, not yet announced
        self.closing = False  # claim scoring: the round ends when this turn (and its shouts) are over
        self.passes = 0  # turns in a row with an empty pile and no card laid
        self.points = [0] * n  # this round
        self.scored: list[tuple[int, int]] = []  # this round: (player, line id), in order
        self.round_no = 1
        self.totals = [0] * n
        self.history: list[list[int]] = []

    # -- round and turn flow ---------------------------------------------------------
    def start_round(self) -> None:
        n = self.game.players
        self.placed = [False] * 64
        for card in self.frame.corners:
            self.placed[card.index] = True
        self.top = column_tops(self.frame, self.placed)
        cards = [c for c in DECK if not self.placed[c.index]]
        self.rng.shuffle(cards)
        self.hands = [sorted(cards[p * HAND:(p + 1) * HAND], key=by_index) for p in range(n)]
        self.pile = cards[n * HAND:]
        self.several = [False] * n
        self.points = [0] * n
        self.scored = []
        self.pending, self.closing, self.passes = [], False, 0
        self.begin_turn((self.round_no - 1) % n)  # the dealer moves clockwise each round

    def begin_turn(self, player: int) -> None:
        self.phase, self.turn, self.laid = TURN, player, 0
        if self.pile:  # at least one card must be drawn (none when the pile is used up)
            self.draw(player)
        self.may_draw = self.several[player] and self.can_fill(player)

    def can_fill(self, player: int) -> bool:
        return bool(self.pile) and len(self.hands[player]) < FILL

    def draw(self, player: int) -> None:
        hand = self.hands[player]
        hand.append(self.pile.pop())
        hand.sort(key=by_index)

    def finish_turn(self) -> None:
        """After End (and the shouts it allowed): the next turn, or the end of the round."""
        if self.closing:
            self.end_round()
            return
        if self.laid == 0 and not self.pile:
            self.passes += 1
            if self.passes >= self.game.players:  # a full circle without a card: nothing more will be laid
                self.end_round()
                return
        else:
            self.passes = 0
        self.begin_turn((self.turn + 1) % self.game.players)

    def end_round(self) -> None:
        points = [p - len(h) for p, h in zip(self.points, self.hands)]  # -1 for every card left in hand
        self.history.append(points)
        self.totals = [t + s for t, s in zip(self.totals, points)]
        self.points = points
        target = self.game.options["target"]
        if self.round_no >= self.game.options["rounds"] or (target and max(self.totals) >= target):
            self.phase, self.pending = OVER, []
            return
        self.round_no += 1
        self.start_round()

    # -- the contract -------------------------------------------------------------------
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
            if self.may_draw and self.can_fill(player):
                moves.append(DRAW)
            frame, placed, top = self.frame, self.placed, self.top
            moves.extend(PLACES[c.index] for c in self.hands[player] if placeable(frame, placed, top, c.index))
        moves.append(END)
        return moves

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
            return self.may_draw and self.can_fill(player)
        return isinstance(action, Place) and action.card in self.hands[player] and placeable(
            self.frame, self.placed, self.top, action.card.index)

    def explain_illegal(self, player: int, action: Action) -> str:
        if self.phase == OVER:
            return "the game is over"
        if isinstance(action, Score):
            if action.line not in self.pending:
                return f"{line_text(action.line)} is not a new, unclaimed structure of this turn"
            if self.phase == TURN:
                return f"only player {self.turn} may announce during the turn; others shout after it ends"
            return f"player {player} cannot shout for a structure of their own turn"
        if self.phase == SHOUT:
            return "the turn is over: now the other players may only shout \"Score!\" for missed structures"
        if player != self.turn:
            return f"it is player {self.turn}'s turn"
        if self.closing:
            return "the round is ending: only announcing structures and ending the turn remain"
        if isinstance(action, Draw):
            if not self.pile:
                return "the draw pile is empty"
            if not self.several[player]:
                return "extra cards may be drawn only after a turn in which several cards were laid"
            if self.laid:
                return "drawing comes before laying cards"
            return f"a hand may be filled only up to {FILL} cards"
        if isinstance(action, Place):
            return self._why_not_place(player, action.card)
        return f"{action!r} is not a Kubo action"

    def _why_not_place(self, player: int, card: Card) -> str:
        if card not in self.hands[player]:
            return f"player {player} does not hold {card}"
        i = card.index
        if self.top[self.frame.column_of[i]] > self.frame.layer_of[i]:
            return f"{card} cannot go under a card already on its place"
        return f"{card} must go on the card right below its place or next to a card of its own layer"

    def _apply(self, player: int, action: Action) -> None:
        if isinstance(action, Score):
            self.claim(player, action.line)
        elif isinstance(action, Draw):
            self.draw(player)
            self.may_draw = self.can_fill(player)
        elif isinstance(action, Place):
            self.lay(player, action.card)
        else:
            self.end_turn(player)

    def lay(self, player: int, card: Card) -> None:
        i = card.index
        self.hands[player].remove(card)
        self.placed[i] = True
        col = self.frame.column_of[i]
        self.top[col] = max(self.top[col], self.frame.layer_of[i])
        self.laid += 1
        self.may_draw = False
        lines = completed(self.placed, i)
        ends = not self.hands[player] or not any_open(self.top)
        if self.claiming:
            self.pending.extend(lines)
            self.closing = self.closing or ends
            return
        for k in lines:
            self.award(player, k)
        if ends or any(k in ZOKER_LINES for k in lines):
            self.end_round()

    def award(self, player: int, line: int) -> None:
        self.points[player] += LINE_POINTS[line]
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

    def resolve_late(self, player: int, action: Action, seen: int) -> Outcome:
        """A shout that lands after others': it still counts for a structure nobody has claimed yet;
        one already claimed by a faster player, or let pass unclaimed when the table stopped waiting
        ("it does not have any influence later on"), has no effect."""
        if not isinstance(action, Score):
            raise IllegalAction(f"{action} answers version {seen}, but the game has moved on to {self.version}")
        if self.is_legal(player, action):
            self._apply(player, action)
            return Outcome.APPLIED
        if all(self.placed[c.index] for c in LINES[action.line]):  # a real structure, claimed or expired
            return Outcome.BOUNCED
        raise IllegalAction(f"{line_text(action.line)} was not a structure to claim")

    def _on_timeout(self) -> None:
        """Nobody shouted: the missed structures no longer count, even a Zoker."""
        if self.phase != SHOUT:
            raise IllegalAction("the player whose turn it is must act; waiting is not possible")
        self.pending = []
        self.finish_turn()

    def is_over(self) -> bool:
        return self.phase == OVER

    def winners(self) -> list[int]:
        return self.leaders() if self.phase == OVER else []

    # -- views ----------------------------------------------------------------------------
    def _public(self) -> dict[str, Any]:
        return {
            "round": self.round_no,
            "phase": self.phase,
            "turn": self.turn,
            "table": [c.text for c in DECK if self.placed[c.index]],
            "hand_counts": [len(h) for h in self.hands],
            "pile_count": len(self.pile),
            "may_draw": self.may_draw,
            "laid": self.laid,
            "several": list(self.several),
            "pending": [line_text(k) for k in self.pending],
            "closing": self.closing,
            "passes": self.passes,
            "points": list(self.points),
            "scored": [[p, line_text(k), LINE_POINTS[k]] for p, k in self.scored],
            "totals": list(self.totals),
            "history": [list(r) for r in self.history],
        }

    def observation(self, player: int | None) -> dict[str, Any]:
        obs = {"game": self.game.id, "seat": player, "start": self.frame.name, "scoring": self.game.options["scoring"],
               **self._public(), "winners": self.winners()}
        if player is not None:
            obs["hand"] = [c.text for c in self.hands[player]]
        return obs

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.game.describe(),
            "version": self.version,
            "rng": self.rng.state,
            **self._public(),
            "hands": [[c.text for c in h] for h in self.hands],
            "pile": [c.text for c in self.pile],
        }

    @classmethod
    def from_dict(cls, game: Kubo, data: dict[str, Any]) -> KuboState:
        n = game.players

        def get(key: str) -> Any:
            return sd.field(data, key)

        state = cls(game, Rng.from_state(get("rng")))
        state.version = sd.integer(get("version"), "version")
        state.round_no = sd.integer(get("round"), "round")
        state.phase = sd.choice(get("phase"), "phase", (TURN, SHOUT, OVER))
        state.turn = sd.seat(get("turn"), n, "turn")
        for card in read_cards(get("table"), "table"):
            state.placed[card.index] = True
        state.top = column_tops(state.frame, state.placed)
        state.hands = [sorted(read_cards(h, "hands"), key=by_index) for h in sd.per_seat(get("hands"), n, "hands")]
        state.pile = read_cards(get("pile"), "pile")
        state.may_draw = sd.boolean(get("may_draw"), "may_draw")
        state.laid = sd.integer(get("laid"), "laid")
        state.several = [sd.boolean(b, "several") for b in sd.per_seat(get("several"), n, "several")]
        state.pending = sd.each(get("pending"), "pending", sd.reader(_line))
        state.closing = sd.boolean(get("closing"), "closing")
        state.passes = sd.integer(get("passes"), "passes")
        state.points = sd.integers(sd.per_seat(get("points"), n, "points"), "points")
        state.scored = [(sd.seat(p, n, "scored"), _line(t)) for p, t, _ in sd.listed(get("scored"), "scored")]
        state.totals = sd.integers(sd.per_seat(get("totals"), n, "totals"), "totals")
        state.history = [sd.integers(sd.per_seat(r, n, "history"), "history")
                         for r in sd.listed(get("history"), "history")]
        state.check_consistency()
        return state

    def check_consistency(self) -> None:
        cards = [c.index for c in DECK if self.placed[c.index]] + [c.index for h in self.hands for c in h] + [
            c.index for c in self.pile]
        if sorted(cards) != list(range(64)):
            raise ValueError("table, hands and pile must hold each of the 64 cards exactly once")
        if any(not self.placed[c.index] for c in self.frame.corners):
            raise ValueError(f"the starting corners {', '.join(map(str, self.frame.corners))} must be on the table")
        if self.phase == SHOUT and (not self.pending or not self.claiming):
            raise ValueError("a shout phase needs unclaimed structures under claim scoring")
        if self.pending and not self.claiming:
            raise ValueError("pending structures exist only under claim scoring")
        if not 1 <= self.round_no <= self.game.options["rounds"]:
            raise ValueError("round is outside the rounds option")
        if len(self.history) != self.round_no - (self.phase != OVER):
            raise ValueError("history must hold one entry per finished round")

    def clone(self) -> KuboState:
        twin = KuboState.__new__(KuboState)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.clone()
        twin.placed = list(self.placed)
        twin.top = list(self.top)
        twin.hands = [list(h) for h in self.hands]
        twin.pile = list(self.pile)
        twin.several = list(self.several)
        twin.pending = list(self.pending)
        twin.points = list(self.points)
        twin.scored = list(self.scored)
        twin.totals = list(self.totals)
        twin.history = [list(r) for r in self.history]
        return twin

    def _resample_hidden(self, player: int, rng: Rng) -> KuboState:
        """Re-deal the other hands and the draw pile; the table is public."""
        twin = self.clone()
        others = [p for p in range(self.game.players) if p != player]
        pool = [c for p in others for c in self.hands[p]] + self.pile
        hands, twin.pile = deal_out(rng, pool, [len(self.hands[p]) for p in others])
        for p, hand in zip(others, hands):
            twin.hands[p] = sorted(hand, key=by_index)
        return twin


_LINE_BY_TEXT = {line_text(k).lower(): k for k in range(len(LINES))}


def _line(text: Any) -> int:
    if not isinstance(text, str) or text.lower() not in _LINE_BY_TEXT:
        raise ValueError(f"{text!r} is not a line of the cube (four card codes joined by '/')")
    return _LINE_BY_TEXT[text.lower()]

