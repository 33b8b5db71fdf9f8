"""Zoker Solo's state (rules: docs/rules/zoker-solo.md).

Sixteen cards face up in a 4x4 square; cards of the three upper rows move onto
compatible cover cards of the last row, piles move onto compatible piles, four
new cards are dealt once the upper rows have room for four. The score is the
height of the highest pile when no move is left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zdeck import statedict as sd
from zdeck.core import Action, State
from zdeck.core import _shorten as shorten  # (the kernel's quoting of bad input, cut short)
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
from zdeck.decks.zoker.solo.moves import EMPTY
from zdeck.rng import Rng, Unsettled, settle

if TYPE_CHECKING:
    from zdeck.decks.zoker.solo.game import ZokerSolo


class SoloState(State):
    def __init__(self, game: ZokerSolo, rng: Rng) -> None:
        self.game = game
        self.rng = rng
        self.version = 0
        self.upper: list[int] = [EMPTY] * UPPER
        self.piles: list[list[int]] = [[] for _ in range(PILES)]
        self.deck: list[int] = []  # face down; the end of the list is its top
        # The draw pile's shuffle steps still put off (`Rng.shuffle_lazily`): a resampled copy's draw pile
        # is shuffled lazily, since a search draws a few of its cards at most. Empty otherwise.
        self.unsettled = Unsettled(0, 0)
        self.last: SoloAction | None = None  # the move made last
        self.over = False

    def lay_out(self) -> None:
        """Sixteen cards face up as a 4x4 square: the first twelve fill the upper rows, the next four start
        the piles of the last row; the rest is the draw pile."""
        cards = list(range(len(DECK)))
        self.rng.shuffle(cards)
        self.upper = cards[:UPPER]
        self.piles = [[c] for c in cards[UPPER:UPPER + PILES]]
        self.deck = cards[UPPER + PILES:]
        self._check_end()

    def covers(self) -> list[int]:
        """The top card of each pile (EMPTY for an empty place): only these take part in play."""
        return [p[-1] if p else EMPTY for p in self.piles]

    # -- who acts -------------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        return () if self.over else (0,)

    def legal_actions(self, player: int) -> list[Action]:
        if self.over or player != 0:
            return []
        covers = self.covers()
        found: list[Action] = [CARD_MOVES[s][p] for s, p in moves.card_moves(self.upper, covers)]
        found.extend(PILE_MOVES[pair] for pair in moves.pile_moves(covers))
        if moves.may_deal(self.upper, len(self.deck)):
            found.append(DEAL)
        return found

    def is_legal(self, player: int, action: Action) -> bool:
        if self.over or player != 0 or not is_canonical(action):
            return False
        if isinstance(action, MoveCard):
            card = self.upper[action.slot]
            return card != EMPTY and moves.accepts(self.covers()[action.pile], card)
        if isinstance(action, MovePile):
            covers = self.covers()
            a, b = covers[action.src], covers[action.dst]
            return a != EMPTY and b != EMPTY and moves.compatible(a, b)
        if isinstance(action, Deal):
            return moves.may_deal(self.upper, len(self.deck))
        return False

    def explain_illegal(self, player: int, action: Action) -> str:
        if self.over:
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
        cover = self.covers()[action.pile]
        return (f"{_TEXT[card]} may not go onto pile {action.pile + 1} (cover {_TEXT[cover]}): "
                "a card moves only onto a compatible card (exactly two qualities in common)")

    def _why_not_pile(self, action: MovePile) -> str:
        covers = self.covers()
        if covers[action.src] == EMPTY or covers[action.dst] == EMPTY:
            return "only an existing pile can move, and only onto another pile (not into an empty place)"
        return (f"pile {action.src + 1} (cover {_TEXT[covers[action.src]]}) may not go onto pile "
                f"{action.dst + 1} (cover {_TEXT[covers[action.dst]]}): the cover cards are not compatible")

    # -- transitions ------------------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> None:
        if isinstance(action, MoveCard):
            self.piles[action.pile].append(self.upper[action.slot])
            self.upper[action.slot] = EMPTY
        elif isinstance(action, MovePile):
            self.piles[action.dst].extend(self.piles[action.src])
            self.piles[action.src] = []
        else:
            settle(self.deck, self.unsettled, len(self.deck) - moves.DEAL_SIZE)
            moves.deal(self.upper, self.deck)
        self.last = action  # type: ignore[assignment]  # (only table actions reach _apply)
        self._check_end()

    def _check_end(self) -> None:
        """The game ends as soon as no move is left (the player can do nothing more)."""
        self.over = not moves.any_move(self.upper, self.covers(), len(self.deck))

    # -- outcome ------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.over

    def highest(self) -> int:
        """The score: the number of cards in the highest pile of the last row."""
        return max(len(p) for p in self.piles)

    def scores(self) -> list[float]:
        return [float(self.highest())]

    def winners(self) -> list[int]:
        return [0] if self.over else []

    # -- views ----------------------------------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        """Everything on the table is face up; only the draw pile's order is hidden."""
        return {
            "game": self.game.id,
            "seat": player,
            "phase": "over" if self.over else "play",
            "turn": None if self.over else 0,
            "round": 1,
            "rounds": 1,
            "hand": None,
            "hand_sizes": None,
            "scores": self.scores(),
            "round_scores": self.round_scores(),
            "over": self.over,
            "winners": self.winners(),
            "draw_size": len(self.deck),
            "last": None if self.last is None else {"seat": 0, "action": str(self.last)},
            "upper": [[_TEXT_OR_NONE[c] for c in self.upper[r:r + ROW]] for r in range(0, UPPER, ROW)],
            "piles": [[_TEXT[c] for c in pile] for pile in self.piles],
            "free_places": moves.free_places(self.upper),
        }

    def to_dict(self) -> dict[str, Any]:
        settle(self.deck, self.unsettled)  # (the draw pile is read whole)
        return {
            **self.game.describe(),
            "version": self.version,
            "rng": self.rng.state,
            "upper": [_TEXT_OR_NONE[c] for c in self.upper],
            "piles": [[_TEXT[c] for c in pile] for pile in self.piles],
            "deck": [_TEXT[c] for c in self.deck],
            "last": None if self.last is None else str(self.last),
        }

    def clone(self) -> SoloState:
        twin = SoloState.__new__(SoloState)
        twin.game = self.game
        twin.rng = self.rng.clone()
        twin.version = self.version
        twin.upper = list(self.upper)
        twin.piles = [list(p) for p in self.piles]
        twin.deck = list(self.deck)
        twin.unsettled = self.unsettled.copy() if self.unsettled else self.unsettled  # (an empty one never changes)
        twin.last = self.last
        twin.over = self.over
        return twin

    def _resample_hidden(self, player: int, rng: Rng) -> SoloState:
        """Only the draw pile's order is unknown: shuffle it, lazily (the old put-off steps go too: a
        new shuffle of the whole pile owes nothing to the order it had)."""
        twin = self.clone()
        twin.rng = rng.spawn()
        twin.unsettled = rng.shuffle_lazily(twin.deck)
        return twin


