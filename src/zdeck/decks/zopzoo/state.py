"""The Zop Zoo table: who acts, what they may do, what happens, what each seat sees.

Everything on the table is face up except the order of the black draw pile (and of
the white cards set aside) and, by default, the discard pile under its top card: a
face-up stack shows its top. With the `recall` option the whole discard pile is shown
(every player remembers each card that landed on it), for bots and training.

A state is plain lists of card ids (`cards.py`):
- `rows[p]`: p's row of white cards (starting cards and cards moved in by Specialty cards);
- `cover[w]`: the black card covering (or connected to) white card w, if any;
- `bonus[p]`: p's Side Bonus cards; `draw`/`discard`: piles, top = last; the draw pile is
  shuffled lazily (`draw_steps`: `zdeck.rng.shuffle_lazily`), each card settled as it is drawn;
- `pending`: a drawn card waiting for its owner's decision (wild, MOLE, Specialty, manual match).

Turn flow (phases): "turn" (choose a pile) -> a drawn card resolves, possibly via
"wild" / "mole" / "special" / "match" -> "again" (a successful draw continues the
turn: draw again) or the next player's "turn". "chain" is the manual-assist moment
of taking the matching cards revealed under a taken discard. "over" ends the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, cast

from zdeck import statedict as sd
from zdeck.bits import _NATIVE
from zdeck.compiled import i64
from zdeck.core import Action, RoundTotals, shorten
from zdeck.decks.zopzoo import actions as A
from zdeck.decks.zopzoo import rules, specialty
from zdeck.decks.zopzoo.actions import ZopAction
from zdeck.decks.zopzoo.cards import (
    BLACK,
    CAT,
    DIGGABLE,
    KIND,
    MATCH,
    MATCHER_OF,
    MATCHERS,
    N_CARDS,
    NAME,
    SPECIALTY,
    VALUE,
    WHITE,
    WILDS,
    Kind,
    extend_black,
    matcher_words,
    sorted_black,
    specialty_in,
    unseen_words,
)
from zdeck.decks.zopzoo.dealing import deal
from zdeck.decks.zopzoo.reachable import check

# Per card, read on the hot path instead of its Kind: the white card a black card covers or connects
# (MATCH), _BONUS for a Side Bonus, -1 for anything else; and whether a card is a Minus card.
_BONUS: Final = -2
_COVERS: Final[tuple[int, ...]] = tuple(
    MATCH[c] if KIND[c] in MATCHERS else _BONUS if KIND[c] is Kind.BONUS else -1 for c in range(N_CARDS))
_IS_MINUS: Final[tuple[bool, ...]] = tuple(KIND[c] is Kind.MINUS for c in range(N_CARDS))
# What a MOLE may retrieve, by id (compiled, `KIND[c] in DIGGABLE` hashes an enum member: 1% of an ISMCTS iteration).
_IS_DIGGABLE: Final[tuple[bool, ...]] = tuple(KIND[c] in DIGGABLE for c in range(N_CARDS))
_NOTHING_KEPT: Final[frozenset[int]] = frozenset()  # (a constant: compiled, `frozenset()` is a Python-level call)
from zdeck.decks.zopzoo.scoring import next_first, tally, target_reached
from zdeck.rng import Rng, Unsettled, pop_settled, settle

if TYPE_CHECKING:
    from zdeck.decks.zopzoo.game import ZopZoo

STATE_VERSION: Final = 4  # 2: the last action ("last"); 3: who dug with the MOLE on top ("dug"); 4: no "aside"
PHASES: Final = rules.PHASES  # (named here too)
PENDING_KINDS: Final = rules.PENDING_KINDS
DEALER: Final = rules.DEALER
WHAT_NOW: Final = {  # what each phase asks of the player, for the message that refuses an action
    "turn": "choose the draw pile or the discard pile",
    "again": "your draw matched, so your turn continues: draw again from the draw pile",
    "wild": "a drawn wild card must cover one of your uncovered cards now",
    "mole": "you drew a MOLE: dig with it (search the discard pile) or discard it",
    "special": "a Specialty card must be used when possible: pick its target",
    "match": "you drew a card you can match: place it or (overlooking it) discard it",
    "chain": "take the matching card revealed on the discard pile, or stop",
}
TEXT: Final[tuple[str | None, ...]] = (*NAME, None)  # a card's text by id; -1 (no card) is null


class ZopZooState(RoundTotals):
    # Its fields, named: the rules read them at every step, and an instance dict past 29 fields makes each read
    # slower (CPython shares a dict's keys with the class up to 30 keys; ZAR and Zoop have 30 fields).
    __slots__ = (
        "auto", "bonus", "cover", "current", "discard", "draw", "draw_steps", "dug", "ends", "first",
        "game", "history", "last", "n", "pending", "phase", "recall", "rng", "round_no", "rows",
        "rules", "target", "totals", "version", "void",
    )

    # `game` as Zop Zoo's own class: the kernel types `game` as Game, and mypyc keeps it so. An attribute,
    # set beside `game`, not a property: the rules read it at every step.
    rules: ZopZoo

    def __init__(self, game: ZopZoo, rng: Rng) -> None:
        """An empty table before the first deal (`deal_round`) or before `read_state` fills it."""
        self.game, self.rules, self.rng, self.version = game, game, rng, 0
        n = self.n = game.players
        self.auto: bool = game.options["assist"] == "auto"
        self.recall: bool = game.options["recall"]  # the whole discard pile is seen, not just its top
        self.target: int = game.options["target"]
        self.round_no = 1
        self.first = DEALER  # who got the first card this round (and took the first turn)
        self.current = DEALER
        self.phase = "turn"
        self.pending = -1  # a drawn card awaiting its player's decision, or -1
        self.rows: list[list[int]] = [[] for _ in range(n)]
        self.cover: dict[int, int] = {}
        self.bonus: list[list[int]] = [[] for _ in range(n)]
        self.draw: list[int] = []
        self.draw_steps = Unsettled(0, 0)  # the steps of the draw pile's shuffle still to settle
        self.discard: list[int] = []
        self.void: set[int] = set()  # Specialty cards used or buried this round
        self.dug: tuple[int, ...] = ()  # the seats that have dug with the MOLE now on top of the discard pile
        self.totals = [0] * n
        self.history: list[list[int]] = []  # each finished round's scores
        self.ends: list[int] = []  # each finished round's winner, -1 when the black deck ran out
        self.last: tuple[int, ZopAction] | None = None  # the last action taken, and by whom

    # -- the table as the rules read it ----------------------------------------------------
    def row_done(self, p: int) -> bool:
        """Every card of p's row shows POINTS: covered/connected, or an (uncovered) Minus card."""
        cover = self.cover
        for b in self.rows[p]:
            if b not in cover and not _IS_MINUS[b]:
                return False
        return True

    def lists(self, p: int, category: str) -> bool:
        """Does a card showing at the top of p's row list this category?"""
        for b in self.rows[p]:
            c = self.cover.get(b)
            if c is None:
                if KIND[b] is Kind.CATEGORY and CAT[b] == category:
                    return True
            elif CAT[c] == category and KIND[c] in (Kind.POINTS, Kind.UPPER):
                return True  # a wild card on top hides the category of what it covers
        return False

    def can_match(self, p: int, card: int) -> bool:
        """Can p use this black card now: cover/connect one of p's uncovered cards, or collect a Side Bonus?"""
        w = _COVERS[card]
        if w >= 0:
            return w not in self.cover and (_in_row(self.rows[p], w) if _NATIVE else w in self.rows[p])
        if w == _BONUS:
            return self.lists(p, CAT[card])
        return False

    def can_dig(self, p: int) -> bool:
        """Would a MOLE find anything for p in the discard pile?"""
        return any(_IS_DIGGABLE[c] and self.can_match(p, c) for c in self.discard)

    def worth_digging(self, p: int, under: int) -> bool:
        """May p dig with a MOLE, with `under` cards of the discard pile the MOLE would search? With
        recall p knows whether it would find something; without, p digs blind whenever it might."""
        return self.can_dig(p) if self.recall else len(self.discard) >= under > 0

    def may_dig_top(self, p: int) -> bool:
        """Is the MOLE on top of the discard pile p's to use? Not twice by one seat: the pile under it
        has only lost cards since p searched it, and p's row is as it was, so a second dig finds nothing."""
        return (bool(self.discard) and KIND[self.discard[-1]] is Kind.MOLE and p not in self.dug
                and self.worth_digging(p, under=len(self.discard) - 1))

    def units(self, p: int) -> list[int]:
        """p's POINTS cards that a Specialty card may move: row cards showing POINTS, then bonus cards."""
        return specialty.units(self.rows, self.cover, self.bonus, p)

    def can_use(self, p: int, card: int) -> bool:
        """Can p use this Specialty card (it must, if so)?"""
        return specialty.usable(self.rows, self.cover, self.bonus, p, KIND[card])

    def tally(self, p: int, everything: bool) -> int:
        """p's round score: everything (winner, or all when the deck ran out), else only minus and bonus."""
        return tally(self.rows[p], self.cover, self.bonus[p], everything)

    def _top_special(self) -> int:
        """The Specialty card on top of the discard pile if it is still live (unused, never buried), else -1."""
        if self.discard:
            top = self.discard[-1]
            if KIND[top] in SPECIALTY and top not in self.void:
                return top
        return -1

    # -- who acts ----------------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        return () if self.phase == "over" else (self.current,)

    def moves(self) -> list[tuple[int, list[Action]]]:
        """One actor at a time: `core.State.moves` without its general loop (random self-play +6%)."""
        return [] if self.phase == "over" else [(self.current, self.legal_actions(self.current))]

    def legal_actions(self, player: int) -> list[Action]:
        if player != self.current or self.phase == "over":
            return []
        phase = self.phase
        if phase == "turn":
            return self._turn_actions(player)
        if phase == "again":
            return [A.DRAW]
        if phase == "wild":
            return [A.COVERS[b] for b in self.rows[player] if b not in self.cover]
        if phase == "mole":
            return [A.DIG, A.DISCARD]
        if phase == "special":
            return self._special_actions(player, KIND[self.pending])
        if phase == "match":
            return [A.PLACE, A.DISCARD]
        return [A.TAKE, A.STOP]  # chain

    def _turn_actions(self, p: int) -> list[Action]:
        """One pile or the other: a live Specialty card on top must be used, a match on top taken."""
        special = self._top_special()
        if special >= 0 and self.can_use(p, special):
            return self._special_actions(p, KIND[special])
        if self.discard:
            top = self.discard[-1]
            if self.can_match(p, top):
                return [A.TAKE] if self.auto else [A.DRAW, A.TAKE]  # must-take; manual may overlook
            if self.may_dig_top(p):
                return [A.DRAW, A.DIG]
        return [A.DRAW]

    def _special_actions(self, p: int, kind: Kind) -> list[Action]:
        return specialty.actions(self.rows, self.cover, self.bonus, p, kind)

    def explain_illegal(self, player: int, action: Any) -> str:
        if self.phase == "over":
            return "the game is over"
        if player != self.current:
            return f"it is p{self.current}'s turn, not p{player}'s (one player acts at a time)"
        what = WHAT_NOW[self.phase]
        if self.phase == "turn":
            special = self._top_special()
            if special >= 0 and self.can_use(player, special):
                what = "the Specialty card on top of the discard pile must be used when possible"
            elif self.discard and self.can_match(player, self.discard[-1]) and self.auto:
                what = "you can match the top of the discard pile, so you must take it"
        legal = self.legal_actions(player)
        shown = ", ".join(map(str, legal[:8])) + (" ..." if len(legal) > 8 else "")
        return f"{action} is not allowed now: {what} (legal: {shown})"

    # -- transitions -------------------------------------------------------------------------
    def deal_round(self) -> None:
        """Both full decks, freshly shuffled; six face-up cards each, one at a time from `first`."""
        n = self.n
        self.rows, self.draw, self.draw_steps = deal(self.rng, self.first, n)
        self.discard = []
        self.cover = {}
        self.bonus = [[] for _ in range(n)]
        self.void = set()
        self.dug = ()
        self.pending, self.current, self.phase = -1, self.first, "turn"
        for k in range(n):  # six Minus cards already show POINTS: a win without a turn (very rare)
            p = (self.first + k) % n
            if self.row_done(p):
                self._end_round(p)
                return

    def _apply(self, player: int, action: Action) -> None:
        p = player
        self.last = (p, cast(ZopAction, action))
        if isinstance(action, A.Draw):
            self._draw(p)
        elif isinstance(action, A.Take):
            self._take(p)
        elif isinstance(action, A.Stop):
            self._after(p, continues=False)
        elif isinstance(action, A.Place):
            self._place(p, self.pending)
            self._after(p, continues=True)
        elif isinstance(action, A.Discard):
            self._to_discard(self.pending)
            self._after(p, continues=False)
        elif isinstance(action, A.Dig):
            self._use_mole(p)
        elif isinstance(action, A.Cover):
            self.cover[action.card] = self.pending
            self._after(p, continues=True)
        else:
            self._use_special(p, cast(ZopAction, action))  # what is left is a Specialty card's action

    def _draw(self, p: int) -> None:
        """A drawn card: placed if it matches, held for a decision (wild, MOLE, Specialty), or discarded."""
        card = pop_settled(self.draw, self.draw_steps)
        kind = KIND[card]
        if kind in MATCHERS or kind is Kind.BONUS:
            if not self.can_match(p, card):
                self._miss(p, card)
            elif self.auto:
                self._place(p, card)
                self._after(p, continues=True)
            else:
                self.pending, self.phase = card, "match"
        elif kind in WILDS:
            self.pending, self.phase = card, "wild"  # p is not done, so some card is still uncovered
        elif kind is Kind.MOLE:
            if self.worth_digging(p, under=len(self.discard)):
                self.pending, self.phase = card, "mole"
            else:
                self._miss(p, card)
        elif self.can_use(p, card):
            self.pending, self.phase = card, "special"
        else:  # an unusable Specialty card waits on the discard pile for the next player
            self._miss(p, card)

    def _miss(self, p: int, card: int) -> None:
        """A drawn card p cannot use goes face up on the discard pile; the turn passes."""
        self._to_discard(card)
        self._after(p, continues=False)

    def _take(self, p: int) -> None:
        """The matching top of the discard pile, then (auto) every match that shows under it."""
        self.dug = ()  # a new top: a MOLE uncovered here has not been dug with since
        self._place(p, self.discard.pop())
        if self.auto:
            while self.discard and self.can_match(p, self.discard[-1]):
                self._place(p, self.discard.pop())
        elif self.discard and self.can_match(p, self.discard[-1]):
            self.phase = "chain"
            return
        self._after(p, continues=False)

    def _place(self, p: int, card: int) -> None:
        if KIND[card] is Kind.BONUS:
            self.bonus[p].append(card)
        else:
            self.cover[MATCH[card]] = card

    def _use_mole(self, p: int) -> None:
        """A drawn MOLE is discarded after its dig, and the turn goes on if it found something; one
        on the discard pile stays on top for the next players, and the turn ends."""
        found = self._dig(p)
        if self.phase == "mole":
            self._to_discard(self.pending)
            self.dug = (p,)
            self._after(p, continues=found)
        else:
            self.dug += (p,)
            self._after(p, continues=False)

    def _dig(self, p: int) -> bool:
        """Take every matching card out of the discard pile, keeping the rest in order; say whether
        any was found.

        Repeated until nothing more matches: a retrieved Upper Half can list the
        category that lets a buried Side Bonus card match.
        """
        found, searching = False, True
        while searching:
            searching = False
            keep: list[int] = []
            for c in self.discard:
                if _IS_DIGGABLE[c] and self.can_match(p, c):
                    self._place(p, c)
                    found = searching = True
                else:
                    keep.append(c)
            self.discard = keep
        return found

    def _to_discard(self, card: int) -> None:
        if self.discard and KIND[self.discard[-1]] in SPECIALTY:
            self.void.add(self.discard[-1])  # a buried Specialty card is void for the rest of the round
        self.discard.append(card)
        self.dug = ()

    def _use_special(self, p: int, action: ZopAction) -> None:
        """A drawn Specialty card, used, is discarded spent and the turn goes on; one used from the
        top of the discard pile stays there, spent, and the turn ends."""
        specialty.use(self.rows, self.bonus, p, action)
        if self.phase == "special":
            card = self.pending
            self._to_discard(card)
            self.void.add(card)
            self._after(p, continues=True)
        else:
            self.void.add(self.discard[-1])
            self._after(p, continues=False)

    def _after(self, p: int, continues: bool) -> None:
        """Finish a step: a completed row wins; an empty draw pile ends the round; else go on or pass."""
        self.pending = -1
        if self.row_done(p):
            self._end_round(p)
        elif not self.draw:
            self._end_round(None)
        elif continues:
            self.phase = "again"
        else:
            self.current, self.phase = (p + 1) % self.n, "turn"

    def _end_round(self, winner: int | None) -> None:
        """Score the round (the winner everything, the others minus and bonus points; all of it for
        everyone when the deck ran out); end the game at the target, else deal the next round."""
        scores = [self.tally(p, winner is None or p == winner) for p in range(self.n)]
        end = -1 if winner is None else winner
        self.history.append(scores)
        self.ends.append(end)
        for p in range(self.n):
            self.totals[p] += scores[p]
        if target_reached(self.totals, self.target):
            self.phase, self.pending = "over", -1
            return
        self.round_no += 1
        self.first = next_first(end, scores, self.first)
        self.deal_round()

    # -- outcome -------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == "over"

    def winners(self) -> list[int]:
        return self.leaders() if self.phase == "over" else []

    # -- views ---------------------------------------------------------------------------------
    def phase_name(self) -> str:
        return self.phase

    def turn_seat(self) -> int | None:
        return None if self.phase == "over" else self.current

    # No hand: every card a player holds lies face up in their row.

    def own_view(self, player: int | None) -> dict[str, Any]:
        """What a seat sees (docs/observations/zopzoo.md): the rows, covers and bonus cards, and the
        discard pile's top (its whole with `recall`); never the draw pile's order."""
        last, cover, discard = self.last, self.cover, self.discard
        seen = discard if self.recall else discard[-1:]
        return {
            "top": NAME[discard[-1]] if discard else None,
            "pile": [NAME[c] for c in seen],
            "draw_size": len(self.draw),
            "dealer": DEALER,
            "last": None if last is None else {"seat": last[0], "action": str(last[1])},
            "first": self.first,
            "rows": [[[NAME[b], TEXT[cover.get(b, -1)]] for b in row] for row in self.rows],
            "bonus": [[NAME[b] for b in bonus] for bonus in self.bonus],
            "drawn": TEXT[self.pending],
            "pile_size": len(discard),
            "void": [NAME[c] for c in seen if c in self.void],
            "dug": list(self.dug),
            "round_winners": [None if w < 0 else w for w in self.ends],
        }

    def to_dict(self) -> dict[str, Any]:
        settle(self.draw, self.draw_steps)  # the order every step of the shuffle gives
        last = self.last
        return {
            **self.game.describe(),
            "state_version": STATE_VERSION,
            "version": self.version,
            "rng": self.rng.state,
            "round": self.round_no,
            "first": self.first,
            "current": self.current,
            "phase": self.phase,
            "pending": self.pending,
            "rows": [list(r) for r in self.rows],
            "cover": sorted([w, c] for w, c in self.cover.items()),
            "bonus": [list(b) for b in self.bonus],
            "draw": list(self.draw),
            "discard": list(self.discard),
            "void": sorted(self.void),
            "totals": list(self.totals),
            "history": [list(s) for s in self.history],
            "ends": list(self.ends),
            "last": None if last is None else [last[0], str(last[1])],
            "dug": list(self.dug),
        }

    def location_cards(self) -> list[int]:
        """All card ids wherever they lie (for conservation checks)."""
        out = [b for row in self.rows for b in row]
        out += list(self.cover.values())
        out += [b for bonus in self.bonus for b in bonus]
        out += self.draw + self.discard + aside(self.rows)
        if self.pending >= 0:
            out.append(self.pending)
        return out

    def clone(self) -> ZopZooState:
        s = ZopZooState.__new__(ZopZooState)
        s.game, s.rules, s.version, s.rng, s.n = self.game, self.rules, self.version, self.rng.clone(), self.n
        s.auto, s.recall, s.target, s.round_no, s.first = self.auto, self.recall, self.target, self.round_no, self.first
        s.current, s.phase, s.pending, s.last = self.current, self.phase, self.pending, self.last
        s.rows = [r[:] for r in self.rows]
        s.cover = dict(self.cover)
        s.bonus = [b[:] for b in self.bonus]
        s.draw, s.draw_steps, s.discard = self.draw[:], self.draw_steps.copy(), self.discard[:]
        s.void, s.dug = set(self.void), self.dug
        s.totals = self.totals[:]
        s.history = self.history[:]  # inner lists are never mutated
        s.ends = self.ends[:]
        return s

    def _resample_hidden(self, player: int, rng: Rng) -> ZopZooState:
        """Re-deal what nobody sees now: the draw pile and, unless every seat recalls it, the discard pile
        under its top card (`_redeal`)."""
        return self._redeal(rng, keep_pile=self.recall)

    def _resample_remembered(self, player: int, rng: Rng) -> ZopZooState:
        """Re-deal the draw pile alone: every card in the discard pile landed face up on its top, where
        every seat saw it, so a player who forgets no card (the rulebook's "mental note") knows the pile
        as it lies, and which of its Specialty cards are void."""
        return self._redeal(rng, keep_pile=True)

    def _redeal(self, rng: Rng, keep_pile: bool) -> ZopZooState:
        """A copy with the draw pile and, unless `keep_pile`, the discard pile under its top card re-dealt;
        the copy gets a generator of its own for the deals to come.

        The unseen cards are shuffled from a fixed order (sorted), never from where they really lie:
        whoever knows `rng` could otherwise undo the shuffle. The draw pile is shuffled lazily, as
        a deal shuffles it: a search pays only for the cards it draws. (The white cards set aside
        are no part of the state: nobody sees them, and nothing that happens depends on their order.)
        The copy is made as `clone` makes it, less the piles and `void`, which the re-deal replaces
        (tests/games/zopzoo/test_inputs.py checks that both copies have the same fields).
        """
        s = ZopZooState.__new__(ZopZooState)  # `clone`'s copy, field by field (cheaper than a __dict__ update)
        s.game, s.rules, s.version, s.n = self.game, self.rules, self.version, self.n
        s.auto, s.recall, s.target, s.round_no, s.first = self.auto, self.recall, self.target, self.round_no, self.first
        s.current, s.phase, s.pending, s.last, s.dug = self.current, self.phase, self.pending, self.last, self.dug
        s.rows = [r[:] for r in self.rows]
        s.cover = dict(self.cover)
        s.bonus = [b[:] for b in self.bonus]
        s.totals = self.totals[:]
        s.history = self.history[:]  # inner lists are never mutated
        s.ends = self.ends[:]
        if keep_pile or len(self.discard) < 2:
            s.draw = self._unseen_black(0)
            s.draw_steps = rng.shuffle_lazily(s.draw)
            s.discard, s.void = self.discard[:], set(self.void)
        else:
            s._redeal_buried(self, rng)
        s.rng = rng.spawn()
        return s

    def _redeal_buried(self, real: ZopZooState, rng: Rng) -> None:
        """Shuffle `real`'s buried discards with its draw pile and deal each pile its count back; a
        Specialty card that lands under the top is void, as every buried one is. Only a card that can
        lie buried is dealt under the top (`_never_buried`); the others go to the draw pile. The buried
        cards are drawn to the end of the unseen ones at random (`rng.sample_to_top`: the digits of one
        draw serve a dozen cards), the rest is the new draw pile, shuffled lazily.

        Compiled, the unseen cards are three words of bits (`cards.unseen_words`) and those never buried a
        mask of them (`cards.matcher_words`), each part listed straight off its words: no list of all the
        unseen cards to be filtered twice through a set (at two seats that was two thirds of a re-deal)."""
        top, buried = real.discard[-1], len(real.discard) - 1
        if _NATIVE:
            w0, w1, w2 = unseen_words(real.draw, real.discard, buried, real.bonus, real.cover, real.pending)
            k0: i64 = 0
            k1: i64 = 0
            k2: i64 = 0
            if real._keeps_matches():
                k0, k1, k2 = matcher_words(real.rows, real.cover)
            free: list[int] = []
            extend_black(free, w0 & ~k0, w1 & ~k1, w2 & ~k2)
        else:
            unseen = real._unseen_black(buried)
            kept = real._never_buried()
            free = [c for c in unseen if c not in kept] if kept else unseen
        under = len(free) - buried
        rng.sample_to_top(free, buried)
        self.discard = free[under:]
        del free[under:]
        if _NATIVE:
            if k0 | k1 | k2:
                extend_black(free, w0 & k0, w1 & k1, w2 & k2)
        elif kept:
            free += (c for c in unseen if c in kept)
        self.draw_steps = rng.shuffle_lazily(free)
        self.draw = free
        self.void = specialty_in(self.discard)
        if top in real.void:
            self.void.add(top)
        self.discard.append(top)

    def _unseen_black(self, buried: int) -> list[int]:
        """The draw pile and the discard pile's `buried` bottom cards, lowest first (`sorted_black`: compiled, read
        off the black cards shown on this table)."""
        return sorted_black(self.draw, self.discard, buried, self.bonus, self.cover, self.pending)

    def _keeps_matches(self) -> bool:
        """Whether some black cards cannot lie under the top of the discard pile (`_never_buried` says which)."""
        return self.n == 2 and self.auto

    def _never_buried(self) -> frozenset[int]:
        """The black cards that cannot lie under the top of the discard pile: at two seats with
        `assist="auto"`, the match of every white card showing uncovered in a row. Its discarder did not
        hold that white card (a drawn match is placed), so the other seat did, and had to take the card
        before anything covered it; a white card stays in some row, and once covered stays covered. (At
        more seats the seat between a discarder and the owner may cover it; with `manual` a player may
        overlook it.) Nothing else about the buried cards follows from the table."""
        if not self._keeps_matches():
            return _NOTHING_KEPT
        cover = self.cover
        return frozenset(MATCHER_OF[w] for row in self.rows for w in row if w not in cover)


