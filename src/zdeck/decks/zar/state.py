"""The ZAR state: hands, piles, the open play group (for matching) and the turn.

The play group is the heart of matching. A play starts a group; every later
play of a card identical to the top (by anyone, in turn or out of turn) joins
it as a match while the group is open (`matchable`). The group's size drives
its effect - Frogs skip `count` players, each Wasp adds two to the pending draw,
each Crab flips the direction - and play proceeds from its last contributor
(`owner`). The turn player answering the group (playing, or drawing) closes it.

Inside the state a card is its kind (a small int, `cards.KINDS`) and a hand is a
list of counts per kind, so "who holds a card identical to the top?" - the
question matching asks at every moment - is one lookup per hand.
"""

from __future__ import annotations

from operator import mul
from typing import TYPE_CHECKING, Any, Final

from zdeck import statedict as sd
from zdeck.core import IllegalAction, Outcome, State, is_listed, shorten
from zdeck.decks.zar import rules
from zdeck.decks.zar.actions import DRAW, PASS, Call, Draw, Pass, Play, ZarAction
from zdeck.decks.zar.calls import call_of, call_penalised, due_call
from zdeck.decks.zar.cards import (
    CHAMELEON,
    IS_CRAB,
    IS_FROG,
    IS_POWER,
    IS_WASP,
    KINDS,
    NUM_KINDS,
    TEXTS,
    WASP_DRAWS,
    declaration_name,
    hand_texts,
    unseen_cards,
)
from zdeck.decks.zar.following import followers
from zdeck.decks.zar.reachable import check
from zdeck.decks.zar.rules import dealer_of
from zdeck.rng import Rng, Unsettled, pop_settled, settle

if TYPE_CHECKING:
    from zdeck.decks.zar.game import ZarGame

PLAY: Final = rules.PLAY  # (named here too)
DRAWN: Final = rules.DRAWN
OUT: Final = rules.OUT
OVER: Final = rules.OVER
PHASES: Final = rules.PHASES


