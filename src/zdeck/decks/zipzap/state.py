"""Zip Zap's table: who may put a card down, what it does, the score, and what each seat sees.

Rules: docs/rules/zipzap.md; observations: docs/observations/zipzap.md.
"""

from __future__ import annotations

import reprlib
from typing import TYPE_CHECKING, Any

from zdeck import statedict as sd
from zdeck.bits import indices
from zdeck.core import Action, IllegalAction, Outcome, RoundTotals, State
from zdeck.dealing import deal_out
from zdeck.decks.zipzap.actions import ACTIONS, Play, Zap, actions_of
from zdeck.decks.zipzap.cards import (
    BY_TEXT,
    DATA,
    FOLLOWER_MASKS,
    SUITS,
    TEXTS,
    WILD,
    ZAP,
    ZAP_BIT,
    ZAP_TEXT,
    deck_of,
    hand_points,
    mask_of,
    texts,
)
from zdeck.rng import Rng

if TYPE_CHECKING:
    from zdeck.decks.zipzap.game import ZipZap

# The phases, by the names the observation gives them. In a race anyone holding a follower of the
# top card may put it down (and its player may Zap); in the lead one player continues with any card.
RACE, LEAD, OVER = "race", "lead", "over"
PHASES = (RACE, LEAD, OVER)