def _in_row(row: list[int], card: int) -> bool:
    """`card in row`, compiled: there `in` on a list compares boxed objects through Python's protocols (~700
    instructions for a row: 12% of an ISMCTS iteration's, `can_match` in its rollouts), a typed loop machine
    integers. (The interpreter's own `in` is the cheaper: `can_match` keeps it there, without a call.)"""
    for b in row:
        if b == card:
            return True
    return False


# -- reading a state back ----------------------------------------------------------------------
FIELDS: Final = ("state_version", "version", "rng", "round", "first", "current", "phase", "pending", "rows", "cover",
          "bonus", "draw", "discard", "void", "totals", "history", "ends", "last", "dug")
# No round takes more actions: 74 draws with one decision after each, a take and a stop per discard,
# and at most one dig per seat while a MOLE lies on top (a top changes at most twice per discard).
MAX_ACTIONS_PER_ROUND: Final = 2_000
LOWEST_TALLY: Final = sum(VALUE[w] for w in WHITE if KIND[w] is Kind.MINUS)  # all six Minus cards in one row
HIGHEST_TALLY: Final = sum(VALUE[c] for c in BLACK if VALUE[c] > 0)  # every positive black card in one row (a loose bound)


def new_state(game: ZopZoo, seed: int) -> ZopZooState:
    """A new match: the first round dealt from `Rng(seed)`."""
    state = ZopZooState(game, Rng(seed))
    state.deal_round()
    return state


