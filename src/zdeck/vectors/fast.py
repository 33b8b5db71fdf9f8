"""Observation vectors written straight from a game's state: the fast path of the encodings.

The reference encoder (`zdeck.vectors.encoding.Encoder`) builds the observation dict a seat is shown and
walks it. A game's `StateEncoder` (in the game's folder, `decks/<game>/encoding.py`) writes the same
floats from the state itself, in two parts:

- `public`: what every seat is shown alike, written once per version of the state as seat 0 counts
  the seats, then turned round to each observer by the encoding's seat rotation
  (`Encoder.rotations`: only the per-seat blocks move);
- `private`: what one seat alone is shown (its hand), written into that seat's vector.

Blocks that grow with the game (a pile's counts) are kept up to date from what was added since the last
version (`Tally`) rather than recounted. tests/rl/test_fast.py checks every game's fast path bit for bit
against the reference over many played positions; a game without one is encoded through the
observation dict (`ReferenceStateEncoder`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from zdeck.core import Action, Game, State
from zdeck.vectors.encoding import Encoder, Field, Num, OneOf, PerSeat, RoundScores, Vector

Table = npt.NDArray[np.float32]  # one row per seat
F = TypeVar("F", bound=Field)


class StateEncoder:
    """A game's encoding written from its state; subclasses write `public` (and `private`, naming the keys it
    writes in `PRIVATE`)."""

    PRIVATE: tuple[str, ...] = ()  # the keys `private` writes: 0 in the shared part

    def __init__(self, game: Game, reference: Encoder) -> None:
        self.game, self.reference = game, reference
        self.name, self.size, self.players = reference.name, reference.size, game.players
        self.low, self.high = reference.low, reference.high
        self.normaliser = reference.normaliser  # version 2: each float times its factor, after the rest
        self.at = {f.key: at for f, at in reference.fields}  # where each key's floats start (an option's by its name)
        self.fields: dict[str, Field] = {f.key: f for f, _ in reference.fields}
        self._rotations = reference.rotations()
        self._state: State | None = None
        self._version = -1
        self._public: Vector = np.zeros(self.size, dtype=np.float32)  # rewritten in place for each version
        # Each seat's vector is seat 0's copied, then the floats of the per-seat blocks moved (few, beside the whole).
        self._turns = [_turn(rotation) for rotation in self._rotations]
        # Every seat's at once (`encode_all`): the places in the stacked rows, and where each float comes from.
        self._moved_all = np.concatenate([seat * self.size + moved for seat, (moved, _) in enumerate(self._turns)])
        self._source_all = np.concatenate([source for _, source in self._turns])
        # Version 2 scales the shared part once per version of the state, and after `private` only the keys it wrote
        # (the shared part is 0 there, and every seat's block has the same factors, so the order does not matter).
        norm = self.normaliser
        self._scaled_once = norm is not None and all(np.array_equal(norm[r], norm) for r in self._rotations)
        self._private_scales: list[tuple[int, int, Vector]] = []
        if norm is not None:
            for key in self.PRIVATE:
                at, size = self.at[key], self.fields[key].size
                if not np.all(norm[at:at + size] == 1.0):
                    self._private_scales.append((at, at + size, norm[at:at + size]))
        self._phases = {c: self.at["phase"] + k for k, c in enumerate(self.field("phase", OneOf).choices)}
        self._round_scale = self.field("round", Num).scale
        sizes = self.fields.get("hand_sizes")
        self._sizes_scale = sizes.scale if isinstance(sizes, PerSeat) else 1.0  # (a game without hands: Null)
        self._scores_scale = self.field("scores", PerSeat).scale
        rounds = self.field("round_scores", RoundScores)
        self._history_scale, self._history_rounds_scale = rounds.scale, rounds.rounds_scale

    def field(self, key: str, kind: type[F]) -> F:
        """The reference's field of `key` (its scale, its choices), of the kind the fast path expects."""
        found = self.fields[key]
        if not isinstance(found, kind):
            raise TypeError(f"{self.name}: {key} is encoded as {type(found).__name__}, not {kind.__name__}")
        return found

    def one_of(self, key: str) -> dict[Any, int]:
        """Where each choice of a `OneOf` key is written."""
        return {c: self.at[key] + k for k, c in enumerate(self.field(key, OneOf).choices)}

    # -- the keys every observation shares (docs/observations.md), written as seat 0 sees them ------------
    def head(self, out: Vector, phase: str, turn: int | None, round_no: int | None, rounds: int | None) -> None:
        out[self._phases[phase]] = 1.0
        if turn is not None:
            out[self.at["turn"] + turn] = 1.0
        if round_no is not None:
            out[self.at["round"]] = round_no / self._round_scale
        if rounds is not None:
            out[self.at["rounds"]] = rounds / self._round_scale

    def sizes(self, out: Vector, sizes: Sequence[float]) -> None:
        scale = self._sizes_scale
        at = self.at["hand_sizes"]
        for size in sizes:  # (a few floats: one by one is faster than a list through numpy)
            out[at] = size / scale
            at += 1

    def outcome(self, out: Vector, scores: Sequence[float], history: Sequence[Sequence[float]], over: bool,
                winners: Sequence[int]) -> None:
        at, scale = self.at, self._scores_scale
        where = at["scores"]
        for v in scores:
            out[where] = v / scale
            where += 1
        out[at["round_scores"]] = len(history) / self._history_rounds_scale
        if history:
            rows = at["round_scores"] + 1
            for v in history[-1]:
                out[rows] = v / self._history_scale
                rows += 1
        if over:
            out[at["over"]] = 1.0
        for seat in winners:
            out[at["winners"] + seat] = 1.0

    def public(self, state: Any, out: Vector) -> None:
        """Write what every seat is shown alike, as seat 0 sees it, into a zeroed vector."""
        raise NotImplementedError

    def private(self, state: Any, seat: int, out: Vector) -> None:
        """Write what `seat` alone is shown into its vector (its public part already written)."""

    def shared(self, state: State) -> Vector:
        """The public part of this version of `state` (computed once per version; scaled when `_scaled_once`)."""
        if state is not self._state or state.version != self._version:
            out = self._public
            out.fill(0.0)
            self.public(state, out)
            if self._scaled_once and self.normaliser is not None:
                out *= self.normaliser
            self._state, self._version = state, state.version
        return self._public

    def _finish(self, state: State, seat: int, out: Vector) -> None:
        """The seat's own floats, and version 2's factors on what is not scaled yet."""
        if self._scaled_once:
            if self.PRIVATE:
                self.private(state, seat, out)
                for start, end, factors in self._private_scales:
                    out[start:end] *= factors
        else:
            self.private(state, seat, out)
            if self.normaliser is not None:
                out *= self.normaliser

    def encode(self, state: State, seat: int) -> Vector:
        """Seat `seat`'s vector (a fresh array), equal to the reference's of `state.observation(seat)`."""
        if state is not self._state or state.version != self._version:
            self.shared(state)
        public = self._public
        out = public.copy()
        moved, source = self._turns[seat]
        if len(moved):
            out[moved] = public.take(source)
        self._finish(state, seat, out)
        return out

    def encode_into(self, state: State, seat: int, out: Vector) -> None:
        """`encode`, written into `out` (a row of a stacked array)."""
        out[:] = self.shared(state)
        moved, source = self._turns[seat]
        if len(moved):
            out[moved] = self._public.take(source)
        self._finish(state, seat, out)

    def encode_all(self, state: State) -> Table:
        """Every seat's vector, one row per seat (a fresh array)."""
        public = self.shared(state)
        out = np.empty((self.players, self.size), dtype=np.float32)
        out[:] = public  # (seat 0's copied to every row, then the per-seat floats moved: a gather of the whole is slower)
        if len(self._moved_all):
            out.reshape(-1)[self._moved_all] = public.take(self._source_all)
        for seat in range(self.players):
            self._finish(state, seat, out[seat])
        return out


