"""Zoker Tiko's state: the trick as a physical pile on the non-transitive strength relation
(rules: docs/rules/zoker-tiko.md).

Each new card is compared with one card of the pile ("the former card") and goes directly on top
of it when stronger, directly under it when weaker. The player whose card ends on the very top of
the pile wins the trick. Which card is "the former card" is the `compare` option:
- "top" (default): the card now on top of the pile. The top is then always the card that beat
  every challenger since it was laid, so "the highest card" is well defined although the
  relation has cycles.
- "previous": the card played just before, wherever it lies in the pile; a card laid on a buried
  card stays buried, so only a card that beats the top card *and* follows it takes the trick.

Cards are indices into the deck; a hand is a list of them kept in deck order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from zdeck import statedict as sd
from zdeck.bits import hidden_cards
from zdeck.core import Action, RoundTotals, shorten
from zdeck.decks.zoker.cards import STRONGER, TEXTS, read_index
from zdeck.decks.zoker.tiko import rules
from zdeck.decks.zoker.tiko.actions import PLAY_TEXTS, PLAYS, Play
from zdeck.decks.zoker.tiko.reachable import check, replay_trick
from zdeck.decks.zoker.tiko.rules import deal_size, first_leader, match_points, trick_winner
from zdeck.rng import Rng, Unsettled, pop_settled, settle

if TYPE_CHECKING:
    from zdeck.decks.zoker.tiko.game import Tiko

HAND: Final = rules.HAND  # (named here too)
TRICK: Final = rules.TRICK
OVER: Final = rules.OVER
Entry = rules.Entry


class TikoState(RoundTotals):
    # Its fields, named: the rules read them at every step, and an instance dict past 29 fields makes each read
    # slower (CPython shares a dict's keys with the class up to 30 keys; ZAR and Zoop have 30 fields).
    __slots__ = (
        "compare_top", "deck", "deck_steps", "former", "game", "hands", "history", "last", "last_trick", "leader",
        "over", "pile", "rng", "round_no", "rules", "totals", "turn", "version", "won",
    )

    # `game` as Tiko's own class: the kernel types `game` as Game, and mypyc keeps it so. An attribute,
    # set beside `game`, not a property: the rules read it at every step.
    rules: Tiko

    def __init__(self, game: Tiko, rng: Rng) -> None:
        self.game = self.rules = game
        self.rng = rng
        self.version = 0
        n = game.players
        self.compare_top = game.options["compare"] == "top"
        self.hands: list[list[int]] = [[] for _ in range(n)]  # kept in deck order
        self.deck: list[int] = []  # face down; the end is its top
        self.deck_steps = Unsettled(0, 0)  # the deck is shuffled lazily: positions settle as they are dealt
        self.pile: list[Entry] = []  # the trick, bottom first
        self.former = -1  # pile position of the card played last (the "previous" reading compares with it)
        self.turn = 0
        self.leader = 0
        self.won: list[list[int]] = [[] for _ in range(n)]  # cards taken this round, trick by trick
        self.last_trick: list[Entry] = []  # the round's previous trick as it lay, bottom first: its top won
        self.last: Entry | None = None  # the latest play
        self.round_no = 1
        self.totals = [0] * n
        self.history: list[list[int]] = []
        self.over = False

    # -- who acts -------------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        return () if self.over else (self.turn,)

    def legal_actions(self, player: int) -> list[Action]:
        if self.over or player != self.turn:
            return []
        return [PLAYS[i] for i in self.hands[player]]

    def moves(self) -> list[tuple[int, list[Action]]]:
        return [] if self.over else [(self.turn, [PLAYS[i] for i in self.hands[self.turn]])]

    def is_legal(self, player: int, action: Action) -> bool:
        return (not self.over and player == self.turn and isinstance(action, Play)
                and action.card.index in self.hands[player])

    def explain_illegal(self, player: int, action: Action) -> str:
        if self.over:
            return "the game is over"
        if not isinstance(action, Play):
            return f"{shorten(action)} is not a Tiko action"
        if player != self.turn:
            return f"it is player {self.turn}'s turn: players play to the trick one at a time, clockwise"
        return f"player {player} does not hold {action.card}"

    # -- transitions ---------------------------------------------------------------------
    def start_round(self) -> None:
        """Shuffle the whole deck and deal; the player left of the dealer leads (the dealer moves
        one seat clockwise each round)."""
        n = self.game.players
        cards = list(range(64))
        self.deck_steps = self.rng.shuffle_lazily(cards)
        self.deck = cards
        self.hands = [[] for _ in range(n)]
        self.won = [[] for _ in range(n)]
        self.pile, self.former, self.last_trick = [], -1, []
        self.leader = self.turn = first_leader(self.round_no, n)
        self.deal()

    def deal_size(self) -> int:
        """Cards each player gets in the next deal (0: the deck cannot deal a round)."""
        return deal_size(self.rules, len(self.deck))

    def deal(self) -> bool:
        size = self.deal_size()
        if size == 0:
            return False
        hands, deck, steps = self.hands, self.deck, self.deck_steps
        for _ in range(size):
            for hand in hands:
                hand.append(pop_settled(deck, steps))
        for hand in hands:
            hand.sort()
        return True

    def compared_position(self) -> int:
        """Pile position of "the former card" the next card is compared with (-1: empty pile)."""
        if not self.pile:
            return -1
        return len(self.pile) - 1 if self.compare_top else self.former

    def place(self, player: int, card: int) -> None:
        """Lay the card directly on the former card if stronger, directly under it if weaker."""
        at = self.compared_position()
        if at < 0:
            position = 0
        elif STRONGER[card][self.pile[at][1]]:
            position = at + 1
        else:
            position = at
        self.pile.insert(position, (player, card))
        self.former = position

    def _apply(self, player: int, action: Action) -> None:
        card = action.card.index  # type: ignore[attr-defined]
        self.hands[player].remove(card)
        self.place(player, card)
        self.last = (player, card)
        n = self.game.players
        if len(self.pile) < n:
            self.turn = (player + 1) % n
        else:
            self.take_trick()

    def take_trick(self) -> None:
        """Everyone has played: the card on the very top wins the whole trick (`trick_winner`), and its
        player leads."""
        winner = trick_winner(self.pile)
        self.won[winner].extend(card for _, card in self.pile)
        self.last_trick, self.pile, self.former = self.pile, [], -1
        self.leader = self.turn = winner
        if not any(self.hands) and not self.deal():
            self.end_round()

    def end_round(self) -> None:
        won = [len(w) for w in self.won]
        self.history.append(won)
        self.totals = [t + s for t, s in zip(self.totals, match_points(self.rules, won))]
        if self.match_over():
            self.over = True
            return
        self.round_no += 1
        self.start_round()

    def match_over(self) -> bool:
        """The round just finished was the match's last."""
        rounds: int = self.game.options["rounds"]
        return self.round_no >= rounds

    # -- outcome ---------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.over

    def winners(self) -> list[int]:
        return self.leaders() if self.over else []

    def dealer(self) -> int:
        """The seat that dealt this round: the one right of the first leader (seat 0 leads the first)."""
        return (self.round_no - 2) % self.game.players

    # -- views -------------------------------------------------------------------------------
    def phase_name(self) -> str:
        return OVER if self.over else TRICK

    def turn_seat(self) -> int | None:
        return None if self.over else self.turn

    def hand_texts(self, player: int) -> list[str]:
        return [TEXTS[c] for c in self.hands[player]]

    def hand_sizes(self) -> list[int]:
        return [len(h) for h in self.hands]

    def own_view(self, player: int | None) -> dict[str, Any]:
        return {
            "top": TEXTS[self.pile[-1][1]] if self.pile else None,
            "pile": _shown(self.pile),  # the trick lies face up
            "draw_size": len(self.deck),
            "dealer": self.dealer(),
            "last": None if self.last is None else {"seat": self.last[0], "action": PLAY_TEXTS[self.last[1]]},
            "leader": self.leader,
            "compared": self.compared_position(),
            "won": [[TEXTS[c] for c in w] for w in self.won],  # every won card was seen face up in its trick
            "last_trick": _shown(self.last_trick),
        }

    def to_dict(self) -> dict[str, Any]:
        settle(self.deck, self.deck_steps)  # the same cards in the same places: only worked out now
        return {
            **self.game.describe(),
            "version": self.version,
            "rng": self.rng.state,
            "hands": [[TEXTS[c] for c in h] for h in self.hands],
            "deck": [TEXTS[c] for c in self.deck],
            "pile": [[who, TEXTS[c]] for who, c in self.pile],
            "turn": self.turn,
            "leader": self.leader,
            "won": [[TEXTS[c] for c in w] for w in self.won],
            "last_trick": [[who, TEXTS[c]] for who, c in self.last_trick],
            "last": None if self.last is None else [self.last[0], TEXTS[self.last[1]]],
            "round": self.round_no,
            "totals": list(self.totals),
            "history": [list(r) for r in self.history],
            "over": self.over,
        }

    def _twin(self) -> TikoState:
        """A copy sharing every value with this state, for `clone` and `_resample_hidden` to replace what
        they change: written out, since a compiled class has no `__dict__` to copy."""
        twin = TikoState.__new__(TikoState)
        twin.compare_top = self.compare_top
        twin.deck = self.deck
        twin.deck_steps = self.deck_steps
        twin.former = self.former
        twin.game, twin.rules = self.game, self.rules
        twin.hands = self.hands
        twin.history = self.history
        twin.last = self.last
        twin.last_trick = self.last_trick
        twin.leader = self.leader
        twin.over = self.over
        twin.pile = self.pile
        twin.rng = self.rng
        twin.round_no = self.round_no
        twin.totals = self.totals
        twin.turn = self.turn
        twin.version = self.version
        twin.won = self.won
        return twin

    def clone(self) -> TikoState:
        twin = self._twin()
        twin.rng = self.rng.clone()
        twin.hands = [list(h) for h in self.hands]
        twin.deck = list(self.deck)
        twin.deck_steps = self.deck_steps.copy()
        twin.pile = list(self.pile)
        twin.won = [list(w) for w in self.won]
        twin.totals = list(self.totals)
        twin.history = [list(r) for r in self.history]
        return twin

    def _resample_hidden(self, player: int, rng: Rng) -> TikoState:
        """Re-deal the other hands and the undealt deck (played cards are all public) from `rng`, and give
        the copy a generator of its own from it. The unseen cards are pooled in card order (`hidden_cards`:
        where they really lie must not show through) and the other hands' cards drawn uniformly onto its
        top (`rng.sample_to_top`), each hand a slice of it; the rest is the deck, its order drawn only when
        the copy deals it (`rng.shuffle_lazily`). These are `dealing.deal_sampled`'s draws, without the
        lists it and its caller gather. The copy is `clone()`'s, less the copies of what it deals anew (the
        deck, the other hands) and of the generator."""
        hands = self.hands
        pool = hidden_cards(hands, player, self.deck)
        top = len(pool)
        dealt = 0
        for p, hand in enumerate(hands):
            if p != player:
                dealt += len(hand)
        rng.sample_to_top(pool, dealt)
        twin_hands: list[list[int]] = []
        for p, hand in enumerate(hands):
            if p == player:
                twin_hands.append(hand[:])
                continue
            drawn = pool[top - len(hand):top]  # (the first other seat's the topmost cards)
            top -= len(hand)
            drawn.sort()
            twin_hands.append(drawn)
        del pool[top:]
        twin = self._twin()
        twin.hands = twin_hands
        twin.deck, twin.deck_steps = pool, rng.shuffle_lazily(pool)
        twin.pile = list(self.pile)
        twin.won = [list(w) for w in self.won]
        twin.totals = list(self.totals)
        twin.history = [list(r) for r in self.history]
        twin.rng = rng.spawn()
        return twin


