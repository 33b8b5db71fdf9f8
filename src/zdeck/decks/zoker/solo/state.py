"""Zoker Solo's state (rules: docs/rules/zoker-solo.md).

Sixteen cards face up in a 4x4 square; cards of the three upper rows move onto
compatible cover cards of the last row, piles move onto compatible piles, four
new cards are dealt once the upper rows have room for four. The score is the
height of the highest pile when no move is left.
"""

from __future__ import annotations

from typing import Any, Final

from zdeck import statedict as sd
from zdeck.bits import sorted_pile
from zdeck.core import Action, Game, State, is_listed, shorten
from zdeck.decks.zoker.cards import DECK, TEXTS, read_index
from zdeck.decks.zoker.solo import moves
from zdeck.decks.zoker.solo.actions import (
    CARD_MOVES,
    DEAL,
    PILE_MOVES,
    PILES,
    ROW,
    UPPER,
    Deal,
    MoveCard,
    MovePile,
    SoloAction,
    is_canonical,
    place_name,
)
from zdeck.decks.zoker.solo.moves import EMPTY, FULL_DRAW_PILE, TAKES, covers_of
from zdeck.decks.zoker.solo.reachable import check
from zdeck.rng import Rng, Unsettled, settle


class SoloState(State):
    # Its fields, named: the rules read them at every step, and an instance dict past 29 fields makes each read
    # slower (CPython shares a dict's keys with the class up to 30 keys; ZAR and Zoop have 30 fields).
    __slots__ = (
        "covers", "deck", "game", "last", "legal", "piles", "rng", "unsettled", "upper", "version",
    )

    def __init__(self, game: Game, rng: Rng) -> None:
        self.game = game
        self.rng = rng
        self.version = 0
        # Cards are small ints (0..63, EMPTY = 64 for an empty place).
        self.upper = [EMPTY] * UPPER  # the upper rows' places, in reading order
        self.piles: list[list[int]] = [[] for _ in range(PILES)]  # the last row's piles, bottom to top
        self.covers = [EMPTY] * PILES  # each pile's top card (EMPTY: an empty place), kept with the piles
        self.deck: list[int] = []  # face down; the end of the list is its top
        # The draw pile's shuffle steps still put off (`Rng.shuffle_lazily`): a resampled copy's draw pile
        # is shuffled lazily, since a search draws a few of its cards at most. Empty otherwise.
        self.unsettled = Unsettled(0, 0)
        self.last: SoloAction | None = None  # the move made last
        # The moves allowed now, listed after each change (none: the game is over). Replaced, never changed
        # in place, so clones share it.
        self.legal: list[Action] = []

    def lay_out(self) -> None:
        """Sixteen cards face up as a 4x4 square: the first twelve fill the upper rows, the next four start
        the piles of the last row; the rest is the draw pile."""
        cards = list(range(len(DECK)))
        self.rng.shuffle(cards)
        self.upper = cards[:UPPER]
        self.piles = [[c] for c in cards[UPPER:UPPER + PILES]]
        self.covers = cards[UPPER:UPPER + PILES]
        self.deck = cards[UPPER + PILES:]
        self.legal = self._list_moves()

    # -- who acts -------------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        return (0,) if self.legal else ()

    def legal_actions(self, player: int) -> list[Action]:
        return self.legal[:] if player == 0 else []

    def moves(self) -> list[tuple[int, list[Action]]]:
        return [(0, self.legal[:])] if self.legal else []

    def is_legal(self, player: int, action: Action) -> bool:
        return player == 0 and is_canonical(action) and is_listed(action, self.legal)

    def explain_illegal(self, player: int, action: Action) -> str:
        if not self.legal:
            return "the game is over: no card or pile can move and no deal is possible"
        if player != 0:
            return "Zoker Solo has a single player, seat 0"
        if not is_canonical(action):
            return f"{shorten(action)} is not a Zoker Solo action"
        if isinstance(action, MoveCard):
            return self._why_not_card(action)
        if isinstance(action, MovePile):
            return self._why_not_pile(action)
        if isinstance(action, Deal):
            if not self.deck:
                return "the draw pile is empty"
            return (f"new cards are dealt only when the upper rows have room for four "
                    f"(now {moves.free_places(self.upper)} free)")
        return f"{shorten(action)} is not a Zoker Solo action"

    def _why_not_card(self, action: MoveCard) -> str:
        card = self.upper[action.slot]
        if card == EMPTY:
            return f"upper place {place_name(action.slot)} is empty"
        cover = self.covers[action.pile]
        return (f"{_TEXT[card]} may not go onto pile {action.pile + 1} (cover {_TEXT[cover]}): "
                "a card moves only onto a compatible card (exactly two qualities in common)")

    def _why_not_pile(self, action: MovePile) -> str:
        covers = self.covers
        if covers[action.src] == EMPTY or covers[action.dst] == EMPTY:
            return "only an existing pile can move, and only onto another pile (not into an empty place)"
        return (f"pile {action.src + 1} (cover {_TEXT[covers[action.src]]}) may not go onto pile "
                f"{action.dst + 1} (cover {_TEXT[covers[action.dst]]}): the cover cards are not compatible")

    # -- transitions ------------------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> None:
        if isinstance(action, MoveCard):
            card = self.upper[action.slot]
            self.upper[action.slot] = EMPTY
            self.piles[action.pile].append(card)
            self.covers[action.pile] = card
        elif isinstance(action, MovePile):
            self.piles[action.dst] += self.piles[action.src]
            self.piles[action.src] = []
            self.covers[action.dst], self.covers[action.src] = self.covers[action.src], EMPTY
        else:
            settle(self.deck, self.unsettled, len(self.deck) - moves.DEAL_SIZE)
            moves.deal(self.upper, self.deck)
        self.last = action  # type: ignore[assignment]  # (only table actions reach _apply)
        self.legal = self._list_moves()

    def _list_moves(self) -> list[Action]:
        """Every move allowed now, in the action table's order: cards moved down (by upper place, then
        pile), piles moved, the deal. The simulator asks for them at every step, so they are listed once
        per change; the game ends when there is none."""
        covers = self.covers
        # Each place's row of `moves.TAKES` for its cover: a card's places are one look-up in each.
        first, second, third, fourth = TAKES[0][covers[0]], TAKES[1][covers[1]], TAKES[2][covers[2]], TAKES[3][covers[3]]
        found: list[Action] = []
        for slot, card in enumerate(self.upper):
            places = first[card] | second[card] | third[card] | fourth[card]
            if places:
                found += CARD_MOVES[slot][places]
        onto = 15  # a pile moves onto another pile, never into an empty place
        for src, cover in enumerate(covers):
            if cover == EMPTY:
                onto ^= 1 << src
        for src, cover in enumerate(covers):
            places = (first[cover] | second[cover] | third[cover] | fourth[cover]) & onto
            if places:
                found += PILE_MOVES[src][places]
        if moves.may_deal(self.upper, len(self.deck)):
            found.append(DEAL)
        return found

    # -- outcome ------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return not self.legal

    def highest(self) -> int:
        """The score: the number of cards in the highest pile of the last row."""
        return max(len(p) for p in self.piles)

    def scores(self) -> list[float]:
        return [float(self.highest())]

    def winners(self) -> list[int]:
        return [] if self.legal else [0]

    # -- views ----------------------------------------------------------------------------------
    def phase_name(self) -> str:
        return "play" if self.legal else "over"

    def turn_seat(self) -> int | None:
        return 0 if self.legal else None

    def own_view(self, player: int | None) -> dict[str, Any]:
        """Everything on the table is face up; only the draw pile's order is hidden."""
        return {
            "draw_size": len(self.deck),
            "last": None if self.last is None else {"seat": 0, "action": str(self.last)},
            "upper": [[_TEXT_OR_NONE[self.upper[i]] for i in range(r, r + ROW)] for r in range(0, UPPER, ROW)],
            "piles": [[_TEXT[c] for c in pile] for pile in self.piles],
            "free_places": moves.free_places(self.upper),
        }

    def to_dict(self) -> dict[str, Any]:
        settle(self.deck, self.unsettled)  # (the draw pile is read whole)
        return {
            **self.game.describe(),
            "version": self.version,
            "rng": self.rng.state,
            "upper": [_TEXT_OR_NONE[self.upper[i]] for i in range(UPPER)],
            "piles": [[_TEXT[c] for c in pile] for pile in self.piles],
            "deck": [_TEXT[c] for c in self.deck],
            "last": None if self.last is None else str(self.last),
        }

    def clone(self) -> SoloState:
        twin = SoloState.__new__(SoloState)
        twin.game = self.game
        twin.rng = self.rng.clone()
        twin.version = self.version
        twin.upper = self.upper[:]
        twin.piles = [list(p) for p in self.piles]
        twin.covers = self.covers[:]
        twin.deck = list(self.deck)
        twin.unsettled = self.unsettled.copy() if self.unsettled else self.unsettled  # (an empty one never changes)
        twin.last = self.last
        twin.legal = self.legal
        return twin

    def _resample_hidden(self, player: int, rng: Rng) -> SoloState:
        """Only the draw pile's order is unknown: shuffle it anew, lazily, from card order (`sorted_pile`:
        where the cards really lie must not show through; the old put-off steps go too). The copy is
        `clone()`'s, less the copies of the draw pile and generator it replaces."""
        twin = SoloState.__new__(SoloState)
        twin.game = self.game
        twin.rng = rng.spawn()
        twin.version = self.version
        twin.upper = self.upper[:]
        twin.piles = [list(p) for p in self.piles]
        twin.covers = self.covers[:]
        twin.deck = sorted_pile(self.deck)
        twin.unsettled = rng.shuffle_lazily(twin.deck)
        twin.last = self.last
        twin.legal = self.legal
        return twin


