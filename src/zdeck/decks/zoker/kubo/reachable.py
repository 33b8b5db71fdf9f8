"""What a reachable Zoker Kubo state is: the one check of a state against the rules.

`read_state` runs it on every state it reads (after ranging each field), and the conformance suite on
every state of random play and of every resample. Its conditions ask the rules the play uses: how the
cube is built (`board.buildable`, `board.layable`), which lines a table completes (`LINE_MASKS`, with
their `LINE_POINTS`, a Zoker among `ZOKER_LINES`), when a lay ends the round (`lay_ends_round`), when
passes do (`circle_passed`), a round's points (`round_points`) and the match's end (`match_over`). A
ValueError names the field that is wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zdeck.bits import indices
from zdeck.decks.zoker.cards import texts_of
from zdeck.decks.zoker.kubo.board import LINE_MASKS, LINE_POINTS, ZOKER_LINES, buildable, layable
from zdeck.decks.zoker.kubo.rules import HAND, OVER, SHOUT, round_points

if TYPE_CHECKING:
    from zdeck.decks.zoker.kubo.state import KuboState


def check(state: KuboState) -> None:
    """Refuse a state no game reaches; return None for one it can."""
    _check_cards(state)
    _check_lines(state)
    _check_turn(state)
    _check_round(state)
    _check_match(state)


def _check_cards(state: KuboState) -> None:
    """Every card once; the table built from the starting corners as the rules lay cards."""
    frame = state.frame
    cards = indices(state.placed) + [c for h in state.hands for c in indices(h)] + state.draw_pile
    if sorted(cards) != list(range(64)):
        raise ValueError("table, hands and draw_pile must hold each of the 64 cards exactly once")
    if state.placed & frame.corners != frame.corners:
        raise ValueError(f"table: the starting corners {', '.join(texts_of(frame.corners))} must be on it")
    if not buildable(frame, state.placed):
        raise ValueError("table: no play lays these cards (a card with nothing below or beside it, or under another)")
    if state.layable != layable(frame, state.placed):
        raise ValueError("table: the places kept open are not those the table leaves open")
    dealt = frame.corners.bit_count() + HAND * state.game.players
    if len(state.draw_pile) >= 64 - dealt:
        raise ValueError("draw_pile: more cards than are left after the deal and the first draw")


def _check_lines(state: KuboState) -> None:
    """Scored and pending lines are complete, each scored once; under auto scoring every complete line is."""
    complete = {k for k, mask in enumerate(LINE_MASKS) if state.placed & mask == mask}
    scored = [k for _, k in state.scored]
    if len(set(scored + state.pending)) != len(scored) + len(state.pending):
        raise ValueError("scored, pending: a structure is scored or waits to be announced once")
    if not set(scored + state.pending) <= complete:
        raise ValueError("scored, pending: a structure counts only once its four cards are on the table")
    if not state.claiming and set(scored) != complete:
        raise ValueError("scored: under auto scoring every structure on the table is scored as it is completed")
    if state.pending and (not state.claiming or state.phase == OVER or state.laid == 0):
        raise ValueError("pending: structures wait to be announced only under claim scoring, in a turn that laid")
    if state.phase != OVER and ZOKER_LINES & set(scored):
        raise ValueError("scored: a scored Zoker ends the round")
    earned = [0] * state.game.players
    for seat, k in state.scored:
        earned[seat] += LINE_POINTS[k]
    if state.phase == OVER:
        earned = round_points(earned, state.hands)
    if state.points != earned:
        raise ValueError(f"points: the structures scored this round make {earned}")


def _check_turn(state: KuboState) -> None:
    """The turn in progress: what was laid, the passes, the shouts and whether the round is closing."""
    if state.laid > state.placed.bit_count() - state.frame.corners.bit_count():
        raise ValueError("laid: more cards than the table holds beyond the corners")
    if state.phase == SHOUT and not state.pending:
        raise ValueError("phase: a shout phase needs structures to shout for")
    if state.passes and state.draw_pile:
        raise ValueError("passes: counted only while the draw pile is used up, after turns without a card")
    if state.phase == OVER:
        if state.closing:
            raise ValueError("closing: the round is over")
        return
    if state.circle_passed():
        raise ValueError(f"passes: {state.passes} turns in a row without a card end the round")
    if any(not hand for p, hand in enumerate(state.hands) if p != state.turn):
        raise ValueError("hands: a player who lays the last card ends the round")
    ending = state.lay_ends_round(state.turn)
    if state.closing != (state.claiming and ending):
        raise ValueError("closing: true exactly when, under claim scoring, the turn's player has laid their last "
                         "card or no card can be laid any more")
    if ending and not state.claiming:
        raise ValueError("hands, table: under auto scoring the round ends once a hand is empty or no card can be laid")


def _check_round(state: KuboState) -> None:
    """The last action, and the round's end when over."""
    if (state.last is None) != (state.version == 0):
        raise ValueError("last: every action taken is recorded, and none before the first")
    if state.phase != OVER:
        return
    zoker = bool(ZOKER_LINES & {k for _, k in state.scored})
    if not (zoker or any(state.lay_ends_round(p) for p in range(state.game.players)) or state.circle_passed()):
        raise ValueError("phase: a round ends on a Zoker, an empty hand, a table where nothing can be laid, "
                         "or a full circle of passes")


def _check_match(state: KuboState) -> None:
    """Rounds played so far, their totals, and the match's end."""
    over = state.phase == OVER
    if len(state.history) != state.round_no - (not over):
        raise ValueError("history must hold one entry per finished round")
    if state.totals != [sum(r[p] for r in state.history) for p in range(state.game.players)]:
        raise ValueError("totals must add up the rounds in history")
    if over and state.history[-1] != state.points:
        raise ValueError("history: the last round's entry is its points")
    if over and not state.match_over():
        raise ValueError("phase: the match goes on until its last round or its target")
    if not over and state.target_reached():
        raise ValueError("totals: the match ends after the round that reaches the target")
