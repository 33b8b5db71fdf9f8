"""What a reachable Zop Zoo state is: the one check of a state against the rules (docs/writing-a-game.md).
Each condition asks the rule the play uses: who gets a round's first card (`scoring.next_first`), when the
game ends (`scoring.target_reached`), what a black card matches (`MATCH`, `can_match`), when a row is done
(`row_done`), what a MOLE or a Specialty card can do (`worth_digging`, `can_use`)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Final

from zdeck.core import shorten
from zdeck.decks.zopzoo.cards import KIND, MATCH, MATCHERS, N_CARDS, NAME, SPECIALTY, WHITE, WILDS, Kind
from zdeck.decks.zopzoo.rules import DEALER, PENDING_KINDS
from zdeck.decks.zopzoo.scoring import next_first, target_reached
from zdeck.statedict import require

if TYPE_CHECKING:
    from zdeck.decks.zopzoo.state import ZopZooState

WHITE_SET: Final = frozenset(WHITE)


def check(s: ZopZooState) -> None:
    """Refuse a state no game reaches (a ValueError naming the field); return None for one it can."""
    _check_match(s)
    _check_cards(s)
    if s.phase != "over":
        _check_moment(s)
    require(s.void <= set(s.discard), "void: only Specialty cards on the discard pile can be void")
    require(not any(KIND[c] in SPECIALTY and c not in s.void for c in s.discard[:-1]), "void: a buried Specialty card is void")
    require(len(set(s.dug)) == len(s.dug), f"dug: a seat digs once with a MOLE on top, got {list(s.dug)}")
    require(not s.dug or (bool(s.discard) and KIND[s.discard[-1]] is Kind.MOLE),
            f"dug: seats {list(s.dug)} dug, but no MOLE is on top of the discard pile")


def _check_match(s: ZopZooState) -> None:
    """The totals add up the rounds; only the last round may reach the target, and only when it ended the
    game; each round's first card went where the rules send it."""
    over = s.phase == "over"
    require(len(s.ends) == len(s.history), "ends: expected one entry per finished round (as history)")
    require(len(s.history) == s.round_no - (not over), f"round: {s.round_no} does not fit {len(s.history)} finished round(s)")
    running, firsts = [0] * s.n, [DEALER]
    for k, (scores, end) in enumerate(zip(s.history, s.ends)):
        running = [t + x for t, x in zip(running, scores)]
        require(not target_reached(running, s.target) or (over and k == len(s.history) - 1),
                f"history: round {k + 1} reached the target {s.target}, so the game would have ended")
        firsts.append(next_first(end, scores, firsts[-1]))
    require(s.totals == running, f"totals: {s.totals} are not the sum of the rounds' scores {running}")
    require(not over or target_reached(s.totals, s.target), f"phase: the game cannot be over with no total at the target {s.target}")
    first = firsts[s.round_no - 1]
    require(s.first == first, f"first: round {s.round_no}'s first card goes to p{first}, not p{s.first}")
    require((s.last is None) == (s.version == 0), f"last: the last action, named exactly when one was taken (version {s.version})")


def _check_cards(s: ZopZooState) -> None:
    """Every one of the 126 cards exactly once, each kind where it may lie (a white card in a pile would lie
    twice: every white card in no row is set aside)."""
    require((s.pending >= 0) == (s.phase in PENDING_KINDS), f"pending: card {s.pending} does not fit phase {shorten(s.phase)}")
    seen = Counter(s.location_cards())
    require(sorted(seen) == list(range(N_CARDS)) and max(seen.values()) == 1, "state must hold each of the 126 cards exactly once")
    require(all(b in WHITE_SET for row in s.rows for b in row), "rows may hold only white cards")
    for w, c in s.cover.items():
        require(w in WHITE_SET and (KIND[c] in WILDS or (KIND[c] in MATCHERS and MATCH[c] == w)),
                f"cover: {NAME[c]} cannot cover {NAME[w]}")
        require(any(w in row for row in s.rows), f"cover: covered card {NAME[w]} is in nobody's row")
    require(all(KIND[b] is Kind.BONUS for bonus in s.bonus for b in bonus), "bonus areas may hold only Side Bonus cards")
    require(s.pending < 0 or KIND[s.pending] in PENDING_KINDS[s.phase],
            f"pending: {NAME[s.pending]} cannot be pending in phase {shorten(s.phase)}")
    require(all(KIND[v] in SPECIALTY for v in s.void), "void may list only Specialty cards")


def _check_moment(s: ZopZooState) -> None:
    """The phase fits the table: someone can act and every legal action can be applied. Round-end moments never
    persist (a completed row or an empty draw pile ends the round at once)."""
    p, phase = s.current, s.phase
    for q in range(s.n):
        require(not s.row_done(q) or (q == p and phase == "chain"),
                f"rows: p{q}'s whole row shows POINTS, so the round should have ended")
    require(bool(s.draw) or phase not in ("turn", "again", "chain"), "draw: the draw pile is empty, so the round should have ended")
    require(not s.auto or phase not in ("match", "chain"), f"phase: {shorten(phase)} exists only with assist='manual'")
    require(phase != "chain" or (bool(s.discard) and s.can_match(p, s.discard[-1])),
            "phase: 'chain' needs a top discard the current player can match")
    require(phase != "match" or s.can_match(p, s.pending), f"pending: p{p} cannot match the pending {NAME[s.pending]}")
    require(phase != "mole" or s.worth_digging(p, under=len(s.discard)), f"pending: p{p}'s MOLE would find nothing in the discard pile")
    require(phase != "special" or s.can_use(p, s.pending), f"pending: p{p} cannot use the pending {NAME[s.pending]}")
