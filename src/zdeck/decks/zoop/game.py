"""The Zoop game: metadata, variant options, and the rule tables the options fix."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from zdeck import statedict as sd
from zdeck.compiled import mypyc_attr
from zdeck.core import Game, Option

if TYPE_CHECKING:
    from zdeck.decks.zoop.cards import Deck

# The rules (cards, actions, state) are found by the kernel in this folder when first used (`Game.part`):
# `zdeck list` reads this class alone, and should not build every game's tables to do it.


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant may subclass it
class ZoopGame(Game):
    id = "zoop"
    title = "Zoop"
    summary = "Animal race: match 2 of 3 traits, ZOOP! identical cards out of turn, cage special animals."
    min_players = 3
    max_players = 8
    default_players = 4
    default_score_order = "higher"
    options_spec: ClassVar[dict[str, Option]] = {
        "calls": Option(
            "auto",
            "auto: an out-of-turn play is always correctly called (ZOOP!/Captured!); strict: the call is part "
            "of the action and a missing call or a wrong ZOOP! card is penalised (return it, draw one)",
            choices=("auto", "strict"),
        ),
        "colours": Option(3, "number of colours in the deck (the printed game has 3)", choices=(2, 3, 4, 5, 6)),
        "wild_rule": Option(
            "held",
            "held: a Wild Card declares an animal its player holds and the Special Round ends with a card of "
            "that animal; free: any basic animal may be declared and the final discard is any card",
            choices=("held", "free"),
        ),
        "zoop_turn": Option(
            "stays",
            "stays: a ZOOP! is a discard and the turn stays with whoever was to play; jumps: play goes on from "
            "the player after the zooper, as if they had played in turn",
            choices=("stays", "jumps"),
        ),
        "own_cage": Option(
            "allowed",
            "allowed: anyone holding a Cage may capture a Special Animal just played, its own player included "
            "(the rulebook: it doesn't matter who plays the Cage); others: only another player's animal",
            choices=("allowed", "others"),
        ),
        "captured_crab": Option(
            "cancelled",
            "cancelled: a captured Crab does not reverse play (a captured animal has no effect); reverses: the "
            "reversal stands and play goes on from the Cage player in the new direction",
            choices=("cancelled", "reverses"),
        ),
        "first_player": Option(
            None,
            "seat that starts (e.g. the winner of the previous game); None: chosen at random",
            check=sd.int_option(0, optional=True),
        ),
    }

    def __init__(self, players: object = None, **options: Any) -> None:
        from zdeck.decks.zoop.actions import ActionRows
        from zdeck.decks.zoop.cards import load_deck

        super().__init__(players, **options)
        self.deck: Deck = load_deck(self.options["colours"])
        self.rows = ActionRows(self.deck)
        self.strict: bool = self.options["calls"] == "strict"
        self.held_rule: bool = self.options["wild_rule"] == "held"
        self.own_cage: bool = self.options["own_cage"] == "allowed"
        self.zoop_jumps: bool = self.options["zoop_turn"] == "jumps"
        self.crab_cancelled: bool = self.options["captured_crab"] == "cancelled"
        self._build_tables()

    def _build_tables(self) -> None:
        """The tables the rules read at every move (rules.py), kept on the game where the state reads them."""
        from zdeck.decks.zoop.rules import RuleTables

        t = RuleTables(self.deck, self.rows, self.players, self.held_rule)
        self.bit, self.wild_bit, self.cage_bit, self.effects = t.bit, t.wild_bit, t.cage_bit, t.effects
        self.basic_masks, self.wild_lists, self.solo, self.others = t.basic_masks, t.wild_lists, t.solo, t.others
        self.table_ids = frozenset(id(a) for a in self.action_table())

    # -- metadata hooks ---------------------------------------------------------------------------
    def player_range(self, options: dict[str, Any]) -> tuple[int, int]:
        """Every count up to the largest whose deal still leaves an animal card to turn face up."""
        from zdeck.decks.zoop.cards import load_deck

        deck = load_deck(options["colours"])
        spare = deck.size - deck.copies[deck.wild] - deck.copies[deck.cage]
        hi = self.min_players - 1
        for n in range(self.min_players, self.max_players + 1):
            if n * deck.hand_size(n) >= spare:
                break
            hi = n
        return self.min_players, hi

    def check_options(self) -> None:
        first = self.options["first_player"]
        if first is not None and first >= self.players:
            raise ValueError(f"zoop: first_player={first} is not a seat of a {self.players}-player game")