def _shown(entries: list[Entry]) -> list[dict[str, Any]]:
    return [{"seat": who, "card": TEXTS[card]} for who, card in entries]


# -- reading a saved state -------------------------------------------------------------------


FIELDS: Final = ("game", "players", "options", "version", "rng", "hands", "deck", "pile", "turn", "leader", "won", "last_trick",
          "last", "round", "totals", "history", "over")


def _refuse_unknown(data: dict[str, Any]) -> None:
    """A field this state does not have (an older format's, or a slip) would be ignored: refuse it."""
    unknown = [str(k)[:40] for k in data if k not in FIELDS]
    if unknown:
        raise ValueError(f"unknown field(s) {', '.join(map(repr, unknown[:5]))}; a Tiko state has {', '.join(FIELDS)}")


def new_state(game: Tiko, seed: int) -> TikoState:
    """A new game dealt from `Rng(seed)`."""
    state = TikoState(game, Rng(seed))
    state.start_round()
    return state


def read_state(game: Tiko, data: dict[str, Any]) -> TikoState:
    """Rebuild a state from `TikoState.to_dict()`: each field read and ranged here, then the one check of what
    play can reach (`reachable.check`); a ValueError names the field."""
    n = game.players

    def get(key: str) -> Any:
        return sd.field(data, key)

    _refuse_unknown(data)
    state = TikoState(game, Rng.from_state(get("rng")))
    state.round_no = sd.integer(get("round"), "round", lo=1, hi=game.options["rounds"])
    state.version = sd.integer(get("version"), "version", lo=0, hi=64 * state.round_no)
    state.hands = [_read_hand(h, f"hands[{p}]") for p, h in enumerate(sd.per_seat(get("hands"), n, "hands"))]
    state.deck = sd.each(get("deck"), "deck", read_index)
    state.pile = _read_entries(get("pile"), n, "pile")
    state.turn = sd.seat(get("turn"), n, "turn")
    state.leader = sd.seat(get("leader"), n, "leader")
    state.won = [sd.each(w, f"won[{p}]", read_index) for p, w in enumerate(sd.per_seat(get("won"), n, "won"))]
    state.last_trick = _read_entries(get("last_trick"), n, "last_trick")
    last = get("last")
    state.last = None if last is None else _read_entries([last], n, "last")[0]
    state.totals = sd.integers(sd.per_seat(get("totals"), n, "totals"), "totals", lo=0, hi=64 * state.round_no)
    state.history = [sd.integers(sd.per_seat(r, n, f"history[{i}]"), f"history[{i}]", lo=0, hi=64)
                     for i, r in enumerate(sd.listed(get("history"), "history"))]
    state.over = sd.boolean(get("over"), "over")
    trick = replay_trick(state)  # (the compare rule names the former card; `check` refuses a trick it cannot lay)
    state.former = -1 if trick is None else trick.former
    check(state)
    return state


def _read_hand(value: Any, what: str) -> list[int]:
    return sorted(sd.each(value, what, read_index))


def _read_entries(value: Any, n: int, what: str) -> list[Entry]:
    entries = []
    for i, entry in enumerate(sd.listed(value, what)):
        who, card = sd.listed(entry, f"{what}[{i}]", length=2)
        entries.append((sd.seat(who, n, f"{what}[{i}]"), read_index(card, f"{what}[{i}]")))
    return entries
