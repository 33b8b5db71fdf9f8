"""Zip Zap: the race to shed cards in sequence (rules: docs/rules/zipzap.md)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Any, ClassVar

from zdeck import statedict as sd
from zdeck.bits import indices
from zdeck.core import Action, Game, IllegalAction, Option, Outcome, RoundTotals, State
from zdeck.dealing import deal_out
from zdeck.decks.zipzap.cards import (
    ACTIONS,
    BY_TEXT,
    CARDS,
    DATA,
    FOLLOWER_MASKS,
    PLAYS,
    SUITS,
    TOP_NUMBER,
    WILD,
    ZAP,
    Card,
    Play,
    Zap,
    deck_of,
    hand_points,
    mask_of,
    plays_of,
)
from zdeck.rng import Rng


class Phase(Enum):
    RACE = "race"  # anyone holding a follower may play it; the last player may Zap
    LEAD = "lead"  # one player continues the round with any card
    OVER = "over"


class ZipZap(Game):
    id = "zipzap"
    title = "Zip Zap"
    summary = "Race to shed your cards in sequence; play a 10 or your Zap to take control."
    min_players = 2
    max_players = 6
    default_players = 4
    options_spec: ClassVar[dict[str, Option]] = {
        "scoring": Option("cards", "cards: others score their hand (solid 1, wild 3, Zap 5), lowest total wins; "
                          "wins: one point for going out first, most points wins", choices=("cards", "wins")),
        "rounds": Option(None, "number of rounds (default by the rulebook: players, twice that for 2-3 players)",
                         check=sd.int_option(1, optional=True)),
    }

    @property
    def total_rounds(self) -> int:
        rounds: int = self.options["rounds"] or self.players * DATA["rounds_per_player"][str(self.players)]
        return rounds

    def new_state(self, seed: int) -> ZipZapState:
        state = ZipZapState(self, Rng(seed))
        removed = DATA["solid_suits_removed"][str(self.players)]
        solids = list(range(WILD))
        state.rng.shuffle(solids)
        state.suits_in_play = tuple(sorted(solids[removed:])) + (WILD,)
        state.start_round()
        return state

    def read_state(self, data: dict[str, Any]) -> ZipZapState:
        return ZipZapState.from_dict(self, data)

    def action_table(self) -> Sequence[Action]:
        return ACTIONS


ZAP_CODE = -1  # a Zap on the pile, where cards are stored by index
_PILE_TEXT: tuple[str, ...] = (*(c.text for c in CARDS), "zap")  # a pile code's text: index ZAP_CODE is the last
# Module names for Enum members: looking one up on its class costs ten times a global's read in the hot path
_RACE, _LEAD, _OVER = Phase.RACE, Phase.LEAD, Phase.OVER
_BOUNCED = Outcome.BOUNCED


class ZipZapState(RoundTotals, State):
    """Hands are bitmasks over card indices and the pile holds indices: the race loop
    runs on integer operations (cards and actions appear only at the contract's edge)."""

    game: ZipZap

    def __init__(self, game: ZipZap, rng: Rng) -> None:
        self.game = game
        self.rng = rng
        self.version = 0
        n = game.players
        self.suits_in_play: tuple[int, ...] = ()
        self.hands = [0] * n  # bitmask of card indices
        self.has_zap = [True] * n
        self.deck: list[int] = []  # face down; the end of the list is its top
        self.pile: list[tuple[int | None, int]] = []  # (who played it - None if turned from the deck, card or ZAP_CODE)
        self.wanted = 0  # bitmask of the cards that may follow the top card
        self.phase = _LEAD
        self.leader: int | None = None
        self.last: int | None = None  # who played the top card, if a player did
        self.dealer = 0
        self.round_no = 1
        self.totals = [0] * n
        self.history: list[list[int]] = []
        self.went_out: int | None = None

    # -- the round ---------------------------------------------------------------
    def start_round(self) -> None:
        n = self.game.players
        hands, self.deck = deal_out(self.rng, list(deck_of(self.suits_in_play)), [DATA["deal"][str(n)]] * n)
        self.hands = [mask_of(hand) for hand in hands]
        self.has_zap = [True] * n
        self.pile = []
        self.wanted = 0
        self.went_out = None
        self.last = None
        self.turn_over()

    def turn_over(self) -> None:
        """Turn the deck's top card onto the pile; if nobody can follow it, the next one (the rare stuck card)."""
        while self.deck:
            self.put(None, self.deck.pop())
            if self.anyone_can_follow():
                self.phase, self.leader = _RACE, None
                return
        # Deck exhausted with every turned card stuck: the player after the dealer who holds a number card leads.
        n = self.game.players
        self.phase = _LEAD
        self.leader = next(p for k in range(1, n + 1) if self.hands[p := (self.dealer + k) % n])

    def put(self, player: int | None, code: int) -> None:
        self.pile.append((player, code))
        self.last = player
        self.wanted = FOLLOWER_MASKS[code] if code != ZAP_CODE else 0

    def top(self) -> Card | None:
        code = self.pile[-1][1] if self.pile else ZAP_CODE
        return CARDS[code] if code != ZAP_CODE else None

    def anyone_can_follow(self) -> bool:
        wanted = self.wanted
        return any(hand & wanted for hand in self.hands)

    def may_zap(self, player: int) -> bool:
        return self.last == player and self.has_zap[player] and self.pile[-1][1] != ZAP_CODE

    # -- the contract --------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        if self.phase is _LEAD:
            return (self.leader,)  # type: ignore[return-value]
        if self.phase is _OVER:
            return ()
        wanted, last = self.wanted, self.last
        zapper = last if last is not None and self.may_zap(last) else -1
        return tuple([p for p, hand in enumerate(self.hands) if hand & wanted or p == zapper])

    def moves(self) -> list[tuple[int, list[Action]]]:
        """One pass over the hands (`may_zap` inlined): the simulator asks this at every moment."""
        phase = self.phase
        if phase is _OVER:
            return []
        last = self.last
        zapper = last if last is not None and self.has_zap[last] and self.pile[-1][1] != ZAP_CODE else -1
        moves: list[Action]
        if phase is _LEAD:
            leader: int = self.leader  # type: ignore[assignment]
            moves = plays_of(self.hands[leader])  # type: ignore[assignment]
            if leader == zapper:
                moves.append(ZAP)
            return [(leader, moves)]
        wanted = self.wanted
        found: list[tuple[int, list[Action]]] = []
        for player, hand in enumerate(self.hands):
            playable = hand & wanted
            if playable:
                if playable & (playable - 1):
                    moves = plays_of(playable)  # type: ignore[assignment]
                else:  # one card, the usual race moment: `plays_of` inlined
                    moves = [PLAYS[playable.bit_length() - 1]]
                if player == zapper:
                    moves.append(ZAP)
                found.append((player, moves))
            elif player == zapper:
                found.append((player, [ZAP]))
        return found

    def legal_actions(self, player: int) -> list[Action]:
        if self.phase is _OVER:
            return []
        if self.phase is _LEAD:
            if player != self.leader:
                return []
            moves: list[Action] = plays_of(self.hands[player])  # type: ignore[assignment]
        else:
            moves = plays_of(self.hands[player] & self.wanted)  # type: ignore[assignment]
        if self.may_zap(player):
            moves.append(ZAP)
        return moves

    def is_legal(self, player: int, action: Action) -> bool:
        if self.phase is _OVER:
            return False
        if type(action) is Zap:
            return self.may_zap(player) and (self.phase is _RACE or player == self.leader)
        if type(action) is not Play or not self.hands[player] >> action.card.index & 1:
            return False
        if self.phase is _LEAD:
            return player == self.leader
        return bool(self.wanted >> action.card.index & 1)

    def explain_illegal(self, player: int, action: Action) -> str:
        if self.phase is _OVER:
            return "the game is over"
        if isinstance(action, Zap):
            if not self.has_zap[player]:
                return f"player {player} has already played their Zap card this round"
            return f"player {player} may Zap only straight after playing the last number card themselves"
        if isinstance(action, Play):
            if not self.hands[player] >> action.card.index & 1:
                return f"player {player} does not hold {action.card}"
            if self.phase is _LEAD:
                return f"player {self.leader} continues the round now; others wait"
            need = " or ".join(str(CARDS[i]) for i in indices(self.wanted)) or "nothing"
            return f"{action.card} does not follow {self.top()}: only {need} may be played"
        return f"{action!r} is not a Zip Zap action"

    def _apply(self, player: int, action: Action) -> None:
        hands = self.hands
        if type(action) is Zap:
            self.has_zap[player] = False
            self.put(player, ZAP_CODE)
            keeps = True
        else:  # a card: `put` and `anyone_can_follow`, inlined - nearly every decision comes here
            card = action.card  # type: ignore[attr-defined]
            index = card.index
            hands[player] &= ~(1 << index)
            self.pile.append((player, index))
            self.last = player
            wanted = self.wanted = FOLLOWER_MASKS[index]
            keeps = card.number == TOP_NUMBER
            if not keeps:
                for hand in hands:
                    if hand & wanted:
                        break
                else:
                    keeps = True  # nobody can follow: the player continues
        if not hands[player] and not self.has_zap[player]:
            self.end_round(player)
        elif keeps:
            self.phase, self.leader = _LEAD, player
        else:
            self.phase, self.leader = _RACE, None

    def resolve_late(self, player: int, action: Action, seen: int) -> Outcome:
        """Only the first card down stays: a late card goes back to its player's hand."""
        if isinstance(action, Zap):
            holds = self.has_zap[player]
        else:
            holds = isinstance(action, Play) and bool(self.hands[player] >> action.card.index & 1)
        if not holds:
            raise IllegalAction(f"player {player} does not hold the card of {action}")
        return _BOUNCED

    def _on_timeout(self) -> None:
        """Nobody played although someone could: as when no one can play."""
        if self.phase is not _RACE:
            raise IllegalAction("a player must continue the round now; waiting is not possible")
        if self.last is None:
            self.turn_over()
        else:
            self.phase, self.leader = _LEAD, self.last

    def end_round(self, winner: int) -> None:
        self.went_out = winner
        if self.game.options["scoring"] == "wins":
            points = [int(p == winner) for p in range(self.game.players)]
        else:
            zap = DATA["points"]["zap"]
            points = [hand_points(hand) + zap * self.has_zap[p] for p, hand in enumerate(self.hands)]
        self.history.append(points)
        self.totals = [t + s for t, s in zip(self.totals, points)]
        if self.round_no >= self.game.total_rounds:
            self.phase, self.leader = _OVER, None
            return
        self.round_no += 1
        self.dealer = (self.dealer + 1) % self.game.players
        self.start_round()

    def is_over(self) -> bool:
        return self.phase is _OVER

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        return self.leaders(max if self.game.options["scoring"] == "wins" else min)  # (by default the lowest wins)

    # -- views -------------------------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        obs: dict[str, Any] = {
            "game": self.game.id,
            "seat": player,
            "round": self.round_no,
            "rounds": self.game.total_rounds,
            "phase": self.phase.value,
            "leader": self.leader,
            "last_player": self.last,
            "top": _PILE_TEXT[self.pile[-1][1]] if self.pile else None,
            "pile": [[who, _PILE_TEXT[code]] for who, code in self.pile],
            "deck_count": len(self.deck),
            "suits_in_play": [SUITS[s] for s in self.suits_in_play],
            "hand_counts": [h.bit_count() + z for h, z in zip(self.hands, self.has_zap)],
            "has_zap": list(self.has_zap),
            "scores": list(self.totals),
            "round_scores": [list(r) for r in self.history],
            "winners": self.winners(),
        }
        if player is not None:
            obs["hand"] = _texts(self.hands[player])
        return obs

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.game.describe(),
            "version": self.version,
            "rng": self.rng.state,
            "suits_in_play": [SUITS[s] for s in self.suits_in_play],
            "hands": [_texts(h) for h in self.hands],
            "has_zap": list(self.has_zap),
            "deck": [CARDS[i].text for i in self.deck],
            "pile": [[who, _PILE_TEXT[code]] for who, code in self.pile],
            "phase": self.phase.value,
            "leader": self.leader,
            "last": self.last,
            "dealer": self.dealer,
            "round": self.round_no,
            "totals": list(self.totals),
            "history": [list(r) for r in self.history],
            "went_out": self.went_out,
        }

    @classmethod
    def from_dict(cls, game: ZipZap, data: dict[str, Any]) -> ZipZapState:
        n = game.players
        state = cls(game, Rng.from_state(sd.field(data, "rng")))
        state.version = sd.integer(sd.field(data, "version"), "version", lo=0)
        state.suits_in_play = tuple(SUITS.index(sd.choice(s, "suits_in_play", SUITS))
                                    for s in sd.listed(sd.field(data, "suits_in_play"), "suits_in_play"))
        hands = [[_card(c, "hands").index for c in sd.listed(hand, "hands")]
                 for hand in sd.per_seat(sd.field(data, "hands"), n, "hands")]
        state.hands = [mask_of(h) for h in hands]
        state.has_zap = [sd.boolean(z, "has_zap") for z in sd.per_seat(sd.field(data, "has_zap"), n, "has_zap")]
        state.deck = [_card(c, "deck").index for c in sd.listed(sd.field(data, "deck"), "deck")]
        for entry in sd.listed(sd.field(data, "pile"), "pile"):
            who, text = sd.listed(entry, "pile entry", length=2)
            state.put(sd.seat(who, n, "pile player", optional=True),
                      ZAP_CODE if text == "zap" else _card(text, "pile").index)
        state.last = sd.seat(sd.field(data, "last"), n, "last", optional=True)
        state.phase = Phase(sd.choice(sd.field(data, "phase"), "phase", tuple(p.value for p in Phase)))
        state.leader = sd.seat(sd.field(data, "leader"), n, "leader", optional=True)
        state.dealer = sd.seat(sd.field(data, "dealer"), n, "dealer")
        state.round_no = sd.integer(sd.field(data, "round"), "round", lo=1, hi=game.total_rounds)
        state.totals = [sd.integer(t, "totals") for t in sd.per_seat(sd.field(data, "totals"), n, "totals")]
        state.history = [[sd.integer(x, "history") for x in sd.per_seat(r, n, "history")]
                         for r in sd.listed(sd.field(data, "history"), "history")]
        state.went_out = sd.seat(sd.field(data, "went_out"), n, "went_out", optional=True)
        if state.phase is _LEAD and state.leader is None:
            raise ValueError("a lead phase needs a leader")
        if state.phase is _RACE and not state.pile:
            raise ValueError("a race needs a card on the pile")
        cards = [c for h in hands for c in h] + state.deck + [c for _, c in state.pile if c != ZAP_CODE]
        if len(cards) != len(set(cards)):
            raise ValueError("a card appears twice")
        return state

    def clone(self) -> ZipZapState:
        twin = ZipZapState.__new__(ZipZapState)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.clone()
        twin.hands = list(self.hands)
        twin.has_zap = list(self.has_zap)
        twin.deck = list(self.deck)
        twin.pile = list(self.pile)
        twin.totals = list(self.totals)
        twin.history = [list(r) for r in self.history]
        return twin

    def _resample_hidden(self, player: int, rng: Rng) -> ZipZapState:
        """Re-deal the other hands and the deck; in a race, keep someone able to follow (as the table saw)."""
        twin = self.clone()
        others = [p for p in range(self.game.players) if p != player]
        pool = [i for p in others for i in indices(self.hands[p])] + self.deck
        sizes = [self.hands[p].bit_count() for p in others]
        for _ in range(100):
            hands, twin.deck = deal_out(rng, pool, sizes)
            for p, hand in zip(others, hands):
                twin.hands[p] = mask_of(hand)
            if twin.phase is not _RACE or twin.anyone_can_follow():
                break
        return twin


def _texts(mask: int) -> list[str]:
    return [CARDS[i].text for i in indices(mask)]


def _card(text: Any, what: str) -> Card:
    if text not in BY_TEXT:
        raise ValueError(f"{what}: {text!r} is not a Zip Zap card")
    return BY_TEXT[text]
