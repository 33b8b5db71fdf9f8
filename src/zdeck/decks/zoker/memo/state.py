"""Zoker Memo's state (rules: docs/rules/zoker-memo.md).

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

from typing import Any, Final

from zdeck import statedict as sd
from zdeck.bits import _NATIVE, sorted_cards, sorted_pile
from zdeck.core import Action, Game, State, shorten
from zdeck.decks.zoker.cards import DECK, TEXTS, read_index
from zdeck.decks.zoker.memo import pairs
from zdeck.decks.zoker.memo.actions import ACTIONS, MAX_PLACES, is_canonical
from zdeck.decks.zoker.memo.actions import TEXTS as TURN_TEXTS
from zdeck.decks.zoker.memo.pairs import EMPTY
from zdeck.decks.zoker.memo.reachable import check
from zdeck.rng import Rng, Unsettled, pop_settled, settle

LastTurn = list[Any]  # [player, place, card, place, card, taken?]: the last finished turn


class MemoState(State):
    # Its fields, named: the rules read them at every step, and an instance dict past 29 fields makes each read
    # slower (CPython shares a dict's keys with the class up to 30 keys; ZAR and Zoop have 30 fields).
    __slots__ = (
        "deck", "flips", "game", "last", "over", "rng", "rule", "seen_at", "table", "turn",
        "unsettled", "up", "version", "won",
    )

    def __init__(self, game: Game, rng: Rng) -> None:
        self.game = game
        self.rng = rng
        self.version = 0
        self.rule: str = game.options["pair_rule"]
        self.table: list[int] = []  # one entry per place; EMPTY once its card is taken
        self.seen_at: list[int] = []  # flip number when the card at this place was last face up; -1: never
        self.up = EMPTY  # the place turned first this turn (face up now), EMPTY before the first card
        self.deck: list[int] = []  # face down; the end of the list is its top
        # The draw pile's shuffle steps still put off (`Rng.shuffle_lazily`): a resampled copy's draw pile
        # is shuffled lazily, since a search draws a few of its cards at most. Empty otherwise.
        self.unsettled = Unsettled(0, 0)
        self.turn = 0  # the player left of the dealer starts: seat 0
        self.won: list[list[int]] = [[] for _ in range(game.players)]
        self.flips = 0
        self.last: LastTurn | None = None
        self.over = False

    def lay_out(self) -> None:
        """Shuffle and deal `deal` cards face down; the rest is the draw pile, dealt in shuffled order."""
        cards = list(range(len(DECK)))
        self.rng.shuffle(cards)
        size = self.game.options["deal"]
        self.table = cards[:size]
        self.seen_at = [-1] * size
        self.deck = cards[size:][::-1]  # the end of the list is the top
        self._settle()

    # -- who acts -------------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        return () if self.over else (self.turn,)

    def legal_actions(self, player: int) -> list[Action]:
        if self.over or player != self.turn:
            return []
        return [ACTIONS[s] for s, card in enumerate(self.table) if card != EMPTY and s != self.up]

    def is_legal(self, player: int, action: Action) -> bool:
        if self.over or player != self.turn or not is_canonical(action):
            return False
        return action.slot < len(self.table) and self.table[action.slot] != EMPTY and action.slot != self.up

    def explain_illegal(self, player: int, action: Action) -> str:
        if self.over:
            return "the game is over: no pair is left on the table and no card can be dealt"
        if player != self.turn:
            return f"it is player {self.turn}'s turn, not player {player}'s"
        if not is_canonical(action):
            return f"{shorten(action)} is not a Zoker Memo action"
        if action.slot >= len(self.table):
            return f"there are only {len(self.table)} places on this table"
        if self.table[action.slot] == EMPTY:
            return f"place {action.slot + 1} is empty: its card has been collected"
        return f"the card at place {action.slot + 1} is already face up; turn another card"

    # -- transitions ------------------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> None:
        slot = action.slot  # type: ignore[attr-defined]  # (only Turns reach _apply)
        self.flips += 1
        self.seen_at[slot] = self.flips
        if self.up == EMPTY:
            self.up = slot
        else:
            self._second_card(player, slot)

    def _second_card(self, player: int, slot: int) -> None:
        """A pair is earned (and the player goes on, with after_pair=again); other cards are turned back
        and the next player goes."""
        first, self.up = self.up, EMPTY
        a, b = self.table[first], self.table[slot]
        taken = pairs.matches(a, b, self.rule)
        self.last = [player, first, a, slot, b, taken]
        if taken:
            self.won[player] += [a, b]
            self.table[first] = self.table[slot] = EMPTY
            self.seen_at[first] = self.seen_at[slot] = -1
            self._settle()
        self.turn = self.next_turn(player, taken)

    def next_turn(self, player: int, taken: bool) -> int:
        """Who turns cards after `player`'s turn: they go on after a pair (with after_pair=again), else the
        next player does."""
        goes_on = taken and self.game.options["after_pair"] != "pass"
        return player if goes_on else (player + 1) % self.game.players

    def _settle(self) -> None:
        """When no pair is left on the table, refill the empty places from the deck (and, with
        stuck=extend, deal single cards to new places while none is empty); when that is no longer
        possible (`may_refill`) the game ends."""
        while not pairs.has_pair(self.table, self.rule):
            if not self.may_refill():
                self.over = True
                return
            if EMPTY in self.table:
                self._refill()
            else:
                self.table.append(pop_settled(self.deck, self.unsettled))
                self.seen_at.append(-1)
        self.over = False

    def may_refill(self) -> bool:
        """Can cards still be dealt to a table with no pair: the deck holds some, and a place is empty or
        (stuck=extend) new places may be opened."""
        return bool(self.deck) and (EMPTY in self.table or self.game.options["stuck"] == "extend")

    def _refill(self) -> None:
        """New cards face down into the empty places, in place order, from the top of the deck."""
        for slot, card in enumerate(self.table):
            if card == EMPTY and self.deck:
                self.table[slot] = pop_settled(self.deck, self.unsettled)
                self.seen_at[slot] = -1

    # -- outcome ------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[float]:
        return [float(len(w)) for w in self.won]

    def winners(self) -> list[int]:
        if not self.over:
            return []
        best = max(len(w) for w in self.won)
        return [p for p, w in enumerate(self.won) if len(w) == best]

    # -- views ----------------------------------------------------------------------------------
    def phase_name(self) -> str:
        return "over" if self.over else ("first" if self.up == EMPTY else "second")

    def turn_seat(self) -> int | None:
        return None if self.over else self.turn

    def own_view(self, player: int | None) -> dict[str, Any]:
        """Public: every seat sees the same table. Face-down cards show as "down"; `seen` lists only
        cards that have been face up (with the flip number when they last were)."""
        return {
            "draw_size": len(self.deck),
            "dealer": self.game.players - 1,  # seat 0, on the dealer's left, begins
            "last": self._last_action(),
            "table": self._table_view(),
            "face_up": None if self.up == EMPTY else self.up + 1,
            "seen": [[TEXTS[c], self.seen_at[s]] if c != EMPTY and self.seen_at[s] >= 0 else None
                     for s, c in enumerate(self.table)],
            "flips": self.flips,
            "last_turn": self._last_turn_view(),
            "collected": [[TEXTS[c] for c in w] for w in self.won],
        }

    def _table_view(self) -> list[str | None]:
        """Each place: None when empty, the card's text for the one turned up now, else "down"."""
        return [None if c == EMPTY else (TEXTS[c] if s == self.up else "down") for s, c in enumerate(self.table)]

    def _last_action(self) -> dict[str, Any] | None:
        """The card turned last: the first of this turn, else the second of the last finished turn."""
        if self.up != EMPTY:
            return {"seat": self.turn, "action": TURN_TEXTS[self.up]}
        if self.last is not None:
            return {"seat": self.last[0], "action": TURN_TEXTS[self.last[3]]}
        return None

    def _last_turn_view(self) -> dict[str, Any] | None:
        if self.last is None:
            return None
        who, place_a, card_a, place_b, card_b, taken = self.last
        return {"seat": who, "places": [place_a + 1, place_b + 1], "cards": [TEXTS[card_a], TEXTS[card_b]],
                "taken": taken}

    def to_dict(self) -> dict[str, Any]:
        settle(self.deck, self.unsettled)  # (the draw pile is read whole)
        last = self.last
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
            "last": None if last is None else [last[0], last[1], TEXTS[last[2]], last[3], TEXTS[last[4]], last[5]],
        }

    def clone(self) -> MemoState:
        return self._copy(self.rng.clone(), list(self.deck),
                          self.unsettled.copy() if self.unsettled else self.unsettled)  # (an empty one never changes)

    def _copy(self, rng: Rng, deck: list[int], unsettled: Unsettled) -> MemoState:
        """A copy with this generator and draw pile, every other list its own: `clone`'s, and `_resample_hidden`'s
        with the pile it deals (written out, since a compiled class has no `__dict__` to copy)."""
        twin = MemoState.__new__(MemoState)
        twin.game = self.game
        twin.rng = rng
        twin.version = self.version
        twin.rule = self.rule
        twin.table = list(self.table)
        twin.seen_at = list(self.seen_at)
        twin.up = self.up
        twin.deck = deck
        twin.unsettled = unsettled
        twin.turn = self.turn
        twin.won = [list(w) for w in self.won]
        twin.flips = self.flips
        twin.last = None if self.last is None else list(self.last)
        twin.over = self.over
        return twin

    def _resample_hidden(self, player: int, rng: Rng) -> MemoState:
        """Re-deal every card nobody has seen: each face-down card never turned is drawn at random from
        the unseen cards (taken in card order) and the rest is the draw pile, shuffled lazily (a search
        draws a few of its cards at most): the places' cards are drawn to the top of the pool
        (`rng.sample_to_top`, as `dealing.deal_sampled` draws them, without the lists it cuts). The copy is
        `clone()`'s, with the draw pile and generator it deals.

        While the game goes on the table is known to hold a pair (else it would have
        been refilled), and once it is over to hold none, so a resample keeps that: a few deals are tried
        for it. Most of the time every
        card on the table has been seen (an empty place is never seen either: the counts tell), and only
        the draw pile is shuffled anew.
        """
        child = rng.spawn()
        table = self.table
        if _all_seen(table, self.seen_at):
            deck = sorted_pile(self.deck)  # (in card order: where the cards really lie must not show through)
            return self._copy(child, deck, rng.shuffle_lazily(deck))
        twin = self._copy(child, self.deck, self.unsettled)  # (its pile and table's hidden places dealt below)
        hidden = [s for s, seen in enumerate(self.seen_at) if seen < 0 and table[s] != EMPTY]
        unseen = sorted_cards([[table[s] for s in hidden], self.deck])
        for _ in range(100):
            deck = unseen[:]
            rng.sample_to_top(deck, len(hidden))
            for slot in reversed(hidden):
                twin.table[slot] = deck.pop()
            steps = rng.shuffle_lazily(deck)
            if pairs.has_pair(twin.table, self.rule) != self.over:
                twin.deck, twin.unsettled = deck, steps
                return twin
        twin.table = list(table)  # practically unreachable; the true layout is always consistent
        twin.deck = list(self.deck)
        twin.unsettled = self.unsettled.copy()
        return twin