FULL_DRAW_PILE = len(DECK) - UPPER - PILES  # 48: the cards left after the 4x4 square is laid out
MOST_MOVES = 2 * (len(DECK) - PILES) + FULL_DRAW_PILE // moves.DEAL_SIZE + PILES  # a bound for `version`

# A place's text by card index; EMPTY (-1) reads the last entry: states keep cards as bare ints.
_TEXT: tuple[str, ...] = (*TEXTS, "empty")
_TEXT_OR_NONE: tuple[str | None, ...] = (*TEXTS, None)


def read_state(game: ZokerSolo, data: dict[str, Any]) -> SoloState:
    """The state `to_dict` wrote; a ValueError names the first field no play could have left so."""
    state = SoloState(game, Rng.from_state(sd.field(data, "rng")))
    _read_cards(state, data)
    state.version = sd.integer(sd.field(data, "version"), "version", lo=0, hi=MOST_MOVES)
    _check_move_count(state)
    last = sd.field(data, "last")
    state.last = None if last is None else _read_action(game, last)
    _check_last(state)
    state._check_end()
    return state


def _read_cards(state: SoloState, data: dict[str, Any]) -> None:
    """The upper places, the piles and the draw pile: every card once, the draw pile dealt by fours."""
    upper = sd.listed(sd.field(data, "upper"), "upper", UPPER)
    state.upper = [EMPTY if c is None else read_index(c, f"upper[{i}]") for i, c in enumerate(upper)]
    piles = sd.listed(sd.field(data, "piles"), "piles", PILES)
    state.piles = [sd.each(p, f"piles[{i}]", read_index) for i, p in enumerate(piles)]
    deck = sd.listed(sd.field(data, "deck"), "deck")
    if len(deck) > FULL_DRAW_PILE or len(deck) % moves.DEAL_SIZE:
        raise ValueError(f"deck: {len(deck)} cards; the draw pile starts with {FULL_DRAW_PILE} and loses four a deal")
    state.deck = sd.each(deck, "deck", read_index)
    cards = [c for c in state.upper if c != EMPTY] + [c for p in state.piles for c in p] + state.deck
    if sorted(cards) != list(range(len(DECK))):
        raise ValueError("the layout, piles and deck must hold each of the 64 cards exactly once")


def _check_move_count(state: SoloState) -> None:
    """`version` counts the moves made: each card moved down and each deal once, plus the pile moves -
    at least one per empty place of the last row, at most one more per card moved down (which may have
    started a new pile in an empty place)."""
    moved_down = sum(len(p) for p in state.piles) - PILES
    if moved_down < 0:
        raise ValueError("piles: the last row starts with four cards and never loses one")
    deals = (FULL_DRAW_PILE - len(state.deck)) // moves.DEAL_SIZE
    empty_places = sum(1 for p in state.piles if not p)
    fewest = moved_down + deals + empty_places
    if not fewest <= state.version <= fewest + moved_down:
        raise ValueError(f"version: {state.version} moves cannot leave this table; it takes "
                         f"{fewest} to {fewest + moved_down}")


def _read_action(game: ZokerSolo, text: Any) -> SoloAction:
    try:
        action: SoloAction = game.parse_action(text)  # type: ignore[assignment]  # (a value of the table)
    except ValueError as exc:
        raise ValueError(f"last: {exc}") from None
    return action


def _check_last(state: SoloState) -> None:
    """The move made last must have left its trace: an empty upper place, an empty place in the last row."""
    last = state.last
    if (last is None) != (state.version == 0):
        raise ValueError("last: a game names its last move exactly when a move has been made")
    if isinstance(last, MoveCard) and (state.upper[last.slot] != EMPTY or not state.piles[last.pile]):
        raise ValueError(f"last: after {last} its upper place is empty and its pile is not")
    if isinstance(last, MovePile) and (state.piles[last.src] or len(state.piles[last.dst]) < 2):
        raise ValueError(f"last: after {last} the first place is empty and the second holds both piles")
    if isinstance(last, Deal) and (len(state.deck) == FULL_DRAW_PILE or moves.free_places(state.upper) > UPPER - 4):
        raise ValueError("last: after a deal the draw pile is smaller and at most eight upper places are free")