class ZarState(State):
    """One moment of a ZAR game (several hands)."""

    # Its fields, named: the rules read them at every step, and an instance dict past 29 fields makes each read
    # slower (CPython shares a dict's keys with the class up to 30 keys; ZAR and Zoop have 30 fields).
    __slots__ = (
        "_call", "count", "dealer", "declared", "direction", "drawn", "drawpile", "game", "hand_no", "hand_winner",
        "hands", "history", "idle", "last_action", "last_seat", "matchable", "owner", "penalties", "phase", "pile",
        "pile_as", "rng", "rules", "run", "sizes", "stack", "totals", "turn", "unsettled", "version",
    )

    # `game` as ZAR's own class: the kernel types `game` as Game, and mypyc keeps it so. An attribute,
    # set beside `game`, not a property: the rules read it at every step.
    rules: ZarGame

    def __init__(self, game: ZarGame, rng: Rng) -> None:
        self.game = self.rules = game
        self.version = 0
        self.rng = rng
        n = game.players
        self.hands: list[list[int]] = [[0] * NUM_KINDS for _ in range(n)]
        self.sizes: list[int] = [0] * n
        self.drawpile: list[int] = []
        self.unsettled = Unsettled(0, 0)  # the Drawpile's shuffle steps still put off (`rng.shuffle_lazily`)
        self.pile: list[int] = []  # physical cards, bottom to top
        self.pile_as: list[int] = []  # what each pile card counts as (a Chameleon's assumed identity)
        self.declared = -1  # the colour/symbol declared by the Power play on top
        self.direction = 1
        self.owner = 0  # last player to add to the open play group
        self.count = 0  # cards in the play group
        self.run = 0  # the owner's own consecutive cards in it (for matching yourself)
        self.matchable = False  # the group is still open to matches
        self.stack = 0  # pending Wasp draw
        self.turn = -1  # -1: nobody's turn (a last card waits for matches, or the game is over)
        self.phase = PLAY
        self.drawn = -1  # the card the turn player just drew (DRAWN phase)
        self.idle = 0  # consecutive turns that neither played nor drew a card
        self.dealer = dealer_of(-1)
        self.hand_no = 1
        self.totals: list[int] = [0] * n
        self.history: list[list[int]] = []
        self.hand_winner = -1  # winner of the last finished hand
        self.penalties: list[int] = [0] * n  # penalty cards drawn for calls this game
        self.last_seat = -1  # who made the last submission of this hand (-1: none yet)
        self.last_action: ZarAction | None = None
        self._call: Call | tuple[int, int, bool, int] | None = None  # see `call`

    @property
    def call(self) -> Call | None:
        """The call the last play was due (the engine's words under auto calls); None after a draw or a pass.
        A play keeps what `calls.due_call` judges it on, worked out when read: random play never reads it
        and working it out at every play cost 3% of its time."""
        call = self._call
        return due_call(*call) if isinstance(call, tuple) else call

    @call.setter
    def call(self, call: Call | None) -> None:
        self._call = call

    # -- who acts ----------------------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == OVER:
            return ()
        if phase == DRAWN or not self.matchable:
            return (self.turn,)
        turn, top, on_chameleon = self.turn, self.pile_as[-1], self.pile[-1] == CHAMELEON  # (`may_match`, inlined)
        return tuple([p for p, hand in enumerate(self.hands) if p == turn or hand[top] or on_chameleon and hand[CHAMELEON]])

    def may_match(self, p: int) -> bool:
        """Can p play out of turn now: an identical card, or a Chameleon on a Chameleon."""
        if not self.matchable:
            return False
        hand = self.hands[p]
        return hand[self.pile_as[-1]] > 0 or (hand[CHAMELEON] > 0 and self.pile[-1] == CHAMELEON)

    def moves(self) -> list[tuple[int, list[Any]]]:
        """`actors()` with each one's legal actions in one pass (the simulator asks at every moment).

        Auto calls serve the usual moments here: after a draw, a closed top card, or the turn
        player racing whoever holds a card identical to the top. The rest takes the long way.
        """
        phase, turn = self.phase, self.turn
        if phase == DRAWN and not self.rules.spoken_calls:
            return [(turn, self._drawn_plays() + [PASS])]
        if phase != PLAY or self.rules.spoken_calls or (self.matchable and self.pile[-1] == CHAMELEON):
            return [(p, self.legal_actions(p)) for p in self.actors()]
        if self.matchable:
            top, turn_hand = self.pile_as[-1], self.hands[turn]
            for hand in self.hands:  # (a plain loop that stops early: the usual moment has no race)
                if hand[top] and hand is not turn_hand:
                    return self._race(top)
        return [(turn, self._turn_plays(self.hands[turn]) or [DRAW])]

    def _race(self, top: int) -> list[tuple[int, list[Any]]]:
        """`moves()` when others hold a card identical to the open top card: they may match."""
        turn = self.turn
        found: list[tuple[int, list[Any]]] = []
        for p, hand in enumerate(self.hands):
            if p == turn:
                found.append((p, self._turn_plays(hand) or [DRAW]))
            elif hand[top]:
                found.append((p, self._match_plays(hand)))
        return found

    def legal_actions(self, player: int) -> list[Any]:
        bare = self._bare_legal(player)
        if not self.rules.spoken_calls:
            return bare
        return [v for a in bare for v in (self._call_variants(player, a) if type(a) is Play else (a,))]

    def _bare_legal(self, player: int) -> list[Any]:
        """Legal actions without calls (spoken calls add the call variants on top)."""
        phase = self.phase
        if phase == OVER or not (type(player) is int and 0 <= player < self.game.players):
            return []
        if player == self.turn:  # the turn player plays if they can, else draws
            return self._turn_plays(self.hands[player]) or [DRAW] if phase == PLAY else self._drawn_plays() + [PASS]
        return [] if phase == DRAWN else self._match_plays(self.hands[player])

    def _turn_plays(self, hand: list[int]) -> list[Play]:
        """The turn player's plays: matches of an open top card, then every card that follows it."""
        if hand[CHAMELEON]:
            return self._turn_plays_with_chameleons(hand)
        top, matchable, rows = self.pile_as[-1], self.matchable, self.rules.plays.rows
        out = list(rows[top][hand[top]]) if matchable else []  # in turn any identical card matches
        for k in followers(top, self.declared, self.stack):
            n = hand[k]
            if n and not (matchable and k == top):  # (the top card's kind is already listed, as matches)
                out += rows[k][n]
        return out

    def _turn_plays_with_chameleons(self, hand: list[int]) -> list[Play]:
        """`_turn_plays` for a hand holding Chameleons: each play may take some along."""
        chams, top, matchable, span = hand[CHAMELEON], self.pile_as[-1], self.matchable, self.rules.plays.span
        out = list(span(top, 0, hand[top], chams)) if matchable else []  # Chameleons alone match too
        for k in followers(top, self.declared, self.stack):
            if hand[k] and not (matchable and k == top):
                out += span(k, 1, hand[k], chams)
        if not matchable:
            out += span(top, 0, 0, chams)  # the first way: Chameleons become the card they are played on
        return out

    def _match_plays(self, hand: list[int]) -> list[Play]:
        """Out of turn only matches: identical cards, a Chameleon beside them or on a Chameleon."""
        if not self.matchable:
            return []
        top = self.pile_as[-1]
        have, chams = hand[top], hand[CHAMELEON]
        if self.pile[-1] == CHAMELEON:
            return list(self.rules.plays.span(top, 0, have, chams)) if have or chams else []
        if not have:
            return []
        riders = 0 if self.phase == OUT else chams  # a Chameleon rides only beside a matching card, never once out
        return list(self.rules.plays.span(top, 1, have, riders) if riders else self.rules.plays.rows[top][have])

    def _drawn_plays(self) -> list[Play]:
        """After drawing, only the drawn card may be played (nothing else could be)."""
        drawn, top = self.drawn, self.pile_as[-1]
        if drawn == CHAMELEON:
            return list(self.rules.plays.span(top, 0, 0, 1))
        if drawn in followers(top, self.declared, self.stack):
            return list(self.rules.plays.rows[drawn][1])
        return []

    def _due_call(self, p: int, play: Play) -> Call:
        """The call `play` must carry, judged on the hand before it (`calls.due_call`)."""
        size = play.real + play.chameleons
        matching = self.matchable and play.card == self.pile_as[-1]
        own_run = self.run if matching and p == self.owner else 0
        return due_call(size, self.sizes[p] - size, matching, own_run)

    def _call_variants(self, p: int, play: Play) -> list[Play]:
        """Spoken calls: what may be said with a legal play (the right call first).

        A call says ZAR or not, MATCH or not, and names a size the play shows:
        the cards put down, or - joining your own play - the run they make. The
        rules never make a card play illegal for what is said with it, and they
        punish only a call that is missing (`call_penalised`); a size word that
        names no multiple on the table is not a call about this play and is refused.
        """
        sizes = [play.size]
        if self.matchable and play.card == self.pile_as[-1] and self.owner == p:
            sizes.append(self.run + play.size)
        right = self._due_call(p, play)
        calls = [right]
        for zar in (False, True):
            for match in (False, True):
                for size in sizes:
                    call = Call(zar, match, size)
                    if call != right:
                        calls.append(call)
        return [self.rules.with_call(play, call) for call in calls]

    def explain_illegal(self, player: int, action: Any) -> str:
        if self.phase == OVER:
            return "the game is over"
        if not isinstance(action, (Play, Draw, Pass)):
            return f"{shorten(action)} is not a ZAR action"
        if isinstance(action, Pass):
            return "pass: only after drawing a card on your turn"
        in_turn = self.phase in (PLAY, DRAWN) and player == self.turn
        if isinstance(action, Draw):
            if not in_turn or self.phase == DRAWN:
                return "draw: only the turn player draws, once, when they cannot play"
            return "draw: you may draw only when you cannot play"
        if not self._holds(player, action):
            return f"{action.cards_text()}: you do not hold those cards"
        if self.phase == DRAWN:
            return "after drawing you may only play the card you drew, or pass"
        return self._explain_illegal_play(player, action, in_turn)

    def _explain_illegal_play(self, player: int, play: Play, in_turn: bool) -> str:
        """Which rule refuses a play of cards the player holds."""
        top = self.pile_as[-1]
        if play.card == top and self.matchable:
            if play.chameleons and self.pile[-1] != CHAMELEON and (self.phase == OUT or play.real == 0):
                return "a Chameleon is played only in turn, except to match a Chameleon (or beside a matching card)"
            if play.call is not None:
                return f"call {play.spoken()!r}: say the right call ({self._due_call(player, play).words()!r})"
        if not in_turn:
            return f"it is player {self.turn}'s turn; out of turn you may only match {KINDS[top].name}"
        if play.real == 0 and play.card != top:
            return "Chameleons alone become the card on top; use the card on top as their identity"
        if self.stack:
            return f"a pending Wasp draw of {self.stack} is answered only by a Wasp (or a Chameleon), or by drawing"
        if play.card not in followers(top, self.declared, self.stack):
            return f"{KINDS[play.card].name} follows neither the colour nor the symbol on top"
        return f"{play} is not legal for player {player} now"

    def _holds(self, player: int, play: Play) -> bool:
        hand = self.hands[player]
        return hand[play.card] >= play.real and hand[CHAMELEON] >= play.chameleons

    # -- transitions: dealing -----------------------------------------------------------------------
    def deal(self) -> None:
        """Shuffle every card, deal from the dealer's left, turn the first card for the dealer."""
        game, n = self.rules, self.game.players
        cards = list(game.deck)
        self.rng.shuffle(cards)
        # Dealt one at a time off the end of the deck, round from the dealer's left: the i-th seat
        # after the dealer takes the i-th card from the end, then every n-th card before it.
        dealt = n * game.deal_size
        off_the_end = cards[-dealt:][::-1]
        del cards[-dealt:]
        self.hands = [[0] * NUM_KINDS for _ in range(n)]
        for i in range(n):
            hand = self.hands[(self.dealer + 1 + i) % n]
            for card in off_the_end[i::n]:
                hand[card] = hand[card] + 1  # (item = item + n throughout: mypyc makes `+=` on an item a Python add)
        self.sizes = [game.deal_size] * n
        while IS_POWER[cards[-1]] or cards[-1] == CHAMELEON:
            cards.insert(0, cards.pop())  # a Power card cannot start: it goes to the bottom
        first = cards.pop()
        self.drawpile, self.unsettled = cards, Unsettled(0, 0)
        self.pile, self.pile_as = [first], [first]
        self.declared, self.direction, self.stack = -1, 1, 0
        self.phase, self.drawn, self.idle = PLAY, -1, 0
        self.owner, self.count, self.run, self.matchable = self.dealer, 1, 1, True
        self.last_seat, self.last_action, self._call = -1, None, None
        self._take_effect(first, 1)  # it counts as the dealer's play

    # -- transitions: applying ----------------------------------------------------------------------
    def _apply(self, p: int, play: Any) -> Outcome | None:
        """Put cards down: a match joins the open group, anything else starts one; then its effect and the turn.
        (A draw or a pass goes to its own rule.) PENALISED when a spoken call cost a card."""
        if type(play) is not Play:
            self._draw_turn(p) if type(play) is Draw else self._pass(p)
            return None
        size = play.real + play.chameleons
        matching = self.matchable and play.card == self.pile_as[-1]
        own_run = self.run if matching and p == self.owner else 0
        self._call = (size, self.sizes[p] - size, matching, own_run)  # judged on the hand before the play
        card, real, chams = play.card, play.real, play.chameleons
        hand = self.hands[p]
        hand[card] = hand[card] - real
        self.sizes[p] = self.sizes[p] - size
        if chams:  # the player chose which physical card lies on top
            hand[CHAMELEON] = hand[CHAMELEON] - chams
            self.pile += [card] * real + [CHAMELEON] * chams if play.chameleon_on_top else [CHAMELEON] * chams + [card] * real
        else:
            self.pile += [card] * real
        self.pile_as += [card] * size
        if matching:
            self._join_group(p, size, own_run)
        else:
            self.owner, self.count, self.run = p, size, size
        self._take_effect(card, size)
        self.declared, self.matchable, self.drawn, self.idle = play.declare, True, -1, 0
        self.last_seat, self.last_action = p, play
        penalised = self.rules.spoken_calls and self._charge_call(p, play.call)
        if self.sizes[p]:
            self.phase = PLAY
        else:
            self._went_out(p)
        return Outcome.PENALISED if penalised else None

    def _join_group(self, p: int, size: int, own_run: int) -> None:
        """A match: matching yourself makes your play bigger; matching someone makes them draw one."""
        self.count += size
        if own_run:
            self.run += size
        else:
            self._draw_one(self.owner)
            self.owner, self.run = p, size

    def _take_effect(self, card: int, size: int) -> None:
        """`size` more cards of `card` on the group, then the turn: a Crab group of odd size reverses, each Wasp
        adds to the pending draw; play goes on from the group's owner, and a group of Frogs skips as many
        players as it has cards. (A player who went out has no turn: `_went_out` says so.)"""
        steps = 1
        if IS_CRAB[card]:
            if size % 2:
                self.direction = -self.direction
        elif IS_WASP[card]:
            self.stack += WASP_DRAWS[card] * size
        elif IS_FROG[card]:
            steps += self.count
        self.turn = (self.owner + self.direction * steps) % self.game.players

    def _charge_call(self, p: int, said: Call | None) -> bool:
        """Spoken calls: a call that leaves out what was due costs one card (`calls.call_penalised`)."""
        due = self.call
        assert due is not None
        if not call_penalised(due, said, self.game.options["calls"]):
            return False
        self.penalties[p] = self.penalties[p] + (self._draw_one(p) >= 0)
        return True

    def _went_out(self, p: int) -> None:
        """A last card: others may still match it; if nobody can, its player wins the hand at once."""
        self.phase, self.turn = OUT, -1
        if not self.anyone_may_match():
            self._end_hand(p)

    def anyone_may_match(self) -> bool:
        """Can someone play out of turn on the top card now (`may_match`)?"""
        return any(self.may_match(q) for q in range(self.game.players))

    def _draw_turn(self, p: int) -> None:
        """Drawing answers the top card: the whole pending Wasp draw, or one card the player may then play."""
        self.matchable = False  # the moment to match is gone
        self.last_seat, self.last_action, self._call = p, DRAW, None
        if self.stack:
            drew = self._draw_cards(p, self.stack) > 0
            self.stack = 0
        else:
            card = self._draw_one(p)
            if card >= 0:  # the usual draw: the player may play the card they drew
                self.drawn, self.phase, self.idle = card, DRAWN, 0
                return
            drew = False
        self.turn = (p + self.direction) % self.game.players
        self.idle = 0 if drew else self.idle + 1
        if self.blocked():
            self._end_hand(None)

    def blocked(self) -> bool:
        """A full circle of turns that neither played nor drew a card: nobody can play and there is
        nothing left to draw, so the hand ends."""
        return self.idle >= self.game.players

    def _pass(self, p: int) -> None:
        self.phase, self.drawn = PLAY, -1
        self.turn = (p + self.direction) % self.game.players
        self.last_seat, self.last_action, self._call = p, PASS, None

    def _draw_one(self, p: int) -> int:
        """One card for p (a turn's draw, a matched player's, a penalty); -1 when no card is left anywhere."""
        if not self.drawpile and not self._turn_pile_over():
            return -1
        card = pop_settled(self.drawpile, self.unsettled)
        hand = self.hands[p]
        hand[card] = hand[card] + 1
        self.sizes[p] = self.sizes[p] + 1
        return card

    def _draw_cards(self, p: int, k: int) -> int:
        """A pending Wasp draw: k cards for p, or as many as are left. Returns how many were drawn."""
        for drawn in range(k):
            if self._draw_one(p) < 0:
                return drawn
        return k

    def nothing_to_draw(self) -> bool:
        """No card is left to draw: the Drawpile is empty and nothing lies under the Playpile's top card."""
        return not self.drawpile and len(self.pile) <= 1

    def _turn_pile_over(self) -> bool:
        """The Drawpile is empty: the Playpile but its top card becomes the new one, shuffled. False when
        there is nothing to draw."""
        if self.nothing_to_draw():
            return False
        self.drawpile = self.pile[:-1]
        self.pile, self.pile_as = self.pile[-1:], self.pile_as[-1:]
        self.unsettled = self.rng.shuffle_lazily(self.drawpile)  # a draw settles only the cards it takes
        return True

    def _end_hand(self, winner: int | None) -> None:
        """Score the cards left in hand; the game ends, or the winner deals the next hand."""
        n = self.game.players
        scored = [sum(map(mul, self.rules.points, hand)) for hand in self.hands]
        if winner is None:  # blocked hand: fewest points wins, ties to the first from the dealer's left
            order = [(self.dealer + i) % n for i in range(1, n + 1)]
            winner = min(order, key=lambda q: scored[q])
        self.totals = [t + s for t, s in zip(self.totals, scored)]
        self.history.append(scored)
        self.hand_winner = winner
        if self.match_over():
            self.phase, self.turn, self.matchable = OVER, -1, False
            return
        self.dealer = dealer_of(winner)
        self.hand_no += 1
        self.deal()

    def match_over(self) -> bool:
        """The finished hands end the game: the `hands` set are played, or someone's total reached `target`."""
        hands, target = self.game.options["hands"], self.game.options["target"]
        return (hands is not None and len(self.history) >= hands) or (target is not None and max(self.totals) >= target)

    def _on_timeout(self) -> None:
        if self.phase != OUT:
            raise IllegalAction("someone must act here: the turn player has to play or draw")
        self._end_hand(self.owner)  # nobody matched the last card: its player wins the hand

    def resolve_late(self, player: int, action: Any, seen: int) -> Outcome:
        """A play or draw sent before other submissions landed.

        If it is still legal (a match that now lands on a match, a turn that is
        still yours) it takes effect: the rules do not care when you saw the
        card. Otherwise the cards go back to the hand (BOUNCED). Cards you do not
        hold cannot be resolved at all.
        """
        if type(action) is Play and not self._holds(player, action):
            raise IllegalAction(f"player {player} does not hold the cards of {action}")
        if self._still_legal(player, action):
            return self._apply(player, action) or Outcome.APPLIED
        return Outcome.BOUNCED

    def _still_legal(self, player: int, action: Any) -> bool:
        """Would `action` (its call aside) be legal now? Out of turn only matches land, decided without listing."""
        if player != self.turn:
            return type(action) is Play and self._may_match_with(action)
        if type(action) is Play and action.call is not None:
            action = self.rules.with_call(action, None)
        return is_listed(action, self._bare_legal(player))

    def _may_match_with(self, play: Play) -> bool:
        """Is `play` (cards its player holds) among `_match_plays` of that hand? What that list holds, as a test."""
        if not self.matchable or play.card != self.pile_as[-1] or self.phase not in (PLAY, OUT):
            return False
        if self.pile[-1] == CHAMELEON:
            return True  # on a Chameleon: any mix of identical cards and Chameleons
        # a Chameleon rides only beside a matching card, and never once someone has gone out
        return play.real > 0 and not (play.chameleons and self.phase == OUT)

    # -- outcome -------------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        return list(map(float, self.totals))

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        best = min(self.totals)
        return [p for p, t in enumerate(self.totals) if t == best]

    def round(self) -> int:
        return self.hand_no

    def round_scores(self) -> list[list[float]]:
        return [list(map(float, hand)) for hand in self.history]

    # -- views ---------------------------------------------------------------------------------------
    def phase_name(self) -> str:
        return self.phase

    def turn_seat(self) -> int | None:
        return self.turn if self.turn >= 0 else None

    def hand_texts(self, player: int) -> list[str]:
        return hand_texts(self.hands[player])

    def hand_sizes(self) -> list[int]:
        return list(self.sizes)

    def own_view(self, player: int | None) -> dict[str, Any]:
        """ZAR's own keys (docs/observations/zar.md)."""
        top = self.pile_as[-1]
        return {
            "top": TEXTS[self.pile[-1]],
            "pile": list(map(TEXTS.__getitem__, self.pile)),
            "draw_size": len(self.drawpile),
            "direction": self.direction,
            "dealer": self.dealer,
            "last": self._last(),
            "top_as": TEXTS[top],
            "declared": declaration_name(top, self.declared) or None,
            "matchable": self.matchable,
            "group": {"owner": self.owner, "count": self.count, "run": self.run},
            "stack": self.stack,
            "call": self._call_words(),
            "drawn": TEXTS[self.drawn] if self.phase == DRAWN and player == self.turn else None,
            "hand_winner": self.hand_winner if self.hand_winner >= 0 else None,
            "penalties": list(self.penalties),
        }

    def _last(self) -> dict[str, Any] | None:
        if self.last_action is None:
            return None
        return {"seat": self.last_seat, "action": self.rules.action_text(self.last_action)}

    def _call_words(self) -> str | None:
        """The last play's call as spoken ("ZAR'CH-TRIPLE-BLUE"); None when the last action was no play."""
        play, call = self.last_action, self.call
        if call is None or type(play) is not Play:
            return None
        return self.rules.call_words(call, play)

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.game.describe(),
            "version": self.version,
            "rng": self.rng.state,
            "hands": [list(h) for h in self.hands],
            "drawpile": self._settled_drawpile(),
            "pile": list(self.pile),
            "pile_as": list(self.pile_as),
            "declared": self.declared,
            "direction": self.direction,
            "owner": self.owner,
            "count": self.count,
            "run": self.run,
            "matchable": self.matchable,
            "stack": self.stack,
            "turn": self.turn,
            "phase": self.phase,
            "drawn": self.drawn,
            "idle": self.idle,
            "dealer": self.dealer,
            "hand_no": self.hand_no,
            "totals": list(self.totals),
            "history": [list(h) for h in self.history],
            "hand_winner": self.hand_winner,
            "penalties": list(self.penalties),
            "last": self._last(),
            "call": None if (call := self.call) is None else [call.zar, call.match, call.size],
        }

    def _twin(self) -> ZarState:
        """A copy sharing every value with this state, for `clone` and `_resample_hidden` to replace what
        they change: written out, since a compiled class has no `__dict__` to copy."""
        twin = ZarState.__new__(ZarState)
        twin._call = self._call
        twin.count = self.count
        twin.dealer = self.dealer
        twin.declared = self.declared
        twin.direction = self.direction
        twin.drawn = self.drawn
        twin.drawpile = self.drawpile
        twin.game, twin.rules = self.game, self.rules
        twin.hand_no = self.hand_no
        twin.hand_winner = self.hand_winner
        twin.hands = self.hands
        twin.history = self.history
        twin.idle = self.idle
        twin.last_action = self.last_action
        twin.last_seat = self.last_seat
        twin.matchable = self.matchable
        twin.owner = self.owner
        twin.penalties = self.penalties
        twin.phase = self.phase
        twin.pile = self.pile
        twin.pile_as = self.pile_as
        twin.rng = self.rng
        twin.run = self.run
        twin.sizes = self.sizes
        twin.stack = self.stack
        twin.totals = self.totals
        twin.turn = self.turn
        twin.unsettled = self.unsettled
        twin.version = self.version
        return twin

    def clone(self) -> ZarState:
        twin = self._copy(self.rng.clone(), list(self.drawpile), self.unsettled.copy())
        twin.hands = [list(h) for h in self.hands]
        return twin

    def _copy(self, rng: Rng, drawpile: list[int], unsettled: Unsettled) -> ZarState:
        """A copy with this generator and Drawpile, every other list its own; the hands are left shared
        for the caller to copy or re-deal. (Numbers, texts and the immutable actions are shared, and so
        are the rows of `history`: a finished hand's scores never change.)"""
        twin = self._twin()
        twin.rng, twin.drawpile, twin.unsettled = rng, drawpile, unsettled
        twin.sizes = list(self.sizes)
        twin.pile = list(self.pile)
        twin.pile_as = list(self.pile_as)
        twin.totals = list(self.totals)
        twin.history = list(self.history)
        twin.penalties = list(self.penalties)
        return twin

    def _settled_drawpile(self) -> list[int]:
        """The Drawpile in its order, every put-off shuffle step carried out."""
        settle(self.drawpile, self.unsettled)
        return list(self.drawpile)

    def _resample_hidden(self, player: int, rng: Rng) -> ZarState:
        """Re-deal the other hands and the Drawpile from the cards `player` cannot see.

        The unseen cards are pooled in kind order (`unseen_cards`: where they really lie must not show through)
        and the hidden hands' cards drawn uniformly onto its top (`rng.sample_to_top`: a few cards, a few draws);
        each hand counts its cards where they lie there (a hand is counts: no list of its own is made), and
        what is left becomes the copy's Drawpile, shuffled lazily: its order is settled only as the copy
        draws. So a determinisation pays for the cards it deals, not for the whole pile. (The draws are
        `dealing.deal_sampled`'s, without the lists it cuts.) The copy's generator comes from `rng`, never
        the real game's.

        While a last card waits for matches (phase 'out') the table shows that someone can match it (else
        the hand would be over): a deal that breaks this is drawn again (the true one keeps it).
        """
        unseen = unseen_cards(self.rules.deck_counts, self.hands, self.sizes, player, self.pile, self.drawpile)
        sizes, dealt = self.sizes, 0
        for q, size in enumerate(sizes):
            if q != player:
                dealt += size
        while True:
            pool = unseen[:] if self.phase == OUT else unseen  # (a deal takes its cards off the pool)
            rng.sample_to_top(pool, dealt)
            hands = list(self.hands)
            hands[player] = list(self.hands[player])
            top = len(pool)
            drawn = self.drawn
            for q, size in enumerate(sizes):
                if q == player:
                    continue
                hand = hands[q] = [0] * NUM_KINDS
                for i in range(top - size, top):  # (the hand's cards, the first dealt on top)
                    card = pool[i]
                    hand[card] = hand[card] + 1  # (not `+=`: mypyc adds to a list item as Python objects)
                if q == self.turn and self.phase == DRAWN:  # which card was drawn is hidden too: the first dealt
                    drawn = pool[top - 1]
                top -= size
            del pool[top:]
            steps = rng.shuffle_lazily(pool)
            twin = self._copy(rng.spawn(), pool, steps)
            twin.hands, twin.drawn = hands, drawn
            if self.phase != OUT or twin.anyone_may_match():
                return twin