def read_state(game: ZopZoo, data: dict[str, Any]) -> ZopZooState:
    """Rebuild a state from `to_dict()`: each field read and ranged here, then the one check of what play
    can reach (`reachable.check`); a ValueError names the game and the field."""
    missing = [k for k in FIELDS if k not in data]
    if missing:
        raise ValueError(f"zopzoo state dict lacks {', '.join(missing)}")
    if type(data["state_version"]) is not int or data["state_version"] != STATE_VERSION:
        raise ValueError(f"zopzoo state_version {shorten(data['state_version'])} is not {STATE_VERSION}")
    state = ZopZooState(game, Rng(0))
    try:  # every message of this game names it first
        _read_match(state, data)
        _read_table(state, data)
        check(state)
    except ValueError as exc:
        raise ValueError(f"zopzoo {exc}") from None
    return state


def _read_match(s: ZopZooState, d: dict[str, Any]) -> None:
    """The match so far: versions, rounds and their scores, the generator."""
    n = s.n
    s.round_no = sd.integer(d["round"], "round", lo=1)
    s.version = sd.integer(d["version"], "version", 0, MAX_ACTIONS_PER_ROUND * s.round_no)
    if isinstance(d["rng"], bool):
        raise ValueError("rng: expected the generator's integer state, got a bool")  # noqa: TRY004
    s.rng = Rng.from_state(d["rng"])
    s.first = sd.seat(d["first"], n, "first")
    s.totals = sd.integers(sd.per_seat(d["totals"], n, "totals"), "totals")
    s.history = [sd.integers(sd.per_seat(r, n, "history"), "history", LOWEST_TALLY, HIGHEST_TALLY)
                 for r in sd.listed(d["history"], "history")]
    s.ends = sd.integers(d["ends"], "ends", -1, n - 1)
    last = d["last"]
    if last is not None:
        seat, text = sd.listed(last, "last", length=2)
        try:
            action = cast(ZopAction, s.game.parse_action(text))
        except ValueError as exc:
            raise ValueError(f"last: {exc}") from None
        s.last = sd.seat(seat, n, "last"), action


