"""What a reachable Zop Zoo state is: the one check of a state against the rules.

`read_state` runs it on every state it reads (after ranging each field), and the conformance suite on
every state of random play and of every resample. Its conditions ask the rules the play uses: who gets
a round's first card (`scoring.next_first`) and when the game ends (`scoring.target_reached`), what a
black card matches (`MATCH`, `can_match`), when a row is done (`row_done`), what a MOLE or a Specialty
card can do (`worth_digging`, `can_use`). A ValueError names the field that is wrong.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from zdeck.core import shorten
from zdeck.decks.zopzoo.cards import KIND, MATCH, MATCHERS, N_CARDS, NAME, SPECIALTY, WHITE, WILDS, Kind
from zdeck.decks.zopzoo.rules import DEALER, PENDING_KINDS
from zdeck.decks.zopzoo.scoring import next_first, target_reached

if TYPE_CHECKING:
    from zdeck.decks.zopzoo.state import ZopZooState

WHITE_SET = frozenset(WHITE)


def check(state: ZopZooState) -> None:
    """Refuse a state no game reaches; return None for one it can."""
    _check_match(state)
    _check_cards(state)
    _check_moment(state)
    _check_discard_pile(state)


def _check_match(s: ZopZooState) -> None:
    """The totals add up the rounds; only the last round may reach the target, and only when it ended
    the game; each round's first card went where the rules send it."""
    over = s.phase == "over"
    if len(s.ends) != len(s.history):
        raise ValueError("ends: expected one entry per finished round (as history)")
    if len(s.history) != s.round_no - (0 if over else 1):
        raise ValueError(f"round: {s.round_no} does not fit {len(s.history)} finished round(s)")
    running, firsts = [0] * s.n, [DEALER]
    for k, (scores, end) in enumerate(zip(s.history, s.ends)):
        running = [t + x for t, x in zip(running, scores)]
        if target_reached(running, s.target) and not (over and k == len(s.history) - 1):
            raise ValueError(f"history: round {k + 1} reached the target {s.target}, so the game would have ended")
        firsts.append(next_first(end, scores, firsts[-1]))
    if s.totals != running:
        raise ValueError(f"totals: {s.totals} are not the sum of the rounds' scores {running}")
    if over and not target_reached(s.totals, s.target):
        raise ValueError(f"phase: the game cannot be over with no total at the target {s.target}")
    if s.first != firsts[s.round_no - 1]:
        raise ValueError(f"first: round {s.round_no}'s first card goes to p{firsts[s.round_no - 1]}, not p{s.first}")
    if (s.last is None) != (s.version == 0):
        raise ValueError(f"last: the last action, named exactly when one was taken (version {s.version})")


def _check_cards(s: ZopZooState) -> None:
    """Every one of the 126 cards exactly once, each kind where it may lie (a white card in a pile
    would lie twice: every white card in no row is set aside)."""
    if (s.pending >= 0) != (s.phase in PENDING_KINDS):
        raise ValueError(f"pending: card {s.pending} does not fit phase {shorten(s.phase)}")
    seen = Counter(s.location_cards())
    if sorted(seen) != list(range(N_CARDS)) or max(seen.values()) != 1:
        raise ValueError("state must hold each of the 126 cards exactly once")
    for row in s.rows:
        if any(b not in WHITE_SET for b in row):
            raise ValueError("rows may hold only white cards")
    for w, c in s.cover.items():
        if w not in WHITE_SET or KIND[c] not in MATCHERS | WILDS or (KIND[c] in MATCHERS and MATCH[c] != w):
            raise ValueError(f"cover: {NAME[c]} cannot cover {NAME[w]}")
        if all(w not in row for row in s.rows):
            raise ValueError(f"cover: covered card {NAME[w]} is in nobody's row")
    if any(KIND[b] is not Kind.BONUS for bonus in s.bonus for b in bonus):
        raise ValueError("bonus areas may hold only Side Bonus cards")
    if s.pending >= 0 and KIND[s.pending] not in PENDING_KINDS[s.phase]:
        raise ValueError(f"pending: {NAME[s.pending]} cannot be pending in phase {shorten(s.phase)}")
    if any(KIND[v] not in SPECIALTY for v in s.void):
        raise ValueError("void may list only Specialty cards")


def _check_moment(s: ZopZooState) -> None:
    """The phase fits the table: someone can act and every legal action can be applied.

    Round-end moments never persist (a completed row or an empty draw pile ends the round at
    once), so a state that shows one is refused rather than played on.
    """
    if s.phase == "over":
        return
    p = s.current
    for q in range(s.n):
        if s.row_done(q) and not (q == p and s.phase == "chain"):
            raise ValueError(f"rows: p{q}'s whole row shows POINTS, so the round should have ended")
    if s.phase in ("turn", "again", "chain") and not s.draw:
        raise ValueError("draw: the draw pile is empty, so the round should have ended")
    if s.phase in ("match", "chain") and s.auto:
        raise ValueError(f"phase: {shorten(s.phase)} exists only with assist='manual'")
    if s.phase == "chain" and not (s.discard and s.can_match(p, s.discard[-1])):
        raise ValueError("phase: 'chain' needs a top discard the current player can match")
    if s.phase == "match" and not s.can_match(p, s.pending):
        raise ValueError(f"pending: p{p} cannot match the pending {NAME[s.pending]}")
    if s.phase == "mole" and not s.worth_digging(p, under=len(s.discard)):
        raise ValueError(f"pending: p{p}'s MOLE would find nothing in the discard pile")
    if s.phase == "special" and not s.can_use(p, s.pending):
        raise ValueError(f"pending: p{p} cannot use the pending {NAME[s.pending]}")


def _check_discard_pile(s: ZopZooState) -> None:
    """Void cards lie on the discard pile, every buried Specialty card is void, and only a MOLE on top
    can have been dug with, once by a seat."""
    if not s.void <= set(s.discard):
        raise ValueError("void: only Specialty cards on the discard pile can be void")
    if any(KIND[c] in SPECIALTY and c not in s.void for c in s.discard[:-1]):
        raise ValueError("void: a buried Specialty card is void")
    if len(set(s.dug)) != len(s.dug):
        raise ValueError(f"dug: a seat digs once with a MOLE on top, got {list(s.dug)}")
    if s.dug and not (s.discard and KIND[s.discard[-1]] is Kind.MOLE):
        raise ValueError(f"dug: seats {list(s.dug)} dug, but no MOLE is on top of the discard pile")
