"""Zoker Memo, the memory game (rules: docs/rules/zoker-memo.md).

Cards lie face down; on a turn a player turns two. A pair (two qualities in
common; one in the easy variant) is kept and the player goes on; otherwise both
are turned back and the next player goes. When no pair is left among the cards
on the table, the empty places are refilled from the deck; when that is no longer
possible the game ends and the most cards collected wins.

What a seat may know is what has been face up: the table shows face-down cards
as "down", and a public record (`seen`) says which face-down cards everyone has
seen and when. A card that has never been face up never appears in any view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from zdeck import statedict as sd
from zdeck.core import Action, Game, Option, State
from zdeck.decks.zoker.cards import DECK, TEXTS, read_index
from zdeck.decks.zoker.memo import rules
from zdeck.decks.zoker.memo.actions import ACTIONS, MAX_PLACES, Turn
from zdeck.decks.zoker.memo.rules import EMPTY, PAIR_RULES
from zdeck.rng import Rng

DEFAULT_DEAL = 16  # the rulebook's 4x4 square


class ZokerMemo(Game):
    id = "zoker-memo"
    title = "Zoker Memo"
    summary = "Memory: turn two face-down Zoker cards; keep compatible pairs; most cards wins."
    min_players = 1
    max_players = 5
    default_players = 2
    options_spec: ClassVar[dict[str, Option]] = {
        "pair_rule": Option("two", "two: a pair shares exactly two qualities (the rulebook); "
                            "one: the easier variant, any two cards sharing at least one quality",
                            choices=PAIR_RULES),
        "deal": Option(DEFAULT_DEAL, "cards dealt face down at the start, and places refilled later (2..64)",
                       check=sd.int_option(2, MAX_PLACES)),
        "stuck": Option("extend", "when no pair is left and no place is empty but cards remain in the deck: "
                        "extend: deal one more card beside the table until a pair exists (the rulebook ends the "
                        "game only once all cards are dealt); end: the game ends there", choices=("extend", "end")),
    }

    def new_state(self, seed: int) -> MemoState:
        state = MemoState(self, Rng(seed))
        cards = list(range(len(DECK)))
        state.rng.shuffle(cards)
        size = self.options["deal"]
        state.table = cards[:size]
        state.seen_at = [-1] * size
        state.deck = cards[size:][::-1]  # the end of the list is the top: deal in shuffled order
        state.settle()
        return state

    def read_state(self, data: dict[str, Any]) -> MemoState:
        return MemoState.from_dict(self, data)

    def action_table(self) -> Sequence[Action]:
        return ACTIONS


class MemoState(State):
    def __init__(self, game: ZokerMemo, rng: Rng) -> None:
        self.game = game
        self.rng = rng
        self.version = 0
        self.rule: str = game.options["pair_rule"]
        self.table: list[int] = []  # one entry per place; EMPTY once its card is taken
        self.seen_at: list[int] = []  # flip number when the card at this place was last face up; -1: never
        self.up = -1  # the place turned first this turn (face up now), -1 before the first card
        self.deck: list[int] = []  # face down; the end of the list is its top
        self.turn = 0  # the player left of the dealer starts: seat 0
        self.won: list[list[int]] = [[] for _ in range(game.players)]
        self.flips = 0
        self.last: list[Any] | None = None  # [player, place, card, place, card, taken?] of the last turn
        self.over = False

    # -- the table ---------------------------------------------------------------------
    def settle(self) -> None:
        """When no pair is left on the table, refill the empty places from the deck (and, with
        stuck=extend, deal single cards to new places while none is empty); with no card left to
        deal - or stuck=end and no empty place - the game ends."""
        while not rules.has_pair(self.table, self.rule):
            if not self.deck:
                self.over = True
                return
            if EMPTY in self.table:
                for slot, card in enumerate(self.table):
                    if card == EMPTY and self.deck:
                        self.table[slot] = self.deck.pop()
                        self.seen_at[slot] = -1
            elif self.game.options["stuck"] == "extend":
                self.table.append(self.deck.pop())
                self.seen_at.append(-1)
            else:
                self.over = True
                return
        self.over = False

    # -- the contract ---------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        return () if self.over else (self.turn,)

    def legal_actions(self, player: int) -> list[Action]:
        if self.over or player != self.turn:
            return []
        return [ACTIONS[s] for s, card in enumerate(self.table) if card != EMPTY and s != self.up]

    def is_legal(self, player: int, action: Action) -> bool:
        if self.over or player != self.turn or not isinstance(action, Turn):
            return False
        return 0 <= action.slot < len(self.table) and self.table[action.slot] != EMPTY and action.slot != self.up

    def explain_illegal(self, player: int, action: Action) -> str:
        if self.over:
            return "the game is over: no pair is left on the table and no card can be dealt"
        if player != self.turn:
            return f"it is player {self.turn}'s turn, not player {player}'s"
        if not isinstance(action, Turn):
            return f"{action!r} is not a Zoker Memo action"
        if not 0 <= action.slot < len(self.table):
            return f"there are only {len(self.table)} places on this table"
        if self.table[action.slot] == EMPTY:
            return f"place {action.slot + 1} is empty: its card has been collected"
        return f"the card at place {action.slot + 1} is already face up; turn another card"

    def _apply(self, player: int, action: Action) -> None:
        slot = action.slot  # type: ignore[attr-defined]
        self.flips += 1
        self.seen_at[slot] = self.flips
        if self.up == EMPTY:
            self.up = slot
            return
        first, self.up = self.up, EMPTY
        a, b = self.table[first], self.table[slot]
        taken = rules.matches(a, b, self.rule)
        self.last = [player, first, a, slot, b, taken]
        if taken:  # the player keeps the pair and goes on
            self.won[player] += [a, b]
            self.table[first] = self.table[slot] = EMPTY
            self.seen_at[first] = self.seen_at[slot] = -1
            self.settle()
        else:  # both are turned back face down; the next player goes
            self.turn = (self.turn + 1) % self.game.players

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[float]:
        return [float(len(w)) for w in self.won]

    def winners(self) -> list[int]:
        if not self.over:
            return []
        best = max(len(w) for w in self.won)
        return [p for p, w in enumerate(self.won) if len(w) == best]

    # -- views -------------------------------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        """Public: every seat sees the same table. Face-down cards show as "down"; `seen` lists only
        cards that have been face up (with the flip number when they last were)."""
        last = None
        if self.last is not None:
            who, pa, ca, pb, cb, taken = self.last
            last = {"player": who, "places": [pa + 1, pb + 1], "cards": [TEXTS[ca], TEXTS[cb]], "taken": taken}
        return {
            "game": self.game.id,
            "seat": player,
            "pair_rule": self.rule,
            "table": [None if c == EMPTY else (TEXTS[c] if s == self.up else "down") for s, c in enumerate(self.table)],
            "first": None if self.up == EMPTY else self.up + 1,
            "seen": [
                [TEXTS[c], self.seen_at[s]] if c != EMPTY and self.seen_at[s] >= 0 else None
                for s, c in enumerate(self.table)
            ],
            "flips": self.flips,
            "last": last,
            "deck_count": len(self.deck),
            "turn": self.turn,
            "collected": [[TEXTS[c] for c in w] for w in self.won],
            "scores": self.scores(),
            "over": self.over,
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.game.describe(),
            "version": self.version,
            "rng": self.rng.state,
            "table": [None if c == EMPTY else TEXTS[c] for c in self.table],
            "seen_at": list(self.seen_at),
            "up": None if self.up == EMPTY else self.up,
            "deck": [TEXTS[c] for c in self.deck],
            "turn": self.turn,
            "won": [[TEXTS[c] for c in w] for w in self.won],
            "flips": self.flips,
            "last": None if self.last is None else [
                self.last[0], self.last[1], TEXTS[self.last[2]], self.last[3], TEXTS[self.last[4]], self.last[5]],
        }

    @classmethod
    def from_dict(cls, game: ZokerMemo, data: dict[str, Any]) -> MemoState:
        n = game.players

        def get(key: str) -> Any:
            return sd.field(data, key)

        state = cls(game, Rng.from_state(get("rng")))
        state.version = sd.integer(get("version"), "version", lo=0)
        table = sd.listed(get("table"), "table")
        state.table = [EMPTY if c is None else read_index(c, f"table[{i}]") for i, c in enumerate(table)]
        size = len(state.table)
        if not game.options["deal"] <= size <= MAX_PLACES:
            raise ValueError(f"table: {size} places; it needs {game.options['deal']} to {MAX_PLACES}")
        state.flips = sd.integer(get("flips"), "flips", lo=0)
        state.seen_at = sd.integers(get("seen_at"), "seen_at", lo=-1, hi=state.flips, length=size)
        up = get("up")
        state.up = EMPTY if up is None else sd.integer(up, "up", lo=0, hi=size - 1)
        state.deck = sd.each(get("deck"), "deck", read_index)
        state.turn = sd.seat(get("turn"), n, "turn")
        state.won = [sd.each(w, f"won[{p}]", read_index) for p, w in enumerate(sd.per_seat(get("won"), n, "won"))]
        last = get("last")
        if last is not None:
            who, pa, ca, pb, cb, taken = sd.listed(last, "last", 6)
            state.last = [sd.seat(who, n, "last[0]"), sd.integer(pa, "last[1]", lo=0, hi=size - 1),
                          read_index(ca, "last[2]"), sd.integer(pb, "last[3]", lo=0, hi=size - 1),
                          read_index(cb, "last[4]"), sd.boolean(taken, "last[5]")]
        cards = [c for c in state.table if c != EMPTY] + state.deck + [c for w in state.won for c in w]
        if sorted(cards) != list(range(len(DECK))):
            raise ValueError("the table, deck and collected cards must hold each of the 64 cards exactly once")
        if state.up != EMPTY and state.table[state.up] == EMPTY:
            raise ValueError(f"up: place {state.up} is empty; the first card turned must be on the table")
        over = not rules.has_pair(state.table, state.rule)
        if over and state.deck and (EMPTY in state.table or game.options["stuck"] == "extend"):
            raise ValueError("a table with no pair left would have been refilled from the deck")
        if over and state.up != EMPTY:
            raise ValueError("no turn can be under way when no pair is left")
        state.over = over
        return state

    def clone(self) -> MemoState:
        twin = MemoState.__new__(MemoState)
        twin.game = self.game
        twin.rng = self.rng.clone()
        twin.version = self.version
        twin.rule = self.rule
        twin.table = list(self.table)
        twin.seen_at = list(self.seen_at)
        twin.up = self.up
        twin.deck = list(self.deck)
        twin.turn = self.turn
        twin.won = [list(w) for w in self.won]
        twin.flips = self.flips
        twin.last = None if self.last is None else list(self.last)
        twin.over = self.over
        return twin

    def _resample_hidden(self, player: int, rng: Rng) -> MemoState:
        """Re-deal every card nobody has seen (face-down never-turned cards and the deck).

        While the game goes on the table is known to hold a pair (else it would have
        been refilled), so a resample keeps one: a few shuffles are tried for that.
        """
        twin = self.clone()
        hidden = [s for s, c in enumerate(self.table) if c != EMPTY and self.seen_at[s] < 0]
        pool = [self.table[s] for s in hidden] + self.deck
        for _ in range(100):
            rng.shuffle(pool)
            for i, slot in enumerate(hidden):
                twin.table[slot] = pool[i]
            twin.deck = pool[len(hidden):]
            if self.over or rules.has_pair(twin.table, self.rule):
                break
        else:  # practically unreachable; the true layout is always consistent
            twin.table = list(self.table)
            twin.deck = list(self.deck)
        return twin
