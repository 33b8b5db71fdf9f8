"""Observation vectors written straight from a game's state: the fast path of the encodings.

The reference encoder (`zdeck.vectors.encoding.Encoder`) builds the observation dict a seat is shown and
walks it. A game's `StateEncoder` (in the game's folder, `decks/<game>/encoding.py`) writes the same
floats from the state itself: its `update` brings every seat's vector, kept whole, up to the state through
cells that remember what they last wrote and write only what changed. What every seat is shown alike is
written as seat 0 counts the seats and lands in each seat's vector at its place there (the encoding's seat
rotation, `Encoder.rotations`: only the per-seat blocks move); what one seat alone is shown (its hand) in
that seat's vector alone.

A vector handed out is always a fresh array: users keep observations, and the kept vectors change.
tests/rl/test_fast.py checks every game's fast path bit for bit
against the reference over many played positions; a game without one is encoded through the
observation dict (`ReferenceStateEncoder`).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from math import copysign
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from zdeck.compiled import i32, i64, vec
from zdeck.core import Action, Game, State
from zdeck.vectors.encoding import Encoder, Field, Num, OneOf, PerSeat, RoundScores, Vector

Table = npt.NDArray[np.float32]  # one row per seat
COUNTS = 8  # a hand's counts of a kind whose float32 bits are made once (`StateEncoder.counts_bits`); more are rounded
F = TypeVar("F", bound=Field)


class StateEncoder:
    """A game's encoding written from its state, kept up to date rather than rewritten: a subclass's `update`
    states what every seat is shown through cells (`One`, `Value`, `Values`, `Bits`, `Counts`, `Spots`; given
    a seat, that seat's own floats: `Hand`...), each of which remembers what it last wrote and writes only
    what changed.

    A step of a game changes a few places of a vector of hundreds or thousands of floats, and in the compiled
    build each numpy call costs about what a whole small vector's copy does: so the shared part is not cleared
    and rewritten for each version of the state, but updated in place, the normaliser of version 2 applied
    as each float is written (no pass over the whole vector). A state that is not the successor of the one last
    encoded (another object, or an older version) starts from zeros, every cell forgotten.

    Every seat's vector is kept whole, its hand in it: a seat's vector is one copy, and every seat's (the
    Parallel env's step, `encode_all`) one copy of the table. (Seat 0's alone kept, turned and its hand
    written for each seat, cost a gather and a hand per seat at every encoding: more than writing a step's
    few changes into every seat's vector. A batch of a step's changes written by numpy at once cost more than
    writing them one by one: numpy's calls cost some 3-5k instructions each, compiled.)"""

    def __init__(self, game: Game, reference: Encoder) -> None:
        self.game, self.reference = game, reference
        self.name, self.size, self.players = reference.name, reference.size, game.players
        self.low, self.high = reference.low, reference.high
        self.normaliser = reference.normaliser  # version 2: each float times its factor
        self.at = {f.key: at for f, at in reference.fields}  # where each key's floats start (an option's by its name)
        self.fields: dict[str, Field] = {f.key: f for f, _ in reference.fields}
        self._rotations = reference.rotations()
        norm = self.normaliser
        # A float is scaled as it is written, by the factor of its place in seat 0's vector: the same factor
        # wherever a seat's vector puts it (true of every encoding: a per-seat block has the same bounds for
        # every seat), else a seat's vector would need its own factors.
        if norm is not None and not all(np.array_equal(norm[r], norm) for r in self._rotations):
            raise ValueError(f"{self.name}: the normaliser differs between the seats' places of a per-seat block")
        self.factors: list[float] = [1.0] * self.size if norm is None else [float(f) for f in norm]
        # A float32's bits are what the table holds (below): a value's are had by storing it into a float32 and
        # reading the same four bytes back as an int (the reference scales float32 values; one store rounds
        # as numpy's float32 does, to nearest).
        self._rounding = array("f", [0.0])
        self._rounding_view: Any = memoryview(self._rounding)  # (a memoryview's store parses no format, an array's does)
        self._rounding_bits: Any = memoryview(self._rounding).cast("B").cast("i")
        self._counts_bits: list[vec[i32]] = [vec[i32]() for _ in range(self.size)]  # (`counts_bits`: made once asked)
        # What 1.0 writes at each place (its factor as a float32): a one-hot's 1, most writes of a step.
        self._one_bits: vec[i32] = vec[i32]([self.rounded(place, 1.0) for place in range(self.size)])
        self._state: State | None = None
        self._version = -1
        self._cells: list[Cell] = []
        # Every seat's vector, seat s's from s * size, kept as the float32 bit patterns of its floats in a
        # `vec[i32]` (mypy's runtime library, `zdeck.compiled.vec`; an `array('i')` under the interpreter) seen
        # by numpy as the float32 (players, size) table: compiled, an item of a vec is stored as a C int, 1 ns,
        # where a memoryview's item store (the float32 table written through one, as before) is a Python call
        # that unboxes the index and the float, some 60 ns for a float in four seats' vectors - most of what a
        # race game's step of `encode_all` cost. (A vec of C doubles instead would need the table converted to
        # float32 at each hand-out, more than the copy.)
        self._size: i64 = self.size
        self._floats: vec[i32] = vec[i32]()
        self._table: Table = np.zeros((self.players, self.size), dtype=np.float32)
        self._rows: list[Vector] = []
        self._clear()
        # Where a float of seat 0's vector sits in each kept seat's (the inverse of its rotation), in the table's
        # floats: a small vec per place (looped over natively compiled, as fast as a list to the interpreter).
        places = [np.argsort(self._rotations[seat]).tolist() for seat in range(self.players)]
        self._spots: list[vec[i64]] = [vec[i64]([seat * self.size + places[seat][place]
                                                 for seat in range(self.players)]) for place in range(self.size)]
        self._phases = {c: self.at["phase"] + k for k, c in enumerate(self.field("phase", OneOf).choices)}
        self._round_scale = self.field("round", Num).scale
        sizes = self.fields.get("hand_sizes")
        self._sizes_scale = sizes.scale if isinstance(sizes, PerSeat) else 1.0  # (a game without hands: Null)
        self._scores_scale = self.field("scores", PerSeat).scale
        rounds = self.field("round_scores", RoundScores)
        self._history_scale, self._history_rounds_scale = rounds.scale, rounds.rounds_scale
        # The keys every observation shares (docs/observations.md), kept by `head`, `sizes` and `outcome`.
        at, n = self.at, self.players
        self._turn_at = at["turn"]
        self.phase_cell, self.turn_cell = One(self), One(self)
        self.round_cell, self.rounds_cell = Value(self, at["round"]), Value(self, at["rounds"])
        self.sizes_cell = Values(self, at["hand_sizes"], n) if isinstance(sizes, PerSeat) else None
        self.scores_cell = Values(self, at["scores"], n)
        self.history_cell = Value(self, at["round_scores"])
        self.last_round_cell = Values(self, at["round_scores"] + 1, n)
        self.over_cell, self.winners_cell = Value(self, at["over"]), Bits(self, at["winners"])

    def field(self, key: str, kind: type[F]) -> F:
        """The reference's field of `key` (its scale, its choices), of the kind the fast path expects."""
        found = self.fields[key]
        if not isinstance(found, kind):
            raise TypeError(f"{self.name}: {key} is encoded as {type(found).__name__}, not {kind.__name__}")
        return found

    def one_of(self, key: str) -> dict[Any, int]:
        """Where each choice of a `OneOf` key is written."""
        return {c: self.at[key] + k for k, c in enumerate(self.field(key, OneOf).choices)}

    # -- writing ------------------------------------------------------------------------------------------
    def bits(self, place: i64, value: float) -> i32:
        """The float32 bits of `value` as the reference leaves it at `place` (`rounded`), the usual 0.0 and 1.0
        without rounding anything (a one-hot's, most writes)."""
        if value == 1.0:
            return self._one_bits[place]
        if value == 0.0 and copysign(1.0, value) > 0.0:  # (a -0.0 keeps its sign, as numpy's float32 does)
            return 0
        return self.rounded(place, value)

    def rounded(self, place: i64, value: float) -> i32:
        """The float32 bits of `value` as the reference leaves it at `place`: in version 2 the float32 value
        times the place's factor (a product of two float32 values is exact as a double, so storing it rounds as
        numpy's float32 product)."""
        rounding = self._rounding_view
        rounding[0] = value
        factor = self.factors[place]
        if factor != 1.0:
            stored: float = rounding[0]
            rounding[0] = stored * factor
        bits: i32 = self._rounding_bits[0]
        return bits

    def counts_bits(self, place: int) -> vec[i32]:
        """The float32 bits of 0, 1, ... `COUNTS` - 1 at `place`: a hand's counts, made once for every seat (no
        rounding at each write)."""
        made = self._counts_bits[place]
        if not len(made):
            made = self._counts_bits[place] = vec[i32]([self.rounded(place, float(k)) for k in range(COUNTS)])
        return made

    # (Places are `i64` here: mypyc's `int` arithmetic checks for big integers at every operation, twice the time
    # of a one-hot's move.)
    def put(self, place: i64, value: float) -> None:
        """`value` at `place` of seat 0's vector, and at that float's place in every other seat's kept."""
        self.put_bits(place, self.bits(place, value))

    def put_bits(self, place: i64, bits: i32) -> None:
        """`put`, given the float32 bits already."""
        floats = self._floats
        for spot in self._spots[place]:
            floats[spot] = bits

    def move(self, was: i64, place: i64) -> None:
        """A one-hot moved from `was` to `place` (-1: none) in every seat's vector: `put`'s 0.0 and 1.0 in one
        call (a one-hot's move is most of a step's writes)."""
        floats = self._floats
        if was >= 0:
            for spot in self._spots[was]:
                floats[spot] = 0
        if place >= 0:
            one = self._one_bits[place]
            for spot in self._spots[place]:
                floats[spot] = one

    def own(self, seat: i64, place: i64, value: float) -> None:
        """`value` at `place` of `seat`'s vector alone (its own floats)."""
        self._floats[seat * self._size + place] = self.bits(place, value)

    def own_bits(self, seat: i64, place: i64, bits: i32) -> None:
        """`own`, given the float32 bits already."""
        self._floats[seat * self._size + place] = bits

    # -- the keys every observation shares, written as seat 0 sees them ------------------------------------
    def head(self, phase: str, turn: int | None, round_no: int | None, rounds: int | None) -> None:
        self.phase_cell.set(self._phases[phase])
        self.turn_cell.set(-1 if turn is None else self._turn_at + turn)
        self.round_cell.set(0.0 if round_no is None else round_no / self._round_scale)
        self.rounds_cell.set(0.0 if rounds is None else rounds / self._round_scale)

    def sizes(self, sizes: Sequence[float]) -> None:
        if self.sizes_cell is not None:
            self.sizes_cell.set(sizes, self._sizes_scale)

    def sizes_at(self, seat: int, size: int) -> None:
        """One seat's hand size (a game that knows which hand changed: no list built, none compared)."""
        if self.sizes_cell is not None:
            self.sizes_cell.set_at(seat, size / self._sizes_scale)

    def outcome(self, scores: Sequence[float], history: Sequence[Sequence[float]], over: bool,
                winners: Sequence[int]) -> None:
        self.scores_cell.set(scores, self._scores_scale)
        self.history_cell.set(len(history) / self._history_rounds_scale)
        self.last_round_cell.set(history[-1] if history else (), self._history_scale)
        self.over_cell.set(1.0 if over else 0.0)
        mask = 0
        for seat in winners:
            mask |= 1 << seat
        self.winners_cell.set(mask)

    def update(self, state: Any) -> None:
        """Bring the shared part up to `state` (as seat 0 sees it), through the encoder's cells."""
        raise NotImplementedError

    def _clear(self) -> None:
        """Every seat's vector zeros, in a fresh vec (numpy's view of a compiled vec is read-only: not filled)."""
        self._floats = vec[i32]([0] * (self.players * self.size))
        self._table = np.frombuffer(memoryview(self._floats), dtype=np.float32).reshape(self.players, self.size)
        self._rows = [self._table[seat] for seat in range(self.players)]

    def shared(self, state: State) -> None:
        """Bring the kept vectors up to this version of `state`: updated from the last one, or from zeros for
        a state that is not its successor."""
        if state is self._state and state.version == self._version:
            return
        if state is not self._state or state.version < self._version:
            self._clear()
            for cell in self._cells:
                cell.forget()
        self.update(state)
        self._state, self._version = state, state.version

    def encode(self, state: State, seat: int) -> Vector:
        """Seat `seat`'s vector (a fresh array), equal to the reference's of `state.observation(seat)`."""
        self.shared(state)
        return self._rows[seat].copy()

    def encode_into(self, state: State, seat: int, out: Vector) -> None:
        """`encode`, written into `out` (a row of a stacked array)."""
        self.shared(state)
        out[:] = self._rows[seat]

    def encode_all(self, state: State) -> Table:
        """Every seat's vector, one row per seat (a fresh array)."""
        self.shared(state)
        return self._table.copy()


class Cell:
    """A part of what every seat is shown that remembers what it last wrote, so that it writes only what changed;
    or, with `seat`, of that seat's own floats (its hand), kept in its vector alone."""

    def __init__(self, encoder: StateEncoder, seat: int = -1) -> None:
        self.encoder, self.seat = encoder, seat
        encoder._cells.append(self)

    def write(self, place: int, value: float) -> None:
        if self.seat < 0:
            self.encoder.put(place, value)
        else:
            self.encoder.own(self.seat, place, value)

    def forget(self) -> None:
        """The vector was cleared: what is remembered is what zeros show."""
        raise NotImplementedError


class One(Cell):
    """A one-hot float (1.0 at one place of a range, or none: -1)."""

    def __init__(self, encoder: StateEncoder, seat: int = -1) -> None:
        super().__init__(encoder, seat)
        self.place = -1

    def forget(self) -> None:
        self.place = -1

    def set(self, place: int) -> None:
        was = self.place
        if place != was:
            if self.seat < 0:
                self.encoder.move(was, place)
                self.place = place
                return
            if was >= 0:
                self.write(was, 0.0)
            if place >= 0:
                self.write(place, 1.0)
            self.place = place


class Value(Cell):
    """One float at a fixed place."""

    def __init__(self, encoder: StateEncoder, place: int) -> None:
        super().__init__(encoder)
        self.place, self.value = place, 0.0

    def forget(self) -> None:
        self.value = 0.0

    def set(self, value: float) -> None:
        if value != self.value:
            self.write(self.place, value)
            self.value = value


class Values(Cell):
    """Floats side by side from a fixed place (one per seat...): `values` each divided by `scale`; a shorter list
    leaves 0 after it."""

    def __init__(self, encoder: StateEncoder, place: int, size: int) -> None:
        super().__init__(encoder)
        self.place, self.values = place, [0.0] * size
        self.raw: Sequence[float] = ()  # the values last given (compared whole first: usually unchanged)

    def forget(self) -> None:
        self.values, self.raw = [0.0] * len(self.values), ()

    def set(self, values: Sequence[float], scale: float = 1.0) -> None:
        if values == self.raw:
            return
        kept, place = self.values, self.place
        for k in range(len(kept)):
            value = values[k] / scale if k < len(values) else 0.0
            if value != kept[k]:
                self.write(place + k, value)
                kept[k] = value
        self.raw = values if isinstance(values, tuple) else list(values)  # (a copy: a list may change in place)

    def set_at(self, k: int, value: float) -> None:
        """The k-th float alone, already scaled (a game that knows which one changed: no list built, none walked)."""
        if value != self.values[k]:
            self.write(self.place + k, value)
            self.values[k] = value
        self.raw = ()  # (the values are no longer a list given whole)


class Bits(Cell):
    """1.0 at `place + k` for each bit k of a mask (a hand, the cards on a table, a set of seats)."""

    def __init__(self, encoder: StateEncoder, place: int, seat: int = -1) -> None:
        super().__init__(encoder, seat)
        self.place, self.mask = place, 0

    def forget(self) -> None:
        self.mask = 0

    def set(self, mask: int) -> None:
        changed = mask ^ self.mask
        if changed:
            place = self.place
            while changed:
                low = changed & -changed
                k = low.bit_length() - 1
                self.write(place + k, 1.0 if mask & low else 0.0)
                changed ^= low
            self.mask = mask


class Since(Cell):
    """A key of a few values the state already has (a list, a length, a round's number) that changes whenever a
    group of the encoder's floats may: the group is brought up only when its key changed, not cell by cell at
    every version. A list in a key is compared by identity first, then by value (an equal list: equal floats).
    Forgotten with the vectors, so the first version after is always written. (A list that may change in place
    does not belong in a key as it is: it would be the same object, unchanged to the key; a tuple copy does.)"""

    def __init__(self, encoder: StateEncoder) -> None:
        super().__init__(encoder)
        self.key: tuple[object, ...] | None = None

    def forget(self) -> None:
        self.key = None

    def changed(self, key: tuple[object, ...]) -> bool:
        if key == self.key:
            return False
        self.key = key
        return True


def scores_key(totals: Sequence[float], history: Sequence[Sequence[float]], over: bool) -> tuple[object, ...]:
    """The key of what `StateEncoder.outcome` writes: the totals (copied: a game may add to them in place), the
    rounds scored and the last one, whether the match is over (the winners follow from the totals then)."""
    return tuple(totals), len(history), history[-1] if history else None, over


class Hand(Cell):
    """A seat's hand, in its vector alone: how many cards of each kind it holds, at
    `places[kind]`. A hand changes at few versions, so what is given is compared whole first."""

    def __init__(self, encoder: StateEncoder, seat: int, places: list[int]) -> None:
        super().__init__(encoder, seat)
        self.places = places
        self.counts = [0] * len(places)
        self.bits = [encoder.counts_bits(place) for place in places]
        self.kinds: list[int] = []  # the cards last given (a copy: a hand changes in place)

    def forget(self) -> None:
        self.counts, self.kinds = [0] * len(self.places), []

    def count(self, kind: int, count: int) -> None:
        """`count` cards of `kind` held, written in the seat's vector."""
        bits = self.bits[kind]
        if count < len(bits):
            self.encoder.own_bits(self.seat, self.places[kind], bits[count])
        else:
            self.write(self.places[kind], float(count))

    def set(self, kinds: list[int]) -> bool:
        """The hand as the kind of each card held (a kind as often as it is held); whether it changed."""
        held, size = self.kinds, len(kinds)
        if size == len(held):
            if kinds == held:
                return False
        elif size == len(held) - 1:  # (the usual change, a card played: one count down, nothing counted afresh)
            k = 0
            while k < size and kinds[k] == held[k]:
                k += 1
            rest = k
            while rest < size and kinds[rest] == held[rest + 1]:
                rest += 1
            if rest == size:
                kind = held[k]
                count = self.counts[kind] - 1
                self.count(kind, count)
                self.counts[kind] = count
                del held[k]  # (the copy kept: now equal to `kinds`)
                return True
        counts, kept = [0] * len(self.places), self.counts
        for kind in kinds:
            counts[kind] = counts[kind] + 1
        for listed in (self.kinds, kinds):  # (a count can differ only at a kind held before or now)
            for kind in listed:
                if counts[kind] != kept[kind]:
                    self.count(kind, counts[kind])
                    kept[kind] = counts[kind]
        self.kinds = list(kinds)
        return True

    def set_counts(self, counts: list[int]) -> None:
        """The hand as how many cards of each kind it holds."""
        kept = self.counts
        if counts == kept:
            return
        for kind in range(len(kept)):
            if counts[kind] != kept[kind]:
                self.count(kind, counts[kind])
        self.counts = list(counts)


class Counts(Cell):
    """How many items of a list fall on each place from `place` on (a pile's cards counted per card), for a list
    that only grows while it is the same list (a pile within a round): only what was appended since the last
    call is counted. Another list, a shorter one, or one whose last counted item changed is counted afresh.
    An item counts at `place + index(item)`, at `place + places[item]`, or (given neither: an int) at
    `place + item`: a list's item or the item itself costs less than a Python call each."""

    def __init__(self, encoder: StateEncoder, place: int, size: int, index: Callable[[Any], int] | None = None,
                 places: list[int] | None = None) -> None:
        super().__init__(encoder)
        self.place, self.index, self.places = place, index, places
        self.counts = [0] * size
        self._items: list[Any] | None = None
        self._seen = 0
        self._last: Any = None

    def forget(self) -> None:
        self.counts = [0] * len(self.counts)
        self._items, self._seen, self._last = None, 0, None

    def set(self, items: list[Any]) -> None:
        seen = self._seen
        if items is self._items and len(items) == seen and (not seen or items[seen - 1] is self._last):
            return  # (the usual case, unchanged: identities alone; an equal item that is another object goes on)
        counts, place, index, places = self.counts, self.place, self.index, self.places
        if items is not self._items or len(items) < seen or (seen and items[seen - 1] != self._last):
            for k in range(len(counts)):
                if counts[k]:
                    self.write(place + k, 0.0)
                    counts[k] = 0
            self._items, seen = items, 0
        if len(items) > seen:
            encoder = self.encoder
            for item in items[seen:]:
                at: int = places[item] if places is not None else index(item) if index is not None else item
                count = counts[at] + 1  # (not `+=`: mypyc makes an item's `+=` a generic Python addition)
                counts[at] = count
                made = encoder.counts_bits(place + at)  # (a count's bits made once: no rounding at each write)
                if count < len(made):
                    encoder.put_bits(place + at, made[count])
                else:
                    self.write(place + at, float(count))
            self._last = items[-1]
        self._seen = len(items)


class Pile:
    """A pile's block as `Both(Cards, Recent)` lays it out from `place`: each card counted (`Counts`), then the
    pile's length over `length_scale`, then its last `recent` cards one-hot, the top first. `places[item]` is an
    item's place in the card vocabulary of `size`."""

    def __init__(self, encoder: StateEncoder, place: int, size: int, places: list[int], recent: int,
                 length_scale: float) -> None:
        self.counts = Counts(encoder, place, size, places=places)
        self.length = Value(encoder, place + size)
        self.recent = [One(encoder) for _ in range(recent)]
        self.first, self.size, self.places, self.length_scale = place + size + 1, size, places, length_scale
        self.since = Since(encoder)

    def set(self, pile: list[int]) -> None:
        # (a pile only grows while it is the same list, as `Counts` has it: unchanged, its length and top tell)
        if not self.since.changed((pile, len(pile), pile[-1] if pile else None)):
            return
        self.counts.set(pile)
        self.length.set(len(pile) / self.length_scale)
        places, slot, top = self.places, self.first, len(pile)
        for k, cell in enumerate(self.recent):
            cell.set(slot + places[pile[-1 - k]] if k < top else -1)
            slot += self.size


class Spots(Cell):
    """Floats at a few places that vary (place -> value; every other place of the block 0): counts of a few cards."""

    def __init__(self, encoder: StateEncoder) -> None:
        super().__init__(encoder)
        self.spots: dict[int, float] = {}

    def forget(self) -> None:
        self.spots = {}

    def set(self, spots: dict[int, float]) -> None:
        """(`spots` is kept: pass a fresh dict.)"""
        kept = self.spots
        if spots == kept:
            return
        for place in kept:
            if place not in spots:
                self.write(place, 0.0)
        for place, value in spots.items():
            if kept.get(place) != value:
                self.write(place, value)
        self.spots = spots


class ReferenceStateEncoder(StateEncoder):
    """The encoding through the observation dict, for a game that has no fast path of its own."""

    def encode(self, state: State, seat: int) -> Vector:
        return self.reference.encode(state.observation(seat))

    def encode_into(self, state: State, seat: int, out: Vector) -> None:
        out[:] = self.encode(state, seat)

    def encode_all(self, state: State) -> Table:
        return np.stack([self.encode(state, seat) for seat in range(self.players)])


LEARNED = 4096  # action objects an `ActionIds` remembers beyond the table; past that it starts afresh


class ActionIds:
    """Action -> id, for the legal lists of a game's states, found by identity (an action object's hash is a
    Python call): the action table's own objects, and those another equal action was looked up for (some
    games list their moves from tables of their own: Solo's by place, Zop Zoo's), learned as they come."""

    def __init__(self, game: Game) -> None:
        self._game = game
        # Kept here: a game may make its table's objects afresh on each call, and an id is only an object's
        # while the object lives (so the learned objects are kept too).
        self.table = tuple(game.action_from_id(i) for i in range(game.num_distinct_actions()))
        self.by_identity = {id(action): i for i, action in enumerate(self.table)}
        self._learned: list[Action] = []

    def ids(self, actions: Sequence[Action]) -> list[int]:
        """The ids of a legal list, in its order."""
        ids = []
        for action in actions:
            found = self.by_identity.get(id(action))
            ids.append(self.of(action) if found is None else found)
        return ids

    def of(self, action: Action) -> int:
        found = self.by_identity.get(id(action))
        if found is not None:
            return found
        found = self._game.action_id(action)
        if len(self._learned) >= LEARNED:
            self._learned = []
            self.by_identity = {id(known): i for i, known in enumerate(self.table)}
        self._learned.append(action)
        self.by_identity[id(action)] = found
        return found


def mask(blank: npt.NDArray[np.int8], ids: Sequence[int]) -> npt.NDArray[np.int8]:
    """A copy of `blank` (zeros) with 1 at each of `ids`."""
    out = blank.copy()
    mark(out, ids)
    return out


def mark(out: npt.NDArray[np.int8], ids: Sequence[int]) -> None:
    """1 at each of `ids` in `out`."""
    if len(ids) > 16:
        out[list(ids)] = 1
    else:
        for i in ids:  # (a few ids: faster one by one than through numpy's fancy indexing)
            out[i] = 1
