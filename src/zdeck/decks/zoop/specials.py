"""Zoop's Wild Card, Special Round and free discard (rules 5 and 2.2): which Wild Card plays a hand allows, the
round it starts and who answers it, and the free discard that ends it (or follows Everyone passes, or a
capture): what may be put down then, and what follows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zdeck.core import Action
from zdeck.decks.zoop.actions import PlayWild
from zdeck.decks.zoop.phases import DISCARD, ROUND_END, SPECIAL

if TYPE_CHECKING:
    from zdeck.decks.zoop.state import ZoopState


def wild_actions(s: ZoopState, p: int) -> list[Action]:
    """Rule 5: a Wild Card needs a Rabbit, Koala or Toucan in hand (so it is never the last card)."""
    g, m = s.rules, s.masks[p]
    if not m & g.wild_bit:
        return []
    rabbit, koala, toucan = g.basic_masks  # BASIC_ANIMALS order
    return list(g.wild_lists[(m & rabbit != 0) | (m & koala != 0) << 1 | (m & toucan != 0) << 2])


def wild(s: ZoopState, p: int, animal: str) -> None:
    """Rule 5: a Wild Card starts a Special Round; the others answer in the order of play."""
    s._place(p, s.rules.deck.wild)
    s.drawn, s.reason, s.resume, s.resume_owed = -1, None, -1, 0  # (a Wild Card may be a free discard)
    s.declared = animal
    s.starter = p
    s.phase = SPECIAL
    s.turn, *s.queue = s.rules.others[s.direction][p]


def next_responder(s: ZoopState) -> None:
    if s.queue:
        s.turn = s.queue.pop(0)
    else:  # everybody answered: the starter's discard ends the round
        start_discard(s, s.starter, ROUND_END, (s.starter + s.direction) % s.game.players, 0)


def start_discard(s: ZoopState, p: int, reason: str, resume: int, resume_owed: int) -> None:
    """p owes a free discard, after which `resume` plays (first drawing `resume_owed`)."""
    s.reason = reason
    if not discard_mask(s, p) and not discard_wilds(s, p):  # nothing to put down: no free discard
        s._begin_turn(resume, resume_owed)
        return
    s.phase, s.turn, s.resume, s.resume_owed = DISCARD, p, resume, resume_owed


def discard_mask(s: ZoopState, p: int) -> int:
    """The animal cards p may put down as a free discard: any (of the round's animal after a held Wild Card)."""
    d = s.rules.deck
    m = s.masks[p] & d.animal_mask
    if s.reason == ROUND_END and s.rules.held_rule:
        m &= d.mask_of_animal[s.declared]  # type: ignore[index]
    return m


def discard_wilds(s: ZoopState, p: int) -> list[Action]:
    """A Wild Card as a free discard is played as one: it starts a Special Round (not to close a held one)."""
    if s.reason == ROUND_END and s.rules.held_rule:
        return []
    return wild_actions(s, p)


def discard(s: ZoopState, p: int, k: int) -> None:
    """A free discard: it has no effect, and becomes the card to match (rule 2.2)."""
    s._place(p, k)
    if not s.hands[p]:
        s._win(p)
    else:
        s._begin_turn(s.resume, s.resume_owed)


def explain_wild(s: ZoopState, p: int, action: PlayWild) -> str:
    if s.phase == SPECIAL:
        return f"in the Special Round only a {s.declared} card may be played (rule 5)"
    if not s.masks[p] & s.rules.wild_bit:
        return f"player {p} holds no Wild Card"
    if not wild_actions(s, p):
        return "a Wild Card needs a Rabbit, Koala or Toucan card in hand, so it is never the last card"
    return f"with wild_rule='held' the declared animal must be one you hold, not {action.animal}"