MOST_MOVES: Final = 2 * (len(DECK) - PILES) + FULL_DRAW_PILE // moves.DEAL_SIZE + PILES  # a bound for `version`


# A place's text by card index (EMPTY last): states keep cards as bare ints.
_TEXT: Final[tuple[str, ...]] = (*TEXTS, "empty")
_TEXT_OR_NONE: Final[tuple[str | None, ...]] = (*TEXTS, None)


def new_state(game: Game, seed: int) -> SoloState:
    """A new game dealt from `Rng(seed)`."""
    state = SoloState(game, Rng(seed))
    state.lay_out()
    return state


def read_state(game: Game, data: dict[str, Any]) -> SoloState:
    """The state `to_dict` wrote: each field read and ranged here, then the one check of what play can reach
    (`reachable.check`); a ValueError names the field."""
    state = SoloState(game, Rng.from_state(sd.field(data, "rng")))
    state.version = sd.integer(sd.field(data, "version"), "version", lo=0, hi=MOST_MOVES)
    upper = sd.listed(sd.field(data, "upper"), "upper", UPPER)
    state.upper = [EMPTY if c is None else read_index(c, f"upper[{i}]") for i, c in enumerate(upper)]
    piles = sd.listed(sd.field(data, "piles"), "piles", PILES)
    state.piles = [sd.each(p, f"piles[{i}]", read_index) for i, p in enumerate(piles)]
    state.covers = covers_of(state.piles)
    deck = sd.listed(sd.field(data, "deck"), "deck")
    if len(deck) > FULL_DRAW_PILE:
        raise ValueError(f"deck: {len(deck)} cards; the draw pile starts with {FULL_DRAW_PILE}")
    state.deck = sd.each(deck, "deck", read_index)
    last = sd.field(data, "last")
    state.last = None if last is None else _read_action(game, last)
    state.legal = state._list_moves()
    check(state)
    return state


def _read_action(game: Game, text: Any) -> SoloAction:
    try:
        action: SoloAction = game.parse_action(text)  # type: ignore[assignment]  # (a value of the table)
    except ValueError as exc:
        raise ValueError(f"last: {exc}") from None
    return action
