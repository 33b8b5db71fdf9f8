"""Zoker Solo, the patience game (rules: docs/rules/zoker-solo.md).

Sixteen cards face up in a 4x4 square; cards of the three upper rows move onto
compatible cover cards of the last row, piles move onto compatible piles, four
new cards are dealt once the upper rows have room for four. The score is the
height of the highest pile when no move is left.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from zdeck import statedict as sd
from zdeck.core import Action, Game, State
from zdeck.decks.zoker.cards import DECK, TEXTS, read_index
from zdeck.decks.zoker.solo import rules
from zdeck.decks.zoker.solo.actions import (
    ACTIONS,
    CARD_MOVES,
    DEAL,
    PILE_MOVES,
    Deal,
    MoveCard,
    MovePile,
    place_name,
)
from zdeck.decks.zoker.solo.rules import EMPTY, PILES, UPPER
from zdeck.rng import Rng


class ZokerSolo(Game):
    id = "zoker-solo"
    title = "Zoker Solo"
    summary = "Patience: pile compatible Zoker cards in the last row; score the highest pile."
    min_players = 1
    max_players = 1

    def new_state(self, seed: int) -> SoloState:
        state = SoloState(self, Rng(seed))
        cards = list(range(len(DECK)))
        state.rng.shuffle(cards)
        # Sixteen face up as a 4x4 square: the first twelve fill the upper rows, the next four start the piles.
        state.upper = cards[:UPPER]
        state.piles = [[c] for c in cards[UPPER:UPPER + PILES]]
        state.deck = cards[UPPER + PILES:]
        state.refresh()
        return state

    def read_state(self, data: dict[str, Any]) -> SoloState:
        return SoloState.from_dict(self, data)

    def action_table(self) -> Sequence[Action]:
        return ACTIONS


class SoloState(State):
    def __init__(self, game: ZokerSolo, rng: Rng) -> None:
        self.game = game
        self.rng = rng
        self.version = 0
        self.upper: list[int] = [EMPTY] * UPPER
        self.piles: list[list[int]] = [[] for _ in range(PILES)]
        self.deck: list[int] = []  # face down; the end of the list is its top
        self.over = False

    # -- helpers -------------------------------------------------------------------
    def covers(self) -> list[int]:
        return [p[-1] if p else EMPTY for p in self.piles]

    def refresh(self) -> None:
        """The game ends as soon as no move is left (the player can do nothing more)."""
        self.over = not rules.any_move(self.upper, self.covers(), len(self.deck))

    def highest(self) -> int:
        return max(len(p) for p in self.piles)

    # -- the contract ----------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        return () if self.over else (0,)

    def legal_actions(self, player: int) -> list[Action]:
        if self.over or player != 0:
            return []
        covers = self.covers()
        moves: list[Action] = [CARD_MOVES[s][p] for s, p in rules.card_moves(self.upper, covers)]
        moves.extend(PILE_MOVES[pair] for pair in rules.pile_moves(covers))
        if rules.may_deal(self.upper, len(self.deck)):
            moves.append(DEAL)
        return moves

    def is_legal(self, player: int, action: Action) -> bool:
        if self.over or player != 0:
            return False
        if isinstance(action, MoveCard):
            if not (0 <= action.slot < UPPER and 0 <= action.pile < PILES):
                return False
            card = self.upper[action.slot]
            return card != EMPTY and rules.accepts(self.covers()[action.pile], card)
        if isinstance(action, MovePile):
            if not (0 <= action.src < PILES and 0 <= action.dst < PILES):
                return False
            covers = self.covers()
            a, b = covers[action.src], covers[action.dst]
            return a != EMPTY and b != EMPTY and rules.compatible(a, b)
        if isinstance(action, Deal):
            return rules.may_deal(self.upper, len(self.deck))
        return False

    def explain_illegal(self, player: int, action: Action) -> str:
        if self.over:
            return "the game is over: no card or pile can move and no deal is possible"
        if player != 0:
            return "Zoker Solo has a single player, seat 0"
        if action not in ACTIONS:
            return f"{action!r} is not a Zoker Solo action"
        covers = self.covers()
        if isinstance(action, MoveCard):
            card = self.upper[action.slot]
            if card == EMPTY:
                return f"upper place {place_name(action.slot)} is empty"
            return (f"{_TEXT[card]} may not go onto pile {action.pile + 1} (cover {_TEXT[covers[action.pile]]}): "
                    "a card moves only onto a compatible card (exactly two qualities in common)")
        if isinstance(action, MovePile):
            if covers[action.src] == EMPTY or covers[action.dst] == EMPTY:
                return "only an existing pile can move, and only onto another pile (not into an empty place)"
            return (f"pile {action.src + 1} (cover {_TEXT[covers[action.src]]}) may not go onto pile "
                    f"{action.dst + 1} (cover {_TEXT[covers[action.dst]]}): the cover cards are not compatible")
        if isinstance(action, Deal):
            if not self.deck:
                return "the draw pile is empty"
            return (f"new cards are dealt only when the upper rows have room for four "
                    f"(now {rules.free_places(self.upper)} free)")
        return f"{action!r} is not a Zoker Solo action"

    def _apply(self, player: int, action: Action) -> None:
        if isinstance(action, MoveCard):
            self.piles[action.pile].append(self.upper[action.slot])
            self.upper[action.slot] = EMPTY
        elif isinstance(action, MovePile):
            self.piles[action.dst].extend(self.piles[action.src])
            self.piles[action.src] = []
        else:
            rules.deal(self.upper, self.deck)
        self.refresh()

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[float]:
        return [float(self.highest())]

    def winners(self) -> list[int]:
        return [0] if self.over else []

    # -- views ------------------------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        """Everything on the table is face up; only the draw pile's order is hidden."""
        return {
            "game": self.game.id,
            "seat": player,
            "upper": [[_text_or_none(self.upper[r * 4 + c]) for c in range(4)] for r in range(UPPER // 4)],
            "piles": [[_TEXT[c] for c in pile] for pile in self.piles],
            "deck_count": len(self.deck),
            "free_places": rules.free_places(self.upper),
            "highest": self.highest(),
            "over": self.over,
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.game.describe(),
            "version": self.version,
            "rng": self.rng.state,
            "upper": [_text_or_none(c) for c in self.upper],
            "piles": [[_TEXT[c] for c in pile] for pile in self.piles],
            "deck": [_TEXT[c] for c in self.deck],
        }

    @classmethod
    def from_dict(cls, game: ZokerSolo, data: dict[str, Any]) -> SoloState:
        state = cls(game, Rng.from_state(sd.field(data, "rng")))
        state.version = sd.integer(sd.field(data, "version"), "version", lo=0)
        upper = sd.listed(sd.field(data, "upper"), "upper", UPPER)
        state.upper = [EMPTY if c is None else read_index(c, f"upper[{i}]") for i, c in enumerate(upper)]
        piles = sd.listed(sd.field(data, "piles"), "piles", PILES)
        state.piles = [sd.each(p, f"piles[{i}]", read_index) for i, p in enumerate(piles)]
        state.deck = sd.each(sd.field(data, "deck"), "deck", read_index)
        cards = [c for c in state.upper if c != EMPTY] + [c for p in state.piles for c in p] + state.deck
        if sorted(cards) != list(range(len(DECK))):
            raise ValueError("the layout, piles and deck must hold each of the 64 cards exactly once")
        state.refresh()
        return state

    def clone(self) -> SoloState:
        twin = SoloState.__new__(SoloState)
        twin.game = self.game
        twin.rng = self.rng.clone()
        twin.version = self.version
        twin.upper = list(self.upper)
        twin.piles = [list(p) for p in self.piles]
        twin.deck = list(self.deck)
        twin.over = self.over
        return twin

    def _resample_hidden(self, player: int, rng: Rng) -> SoloState:
        """Only the draw pile's order is unknown: shuffle it."""
        twin = self.clone()
        rng.shuffle(twin.deck)
        return twin


_TEXT: tuple[str, ...] = (*TEXTS, "empty")  # a place's text: index EMPTY (-1) is the last


def _text_or_none(card: int) -> str | None:
    return None if card == EMPTY else TEXTS[card]
