"""Bots for Zoker Solo: a greedy player and a search-based solver.

Between two deals Solo is a puzzle of perfect information: only the order of
the draw pile is hidden. The solver therefore searches every sequence of moves
up to the next deal exactly (with a transposition table over an abstract
position: which cards are in the upper rows, and each pile's cover and height -
the cards under a cover never matter again), and values the positions where a
deal becomes possible by determinised rollouts: the unseen cards are shuffled
into sample draw piles and a fast greedy policy plays each to the end. When the
draw pile is empty the search reaches the true end and plays perfectly.

Dealing as soon as it is allowed is always right: a deal only adds cards to the
upper rows and removes no move, so every line without the deal can be played
after it too. Both bots take that shortcut.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from zdeck.bots import BotBase
from zdeck.core import Action, State
from zdeck.decks.zoker.cards import DECK, Card
from zdeck.decks.zoker.solo import moves
from zdeck.decks.zoker.solo.actions import PILES, UPPER, Deal, MoveCard, MovePile
from zdeck.decks.zoker.solo.moves import COMPAT, DEAL_SIZE, EMPTY
from zdeck.rng import Rng

# What `ismcts` alone means in this game: the setting measured in docs/bots.md (Strength), about 0.2 s of
# CPU a decision or less; a spec's own parameters override it (zdeck.search.spec).
SEARCH_SETTING = "iters=300"

Pile = tuple[int, int]  # (cover card, height); (HOLE, 0) is an empty place
Position = tuple[int, tuple[Pile, ...]]  # (bit mask of upper cards, piles sorted)
# An empty place inside the solver's positions. It sorts before every card, and that order decides which
# of two equally good lines the search keeps and how its rollouts see the piles: the solver's play is
# tuned to it (the table's own code, EMPTY, sorts after the cards).
HOLE = -1


def read_observation(obs: Mapping[str, Any]) -> tuple[list[int], list[int], list[int], list[int]]:
    """(upper places, pile covers, pile heights, unseen cards) from a Solo observation."""
    upper = [EMPTY if t is None else Card.parse(t).index for row in obs["upper"] for t in row]
    piles = [[Card.parse(t).index for t in pile] for pile in obs["piles"]]
    covers = [p[-1] if p else EMPTY for p in piles]
    heights = [len(p) for p in piles]
    seen = {c for c in upper if c != EMPTY} | {c for p in piles for c in p}
    unseen = [c for c in range(len(DECK)) if c not in seen]
    return upper, covers, heights, unseen


class GreedyBot(BotBase):
    """Deals when it may, merges piles, else feeds the tallest pile; a cheap baseline."""

    name = "greedy"
    reaction_ms = 900.0

    def act(
        self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng, view: State | None = None
    ) -> Action | None:
        if not legal_actions:
            return None
        upper, covers, heights, _ = read_observation(observation)
        slot, pile = greedy_choice(upper, covers, heights, observation["draw_size"])
        if slot == DEAL_NOW:
            return next(a for a in legal_actions if isinstance(a, Deal))
        if slot == JOIN:
            return MovePile(pile // PILES, pile % PILES)
        return MoveCard(slot, pile)


# What `greedy_choice` returns: (slot, pile) for a card move, or one of these in the first place.
DEAL_NOW = -2  # (DEAL_NOW, 0): deal four cards
JOIN = -1  # (JOIN, src * PILES + dst): move pile src onto pile dst
STUCK = -3  # (STUCK, 0): no move is left


def greedy_choice(upper: list[int], covers: list[int], heights: list[int], deck_left: int) -> tuple[int, int]:
    """The greedy policy on plain lists (shared by GreedyBot and the solver's rollouts): deal when
    allowed, else join piles, else feed the tallest pile it can, else fill an empty place."""
    if moves.may_deal(upper, deck_left):
        return (DEAL_NOW, 0)
    choice = _best_join(upper, covers) or _best_feed(upper, covers, heights) or _fill_empty(upper, covers)
    return choice or (STUCK, 0)


def _best_join(upper: list[int], covers: list[int]) -> tuple[int, int] | None:
    """The pile move leaving on top the cover that accepts the most upper cards (the first such)."""
    best: tuple[int, int] | None = None
    best_key = -1
    for src, dst in moves.pile_moves(covers):
        mask = COMPAT[covers[src]]
        key = sum(1 for c in upper if c != EMPTY and mask >> c & 1)
        if key > best_key:
            best, best_key = (JOIN, src * PILES + dst), key
    return best


def _best_feed(upper: list[int], covers: list[int], heights: list[int]) -> tuple[int, int] | None:
    """The card move onto the tallest pile that takes a card (the first such)."""
    best: tuple[int, int] | None = None
    best_height = -1
    for slot, card in enumerate(upper):
        if card == EMPTY:
            continue
        mask = COMPAT[card]
        for pile, cover in enumerate(covers):
            if cover != EMPTY and mask >> cover & 1 and heights[pile] > best_height:
                best, best_height = (slot, pile), heights[pile]
    return best


def _fill_empty(upper: list[int], covers: list[int]) -> tuple[int, int] | None:
    """The first upper card into the last empty place of the last row."""
    if EMPTY not in covers:
        return None
    empty_pile = PILES - 1 - covers[::-1].index(EMPTY)
    for slot, card in enumerate(upper):
        if card != EMPTY:
            return (slot, empty_pile)
    return None


def rollout(upper: list[int], covers: list[int], heights: list[int], deck: list[int]) -> int:
    """Play the greedy policy to the end on copies of these lists; return the final score."""
    upper, covers, heights, deck = list(upper), list(covers), list(heights), list(deck)
    while True:
        slot, arg = greedy_choice(upper, covers, heights, len(deck))
        if slot == STUCK:
            return max(heights)
        if slot == DEAL_NOW:
            moves.deal(upper, deck)
        elif slot == JOIN:
            src, dst = divmod(arg, PILES)
            covers[dst], heights[dst] = covers[src], heights[dst] + heights[src]
            covers[src], heights[src] = EMPTY, 0
        else:
            covers[arg], heights[arg] = upper[slot], heights[arg] + 1
            upper[slot] = EMPTY


ENDGAME_FACTOR = 20
Move = tuple[int, int, int]  # (0, card, target cover) or (1, source cover, target cover); HOLE = an empty place


class SolverBot(BotBase):
    """Exact enumeration up to the next deal, determinised greedy rollouts beyond it.

    At the start of each stretch between deals it lists every position reachable
    before the next deal (breadth first over abstract positions, each reached once,
    with the move that first reached it). Positions where the game would end are
    valued exactly. Of the deal points, the `shortlist` best by a static score are
    valued by `samples` greedy rollouts each, on the same sampled draw piles for
    all so lines are compared on equal luck. The bot then follows the line to the
    best position until the deal (re-planning if the table is not as planned).
    The samples come from an Rng seeded by the observation, so a plan is a pure
    function of what the bot saw when it made it.
    """

    name = "solver"
    searches = True  # an end-game plan can take a quarter of a second: a server asks it off its event loop

    def __init__(
        self, samples: int = 8, shortlist: int = 6, node_budget: int = 300, reaction_ms: float = 1500.0
    ) -> None:
        self.samples = samples
        self.shortlist = shortlist
        self.node_budget = node_budget
        super().__init__(reaction_ms)
        self._plan: list[tuple[Position, Move]] = []  # (position the move is made from, the move)

    def reset(self) -> None:
        """A new game: forget the last game's plan."""
        self._plan = []

    def act(
        self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng, view: State | None = None
    ) -> Action | None:
        if not legal_actions:
            return None
        for action in legal_actions:
            if isinstance(action, Deal):
                self._plan = []
                return action
        upper, covers, heights, unseen = read_observation(observation)
        here = _position(upper, covers, heights)
        if not self._plan or self._plan[0][0] != here:
            self._plan = self.plan(here, unseen, _seed_of(observation))
        if not self._plan:
            return legal_actions[0]
        _, move = self._plan.pop(0)
        return _concrete(move, upper, covers)

    def plan(self, root: Position, unseen: list[int], seed: int) -> list[tuple[Position, Move]]:
        # With the draw pile empty there is no rollout to pay for: search the end game far deeper.
        budget = self.node_budget if unseen else self.node_budget * ENDGAME_FACTOR
        parents, leaves, ends = _enumerate(root, bool(unseen), budget)
        candidates: dict[Position, float] = {key: float(_top(key)) for key in ends}
        ranked = sorted(leaves, key=lambda key: -_static(*key))[: self.shortlist]
        rng = Rng(seed)
        decks = []
        for _ in range(self.samples if unseen else 1):
            deck = list(unseen)
            rng.shuffle(deck)
            decks.append(deck)
        for key in ranked:
            candidates[key] = _rollouts(key, decks)
        if not candidates:
            return []
        goal = max(candidates, key=lambda key: (candidates[key], key))  # ties: a fixed order, not dict order
        line: list[tuple[Position, Move]] = []
        while goal != root:
            parent, move = parents[goal]
            line.append((parent, move))
            goal = parent
        line.reverse()
        return line


def _position(upper: list[int], covers: list[int], heights: list[int]) -> Position:
    mask = 0
    for c in upper:
        if c != EMPTY:
            mask |= 1 << c
    return (mask, tuple(sorted((HOLE if c == EMPTY else c, h) for c, h in zip(covers, heights))))


def _top(key: Position) -> int:
    return max(h for _, h in key[1])


def _concrete(move: Move, upper: list[int], covers: list[int]) -> Action:
    """The action that makes an abstract move on this table."""
    kind, a, b = move
    target = covers.index(EMPTY if b == HOLE else b)
    if kind == 0:
        return MoveCard(upper.index(a), target)
    return MovePile(covers.index(a), target)


def _enumerate(
    root: Position, deck_left: bool, budget: int
) -> tuple[dict[Position, tuple[Position, Move]], list[Position], list[Position]]:
    """Every position reachable before the next deal: (parent links, deal points, dead ends).

    Positions left unexpanded when the budget runs out count as deal points: the
    rollouts value them as well as any other position.
    """
    parents: dict[Position, tuple[Position, Move]] = {}
    leaves: list[Position] = []
    ends: list[Position] = []
    frontier = [root]
    seen = {root}
    expanded = 0
    while frontier:
        nxt: list[Position] = []
        for key in frontier:
            mask, piles = key
            if key != root and deck_left and UPPER - mask.bit_count() >= DEAL_SIZE:
                leaves.append(key)
                continue
            if expanded >= budget:
                leaves.append(key)
                continue
            expanded += 1
            children = _children(mask, piles)
            if not children:
                ends.append(key)
            for child, move in children:
                if child not in seen:
                    seen.add(child)
                    parents[child] = (key, move)
                    nxt.append(child)
        frontier = nxt
    return parents, leaves, ends


def _children(mask: int, piles: tuple[Pile, ...]) -> list[tuple[Position, Move]]:
    out: list[tuple[Position, Move]] = []
    done: set[Pile] = set()
    for index, (cover, height) in enumerate(piles):
        if (cover, height) in done:
            continue  # two empty places are the same target
        done.add((cover, height))
        fits = mask if cover == HOLE else mask & COMPAT[cover]
        while fits:
            low = fits & -fits
            card = low.bit_length() - 1
            fits ^= low
            child = list(piles)
            child[index] = (card, height + 1)
            out.append(((mask & ~low, tuple(sorted(child))), (0, card, cover)))
    for src, (a, ha) in enumerate(piles):
        if a == HOLE:
            continue
        compat = COMPAT[a]
        for dst, (b, hb) in enumerate(piles):
            if dst != src and b != HOLE and compat >> b & 1:
                child = list(piles)
                child[dst] = (a, ha + hb)
                child[src] = (HOLE, 0)
                out.append(((mask, tuple(sorted(child))), (1, a, b)))
    return out


def _seed_of(obs: Mapping[str, Any]) -> int:
    text = json.dumps([obs["upper"], obs["piles"]], separators=(",", ":"))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def _static(mask: int, piles: Sequence[Pile]) -> float:
    """A quick guess of how promising a deal point is: tall piles, empty places, cards that fit."""
    reach = 0
    empty = 0
    top = 0
    for cover, height in piles:
        if cover == HOLE:
            empty += 1
        else:
            reach |= COMPAT[cover]
        top = max(top, height)
    fits = (mask & reach).bit_count()
    merges = sum(1 for c, _ in piles if c != HOLE and reach >> c & 1)
    return 3.0 * top + 4.0 * empty + 1.5 * fits + 2.0 * merges


def _rollouts(key: Position, decks: list[list[int]]) -> float:
    mask, piles = key
    upper = [EMPTY] * UPPER
    slot = 0
    while mask:
        low = mask & -mask
        upper[slot] = low.bit_length() - 1
        mask ^= low
        slot += 1
    covers = [EMPTY if c == HOLE else c for c, _ in piles]
    heights = [h for _, h in piles]
    return sum(rollout(upper, covers, heights, deck) for deck in decks) / len(decks)
