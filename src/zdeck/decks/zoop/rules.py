"""Zoop: the animal race (rules in the project's words: docs/rules/zoop.md).

Turn structure. `turn` is always the seat that must act next (the turn player,
the player answering a Special Round, or the player owing a free discard);
`phase` says what that seat may do. Out of turn, other seats may ZOOP (the
exact same card as the top card) or Cage a Special Animal just played; those
are the race moments, so `actors()` lists them too and late submissions are
settled by `resolve_late` with the rulebook's penalties.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from zdeck import statedict as sd
from zdeck.bits import indices
from zdeck.core import Action, Game, IllegalAction, Option, Outcome, State
from zdeck.decks.zoop.actions import CAGE, DRAW, PASS, SILENT_CAGE, Cage, Discard, Draw, Pass, Play, PlayWild, Zoop
from zdeck.decks.zoop.cards import (
    BASIC_ANIMALS,
    NEXT_DRAWS,
    NEXT_MISSES,
    NEXT_MISSES_THEN_DRAWS,
    REVERSE,
    Deck,
    load_deck,
)
from zdeck.rng import Rng, Unsettled, pop_settled, settle

# Phases of the seat in `turn`.
PLAY = "play"  # play a matching card or a Wild Card; else draw (or pass on an empty pile)
OWED = "owed"  # Monkeys/Kangaroo: draw one card at the start of the turn, then play
DRAWN = "drawn"  # the card just drawn can be played: play it
SPECIAL = "special"  # Special Round: play the declared animal, or draw one and miss the turn
DISCARD = "discard"  # free discard of any card, which becomes the card to match
OVER = "over"
PHASES = (PLAY, OWED, DRAWN, SPECIAL, DISCARD, OVER)
ZOOP_PHASES = (PLAY, OWED, DRAWN)  # a ZOOP! is possible only then (not in a Special Round, nor before a free discard)

# Why a free discard is owed.
PASSES = "everyone passes"
CAPTURE = "capture"
ROUND_END = "special round"
REASONS = (PASSES, CAPTURE, ROUND_END)

# Outcomes as module names: an Enum attribute lookup costs as much as a few lines of rules.
APPLIED, BOUNCED, PENALISED = Outcome.APPLIED, Outcome.BOUNCED, Outcome.PENALISED

EMPTIED = "emptied hand"
BLOCKED = "blocked"


class ZoopGame(Game):
    id = "zoop"
    title = "Zoop"
    summary = "Animal race: match 2 of 3 traits, ZOOP! identical cards out of turn, cage special animals."
    min_players = 3
    max_players = 8
    default_players = 4
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
        super().__init__(players, **options)
        self.deck: Deck = load_deck(self.options["colours"])
        self.strict: bool = self.options["calls"] == "strict"
        d = self.deck
        self.play_of = tuple(Play(c) for c in d.kinds)
        self.discard_of = tuple(Discard(c) for c in d.kinds)
        self.zoop_of = tuple(Zoop(c, True) for c in d.kinds)
        self.silent_zoop_of = tuple(Zoop(c, False) for c in d.kinds)
        self.wild_of = {a: PlayWild(a) for a in BASIC_ANIMALS}
        # Hot-path tables. The rules hand out only these prebuilt actions, so the kind a card action
        # carries is found by the object's identity (no dataclass hashing); other equal actions, built
        # elsewhere, fall back to the card lookup.
        self.kind_of: dict[int, int] = {
            id(a): k for row in (self.play_of, self.discard_of, self.zoop_of, self.silent_zoop_of) for k, a in enumerate(row)
        }
        self.basic_masks: tuple[int, ...] = tuple(d.mask_of_animal[a] for a in BASIC_ANIMALS)
        held_rule = self.options["wild_rule"] == "held"
        # wild_lists[i]: the Wild Card actions open to a hand holding the basic animals of bitset i
        # (bit j: BASIC_ANIMALS[j]); none without a basic animal, so a Wild Card is never the last card.
        self.wild_lists: tuple[tuple[PlayWild, ...], ...] = tuple(
            tuple(self.wild_of[a] for a in (held if held_rule else BASIC_ANIMALS)) if held else ()
            for held in ([a for j, a in enumerate(BASIC_ANIMALS) if i >> j & 1] for i in range(1 << len(BASIC_ANIMALS)))
        )
        self.wild_bit = 1 << d.wild
        self.cage_bit = 1 << d.cage
        # The deck's tables the hot path reads at every moment, one attribute away.
        self.is_animal = d.is_animal
        self.animal_mask = d.animal_mask
        self.mask_of_animal = d.mask_of_animal
        self.match_mask = d.match_mask
        self.held_rule = held_rule
        self.own_cage: bool = self.options["own_cage"] == "allowed"
        self.zoop_jumps: bool = self.options["zoop_turn"] == "jumps"
        self.crab_cancelled: bool = self.options["captured_crab"] == "cancelled"
        self.solo: tuple[tuple[int, ...], ...] = tuple((p,) for p in range(self.players))
        # What playing each kind does to the turn: seats to step, cards owed by the next to play.
        # play_effect[k]: what playing kind k does - seats to step, cards owed by the next to play, the kinds
        # that may follow it, whether a Cage may capture it, whether it reverses play.
        self.play_effect: tuple[tuple[int, int, int, bool, bool], ...] = tuple(
            (2 if e in (NEXT_MISSES, NEXT_MISSES_THEN_DRAWS) else 1, 1 if e in (NEXT_DRAWS, NEXT_MISSES_THEN_DRAWS) else 0,
             d.match_mask[k], d.is_special_animal[k], e == REVERSE)
            for k, e in enumerate(d.effect)
        )
        self.bit: tuple[int, ...] = tuple(1 << k for k in range(len(d.kinds)))
        # others[direction][p]: the other seats in playing order from p (a Special Round's answerers)
        n = self.players
        self.others = {step: tuple(tuple((p + i * step) % n for i in range(1, n)) for p in range(n)) for step in (1, -1)}
        self.plays_memo: dict[int, tuple[Action, ...]] = {}
        self.play_rows = _ByMask(self.play_of)
        self.discard_rows = _ByMask(self.discard_of)  # free discards: any animals in hand, too many subsets to memoise
        self.table_ids = frozenset(id(a) for a in self.action_table())

    def plays(self, mask: int) -> list[Action]:
        """`play` actions for the kinds in `mask`, ascending; memoised (hands repeat the same few thousand subsets)."""
        acts = self.plays_memo.get(mask)
        if acts is None:
            if len(self.plays_memo) > 16384:  # bounded: a long session cannot grow it without limit
                self.plays_memo.clear()
            acts = self.plays_memo[mask] = tuple(self.play_rows.pick(mask))
        return list(acts)

    def kind(self, action: Any) -> int:
        """The card kind a Play/Discard/Zoop action carries (-1: not a card of this deck)."""
        k = self.kind_of.get(id(action))
        return self.deck.index.get(action.card, -1) if k is None else k

    def player_range(self, options: dict[str, Any]) -> tuple[int, int]:
        """Every count up to the largest whose deal still leaves an animal card to turn face up."""
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

    def new_state(self, seed: int) -> ZoopState:
        return ZoopState.deal(self, Rng(seed))

    def read_state(self, data: dict[str, Any]) -> ZoopState:
        return ZoopState.from_dict(self, data)

    def action_table(self) -> Sequence[Action]:
        d = self.deck
        animals = [k for k in range(len(d.kinds)) if d.is_animal[k]]
        table: list[Action] = [DRAW, PASS]
        table += [self.play_of[k] for k in animals]
        table += list(self.wild_of.values())
        table += [self.discard_of[k] for k in animals]
        table += [self.zoop_of[k] for k in animals]
        table.append(CAGE)
        if self.strict:
            table += [self.silent_zoop_of[k] for k in animals]
            table.append(SILENT_CAGE)
        return table


class ZoopState(State):
    game: ZoopGame

    def __init__(self, game: ZoopGame, rng: Rng) -> None:
        self.game = game
        self.rng = rng
        self.version = 0
        n = game.players
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.masks: list[int] = [0] * n  # masks[p]: bit k set while hands[p] holds a card of kind k
        self.in_hands: list[int] = [0] * len(game.deck.kinds)  # in_hands[k]: cards of kind k in all hands
        self.draw: list[int] = []  # face down; the end of the list is the top
        # The draw pile's Fisher-Yates steps still put off (Rng.shuffle_lazily): a game draws only its top cards.
        self.unsettled = Unsettled(0, 0)
        self.pile: list[int] = []  # face up; the end is the top card
        self.match = -1  # the animal card to match (the top card, or the captured animal under a Cage)
        self.placer = -1  # who put the top card there (-1: turned up at setup)
        self.top_since = 0  # first version at which the top card was visible (late ZOOPs compare with it)
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

    # -- setup ------------------------------------------------------------------------------
    @classmethod
    def deal(cls, game: ZoopGame, rng: Rng) -> ZoopState:
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

    # -- who acts ---------------------------------------------------------------------------
    # Hands are lists (their order shows in to_dict) mirrored by `masks`, so the questions asked at
    # every step - who may ZOOP! or Cage, what may be played - are a few integer ANDs; and by
    # `in_hands`, so "may anyone ZOOP! the top card?" is one look-up whatever the table's size.
    def _remask(self) -> None:
        masks = []
        bit = self.game.bit
        in_hands = [0] * len(bit)
        for hand in self.hands:  # a plain loop: every deal pays for it
            m = 0
            for k in hand:
                m |= bit[k]
                in_hands[k] += 1
            masks.append(m)
        self.masks = masks
        self.in_hands = in_hands

    def actors(self) -> tuple[int, ...]:
        if self.phase is OVER:
            return ()
        g = self.game
        want = self._zoop_want()
        cage = self.cage
        if cage is None:
            for m in self.masks:
                if m & want:
                    break
            else:  # nobody may ZOOP! or Cage: the usual moment, one actor
                return g.solo[self.turn]
        turn, placer = self.turn, self.placer
        if cage is None:
            cage_bit, captured = 0, -1
        else:
            cage_bit, captured = g.cage_bit, -1 if g.own_cage else cage[0]
        return tuple([
            p for p, m in enumerate(self.masks)
            if p == turn or (m & want and p != placer) or (m & cage_bit and p != captured)
        ])

    def moves(self) -> list[tuple[int, list[Action]]]:
        """`[(p, self.legal_actions(p)) for p in self.actors()]` in one pass: the simulator asks it at every
        moment, and nearly always the turn player alone may act."""
        phase = self.phase
        if phase is OVER:
            return []
        g = self.game
        turn = self.turn
        # A race (or a Cage for the turn player) is possible only if someone holds a Cage while one may
        # capture, or a seat other than the turn player and the placer holds the top card (with penalties:
        # may call any card). `in_hands` rules most moments out in one look-up.
        if self.cage is not None and self.in_hands[g.deck.cage]:
            return self._race_moves(self._zoop_want())
        if phase is PLAY or phase is OWED or phase is DRAWN:  # ZOOP_PHASES
            top = self.pile[-1]
            if g.is_animal[top]:
                if g.strict and self.draw:
                    return self._race_moves(g.animal_mask)  # (a wrong call may be made with any card)
                if self.in_hands[top]:
                    bit, placer = g.bit[top], self.placer
                    for q, m in enumerate(self.masks):
                        if m & bit and q != turn and q != placer:
                            return self._race_moves(bit)
        # The usual moments - a turn, an answer to a Special Round, a free discard: _turn_actions, inlined.
        m = self.masks[turn]
        if phase is PLAY or phase is SPECIAL:
            bits = m & (g.match_mask[self.match] if phase is PLAY else g.mask_of_animal[self.declared])  # type: ignore[index]
            known = g.plays_memo.get(bits)
            acts = g.plays(bits) if known is None else list(known)
            if phase is PLAY and m & g.wild_bit:
                acts += self._wild_actions(turn)
            if not acts:
                acts = [DRAW] if self.draw else [PASS]
            return [(turn, acts)]
        if phase is DISCARD:
            bits = m & g.animal_mask  # _discard_mask, inlined
            if self.reason == ROUND_END and g.held_rule:
                bits &= g.mask_of_animal[self.declared]  # type: ignore[index]
            return [(turn, g.discard_rows.pick(bits))]
        return [(turn, self._turn_actions(turn))]

    def _race_moves(self, want: int) -> list[tuple[int, list[Action]]]:
        """`moves()` when someone may ZOOP! or Cage: each actor as actors() and legal_actions() list it
        (_zoop_actions and _cage_actions inlined for the usual calls, as a race asks every seat). `want`:
        `_zoop_want()`, which the caller has already worked out."""
        g, cage = self.game, self.cage
        if cage is None:
            cage_bit, captured = 0, -1
        else:
            cage_bit, captured = g.cage_bit, -1 if g.own_cage else cage[0]
        penalties = g.strict and bool(self.draw)  # only then are silent or wrong calls offered
        called_zoop = g.zoop_of[self.pile[-1]]  # without penalties, the one ZOOP! anyone may make
        turn, placer = self.turn, self.placer
        moment: list[tuple[int, list[Action]]] = []
        for p, m in enumerate(self.masks):
            may_cage = m & cage_bit and p != captured
            if p == turn:
                acts = self._turn_actions(p)
            elif m & want and p != placer:
                acts = self._zoop_actions(p) if penalties else [called_zoop]
            elif may_cage:
                acts = []
            else:
                continue
            if may_cage:
                acts += (CAGE, SILENT_CAGE) if penalties else (CAGE,)
            moment.append((p, acts))
        return moment

    def _zoop_want(self) -> int:
        """The kinds whose holders (other than the turn player and the placer) may ZOOP! now."""
        top = self.pile[-1]
        if self.phase in ZOOP_PHASES and self.game.is_animal[top]:
            return self.game.animal_mask if self.game.strict and self.draw else 1 << top
        return 0

    def legal_actions(self, player: int) -> list[Action]:
        if self.phase is OVER or not 0 <= player < self.game.players:
            return []
        acts = self._turn_actions(player) if player == self.turn else self._zoop_actions(player)
        if self.cage is not None and self._may_cage(player):
            acts += self._cage_actions(player)
        return acts

    def is_legal(self, player: int, action: Action) -> bool:
        """Same answer as `action in legal_actions(player)`, without building the list (tested)."""
        if self.phase == OVER or not 0 <= player < self.game.players:
            return False
        kind = type(action)
        g = self.game
        if kind is Play or kind is Discard:
            if player != self.turn:
                return False
            k = g.kind(action)
            if k < 0:
                return False
            m, phase = self.masks[player], self.phase
            if kind is Discard:
                return phase == DISCARD and bool(self._discard_mask(player) >> k & 1)
            if phase == PLAY:
                return bool((m & g.deck.match_mask[self.match]) >> k & 1)
            if phase == DRAWN:
                return k == self.drawn and k != g.deck.wild
            if phase == SPECIAL:
                return bool((m & g.deck.mask_of_animal[self.declared]) >> k & 1)  # type: ignore[index]
            return False
        if kind is Zoop:
            k = g.kind(action)
            if k < 0 or not g.deck.is_animal[k] or not self.masks[player] >> k & 1 or not self._may_zoop(player):
                return False  # (_may_zoop excludes the turn player)
            if g.strict and self.draw:
                return True
            return action.called and k == self.pile[-1]  # type: ignore[attr-defined]
        if kind is Cage:
            return self._may_cage(player) and (action.called or (g.strict and bool(self.draw)))  # type: ignore[attr-defined]
        if player != self.turn:
            return False
        if kind is Draw or kind is Pass:
            phase = self.phase
            if phase == OWED:
                return kind is Draw
            if phase == PLAY:
                m = self.masks[player]
                if m & g.deck.match_mask[self.match] or (m & g.wild_bit and self._wild_actions(player)):
                    return False
            elif phase == SPECIAL:
                if self.masks[player] & g.deck.mask_of_animal[self.declared]:  # type: ignore[index]
                    return False
            else:
                return False
            return (kind is Draw) == bool(self.draw)
        return action in self._turn_actions(player)  # PlayWild: a short list

    def _turn_actions(self, p: int) -> list[Action]:
        g = self.game
        m, phase = self.masks[p], self.phase
        if phase is PLAY:  # the phases in order of frequency
            acts = g.plays(m & g.match_mask[self.match])
            if m & g.wild_bit:
                acts += self._wild_actions(p)
            if acts:
                return acts
            return [DRAW] if self.draw else [PASS]
        if phase is SPECIAL:
            acts = g.plays(m & g.deck.mask_of_animal[self.declared])  # type: ignore[index]
            if acts:
                return acts
            return [DRAW] if self.draw else [PASS]
        if phase is DISCARD:
            return g.discard_rows.pick(self._discard_mask(p))
        if phase is DRAWN:
            if self.drawn == g.deck.wild:
                return self._wild_actions(p)
            return [g.play_of[self.drawn]]
        if phase is OWED:
            return [DRAW]
        return []

    def _wild_actions(self, p: int) -> list[Action]:
        g, m = self.game, self.masks[p]
        if not m & g.wild_bit:
            return []
        rabbit, koala, toucan = g.basic_masks  # BASIC_ANIMALS order
        return list(g.wild_lists[(m & rabbit != 0) | (m & koala != 0) << 1 | (m & toucan != 0) << 2])

    def _discard_mask(self, p: int) -> int:
        """The kinds p may put down as a free discard: animal cards (of the round's animal after a held Wild Card)."""
        d = self.game.deck
        m = self.masks[p] & d.animal_mask
        if self.reason == ROUND_END and self.game.held_rule:
            m &= d.mask_of_animal[self.declared]  # type: ignore[index]
        return m

    def _may_zoop(self, p: int) -> bool:
        """The ZOOP window: not one's own turn, not the card one just put down, not in a Special Round."""
        return (
            self.phase in ZOOP_PHASES
            and p != self.turn
            and p != self.placer
            and self.game.deck.is_animal[self.pile[-1]]
        )

    def _zoop_actions(self, p: int) -> list[Action]:
        if not self._may_zoop(p):
            return []
        g, m, top = self.game, self.masks[p], self.pile[-1]
        if not g.strict or not self.draw:  # penalties need a card to draw, so only the right call is offered
            return [g.zoop_of[top]] if m >> top & 1 else []
        acts: list[Action] = []
        for k in indices(m & g.deck.animal_mask):
            acts += [g.zoop_of[k], g.silent_zoop_of[k]]
        return acts

    def _may_cage(self, p: int) -> bool:
        cage = self.cage
        return (
            cage is not None and (self.game.own_cage or cage[0] != p) and bool(self.masks[p] & self.game.cage_bit)
        )

    def _cage_actions(self, p: int) -> list[Action]:
        if not self._may_cage(p):
            return []
        return [CAGE, SILENT_CAGE] if self.game.strict and self.draw else [CAGE]

    # -- applying ---------------------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> Outcome:
        """A card played in turn, the most frequent move, is applied here (calls inlined), then a draw;
        the rest in `_apply_other`."""
        kind = type(action)
        if kind is not Play:
            if kind is Draw:
                self.cage = None
                self._draw(player)
                return APPLIED
            return self._apply_other(player, action)
        self.cage = None  # any move but a ZOOP! or a Cage ends the moment a Cage could capture
        g = self.game
        k = g.kind_of.get(id(action))
        if k is None:
            k = g.kind(action)
        hand = self.hands[player]  # _place, inlined
        hand.remove(k)
        if k not in hand:
            self.masks[player] ^= g.bit[k]
        self.in_hands[k] -= 1
        self.pile.append(k)
        self.placer = player
        self.top_since = self.version + 1
        self.match = k  # a played card is always an animal card (a Wild Card is PlayWild)
        self.drawn = -1
        if not hand:
            self._win(player)
            return APPLIED
        if self.phase is SPECIAL:
            if self.queue:  # _next_responder, inlined while the round goes on
                self.turn = self.queue.pop(0)
            else:
                self._next_responder()
            return APPLIED
        skip, owed, ok, special, reverses = g.play_effect[k]
        direction = self.direction
        if special:
            self.cage = (player, direction, self.top_since)
            if reverses:
                self.direction = direction = -direction
        nxt = (player + skip * direction) % g.players
        for q, m in enumerate(self.masks):  # _nobody_else_matches, inlined
            if m & ok and q != player:
                self.turn = nxt  # _next_turn, inlined (in phases play and drawn no round field is set)
                if owed and self.draw:
                    self.phase, self.owed = OWED, owed
                else:
                    self.phase, self.owed = PLAY, 0
                    if not self.draw:
                        self._check_blocked()
                return APPLIED
        self._start_discard(player, PASSES, nxt, owed)
        return APPLIED

    def _apply_other(self, player: int, action: Action) -> Outcome:
        kind = type(action)  # the kinds in order of frequency in play (Play and Draw: see _apply)
        if kind is Discard:
            self.cage = None
            self._discard(player, self.game.kind(action))
        elif kind is Zoop:
            return self._zoop(player, action)  # type: ignore[arg-type]
        elif kind is PlayWild:
            self.cage = None
            self._wild(player, action.animal)  # type: ignore[attr-defined]
        elif kind is Cage:
            return self._capture(player, action)  # type: ignore[arg-type]
        elif kind is Pass:
            self.cage = None
            self._next_after_pass(player)
        return APPLIED

    def _give(self, p: int, k: int) -> None:
        self.hands[p].append(k)
        self.masks[p] |= self.game.bit[k]
        self.in_hands[k] += 1

    def _place(self, p: int, k: int) -> None:
        hand = self.hands[p]
        hand.remove(k)
        if k not in hand:
            self.masks[p] ^= self.game.bit[k]
        self.in_hands[k] -= 1
        self.pile.append(k)
        self.placer = p
        self.top_since = self.version + 1
        if self.game.deck.is_animal[k]:
            self.match = k

    def _win(self, p: int) -> None:
        self.winner, self.end, self.phase, self.cage = p, EMPTIED, OVER, None
        self.reason, self.resume, self.resume_owed, self.owed, self.drawn = None, -1, 0, 0, -1

    def _nobody_else_matches(self, p: int, k: int) -> bool:
        ok = self.game.deck.match_mask[k]
        for q, m in enumerate(self.masks):  # a plain loop: no generator on the hot path
            if m & ok and q != p:
                return False
        return True

    def _wild(self, p: int, animal: str) -> None:
        self._place(p, self.game.deck.wild)
        self.drawn = -1
        self.declared = animal
        self.starter = p
        self.phase = SPECIAL
        self.turn, *self.queue = self.game.others[self.direction][p]

    def _next_responder(self) -> None:
        if self.queue:
            self.turn = self.queue.pop(0)
        else:
            self._start_discard(self.starter, ROUND_END, (self.starter + self.direction) % self.game.players, 0)

    def _draw(self, p: int) -> None:
        k = pop_settled(self.draw, self.unsettled)
        g = self.game
        self.hands[p].append(k)
        self.masks[p] |= g.bit[k]
        self.in_hands[k] += 1
        if self.phase is OWED:
            self.owed = 0
            self.phase = PLAY
            if not self.draw:
                self._check_blocked()
        elif self.phase is SPECIAL:
            self._next_responder()  # the card drawn in a Special Round is not played
        elif g.match_mask[self.match] >> k & 1 or (k == g.deck.wild and self._wild_actions(p)):
            self.phase = DRAWN  # (a Wild Card is playable with a basic animal to declare)
            self.drawn = k
        else:
            self._next_turn((p + self.direction) % g.players, 0)  # from phase play: no round field set

    def _next_after_pass(self, p: int) -> None:
        if self.phase is SPECIAL:
            self._next_responder()
        else:
            self._begin_turn((p + self.direction) % self.game.players, 0)

    def _start_discard(self, p: int, reason: str, resume: int, resume_owed: int) -> None:
        self.reason = reason
        if not self._discard_mask(p):  # nothing but Wild Cards/Cages left: no free discard
            self._begin_turn(resume, resume_owed)
            return
        self.phase, self.turn, self.resume, self.resume_owed = DISCARD, p, resume, resume_owed

    def _discard(self, p: int, k: int) -> None:
        self._place(p, k)
        if not self.hands[p]:
            self._win(p)
            return
        self._begin_turn(self.resume, self.resume_owed)

    def _begin_turn(self, p: int, owed: int) -> None:
        self.drawn, self.reason, self.resume, self.resume_owed = -1, None, -1, 0
        self.declared, self.starter, self.queue = None, -1, []
        self._next_turn(p, owed)

    def _next_turn(self, p: int, owed: int) -> None:
        """`_begin_turn` from phase play or drawn, whose round fields (declared, reason, queue...) are clear."""
        self.turn = p
        if owed and self.draw:
            self.phase, self.owed = OWED, owed
        else:
            self.phase, self.owed = PLAY, 0
            if not self.draw:
                self._check_blocked()

    def _can_play(self, p: int) -> bool:
        return bool(self.masks[p] & self.game.deck.match_mask[self.match]) or bool(self._wild_actions(p))

    def _check_blocked(self) -> None:
        """The draw pile is empty and nobody can play any more: fewest cards, then fewest special cards.
        (Callers test `self.draw` first: while cards remain to draw the game cannot be blocked.)"""
        n = self.game.players
        if self.draw or any(self._can_play(q) or self._may_cage(q) for q in range(n)):
            return
        d = self.game.deck
        fewest = min(len(h) for h in self.hands)
        tied = [q for q in range(n) if len(self.hands[q]) == fewest]
        special = {q: sum(d.is_special_card[k] for k in self.hands[q]) for q in tied}
        least = min(special.values())
        tied = [q for q in tied if special[q] == least]
        # "The first to yell Zoop!!!" wins the last tie: a seeded draw stands in for the shout.
        self.winner = tied[0] if len(tied) == 1 else self.rng.choice(tied)
        self.end, self.phase, self.cage = BLOCKED, OVER, None

    def _zoop(self, p: int, action: Zoop) -> Outcome:
        k = self.game.kind(action)
        if not (action.called and k == self.pile[-1]):
            self._penalise(p)  # wrong card or no call: the card goes back and one is drawn
            return PENALISED
        self.cage = None
        self._place(p, k)
        if not self.hands[p]:
            self._win(p)
            return APPLIED
        # By default a ZOOP! leaves the turn where it was: the card to match is unchanged (it is the same card).
        jumps = self.game.zoop_jumps
        turn, owed = ((p + self.direction) % self.game.players, 0) if jumps else (self.turn, self.owed)
        if self._nobody_else_matches(p, k):
            self._start_discard(p, PASSES, turn, owed)
        elif jumps:
            self._begin_turn(turn, owed)
        return APPLIED

    def _draw_one(self, p: int) -> None:
        if self.draw:
            self._give(p, pop_settled(self.draw, self.unsettled))

    def _penalise(self, p: int) -> None:
        """A wrong, silent or late call: the card stays in hand and one card is drawn."""
        self._draw_one(p)
        if not self.draw and self.phase is OWED:  # nothing left for Monkeys/Kangaroo to make them draw
            self.phase, self.owed = PLAY, 0
            self._check_blocked()

    def _capture(self, p: int, action: Cage) -> Outcome:
        if not action.called:
            self._penalise(p)  # a Cage without "Captured!" goes back to the hand and one card is drawn
            return PENALISED
        assert self.cage is not None
        captured, before, _ = self.cage
        self.cage = None
        self._place(p, self.game.deck.cage)
        if not self.hands[p]:  # the Cage was the last card: the game is won before anything else happens
            self._win(p)
            return APPLIED
        self._draw_one(captured)  # the captured player draws one card (the Cage's player, if they caged their own)
        if self.game.crab_cancelled:
            self.direction = before  # the captured animal's effect does not happen
        self.owed, self.drawn, self.declared = 0, -1, None
        self._start_discard(p, CAPTURE, (p + self.direction) % self.game.players, 0)
        return APPLIED

    # -- races ------------------------------------------------------------------------------------
    def resolve_late(self, player: int, action: Action, seen: int) -> Outcome:
        if self.phase is OVER:
            raise IllegalAction(f"{action} comes too late: the game is over")
        g = self.game
        if not self._known(action):
            raise IllegalAction(f"{action!r} is not an action of this game")
        held = self.masks[player]  # (hands mirrored as masks: no list scans, no Card hashing)
        kind = type(action)  # (a known action is of the table's exact classes)
        if kind is Zoop:
            k = g.kind(action)
            if not held >> k & 1:
                raise IllegalAction(f"player {player} does not hold {action.card}")  # type: ignore[attr-defined]
            if self.top_since <= seen:  # the sender saw this very top card
                if self.is_legal(player, action):
                    return self._zoop(player, action)  # type: ignore[arg-type]
                if self._may_zoop(player) and (self.draw or not g.strict):
                    raise IllegalAction(self.explain_illegal(player, action))  # it was not legal when sent either
                # Their window closed meanwhile (their turn, a Special Round...), or a strict penalty
                # would have nothing left to draw.
                return BOUNCED
            if (
                self.phase == SPECIAL
                or (self.phase == DISCARD and self.reason == ROUND_END)
                or player in (self.turn, self.placer)
                or not self.draw
            ):
                # A moment when nobody may yell ZOOP! (a Special Round, the start of one's own turn),
                # or a penalty with nothing to draw: the card simply stays in hand.
                return BOUNCED
            # The top card changed since the sender looked: the later of two out-of-turn plays, or now a
            # different card from the one on the pile (rule 2.1) - even if a free discard is now owed.
            self._penalise(player)
            return PENALISED
        if kind is Cage:
            if not held & g.cage_bit:
                raise IllegalAction(f"player {player} holds no Cage")
            if self.cage is not None and self.cage[2] <= seen and self.is_legal(player, action):
                return self._capture(player, action)  # type: ignore[arg-type]
            return BOUNCED  # the animal was already captured or play went on: the Cage stays in hand
        # A move in turn: it stands if it is still legal (the turn is still the sender's), else it bounces.
        if kind is Play or kind is Discard:
            k = g.kind(action)
            if not held >> k & 1:
                raise IllegalAction(f"player {player} does not hold {action.card}")  # type: ignore[attr-defined]
        if player == self.turn and self.is_legal(player, action):
            return self._apply(player, action)
        return BOUNCED

    def _known(self, action: Action) -> bool:
        if id(action) in self.game.table_ids:  # one of the table's own objects (what bots send)
            return True
        try:
            self.game.action_id(action)
        except (ValueError, TypeError):
            return False
        return True

    # -- explanations -------------------------------------------------------------------------
    def explain_illegal(self, player: int, action: Action) -> str:
        g = self.game
        if self.phase == OVER:
            return "the game is over"
        if not self._known(action):
            return f"{action!r} is not an action of this game"
        d, hand = g.deck, self.hands[player]
        if isinstance(action, Zoop):
            return self._explain_zoop(player, action)
        if isinstance(action, Cage):
            if self.cage is None:
                return "a Cage may only capture a Special Animal just played (rule 5)"
            if self.cage[0] == player and not g.own_cage:
                return "with own_cage='others' a Cage captures another player's Special Animal, not one's own"
            if d.cage not in hand:
                return f"player {player} holds no Cage"
            return "a Cage without the call is only possible with calls='strict' and a non-empty draw pile"
        if player != self.turn:
            return f"it is player {self.turn}'s move ({self.phase}); out of turn one may only ZOOP! or Cage"
        card = getattr(action, "card", None)
        if card is not None and d.index[card] not in hand:
            return f"player {player} does not hold {card}"
        return self._explain_turn(player, action)

    def _explain_zoop(self, p: int, action: Zoop) -> str:
        d = self.game.deck
        if self.phase == SPECIAL:
            return "nobody may ZOOP! during a Special Round (rule 2.1)"
        if self.phase == DISCARD:
            return "the free discard comes first; nobody may ZOOP! meanwhile"
        if p == self.turn:
            return "no ZOOP! at the start of one's own turn: just play the card (rule 2.1)"
        if p == self.placer:
            return "no ZOOP! at the end of one's own turn: the top card is yours (rule 2.1)"
        if d.index[action.card] not in self.hands[p]:
            return f"player {p} does not hold {action.card}"
        if not d.is_animal[self.pile[-1]]:
            return "ZOOP! needs an animal card on top of the pile"
        if self.game.strict:
            return "a wrong or silent ZOOP! is penalised by a draw, so it needs a non-empty draw pile"
        return f"ZOOP! needs the exact same card as the top card ({d.kinds[self.pile[-1]]}) (rule 2.1)"

    def _explain_turn(self, p: int, action: Action) -> str:
        d = self.game.deck
        legal = self._turn_actions(p)
        if self.phase == OWED:
            return "Monkeys/Kangaroo: the turn starts by drawing one card (rule 4)"
        if self.phase == DISCARD:
            if isinstance(action, Discard):
                if not d.is_animal[d.index[action.card]]:
                    return "a Wild Card or a Cage cannot be the card to match"
                return f"the Special Round ends with a card of its animal ({self.declared})"
            return f"a free discard is owed ({self.reason}): discard a card"
        if isinstance(action, Discard):
            return "a free discard only follows Everyone passes, a capture or a Special Round"
        if self.phase == DRAWN:
            return f"after drawing, only the drawn card ({d.kinds[self.drawn]}) may be played (rule 2)"
        if isinstance(action, PlayWild):
            if self.phase == SPECIAL:
                return f"in the Special Round only a {self.declared} card may be played (rule 5)"
            if d.wild not in self.hands[p]:
                return f"player {p} holds no Wild Card"
            if not self._wild_actions(p):
                return "a Wild Card needs a Rabbit, Koala or Toucan card in hand, so it is never the last card"
            return f"with wild_rule='held' the declared animal must be one you hold, not {action.animal}"
        if isinstance(action, Play):
            if self.phase == SPECIAL:
                return f"in the Special Round only a {self.declared} card may be played (rule 5)"
            top = d.kinds[self.match]
            return f"{action.card} does not share 2 of the 3 characteristics with {top} (rule 2)"
        if isinstance(action, Draw):
            if any(isinstance(a, (Play, PlayWild)) for a in legal):
                return "you can play a card, so you may not draw (rule 2)"
            return "the draw pile is empty: the turn is lost (pass)"
        if isinstance(action, Pass):
            return "you may only pass when you cannot play and the draw pile is empty (rule 2)"
        return f"{action} is not legal now; legal: {', '.join(map(str, legal))}"

    # -- outcome ----------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        """The rulebook keeps no points: 1 for the winner, 0 for everyone else."""
        return [1.0 if p == self.winner else 0.0 for p in range(self.game.players)]

    def winners(self) -> list[int]:
        return [self.winner] if self.phase == OVER else []

    # -- views --------------------------------------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        d = self.game.deck
        text = d.texts
        cage = self.cage
        obs: dict[str, Any] = {
            "seat": player,
            "colours": len(d.colours),
            "phase": self.phase,
            "turn": self.turn if self.phase != OVER else None,
            "direction": self.direction,
            "top": text[self.pile[-1]],
            "match": text[self.match],
            "placer": None if self.placer < 0 else self.placer,
            "declared": self.declared,
            "starter": None if self.starter < 0 else self.starter,
            "still_to_answer": list(self.queue),
            "discard_reason": self.reason,
            "owed": self.owed,
            "capturable": None if cage is None else {"player": cage[0], "card": text[self.match]},
            "draw_pile": len(self.draw),
            "hand_sizes": [len(h) for h in self.hands],
            "pile": [text[k] for k in self.pile],
            "winner": None if self.winner < 0 else self.winner,
            "end": self.end,
        }
        if player is not None:
            obs["hand"] = sorted(text[k] for k in self.hands[player])
            obs["drawn"] = text[self.drawn] if self.drawn >= 0 and player == self.turn else None
        return obs

    def to_dict(self) -> dict[str, Any]:
        text = self.game.deck.texts
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
            "turn": self.turn,
            "direction": self.direction,
            "phase": self.phase,
            "owed": self.owed,
            "drawn": None if self.drawn < 0 else text[self.drawn],
            "declared": self.declared,
            "starter": self.starter,
            "queue": list(self.queue),
            "reason": self.reason,
            "resume": self.resume,
            "resume_owed": self.resume_owed,
            "cage": None if self.cage is None else list(self.cage),
            "winner": self.winner,
            "end": self.end,
        }

    @classmethod
    def from_dict(cls, game: ZoopGame, data: dict[str, Any]) -> ZoopState:
        d, n = game.deck, game.players
        s = cls(game, Rng.from_state(sd.field(data, "rng")))
        s.version = _int(data, "version", 0)
        s.hands = [[d.card(t) for t in sd.listed(h, "hands")] for h in sd.per_seat(sd.field(data, "hands"), n, "hands")]
        s._remask()
        s.draw = [d.card(t) for t in sd.listed(sd.field(data, "draw"), "draw")]
        s.pile = [d.card(t) for t in sd.listed(sd.field(data, "pile"), "pile")]
        if not s.pile:
            raise ValueError("the discard pile is never empty")
        counts = [0] * len(d.kinds)
        for k in [*s.draw, *s.pile, *(k for h in s.hands for k in h)]:
            counts[k] += 1
        if tuple(counts) != d.copies:
            raise ValueError("the cards in hands, draw pile and discard pile are not exactly one deck")
        s.match = d.card(sd.field(data, "match"))
        if not d.is_animal[s.match]:
            raise ValueError("the card to match must be an animal card")
        s.placer = _int(data, "placer", -1, n - 1)
        s.top_since = _int(data, "top_since", 0, s.version)
        s.turn = _int(data, "turn", 0, n - 1)
        s.direction = _int(data, "direction", -1, 1)
        if s.direction == 0:
            raise ValueError("direction: must be 1 or -1")
        s.phase = sd.choice(sd.field(data, "phase"), "phase", PHASES)
        s.owed = _int(data, "owed", 0, 2)
        s.drawn = -1 if sd.field(data, "drawn") is None else d.card(data["drawn"])
        if (s.phase == DRAWN) != (s.drawn >= 0) or (s.drawn >= 0 and s.drawn not in s.hands[s.turn]):
            raise ValueError("'drawn' must be a card of the turn player's hand exactly in phase 'drawn'")
        s.declared = sd.choice(sd.field(data, "declared"), "declared", (None, *BASIC_ANIMALS))
        if (s.phase == SPECIAL) and s.declared is None:
            raise ValueError("a Special Round needs a declared animal")
        s.starter = _int(data, "starter", -1, n - 1)
        s.queue = [sd.seat(q, n, "queue") for q in sd.listed(sd.field(data, "queue"), "queue")]
        s.reason = sd.choice(sd.field(data, "reason"), "reason", (None, *REASONS))
        if (s.phase == DISCARD) != (s.reason is not None):
            raise ValueError("'reason' is set exactly in phase 'discard'")
        s.resume = _int(data, "resume", -1, n - 1)
        s.resume_owed = _int(data, "resume_owed", 0, 2)
        cage = sd.field(data, "cage")
        if cage is not None:  # [player, direction before, version]
            who, before, since = sd.listed(cage, "cage", length=3)
            if sd.integer(before, "cage direction", -1, 1) == 0:
                raise ValueError("cage direction: must be 1 or -1")
            s.cage = (sd.seat(who, n, "cage player"), before, sd.integer(since, "cage version", 0, s.version))
        s.winner = _int(data, "winner", -1, n - 1)
        s.end = sd.field(data, "end")
        if (s.phase == OVER) != (s.winner >= 0) or s.end not in (None, EMPTIED, BLOCKED):
            raise ValueError("'winner' and 'end' are set exactly when the game is over")
        if (s.phase == OVER) != (s.end is not None):
            raise ValueError("'end' says how a finished game ended, and only then")
        s._check_consistent()
        s.phase = PHASES[PHASES.index(s.phase)]  # the module's own string
        return s

    def _check_consistent(self) -> None:
        """Cross-field checks: a state that passes them always has someone with a legal move."""
        d = self.game.deck
        if self.match != next(k for k in reversed(self.pile) if d.is_animal[k]):
            raise ValueError("'match' must be the topmost animal card of the discard pile")
        phase = self.phase
        if phase == OVER:  # a finished game keeps whatever the winning move left
            return
        if (phase == OWED) != (self.owed > 0):
            raise ValueError("'owed' cards are drawn exactly in phase 'owed'")
        if phase == OWED and not self.draw:
            raise ValueError("phase 'owed' needs a card in the draw pile")
        round_end = phase == DISCARD and self.reason == ROUND_END
        if (phase == SPECIAL or round_end) != (self.declared is not None):
            raise ValueError("'declared' is set exactly during a Special Round and its closing discard")
        if (phase == SPECIAL or round_end) != (self.starter >= 0):
            raise ValueError("'starter' is set exactly during a Special Round and its closing discard")
        if phase == SPECIAL:
            if self.starter == self.turn:
                raise ValueError("the Special Round's starter does not answer it")
            if len(set(self.queue)) != len(self.queue) or {self.starter, self.turn} & set(self.queue):
                raise ValueError("'queue' lists other players still to answer, each once")
        elif self.queue:
            raise ValueError("'queue' is empty outside a Special Round")
        if round_end and self.turn != self.starter:
            raise ValueError("the Special Round's closing discard is its starter's")
        if (phase == DISCARD) != (self.resume >= 0):
            raise ValueError("'resume' is set exactly while a free discard is owed")
        if phase != DISCARD and self.resume_owed:
            raise ValueError("'resume_owed' is set only while a free discard is owed")
        if phase == DISCARD and not self._discard_mask(self.turn):
            raise ValueError("a free discard is owed by a player with no card to discard")
        if phase == DRAWN and self.drawn == d.wild and not self._wild_actions(self.turn):
            raise ValueError("a drawn Wild Card waiting to be played needs a Rabbit, Koala or Toucan in hand")
        if any(not h for h in self.hands):
            raise ValueError("a player with an empty hand has won: the game is over")

    def clone(self) -> ZoopState:
        twin = ZoopState.__new__(ZoopState)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.clone()
        twin.hands = [h[:] for h in self.hands]
        twin.masks = self.masks[:]
        twin.in_hands = self.in_hands[:]
        twin.draw = self.draw[:]
        twin.unsettled = self.unsettled.copy()
        twin.pile = self.pile[:]
        twin.queue = self.queue[:]
        return twin

    def _resample_hidden(self, player: int, rng: Rng) -> ZoopState:
        """Others' hands and the draw pile re-dealt; a card another seat just drew and must play stays put."""
        settle(self.draw, self.unsettled)  # the pool's order counts: the draw pile must be the real one
        twin = self.clone()
        pinned = self.turn if self.phase == DRAWN and self.turn != player else -1
        pool = list(self.draw)
        for q, hand in enumerate(self.hands):
            if q == player:
                continue
            pool += hand
            if q == pinned:
                pool.remove(self.drawn)
        rng.shuffle(pool)
        for q, hand in enumerate(self.hands):
            if q == player:
                continue
            size = len(hand) - (q == pinned)
            twin.hands[q] = [pool.pop() for _ in range(size)] + ([self.drawn] if q == pinned else [])
        twin.draw = pool
        twin._remask()
        twin.rng = rng.spawn()  # the tie-break draw must not be predictable from the copy
        return twin


class _ByMask:
    """The actions of a row (one per kind) for the kinds set in a mask, ascending: read off tables of
    8-bit chunks, a few look-ups whatever the hand."""

    __slots__ = ("chunks",)

    def __init__(self, row: Sequence[Action]) -> None:
        chunks = []
        for base in range(0, len(row), 8):
            table: list[tuple[Action, ...]] = [()]
            for byte in range(1, 256):  # a byte's actions: those of the byte without its top bit, then the top one
                top = byte.bit_length() - 1
                table.append(table[byte ^ 1 << top] + ((row[base + top],) if base + top < len(row) else ()))
            chunks.append(tuple(table))
        self.chunks = tuple(chunks)

    def pick(self, mask: int) -> list[Action]:
        out: list[Action] = []
        for chunk in self.chunks:
            if not mask:
                break
            out += chunk[mask & 255]
            mask >>= 8
        return out


def _int(data: dict[str, Any], key: str, lo: int, hi: int | None = None) -> int:
    return sd.integer(sd.field(data, key), key, lo, hi)
