"""The ZAR state: hands, piles, the open play group (for matching) and the turn.

The play group is the heart of matching. A play starts a group; every later
play of a card identical to the top (by anyone, in turn or out of turn) joins
it as a match while the group is open (`matchable`). The group's size drives
its effect - Frogs skip `count` players, each Wasp adds two to the pending draw,
each Crab flips the direction - and play proceeds from its last contributor
(`owner`). The turn player answering the group (playing, or drawing) closes it.
"""

from __future__ import annotations

from itertools import compress
from operator import itemgetter, mul
from typing import TYPE_CHECKING, Any

from zdeck.core import IllegalAction, Outcome, State
from zdeck.decks.zar.actions import DRAW, PASS, Call, Draw, Pass, Play
from zdeck.decks.zar.cards import (
    CHAMELEON,
    IS_CRAB,
    IS_FROG,
    IS_POWER,
    IS_WASP,
    KINDS,
    NUM_KINDS,
    WASP_DRAW,
    cards_in,
    declaration_name,
)
from zdeck.decks.zar.rules import (
    FOLLOWER_COUNTS,
    FOLLOWERS,
    FOLLOWS,
    TURN_FOLLOWERS,
    WASP_FOLLOWER_COUNTS,
    WASP_FOLLOWERS,
    WASP_TURN_FOLLOWERS,
    call_penalised,
    correct_call,
    follows,
)
from zdeck.rng import Rng

if TYPE_CHECKING:
    from zdeck.decks.zar.game import ZarGame

PLAY, DRAWN, OUT, OVER = "play", "drawn", "out", "over"
CRAB, WASP, FROG = 1, 2, 3
EFFECT = tuple(CRAB if IS_CRAB[k] else WASP if IS_WASP[k] else FROG if IS_FROG[k] else 0 for k in range(NUM_KINDS))
HOLDS = tuple(itemgetter(k) for k in range(NUM_KINDS))  # HOLDS[k](hand): how many cards of kind k it holds
PHASES = (PLAY, DRAWN, OUT, OVER)
# Enum members looked up through their class cost a tenth of a microsecond each: the hot path reads these
APPLIED, BOUNCED, PENALISED = Outcome.APPLIED, Outcome.BOUNCED, Outcome.PENALISED


