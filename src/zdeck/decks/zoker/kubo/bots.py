"""A Kubo heuristic: take points, empty the hand, and never open a Zoker for someone else."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from zdeck.bots import BotBase
from zdeck.core import Action, State
from zdeck.decks.zoker.cards import Card
from zdeck.decks.zoker.kubo.actions import END, Place, Score
from zdeck.decks.zoker.kubo.board import FRAMES, LINE_MASKS, LINE_POINTS, Frame, completed, placeable
from zdeck.rng import Rng

# What `ismcts` alone means in this game: the setting measured in docs/bots.md (Strength), about 0.2 s of
# CPU a decision or less; a spec's own parameters override it (zdeck.search.spec).
SEARCH_SETTING = "iters=400"

GIFT_WEIGHT = 0.9  # how much a structure left for the next players to complete costs us (they may not hold it)
NEAR_WEIGHT = 0.35  # ... when its fourth card needs one more card laid first


def threats(frame: Frame, placed: int, mine: int) -> float:
    """Points others could take soon: lines with three cards down whose fourth is not ours and is layable
    now (full weight) or once one more card is laid (part weight)."""
    total = 0.0
    for k, line in enumerate(LINE_MASKS):
        missing = line & ~placed
        if missing.bit_count() != 1 or missing & mine:
            continue
        m = missing.bit_length() - 1
        if placeable(frame, placed, m):
            total += LINE_POINTS[k]
        elif not placed & frame.over[m] and (
                (frame.below[m] >= 0 and placeable(frame, placed, frame.below[m]))
                or any(placeable(frame, placed, j) for j in frame.beside[m])):
            total += NEAR_WEIGHT * LINE_POINTS[k] / GIFT_WEIGHT
    return total


def _mask(texts: Sequence[str]) -> int:
    mask = 0
    for text in texts:
        mask |= 1 << Card.parse(text).index
    return mask


class PointsBot(BotBase):
    """Lays the card worth most now (points + one card out of hand - what it opens for others)."""

    name = "points"
    reaction_ms = 800.0

    def act(
        self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng, view: State | None = None
    ) -> Action | None:
        if not legal_actions:
            return None
        claims = [a for a in legal_actions if isinstance(a, Score)]
        if claims:  # always announce, and always shout: points are points
            return max(claims, key=lambda a: (LINE_POINTS[a.line], -a.line))
        frame = FRAMES[observation["options"]["start"]]
        placed = _mask(observation["table"])
        mine = _mask(observation["hand"])
        before = threats(frame, placed, mine)
        best: tuple[float, int] | None = None
        choice: Action = END
        for action in legal_actions:
            if not isinstance(action, Place):
                continue
            i = action.card.index
            now = placed | 1 << i
            gain = sum(LINE_POINTS[k] for k in completed(now, i))
            value = gain + 1 - GIFT_WEIGHT * (threats(frame, now, mine & ~(1 << i)) - before)
            if value > 0 and (best is None or (value, -i) > best):
                best, choice = (value, -i), action
        # Extra draws are never taken: in self-play every card drawn cost more (-1 if still held at the end)
        # than the options it gave.
        return choice
