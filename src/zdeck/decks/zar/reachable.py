"""What a reachable ZAR state is: the one check of a state against the rules (docs/writing-a-game.md).
Each condition asks the rule the play uses: the state's `match_over`, `anyone_may_match`, `nothing_to_draw`,
`blocked`, `rules.dealer_of` and the `WASP_DRAWS` table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zdeck.decks.zar.actions import Play
from zdeck.decks.zar.cards import CHAMELEON, WASP_DRAWS, declarations
from zdeck.decks.zar.rules import DRAWN, OUT, OVER, PLAY, dealer_of
from zdeck.statedict import require

if TYPE_CHECKING:
    from zdeck.decks.zar.state import ZarState


def check(s: ZarState) -> None:
    """Refuse a state no game reaches (a ValueError naming the field); return None for one it can."""
    _check_cards(s)
    _check_group(s)
    _check_match(s)


def _check_cards(s: ZarState) -> None:
    """Hands, Drawpile and Playpile are the deck in play; a Chameleon counts as the card it was played as."""
    require(bool(s.pile) and len(s.pile) == len(s.pile_as),
            "pile: the Playpile is never empty, and pile_as gives each of its cards an identity")
    require(all(a != CHAMELEON and p in (a, CHAMELEON) for p, a in zip(s.pile, s.pile_as)),
            "pile_as: it repeats the printed cards and gives each Chameleon an identity")
    counts = [sum(column) for column in zip(*s.hands)]  # (counts, never cards: a count is bounded above)
    for card in s.drawpile + s.pile:
        counts[card] += 1
    require(counts == [s.rules.deck.count(k) for k in range(len(counts))],
            "hands: the hands, drawpile and pile do not add up to the deck in play")
    require(s.sizes == [sum(h) for h in s.hands], "hands: the hand sizes kept do not count the hands")


def _check_group(s: ZarState) -> None:
    """The play group on top, the pending Wasp draw, the turn, the drawn card, idle turns: someone can act."""
    phase, top, stack = s.phase, s.pile_as[-1], s.stack
    require(s.declared in declarations(top), f"declared: {s.declared} does not fit the top card")
    per_wasp = WASP_DRAWS[top]  # what each Wasp put on the group adds
    require(not stack or (per_wasp > 0 and not stack % per_wasp and stack >= per_wasp * s.count),
            f"stack: a pending draw of {stack} is what the Wasps on top add, at least the group's")
    require(not stack or phase == OVER or (s.matchable and phase in (PLAY, OUT)),
            "stack: a pending Wasp draw belongs to an open group")
    require((s.turn < 0) == (phase in (OUT, OVER)),
            "turn: nobody's (-1) exactly when a last card waits for matches or the game is over")
    require((s.drawn >= 0) == (phase == DRAWN) and (s.drawn < 0 or s.hands[s.turn][s.drawn] > 0),
            "drawn: only in phase 'drawn', a card in the turn player's hand")
    require(phase != DRAWN or not (s.matchable or stack), "phase: after a draw the top card is closed, no draw pending")
    require(not s.blocked() or phase == OVER, f"idle: {s.idle} turns without a card end the hand")
    require(not s.idle or (s.nothing_to_draw() and not s.matchable),
            "idle: turns pass without a card only when there is nothing left to draw")
    require(phase not in (PLAY, DRAWN) or 1 <= s.run <= s.count, "run: the play group needs 1 <= run <= count")
    require(phase != OUT or (s.matchable and not s.sizes[s.owner] and s.anyone_may_match()),
            "phase: 'out' means the owner has no cards and someone can match the last card (else the hand is over)")
    require(phase != OVER or not s.matchable, "matchable: a finished game has no open group")


def _check_match(s: ZarState) -> None:
    """The match so far (points, totals, who deals, penalties) and the last submission with its call."""
    over = s.phase == OVER
    require(s.totals == [sum(column) for column in zip(*s.history, [0] * s.game.players)],
            "totals: they must add up each hand's points in history")
    require(over == s.match_over(), f"phase: {s.phase}, but the end of the game is {'not ' * over}reached")
    require(s.hand_no == len(s.history) + (not over), f"hand_no: {s.hand_no} after {len(s.history)} finished hands")
    require((s.hand_winner >= 0) == bool(s.history), "hand_winner: set exactly when a hand has been finished")
    require(over or s.dealer == dealer_of(s.hand_winner), "dealer: seat 0 deals first, then the winner of each hand")
    require(sum(s.penalties) <= (s.version if s.rules.spoken_calls else 0),
            "penalties: at most one card per call made (none under auto calls)")
    played = type(s.last_action) is Play
    require((s.call is not None) == played, "call: the last play's call, and none when the last action was no play")
    require(not played or s.last_seat == s.owner, "last: the last play's player owns the group on top")
    require((s.last_action is None) == (s.last_seat < 0), "last: a seat for the last action, and none before it")