class ZarState(State):
    """One moment of a ZAR game (several hands)."""

    game: ZarGame

    def __init__(self, game: ZarGame, rng: Rng) -> None:
        self.game = game
        self.strict = game.strict  # read on every legal_actions call
        self.version = 0
        self.rng = rng
        n = game.players
        self.hands: list[list[int]] = [[0] * NUM_KINDS for _ in range(n)]
        self.sizes: list[int] = [0] * n
        self.drawpile: list[int] = []
        self.pile: list[int] = []  # physical cards, bottom to top
        self.pile_as: list[int] = []  # what each pile card counts as (a Chameleon's assumed identity)
        self.declared = -1  # the colour/symbol declared by the Power play on top
        self.direction = 1
        self.owner = 0  # last player to add to the open play group
        self.count = 0  # cards in the play group
        self.run = 0  # the owner's own consecutive cards in it (for matching yourself)
        self.matchable = False  # the group is still open to matches
        self.stack = 0  # pending Wasp draw
        self.turn = -1
        self.phase = PLAY
        self.drawn = -1  # the card the turn player just drew (DRAWN phase)
        self.idle = 0  # consecutive turns that neither played nor drew a card
        self.dealer = 0
        self.hand_no = 1
        self.totals: list[int] = [0] * n
        self.history: list[list[int]] = []
        self.hand_winner = -1  # winner of the last finished hand
        self.last_player = -1
        self._call: str | tuple[bool, bool, int, int, int] = ""  # the last call: words, or what to say (see last_call)
        self.penalties: list[int] = [0] * n  # strict-call penalty cards drawn this game

    # -- dealing -------------------------------------------------------------------------
    def deal(self) -> None:
        """Shuffle every card, deal from the dealer's left, turn the first card for the dealer."""
        game, n = self.game, self.game.players
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
                hand[card] += 1
        self.sizes = [game.deal_size] * n
        while IS_POWER[cards[-1]] or cards[-1] == CHAMELEON:
            cards.insert(0, cards.pop())  # a Power card cannot start: it goes to the bottom
        first = cards.pop()
        self.drawpile = cards
        self.pile, self.pile_as = [first], [first]
        self.declared, self.direction, self.stack = -1, 1, 0
        self.phase, self.drawn, self.idle = PLAY, -1, 0
        self.owner, self.count, self.run, self.matchable = self.dealer, 1, 1, True
        self.last_player, self._call = self.dealer, ""
        self._card_effects(first, 1)  # it counts as the dealer's play
        self._set_turn()

    @property
    def last_call(self) -> str:
        """What the last player said ("" for nothing): kept as (zar, match, size, card, declaration) until read."""
        call = self._call
        return call if type(call) is str else self.game.call_words(*call)

    @last_call.setter
    def last_call(self, words: str) -> None:
        self._call = words

    # -- who acts --------------------------------------------------------------------------
    # The hot path (sim: moves -> apply_listed, late ones -> resolve_late) reads precomputed
    # tables: hands are count lists indexed by card kind, the plays of a hand are
    # concatenations of the game's prebuilt Play tuples (`game.plain_rows`, `game.span` with
    # Chameleons), the cards that follow a top card come from `TURN_FOLLOWERS`, and who holds
    # the top card is read out of all hands at C speed (`HOLDS`). The simulator lands a listed
    # action with `apply_listed`, so nothing is checked twice and no legal list needs caching.
    def actors(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == DRAWN or not self.matchable:
            return () if phase == OVER else (self.turn,)
        top, turn, hands = self.pile_as[-1], self.turn, self.hands
        if self.pile[-1] == CHAMELEON:
            return tuple([p for p, hand in enumerate(hands) if p == turn or hand[top] or hand[CHAMELEON]])
        held = list(map(HOLDS[top], hands))
        if turn >= 0 and sum(held) == held[turn]:
            return (turn,)  # the usual moment: nobody else holds a card identical to the top card
        return tuple([p for p, n in enumerate(held) if n or p == turn])

    def moves(self) -> list[tuple[int, list[Any]]]:
        """`actors()` with each one's legal actions in one pass (the simulator asks at every moment).

        The usual moments are served here: the turn player alone, after a draw, or racing
        whoever holds a card identical to the top. Strict calls and the rest take the long way.
        """
        phase, turn = self.phase, self.turn
        if phase == PLAY and not self.strict:
            hands = self.hands
            if self.matchable:
                if self.pile[-1] == CHAMELEON:
                    return [(p, self.legal_actions(p)) for p in self.actors()]
                top, turn_hand = self.pile_as[-1], hands[turn]
                for hand in hands:  # (a plain loop: over a few hands it beats map and sum)
                    if hand[top] and hand is not turn_hand:  # someone else holds a card identical to the top
                        return self._race(top)
            return [(turn, self._turn_plays(hands[turn]) or [DRAW])]
        if phase == DRAWN and not self.strict:
            return [(turn, self._drawn_plays() + [PASS])]
        return [(p, self.legal_actions(p)) for p in self.actors()]

    def _race(self, top: int) -> list[tuple[int, list[Any]]]:
        """`moves()` when others hold a card identical to the open top card (no Chameleon on top, phase PLAY)."""
        turn, rows = self.turn, self.game.plain_rows[top]
        found: list[tuple[int, list[Any]]] = []
        for p, hand in enumerate(self.hands):
            if p == turn:
                found.append((p, self._turn_plays(hand) or [DRAW]))
            elif hand[top]:  # _match_plays, inlined for a hand without Chameleons: its copies of the top card
                found.append((p, list(rows[hand[top]]) if not hand[CHAMELEON] else self._match_plays(hand)))
        return found

    def may_match(self, p: int) -> bool:
        """Can p play out of turn now: an identical card, or a Chameleon on a Chameleon."""
        if not self.matchable:
            return False
        hand = self.hands[p]
        return hand[self.pile_as[-1]] > 0 or (hand[CHAMELEON] > 0 and self.pile[-1] == CHAMELEON)

    def legal_actions(self, player: int) -> list[Any]:
        if player == self.turn and self.phase == PLAY and not self.strict:  # the usual moment, without detours
            return self._turn_plays(self.hands[player]) or [DRAW]
        got = self._bare_legal(player)
        if self.strict:
            return [v for a in got for v in (self._call_variants(player, a) if type(a) is Play else (a,))]
        return got

    def is_legal(self, player: int, action: Any) -> bool:
        legal = self.legal_actions(player)
        for candidate in legal:
            if candidate is action:  # the usual case: one of the prebuilt actions a bot was handed
                return True
        return action in legal

    def _bare_legal(self, player: int) -> list[Any]:
        """Legal actions without calls (the strict mode adds the call variants on top)."""
        phase = self.phase
        if phase == PLAY and player == self.turn:
            return self._turn_plays(self.hands[player]) or [DRAW]
        if phase == OVER or not (type(player) is int and 0 <= player < self.game.players):
            return []
        if phase == DRAWN:
            return self._drawn_plays() + [PASS] if player == self.turn else []
        return self._match_plays(self.hands[player])

    def _turn_plays(self, hand: list[int]) -> list[Play]:
        """The turn player's plays: matches of an open top card, then every card that follows it."""
        if hand[CHAMELEON]:
            return self._turn_plays_with_chameleons(hand)
        top, matchable, rows = self.pile_as[-1], self.matchable, self.game.plain_rows
        kinds = WASP_TURN_FOLLOWERS[top][matchable] if self.stack else TURN_FOLLOWERS[top][self.declared + 1][matchable]
        out = list(rows[top][hand[top]]) if matchable else []  # in turn any identical card matches
        for k in kinds:  # a plain loop: over a dozen kinds it beats itemgetter and compress
            n = hand[k]
            if n:
                out += rows[k][n]
        return out

    def _turn_plays_with_chameleons(self, hand: list[int]) -> list[Play]:
        """`_turn_plays` for a hand holding Chameleons: each play may take some along."""
        chams = hand[CHAMELEON]
        top = self.pile_as[-1]
        game = self.game
        spans, span, nstride = game.spans, game.span, game.span_nstride
        matchable = self.matchable
        if matchable:  # in turn anything identical to the top card matches it, Chameleons included
            got = spans[top * game.span_kstride + hand[top] * nstride + chams]  # span(top, 0, have, chams)
            out = list(got if got is not None else span(top, 0, hand[top], chams))
        else:
            out = []
        if self.stack:
            held = compress(WASP_FOLLOWERS, WASP_FOLLOWER_COUNTS(hand))
        else:
            declared = self.declared + 1
            held = compress(FOLLOWERS[top][declared], FOLLOWER_COUNTS[top][declared](hand))
        base = game.span_lowstride + chams  # span(k, 1, n, chams) lives at k * kstride + base + n * nstride
        kstride = game.span_kstride
        for k in held:  # only the following kinds this hand holds, found at C speed
            if matchable and k == top:
                continue  # already listed as matches
            n = hand[k]
            got = spans[k * kstride + base + n * nstride]
            out.extend(got if got is not None else span(k, 1, n, chams))
        if chams and not matchable:
            out.extend(span(top, 0, 0, chams))  # the first way: becomes the card it is played on
        return out

    def _match_plays(self, hand: list[int]) -> list[Play]:
        """Out of turn only matches: identical cards, a Chameleon beside them or on a Chameleon."""
        if not self.matchable:
            return []
        top = self.pile_as[-1]
        have, chams = hand[top], hand[CHAMELEON]
        if self.pile[-1] == CHAMELEON:
            return list(self.game.span(top, 0, have, chams)) if have or chams else []
        if not have:
            return []
        if not chams:
            return list(self.game.plain_rows[top][have])  # span(top, 1, have, 0)
        # a Chameleon rides only beside a matching card, and never once someone has gone out
        return list(self.game.span(top, 1, have, 0 if self.phase == OUT else chams))

    def _drawn_plays(self) -> list[Play]:
        """After drawing, only the drawn card may be played (nothing else could be)."""
        drawn = self.drawn
        if drawn == CHAMELEON:
            return list(self.game.span(self.pile_as[-1], 0, 0, 1))
        if IS_WASP[drawn] if self.stack else FOLLOWS[self.pile_as[-1]][self.declared + 1][drawn]:  # rules.follows
            return list(self.game.plain_rows[drawn][1])  # span(drawn, 1, 1, 0)
        return []

    def _follows(self, card: int) -> bool:
        return follows(card, self.pile_as[-1], self.declared, self.stack)

    def _call_for(self, p: int, play: Play) -> Call:
        return correct_call(
            player=p,
            hand_size=self.sizes[p],
            card=play.card,
            size=play.size,
            top=self.pile_as[-1],
            matchable=self.matchable,
            owner=self.owner,
            run=self.run,
        )

    def _call_variants(self, p: int, play: Play) -> list[Play]:
        """Strict calls: what may be said with a legal play (the right call first).

        A call says ZAR or not, MATCH or not, and names a size the play shows:
        the cards put down, or - joining your own play - the run they make. The
        rules never make a card play illegal for what is said with it, and they
        punish only a call that is missing (`call_penalised`); a size word that
        names no multiple on the table is not a call about this play and is refused.
        """
        sizes = [play.size]
        if self.matchable and play.card == self.pile_as[-1] and self.owner == p:
            sizes.append(self.run + play.size)
        right = self._call_for(p, play)
        calls = [right]
        for zar in (False, True):
            for match in (False, True):
                for size in sizes:
                    call = Call(zar, match, size)
                    if call != right:
                        calls.append(call)
        return [self.game.with_call(play, call) for call in calls]

    # -- applying ------------------------------------------------------------------------------
    def _apply(self, player: int, action: Any) -> Outcome | None:
        """Apply a legal action; PENALISED when a strict call cost a card. Plays are the hot path."""
        kind = type(action)
        if kind is not Play:  # a draw or a pass: no call, no penalty
            if kind is Draw:
                self._draw_turn(player)
            else:
                self._pass(player)
            return None
        p, play = player, action
        card, real, chams = play.card, play.real, play.chameleons
        size = real + chams
        owner, sizes, pile_as = self.owner, self.sizes, self.pile_as
        is_match = self.matchable and card == pile_as[-1]
        left = sizes[p] - size
        # the call due (rules.correct_call, inlined): judged on the hand before the play
        zar = left == 1
        if is_match and p == owner:
            match, said = False, self.run + size
        else:
            match, said = is_match, size
        hand = self.hands[p]
        hand[card] -= real
        sizes[p] = left
        if chams:
            hand[CHAMELEON] -= chams
            if play.chameleon_on_top:
                self.pile += [card] * real + [CHAMELEON] * chams
            else:
                self.pile += [CHAMELEON] * chams + [card] * real
            pile_as += [card] * size
        elif real == 1:
            self.pile.append(card)
            pile_as.append(card)
        else:
            self.pile += [card] * real
            pile_as += [card] * real
        self.declared = play.declare
        if is_match:
            if p == owner:
                self.run += size  # matching yourself: your play grows, nobody draws
            else:
                self._draw_cards(owner, 1)  # each match makes the matched player draw one
                self.owner, self.run = p, size
            self.count += size
        else:
            self.owner, self.count, self.run = p, size, size
        effect = EFFECT[card]  # one lookup instead of asking IS_CRAB, IS_WASP and IS_FROG in turn
        if effect == CRAB:
            if size & 1:
                self.direction = -self.direction
        elif effect == WASP:
            self.stack += WASP_DRAW * size
        self.matchable, self.drawn, self.idle = True, -1, 0
        self.last_player = p
        game = self.game
        self._call = (zar, match, said, card, play.declare)  # spoken as words only when someone asks
        penalised = False
        if self.strict:
            penalised = call_penalised(Call(zar, match, said), play.call)
            if penalised:
                self.penalties[p] += len(self._draw_cards(p, 1))
                left = sizes[p]
        if left == 0:
            self.phase, self.turn = OUT, -1  # others may still match the last card
            if not any(self.may_match(q) for q in range(game.players)):
                self._end_hand(p)
        else:
            self.phase = PLAY
            steps = 1 + self.count if effect == FROG else 1  # the whole group of Frogs skips
            self.turn = (self.owner + self.direction * steps) % game.players
        return PENALISED if penalised else None

    def _card_effects(self, card: int, size: int) -> None:
        if IS_CRAB[card] and size % 2:
            self.direction = -self.direction
        if IS_WASP[card]:
            self.stack += WASP_DRAW * size

    def _set_turn(self) -> None:
        steps = 1 + self.count if IS_FROG[self.pile_as[-1]] else 1
        self.turn = (self.owner + self.direction * steps) % self.game.players

    def _draw_turn(self, p: int) -> None:
        self.matchable = False  # the turn player has answered: the moment to match is gone
        if self.stack:
            got = self._draw_cards(p, self.stack)
            self.stack = 0
            self.turn = (p + self.direction) % self.game.players
        elif self.drawpile:  # the usual draw (_draw_cards inlined): one card, and the turn player may play it
            card = self.drawpile.pop()
            self.hands[p][card] += 1
            self.sizes[p] += 1
            self.drawn, self.phase, self.idle = card, DRAWN, 0
            self.last_player, self._call = p, ""
            return
        else:
            got = self._draw_cards(p, 1)
            if got:
                self.drawn, self.phase = got[0], DRAWN
            else:
                self.turn = (p + self.direction) % self.game.players
        self.idle = 0 if got else self.idle + 1
        self.last_player, self._call = p, ""
        if self.idle >= self.game.players:
            self._end_hand(None)  # nobody can play and there is nothing left to draw

    def _pass(self, p: int) -> None:
        self.phase, self.drawn = PLAY, -1
        self.turn = (p + self.direction) % self.game.players
        self.last_player, self._call = p, ""

    def _draw_cards(self, p: int, k: int) -> list[int]:
        """Draw k cards for p, turning the Playpile (all but its top) into a new Drawpile when needed."""
        hand = self.hands[p]
        if k == 1 and self.drawpile:  # the usual draw: one card from a Drawpile that has it
            card = self.drawpile.pop()
            hand[card] += 1
            self.sizes[p] += 1
            return [card]
        got: list[int] = []
        for _ in range(k):
            if not self.drawpile:
                if len(self.pile) <= 1:
                    break
                self.drawpile = self.pile[:-1]
                self.pile, self.pile_as = self.pile[-1:], self.pile_as[-1:]
                self.rng.shuffle(self.drawpile)
            card = self.drawpile.pop()
            hand[card] += 1
            got.append(card)
        self.sizes[p] += len(got)
        return got

    def _end_hand(self, winner: int | None) -> None:
        points = self.game.points
        scored = [sum(map(mul, points, hand)) for hand in self.hands]
        if winner is None:  # blocked hand: fewest points wins, ties to the first from the dealer's left
            order = [(self.dealer + i) % self.game.players for i in range(1, self.game.players + 1)]
            winner = min(order, key=lambda q: scored[q])
        self.totals = [t + s for t, s in zip(self.totals, scored)]
        self.history.append(scored)
        self.hand_winner = winner
        hands, target = self.game.options["hands"], self.game.options["target"]
        if (hands is not None and len(self.history) >= hands) or (target is not None and max(self.totals) >= target):
            self.phase, self.turn, self.matchable = OVER, -1, False
            return
        self.dealer = winner  # the winner deals the next hand
        self.hand_no += 1
        self.deal()

    def _on_timeout(self) -> None:
        if self.phase != OUT:
            raise IllegalAction("someone must act here: the turn player has to play or draw")
        self._end_hand(self.owner)  # nobody matched the last card: its player wins the hand

    # -- late submissions ---------------------------------------------------------------------------
    def resolve_late(self, player: int, action: Any, seen: int) -> Outcome:
        """A play or draw sent before other submissions landed.

        If it is still legal (a match that now lands on a match, a turn that is
        still yours) it takes effect: the rules do not care when you saw the
        card. Otherwise the cards go back to the hand (BOUNCED). Cards you do not
        hold cannot be resolved at all.
        """
        is_play = type(action) is Play
        if is_play:
            hand = self.hands[player]
            if hand[action.card] < action.real or hand[CHAMELEON] < action.chameleons:
                raise IllegalAction(f"player {player} does not hold the cards of {action}")
        if player != self.turn:  # the usual late case, decided without listing: out of turn only matches land
            if is_play and self._may_match_with(action):
                return self._apply(player, action) or APPLIED
            return BOUNCED
        bare = action
        if is_play and action.call is not None:
            bare = self.game.with_call(action, None)
        if bare in self._bare_legal(player):
            return self._apply(player, action) or APPLIED
        return BOUNCED

    def _may_match_with(self, play: Play) -> bool:
        """Is `play` (cards its player holds) among `_match_plays` of that hand? What that list holds, as a test."""
        if not self.matchable or play.card != self.pile_as[-1] or self.phase not in (PLAY, OUT):
            return False
        if self.pile[-1] == CHAMELEON:
            return True  # on a Chameleon: any mix of identical cards and Chameleons
        # a Chameleon rides only beside a matching card, and never once someone has gone out
        return play.real > 0 and not (play.chameleons and self.phase == OUT)

    def explain_illegal(self, player: int, action: Any) -> str:
        if self.phase == OVER:
            return "the game is over"
        if not isinstance(action, (Play, Draw, Pass)):
            return f"{action!r} is not a ZAR action"
        if isinstance(action, Pass):
            return "pass: only after drawing a card on your turn"
        in_turn = self.phase in (PLAY, DRAWN) and player == self.turn
        if isinstance(action, Draw):
            if not in_turn or self.phase == DRAWN:
                return "draw: only the turn player draws, once, when they cannot play"
            return "draw: you may draw only when you cannot play"
        hand = self.hands[player]
        if hand[action.card] < action.real or hand[CHAMELEON] < action.chameleons:
            return f"{action.cards_text()}: you do not hold those cards"
        if self.phase == DRAWN:
            return "after drawing you may only play the card you drew, or pass"
        top = self.pile_as[-1]
        if action.card == top and self.matchable:
            if action.chameleons and self.pile[-1] != CHAMELEON and (self.phase == OUT or action.real == 0):
                return "a Chameleon is played only in turn, except to match a Chameleon (or beside a matching card)"
            if action.call is not None:
                return f"call {action.spoken()!r}: say the right call ({self._call_for(player, action).words()!r})"
        if not in_turn:
            return f"it is player {self.turn}'s turn; out of turn you may only match {KINDS[top].name}"
        if action.real == 0 and action.card != top:
            return "Chameleons alone become the card on top; use the card on top as their identity"
        if self.stack:
            return f"a pending Wasp draw of {self.stack} is answered only by a Wasp (or a Chameleon), or by drawing"
        if not self._follows(action.card):
            return f"{KINDS[action.card].name} follows neither the colour nor the symbol on top"
        return f"{action} is not legal for player {player} now"

    # -- outcome ----------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        return [float(t) for t in self.totals]

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        best = min(self.totals)
        return [p for p, t in enumerate(self.totals) if t == best]

    def round(self) -> int:
        return self.hand_no

    def round_scores(self) -> list[list[float]]:
        return [[float(s) for s in hand] for hand in self.history]

    # -- views ------------------------------------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        top = self.pile_as[-1]
        obs: dict[str, Any] = {
            "seat": player,
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "phase": self.phase,
            "turn": self.turn,
            "direction": self.direction,
            "hand_sizes": list(self.sizes),
            "top": KINDS[self.pile[-1]].name,
            "top_as": KINDS[top].name,
            "declared": declaration_name(top, self.declared) or None,
            "playpile": [KINDS[k].name for k in self.pile],
            "drawpile_size": len(self.drawpile),
            "matchable": self.matchable,
            "group": {"owner": self.owner, "count": self.count, "run": self.run},
            "stack": self.stack,
            "last_player": self.last_player,
            "last_call": self.last_call,
            "totals": list(self.totals),
            "hand_scores": [list(h) for h in self.history],
            "hand_winner": self.hand_winner,
            "penalties": list(self.penalties),
        }
        if player is not None:
            obs["hand"] = {KINDS[k].name: c for k, c in enumerate(self.hands[player]) if c}
            if self.phase == DRAWN and player == self.turn:
                obs["drawn"] = KINDS[self.drawn].name
        return obs

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.game.describe(),
            "version": self.version,
            "rng": self.rng.state,
            "hands": [list(h) for h in self.hands],
            "drawpile": list(self.drawpile),
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
            "last_player": self.last_player,
            "last_call": self.last_call,
            "penalties": list(self.penalties),
        }

    def clone(self) -> ZarState:
        twin = ZarState.__new__(ZarState)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.clone()
        twin.hands = [list(h) for h in self.hands]
        twin.sizes = list(self.sizes)
        twin.drawpile = list(self.drawpile)
        twin.pile = list(self.pile)
        twin.pile_as = list(self.pile_as)
        twin.totals = list(self.totals)
        twin.history = [list(h) for h in self.history]
        twin.penalties = list(self.penalties)
        return twin

    def _resample_hidden(self, player: int, rng: Rng) -> ZarState:
        """Re-deal the other hands and the Drawpile from the cards `player` cannot see."""
        twin = self.clone()
        others = [q for q in range(self.game.players) if q != player]
        pool = list(self.drawpile)
        for q in others:
            pool += cards_in(self.hands[q])
        rng.shuffle(pool)
        for q in others:
            hand = [0] * NUM_KINDS
            for _ in range(self.sizes[q]):
                hand[pool.pop()] += 1
            twin.hands[q] = hand
        twin.drawpile = pool
        if self.phase == DRAWN and self.turn != player:
            twin.drawn = rng.choice(cards_in(twin.hands[self.turn]))  # which card was drawn is hidden too
        return twin