def _all_seen(table: list[int], seen_at: list[int]) -> bool:
    """Has every face-down card on the table been face up once (an empty place is never seen)? One pass that
    stops at the first that has not: a re-deal asks it, and most of the time the answer is yes. (The interpreter
    counts instead: the never seen places are the empty ones. Its `list.count` is C; mypyc's compares boxed
    objects.)"""
    if not _NATIVE:
        return seen_at.count(-1) == table.count(EMPTY)
    for place, seen in enumerate(seen_at):
        if seen < 0 and table[place] != EMPTY:
            return False
    return True


MAX_FLIPS: Final = 10**9  # no table turns more cards than this in one game: a bound for a saved count


def new_state(game: Game, seed: int) -> MemoState:
    """A new game dealt from `Rng(seed)`."""
    state = MemoState(game, Rng(seed))
    state.lay_out()
    return state


def read_state(game: Game, data: dict[str, Any]) -> MemoState:
    """The state `to_dict` wrote: each field read and ranged here, then the one check of what play can reach
    (`reachable.check`); a ValueError names the field."""
    state = MemoState(game, Rng.from_state(sd.field(data, "rng")))
    table = sd.listed(sd.field(data, "table"), "table")
    deal, stuck = game.options["deal"], game.options["stuck"]
    most = MAX_PLACES if stuck == "extend" else deal  # places beyond `deal` come only from stuck=extend
    if not deal <= len(table) <= most:
        raise ValueError(f"table: {len(table)} places; it needs {deal} to {most}")
    state.table = [EMPTY if c is None else read_index(c, f"table[{i}]") for i, c in enumerate(table)]
    state.flips = sd.integer(sd.field(data, "flips"), "flips", lo=0, hi=MAX_FLIPS)
    state.seen_at = sd.integers(sd.field(data, "seen_at"), "seen_at", lo=-1, hi=state.flips, length=len(table))
    up = sd.field(data, "up")
    state.up = EMPTY if up is None else sd.integer(up, "up", lo=0, hi=len(table) - 1)
    state.version = sd.integer(sd.field(data, "version"), "version", lo=0, hi=MAX_FLIPS)
    deck = sd.listed(sd.field(data, "deck"), "deck")
    if len(deck) > len(DECK) - deal:
        raise ValueError(f"deck: {len(deck)} cards; {deal} of the 64 were dealt at the start")
    state.deck = sd.each(deck, "deck", read_index)
    state.turn = sd.seat(sd.field(data, "turn"), game.players, "turn")
    won = sd.per_seat(sd.field(data, "won"), game.players, "won")
    state.won = [sd.each(w, f"won[{p}]", read_index) for p, w in enumerate(won)]
    state.last = _read_last(sd.field(data, "last"), game.players, len(state.table))
    state.over = not pairs.has_pair(state.table, state.rule)
    check(state)
    return state


def _read_last(last: Any, players: int, size: int) -> LastTurn | None:
    if last is None:
        return None
    who, place_a, card_a, place_b, card_b, taken = sd.listed(last, "last", 6)
    return [sd.seat(who, players, "last[0]"), sd.integer(place_a, "last[1]", lo=0, hi=size - 1),
            read_index(card_a, "last[2]"), sd.integer(place_b, "last[3]", lo=0, hi=size - 1),
            read_index(card_b, "last[4]"), sd.boolean(taken, "last[5]")]
