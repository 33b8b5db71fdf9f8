"""Memo bots with a memory model: what a bot remembers of the cards it has seen.

Every seat's observation carries the public record of sightings (`seen`: which
face-down card was shown where, and at which flip). A bot with perfect memory
uses all of it; `last5`, `last3` and `last2` remember exactly the five, three
or two most recent sightings and nothing older (a span a person recognises).
A forgetful bot keeps at most `capacity` of the most recent sightings, and
each of those survives every later flip with probability `retention` (so a
sighting k flips old is recalled with probability retention**k); what it
forgets it treats as unknown. Recall is drawn afresh at each decision from the
bot's own Rng, like a player who sometimes remembers.

The play is the same for all: turn a remembered pair if one is known; otherwise
turn an unknown card first, then its remembered partner if there is one, else
another unknown card (a chance to find a pair, and something new to remember).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from zdeck.bots import BotBase
from zdeck.core import Action, State
from zdeck.decks.zoker.cards import Card
from zdeck.decks.zoker.memo.actions import Turn
from zdeck.decks.zoker.memo.pairs import matches
from zdeck.rng import Rng

# What `ismcts` alone means in this game: the setting measured in docs/bots.md (Strength), about 0.2 s of
# CPU a decision or less; a spec's own parameters override it (zdeck.search.spec).
SEARCH_SETTING = "iters=100,rollout=perfect,root=paired,lean=2,follow=1"  # a turn's first card searched, the second `perfect`'s


class MemoryBot(BotBase):
    def __init__(
        self, name: str = "perfect", capacity: int | None = None, retention: float = 1.0, reaction_ms: float = 1200.0
    ) -> None:
        if capacity is not None and capacity < 0:
            raise ValueError("capacity must be None (unlimited) or >= 0")
        if not 0.0 <= retention <= 1.0:
            raise ValueError("retention must be a probability")
        self.name = name
        self.capacity = capacity
        self.retention = retention
        super().__init__(reaction_ms)

    def remembered(self, obs: Mapping[str, Any], rng: Rng) -> dict[int, int]:
        """{place (0-based): card index} for the face-down cards this bot recalls now."""
        sightings = [(entry[1], slot, entry[0]) for slot, entry in enumerate(obs["seen"]) if entry is not None]
        sightings.sort(reverse=True)  # most recent first
        if self.capacity is not None:
            sightings = sightings[: self.capacity]
        now = obs["flips"]
        known: dict[int, int] = {}
        for flip, slot, text in sightings:
            if self.retention >= 1.0 or rng.random() < self.retention ** (now - flip):
                known[slot] = Card.parse(text).index
        return known

    def act(
        self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng, view: State | None = None
    ) -> Action | None:
        if not legal_actions:
            return None
        rule = observation["options"]["pair_rule"]
        known = self.remembered(observation, rng)
        first = observation["face_up"]
        turns = {a.slot: a for a in legal_actions if isinstance(a, Turn)}  # the listed objects: no re-check
        open_slots = list(turns)
        unknown = [s for s in open_slots if s not in known]
        if first is None:
            pair = _known_pair(known, open_slots, rule)
            if pair is not None:
                return turns[pair]
        else:
            up_card = Card.parse(observation["table"][first - 1]).index
            for slot in open_slots:
                if slot in known and matches(up_card, known[slot], rule):
                    return turns[slot]
        return turns[rng.choice(unknown)] if unknown else rng.choice(legal_actions)


def _known_pair(known: dict[int, int], open_slots: list[int], rule: str) -> int | None:
    slots = [s for s in open_slots if s in known]
    for i, a in enumerate(slots):
        for b in slots[i + 1:]:
            if matches(known[a], known[b], rule):
                return a
    return None


def perfect() -> MemoryBot:
    return MemoryBot("perfect")


def forgetful() -> MemoryBot:
    """Holds about the last eight sightings, each fading by a tenth per flip."""
    return MemoryBot("forgetful", capacity=8, retention=0.9)


def last_five() -> MemoryBot:
    """Remembers exactly where the last five cards it saw lie (a practised player's span), nothing older."""
    return MemoryBot("last5", capacity=5)


def last_three() -> MemoryBot:
    """Remembers exactly where the last three cards it saw lie: a person's working memory holds three to five
    things (Cowan 2001), and a newcomer's fading memory (`forgetful`) plays about as well (docs/bots.md, Levels)."""
    return MemoryBot("last3", capacity=3)


def last_two() -> MemoryBot:
    """Remembers exactly where the last two cards it saw lie: the turn before, and no more."""
    return MemoryBot("last2", capacity=2)


def goldfish() -> MemoryBot:
    """Barely remembers: the last two sightings, fading fast."""
    return MemoryBot("goldfish", capacity=2, retention=0.6)
