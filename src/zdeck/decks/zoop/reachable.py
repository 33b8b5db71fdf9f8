"""What a reachable Zoop state is: the one check of a state against the rules.

`read_state` runs it on every state it reads (after ranging each field), and the conformance suite on
every state of random play and of every resample. Its conditions ask the rules the play uses: what a card
matches (`deck.match_mask`), what a Special Animal does (`rules.Effect`, a Crab's turn by
`rules.direction_after`), which free discards and Wild Card plays a hand allows (`specials.discard_mask`,
`discard_wilds`, `wild_actions`). A state that passes leaves someone a legal move. A ValueError names the field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zdeck.decks.zoop.phases import DISCARD, DRAWN, OVER, OWED, PLAY, ROUND_END, SPECIAL
from zdeck.decks.zoop.rules import direction_after
from zdeck.decks.zoop.specials import discard_mask, discard_wilds, wild_actions

if TYPE_CHECKING:
    from zdeck.decks.zoop.state import ZoopState


def check(s: ZoopState) -> None:
    """Refuse a state no game reaches; return None for one it can."""
    _check_cards(s)
    _check_turn(s)
    _check_end(s)
    if s.phase != OVER:  # a finished game keeps whatever the winning move left
        _check_moment(s)
        _check_round_fields(s)


def _check_cards(s: ZoopState) -> None:
    """Exactly one deck in hands, draw pile and discard pile; the card to match is the topmost animal."""
    d = s.game.deck
    if not s.pile:
        raise ValueError("pile: the discard pile is never empty")
    counts = [0] * len(d.kinds)
    for k in [*s.draw, *s.pile, *(k for h in s.hands for k in h)]:
        counts[k] += 1
    if tuple(counts) != d.copies:
        raise ValueError("hands: the cards in hands, draw pile and discard pile are not exactly one deck")
    if not d.is_animal[s.match]:
        raise ValueError("match: the card to match must be an animal card")
    if s.match != next(k for k in reversed(s.pile) if d.is_animal[k]):
        raise ValueError("match: 'match' must be the topmost animal card of the discard pile")


def _check_turn(s: ZoopState) -> None:
    """The drawn card, what the table knows of hands that drew, and the Cage's window."""
    d = s.game.deck
    if (s.phase == DRAWN) != (s.drawn >= 0) or (s.drawn >= 0 and s.drawn not in s.hands[s.turn]):
        raise ValueError("drawn: 'drawn' must be a card of the turn player's hand exactly in phase 'drawn'")
    if any(k >= 0 and not d.is_animal[k] for k in s.drew_on):
        raise ValueError("drew_on: the card drawn on must be an animal card")
    for p in range(s.game.players):
        why = misfit(s, p)
        if why is not None:
            raise ValueError(why)
    if s.cage is not None:  # a Cage may capture only the Special Animal on top, right after its player played it
        who, before, since = s.cage
        effect = s.game.effects[s.pile[-1]]
        if not effect.capturable or since != s.top_since or who != s.placer or s.phase not in (PLAY, OWED, DISCARD):
            raise ValueError("cage: a Cage may capture only a Special Animal its player has just put on top")
        if s.direction != direction_after(before, effect.reverses):
            raise ValueError("cage direction: the direction before the animal (a Crab reversed it)")


def misfit(s: ZoopState, p: int) -> str | None:
    """What seat p's hand contradicts of what the table shows of it, or None: a seat that drew for want of a
    match and has gained no card since (`drew_on`) holds none matching what it drew on (but the drawn card it
    must now play); the hand in turn holds a card to discard while a free discard is owed, and a basic animal
    to declare while a drawn Wild Card waits. (A resample deals hidden hands that keep these.)"""
    d, k = s.game.deck, s.drew_on[p]
    if k >= 0:
        held = s.masks[p]
        if s.phase == DRAWN and p == s.turn and s.hands[p].count(s.drawn) == 1:  # (a second copy was held before)
            held &= ~s.game.bit[s.drawn]
        if held & d.match_mask[k]:
            return f"drew_on: seat {p} drew for want of a match, yet holds a card matching {d.texts[k]!r}"
    if p != s.turn:
        return None
    if s.phase == DISCARD and not discard_mask(s, p) and not discard_wilds(s, p):
        return "phase: a free discard is offered to a player with no card to discard"
    if s.phase == DRAWN and s.drawn == d.wild and not wild_actions(s, p):
        return "drawn: a drawn Wild Card waiting to be played needs a Rabbit, Koala or Toucan in hand"
    return None


def _check_end(s: ZoopState) -> None:
    """The Special Round needs its animal, a free discard its reason, a finished game its winner and ending."""
    if s.phase == SPECIAL and s.declared is None:
        raise ValueError("declared: a Special Round needs a declared animal")
    if (s.phase == DISCARD) != (s.reason is not None):
        raise ValueError("reason: 'reason' is set exactly in phase 'discard'")
    if (s.phase == OVER) != (s.winner >= 0):
        raise ValueError("winner: 'winner' and 'end' are set exactly when the game is over")
    if (s.phase == OVER) != (s.end is not None):
        raise ValueError("end: 'end' says how a finished game ended, and only then")


def _check_moment(s: ZoopState) -> None:
    """Cross-field checks of a game going on: a state that passes them always has someone with a legal move."""
    phase = s.phase
    if (phase == OWED) != (s.owed > 0):
        raise ValueError("owed: 'owed' cards are drawn exactly in phase 'owed'")
    if phase == OWED and not s.draw:
        raise ValueError("phase: 'owed' needs a card in the draw pile")
    if (phase == DISCARD) != (s.resume >= 0):
        raise ValueError("resume: 'resume' is set exactly while a free discard is owed")
    if phase != DISCARD and s.resume_owed:
        raise ValueError("resume_owed: 'resume_owed' is set only while a free discard is owed")
    if any(not h for h in s.hands):
        raise ValueError("hands: a player with an empty hand has won: the game is over")


def _check_round_fields(s: ZoopState) -> None:
    """A Special Round's fields are set exactly during the round and its closing discard."""
    phase = s.phase
    round_end = phase == DISCARD and s.reason == ROUND_END
    if (phase == SPECIAL or round_end) != (s.declared is not None):
        raise ValueError("declared: 'declared' is set exactly during a Special Round and its closing discard")
    if (phase == SPECIAL or round_end) != (s.starter >= 0):
        raise ValueError("starter: 'starter' is set exactly during a Special Round and its closing discard")
    if phase == SPECIAL:
        if s.starter == s.turn:
            raise ValueError("starter: the Special Round's starter does not answer it")
        if len(set(s.queue)) != len(s.queue) or {s.starter, s.turn} & set(s.queue):
            raise ValueError("queue: 'queue' lists other players still to answer, each once")
    elif s.queue:
        raise ValueError("queue: 'queue' is empty outside a Special Round")
    if round_end and s.turn != s.starter:
        raise ValueError("turn: the Special Round's closing discard is its starter's")
