"""Zoker Tiko: a trick game on the non-transitive strength relation (rules: docs/rules/zoker-tiko.md).

The trick is a physical pile. Each new card is compared with one card of the pile
("the former card") and goes directly on top of it when stronger, directly under it
when weaker. The player whose card ends on the very top of the pile wins the trick.

Which card is "the former card" is an option (`compare`):
- "top" (default): the card now on top of the pile. The top is then always the card
  that beat every challenger since it was laid, so "the highest card" is well defined
  even though the relation has cycles.
- "previous": the card played just before, wherever it lies in the pile; a card laid
  on a buried card stays buried, so only a card that beats the top card *and* follows
  it can take the trick.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from zdeck import statedict as sd
from zdeck.core import Action, Game, Option, RoundTotals, State
from zdeck.dealing import deal_out
from zdeck.decks.zoker.cards import DECK, Card, by_index, read_card, read_cards, stronger
from zdeck.decks.zoker.tiko.actions import ACTIONS, PLAYS, Play
from zdeck.rng import Rng

HAND = 4  # cards dealt to each player per deal


class Tiko(Game):
    id = "zoker-tiko"
    title = "Zoker Tiko"
    summary = "Trick game: lay a card on the trick if stronger, under it if weaker; the top card takes the trick."
    min_players = 2
    max_players = 5
    default_players = 4
    options_spec: ClassVar[dict[str, Option]] = {
        "compare": Option(
            "top",
            "which card a new card is compared with: 'top' = the card on top of the pile (the highest card so "
            "far); 'previous' = the card played just before, wherever it lies",
            choices=("top", "previous"),
        ),
        "last_deal": Option(
            "full",
            "'full' = deal again only while every player can get four cards; 'even' = also deal the rest "
            "evenly (fewer than four each) while every player can get at least one",
            choices=("full", "even"),
        ),
        "rounds": Option(1, "games played in a row (see 'match' for how they are added up)", check=sd.int_option(1)),
        "match": Option(
            "cards",
            "what the players compete for over several games: 'cards' = the total number of cards won; "
            "'games' = the number of games won (a game is won by whoever took the most cards in it, ties each)",
            choices=("cards", "games"),
        ),
    }

    def new_state(self, seed: int) -> TikoState:
        state = TikoState(self, Rng(seed))
        state.start_round()
        return state

    def read_state(self, data: dict[str, Any]) -> TikoState:
        return TikoState.from_dict(self, data)

    def action_table(self) -> Sequence[Action]:
        return ACTIONS


class TikoState(RoundTotals, State):
    def __init__(self, game: Tiko, rng: Rng) -> None:
        self.game = game
        self.rng = rng
        self.version = 0
        n = game.players
        self.hands: list[list[Card]] = [[] for _ in range(n)]  # kept in deck order
        self.deck: list[Card] = []  # face down; the end is its top
        self.pile: list[tuple[int, Card]] = []  # the trick, bottom first: (who played it, card)
        self.former = -1  # pile position of the card played last (the "previous" reading compares with it)
        self.turn = 0
        self.leader = 0
        self.won: list[list[Card]] = [[] for _ in range(n)]  # cards taken this round
        self.last_trick: tuple[int, list[Card]] | None = None  # (winner, cards bottom first), public
        self.round_no = 1
        self.totals = [0] * n
        self.history: list[list[int]] = []
        self.over = False

    # -- dealing ---------------------------------------------------------------------
    def start_round(self) -> None:
        n = self.game.players
        cards = list(DECK)
        self.rng.shuffle(cards)
        self.deck = cards
        self.hands = [[] for _ in range(n)]
        self.won = [[] for _ in range(n)]
        self.pile, self.former, self.last_trick = [], -1, None
        # The dealer moves one seat clockwise each round; the player left of the dealer leads.
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
        for _ in range(size):
            for p in range(self.game.players):
                self.hands[p].append(self.deck.pop())
        for hand in self.hands:
            hand.sort(key=by_index)
        return True

    # -- the trick ---------------------------------------------------------------------
    def compared_position(self) -> int:
        """Pile position of "the former card" the next card is compared with (-1: empty pile)."""
        if not self.pile:
            return -1
        return len(self.pile) - 1 if self.game.options["compare"] == "top" else self.former

    def place(self, player: int, card: Card) -> None:
        """Lay the card directly on the former card if stronger, directly under it if weaker."""
        at = self.compared_position()
        if at < 0:
            position = 0
        elif stronger(card, self.pile[at][1]):
            position = at + 1
        else:
            position = at
        self.pile.insert(position, (player, card))
        self.former = position

    # -- the contract ---------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        return () if self.over else (self.turn,)

    def legal_actions(self, player: int) -> list[Action]:
        if self.over or player != self.turn:
            return []
        return [PLAYS[c.index] for c in self.hands[player]]

    def is_legal(self, player: int, action: Action) -> bool:
        return (not self.over and player == self.turn and isinstance(action, Play)
                and action.card in self.hands[player])

    def explain_illegal(self, player: int, action: Action) -> str:
        if self.over:
            return "the game is over"
        if not isinstance(action, Play):
            return f"{action!r} is not a Tiko action"
        if player != self.turn:
            return f"it is player {self.turn}'s turn: players play to the trick one at a time, clockwise"
        return f"player {player} does not hold {action.card}"

    def _apply(self, player: int, action: Action) -> None:
        card = action.card  # type: ignore[attr-defined]
        self.hands[player].remove(card)
        self.place(player, card)
        n = self.game.players
        if len(self.pile) < n:
            self.turn = (player + 1) % n
            return
        # Everyone has played: the card on the very top wins the whole trick.
        winner = self.pile[-1][0]
        cards = [c for _, c in self.pile]
        self.won[winner].extend(cards)
        self.last_trick = (winner, cards)
        self.pile, self.former = [], -1
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

    def is_over(self) -> bool:
        return self.over

    def winners(self) -> list[int]:
        return self.leaders() if self.over else []

    # -- views ---------------------------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        obs: dict[str, Any] = {
            "game": self.game.id,
            "seat": player,
            "compare": self.game.options["compare"],
            "round": self.round_no,
            "rounds": self.game.options["rounds"],
            "match": self.game.options["match"],
            "turn": None if self.over else self.turn,
            "leader": self.leader,
            "pile": [[who, c.text] for who, c in self.pile],  # bottom first; the trick lies face up
            "compared": self.compared_position(),
            "hand_counts": [len(h) for h in self.hands],
            "deck_count": len(self.deck),
            "won_counts": [len(w) for w in self.won],
            "won": [[c.text for c in w] for w in self.won],  # every won card was seen face up in its trick
            "last_trick": None if self.last_trick is None else
            {"winner": self.last_trick[0], "cards": [c.text for c in self.last_trick[1]]},
            "scores": list(self.totals),
            "round_scores": [list(r) for r in self.history],
            "over": self.over,
            "winners": self.winners(),
        }
        if player is not None:
            obs["hand"] = [c.text for c in self.hands[player]]
        return obs

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.game.describe(),
            "version": self.version,
            "rng": self.rng.state,
            "hands": [[c.text for c in h] for h in self.hands],
            "deck": [c.text for c in self.deck],
            "pile": [[who, c.text] for who, c in self.pile],
            "former": self.former,
            "turn": self.turn,
            "leader": self.leader,
            "won": [[str(c) for c in w] for w in self.won],
            "last_trick": None if self.last_trick is None else
            [self.last_trick[0], [str(c) for c in self.last_trick[1]]],
            "round": self.round_no,
            "totals": list(self.totals),
            "history": [list(r) for r in self.history],
            "over": self.over,
        }

    @classmethod
    def from_dict(cls, game: Tiko, data: dict[str, Any]) -> TikoState:
        n = game.players

        def get(key: str) -> Any:
            return sd.field(data, key)

        state = cls(game, Rng.from_state(get("rng")))
        state.version = sd.integer(get("version"), "version")
        state.hands = [sorted(read_cards(h, "hands"), key=by_index) for h in sd.per_seat(get("hands"), n, "hands")]
        state.deck = read_cards(get("deck"), "deck")
        state.pile = [(sd.seat(who, n, "pile"), read_card(c, "pile")) for who, c in sd.listed(get("pile"), "pile")]
        state.former = sd.integer(get("former"), "former")
        state.turn = sd.seat(get("turn"), n, "turn")
        state.leader = sd.seat(get("leader"), n, "leader")
        state.won = [read_cards(w, "won") for w in sd.per_seat(get("won"), n, "won")]
        trick = get("last_trick")
        if trick is not None:  # [winner, cards]
            trick = (sd.seat(trick[0], n, "last_trick"), read_cards(trick[1], "last_trick"))
        state.last_trick = trick
        state.round_no = sd.integer(get("round"), "round")
        state.totals = sd.integers(sd.per_seat(get("totals"), n, "totals"), "totals")
        state.history = [sd.integers(sd.per_seat(r, n, "history"), "history")
                         for r in sd.listed(get("history"), "history")]
        state.over = sd.boolean(get("over"), "over")
        state.check_consistency()
        return state

    def check_consistency(self) -> None:
        n = self.game.players
        cards = [c for h in self.hands for c in h] + self.deck + [c for _, c in self.pile] + [
            c for w in self.won for c in w]
        if sorted(map(by_index, cards)) != list(range(64)):
            raise ValueError("hands, deck, trick and won cards must hold each of the 64 cards exactly once")
        if len(self.pile) >= n:
            raise ValueError(f"a trick holds at most {n - 1} cards between plays")
        if not (-1 <= self.former < len(self.pile)) or (self.pile and self.former < 0):
            raise ValueError("former must be the pile position of the card played last")
        if len({who for who, _ in self.pile}) != len(self.pile):
            raise ValueError("each player plays one card to a trick")
        if not 1 <= self.round_no <= self.game.options["rounds"] or len(self.history) != self.round_no - int(
                not self.over):
            raise ValueError("round and history do not match the rounds option")
        if not self.over and not any(self.hands):
            raise ValueError("a game in progress needs cards in hand")
        if not self.over and self.turn != (self.leader + len(self.pile)) % n:
            raise ValueError("turn must follow the leader clockwise")

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
        hands, twin.deck = deal_out(rng, pool, [len(self.hands[p]) for p in others])
        for p, hand in zip(others, hands):
            twin.hands[p] = sorted(hand, key=by_index)
        return twin

