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

from typing import TYPE_CHECKING, Any

from zdeck import statedict as sd
from zdeck.core import Action, RoundTotals, State
from zdeck.decks.zoker.cards import DATA, STRONGER, TEXTS, read_index
from zdeck.decks.zoker.tiko.actions import PLAY_TEXTS, PLAYS, Play
from zdeck.rng import Rng

if TYPE_CHECKING:
    from zdeck.decks.zoker.tiko.game import Tiko

HAND: int = DATA["tiko"]["hand"]  # cards dealt to each player per deal
TRICK, OVER = "trick", "over"  # the phases: a trick is being played; the match is over

Entry = tuple[int, int]  # (seat, card) of a card in a trick


class TikoState(RoundTotals, State):
    game: Tiko

    def __init__(self, game: Tiko, rng: Rng) -> None:
        self.game = game
        self.rng = rng
        self.version = 0
        n = game.players
        self.compare_top = game.options["compare"] == "top"
        self.hands: list[list[int]] = [[] for _ in range(n)]  # kept in deck order
        self.deck: list[int] = []  # face down; the end is its top
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
            return f"{action!r} is not a Tiko action"
        if player != self.turn:
            return f"it is player {self.turn}'s turn: players play to the trick one at a time, clockwise"
        return f"player {player} does not hold {action.card}"

    # -- transitions ---------------------------------------------------------------------
    def start_round(self) -> None:
        """Shuffle the whole deck and deal; the player left of the dealer leads (the dealer moves
        one seat clockwise each round)."""
        n = self.game.players
        cards = list(range(64))
        self.rng.shuffle(cards)
        self.deck = cards
        self.hands = [[] for _ in range(n)]
        self.won = [[] for _ in range(n)]
        self.pile, self.former, self.last_trick = [], -1, []
        self.leader = self.turn = (self.round_no - 1) % n
        self.deal()

    def deal_size(self) -> int:
        """Cards each player gets in the next deal (0: the deck cannot deal a round)."""
        n = self.game.players
        if len(self.deck) >= HAND * n:
            return HAND
        if self.game.options["last_deal"] == "even":
            return len(self.deck) // n
        return 0

    def deal(self) -> bool:
        size = self.deal_size()
        if size == 0:
            return False
        hands, deck = self.hands, self.deck
        for _ in range(size):
            for hand in hands:
                hand.append(deck.pop())
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
        """Everyone has played: the card on the very top wins the whole trick, and its player leads."""
        winner = self.pile[-1][0]
        self.won[winner].extend(card for _, card in self.pile)
        self.last_trick, self.pile, self.former = self.pile, [], -1
        self.leader = self.turn = winner
        if not any(self.hands) and not self.deal():
            self.end_round()

    def end_round(self) -> None:
        points = [len(w) for w in self.won]
        self.history.append(points)
        if self.game.options["match"] == "games":  # rulebook: "compete for ... the number of games won"
            best = max(points)
            points = [int(p == best) for p in points]
        self.totals = [t + s for t, s in zip(self.totals, points)]
        if self.round_no >= self.game.options["rounds"]:
            self.over = True
            return
        self.round_no += 1
        self.start_round()

    # -- outcome ---------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.over

    def winners(self) -> list[int]:
        return self.leaders() if self.over else []

    def dealer(self) -> int:
        """The seat that dealt this round: the one right of the first leader (seat 0 leads the first)."""
        return (self.round_no - 2) % self.game.players

    # -- views -------------------------------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "seat": player,
            "phase": OVER if self.over else TRICK,
            "turn": None if self.over else self.turn,
            "round": self.round_no,
            "rounds": self.game.options["rounds"],
            "hand": None if player is None else [TEXTS[c] for c in self.hands[player]],
            "hand_sizes": [len(h) for h in self.hands],
            "scores": list(self.totals),
            "round_scores": [list(r) for r in self.history],
            "over": self.over,
            "winners": self.winners(),
            "top": TEXTS[self.pile[-1][1]] if self.pile else None,
            "pile": _shown(self.pile),  # the trick lies face up
            "draw_size": len(self.deck),
            "dealer": self.dealer(),
            "last": None if self.last is None else {"seat": self.last[0], "action": PLAY_TEXTS[self.last[1]]},
            "compare": self.game.options["compare"],
            "match": self.game.options["match"],
            "leader": self.leader,
            "compared": self.compared_position(),
            "won": [[TEXTS[c] for c in w] for w in self.won],  # every won card was seen face up in its trick
            "last_trick": _shown(self.last_trick),
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.game.describe(),
            "version": self.version,
            "rng": self.rng.state,
            "hands": [[TEXTS[c] for c in h] for h in self.hands],
            "deck": [TEXTS[c] for c in self.deck],
            "pile": [[who, TEXTS[c]] for who, c in self.pile],
            "former": self.former,
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

    def clone(self) -> TikoState:
        twin = TikoState.__new__(TikoState)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.clone()
        twin.hands = [list(h) for h in self.hands]
        twin.deck = list(self.deck)
        twin.pile = list(self.pile)
        twin.won = [list(w) for w in self.won]
        twin.totals = list(self.totals)
        twin.history = [list(r) for r in self.history]
        return twin

    def _resample_hidden(self, player: int, rng: Rng) -> TikoState:
        """Re-deal the other hands and the undealt deck; played cards are all public."""
        twin = self.clone()
        others = [p for p in range(self.game.players) if p != player]
        pool = [c for p in others for c in self.hands[p]] + self.deck
        rng.shuffle(pool)
        start = 0
        for p in others:
            size = len(self.hands[p])
            twin.hands[p] = sorted(pool[start:start + size])
            start += size
        twin.deck = pool[start:]
        return twin


