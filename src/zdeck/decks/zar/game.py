"""The ZAR game: options, the action codec, and building states."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from zdeck import statedict as sd
from zdeck.core import Game, Option, normalise_text
from zdeck.decks.zar.actions import DRAW, PASS, Call, Play
from zdeck.decks.zar.cards import (
    CHAMELEON,
    NUM_KINDS,
    PLAIN_KINDS,
    cards_in,
    deal_size,
    declaration_name,
    declarations,
    full_deck,
    player_range,
    points_table,
)
from zdeck.decks.zar.state import DRAWN, OUT, OVER, PHASES, PLAY, ZarState
from zdeck.rng import Rng

MAX_HALF_DECKS = 16  # "any N >= 2": bounded only to keep the action table a sensible size


class ZarGame(Game):
    id = "zar"
    title = "ZAR"
    summary = "Shed your hand by colour or symbol; match identical cards out of turn (multideck, Chameleons)"
    min_players = 2
    max_players = 14
    options_spec: ClassVar[dict[str, Option]] = {
        "half_decks": Option(
            2,
            "half decks in play, each card present once per half deck: 2 is the base game (2-9 players), "
            "3 'Deck and a Half', 4 'Double Deck', any N from 2 to 16 (multideck: 2-14 players)",
            check=sd.int_option(2, MAX_HALF_DECKS),
        ),
        "chameleons": Option(
            0, "blank cards used as Chameleons: 0 to one per half deck", check=sd.int_option(0, MAX_HALF_DECKS)
        ),
        "seven_card_cap": Option(False, "variant: deal at most 7 cards per player", choices=(False, True)),
        "scoring": Option(
            "standard",
            "points for cards left in hand: 'standard' (Symbol 1, Command 3, Power 5, Chameleon 6) or 'count'",
            choices=("standard", "count"),
        ),
        "hands": Option(
            None, "game length in hands (None: play to the target score)", check=sd.int_option(1, optional=True)
        ),
        "target": Option(
            100,
            "the game ends after the hand in which someone reaches this score (None: no target)",
            check=sd.int_option(1, optional=True),
        ),
        "calls": Option(
            "auto",
            "'auto': the engine makes every call; 'strict': each play carries the player's call "
            "(MATCH, MATCH-DOUBLE, TRIPLE, ZAR'CH-TRIPLE-BLUE, ZAR...); a call that leaves out what is due draws a card",
            choices=("auto", "strict"),
        ),
    }

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        self.half_decks: int = self.options["half_decks"]
        self.chameleons: int = self.options["chameleons"]
        self.strict: bool = self.options["calls"] == "strict"
        self.deal_size = deal_size(self.players, self.half_decks, self.options["seven_card_cap"])
        self.points = points_table(self.options["scoring"])
        self.max_size = self.half_decks + self.chameleons  # the largest possible multiple play
        self._plays: tuple[Play, ...] = tuple(self._all_plays())
        self._play_index = {p: i for i, p in enumerate(self._plays)}
        # The hot path's tables: the prebuilt plays of each (card, printed, Chameleons) cell in table order,
        # and runs of cells concatenated on first use (`span`), so listing a hand's plays is a few extends.
        self._cells: dict[tuple[int, int, int], tuple[Play, ...]] = {}
        for play in self._plays:
            key = (play.card, play.real, play.chameleons)
            self._cells[key] = self._cells.get(key, ()) + (play,)
        # span(card, low, real, c) lives at card * kstride + low * lowstride + real * nstride + c
        self.span_nstride: int = self.chameleons + 1
        self.span_lowstride: int = (self.half_decks + 1) * self.span_nstride
        self.span_kstride: int = 2 * self.span_lowstride
        self.spans: list[tuple[Play, ...] | None] = [None] * (PLAIN_KINDS * self.span_kstride)
        # A hand without Chameleons (the usual hand) lists its turn plays from whole rows:
        # plain_rows[k][n] is span(k, 1, n, 0), every play of 1..n printed cards of kind k.
        self.plain_rows = tuple(tuple(self.span(k, 1, n, 0) for n in range(self.half_decks + 1))
                                for k in range(PLAIN_KINDS))
        self.deck: tuple[int, ...] = tuple(full_deck(self.half_decks, self.chameleons))
        self._words_of: dict[tuple[bool, bool, int, int, int], str] = {}
        self._play_by_text = {normalise_text(p.cards_text()): p for p in self._plays}
        self._calls = tuple(
            Call(zar, match, size)
            for zar in (False, True)
            for match in (False, True)
            for size in range(1, self.max_size + 1)
        )
        self._call_index = {c: i for i, c in enumerate(self._calls)}
        self._words: dict[str, dict[str, Call]] = {}

    def span(self, card: int, low: int, real: int, chameleons: int) -> tuple[Play, ...]:
        """Every play of `card` with `low`..`real` printed cards and 0..`chameleons` Chameleons, in table order."""
        index = card * self.span_kstride + low * self.span_lowstride + real * self.span_nstride + chameleons
        got = self.spans[index]
        if got is None:
            cells = self._cells
            got = tuple(
                play for n in range(low, real + 1) for c in range(chameleons + 1) if n + c for play in cells[card, n, c]
            )
            self.spans[index] = got
        return got

    def call_words(self, zar: bool, match: bool, size: int, card: int, declare: int) -> str:
        """The words of a call (cached: the engine speaks for every play under auto calls)."""
        key = (zar, match, size, card, declare)
        words = self._words_of.get(key)
        if words is None:
            words = self._words_of[key] = Call(zar, match, size).words(declaration_name(card, declare))
        return words

    def player_range(self, options: dict[str, Any]) -> tuple[int, int]:
        return player_range(options["half_decks"])

    def check_options(self) -> None:
        if self.options["chameleons"] > self.options["half_decks"]:
            raise ValueError(
                f"zar: chameleons={self.options['chameleons']} but only {self.options['half_decks']} blank cards "
                "exist (one per half deck)"
            )
        if self.options["hands"] is None and self.options["target"] is None:
            raise ValueError("zar: set hands or target (or both), or the game would never end")

    # -- states -------------------------------------------------------------------------
    def new_state(self, seed: int) -> ZarState:
        state = ZarState(self, Rng(seed))
        state.deal()
        return state

    def read_state(self, data: dict[str, Any]) -> ZarState:
        return self._from_dict(data)

    def _from_dict(self, d: dict[str, Any]) -> ZarState:
        n = self.players

        def get(key: str) -> Any:
            return sd.field(d, key)

        state = ZarState(self, Rng.from_state(get("rng")))
        state.version = sd.integer(get("version"), "version", lo=0)
        state.hands = [sd.integers(h, "hands", lo=0, length=NUM_KINDS) for h in sd.per_seat(get("hands"), n, "hands")]
        state.sizes = [sum(h) for h in state.hands]
        state.drawpile = _kinds(get("drawpile"), "drawpile")
        state.pile = _kinds(get("pile"), "pile")
        state.pile_as = _kinds(get("pile_as"), "pile_as")
        if not state.pile or len(state.pile) != len(state.pile_as):
            raise ValueError("zar state: pile and pile_as must be non-empty and of equal length")
        if any(a == CHAMELEON or (p != CHAMELEON and p != a) for p, a in zip(state.pile, state.pile_as)):
            raise ValueError("zar state: pile_as must repeat the printed cards and give Chameleons an identity")
        have = sorted(state.drawpile + state.pile + [k for h in state.hands for k in cards_in(h)])
        if have != sorted(full_deck(self.half_decks, self.chameleons)):
            raise ValueError("zar state: the cards do not add up to the deck in play")
        top = state.pile_as[-1]
        state.declared = sd.integer(get("declared"), "declared", lo=-1)
        if state.declared not in declarations(top):
            raise ValueError(f"zar state: declared={state.declared} does not fit the top card")
        state.direction = sd.choice(get("direction"), "direction", (1, -1))
        state.owner = sd.seat(get("owner"), n, "owner")
        state.count = sd.integer(get("count"), "count", lo=1)
        state.run = sd.integer(get("run"), "run", lo=0)
        state.matchable = sd.boolean(get("matchable"), "matchable")
        state.stack = sd.integer(get("stack"), "stack", lo=0)
        state.phase = sd.choice(get("phase"), "phase", PHASES)
        turn = get("turn")
        state.turn = sd.integer(turn, "turn", lo=-1) if state.phase in (OUT, OVER) else sd.seat(turn, n, "turn")
        state.drawn = sd.integer(get("drawn"), "drawn", lo=-1)
        if state.phase == DRAWN and not (0 <= state.drawn < NUM_KINDS and state.hands[state.turn][state.drawn]):
            raise ValueError("zar state: the drawn card must be in the turn player's hand")
        state.idle = sd.integer(get("idle"), "idle", lo=0)
        state.dealer = sd.seat(get("dealer"), n, "dealer")
        state.hand_no = sd.integer(get("hand_no"), "hand_no", lo=1)
        state.totals = sd.integers(sd.per_seat(get("totals"), n, "totals"), "totals")
        state.history = [sd.integers(sd.per_seat(h, n, "history"), "history")
                         for h in sd.listed(get("history"), "history")]
        state.hand_winner = sd.integer(get("hand_winner"), "hand_winner", lo=-1, hi=n - 1)  # -1: nobody yet
        state.last_player = sd.integer(get("last_player"), "last_player", lo=-1, hi=n - 1)
        if not isinstance(get("last_call"), str):
            raise ValueError("zar state: last_call must be a string")  # noqa: TRY004 - the kernel asks ValueError
        state.last_call = get("last_call")
        state.penalties = sd.integers(sd.per_seat(get("penalties"), n, "penalties"), "penalties")
        _check_moment(state)
        return state

    # -- actions ------------------------------------------------------------------------
    def _all_plays(self) -> Iterator[Play]:
        """Every play, kind by kind: printed cards with or without Chameleons, then Chameleons alone."""
        for card in range(PLAIN_KINDS):
            for real in range(self.half_decks + 1):
                for chams in range(self.chameleons + 1):
                    if real + chams == 0:
                        continue
                    tops = (False,) if chams == 0 else (True,) if real == 0 else (False, True)
                    for top in tops:
                        for declare in declarations(card):
                            yield Play(card, real, chams, top, declare)

    def with_call(self, play: Play, call: Call | None) -> Play:
        return replace(play, call=call)

    def action_table(self) -> Sequence[Any]:
        if not self.strict:
            return [*self._plays, DRAW, PASS]
        return [self.action_from_id(i) for i in range(self.num_distinct_actions())]

    # Strict calls multiply every play by its possible calls; the codec is then
    # arithmetic (play index x call index) instead of a stored table.
    def num_distinct_actions(self) -> int:
        if not self.strict:
            return super().num_distinct_actions()
        return len(self._plays) * len(self._calls) + 2

    def action_id(self, action: Any) -> int:
        if not self.strict:
            return super().action_id(action)
        if action == DRAW or action == PASS:
            return len(self._plays) * len(self._calls) + int(action == PASS)
        if isinstance(action, Play) and action.call in self._call_index:
            bare = self._play_index.get(replace(action, call=None))
            if bare is not None:
                return bare * len(self._calls) + self._call_index[action.call]
        raise ValueError(f"{self.id}: {action!r} is not an action of this game")

    def action_from_id(self, index: int) -> Any:
        if not self.strict:
            return super().action_from_id(index)
        total = self.num_distinct_actions()
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < total:
            raise ValueError(f"{self.id}: action id {index!r} is outside 0..{total - 1}")
        if index >= total - 2:
            return PASS if index == total - 1 else DRAW
        play, call = divmod(index, len(self._calls))
        return replace(self._plays[play], call=self._calls[call])

    def parse_action(self, text: str) -> Any:
        if not self.strict:
            return super().parse_action(text)
        try:
            norm = normalise_text(text)
        except AttributeError:
            raise ValueError(f"{self.id}: cannot read {text!r} as an action") from None
        if norm in ("draw", "pass"):
            return DRAW if norm == "draw" else PASS
        words, _, cards = norm.rpartition(":")
        play = self._play_by_text.get(cards.strip())
        if play is not None:
            call = self._spoken(declaration_name(play.card, play.declare)).get(words.strip())
            if call is not None:
                return replace(play, call=call)
        raise ValueError(f"{self.id}: cannot read {text!r} as an action (strict calls: '<CALL>: <cards>')")

    def _spoken(self, declared: str) -> dict[str, Call]:
        """Normalised call words -> Call, for plays that declare `declared` ("" for none)."""
        table = self._words.get(declared)
        if table is None:
            table = {normalise_text(c.words(declared)): c for c in self._calls}
            if not declared:
                table["last card"] = Call(True, False, 1)  # the base game's name for a lone "ZAR"
            self._words[declared] = table
        return table


def _check_moment(state: ZarState) -> None:
    """Refuse field combinations no game can reach (they would leave nobody able to act)."""
    phase = state.phase
    if phase in (PLAY, DRAWN) and not 1 <= state.run <= state.count:
        raise ValueError("zar state: the play group needs 1 <= run <= count")
    if phase == OUT and (state.turn != -1 or not state.matchable or state.sizes[state.owner]):
        raise ValueError("zar state: phase 'out' means the group's owner has no cards, the group is open and no turn")
    if phase == OUT and not any(state.may_match(q) for q in range(state.game.players)):
        raise ValueError("zar state: phase 'out' needs someone able to match the last card (else the hand is over)")
    if phase == OVER and (state.turn != -1 or state.matchable):
        raise ValueError("zar state: a finished game has no turn and no open group")
    if phase == DRAWN and (state.matchable or state.stack):
        raise ValueError("zar state: after a draw the top card is closed and no Wasp draw is pending")
    if state.stack and phase != OVER and (not state.matchable or phase not in (PLAY, OUT)):
        raise ValueError("zar state: a pending Wasp draw belongs to an open group")


def _kinds(v: Any, name: str) -> list[int]:
    return sd.integers(v, name, lo=0, hi=NUM_KINDS - 1)
