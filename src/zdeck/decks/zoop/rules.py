"""Zoop's rule tables: what each card kind does and who may follow it, built once per deck, options and table
size, so that the questions asked at every move are a few look-ups and integer ANDs (docs/rules/zoop.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from zdeck.decks.zoop.cards import BASIC_ANIMALS, NEXT_DRAWS, NEXT_MISSES, NEXT_MISSES_THEN_DRAWS, REVERSE, Deck

if TYPE_CHECKING:
    from zdeck.decks.zoop.actions import ActionRows, PlayWild


class Effect(NamedTuple):
    """What playing a card of one kind does to the turn (section 4 of the rulebook)."""

    skip: int  # seats the turn moves on: 2 when the next player misses their turn
    owed: int  # cards the player who gets the turn draws first (Monkeys, Kangaroo)
    follows: int  # mask of the kinds that may be played on it (Everyone passes asks who holds one)
    capturable: bool  # a Special Animal: a Cage may capture it
    reverses: bool  # a Crab


class RuleTables:
    """Tables the rules read at every move, for one deck, one set of options and one table size."""

    def __init__(self, deck: Deck, rows: ActionRows, players: int, held_rule: bool) -> None:
        d, n = deck, players
        self.bit: tuple[int, ...] = tuple(1 << k for k in range(len(d.kinds)))
        self.wild_bit, self.cage_bit = self.bit[d.wild], self.bit[d.cage]
        self.effects: tuple[Effect, ...] = tuple(effect_of(d, k) for k in range(len(d.kinds)))
        self.basic_masks: tuple[int, ...] = tuple(d.mask_of_animal[a] for a in BASIC_ANIMALS)
        # wild_lists[i]: the Wild Card actions open to a hand holding the basic animals of bitset i
        # (bit j: BASIC_ANIMALS[j]); none without a basic animal, so a Wild Card is never the last card.
        self.wild_lists: tuple[tuple[PlayWild, ...], ...] = tuple(
            wild_actions(rows, [a for j, a in enumerate(BASIC_ANIMALS) if i >> j & 1], held_rule)
            for i in range(1 << len(BASIC_ANIMALS))
        )
        self.solo: tuple[tuple[int, ...], ...] = tuple((p,) for p in range(n))  # actors() when one seat acts
        # others[direction][p]: the other seats in playing order from p (a Special Round's answerers)
        self.others = {step: tuple(tuple((p + i * step) % n for i in range(1, n)) for p in range(n)) for step in (1, -1)}


def wild_actions(rows: ActionRows, held: list[str], held_rule: bool) -> tuple[PlayWild, ...]:
    """Rule 5: the animals a Wild Card may declare with these basic animals in hand - one held (`held_rule`),
    or any basic animal - and none without one."""
    if not held:
        return ()
    return tuple(rows.wild[a] for a in (held if held_rule else BASIC_ANIMALS))


def direction_after(direction: int, reverses: bool) -> int:
    """The direction of play once a Special Animal is played: a Crab (`Effect.reverses`) reverses it."""
    return -direction if reverses else direction


def effect_of(deck: Deck, k: int) -> Effect:
    """What playing a card of kind `k` does to the turn (rule 4)."""
    effect = deck.effect[k]
    return Effect(
        skip=2 if effect in (NEXT_MISSES, NEXT_MISSES_THEN_DRAWS) else 1,
        owed=1 if effect in (NEXT_DRAWS, NEXT_MISSES_THEN_DRAWS) else 0,
        follows=deck.match_mask[k],
        capturable=deck.is_special_animal[k],
        reverses=effect == REVERSE,
    )
