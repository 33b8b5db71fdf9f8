"""Zop Zoo rules: the Game (options, action table) and the State (one table moment).

The whole table is face up except the order of the black draw pile (and of the
unused white cards set aside), so every seat sees the same thing; the discard
pile is shown in full because every player watched each card land on it.

A state is plain lists of card ids:
- `rows[p]`: p's row of white cards (starting cards and cards moved in by Specialty cards);
- `cover[w]`: the black card covering (or connected to) white card w, if any;
- `bonus[p]`: p's Side Bonus cards; `draw`/`discard`: piles, top = last;
- `pending`: a drawn card waiting for its owner's decision (wild, MOLE, Specialty, manual match).

Turn flow (phases): "turn" (choose a pile) -> a drawn card resolves, possibly via
"wild" / "mole" / "special" / "match" -> "again" (a successful draw continues the
turn: draw again) or the next player's "turn". "chain" is the manual-assist moment
of taking the matching cards revealed under a taken discard. "over" ends the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, cast

from zdeck import statedict as sd
from zdeck.core import Action, Game, Option, RoundTotals, State
from zdeck.decks.zopzoo import actions as A
from zdeck.decks.zopzoo import specialty
from zdeck.decks.zopzoo.actions import ZopAction
from zdeck.decks.zopzoo.cards import CAT, DIGGABLE, KIND, MATCH, MATCHERS, SPECIALTY, WILDS, Kind
from zdeck.decks.zopzoo.dealing import deal
from zdeck.decks.zopzoo.scoring import highest_tally, tally
from zdeck.decks.zopzoo.statedict import PHASES, STATE_VERSION, read
from zdeck.rng import Rng

__all__ = ["PHASES", "ZopZoo", "ZopZooState"]


class ZopZoo(Game):
    id = "zopzoo"
    title = "Zop Zoo"
    summary = "Match your six face-up animal cards from the black deck; first to all POINTS wins the round"
    min_players = 2
    max_players = 6  # the rulebook says 2-4 is best but more may play
    default_players = 3
    options_spec: ClassVar[dict[str, Option]] = {
        "target": Option(
            None,
            "match points that end the game: default 800 (600 for 5-6 players); 1000 is the rulebook's 2-player option",
            check=sd.int_option(1, optional=True),
        ),
        "assist": Option(
            "auto",
            "auto: the engine takes every card you can match; manual: you may overlook one (only a MOLE recovers it)",
            choices=("auto", "manual"),
        ),
    }

    def resolve_options(self, options: dict[str, Any], players: int | None) -> dict[str, Any]:
        if options["target"] is None:
            n = players if isinstance(players, int) else (self.default_players or self.min_players)
            options = {**options, "target": 600 if n >= 5 else 800}
        return options

    def new_state(self, seed: int) -> ZopZooState:
        return ZopZooState.fresh(self, seed)

    def read_state(self, data: dict[str, Any]) -> ZopZooState:
        return ZopZooState.from_dict(self, data)

    def action_table(self) -> Sequence[ZopAction]:
        return A.action_table(self.players)


class ZopZooState(RoundTotals, State):
    game: ZopZoo
    rng: Rng
    n: int  # players
    auto: bool  # assist == "auto"
    target: int
    round_no: int
    first: int  # who got the first card this round (and took the first turn)
    current: int
    phase: str
    pending: int  # a drawn card awaiting its player's decision, or -1
    rows: list[list[int]]
    cover: dict[int, int]
    bonus: list[list[int]]
    draw: list[int]
    discard: list[int]
    aside: list[int]
    void: set[int]  # Specialty cards used or buried this round
    totals: list[int]
    history: list[list[int]]  # each finished round's scores
    ends: list[int]  # each finished round's winner, -1 when the black deck ran out

    # -- construction ---------------------------------------------------------------
    @classmethod
    def fresh(cls, game: ZopZoo, seed: int) -> ZopZooState:
        s = cls.__new__(cls)
        s.game, s.version, s.rng = game, 0, Rng(seed)
        s.n = game.players
        s.auto = game.options["assist"] == "auto"
        s.target = game.options["target"]
        s.round_no, s.first = 1, 0  # seat 0 deals the white deck all game and gets round one's first card
        s.totals = [0] * s.n
        s.history, s.ends = [], []
        s._deal()
        return s

    def _deal(self) -> None:
        """Both full decks, freshly shuffled; six face-up cards each, one at a time from `first`."""
        n = self.n
        self.rows, self.aside, self.draw = deal(self.rng, self.first, n)
        self.discard = []
        self.cover = {}
        self.bonus = [[] for _ in range(n)]
        self.void = set()
        self.pending, self.current, self.phase = -1, self.first, "turn"
        for k in range(n):  # six Minus cards already show POINTS: a win without a turn (very rare)
            p = (self.first + k) % n
            if self.row_done(p):
                self._end_round(p)
                return

    # -- queries -------------------------------------------------------------------------
    def row_done(self, p: int) -> bool:
        """Every card of p's row shows POINTS: covered/connected, or an (uncovered) Minus card."""
        cover = self.cover
        return all(b in cover or KIND[b] is Kind.MINUS for b in self.rows[p])

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
        kind = KIND[card]
        if kind in MATCHERS:
            w = MATCH[card]
            return w not in self.cover and w in self.rows[p]
        if kind is Kind.BONUS:
            return self.lists(p, CAT[card])
        return False

    def can_dig(self, p: int) -> bool:
        """Would a MOLE find anything for p in the discard pile?"""
        return any(KIND[c] in DIGGABLE and self.can_match(p, c) for c in self.discard)

    def units(self, p: int) -> list[int]:
        """p's POINTS cards that a Specialty card may move: row cards showing POINTS, then bonus cards."""
        return specialty.units(self.rows, self.cover, self.bonus, p)

    def can_use(self, p: int, card: int) -> bool:
        """Can p use this Specialty card (it must, if so)?"""
        return specialty.usable(self.rows, self.cover, self.bonus, p, KIND[card])

    def _top_special(self) -> int:
        """The Specialty card on top of the discard pile if it is still live (unused, never buried), else -1."""
        if self.discard:
            top = self.discard[-1]
            if KIND[top] in SPECIALTY and top not in self.void:
                return top
        return -1

    def tally(self, p: int, everything: bool) -> int:
        """p's round score: everything (winner, or all when the deck ran out), else only minus and bonus."""
        return tally(self.rows[p], self.cover, self.bonus[p], everything)

    # -- kernel contract: who acts and how ----------------------------------------------
    def actors(self) -> tuple[int, ...]:
        return () if self.phase == "over" else (self.current,)

    def legal_actions(self, player: int) -> list[Action]:
        if player != self.current or self.phase == "over":
            return []
        phase = self.phase
        if phase == "turn":
            return self._turn_actions(player)
        if phase == "again":
            return [A.DRAW]
        if phase == "wild":
            return [A.Cover(b) for b in self.rows[player] if b not in self.cover]
        if phase == "mole":
            return [A.DIG, A.DISCARD]
        if phase == "special":
            return self._special_actions(player, KIND[self.pending])
        if phase == "match":
            return [A.PLACE, A.DISCARD]
        return [A.TAKE, A.STOP]  # chain

    def _turn_actions(self, p: int) -> list[Action]:
        special = self._top_special()
        if special >= 0 and self.can_use(p, special):
            return self._special_actions(p, KIND[special])  # must be used when possible
        if self.discard:
            top = self.discard[-1]
            if self.can_match(p, top):
                return [A.TAKE] if self.auto else [A.DRAW, A.TAKE]  # must-take; manual may overlook
            if KIND[top] is Kind.MOLE and self.can_dig(p):
                return [A.DRAW, A.DIG]
        return [A.DRAW]

    def _special_actions(self, p: int, kind: Kind) -> list[Action]:
        return specialty.actions(self.rows, self.cover, self.bonus, p, kind)

    def explain_illegal(self, player: int, action: Any) -> str:
        if self.phase == "over":
            return "the game is over"
        if player != self.current:
            return f"it is p{self.current}'s turn, not p{player}'s (one player acts at a time)"
        legal = self.legal_actions(player)
        what = {
            "turn": "choose the draw pile or the discard pile",
            "again": "your draw matched, so your turn continues: draw again from the draw pile",
            "wild": "a drawn wild card must cover one of your uncovered cards now",
            "mole": "you drew a MOLE: dig with it or discard it",
            "special": "a Specialty card must be used when possible: pick its target",
            "match": "you drew a card you can match: place it or (overlooking it) discard it",
            "chain": "take the matching card revealed on the discard pile, or stop",
        }[self.phase]
        if self.phase == "turn":
            special = self._top_special()
            if special >= 0 and self.can_use(player, special):
                what = "the Specialty card on top of the discard pile must be used when possible"
            elif self.discard and self.can_match(player, self.discard[-1]) and self.auto:
                what = "you can match the top of the discard pile, so you must take it"
        shown = ", ".join(map(str, legal[:8])) + (" ..." if len(legal) > 8 else "")
        return f"{action} is not allowed now: {what} (legal: {shown})"

    # -- applying -------------------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> None:
        p = player
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
            self._dig(p)
            if self.phase == "mole":  # the drawn MOLE is discarded and the turn goes on
                self._to_discard(self.pending)
                self._after(p, continues=True)
            else:  # the MOLE on the discard pile stays on top for the next players
                self._after(p, continues=False)
        elif isinstance(action, A.Cover):
            self.cover[action.card] = self.pending
            self._after(p, continues=True)
        else:
            self._use_special(p, cast(ZopAction, action))  # what is left is a special card's action

    def _draw(self, p: int) -> None:
        card = self.draw.pop()
        kind = KIND[card]
        if kind in MATCHERS or kind is Kind.BONUS:
            if not self.can_match(p, card):
                self._to_discard(card)
                self._after(p, continues=False)
            elif self.auto:
                self._place(p, card)
                self._after(p, continues=True)
            else:
                self.pending, self.phase = card, "match"
        elif kind in WILDS:
            self.pending, self.phase = card, "wild"  # p is not done, so some card is still uncovered
        elif kind is Kind.MOLE:
            if self.can_dig(p):
                self.pending, self.phase = card, "mole"
            else:
                self._to_discard(card)
                self._after(p, continues=False)
        elif self.can_use(p, card):
            self.pending, self.phase = card, "special"
        else:  # an unusable Specialty card waits on the discard pile for the next player
            self._to_discard(card)
            self._after(p, continues=False)

    def _take(self, p: int) -> None:
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

    def _dig(self, p: int) -> None:
        """Take every matching card out of the discard pile, keeping the rest in order.

        Repeated until nothing more matches: a retrieved Upper Half can list the
        category that lets a buried Side Bonus card match.
        """
        found = True
        while found:
            found = False
            keep: list[int] = []
            for c in self.discard:
                if KIND[c] in DIGGABLE and self.can_match(p, c):
                    self._place(p, c)
                    found = True
                else:
                    keep.append(c)
            self.discard = keep

    def _to_discard(self, card: int) -> None:
        if self.discard and KIND[self.discard[-1]] in SPECIALTY:
            self.void.add(self.discard[-1])  # a buried Specialty card is void for the rest of the round
        self.discard.append(card)

    def _use_special(self, p: int, action: ZopAction) -> None:
        specialty.use(self.rows, self.bonus, p, action)
        if self.phase == "special":  # drawn: used, discarded spent, and the turn goes on
            card = self.pending
            self._to_discard(card)
            self.void.add(card)
            self._after(p, continues=True)
        else:  # used from the top of the discard pile: it stays there, spent; the turn ends
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
        scores = [self.tally(p, winner is None or p == winner) for p in range(self.n)]
        self.history.append(scores)
        self.ends.append(-1 if winner is None else winner)
        for p in range(self.n):
            self.totals[p] += scores[p]
        if winner is None:  # deck ran out: the highest tally gets the next round's first card
            winner = highest_tally(scores, self.first)
        if max(self.totals) >= self.target:
            self.phase, self.pending = "over", -1
            return
        self.round_no += 1
        self.first = winner
        self._deal()

    # -- outcome --------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == "over"

    def winners(self) -> list[int]:
        return self.leaders() if self.phase == "over" else []

    # -- views --------------------------------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        cover = self.cover
        return {
            "game": self.game.id,
            "seat": player,
            "round": self.round_no,
            "phase": self.phase,
            "current": self.current,
            "first": self.first,
            "target": self.target,
            "assist": "auto" if self.auto else "manual",
            "rows": [[[b, cover.get(b)] for b in row] for row in self.rows],
            "bonus": [list(b) for b in self.bonus],
            "discard": list(self.discard),
            "void": sorted(self.void),
            "draw_count": len(self.draw),
            "pending": None if self.pending < 0 else self.pending,
            "totals": list(self.totals),
            "round_scores": [list(s) for s in self.history],
            "round_winners": list(self.ends),
        }

    def to_dict(self) -> dict[str, Any]:
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
            "aside": list(self.aside),
            "void": sorted(self.void),
            "totals": list(self.totals),
            "history": [list(s) for s in self.history],
            "ends": list(self.ends),
        }

    @classmethod
    def from_dict(cls, game: ZopZoo, d: dict[str, Any]) -> ZopZooState:
        s = cls.__new__(cls)
        s.game, s.n = game, game.players
        s.auto, s.target = game.options["assist"] == "auto", game.options["target"]
        read(s, d)
        return s

    def location_cards(self) -> list[int]:
        """All card ids wherever they lie (for conservation checks)."""
        out = [b for row in self.rows for b in row]
        out += list(self.cover.values())
        out += [b for bonus in self.bonus for b in bonus]
        out += self.draw + self.discard + self.aside
        if self.pending >= 0:
            out.append(self.pending)
        return out

    def clone(self) -> ZopZooState:
        s = ZopZooState.__new__(ZopZooState)
        s.game, s.version, s.rng, s.n = self.game, self.version, self.rng.clone(), self.n
        s.auto, s.target, s.round_no, s.first = self.auto, self.target, self.round_no, self.first
        s.current, s.phase, s.pending = self.current, self.phase, self.pending
        s.rows = [r[:] for r in self.rows]
        s.cover = dict(self.cover)
        s.bonus = [b[:] for b in self.bonus]
        s.draw, s.discard, s.aside = self.draw[:], self.discard[:], self.aside[:]
        s.void = set(self.void)
        s.totals = self.totals[:]
        s.history = self.history[:]  # inner lists are never mutated
        s.ends = self.ends[:]
        return s

    def _resample_hidden(self, player: int, rng: Rng) -> ZopZooState:
        """Only the order of the draw pile (and of the unused white cards) is hidden; the
        future deals depend on the state's generator, so it is replaced as well."""
        s = self.clone()
        rng.shuffle(s.draw)
        rng.shuffle(s.aside)
        s.rng = rng.spawn()
        return s