def _shown(entries: list[Entry]) -> list[dict[str, Any]]:
    return [{"seat": who, "card": TEXTS[card]} for who, card in entries]


# -- reading a saved state -------------------------------------------------------------------


def read_state(game: Tiko, data: dict[str, Any]) -> TikoState:
    """Rebuild a state from `TikoState.to_dict()`, refusing any state no play can reach."""
    n = game.players

    def get(key: str) -> Any:
        return sd.field(data, key)

    state = TikoState(game, Rng.from_state(get("rng")))
    state.version = sd.integer(get("version"), "version", lo=0)
    state.hands = [_read_hand(h, f"hands[{p}]") for p, h in enumerate(sd.per_seat(get("hands"), n, "hands"))]
    state.deck = sd.each(get("deck"), "deck", read_index)
    state.pile = _read_entries(get("pile"), n, "pile")
    state.former = sd.integer(get("former"), "former", lo=-1, hi=len(state.pile) - 1)
    state.turn = sd.seat(get("turn"), n, "turn")
    state.leader = sd.seat(get("leader"), n, "leader")
    state.won = [sd.each(w, f"won[{p}]", read_index) for p, w in enumerate(sd.per_seat(get("won"), n, "won"))]
    state.last_trick = _read_entries(get("last_trick"), n, "last_trick")
    last = get("last")
    state.last = None if last is None else _read_entries([last], n, "last")[0]
    state.round_no = sd.integer(get("round"), "round", lo=1, hi=game.options["rounds"])
    state.totals = sd.integers(sd.per_seat(get("totals"), n, "totals"), "totals", lo=0)
    state.history = [sd.integers(sd.per_seat(r, n, "history"), "history", lo=0, hi=64)
                     for r in sd.listed(get("history"), "history")]
    state.over = sd.boolean(get("over"), "over")
    _check(state)
    return state


def _read_hand(value: Any, what: str) -> list[int]:
    return sorted(sd.each(value, what, read_index))


def _read_entries(value: Any, n: int, what: str) -> list[Entry]:
    entries = []
    for i, entry in enumerate(sd.listed(value, what)):
        who, card = sd.listed(entry, f"{what}[{i}]", length=2)
        entries.append((sd.seat(who, n, f"{what}[{i}]"), read_index(card, f"{what}[{i}]")))
    return entries


def _check(state: TikoState) -> None:
    n = state.game.players
    cards = [c for h in state.hands for c in h] + state.deck + [c for _, c in state.pile] + [
        c for w in state.won for c in w]
    if sorted(cards) != list(range(64)):
        raise ValueError("hands, deck, pile and won must hold each of the 64 cards exactly once")
    if len(state.pile) >= n:
        raise ValueError(f"pile: a trick holds at most {n - 1} cards between plays")
    if state.pile and state.former < 0:
        raise ValueError("former must be the pile position of the card played last")
    if len({who for who, _ in state.pile}) != len(state.pile):
        raise ValueError("pile: each player plays one card to a trick")
    if len(state.history) != state.round_no - (not state.over):
        raise ValueError("history must hold one entry per finished round")
    if not state.over and not any(state.hands):
        raise ValueError("hands: a game in progress needs cards in hand")
    if not state.over and state.turn != (state.leader + len(state.pile)) % n:
        raise ValueError("turn must follow the leader clockwise")
