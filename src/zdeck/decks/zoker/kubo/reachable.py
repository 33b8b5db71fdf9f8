"""What a reachable Zoker Kubo state is: the one check of a state against the rules (docs/writing-a-game.md).
Each condition asks the rule the play uses: how the cube is built (`board.buildable`, `board.layable`), which
lines score (`LINE_MASKS`, `LINE_POINTS`, `ZOKER_LINES`), when a lay or passes end the round (`lay_ends_round`,
`circle_passed`), a round's points (`rules.round_points`) and the match's end (`match_over`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zdeck.bits import indices
from zdeck.decks.zoker.cards import texts_of
from zdeck.decks.zoker.kubo.board import LINE_MASKS, LINE_POINTS, ZOKER_LINES, buildable, layable
from zdeck.decks.zoker.kubo.rules import HAND, OVER, SHOUT, round_points
from zdeck.statedict import require

if TYPE_CHECKING:
    from zdeck.decks.zoker.kubo.state import KuboState


def check(s: KuboState) -> None:
    """Refuse a state no game reaches (a ValueError naming the field); return None for one it can."""
    frame, corners = s.frame, s.frame.corners
    cards = indices(s.placed) + [c for h in s.hands for c in indices(h)] + s.draw_pile
    require(sorted(cards) == list(range(64)), "table, hands and draw_pile must hold each of the 64 cards exactly once")
    require(s.placed & corners == corners, f"table: the starting corners {', '.join(texts_of(corners))} must be on it")
    require(buildable(frame, s.placed),
            "table: no play lays these cards (a card with nothing below or beside it, or under another)")
    require(s.layable == layable(frame, s.placed), "table: the places kept open are not those the table leaves open")
    require(len(s.draw_pile) < 64 - corners.bit_count() - HAND * s.game.players,
            "draw_pile: more cards than are left after the deal and the first draw")
    require(s.laid <= s.placed.bit_count() - corners.bit_count(), "laid: more cards than the table holds beyond the corners")
    require(not s.passes or not s.draw_pile, "passes: counted only while the draw pile is used up, after turns without a card")
    _check_lines(s)
    if s.phase == OVER:
        _check_ended(s)
    else:
        _check_turn(s)
    over = s.phase == OVER
    require(len(s.history) == s.round_no - (not over), "history must hold one entry per finished round")
    require(s.totals == [sum(r[p] for r in s.history) for p in range(s.game.players)],
            "totals must add up the rounds in history")
    require(not over or s.history[-1] == s.points, "history: the last round's entry is its points")
    require(not over or s.match_over(), "phase: the match goes on until its last round or its target")
    require(over or not s.target_reached(), "totals: the match ends after the round that reaches the target")
    require((s.last is None) == (s.version == 0), "last: every action taken is recorded, and none before the first")


def _check_lines(s: KuboState) -> None:
    """Scored and pending lines are complete, each scored once; under auto scoring every complete line is."""
    complete = {k for k, mask in enumerate(LINE_MASKS) if s.placed & mask == mask}
    scored = [k for _, k in s.scored]
    require(len(set(scored + s.pending)) == len(scored) + len(s.pending),
            "scored, pending: a structure is scored or waits to be announced once")
    require(set(scored + s.pending) <= complete,
            "scored, pending: a structure counts only once its four cards are on the table")
    require(s.claiming or set(scored) == complete,
            "scored: under auto scoring every structure on the table is scored as it is completed")
    require(not s.pending or (s.claiming and s.phase != OVER and s.laid > 0),
            "pending: structures wait to be announced only under claim scoring, in a turn that laid")
    require(s.phase == OVER or not ZOKER_LINES & set(scored), "scored: a scored Zoker ends the round")
    earned = [0] * s.game.players
    for seat, k in s.scored:
        earned[seat] += LINE_POINTS[k]
    if s.phase == OVER:
        earned = round_points(earned, s.hands)
    require(s.points == earned, f"points: the structures scored this round make {earned}")


def _check_turn(s: KuboState) -> None:
    """The turn in progress: the shouts, the passes and whether the round is closing."""
    require(s.phase != SHOUT or bool(s.pending), "phase: a shout phase needs structures to shout for")
    require(not s.circle_passed(), f"passes: {s.passes} turns in a row without a card end the round")
    require(all(hand for p, hand in enumerate(s.hands) if p != s.turn), "hands: a player who lays the last card ends the round")
    ending = s.lay_ends_round(s.turn)
    require(s.closing == (s.claiming and ending), "closing: true exactly when, under claim scoring, the turn's player "
                                                  "has laid their last card or no card can be laid any more")
    require(s.claiming or not ending, "hands, table: under auto scoring the round ends once a hand is empty or no card "
                                      "can be laid")


def _check_ended(s: KuboState) -> None:
    """A finished round: it ended on a Zoker, an empty hand, a table where nothing can be laid, or passes."""
    require(not s.closing, "closing: the round is over")
    zoker = bool(ZOKER_LINES & {k for _, k in s.scored})
    require(zoker or any(s.lay_ends_round(p) for p in range(s.game.players)) or s.circle_passed(),
            "phase: a round ends on a Zoker, an empty hand, a table where nothing can be laid, or a full circle of passes")
