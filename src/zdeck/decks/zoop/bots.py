"""A heuristic Zoop bot: reads only its observation and legal actions.

It counts cards: every card not in the discard pile nor in its own hand is
"unseen", spread over the opponents' hands and the draw pile. From that it
estimates how likely an opponent is to hold a card that matches a given card.

Strategy, in order of priority:
- out of turn, Cage every opponent's Special Animal (Cages are kept for that:
  they are never discarded) and ZOOP! whenever it holds the exact card; it
  never sends a silent or wrong call;
- play a Wild Card when it holds the most of an animal - most of that animal's
  cards still in play are in its own hand, so the others probably cannot
  answer the Special Round and must draw - declaring that animal;
- otherwise, among the cards it may play: shed pairs early; prefer a card the
  next player is unlikely to match (they draw) and that nobody may match
  (Everyone passes: a free discard); fire Frogs/Monkeys/Kangaroos at a next
  player close to going out; keep Chameleons (they fit any one-animal card)
  and one basic animal while it holds a Wild Card;
- as a free discard, drop a pair or a hard-to-match card, a Special Animal
  only last (a free discard has no effect), or a Wild Card when it holds the
  most of an animal; decline the discard after Everyone passes when every
  card it could drop is worth keeping and it can follow the blocking card
  itself;
- with no card to match, play a Wild Card rather than draw (also a drawn one).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from zdeck.bots import BotBase
from zdeck.core import Action, State
from zdeck.decks.zoop.actions import Cage, Discard, Pass, Play, PlayWild, Zoop
from zdeck.decks.zoop.cards import (
    ANY_SINGLE,
    BASIC_ANIMALS,
    NEXT_DRAWS,
    NEXT_MISSES,
    NEXT_MISSES_THEN_DRAWS,
    WILD,
    Card,
    card_by_text,
    effect_of,
    load_deck,
)
from zdeck.rng import Rng

# What `ismcts` alone means in this game: the setting measured in docs/bots.md (Strength), about 0.2 s of
# CPU a decision or less; a spec's own parameters override it (zdeck.search.spec).
SEARCH_SETTING = "iters=160,rollout=heuristic,lean=2"

_HURTS_NEXT = {NEXT_DRAWS, NEXT_MISSES, NEXT_MISSES_THEN_DRAWS}


class _Table:
    """What the bot knows about the cards it cannot see."""

    def __init__(self, obs: Mapping[str, Any]) -> None:
        self.deck = load_deck(obs["options"]["colours"])
        self.hand = [c for c in (card_by_text(t) for t in obs["hand"]) if c is not None]
        seen = Counter(obs["pile"]) + Counter(obs["hand"])
        self.unseen = {c: n - seen[c.text] for c, n in zip(self.deck.kinds, self.deck.copies)}
        self.total = max(1, sum(self.unseen.values()))
        seat, sizes = obs["seat"], obs["hand_sizes"]
        self.others = [h for q, h in enumerate(sizes) if q != seat]
        self.next_size = sizes[(seat + obs["direction"]) % len(sizes)]
        self.phase, self.reason = obs["phase"], obs["discard_reason"]
        self.match = card_by_text(obs["match"])

    def p_lacks(self, share: int, cards: int) -> float:
        """Chance that a hand of `cards` unseen cards holds none of `share` given cards."""
        return (1.0 - share / self.total) ** cards

    def matchers_unseen(self, card: Card) -> int:
        ok = self.deck.matchers[self.deck.index[card]]
        return sum(self.unseen[self.deck.kinds[k]] for k in ok)


class HeuristicBot(BotBase):
    name = "heuristic"
    reaction_ms = 450.0

    def act(
        self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng, view: State | None = None
    ) -> Action | None:
        if not legal_actions:
            return None
        capturable = observation["capturable"] if any(isinstance(a, Cage) for a in legal_actions) else None
        if capturable is not None and capturable["player"] != observation["seat"]:  # Cages are for opponents
            for action in legal_actions:
                if isinstance(action, Cage) and action.called:
                    return action
        top = observation["top"]
        for action in legal_actions:
            if isinstance(action, Zoop) and action.called and str(action.card) == top:
                return action
        own = [a for a in legal_actions if not isinstance(a, (Zoop, Cage))]
        if not own:
            return None  # out of turn with nothing worth doing: wait
        if len(own) == 1:
            return own[0]
        table = _Table(observation)
        scored = [(self._score(a, table), rng.random(), a) for a in own]
        return max(scored, key=lambda t: (t[0], t[1]))[2]

    def _score(self, action: Action, table: _Table) -> float:
        if isinstance(action, PlayWild):
            return self._wild_score(action.animal, table)
        if isinstance(action, Play):
            return 10.0 + self._card_value(action.card, table, discard=False)
        if isinstance(action, Discard):
            return 10.0 + self._card_value(action.card, table, discard=True)
        if isinstance(action, Pass) and table.phase == "discard":
            return self._decline_score(table)
        return 0.0  # draw / pass: only when nothing else is legal (a Wild Card is played rather than kept)

    def _decline_score(self, table: _Table) -> float:
        """Declining a free discard after Everyone passes leaves on top a card nobody else can match: the others
        draw until one draws a match, and the bot follows it on its next turn. That only beats shedding a card
        when every discard is one worth keeping (a Special Animal, a Chameleon, a card the next player follows):
        the score of a discard valued at -2 (in self-play, declining more often than that gained nothing)."""
        if table.reason != "everyone passes" or len(table.hand) <= 2 or table.match is None:
            return -100.0
        followers = table.deck.matchers[table.deck.index[table.match]]
        if not any(table.deck.index[c] in followers for c in table.hand):
            return -100.0
        return 8.0

    def _wild_score(self, animal: str, table: _Table) -> float:
        mine = sum(1 for c in table.hand if c.animal == animal)
        unseen = sum(n for c, n in table.unseen.items() if c.animal == animal)
        lacking = sum(table.p_lacks(unseen, h) for h in table.others) / max(1, len(table.others))
        if mine >= 1 and (mine >= unseen or lacking >= 0.4):
            return 20.0 + 10.0 * lacking  # holds the most of it: the others mostly draw
        return 1.0 + lacking  # otherwise only when nothing else can be played

    def _card_value(self, card: Card, table: _Table, discard: bool) -> float:
        rest = list(table.hand)
        if card in rest:
            rest.remove(card)
        value = 3.0 if card.count == 2 else 0.0  # shed pairs early
        effect = effect_of(card)
        if effect == ANY_SINGLE:
            value -= 3.0  # the most flexible card: keep it
        elif effect is not None:
            if discard:
                value -= 5.0  # a free discard wastes the animal's effect
            elif effect in _HURTS_NEXT and table.next_size <= 3:
                value += 5.0
            else:
                value += 1.0
        share = table.matchers_unseen(card)
        value -= 4.0 * (1.0 - table.p_lacks(share, table.next_size))  # the next player may follow
        everyone_passes = 1.0
        for h in table.others:
            everyone_passes *= table.p_lacks(share, h)
        if not discard:
            value += 8.0 * everyone_passes  # a free discard follows
        wild_held = any(c.animal == WILD for c in rest)
        if card.animal in BASIC_ANIMALS and wild_held and not any(c.animal in BASIC_ANIMALS for c in rest):
            value -= 4.0  # keep one basic animal so the Wild Card stays playable
        return value
