"""What a reachable ZAR state is: the one check of a state against the rules.

`read_state` runs it on every state it reads (after ranging each field), and the conformance suite on
every state of random play and of every resample, so it is trusted both ways: it refuses what no play
reaches and never what play does. Each condition asks the rule the transitions use - the state's own
`match_over`, `anyone_may_match`, `nothing_to_draw`, `blocked`, `dealer_of`, the `WASP_DRAWS` table - so
that a rule is written once. A ValueError names the field that is wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zdeck.decks.zar.actions import Play
from zdeck.decks.zar.cards import CHAMELEON, WASP_DRAWS, declarations
from zdeck.decks.zar.rules import DRAWN, OUT, OVER, PLAY, dealer_of

if TYPE_CHECKING:
    from zdeck.decks.zar.state import ZarState


def check(state: ZarState) -> None:
    """Refuse a state no game reaches; return None for one it can."""
    _check_cards(state)
    _check_group(state)
    _check_moment(state)
    _check_match(state)
    _check_last(state)


def _check_cards(state: ZarState) -> None:
    """Hands, Drawpile and Playpile: together exactly the deck in play; a Chameleon on the Playpile counts
    as the card it was played as, every other card as itself."""
    if not state.pile or len(state.pile) != len(state.pile_as):
        raise ValueError("pile: the Playpile is never empty, and pile_as gives each of its cards an identity")
    if any(a == CHAMELEON or (p != CHAMELEON and p != a) for p, a in zip(state.pile, state.pile_as)):
        raise ValueError("pile_as: it repeats the printed cards and gives each Chameleon an identity")
    counts = [sum(column) for column in zip(*state.hands)]  # (counts, never cards: a count is bounded above)
    for card in state.drawpile + state.pile:
        counts[card] += 1
    if counts != [state.game.deck.count(k) for k in range(len(counts))]:
        raise ValueError("hands: the hands, drawpile and pile do not add up to the deck in play")
    if state.sizes != [sum(h) for h in state.hands]:
        raise ValueError("hands: the hand sizes kept do not count the hands")


def _check_group(state: ZarState) -> None:
    """The play group on top: its declaration, the pending Wasp draw, the turn, the drawn card, idle turns."""
    top = state.pile_as[-1]
    if state.declared not in declarations(top):
        raise ValueError(f"declared: {state.declared} does not fit the top card")
    per_card = WASP_DRAWS[top]  # the rule the plays follow: each Wasp put on the group adds this
    if state.stack and (not per_card or state.stack % per_card or state.stack < per_card * state.count):
        raise ValueError(f"stack: a pending draw of {state.stack} is what the Wasps on top add, at least the group's")
    if (state.turn < 0) != (state.phase in (OUT, OVER)):
        raise ValueError("turn: nobody's (-1) exactly when a last card waits for matches or the game is over")
    drawn = state.drawn
    if (drawn >= 0) != (state.phase == DRAWN) or (drawn >= 0 and not state.hands[state.turn][drawn]):
        raise ValueError("drawn: only in phase 'drawn', a card in the turn player's hand")
    if state.blocked() and state.phase != OVER:
        raise ValueError(f"idle: {state.idle} turns without a card end the hand")
    if state.idle and (not state.nothing_to_draw() or state.matchable):
        raise ValueError("idle: turns pass without a card only when there is nothing left to draw")


def _check_moment(state: ZarState) -> None:
    """Field combinations that would leave nobody able to act."""
    phase = state.phase
    if phase in (PLAY, DRAWN) and not 1 <= state.run <= state.count:
        raise ValueError("run: the play group needs 1 <= run <= count")
    if phase == OUT and (not state.matchable or state.sizes[state.owner]):
        raise ValueError("phase: 'out' means the group's owner has no cards and the group is open")
    if phase == OUT and not state.anyone_may_match():
        raise ValueError("phase: 'out' needs someone able to match the last card (else the hand is over)")
    if phase == OVER and state.matchable:
        raise ValueError("matchable: a finished game has no open group")
    if phase == DRAWN and (state.matchable or state.stack):
        raise ValueError("phase: after a draw the top card is closed and no Wasp draw is pending")
    if state.stack and phase != OVER and (not state.matchable or phase not in (PLAY, OUT)):
        raise ValueError("stack: a pending Wasp draw belongs to an open group")


def _check_match(state: ZarState) -> None:
    """The match so far: each finished hand's points, the totals, who deals, the penalties."""
    n = state.game.players
    if state.totals != [sum(column) for column in zip(*state.history, [0] * n)]:
        raise ValueError("totals: they must add up each hand's points in history")
    over = state.phase == OVER
    if over != state.match_over():
        raise ValueError(f"phase: {state.phase}, but the end of the game is {'not ' * over}reached")
    if state.hand_no != len(state.history) + (0 if over else 1):
        raise ValueError(f"hand_no: {state.hand_no} after {len(state.history)} finished hands")
    if (state.hand_winner >= 0) != bool(state.history):
        raise ValueError("hand_winner: set exactly when a hand has been finished")
    if not over and state.dealer != dealer_of(state.hand_winner):
        raise ValueError("dealer: seat 0 deals first, then the winner of each hand")
    if sum(state.penalties) > (state.version if state.game.spoken_calls else 0):
        raise ValueError("penalties: at most one card per call made (none under auto calls)")


def _check_last(state: ZarState) -> None:
    """The last submission of this hand and the call its play was due."""
    played = type(state.last_action) is Play
    if (state.call is not None) != played:
        raise ValueError("call: the last play's call, and none when the last action was no play")
    if played and state.last_seat != state.owner:
        raise ValueError("last: the last play's player owns the group on top")
    if (state.last_action is None) != (state.last_seat < 0):
        raise ValueError("last: a seat for the last action, and none before it")