class ZipZapState(RoundTotals, State):
    """Hands are bitmasks over card indices, the Zap's bit included, and the pile a list of
    (seat, index): the race runs on integer operations; cards and actions are values only at
    the contract's edge."""

    game: ZipZap

    def __init__(self, game: ZipZap, rng: Rng) -> None:
        self.game = game
        self.rng = rng
        self.version = 0
        n = game.players
        self.suits_in_play: tuple[int, ...] = ()  # indices into SUITS, the wild suit last
        self.hands = [0] * n
        self.deck: list[int] = []  # face down; the end of the list is its top
        self.pile: list[tuple[int | None, int]] = []  # (who put it down - None if turned from the deck, index)
        self.wanted = 0  # the bitmask of the cards that may follow the top card
        self.last: int | None = None  # who put the top card down
        self.phase = LEAD
        self.leader: int | None = None  # who continues the round; set exactly in the lead phase
        self.dealer = 0
        self.round_no = 1
        self.totals = [0] * n
        self.history: list[list[int]] = []
        self.went_out: int | None = None  # who ended the last round, until the next deal

    # -- who acts ------------------------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        if self.leader is not None:
            return (self.leader,)
        if self.phase == OVER:
            return ()
        wanted, zapper = self.wanted, self._zapper()
        return tuple(p for p, hand in enumerate(self.hands) if hand & wanted or p == zapper)

    def moves(self) -> list[tuple[int, list[Action]]]:
        """`actors` and `_playable` in one pass over the hands: the simulator asks at every moment
        (the base class's call per actor costs random play 25%)."""
        if self.phase == OVER:
            return []
        zapper = self._zapper()
        if self.leader is not None:
            hand = self.hands[self.leader]
            return [(self.leader, actions_of(hand if self.leader == zapper else hand & ~ZAP_BIT))]  # type: ignore[list-item]
        wanted = self.wanted
        found: list[tuple[int, list[Action]]] = []
        for player, hand in enumerate(self.hands):  # a loop: a comprehension here cost 7%
            if hand & wanted or player == zapper:
                playable = hand & wanted | ZAP_BIT if player == zapper else hand & wanted
                found.append((player, actions_of(playable)))  # type: ignore[arg-type]
        return found

    def legal_actions(self, player: int) -> list[Action]:
        return actions_of(self._playable(player))  # type: ignore[return-value]

    def is_legal(self, player: int, action: Action) -> bool:
        return isinstance(action, (Play, Zap)) and bool(self._playable(player) >> action.index & 1)

    def explain_illegal(self, player: int, action: Action) -> str:
        if self.phase == OVER:
            return "the game is over"
        if not isinstance(action, (Play, Zap)):
            return f"{reprlib.repr(action)} is not a Zip Zap action"
        if isinstance(action, Zap):
            if not self.hands[player] & ZAP_BIT:
                return f"player {player} has already played their Zap card this round"
            return f"player {player} may Zap only straight after playing the last number card themselves"
        if not self.hands[player] >> action.index & 1:
            return f"player {player} does not hold {action.card}"
        if self.leader is not None:
            return f"player {self.leader} continues the round now; others wait"
        need = " or ".join(TEXTS[i] for i in indices(self.wanted)) or "nothing"
        return f"{action.card} does not follow {TEXTS[self.pile[-1][1]]}: only {need} may be played"

    def _playable(self, player: int) -> int:
        """The bitmask of what `player` may put down now: in a race the followers of the top card they
        hold, when they continue the round any card; and their Zap if they may Zap."""
        hand = self.hands[player]
        if self.phase == RACE:
            mask = hand & self.wanted
        elif player == self.leader:
            mask = hand & ~ZAP_BIT
        else:
            return 0
        return mask | ZAP_BIT if player == self._zapper() else mask

    def _zapper(self) -> int | None:
        """Who may Zap: the player of the top number card, while they hold their Zap. (Once a Zap is
        on top it has left its player's hand, so nobody may Zap on a Zap.)"""
        last = self.last
        return last if last is not None and self.hands[last] & ZAP_BIT else None

    def anyone_can_follow(self) -> bool:
        wanted = self.wanted
        for hand in self.hands:
            if hand & wanted:
                return True
        return False

    # -- transitions ---------------------------------------------------------------------------------
    def start_game(self) -> None:
        """Setup: with 2 or 3 players some solid suits stay out (drawn from the seed); deal round 1."""
        removed = DATA["solid_suits_removed"][str(self.game.players)]
        solids = list(range(WILD))
        self.rng.shuffle(solids)
        self.suits_in_play = (*sorted(solids[removed:]), WILD)
        self.start_round()

    def start_round(self) -> None:
        """Deal: every player a Zap and their cards, the rest face down; turn the top card up."""
        n = self.game.players
        hands, self.deck = deal_out(self.rng, list(deck_of(self.suits_in_play)), [DATA["deal"][str(n)]] * n)
        self.hands = [mask_of(hand) | ZAP_BIT for hand in hands]
        self.pile, self.wanted, self.last = [], 0, None
        self.went_out = None
        self.turn_over()

    def turn_over(self) -> None:
        """Turn the deck's top card up; if nobody can follow it, the next one (the rare stuck card)."""
        while self.deck:
            self.put(None, self.deck.pop())
            if self.anyone_can_follow():
                self.phase, self.leader = RACE, None
                return
        # Every card turned and stuck (nobody has played yet, so everyone holds cards): see Clarifications.
        self.phase, self.leader = LEAD, (self.dealer + 1) % self.game.players

    def put(self, player: int | None, index: int) -> None:
        """A card onto the pile: what may follow it is now wanted."""
        self.pile.append((player, index))
        self.last = player
        self.wanted = FOLLOWER_MASKS[index]

    def _apply(self, player: int, action: Action) -> None:
        index: int = action.index  # type: ignore[attr-defined]  # a listed Play or Zap: the card it puts down
        self.hands[player] &= ~(1 << index)
        self.put(player, index)
        if not self.hands[player]:  # the last card, the Zap included
            self.end_round(player)
        elif self.anyone_can_follow():
            self.phase, self.leader = RACE, None
        else:  # the stop events: a 10 or a Zap (nothing follows either), or a card nobody can follow
            self.phase, self.leader = LEAD, player

    def resolve_late(self, player: int, action: Action, seen: int) -> Outcome:
        """Only the first card down stays: a late card (or Zap) goes back to its player's hand."""
        if not isinstance(action, (Play, Zap)) or not self.hands[player] >> action.index & 1:
            raise IllegalAction(f"player {player} does not hold the card of {action}")
        return Outcome.BOUNCED

    def _on_timeout(self) -> None:
        """Nobody played although someone could: as when no one can play."""
        if self.phase != RACE:
            raise IllegalAction("a player must continue the round now; waiting is not possible")
        if self.last is None:
            self.turn_over()
        else:
            self.phase, self.leader = LEAD, self.last

    def end_round(self, winner: int) -> None:
        """Score the round; deal the next, or end the game after the last."""
        self.went_out = winner
        points = self._round_points(winner)
        self.history.append(points)
        self.totals = [total + p for total, p in zip(self.totals, points)]
        if self.round_no >= self.game.total_rounds:
            self.phase, self.leader = OVER, None
            return
        self.round_no += 1
        self.dealer = (self.dealer + 1) % self.game.players
        self.start_round()

    def _round_points(self, winner: int) -> list[int]:
        """Every hand's cards (solid 1, wild 3, Zap 5); in the "wins" variant one point for going out."""
        if self.game.options["scoring"] == "wins":
            return [int(p == winner) for p in range(self.game.players)]
        return [hand_points(hand) for hand in self.hands]

    # -- outcome -------------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        return self.leaders(min if self.game.score_order == "lower" else max)

    # -- views ---------------------------------------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        pile = self.pile
        return {
            "game": self.game.id,
            "seat": player,
            "phase": self.phase,
            "turn": self.leader,
            "round": self.round_no,
            "rounds": self.game.total_rounds,
            "hand": None if player is None else texts(self.hands[player]),
            "hand_sizes": [hand.bit_count() for hand in self.hands],
            "scores": list(self.totals),
            "round_scores": [list(r) for r in self.history],
            "over": self.phase == OVER,
            "winners": self.winners(),
            "top": TEXTS[pile[-1][1]] if pile else None,
            "pile": [{"seat": who, "card": TEXTS[index]} for who, index in pile],
            "draw_size": len(self.deck),
            "dealer": self.dealer,
            "last": None if self.last is None else {"seat": self.last, "action": str(ACTIONS[pile[-1][1]])},
            "suits_in_play": [SUITS[s] for s in self.suits_in_play],
            "has_zap": [bool(hand & ZAP_BIT) for hand in self.hands],
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.game.describe(),
            "version": self.version,
            "rng": self.rng.state,
            "suits_in_play": [SUITS[s] for s in self.suits_in_play],
            "hands": [texts(hand & ~ZAP_BIT) for hand in self.hands],
            "has_zap": [bool(hand & ZAP_BIT) for hand in self.hands],
            "deck": [TEXTS[i] for i in self.deck],
            "pile": [[who, TEXTS[index]] for who, index in self.pile],
            "phase": self.phase,
            "leader": self.leader,
            "last": self.last,
            "dealer": self.dealer,
            "round": self.round_no,
            "totals": list(self.totals),
            "history": [list(r) for r in self.history],
            "went_out": self.went_out,
        }

    def clone(self) -> ZipZapState:
        twin = ZipZapState.__new__(ZipZapState)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.clone()
        twin.hands = list(self.hands)
        twin.deck = list(self.deck)
        twin.pile = list(self.pile)
        twin.totals = list(self.totals)
        twin.history = [list(r) for r in self.history]
        return twin

    def _resample_hidden(self, player: int, rng: Rng) -> ZipZapState:
        """Re-deal the other hands and the deck; in a race, keep someone able to follow (as the table saw)."""
        twin = self.clone()
        others = [p for p in range(self.game.players) if p != player]
        pool = [i for p in others for i in indices(self.hands[p] & ~ZAP_BIT)] + self.deck
        sizes = [(self.hands[p] & ~ZAP_BIT).bit_count() for p in others]
        for _ in range(100):
            hands, twin.deck = deal_out(rng, pool, sizes)
            for p, hand in zip(others, hands):
                twin.hands[p] = mask_of(hand) | self.hands[p] & ZAP_BIT
            if twin.phase != RACE or twin.anyone_can_follow():
                break
        return twin


