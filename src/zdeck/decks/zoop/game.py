"""The Zoop game: metadata, variant options, and the rule tables the options fix."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from zdeck import statedict as sd
from zdeck.core import Game, Option

if TYPE_CHECKING:
    from zdeck.decks.zoop.actions import PlayWild
    from zdeck.decks.zoop.cards import Deck

# The rules (cards, actions, state) are found by the kernel in this folder when first used (`Game.part`):
# `zdeck list` reads this class alone, and should not build every game's tables to do it.


class Effect(NamedTuple):
    """What playing a card of one kind does to the turn (section 4 of the rulebook)."""

    skip: int  # seats the turn moves on: 2 when the next player misses their turn
    owed: int  # cards the player who gets the turn draws first (Monkeys, Kangaroo)
    follows: int  # mask of the kinds that may be played on it (Everyone passes asks who holds one)
    capturable: bool  # a Special Animal: a Cage may capture it
    reverses: bool  # a Crab


class ZoopGame(Game):
    id = "zoop"
    title = "Zoop"
    summary = "Animal race: match 2 of 3 traits, ZOOP! identical cards out of turn, cage special animals."
    min_players = 3
    max_players = 8
    default_players = 4
    score_order = "higher"
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

    def __init__(self, players: int | None = None, **options: Any) -> None:
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
        """Tables the rules read at every move, built once for this deck, these options and this table size."""
        from zdeck.decks.zoop.cards import BASIC_ANIMALS

        d, n = self.deck, self.players
        self.bit: tuple[int, ...] = tuple(1 << k for k in range(len(d.kinds)))
        self.wild_bit, self.cage_bit = self.bit[d.wild], self.bit[d.cage]
        self.effects: tuple[Effect, ...] = tuple(_effect(d, k) for k in range(len(d.kinds)))
        self.basic_masks: tuple[int, ...] = tuple(d.mask_of_animal[a] for a in BASIC_ANIMALS)
        # wild_lists[i]: the Wild Card actions open to a hand holding the basic animals of bitset i
        # (bit j: BASIC_ANIMALS[j]); none without a basic animal, so a Wild Card is never the last card.
        self.wild_lists: tuple[tuple[PlayWild, ...], ...] = tuple(
            self._wild_actions([a for j, a in enumerate(BASIC_ANIMALS) if i >> j & 1], BASIC_ANIMALS)
            for i in range(1 << len(BASIC_ANIMALS))
        )
        self.solo: tuple[tuple[int, ...], ...] = tuple((p,) for p in range(n))  # actors() when one seat acts
        # others[direction][p]: the other seats in playing order from p (a Special Round's answerers)
        self.others = {step: tuple(tuple((p + i * step) % n for i in range(1, n)) for p in range(n)) for step in (1, -1)}
        self.table_ids = frozenset(id(a) for a in self.action_table())

    def _wild_actions(self, held: list[str], basic: tuple[str, ...]) -> tuple[PlayWild, ...]:
        if not held:
            return ()
        return tuple(self.rows.wild[a] for a in (held if self.held_rule else basic))

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


def _effect(deck: Deck, k: int) -> Effect:
    from zdeck.decks.zoop.cards import NEXT_DRAWS, NEXT_MISSES, NEXT_MISSES_THEN_DRAWS, REVERSE

    effect = deck.effect[k]
    return Effect(
        skip=2 if effect in (NEXT_MISSES, NEXT_MISSES_THEN_DRAWS) else 1,
        owed=1 if effect in (NEXT_DRAWS, NEXT_MISSES_THEN_DRAWS) else 0,
        follows=deck.match_mask[k],
        capturable=deck.is_special_animal[k],
        reverses=effect == REVERSE,
    )
