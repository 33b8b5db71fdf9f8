"""The ZAR game: metadata, options, the action codec (calls included) and building states."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from zdeck import statedict as sd
from zdeck.core import Game, Option, normalise_text
from zdeck.rng import Rng

if TYPE_CHECKING:
    from zdeck.decks.zar.actions import Call, Play, ZarAction
    from zdeck.decks.zar.state import ZarState

# The rules (cards, actions, state) are imported by the methods that use them, not here: `zdeck list`
# reads this class alone, and should not build every game's tables to do it.

MAX_HALF_DECKS = 16  # "any N >= 2": bounded only to keep the action table a sensible size


class ZarGame(Game):
    id = "zar"
    title = "ZAR"
    summary = "Shed your hand by colour or symbol; match identical cards out of turn (multideck, Chameleons)"
    min_players = 2
    max_players = 14
    score_order = "lower"  # points left in hand are penalties
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
            "'auto': the engine makes every call; 'rulebook': each play carries the player's call "
            "(MATCH, MATCH-DOUBLE, TRIPLE, ZAR'CH-TRIPLE-BLUE, ZAR...) and only a forgotten ZAR ('Last Card') "
            "draws a card, the one penalty the rules name; 'strict': as 'rulebook', and a missing MATCH or a wrong "
            "size word draws a card too (penalties we invented: they are not in the rules)",
            choices=("auto", "rulebook", "strict"),
        ),
    }

    def __init__(self, players: int | None = None, **options: Any) -> None:
        from zdeck.decks.zar.actions import DRAW, PASS, Call, Play, PlayTable, action_table
        from zdeck.decks.zar.cards import deal_size, declaration_name, full_deck, points_table

        super().__init__(players, **options)
        self.half_decks: int = self.options["half_decks"]
        self.chameleons: int = self.options["chameleons"]
        self.spoken_calls: bool = self.options["calls"] != "auto"  # plays carry what their player said
        self.deal_size = deal_size(self.players, self.half_decks, self.options["seven_card_cap"])
        self.points = points_table(self.options["scoring"])
        self.deck: tuple[int, ...] = tuple(full_deck(self.half_decks, self.chameleons))
        self.max_size = self.half_decks + self.chameleons  # the largest possible multiple play
        self._bare = action_table(self.half_decks, self.chameleons)
        self._plays: tuple[Play, ...] = tuple(a for a in self._bare if isinstance(a, Play))
        self.plays = PlayTable(self._plays, self.half_decks)
        # Spoken calls: each play times each call it may carry (the codec is arithmetic, not a stored table)
        self._play_index = {p: i for i, p in enumerate(self._plays)}
        self._calls = tuple(
            Call(zar, match, size) for zar in (False, True) for match in (False, True) for size in range(1, self.max_size + 1)
        )
        self._call_index = {c: i for i, c in enumerate(self._calls)}
        self._play_by_text = {normalise_text(p.cards_text()): p for p in self._plays}
        self._words: dict[str, dict[str, Call]] = {}
        self._texts: dict[ZarAction, str] = {}
        self._call_words: dict[tuple[Call, int, int], str] = {}
        # What the codec reads at every action, kept here (an import in a method costs ~2 us a call)
        self._draw, self._pass, self._play_type, self._declaration_name = DRAW, PASS, Play, declaration_name

    # -- metadata hooks ---------------------------------------------------------------------
    def player_range(self, options: dict[str, Any]) -> tuple[int, int]:
        from zdeck.decks.zar.cards import player_range

        return player_range(options["half_decks"])

    def check_options(self) -> None:
        if self.options["chameleons"] > self.options["half_decks"]:
            raise ValueError(
                f"zar: chameleons={self.options['chameleons']} but only {self.options['half_decks']} blank cards "
                "exist (one per half deck)"
            )
        if self.options["hands"] is None and self.options["target"] is None:
            raise ValueError("zar: set hands or target (or both), or the game would never end")

    # -- states -------------------------------------------------------------------------------
    def new_state(self, seed: int) -> ZarState:
        from zdeck.decks.zar.state import ZarState

        state = ZarState(self, Rng(seed))
        state.deal()
        return state

    def read_state(self, data: dict[str, Any]) -> ZarState:
        from zdeck.decks.zar.state import read_state

        return read_state(self, data)

    # -- actions ------------------------------------------------------------------------------
    def action_face(self, action: Any) -> dict[str, Any]:
        from zdeck.decks.zar.actions import action_face

        return action_face(action)

    def action_table(self) -> Sequence[Any]:
        if not self.spoken_calls:
            return self._bare
        return [self.action_from_id(i) for i in range(self.num_distinct_actions())]

    def card_faces(self) -> dict[str, dict[str, Any]]:
        """The 31 cards of a half deck, then the Chameleon when `chameleons` brings any; `points` follow the
        `scoring` option."""
        from zdeck.decks.zar.cards import card_faces

        return card_faces(self.options["scoring"], self.chameleons > 0)

    def with_call(self, play: Play, call: Call | None) -> Play:
        return replace(play, call=call)

    def action_text(self, action: ZarAction) -> str:
        """`str(action)`, formed once per action (observations name the last action at every move)."""
        text = self._texts.get(action)
        if text is None:
            text = self._texts[action] = str(action)
        return text

    def call_words(self, call: Call, play: Play) -> str:
        """A call as spoken, ending with the play's declaration ("ZAR'CH-TRIPLE-BLUE"), formed once."""
        key = (call, play.card, play.declare)
        words = self._call_words.get(key)
        if words is None:
            words = self._call_words[key] = call.words(self._declaration_name(play.card, play.declare))
        return words

    # Spoken calls multiply every play by its possible calls; the codec is then
    # arithmetic (play index x call index) instead of a stored table.
    def num_distinct_actions(self) -> int:
        if not self.spoken_calls:
            return super().num_distinct_actions()
        return len(self._plays) * len(self._calls) + 2

    def action_id(self, action: Any) -> int:
        try:
            if not self.spoken_calls:
                return super().action_id(action)
            if action == self._draw or action == self._pass:
                return len(self._plays) * len(self._calls) + int(action == self._pass)
            if isinstance(action, self._play_type) and action.call in self._call_index:
                bare = self._play_index.get(replace(action, call=None))
                if bare is not None:
                    return bare * len(self._calls) + self._call_index[action.call]
        except ValueError:
            pass
        raise ValueError(f"{self.id}: {_quoted(action)} is not an action of this game")

    def action_from_id(self, index: int) -> Any:
        total = self.num_distinct_actions()
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < total:
            raise ValueError(f"{self.id}: action id {_quoted(index)} is not an integer in 0..{total - 1}")
        if not self.spoken_calls:
            return self._bare[index]
        if index >= total - 2:
            return self._pass if index == total - 1 else self._draw
        play, call = divmod(index, len(self._calls))
        return replace(self._plays[play], call=self._calls[call])

    def parse_action(self, text: str) -> Any:
        if not isinstance(text, str):
            kind = type(text).__name__  # (a ValueError, as the kernel asks of any bad input)
            raise ValueError(f"{self.id}: cannot read {kind} {_quoted(text)} as an action: actions are text")  # noqa: TRY004
        if not self.spoken_calls:
            return super().parse_action(text)
        norm = normalise_text(text)
        if norm in ("draw", "pass"):
            return self._draw if norm == "draw" else self._pass
        words, _, cards = norm.rpartition(":")
        play = self._play_by_text.get(cards.strip())
        if play is not None:
            call = self._spoken(self._declaration_name(play.card, play.declare)).get(words.strip())
            if call is not None:
                return replace(play, call=call)
        raise ValueError(f"{self.id}: cannot read {_quoted(text)} as an action (calls are spoken: '<CALL>: <cards>')")

    def _spoken(self, declared: str) -> dict[str, Call]:
        """Normalised call words -> Call, for plays that declare `declared` ("" for none)."""
        table = self._words.get(declared)
        if table is None:
            from zdeck.decks.zar.actions import Call

            table = {normalise_text(c.words(declared)): c for c in self._calls}
            if not declared:
                table["last card"] = Call(True, False, 1)  # the base game's name for a lone "ZAR"
            self._words[declared] = table
        return table


def _quoted(value: object, limit: int = 60) -> str:
    """A value quoted in a message, cut short: hostile input must not flood a log (nor fail to print)."""
    if isinstance(value, int) and value.bit_length() > 64:
        return f"<an integer of {value.bit_length()} bits>"  # (repr of a huge int is slow, or refused)
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"
