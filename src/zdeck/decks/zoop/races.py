"""Zoop's out-of-turn rules: ZOOP! (rule 2.1: the exact same card as the top card, with the call) and the Cage
(rule 5: capturing a Special Animal just played, with "Captured!") - who may send one now, what the rules do
with it, with a wrong or silent one, and with one that lands late (docs/rules/zoop.md, Clarification 9).
The state's turn flow (state.py) asks these at every race moment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zdeck.bits import indices
from zdeck.core import Action, IllegalAction, Outcome
from zdeck.decks.zoop.actions import CAGE, SILENT_CAGE, Cage, Zoop
from zdeck.decks.zoop.phases import CAPTURE, DISCARD, OWED, PASSES, ROUND_END, SPECIAL, ZOOP_PHASES
from zdeck.decks.zoop.specials import start_discard

if TYPE_CHECKING:
    from zdeck.decks.zoop.state import ZoopState


def may_zoop(s: ZoopState, p: int) -> bool:
    """Rule 2.1's window: not at the start of one's own turn, not on the card one just put down, not in a
    Special Round (nor while a free discard is owed), and only on an animal card."""
    return (
        s.phase in ZOOP_PHASES
        and p != s.turn
        and p != s.placer
        and s.rules.deck.is_animal[s.pile[-1]]
    )


def zoop_want(s: ZoopState) -> int:
    """The kinds whose holders (other than the turn player and the placer) may ZOOP! now: the top card, or
    with strict calls and a draw pile any animal card (a wrong card may be sent, and is penalised)."""
    g, top = s.rules, s.pile[-1]
    if s.phase not in ZOOP_PHASES or not g.deck.is_animal[top]:
        return 0
    if g.strict and s.draw:
        return g.deck.animal_mask
    return g.bit[top] if s.in_hands[top] else 0


def someone_may_zoop(s: ZoopState, want: int) -> bool:
    turn, placer = s.turn, s.placer
    for q, m in enumerate(s.masks):  # (a loop: a generator costs more than the rest of the question)
        if m & want and q != turn and q != placer:
            return True
    return False


def zoop_actions(s: ZoopState, p: int) -> list[Action]:
    if not may_zoop(s, p):
        return []
    g, m, top = s.rules, s.masks[p], s.pile[-1]
    if not g.strict or not s.draw:  # penalties need a card to draw, so only the right call is offered
        return [g.rows.zoop[top]] if m >> top & 1 else []
    acts: list[Action] = []
    for k in indices(m & g.deck.animal_mask):
        acts += [g.rows.zoop[k], g.rows.silent_zoop[k]]
    return acts


def may_cage(s: ZoopState, p: int) -> bool:
    """Rule 5: a Cage captures a Special Animal just played (with own_cage="others", another player's)."""
    cage = s.cage
    return cage is not None and (s.rules.own_cage or cage[0] != p) and bool(s.masks[p] & s.rules.cage_bit)


def cage_actions(s: ZoopState) -> list[Action]:
    return [CAGE, SILENT_CAGE] if s.rules.strict and s.draw else [CAGE]


def zoop(s: ZoopState, p: int, action: Zoop) -> Outcome | None:
    """Rule 2.1: the exact same card, out of turn, with the call; a wrong card or no call is penalised."""
    k = action.card.kind
    if not (action.called and k == s.pile[-1]):
        penalise(s, p)
        return Outcome.PENALISED
    s.cage = None
    s._place(p, k)
    s.out_of_turn_at = s.top_since
    if not s.hands[p]:
        s._win(p)
        return None
    # By default a ZOOP! leaves the turn where it was: the card to match is unchanged (it is the same card).
    jumps = s.rules.zoop_jumps
    turn, owed = ((p + s.direction) % s.game.players, 0) if jumps else (s.turn, s.owed)
    if s._nobody_else_holds(p, s.rules.effects[k].follows):
        start_discard(s, p, PASSES, turn, owed)
    elif jumps:
        s._begin_turn(turn, owed)
    return None


def capture(s: ZoopState, p: int, action: Cage) -> Outcome | None:
    """Rule 5: the Cage goes on the animal, its player draws one, and the Cage's player discards."""
    if not action.called:
        penalise(s, p)  # a Cage without "Captured!" goes back to the hand and one card is drawn
        return Outcome.PENALISED
    assert s.cage is not None
    captured, before, _ = s.cage
    s.cage = None
    s._place(p, s.rules.deck.cage)
    s.out_of_turn_at = s.top_since
    if not s.hands[p]:  # the Cage was the last card: the game is won before anything else happens
        s._win(p)
        return None
    s._draw_one(captured)  # the captured player draws one card (the Cage's player, if they caged their own)
    if s.rules.crab_cancelled:
        s.direction = before  # the captured animal's effect does not happen
    s.owed, s.drawn, s.declared = 0, -1, None
    start_discard(s, p, CAPTURE, (p + s.direction) % s.game.players, 0)
    return None


def penalise(s: ZoopState, p: int) -> None:
    """A wrong, silent or late call: the card stays in hand and one card is drawn."""
    s._draw_one(p)
    if not s.draw and s.phase == OWED:  # nothing left for Monkeys/Kangaroo to make them draw
        s._next_turn(s.turn, 0)


def late_zoop(s: ZoopState, p: int, action: Zoop, seen: int) -> Outcome:
    """Rule 2.1 for a ZOOP! sent against an older version (docs/rules/zoop.md, Clarification 9)."""
    k = action.card.kind
    if not s.masks[p] >> k & 1:
        raise IllegalAction(f"player {p} does not hold {action.card}")
    if s.top_since <= seen:  # the sender saw this very top card
        if s.is_legal(p, action):
            return zoop(s, p, action) or Outcome.APPLIED
        if may_zoop(s, p) and (s.draw or not s.rules.strict):
            raise IllegalAction(s.explain_illegal(p, action))  # it was not legal when sent either
        # Their window closed meanwhile (their turn, a Special Round...), or a strict penalty
        # would have nothing left to draw.
        return Outcome.BOUNCED
    if s.out_of_turn_at <= seen and action.called and k == s.pile[-1] and s.is_legal(p, action):
        # Only plays in turn landed since, and the top is again the exact same card: no collision (rule 2.1
        # penalises two out-of-turn plays at once, a wrong card or no call), so the ZOOP! stands.
        return zoop(s, p, action) or Outcome.APPLIED
    if (
        s.phase == SPECIAL
        or (s.phase == DISCARD and s.reason == ROUND_END)
        or p in (s.turn, s.placer)
        or not s.draw
    ):
        # A moment when nobody may yell ZOOP! (a Special Round, the start of one's own turn),
        # or a penalty with nothing to draw: the card simply stays in hand.
        return Outcome.BOUNCED
    # Another ZOOP! or a Cage landed first (the later of two out-of-turn plays), or the top is now a
    # different card (rule 2.1) - even if a free discard is now owed.
    penalise(s, p)
    return Outcome.PENALISED


def late_cage(s: ZoopState, p: int, action: Cage, seen: int) -> Outcome:
    """A Cage sent against an older version captures if the animal it saw is still capturable."""
    if not s.masks[p] & s.rules.cage_bit:
        raise IllegalAction(f"player {p} holds no Cage")
    if s.cage is not None and s.cage[2] <= seen and s.is_legal(p, action):
        return capture(s, p, action) or Outcome.APPLIED
    return Outcome.BOUNCED  # the animal was already captured or play went on: the Cage stays in hand


def explain_zoop(s: ZoopState, p: int, action: Zoop) -> str:
    d = s.rules.deck
    if s.phase == SPECIAL:
        return "nobody may ZOOP! during a Special Round (rule 2.1)"
    if s.phase == DISCARD:
        return "the free discard comes first; nobody may ZOOP! meanwhile"
    if p == s.turn:
        return "no ZOOP! at the start of one's own turn: just play the card (rule 2.1)"
    if p == s.placer:
        return "no ZOOP! at the end of one's own turn: the top card is yours (rule 2.1)"
    if not s.masks[p] >> action.card.kind & 1:
        return f"player {p} does not hold {action.card}"
    if not d.is_animal[s.pile[-1]]:
        return "ZOOP! needs an animal card on top of the pile"
    if s.rules.strict:
        return "a wrong or silent ZOOP! is penalised by a draw, so it needs a non-empty draw pile"
    return f"ZOOP! needs the exact same card as the top card ({d.kinds[s.pile[-1]]}) (rule 2.1)"


def explain_cage(s: ZoopState, p: int) -> str:
    if s.cage is None:
        return "a Cage may only capture a Special Animal just played (rule 5)"
    if s.cage[0] == p and not s.rules.own_cage:
        return "with own_cage='others' a Cage captures another player's Special Animal, not one's own"
    if not s.masks[p] & s.rules.cage_bit:
        return f"player {p} holds no Cage"
    return "a Cage without the call is only possible with calls='strict' and a non-empty draw pile"
