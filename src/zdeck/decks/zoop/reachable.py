"""What a reachable Zoop state is: the one check of a state against the rules (docs/writing-a-game.md).
Each condition asks the rule the play uses: what a card matches (`deck.match_mask`), what a Special Animal
does (`rules.Effect`, a Crab by `rules.direction_after`), which free discards and Wild Card plays a hand
allows (`specials.discard_mask`, `discard_wilds`, `wild_actions`). A state that passes leaves someone a move."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zdeck.decks.zoop.phases import DISCARD, DRAWN, OVER, OWED, PLAY, ROUND_END, SPECIAL
from zdeck.decks.zoop.rules import direction_after
from zdeck.decks.zoop.specials import discard_mask, discard_wilds, wild_actions
from zdeck.statedict import require

if TYPE_CHECKING:
    from zdeck.decks.zoop.state import ZoopState


def check(s: ZoopState) -> None:
    """Refuse a state no game reaches (a ValueError naming the field); return None for one it can."""
    d, phase = s.rules.deck, s.phase
    require(bool(s.pile), "pile: the discard pile is never empty")
    counts = [0] * len(d.kinds)
    for k in [*s.draw, *s.pile, *(k for h in s.hands for k in h)]:
        counts[k] += 1
    require(tuple(counts) == d.copies, "hands: the cards in hands, draw pile and discard pile are not exactly one deck")
    require(d.is_animal[s.match], "match: the card to match must be an animal card")
    require(s.match == next((k for k in reversed(s.pile) if d.is_animal[k]), -1),
            "match: 'match' must be the topmost animal card of the discard pile")
    require((phase == DRAWN) == (s.drawn >= 0) and (s.drawn < 0 or s.drawn in s.hands[s.turn]),
            "drawn: 'drawn' must be a card of the turn player's hand exactly in phase 'drawn'")
    require(all(k < 0 or d.is_animal[k] for k in s.drew_on), "drew_on: the card drawn on must be an animal card")
    for p in range(s.game.players):
        why = misfit(s, p)
        if why is not None:
            raise ValueError(why)
    if s.cage is not None:  # a Cage may capture only the Special Animal on top, right after its player played it
        who, before, since = s.cage
        effect = s.rules.effects[s.pile[-1]]
        require(effect.capturable and since == s.top_since and who == s.placer and phase in (PLAY, OWED, DISCARD),
                "cage: a Cage may capture only a Special Animal its player has just put on top")
        require(s.direction == direction_after(before, effect.reverses),
                "cage direction: the direction before the animal (a Crab reversed it)")
    require(phase != SPECIAL or s.declared is not None, "declared: a Special Round needs a declared animal")
    require((phase == DISCARD) == (s.reason is not None), "reason: 'reason' is set exactly in phase 'discard'")
    require((phase == OVER) == (s.winner >= 0), "winner: 'winner' and 'end' are set exactly when the game is over")
    require((phase == OVER) == (s.end is not None), "end: 'end' says how a finished game ended, and only then")
    if phase != OVER:  # a finished game keeps whatever the winning move left
        _check_moment(s)


def misfit(s: ZoopState, p: int) -> str | None:
    """What seat p's hand contradicts of what the table shows of it, or None: a seat that drew for want of a
    match and has gained no card since (`drew_on`) holds none matching what it drew on (but the drawn card it
    must now play); the hand in turn holds a card to discard while a free discard is owed, and a basic animal
    to declare while a drawn Wild Card waits. (A resample deals hidden hands that keep these.)"""
    d, k = s.rules.deck, s.drew_on[p]
    if k >= 0:
        held = s.masks[p]
        if s.phase == DRAWN and p == s.turn and s.hands[p].count(s.drawn) == 1:  # (a second copy was held before)
            held &= ~s.rules.bit[s.drawn]
        if held & d.match_mask[k]:
            return f"drew_on: seat {p} drew for want of a match, yet holds a card matching {d.texts[k]!r}"
    if p != s.turn:
        return None
    if s.phase == DISCARD and not discard_mask(s, p) and not discard_wilds(s, p):
        return "phase: a free discard is offered to a player with no card to discard"
    if s.phase == DRAWN and s.drawn == d.wild and not wild_actions(s, p):
        return "drawn: a drawn Wild Card waiting to be played needs a Rabbit, Koala or Toucan in hand"
    return None


def _check_moment(s: ZoopState) -> None:
    """A game going on: the fields of what the seat in turn owes - drawing, a free discard, a Special Round."""
    phase = s.phase
    require((phase == OWED) == (s.owed > 0), "owed: 'owed' cards are drawn exactly in phase 'owed'")
    require(phase != OWED or bool(s.draw), "phase: 'owed' needs a card in the draw pile")
    require((phase == DISCARD) == (s.resume >= 0), "resume: 'resume' is set exactly while a free discard is owed")
    require(phase == DISCARD or not s.resume_owed, "resume_owed: 'resume_owed' is set only while a free discard is owed")
    require(all(s.hands), "hands: a player with an empty hand has won: the game is over")
    round_end = phase == DISCARD and s.reason == ROUND_END
    in_round = phase == SPECIAL or round_end
    require(in_round == (s.declared is not None), "declared: 'declared' is set exactly during a Special Round and its closing discard")
    require(in_round == (s.starter >= 0), "starter: 'starter' is set exactly during a Special Round and its closing discard")
    require(phase != SPECIAL or s.starter != s.turn, "starter: the Special Round's starter does not answer it")
    require(phase != SPECIAL or (len(set(s.queue)) == len(s.queue) and not {s.starter, s.turn} & set(s.queue)),
            "queue: 'queue' lists other players still to answer, each once")
    require(phase == SPECIAL or not s.queue, "queue: 'queue' is empty outside a Special Round")
    require(not round_end or s.turn == s.starter, "turn: the Special Round's closing discard is its starter's")
