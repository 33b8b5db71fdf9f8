"""Zoop's state: who acts, the rules that move it on, the outcome and the views (docs/rules/zoop.md).

`turn` is always the seat that must act next (the turn player, the player
answering a Special Round, or the player owing a free discard); `phase` says
what that seat may do. Out of turn, other seats may ZOOP! (the exact same card
as the top card) or Cage a Special Animal just played: those are the race
moments, so `actors()` lists them too, and a submission that lands late is
settled by `resolve_late` with the rulebook's penalties. Those out-of-turn rules are in races.py, the Wild
Card, Special Round and free discard in specials.py, the tables they read in rules.py.

Hands are lists (their order shows in `to_dict`) mirrored by bit masks of card
kinds (`masks`) and by a count of each kind over all hands (`in_hands`): the
questions asked at every moment - who may ZOOP! or Cage, what may be played,
can anybody follow - are a few integer ANDs whatever the table's size.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zdeck import statedict as sd
from zdeck.bits import cut
from zdeck.core import Action, IllegalAction, Outcome, State, shorten
from zdeck.decks.zoop.actions import DRAW, PASS, Cage, Discard, Draw, Pass, Play, PlayWild, Zoop
from zdeck.decks.zoop.cards import BASIC_ANIMALS, take_flagged, tally, unseen_kinds
from zdeck.decks.zoop.phases import (
    BLOCKED,
    DISCARD,
    DRAWN,
    EMPTIED,
    OVER,
    OWED,
    PASSES,
    PHASES,
    PLAY,
    REASONS,
    ROUND_END,
    SPECIAL,
)
from zdeck.decks.zoop.races import (
    cage_actions,
    capture,
    explain_cage,
    explain_zoop,
    late_cage,
    late_zoop,
    may_cage,
    someone_may_zoop,
    zoop,
    zoop_actions,
    zoop_want,
)
from zdeck.decks.zoop.reachable import check, misfit
from zdeck.decks.zoop.rules import direction_after
from zdeck.decks.zoop.specials import (
    discard,
    discard_mask,
    discard_wilds,
    explain_wild,
    next_responder,
    start_discard,
    wild,
    wild_actions,
)
from zdeck.rng import Rng, Unsettled, pop_settled, settle

if TYPE_CHECKING:
    from zdeck.decks.zoop.game import ZoopGame

class ZoopState(State):
    # Its fields, named: the rules read them at every step, and an instance dict past 29 fields makes each read
    # slower (CPython shares a dict's keys with the class up to 30 keys; ZAR and Zoop have 30 fields).
    __slots__ = (
        "cage", "declared", "direction", "draw", "drawn", "drew_on", "end", "game", "hands", "in_hands",
        "last", "masks", "match", "out_of_turn_at", "owed", "phase", "pile", "placer", "queue", "reason",
        "resume", "resume_owed", "rng", "rules", "starter", "top_since", "turn", "unsettled", "version", "winner",
    )

    # `game` as Zoop's own class: the kernel types `game` as Game, and mypyc keeps it so. An attribute,
    # set beside `game`, not a property: the rules read it at every step.
    rules: ZoopGame

    def __init__(self, game: ZoopGame, rng: Rng) -> None:
        self.game = self.rules = game
        self.rng = rng
        self.version = 0
        n = game.players
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.masks: list[int] = [0] * n  # masks[p]: bit k set while hands[p] holds a card of kind k
        self.in_hands: list[int] = [0] * len(game.deck.kinds)  # in_hands[k]: cards of kind k in all hands
        # drew_on[p]: the card to match when p last drew in turn, for want of a match (rule 2), while p has
        # gained no card since; p's hand then holds no card matching it (but a drawn one p must now play).
        self.drew_on: list[int] = [-1] * n
        self.draw: list[int] = []  # face down; the end of the list is the top
        # The draw pile's Fisher-Yates steps still put off (Rng.shuffle_lazily): a game draws only its top cards.
        self.unsettled = Unsettled(0, 0)
        self.pile: list[int] = []  # face up; the end is the top card
        self.match = -1  # the animal card to match (the top card, or the captured animal under a Cage)
        self.placer = -1  # who put the top card there (-1: turned up at setup)
        self.top_since = 0  # first version at which the top card was visible (late ZOOPs compare with it)
        self.out_of_turn_at = 0  # first version after the last ZOOP! or Cage landed (0: none yet)
        self.turn = 0
        self.direction = 1
        self.phase = PLAY
        self.owed = 0  # cards the turn player draws before playing (Monkeys, Kangaroo)
        self.drawn = -1  # the card just drawn, in phase DRAWN
        self.declared: str | None = None  # the Special Round's animal
        self.starter = -1  # who started the Special Round
        self.queue: list[int] = []  # who still answers the Special Round after `turn`
        self.reason: str | None = None  # why the free discard is owed
        self.resume = -1  # whose turn follows the free discard
        self.resume_owed = 0
        # Cage window: (player of the Special Animal just played, direction before it, version it appeared).
        self.cage: tuple[int, int, int] | None = None
        self.winner = -1
        self.end: str | None = None
        self.last: tuple[int, Action] | None = None  # the last action taken, and by whom

    @classmethod
    def deal(cls, game: ZoopGame, rng: Rng) -> ZoopState:
        """Setup (rule 1): hands dealt one card at a time, then the first face-up card, then the starting player."""
        s = cls(game, rng)
        d = game.deck
        s.draw = draw = d.full()
        steps = rng.shuffle_lazily(draw)
        n = game.players
        dealt = n * d.hand_size(n)
        # One card at a time round the table from the top of the pile (the end of the list):
        # the j-th card off the top goes to seat j % n.
        settle(draw, steps, len(draw) - dealt)
        off_top = draw[: -dealt - 1 : -1]
        del draw[-dealt:]
        s.hands = [off_top[p::n] for p in range(n)]
        s._remask()
        # The first face-up card may not be a Wild Card or a Cage: it goes back and the pile is reshuffled.
        settle(draw, steps, len(draw) - 1)
        while not d.is_animal[draw[-1]]:
            settle(draw, steps)
            steps = rng.shuffle_lazily(draw)
            settle(draw, steps, len(draw) - 1)
        first = pop_settled(draw, steps)
        s.unsettled = steps
        s.pile.append(first)
        s.match = first  # a Special Animal turned up here has no effect
        start = game.options["first_player"]
        s._begin_turn(rng.below(game.players) if start is None else start, 0)
        return s

    def _remask(self) -> None:
        """Rebuild `masks` and `in_hands` from the hands."""
        self.masks, self.in_hands = tally(self.hands, self.rules.bit)

    # -- who acts ---------------------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        if self.in_hands[self.pile[-1]] or self.cage is not None or self.rules.strict:  # (as in `moves`)
            return tuple(self._acting_seats(zoop_want(self)))
        return (self.turn,)

    def moves(self) -> list[tuple[int, list[Action]]]:
        """`[(p, self.legal_actions(p)) for p in self.actors()]`, asked by the simulator at every moment: nearly
        always the turn player alone may act, which `_zoop_want` and `in_hands` tell in a few look-ups."""
        if self.phase == OVER:
            return []
        # Most moments nobody else holds the top card, and no Cage waits: only the turn player acts (1.3% of a
        # random game is saved by not asking _zoop_want then).
        if self.in_hands[self.pile[-1]] or self.cage is not None or self.rules.strict:
            want = zoop_want(self)
            if (want and someone_may_zoop(self, want)) or (self.cage is not None and self.in_hands[self.rules.deck.cage]):
                return self._race_moves(want)
        return [(self.turn, self._turn_actions(self.turn))]

    def _race_moves(self, want: int) -> list[tuple[int, list[Action]]]:
        """`moves()` when someone may ZOOP! or Cage: each acting seat (as `_acting_seats` finds them) with its
        legal actions, in one pass over the masks - a race asks every seat, and this pass instead of
        `legal_actions` per seat saves 10% of an 8-seat random game."""
        g, cage = self.rules, self.cage
        cage_bit = 0 if cage is None else g.cage_bit
        barred = -1 if cage is None or g.own_cage else cage[0]
        penalties = g.strict and bool(self.draw)
        called_zoop = g.rows.zoop[self.pile[-1]]  # without penalties, the one ZOOP! anyone may make
        turn, placer = self.turn, self.placer
        moment: list[tuple[int, list[Action]]] = []
        for p, m in enumerate(self.masks):
            may_cage = m & cage_bit and p != barred
            if p == turn:
                acts = self._turn_actions(p)
            elif m & want and p != placer:
                acts = zoop_actions(self, p) if penalties else [called_zoop]
            elif may_cage:
                acts = []
            else:
                continue
            if may_cage:
                acts += cage_actions(self)
            moment.append((p, acts))
        return moment

    def legal_actions(self, player: int) -> list[Action]:
        if self.phase == OVER or not 0 <= player < self.game.players:
            return []
        acts = self._turn_actions(player) if player == self.turn else zoop_actions(self, player)
        if may_cage(self, player):
            acts += cage_actions(self)
        return acts

    def _acting_seats(self, want: int) -> list[int]:
        """The turn player, whoever may ZOOP! (holds a kind of `want` and did not put the top card down), and
        whoever may Cage, in seat order."""
        g, cage = self.rules, self.cage
        cage_bit = 0 if cage is None else g.cage_bit
        barred = -1 if cage is None or g.own_cage else cage[0]  # own_cage="others": not the captured player
        turn, placer = self.turn, self.placer
        return [
            p for p, m in enumerate(self.masks)
            if p == turn or (m & want and p != placer) or (m & cage_bit and p != barred)
        ]

    def _turn_actions(self, p: int) -> list[Action]:
        """The actions of the seat in `turn`, by phase."""
        g, m, phase = self.rules, self.masks[p], self.phase
        if phase == PLAY:
            acts = list(g.rows.plays[m & g.deck.match_mask[self.match]])
            wilds = wild_actions(self, p) if m & g.wild_bit else []
            if acts:
                return acts + wilds
            # Rule 2: who cannot match draws one card (a Wild Card is a choice, not an obligation); with the
            # draw pile empty, a Wild Card is the only play left, and without one the turn is lost.
            return wilds + [DRAW] if self.draw else wilds or [PASS]
        if phase == SPECIAL:
            acts = list(g.rows.plays[m & g.deck.mask_of_animal[self.declared]])  # type: ignore[index]
            return acts or ([DRAW] if self.draw else [PASS])  # rule 5: draw one and miss the turn
        if phase == DISCARD:  # a free discard may be declined: `pass`
            return [*g.rows.discards(discard_mask(self, p)), *discard_wilds(self, p), PASS]
        if phase == DRAWN:  # a drawn Wild Card may be kept (`pass`), a drawn animal card is played
            return [*wild_actions(self, p), PASS] if self.drawn == g.deck.wild else [g.rows.play[self.drawn]]
        if phase == OWED:
            return [DRAW]
        return []

    def explain_illegal(self, player: int, action: Action) -> str:
        if self.phase == OVER:
            return "the game is over"
        if not self._known(action):
            return f"{shorten(action)} is not an action of this game"
        if isinstance(action, Zoop):
            return explain_zoop(self, player, action)
        if isinstance(action, Cage):
            return explain_cage(self, player)
        if player != self.turn:
            return f"it is player {self.turn}'s move ({self.phase}); out of turn one may only ZOOP! or Cage"
        if isinstance(action, (Play, Discard)) and not self.masks[player] >> action.card.kind & 1:
            return f"player {player} does not hold {action.card}"
        return self._explain_turn(player, action)

    def _explain_turn(self, p: int, action: Action) -> str:
        d = self.rules.deck
        if self.phase == OWED:
            return "Monkeys/Kangaroo: the turn starts by drawing one card (rule 4)"
        if self.phase == DISCARD:
            if isinstance(action, (Discard, PlayWild)) and self.reason == ROUND_END and self.rules.held_rule:
                return f"the Special Round ends with a card of its animal ({self.declared}), or none"
            if isinstance(action, PlayWild):
                return explain_wild(self, p, action)
            return f"a free discard is yours ({self.reason}): discard a card, or pass"
        if isinstance(action, Discard):
            return "a free discard only follows Everyone passes, a capture or a Special Round"
        if self.phase == DRAWN:
            return f"after drawing, only the drawn card ({d.kinds[self.drawn]}) may be played (rule 2)"
        if isinstance(action, PlayWild):
            return explain_wild(self, p, action)
        if isinstance(action, Play):
            if self.phase == SPECIAL:
                return f"in the Special Round only a {self.declared} card may be played (rule 5)"
            return f"{action.card} does not share 2 of the 3 characteristics with {d.kinds[self.match]} (rule 2)"
        if isinstance(action, Draw):
            if any(isinstance(a, Play) for a in self._turn_actions(p)):
                return "you can play a card, so you may not draw (rule 2)"
            return "the draw pile is empty: there is nothing to draw"
        if isinstance(action, Pass):
            return "you may only pass when you cannot play and the draw pile is empty (rule 2)"
        return f"{action} is not legal now; legal: {', '.join(map(str, self._turn_actions(p)))}"

    def _known(self, action: Action) -> bool:
        if id(action) in self.rules.table_ids:  # one of the table's own objects (what bots send)
            return True
        try:
            self.game.action_id(action)
        except ValueError:
            return False
        return True

    # -- transitions ------------------------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> Outcome | None:
        kind = type(action)  # (compared with `is`, not isinstance: 2.5% of a random game; the table's classes are final)
        if kind is Zoop or kind is Cage:
            outcome = (zoop if kind is Zoop else capture)(self, player, action)  # type: ignore[arg-type]
            if outcome is not Outcome.PENALISED:  # a penalised card stays its owner's: `last` names it not
                self.last = (player, action)
            return outcome
        self.last = (player, action)
        self.cage = None  # any other move ends the moment a Cage could capture
        if kind is Play:
            self._play(player, action.card.kind)  # type: ignore[attr-defined]
        elif kind is Draw:
            self._draw(player)
        elif kind is Discard:
            discard(self, player, action.card.kind)  # type: ignore[attr-defined]
        elif kind is PlayWild:
            wild(self, player, action.animal)  # type: ignore[attr-defined]
        else:
            self._pass(player)
        return None

    def _play(self, p: int, k: int) -> None:
        """A card played in turn, in a Special Round, or just drawn (rule 2); then its effect (rule 4), and
        Everyone passes (rule 2.2) or the next turn."""
        self._place(p, k)
        self.drawn = -1
        if not self.hands[p]:
            self._win(p)
            return
        if self.phase == SPECIAL:
            next_responder(self)
            return
        skip, owed, follows, capturable, reverses = self.rules.effects[k]
        if capturable:
            self.cage = (p, self.direction, self.top_since)
            self.direction = direction_after(self.direction, reverses)
        after = (p + skip * self.direction) % self.game.players
        if self._nobody_else_holds(p, follows):
            start_discard(self, p, PASSES, after, owed)
        else:
            self._next_turn(after, owed)

    def _draw(self, p: int) -> None:
        """Rule 2 (draw one and play it if possible), rule 4 (Monkeys, Kangaroo), rule 5 (a Special Round's miss)."""
        k = pop_settled(self.draw, self.unsettled)
        self._give(p, k)
        g = self.rules
        if self.phase == OWED:
            self._next_turn(p, 0)  # the owed card is drawn: now the turn is played
        elif self.phase == SPECIAL:
            next_responder(self)  # the card drawn in a Special Round is not played
        else:
            self.drew_on[p] = self.match  # drawn for want of a match: the table knows p's hand holds none
            if g.deck.match_mask[self.match] >> k & 1 or (k == g.deck.wild and wild_actions(self, p)):
                self.phase = DRAWN  # (a Wild Card is playable with a basic animal to declare)
                self.drawn = k
            else:
                self._next_turn((p + self.direction) % g.players, 0)

    def _pass(self, p: int) -> None:
        """The turn goes by: nothing to play nor to draw, a drawn Wild Card kept, or a free discard declined."""
        if self.phase == SPECIAL:
            next_responder(self)
        elif self.phase == DISCARD:
            self._begin_turn(self.resume, self.resume_owed)  # the card to match stays as it is
        elif self.phase == DRAWN:
            self.drawn = -1
            self._next_turn((p + self.direction) % self.game.players, 0)
        else:
            self._begin_turn((p + self.direction) % self.game.players, 0)

    def _give(self, p: int, k: int) -> None:
        self.hands[p].append(k)
        self.drew_on[p] = -1  # a card the table did not see come: it may match
        # (Each item written back, not `+=`: mypyc makes an item's augmented assignment a generic Python operation.)
        masks, in_hands = self.masks, self.in_hands
        masks[p] = masks[p] | self.rules.bit[k]
        in_hands[k] = in_hands[k] + 1

    def _draw_one(self, p: int) -> None:
        if self.draw:
            self._give(p, pop_settled(self.draw, self.unsettled))

    def _place(self, p: int, k: int) -> None:
        """Card k goes from p's hand onto the pile."""
        hand = self.hands[p]
        hand.remove(k)
        if k not in hand:
            masks = self.masks
            masks[p] = masks[p] ^ self.rules.bit[k]  # (not `^=`: see `_give`)
        in_hands = self.in_hands
        in_hands[k] = in_hands[k] - 1
        self.pile.append(k)
        self.placer = p
        self.top_since = self.version + 1
        if self.rules.deck.is_animal[k]:
            self.match = k

    def _nobody_else_holds(self, p: int, kinds: int) -> bool:
        """Rule 2.2: no seat but p holds a card of `kinds` (the cards that may follow)."""
        for q, m in enumerate(self.masks):  # (a loop: asked after every card played)
            if m & kinds and q != p:
                return False
        return True

    def _begin_turn(self, p: int, owed: int) -> None:
        """A new turn after a Special Round or a free discard: their fields are cleared."""
        self.drawn, self.reason, self.resume, self.resume_owed = -1, None, -1, 0
        self.declared, self.starter, self.queue = None, -1, []
        self._next_turn(p, owed)

    def _next_turn(self, p: int, owed: int) -> None:
        """p has the turn, first drawing `owed` cards while there are any; on an empty pile the game may be blocked."""
        self.turn = p
        if owed and self.draw:
            self.phase, self.owed = OWED, owed
        else:
            self.phase, self.owed = PLAY, 0
            if not self.draw:
                self._check_blocked()

    def _win(self, p: int) -> None:
        """Rule 6.1: the first to empty their hand wins at once."""
        self.winner, self.end, self.phase, self.cage = p, EMPTIED, OVER, None
        self.reason, self.resume, self.resume_owed, self.owed, self.drawn = None, -1, 0, 0, -1

    def _can_play(self, p: int) -> bool:
        return bool(self.masks[p] & self.rules.deck.match_mask[self.match]) or bool(wild_actions(self, p))

    def _check_blocked(self) -> None:
        """Rule 6.2: the draw pile is empty and nobody can play any more: fewest cards, then fewest special cards.
        (Callers test `self.draw` first: while cards remain to draw the game cannot be blocked.)"""
        n = self.game.players
        if self.draw or any(self._can_play(q) or may_cage(self, q) for q in range(n)):
            return
        d = self.rules.deck
        fewest = min(len(h) for h in self.hands)
        tied = [q for q in range(n) if len(self.hands[q]) == fewest]
        special = {q: sum(d.is_special_card[k] for k in self.hands[q]) for q in tied}
        least = min(special.values())
        tied = [q for q in tied if special[q] == least]
        # "The first to yell Zoop!!!" wins the last tie: a seeded draw stands in for the shout.
        self.winner = tied[0] if len(tied) == 1 else self.rng.choice(tied)
        self.end, self.phase, self.cage = BLOCKED, OVER, None

    def resolve_late(self, player: int, action: Action, seen: int) -> Outcome:
        if self.phase == OVER:
            raise IllegalAction(f"{action} comes too late: the game is over")
        if not self._known(action):
            raise IllegalAction(f"{shorten(action)} is not an action of this game")
        if isinstance(action, Zoop):
            return late_zoop(self, player, action, seen)
        if isinstance(action, Cage):
            return late_cage(self, player, action, seen)
        # A move in turn: it stands if it is still legal (the turn is still the sender's), else it bounces.
        if isinstance(action, (Play, Discard)) and not self.masks[player] >> action.card.kind & 1:
            raise IllegalAction(f"player {player} does not hold {action.card}")
        if player == self.turn and self.is_legal(player, action):
            return self._apply(player, action) or Outcome.APPLIED
        return Outcome.BOUNCED

    # -- outcome ----------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        """The rulebook keeps no points: 1 for the winner, 0 for everyone else."""
        return [1.0 if p == self.winner else 0.0 for p in range(self.game.players)]

    def winners(self) -> list[int]:
        return [self.winner] if self.phase == OVER else []

    # -- views ------------------------------------------------------------------------------------
    def phase_name(self) -> str:
        return self.phase

    def turn_seat(self) -> int | None:
        return None if self.phase == OVER else self.turn

    def hand_texts(self, player: int) -> list[str]:
        text = self.rules.deck.texts
        return sorted(text[k] for k in self.hands[player])

    def hand_sizes(self) -> list[int]:
        return [len(h) for h in self.hands]

    def own_view(self, player: int | None) -> dict[str, Any]:
        """Zoop's own keys (docs/observations/zoop.md)."""
        text = self.rules.deck.texts
        last = self.last
        return {
            "top": text[self.pile[-1]],
            "pile": [text[k] for k in self.pile],
            "draw_size": len(self.draw),
            "direction": self.direction,
            "last": None if last is None else {"seat": last[0], "action": str(last[1])},
            "match": text[self.match],
            "placer": None if self.placer < 0 else self.placer,
            "owed": self.owed,
            "drawn": text[self.drawn] if self.drawn >= 0 and player == self.turn else None,
            "declared": self.declared,
            "starter": None if self.starter < 0 else self.starter,
            "still_to_answer": list(self.queue),
            "discard_reason": self.reason,
            "capturable": None if self.cage is None else {"player": self.cage[0], "card": text[self.match]},
            "end": self.end,
        }

    def to_dict(self) -> dict[str, Any]:
        text = self.rules.deck.texts
        settle(self.draw, self.unsettled)
        return {
            **self.game.describe(),
            "version": self.version,
            "rng": self.rng.state,
            "hands": [[text[k] for k in h] for h in self.hands],
            "draw": [text[k] for k in self.draw],
            "pile": [text[k] for k in self.pile],
            "match": text[self.match],
            "placer": self.placer,
            "top_since": self.top_since,
            "out_of_turn_at": self.out_of_turn_at,
            "turn": self.turn,
            "direction": self.direction,
            "phase": self.phase,
            "owed": self.owed,
            "drawn": None if self.drawn < 0 else text[self.drawn],
            "drew_on": [None if k < 0 else text[k] for k in self.drew_on],
            "declared": self.declared,
            "starter": self.starter,
            "queue": list(self.queue),
            "reason": self.reason,
            "resume": self.resume,
            "resume_owed": self.resume_owed,
            "cage": None if self.cage is None else list(self.cage),
            "winner": self.winner,
            "end": self.end,
            "last": None if self.last is None else [self.last[0], str(self.last[1])],
        }

    def _twin(self) -> ZoopState:
        """A copy sharing every value with this state, for `clone` and `_resample_hidden` to replace what
        they change: written out, since a compiled class has no `__dict__` to copy."""
        twin = ZoopState.__new__(ZoopState)
        twin.cage = self.cage
        twin.declared = self.declared
        twin.direction = self.direction
        twin.draw = self.draw
        twin.drawn = self.drawn
        twin.drew_on = self.drew_on
        twin.end = self.end
        twin.game, twin.rules = self.game, self.rules
        twin.hands = self.hands
        twin.in_hands = self.in_hands
        twin.last = self.last
        twin.masks = self.masks
        twin.match = self.match
        twin.out_of_turn_at = self.out_of_turn_at
        twin.owed = self.owed
        twin.phase = self.phase
        twin.pile = self.pile
        twin.placer = self.placer
        twin.queue = self.queue
        twin.reason = self.reason
        twin.resume = self.resume
        twin.resume_owed = self.resume_owed
        twin.rng = self.rng
        twin.starter = self.starter
        twin.top_since = self.top_since
        twin.turn = self.turn
        twin.unsettled = self.unsettled
        twin.version = self.version
        twin.winner = self.winner
        return twin

    def clone(self) -> ZoopState:
        twin = self._twin()
        twin.rng = self.rng.clone()
        twin.hands = [h[:] for h in self.hands]
        twin.masks = self.masks[:]
        twin.in_hands = self.in_hands[:]
        twin.drew_on = self.drew_on[:]
        twin.draw = self.draw[:]
        twin.unsettled = self.unsettled.copy()
        twin.pile = self.pile[:]
        twin.queue = self.queue[:]
        return twin

    def _resample_hidden(self, player: int, rng: Rng) -> ZoopState:
        """Others' hands and the draw pile re-dealt, as a dealer would: the cards `player` cannot see, in a fixed
        order (sorted: the real draw pile's order, settled or not, must not show through), dealt with `rng` - the
        hands' cards drawn to the top at random (`Rng.sample_to_top`), the rest the new draw pile, shuffled lazily
        as a deal shuffles it. A card another seat has just drawn and must now play stays in their hand. A seat
        that drew for want of a match and has gained no card since (`drew_on`) is dealt no card matching what it
        drew on (`_deal_barred`). The copy's generator is spawned from `rng`. Every re-dealt hand keeps what the
        table shows of it (`reachable.misfit`: the barred cards, and a card to discard or a basic animal to
        declare for the hand in turn when its phase says so): a deal that breaks it, which the barring's seat
        order rarely leaves, is drawn again (the true one keeps it)."""
        while True:
            twin = self._redeal(player, rng)
            if twin is not None:
                return twin

    def _redeal(self, player: int, rng: Rng) -> ZoopState | None:
        """One deal of `_resample_hidden`, or None if a hand it dealt breaks what the table shows of it."""
        pinned = self.turn if self.phase == DRAWN and self.turn != player else -1
        # What `player` cannot see, lowest first; a card `pinned`'s seat has just drawn stays in their hand.
        pool = unseen_kinds(self.rules.deck, self.draw, self.hands, player, self.pile, self.drawn if pinned >= 0 else -1)
        barred = self._deal_barred(player, pinned, pool, rng)
        # The other hands' cards drawn to the top (one draw serves a dozen cards), dealt off it seat by seat. The
        # cards left below are in an order of `rng`'s making: the draw pile's shuffle below makes any order uniform.
        rng.sample_to_top(pool, len(pool) - len(self.draw))
        hands, top = [], len(pool)
        for q, hand in enumerate(self.hands):
            fixed = hand[:] if q == player else None if barred is None else barred[q]
            if fixed is None:
                size = len(hand) - (q == pinned)
                fixed = pool[top - size:top]
                top -= size
            if q == pinned:
                fixed.append(self.drawn)
            hands.append(fixed)
        cut(pool, top)
        twin = self._twin()
        twin.hands, twin.draw, twin.unsettled = hands, pool, rng.shuffle_lazily(pool)
        twin.drew_on = self.drew_on[:]
        twin._remask()
        twin.pile = self.pile[:]
        twin.queue = self.queue[:]
        twin.rng = rng.spawn()  # its future draws and tie-break owe nothing to the real game's generator
        # `misfit` asked only of the hands it can fail: a seat that drew for want of a match, unless `take_flagged`
        # dealt its hand (none of it matches) and it holds no card just drawn, and the seat in turn while a free
        # discard is owed or a drawn Wild Card waits.
        turn = self.turn if self.phase == DISCARD or self.phase == DRAWN else -1
        for q, on in enumerate(self.drew_on):
            if (q != player and (q == turn or on >= 0 and (barred is None or barred[q] is None or q == pinned))
                    and misfit(twin, q) is not None):
                return None
        return twin

    def _deal_barred(self, player: int, pinned: int, pool: list[int], rng: Rng) -> list[list[int] | None] | None:
        """The hands of the other seats that drew on a card (`drew_on`), each drawn uniformly from the cards
        of `pool` that do not match it and taken out of `pool` (`take_flagged`; `pinned`'s card just drawn is
        not among them); None for every other seat, or None alone if no other seat drew so. Seats are served in
        seat order, so where two such seats compete for the same cards a deal is near uniform, not exactly (a
        seat short of cards, which a rare earlier choice can leave, gets any cards instead)."""
        hands: list[list[int] | None] | None = None
        unmatched = self.rules.deck.unmatched
        for q, on in enumerate(self.drew_on):
            if on >= 0 and q != player:
                if hands is None:
                    hands = [None] * len(self.drew_on)
                hands[q] = take_flagged(pool, unmatched[on], len(self.hands[q]) - (q == pinned), rng)
        return hands


# -- reading a state back -----------------------------------------------------------------------------


def new_state(game: ZoopGame, seed: int) -> ZoopState:
    """A new game dealt from `Rng(seed)`."""
    return ZoopState.deal(game, Rng(seed))


def read_state(game: ZoopGame, data: dict[str, Any]) -> ZoopState:
    """The state `to_dict()` wrote: each field read and ranged here, then the one check of what play can reach
    (`reachable.check`); a ValueError names the field."""
    d, n = game.deck, game.players
    s = ZoopState(game, Rng.from_state(sd.field(data, "rng")))
    s.version = _int(data, "version", 0, max_version(game))
    s.hands = [[d.card(t) for t in sd.listed(h, "hands")] for h in sd.per_seat(sd.field(data, "hands"), n, "hands")]
    s._remask()
    s.draw = [d.card(t) for t in sd.listed(sd.field(data, "draw"), "draw")]
    s.pile = [d.card(t) for t in sd.listed(sd.field(data, "pile"), "pile")]
    s.match = d.card(sd.field(data, "match"))
    s.placer = _int(data, "placer", -1, n - 1)
    s.top_since = _int(data, "top_since", 0, s.version)
    s.out_of_turn_at = _int(data, "out_of_turn_at", 0, s.top_since)  # a later card raised top_since
    s.turn = _int(data, "turn", 0, n - 1)
    s.direction = _int(data, "direction", -1, 1)
    if s.direction == 0:
        raise ValueError("direction: must be 1 or -1")
    s.phase = sd.choice(sd.field(data, "phase"), "phase", PHASES)
    s.owed = _int(data, "owed", 0, 1)  # Monkeys and Kangaroos owe one card
    s.drawn = -1 if sd.field(data, "drawn") is None else d.card(data["drawn"])
    drew_on = data.get("drew_on")  # (a state saved before it existed has none: nothing is known)
    s.drew_on = [-1 if t is None else d.card(t) for t in ([None] * n if drew_on is None else sd.per_seat(drew_on, n, "drew_on"))]
    cage = sd.field(data, "cage")
    if cage is not None:  # [player, direction before, version]
        who, before, since = sd.listed(cage, "cage", length=3)
        if sd.integer(before, "cage direction", -1, 1) == 0:
            raise ValueError("cage direction: must be 1 or -1")
        s.cage = (sd.seat(who, n, "cage player"), before, sd.integer(since, "cage version", 0, s.version))
    s.declared = sd.choice(sd.field(data, "declared"), "declared", (None, *BASIC_ANIMALS))
    s.starter = _int(data, "starter", -1, n - 1)
    s.queue = [sd.seat(q, n, "queue") for q in sd.listed(sd.field(data, "queue"), "queue")]
    s.reason = sd.choice(sd.field(data, "reason"), "reason", (None, *REASONS))
    s.resume = _int(data, "resume", -1, n - 1)
    s.resume_owed = _int(data, "resume_owed", 0, 1)
    s.winner = _int(data, "winner", -1, n - 1)
    s.end = sd.choice(sd.field(data, "end"), "end", (None, EMPTIED, BLOCKED))
    s.last = _read_last(s, data.get("last"))  # (absent from states saved before it was kept)
    check(s)
    return s


def _read_last(s: ZoopState, value: Any) -> tuple[int, Action] | None:
    """The last action as `[seat, text]`; none before the first (or in a state saved before it was kept)."""
    if value is None:
        return None
    if s.version == 0:
        raise ValueError(f"last: {shorten(value)} but no action was taken yet (version 0)")
    seat, text = sd.listed(value, "last", length=2)
    sd.require(isinstance(text, str), f"last: the action is a text, not {shorten(text)}")
    return sd.seat(seat, s.game.players, "last"), s.game.parse_action(text)


def max_version(game: ZoopGame) -> int:
    """More versions than any game can have. Every card reaches the pile at most once and is drawn at most
    once (the pile never goes back); between two cards put down each seat passes at most once (on an empty
    draw pile a seat that can play must), and a free discard or a drawn Wild Card is declined at most once."""
    size, n = game.deck.size, game.players
    return size * (n + 4) + n


def _int(data: dict[str, Any], key: str, lo: int, hi: int | None = None) -> int:
    return sd.integer(sd.field(data, key), key, lo, hi)