def _turn(rotation: npt.NDArray[np.intp]) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """Where a seat's vector differs from seat 0's: the places of the per-seat blocks, and where each float comes
    from in seat 0's."""
    moved = np.flatnonzero(rotation != np.arange(len(rotation)))
    return moved, rotation[moved]


class ReferenceStateEncoder(StateEncoder):
    """The encoding through the observation dict, for a game that has no fast path of its own."""

    def encode(self, state: State, seat: int) -> Vector:
        return self.reference.encode(state.observation(seat))

    def encode_into(self, state: State, seat: int, out: Vector) -> None:
        out[:] = self.encode(state, seat)

    def encode_all(self, state: State) -> Table:
        return np.stack([self.encode(state, seat) for seat in range(self.players)])


class Tally:
    """Counts per vocabulary index of the items of a list that only grows while it is the same list (a pile
    within a round): each call counts only what was appended since the last one. Another list, a shorter one,
    or one whose last counted item changed is counted afresh."""

    def __init__(self, size: int, index: Callable[[Any], int]) -> None:
        self.index = index
        self.counts: Vector = np.zeros(size, dtype=np.float32)
        self._items: Sequence[Any] | None = None
        self._seen = 0
        self._last: Any = None

    def of(self, items: Sequence[Any]) -> Vector:
        """The counts of `items` (the tally's own array: copy it before changing it)."""
        seen = self._seen
        if items is not self._items or len(items) < seen or (seen and items[seen - 1] != self._last):
            self.counts[:] = 0.0
            self._items, seen = items, 0
        counts, index = self.counts, self.index
        for k in range(seen, len(items)):
            counts[index(items[k])] += 1.0
        self._seen = len(items)
        if items:
            self._last = items[-1]
        return counts


class Memo(dict[Any, Vector]):
    """Blocks of floats built once per value of what they show (a hand's bitmask): a seat's private floats are
    copied in whole rather than written one by one. Bounded: past `limit` blocks it starts afresh."""

    def __init__(self, build: Callable[[Any], Vector], limit: int = 4096) -> None:
        super().__init__()
        self.build, self.limit = build, limit

    def __missing__(self, key: Any) -> Vector:
        if len(self) >= self.limit:
            self.clear()
        block = self[key] = self.build(key)
        return block


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
