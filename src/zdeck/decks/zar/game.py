"""The ZAR game: metadata, options, and the tables its rules read (its action codec: actions.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, Final

from zdeck import statedict as sd
from zdeck.compiled import mypyc_attr
from zdeck.core import Game, Option

if TYPE_CHECKING:
    from zdeck.decks.zar.actions import Call, Play, ZarAction

# The rules (cards, actions, state) are found by the kernel in this folder when first used (`Game.part`):
# `zdeck list` reads this class alone, and should not build every game's tables to do it.

MAX_HALF_DECKS: Final = 16  # "any N >= 2": bounded only to keep the action table a sensible size


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant may subclass it
class ZarGame(Game):
    id = "zar"
    title = "ZAR"
    summary = "Shed your hand by colour or symbol; match identical cards out of turn (multideck, Chameleons)"
    min_players = 2
    max_players = 14
    default_score_order = "lower"  # points left in hand are penalties
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

    def __init__(self, players: object = None, **options: Any) -> None:
        from zdeck.decks.zar.actions import Play, PlayTable, bare_table
        from zdeck.decks.zar.cards import counts_of, deal_size, declaration_name, full_deck, points_table

        super().__init__(players, **options)
        self.half_decks: int = self.options["half_decks"]
        self.chameleons: int = self.options["chameleons"]
        self.spoken_calls: bool = self.options["calls"] != "auto"  # plays carry what their player said
        self.deal_size = deal_size(self.players, self.half_decks, self.options["seven_card_cap"])
        self.points = points_table(self.options["scoring"])
        self.deck: tuple[int, ...] = tuple(full_deck(self.half_decks, self.chameleons))
        self.deck_counts = counts_of(self.deck)  # (packed: what a resample counts the unseen cards from)
        self.max_size = self.half_decks + self.chameleons  # the largest possible multiple play
        self.bare = bare_table(self.half_decks, self.chameleons)  # every action without a call
        self.plays = PlayTable(tuple(a for a in self.bare if isinstance(a, Play)), self.half_decks)
        self._texts: dict[ZarAction, str] = {}
        self._call_words: dict[tuple[Call, int, int], str] = {}
        self._declaration_name = declaration_name  # (read at every spoken call: an import in a method costs ~2 us)

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

    def rounds(self) -> int | None:
        return self.options["hands"] if self.options["target"] is None else None

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