# -- reading a state back ------------------------------------------------------------------------------
MAX_VERSION: Final = 2**53  # past the integers every JSON reader keeps exactly: no game gets there


def new_state(game: ZarGame, seed: int) -> ZarState:
    """A new game: the first hand dealt from `Rng(seed)`."""
    state = ZarState(game, Rng(seed))
    state.deal()
    return state


def read_state(game: ZarGame, data: dict[str, Any]) -> ZarState:
    """Rebuild a state from `to_dict()`: each field read and ranged here, then the one check of what play
    can reach (`reachable.check`); a ValueError names the field.

    Every number is bounded before it is used (a count of 2**64 is refused at once, never looped over):
    card counts by the deck, group sizes and the pending draw by what `version` submissions can add.
    """
    n = game.players

    def get(key: str) -> Any:
        return sd.field(data, key)

    state = ZarState(game, Rng.from_state(get("rng")))
    state.version = sd.integer(get("version"), "version", lo=0, hi=MAX_VERSION)
    hands = sd.per_seat(get("hands"), n, "hands")
    state.hands = [sd.integers(h, f"hands[{p}]", lo=0, hi=game.half_decks, length=NUM_KINDS) for p, h in enumerate(hands)]
    state.sizes = [sum(h) for h in state.hands]
    state.drawpile, state.pile, state.pile_as = (_kinds(get(key), key) for key in ("drawpile", "pile", "pile_as"))
    most = 1 + game.max_size * state.version  # the cards `version` plays can put down
    state.declared = sd.integer(get("declared"), "declared", lo=-1)
    state.direction = sd.choice(get("direction"), "direction", (1, -1))
    state.owner = sd.seat(get("owner"), n, "owner")
    state.count = sd.integer(get("count"), "count", lo=1, hi=most)
    state.run = sd.integer(get("run"), "run", lo=0, hi=state.count)
    state.matchable = sd.boolean(get("matchable"), "matchable")
    state.stack = sd.integer(get("stack"), "stack", lo=0, hi=max(WASP_DRAWS) * most)
    state.phase = sd.choice(get("phase"), "phase", PHASES)
    state.turn = sd.integer(get("turn"), "turn", lo=-1, hi=n - 1)
    state.drawn = sd.integer(get("drawn"), "drawn", lo=-1, hi=NUM_KINDS - 1)
    state.idle = sd.integer(get("idle"), "idle", lo=0, hi=n)
    highest = sum(game.points[k] for k in game.deck)  # a hand scores at most the whole deck
    rows = sd.listed(get("history"), "history")
    state.history = [sd.integers(sd.per_seat(h, n, "history"), f"history[{i}]", lo=0, hi=highest) for i, h in enumerate(rows)]
    state.totals = sd.integers(sd.per_seat(get("totals"), n, "totals"), "totals")
    state.hand_no = sd.integer(get("hand_no"), "hand_no", lo=1)
    state.hand_winner = sd.integer(get("hand_winner"), "hand_winner", lo=-1, hi=n - 1)
    state.dealer = sd.seat(get("dealer"), n, "dealer")
    state.penalties = sd.integers(sd.per_seat(get("penalties"), n, "penalties"), "penalties", lo=0)
    _read_last(state, get("last"), get("call"))
    check(state)
    return state


def _read_last(state: ZarState, last: Any, call: Any) -> None:
    """The last submission of this hand (null before the first) and the call its play was due (null after
    anything but a play)."""
    if last is not None:
        if not isinstance(last, dict) or set(last) != {"seat", "action"}:
            raise ValueError(f"last: expected null or {{'seat', 'action'}}, got {shorten(last)}")
        state.last_seat = sd.seat(last["seat"], state.game.players, "last.seat")
        try:
            action = state.game.parse_action(last["action"])
        except ValueError as exc:
            raise ValueError(f"last.action: {exc}") from None
        assert isinstance(action, Play | Draw | Pass)  # (every action of the table is one)
        state.last_action = action
    if call is not None:
        zar, match, size = sd.listed(call, "call", length=3)
        state.call = call_of(sd.boolean(zar, "call[0]"), sd.boolean(match, "call[1]"),
                             sd.integer(size, "call[2]", lo=1, hi=state.count))


def _kinds(value: Any, name: str) -> list[int]:
    return sd.integers(value, name, lo=0, hi=NUM_KINDS - 1)