def read_state(game: ZipZap, data: dict[str, Any]) -> ZipZapState:
    """The state `to_dict` wrote, its fields checked."""
    n = game.players
    state = ZipZapState(game, Rng.from_state(sd.field(data, "rng")))
    state.version = sd.integer(sd.field(data, "version"), "version", lo=0)
    state.suits_in_play = tuple(SUITS.index(sd.choice(s, "suits_in_play", SUITS))
                                for s in sd.listed(sd.field(data, "suits_in_play"), "suits_in_play"))
    hands = [[_card(c, "hands") for c in sd.listed(hand, "hands")]
             for hand in sd.per_seat(sd.field(data, "hands"), n, "hands")]
    has_zap = [sd.boolean(z, "has_zap") for z in sd.per_seat(sd.field(data, "has_zap"), n, "has_zap")]
    state.hands = [mask_of(hand) | (ZAP_BIT if zap else 0) for hand, zap in zip(hands, has_zap)]
    state.deck = [_card(c, "deck") for c in sd.listed(sd.field(data, "deck"), "deck")]
    for entry in sd.listed(sd.field(data, "pile"), "pile"):
        who, text = sd.listed(entry, "pile entry", length=2)
        state.put(sd.seat(who, n, "pile player", optional=True), ZAP if text == ZAP_TEXT else _card(text, "pile"))
    state.last = sd.seat(sd.field(data, "last"), n, "last", optional=True)
    state.phase = sd.choice(sd.field(data, "phase"), "phase", PHASES)
    state.leader = sd.seat(sd.field(data, "leader"), n, "leader", optional=True)
    state.dealer = sd.seat(sd.field(data, "dealer"), n, "dealer")
    state.round_no = sd.integer(sd.field(data, "round"), "round", lo=1, hi=game.total_rounds)
    state.totals = [sd.integer(t, "totals") for t in sd.per_seat(sd.field(data, "totals"), n, "totals")]
    state.history = [[sd.integer(x, "history") for x in sd.per_seat(r, n, "history")]
                     for r in sd.listed(sd.field(data, "history"), "history")]
    state.went_out = sd.seat(sd.field(data, "went_out"), n, "went_out", optional=True)
    if (state.phase == LEAD) != (state.leader is not None):
        raise ValueError("leader: set exactly in the lead phase")
    if state.phase == RACE and not state.pile:
        raise ValueError("a race needs a card on the pile")
    cards = [c for h in hands for c in h] + state.deck + [c for _, c in state.pile if c != ZAP]
    if len(cards) != len(set(cards)):
        raise ValueError("a card appears twice")
    return state


def _card(text: Any, what: str) -> int:
    if text not in BY_TEXT:
        raise ValueError(f"{what}: {text!r} is not a Zip Zap card")
    return BY_TEXT[text].index
