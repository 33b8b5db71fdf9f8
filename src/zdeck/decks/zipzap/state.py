"""Zip Zap's table: who may put a card down, what it does, the score, and what each seat sees.

Rules: docs/rules/zipzap.md; observations: docs/observations/zipzap.md.
"""

from __future__ import annotations

import reprlib
from typing import TYPE_CHECKING, Any, Final

from zdeck import statedict as sd
from zdeck.core import Action, IllegalAction, Outcome, RoundTotals
from zdeck.dealing import deal_out
from zdeck.decks.zipzap import rules
from zdeck.decks.zipzap.actions import ACTIONS, ZAP_ACTION, Play, Zap, actions_of
from zdeck.decks.zipzap.cards import (
    BY_TEXT,
    CARDS,
    DATA,
    FOLLOWER_MASKS,
    SUITS,
    TEXTS,
    WILD,
    ZAP,
    ZAP_BIT,
    ZAP_POINTS,
    ZAP_TEXT,
    deck_of,
    hand_points,
    in_play_mask,
    indices,
    mask_of,
    texts,
    union,
)
from zdeck.decks.zipzap.reachable import check
from zdeck.decks.zipzap.redeal import deal_hidden
from zdeck.decks.zipzap.rules import dealer_of, turned_up
from zdeck.rng import Rng

if TYPE_CHECKING:
    from zdeck.decks.zipzap.game import ZipZap

RACE: Final = rules.RACE  # (named here too)
LEAD: Final = rules.LEAD
OVER: Final = rules.OVER
PHASES: Final = rules.PHASES
Pile = rules.Pile