def _read_table(s: ZopZooState, d: dict[str, Any]) -> None:
    """The round on the table: whose turn, the phase, every card's place."""
    n = s.n
    s.current = sd.seat(d["current"], n, "current")
    s.phase = sd.choice(d["phase"], "phase", PHASES)
    s.pending = sd.integer(d["pending"], "pending", -1, N_CARDS - 1)
    s.rows = [_cards(r, "rows") for r in sd.per_seat(d["rows"], n, "rows")]
    s.bonus = [_cards(b, "bonus") for b in sd.per_seat(d["bonus"], n, "bonus")]
    # [white card, covering card] pairs
    s.cover = {white: on_top for white, on_top in (_cards(pair, "cover", length=2) for pair in sd.listed(d["cover"], "cover"))}
    s.draw = _cards(d["draw"], "draw")
    s.discard = _cards(d["discard"], "discard")
    s.void = set(_cards(d["void"], "void"))
    s.dug = tuple(sd.integers(d["dug"], "dug", 0, n - 1))


def aside(rows: list[list[int]]) -> list[int]:
    """The white cards nobody was dealt this round (set aside face down: the cards in no row)."""
    dealt = {b for row in rows for b in row}
    return [w for w in WHITE if w not in dealt]


def _cards(values: Any, what: str, length: int | None = None) -> list[int]:
    return sd.integers(values, what, 0, N_CARDS - 1, length)