class ZipZapState(RoundTotals):
    """Hands are bitmasks over card indices, the Zap's bit included, and the pile a list of
    (seat, index): the race runs on integer operations; cards and actions are values only at
    the contract's edge."""

    # Its fields, named: the rules read them at every step, and an instance dict past 29 fields makes each read
    # slower (CPython shares a dict's keys with the class up to 30 keys; ZAR and Zoop have 30 fields).
    __slots__ = (
        "dealer", "deck", "game", "hands", "history", "last", "leader", "phase", "pile", "rng",
        "round_no", "rules", "suits_in_play", "totals", "version", "wanted", "went_out",
    )

    # `game` as Zip Zap's own class: the kernel types `game` as Game, and mypyc keeps it so. An attribute,
    # set beside `game`, not a property: the rules read it at every step.
    rules: ZipZap

    def __init__(self, game: ZipZap, rng: Rng) -> None:
        self.game = self.rules = game
        self.rng = rng
        self.version = 0
        n = game.players
        self.suits_in_play: tuple[int, ...] = ()  # indices into SUITS, the wild suit last
        self.hands = [0] * n
        self.deck: list[int] = []  # face down; the end of the list is its top
        self.pile: Pile = []
        self.wanted = 0  # the bitmask of the cards that may follow the top card
        self.last: int | None = None  # who put the top card down
        self.phase = LEAD
        self.leader: int | None = None  # who continues the round; set exactly in the lead phase
        self.dealer = dealer_of(1, game.players)
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
        zapper, leader = self._zapper(), self.leader
        if leader is not None:
            legal = actions_of(self.hands[leader] & ~ZAP_BIT)
            if leader == zapper:
                legal.append(ZAP_ACTION)
            return [(leader, legal)]
        wanted = self.wanted
        found: list[tuple[int, list[Action]]] = []
        for player, hand in enumerate(self.hands):  # a loop: a comprehension here cost 7%
            playable = hand & wanted
            if playable or player == zapper:
                if playable & (playable - 1):  # (the Zap apart: its bit would make the list walk the whole hand)
                    legal = actions_of(playable)
                else:  # one card or none, the usual race moment: `actions_of` inlined
                    legal = [ACTIONS[playable.bit_length() - 1]] if playable else []
                if player == zapper:
                    legal.append(ZAP_ACTION)
                found.append((player, legal))
        return found

    def legal_actions(self, player: int) -> list[Action]:
        return actions_of(self._playable(player))

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
        hand, leader = self.hands[player], self.leader
        if self.phase == RACE:
            mask = hand & self.wanted
        elif leader is not None and player == leader:  # (an int with an int: see `_zapper`)
            mask = hand & ~ZAP_BIT
        else:
            return 0
        return mask | ZAP_BIT if player == self._zapper() else mask

    def _zapper(self) -> int:
        """Who may Zap: the player of the top number card, while they hold their Zap; -1 for nobody (an int,
        not None: compiled, `==` between an int and an optional one boxes it and calls Python's compare, at
        every moment). Once a Zap is on top it has left its player's hand, so nobody may Zap on a Zap."""
        last = self.last
        return last if last is not None and self.hands[last] & ZAP_BIT else -1

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
        hands = self.hands
        hands[player] = hands[player] & ~(1 << index)  # (not `&=`: mypyc makes an item's `&=` a generic Python operation)
        self.put(player, index)
        if not hands[player]:  # the last card, the Zap included
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
        if self.round_no >= self.rules.total_rounds:
            self.phase, self.leader = OVER, None
            return
        self.round_no += 1
        self.dealer = dealer_of(self.round_no, self.game.players)
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
        return self.leaders(min if self.rules.score_order == "lower" else max)

    # -- views ---------------------------------------------------------------------------------------
    def phase_name(self) -> str:
        return self.phase

    def turn_seat(self) -> int | None:
        return self.leader

    def hand_texts(self, player: int) -> list[str]:
        return texts(self.hands[player])

    def hand_sizes(self) -> list[int]:
        return [hand.bit_count() for hand in self.hands]

    def own_view(self, player: int | None) -> dict[str, Any]:
        pile = self.pile
        return {
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

    def _twin(self) -> ZipZapState:
        """A copy sharing every value with this state, for `clone` and `_resample_hidden` to replace what
        they change: written out, since a compiled class has no `__dict__` to copy."""
        twin = ZipZapState.__new__(ZipZapState)
        twin.dealer = self.dealer
        twin.deck = self.deck
        twin.game, twin.rules = self.game, self.rules
        twin.hands = self.hands
        twin.history = self.history
        twin.last = self.last
        twin.leader = self.leader
        twin.phase = self.phase
        twin.pile = self.pile
        twin.rng = self.rng
        twin.round_no = self.round_no
        twin.suits_in_play = self.suits_in_play
        twin.totals = self.totals
        twin.version = self.version
        twin.wanted = self.wanted
        twin.went_out = self.went_out
        return twin

    def clone(self) -> ZipZapState:
        twin = self._twin()
        twin.rng = self.rng.clone()
        twin.hands = list(self.hands)
        twin.deck = list(self.deck)
        twin.pile = list(self.pile)
        twin.totals = list(self.totals)
        twin.history = [list(r) for r in self.history]
        return twin

    def _resample_hidden(self, player: int, rng: Rng) -> ZipZapState:
        """Re-deal what `player` cannot see - the other hands' cards, each hand keeping its size and
        its Zap, and the deck - at random among the deals that fit what the table showed
        (`_seen_held`). At the end of the game the hands were counted openly: only the deck is
        shuffled again.

        The hidden cards are one mask, dealt from it straight into the other hands' masks and the deck
        (`redeal.deal_hidden`: uniform, no hand's card listed, and where the cards really lie cannot show
        through a mask); the last other hand takes what is left (a hand is a set: it needs no draw of its own).
        Only the deck can break what the table showed: such a deal is drawn again. The deck's cards are then
        listed and shuffled.
        """
        twin = self._twin()  # `clone`'s copy, less what the re-deal replaces (the hands, the deck, the generator)
        twin.rng = rng.spawn()
        twin.pile, twin.totals, twin.history = self.pile[:], self.totals[:], self.history[:]  # (a round's scores stay)
        hands = self.hands
        twin.hands = hands[:]
        if self.phase == OVER:
            twin.deck = self.deck[:]
            rng.shuffle(twin.deck)
            return twin
        hidden = union(self.deck, 0, len(self.deck))
        for q, hand in enumerate(hands):
            if q != player:
                hidden |= hand
        hidden &= ~ZAP_BIT
        deck = deal_hidden(rng, hidden, twin.hands, player, len(self.deck), self._seen_held(player, hidden))
        twin.deck = cards = indices(deck)
        if len(cards) > 1:  # (the deck's order: the order its cards will be turned up in)
            rng.shuffle(cards)
        return twin

    def _seen_held(self, player: int, hidden: int) -> tuple[int, int]:
        """What the table showed `player` of the hidden cards (`hidden`), as two masks of which some card
        must be in a hand, not the deck: in a race someone holds a follower of the top card, and the
        card the round first raced on had a follower in a hand at the deal (or the next card would
        have been turned up). A fact that `player`'s hand or the pile proves asks nothing: its mask is 0 (one
        the table showed is never empty: the true deal fits it). Two ints, not a list: compiled, a list made
        and dropped at every re-deal is an allocation, two machine words are not."""
        racing = first = 0
        if self.phase == RACE and not self.hands[player] & self.wanted:
            racing = self.wanted & hidden
        if self.deck:
            pile = self.pile
            turned = turned_up(pile)
            before = 0  # the cards turned up before it, never in a hand
            for k in range(turned - 1):
                before |= 1 << pile[k][1]
            dealt = FOLLOWER_MASKS[pile[turned - 1][1]] & in_play_mask(self.suits_in_play) & ~before
            if not dealt & ~hidden:
                first = dealt
        return racing, first


def new_state(game: ZipZap, seed: int) -> ZipZapState:
    """A new match: the first round dealt from `Rng(seed)`."""
    state = ZipZapState(game, Rng(seed))
    state.start_game()
    return state


def read_state(game: ZipZap, data: dict[str, Any]) -> ZipZapState:
    """Rebuild the state `to_dict` wrote: each field read and ranged here, then the one check of what play
    can reach (`reachable.check`), which deals the round again from what the fields imply and plays its
    pile again through the rules themselves. A ValueError names the field."""
    n = game.players
    state = ZipZapState(game, Rng.from_state(sd.field(data, "rng")))
    state.round_no = sd.integer(sd.field(data, "round"), "round", lo=1, hi=game.total_rounds)
    state.dealer = sd.seat(sd.field(data, "dealer"), n, "dealer")
    state.suits_in_play = _read_suits(game, sd.field(data, "suits_in_play"))
    state.phase = sd.choice(sd.field(data, "phase"), "phase", PHASES)
    state.history = [_read_round_scores(state, row, f"history[{r}]")
                     for r, row in enumerate(sd.listed(sd.field(data, "history"), "history"))]
    state.totals = sd.integers(sd.per_seat(sd.field(data, "totals"), n, "totals"), "totals")
    hands = [_read_texts(hand, f"hands[{p}]", DATA["deal"][str(n)])
             for p, hand in enumerate(sd.per_seat(sd.field(data, "hands"), n, "hands"))]
    for hand in hands:  # (a hand is a set: a card twice in one would vanish into its mask)
        twice = next((index for k, index in enumerate(hand) if index in hand[:k]), None)
        if twice is not None:
            raise ValueError(f"{TEXTS[twice]}: in two places (hands, deck, pile): each card is in exactly one")
    zaps = [sd.boolean(zap, f"has_zap[{p}]") for p, zap in enumerate(sd.per_seat(sd.field(data, "has_zap"), n, "has_zap"))]
    state.hands = [mask_of(hand) | (ZAP_BIT if zap else 0) for hand, zap in zip(hands, zaps)]
    state.deck = _read_texts(sd.field(data, "deck"), "deck", len(CARDS))
    entries = sd.listed(sd.field(data, "pile"), "pile")
    if len(entries) > len(CARDS) + n:
        raise ValueError(f"pile: {len(entries)} entries, more than there are cards")
    state.pile = [_read_pile_entry(entry, n, f"pile[{k}]") for k, entry in enumerate(entries)]
    state.wanted = FOLLOWER_MASKS[state.pile[-1][1]] if state.pile else 0
    state.leader, state.last, state.went_out = (
        sd.seat(sd.field(data, key), n, key, optional=True) for key in ("leader", "last", "went_out"))
    state.version = sd.integer(sd.field(data, "version"), "version", lo=0, hi=state.round_no * 3 * len(ACTIONS))
    check(state)
    return state


def _read_suits(game: ZipZap, value: Any) -> tuple[int, ...]:
    """All five suits, less the solid ones the player count leaves out."""
    kept = len(SUITS) - DATA["solid_suits_removed"][str(game.players)]
    names = sd.listed(value, "suits_in_play", length=kept)
    return tuple(SUITS.index(sd.choice(name, "suits_in_play", SUITS)) for name in names)


def _read_round_scores(state: ZipZapState, row: Any, what: str) -> list[int]:
    """A round's scores: 0 or 1 each in the "wins" variant, else at most the dearest hand a player can keep."""
    game = state.rules
    if game.options["scoring"] == "wins":
        return sd.integers(sd.per_seat(row, game.players, what), what, lo=0, hi=1)
    return sd.integers(sd.per_seat(row, game.players, what), what, lo=0, hi=dearest_hand(game))


def dearest_hand(game: ZipZap) -> int:
    """The most points one hand can keep: the dearest cards a deal can give, and the Zap."""
    points = sorted((card.points for card in CARDS), reverse=True)
    return sum(points[:DATA["deal"][str(game.players)]]) + ZAP_POINTS


def _read_texts(value: Any, what: str, most: int) -> list[int]:
    """A list of at most `most` card texts, as indices."""
    texts_ = sd.listed(value, what)
    if len(texts_) > most:
        raise ValueError(f"{what}: {len(texts_)} cards, more than the {most} it can hold")
    return [_card(text, f"{what}[{k}]") for k, text in enumerate(texts_)]


def _read_pile_entry(entry: Any, players: int, what: str) -> tuple[int | None, int]:
    """[seat, card text]: a Zap always has its player; a card turned up from the deck has none."""
    who, text = sd.listed(entry, what, length=2)
    seat = sd.seat(who, players, f"{what} seat", optional=True)
    if text == ZAP_TEXT and seat is not None:
        return seat, ZAP
    return seat, _card(text, f"{what} card")


def _card(text: Any, what: str) -> int:
    if not isinstance(text, str) or text not in BY_TEXT:
        raise ValueError(f"{what}: {reprlib.repr(text)} is not a Zip Zap card")
    return BY_TEXT[text].index
