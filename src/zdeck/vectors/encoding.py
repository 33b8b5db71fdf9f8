"""Fixed-shape numpy encodings of observation dicts, declared per game as a list of fields.

An encoder reads only `state.observation(seat)` - the dict a seat is shown - so it cannot leak
what the seat does not see. Each game's encoding is named with a version (`zipzap_v1`), lists
every key of the observation in order (encoded, or ignored with a reason), and refuses an
observation whose keys or values it does not know: a changed observation breaks loudly
(`EncodingMismatch`) instead of silently changing the vector. Seats are encoded relative to
the observing seat (slot 0 is "me", slot 1 the next seat, ...), so one policy fits every seat.

Field kinds (each writes a fixed number of floats):

| kind | writes |
|---|---|
| `OneOf` | one-hot of a categorical value (all zeros for null) |
| `SeatOf` | one-hot of a seat, relative to the observer (zeros for null) |
| `Seats` | multi-hot of a list of seats, relative |
| `Num` | value / scale (null: 0) |
| `Flag` | 1.0 / 0.0 |
| `PerSeat` | a number per seat, rotated to relative order, / scale |
| `Cards` | a count per card of the vocabulary (a hand, a pile as a multiset) |
| `Card` | one-hot of one card of the vocabulary (zeros for null) |
| `Recent` | the last k items of a list, most recent first: card one-hot (+ relative seat one-hot), and the list's length |
| `CardsBySeat` | `Cards` for each seat, rotated |
| `Last` | the `last` object: the seat (relative) and the action's id one-hot over the game's action table |
| `RoundScores` | how many rounds are finished, and the last finished round's scores by seat |
| `Both` | two of the above for one key, one after the other |
| `Null` | nothing: the key is always null in this game (a value is refused) |
| `Custom` | a game's own structure, described in its spec |

A game option the vector should carry is a field read from the observation's `options` (`option(OneOf(...))`):
it keeps its place among the fields, and the key check counts `options` once, where the observation has it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from zdeck.core import Game

Vector = npt.NDArray[np.float32]
UNBOUNDED = math.inf  # the bound of a number no rule bounds (a total in a match played to a target)


class EncodingMismatch(ValueError):
    """An observation this encoding version does not describe: the game's observation changed."""


@dataclass(frozen=True)
class Context:
    """What every field needs besides the value: the observer and the table size."""

    seat: int
    players: int

    def rel(self, seat: int) -> int:
        """The observer-relative slot of `seat`: 0 is the observer, 1 the next seat, ..."""
        return (seat - self.seat) % self.players


@dataclass(frozen=True)
class SeatBlocks:
    """Floats that follow the seats round the table: a block of `width` floats per seat, the block of the seat
    k places after the observer at `start + k * stride` (from the field's first float). Between two observers
    the blocks only move round: this is what lets a fast encoder write one public vector for all seats
    (`zdeck.vectors.fast`)."""

    start: int
    stride: int = 1
    width: int = 1


ONE_PER_SEAT = SeatBlocks(0)


class Field:
    """One key of the observation and the floats it writes. Subclasses set `size` in `bind`."""

    key: str
    size: int = 0
    under: str | None = None  # the key is read inside observation[under] (`option`), not at the top

    @property
    def path(self) -> str:
        """The key as the documentation names it: `pair_rule`, or `options.pair_rule`."""
        return self.key if self.under is None else f"{self.under}.{self.key}"

    def bind(self, game: Game) -> None:
        """Fix the size (and tables) for this game's players and options."""

    def bounds(self) -> tuple[list[float], list[float]]:
        return [0.0] * self.size, [1.0] * self.size

    def seat_blocks(self) -> list[SeatBlocks]:
        """Where this field's floats are per seat, in observer-relative order (`SeatBlocks`); none by default."""
        return []

    def write(self, value: Any, out: Vector, at: int, ctx: Context) -> None:
        raise NotImplementedError

    def describe(self) -> str:
        raise NotImplementedError

    def unknown(self, what: str, value: Any) -> EncodingMismatch:
        text = repr(value)
        return EncodingMismatch(f"{self.key}: unknown {what} {text[:60]}")


F = TypeVar("F", bound=Field)


def option(field: F) -> F:
    """`field` reading the game option of its name from the observation's `options`, where options appear."""
    field.under = "options"
    return field


def index_of(values: Sequence[str]) -> dict[str, int]:
    return {v: i for i, v in enumerate(values)}


@dataclass
class OneOf(Field):
    key: str
    choices: Sequence[Any]

    def bind(self, game: Game) -> None:
        self.size, self._at = len(self.choices), {c: i for i, c in enumerate(self.choices)}

    def write(self, value: Any, out: Vector, at: int, ctx: Context) -> None:
        if value is None:
            return
        i = self._at.get(value)
        if i is None:
            raise self.unknown("value", value)
        out[at + i] = 1.0

    def describe(self) -> str:
        return "one-hot of " + ", ".join(f"`{c}`" for c in self.choices) + " (null: zeros)"


@dataclass
class SeatOf(Field):
    key: str

    def bind(self, game: Game) -> None:
        self.size = game.players

    def seat_blocks(self) -> list[SeatBlocks]:
        return [ONE_PER_SEAT]

    def write(self, value: Any, out: Vector, at: int, ctx: Context) -> None:
        if value is not None:
            out[at + ctx.rel(value)] = 1.0

    def describe(self) -> str:
        return "one-hot of the seat, relative to the observer (null: zeros)"


@dataclass
class Seats(Field):
    key: str

    def bind(self, game: Game) -> None:
        self.size = game.players

    def seat_blocks(self) -> list[SeatBlocks]:
        return [ONE_PER_SEAT]

    def write(self, value: Any, out: Vector, at: int, ctx: Context) -> None:
        for seat in value or ():
            out[at + ctx.rel(seat)] = 1.0

    def describe(self) -> str:
        return "multi-hot of the seats, relative to the observer"


@dataclass
class Num(Field):
    key: str
    scale: float = 1.0
    low: float = 0.0
    high: float = UNBOUNDED  # raw units, as the rules bound the value

    def bind(self, game: Game) -> None:
        self.size = 1

    def bounds(self) -> tuple[list[float], list[float]]:
        return [self.low / self.scale], [self.high / self.scale]

    def write(self, value: Any, out: Vector, at: int, ctx: Context) -> None:
        if value is not None:
            out[at] = value / self.scale

    def describe(self) -> str:
        return f"value / {self.scale:g} (null: 0)" if self.scale != 1 else "the value (null: 0)"


@dataclass
class Flag(Field):
    key: str

    def bind(self, game: Game) -> None:
        self.size = 1

    def write(self, value: Any, out: Vector, at: int, ctx: Context) -> None:
        if value:
            out[at] = 1.0

    def describe(self) -> str:
        return "1 if true"


@dataclass
class PerSeat(Field):
    """A number (or bool) per seat, in observer-relative order."""

    key: str
    scale: float = 1.0
    low: float = 0.0
    high: float = UNBOUNDED

    def bind(self, game: Game) -> None:
        self.size = game.players

    def bounds(self) -> tuple[list[float], list[float]]:
        return [self.low / self.scale] * self.size, [self.high / self.scale] * self.size

    def seat_blocks(self) -> list[SeatBlocks]:
        return [ONE_PER_SEAT]

    def write(self, value: Any, out: Vector, at: int, ctx: Context) -> None:
        if value is None:
            return
        me, scale = ctx.seat, self.scale  # relative order: my value first, then the next seat's, ...
        out[at:at + self.size] = [v / scale for v in value[me:] + value[:me]]

    def describe(self) -> str:
        per = f"/ {self.scale:g}" if self.scale != 1 else "as a number"
        return f"by seat, relative to the observer, {per} (null: zeros)"


def _card_of(item: Any) -> Any:
    return item["card"] if isinstance(item, dict) else item


@dataclass
class Cards(Field):
    """A multiset of cards as a count per card of the vocabulary."""

    key: str
    vocab: Sequence[str]
    most: int = 1  # copies of one card there may be: the bound of each count

    def bind(self, game: Game) -> None:
        self.size, self._at = len(self.vocab), index_of(self.vocab)

    def bounds(self) -> tuple[list[float], list[float]]:
        return [0.0] * self.size, [float(self.most)] * self.size

    def write(self, value: Any, out: Vector, at: int, ctx: Context) -> None:
        if value:
            out[at:at + self.size] += np.bincount(self.ids(value), minlength=self.size)

    def ids(self, items: Sequence[Any]) -> list[int]:
        """The vocabulary index of each card (of each item's "card")."""
        texts = [item["card"] for item in items] if isinstance(items[0], dict) else items
        try:
            return list(map(self._at.__getitem__, texts))
        except (KeyError, TypeError):
            bad = next(t for t in texts if not isinstance(t, str) or t not in self._at)
            raise self.unknown("card", bad) from None

    def describe(self) -> str:
        return f"count of each card of the vocabulary ({self.size}), order not kept"


@dataclass
class Card(Field):
    key: str
    vocab: Sequence[str]

    def bind(self, game: Game) -> None:
        self.size, self._at = len(self.vocab), index_of(self.vocab)

    def write(self, value: Any, out: Vector, at: int, ctx: Context) -> None:
        if value is None:
            return
        i = self._at.get(value)
        if i is None:
            raise self.unknown("card", value)
        out[at + i] = 1.0

    def describe(self) -> str:
        return f"one-hot over the card vocabulary ({self.size}) (null: zeros)"


@dataclass
class Recent(Field):
    """The last `k` items of a list, most recent first, and the list's length / `length_scale`.

    Each slot holds the card one-hot and, for items `{"seat": s, "card": c}`, the seat one-hot
    (relative; a null seat, a card turned up from the deck, leaves it zeros)."""

    key: str
    vocab: Sequence[str]
    k: int
    with_seat: bool = False
    length_scale: float = 10.0
    longest: float = UNBOUNDED  # the list's longest, as the rules bound it

    def bind(self, game: Game) -> None:
        self._players = game.players if self.with_seat else 0
        self._slot = len(self.vocab) + self._players
        self.size, self._at = 1 + self.k * self._slot, index_of(self.vocab)

    def bounds(self) -> tuple[list[float], list[float]]:
        return [0.0] * self.size, [self.longest / self.length_scale] + [1.0] * (self.size - 1)

    def seat_blocks(self) -> list[SeatBlocks]:
        seat_at = 1 + len(self.vocab)  # each slot: its card one-hot, then its seat one-hot
        return [SeatBlocks(seat_at + k * self._slot) for k in range(self.k)] if self._players else []

    def write(self, value: Any, out: Vector, at: int, ctx: Context) -> None:
        items = value or ()
        out[at] = len(items) / self.length_scale
        for slot, item in enumerate(reversed(items[-self.k:])):
            base = at + 1 + slot * self._slot
            i = self._at.get(_card_of(item))
            if i is None:
                raise self.unknown("card", item)
            out[base + i] = 1.0
            if self._players and item.get("seat") is not None:
                out[base + len(self.vocab) + ctx.rel(item["seat"])] = 1.0

    def describe(self) -> str:
        seat = " and the seat who laid it (relative)" if self.with_seat else ""
        return (f"length / {self.length_scale:g}, then the last {self.k}, most recent first: "
                f"each a card one-hot{seat}")


@dataclass
class CardsBySeat(Field):
    """A list (by seat) of lists of cards: a count per card for each seat, in relative order."""

    key: str
    vocab: Sequence[str]
    most: int = 1

    def bind(self, game: Game) -> None:
        self._cards = Cards(self.key, self.vocab, self.most)
        self._cards.bind(game)
        self._n, self.size = len(self.vocab), game.players * len(self.vocab)

    def bounds(self) -> tuple[list[float], list[float]]:
        return [0.0] * self.size, [float(self.most)] * self.size

    def seat_blocks(self) -> list[SeatBlocks]:
        return [SeatBlocks(0, self._n, self._n)]

    def write(self, value: Any, out: Vector, at: int, ctx: Context) -> None:
        n = self._n
        for seat, cards in enumerate(value or ()):
            if cards:
                base = at + ctx.rel(seat) * n
                out[base:base + n] += np.bincount(self._cards.ids(cards), minlength=n)

    def describe(self) -> str:
        return f"for each seat (relative), the count of each card of the vocabulary ({self._n})"


@dataclass
class Last(Field):
    """`{"seat": p, "action": text}` or null: the seat one-hot (relative) and the action's id one-hot."""

    key: str
    seat_key: str = "seat"

    def bind(self, game: Game) -> None:
        self._game, self._players = game, game.players
        self.size = game.players + game.num_distinct_actions()

    def seat_blocks(self) -> list[SeatBlocks]:
        return [ONE_PER_SEAT]

    def write(self, value: Any, out: Vector, at: int, ctx: Context) -> None:
        if value is None:
            return
        out[at + ctx.rel(value[self.seat_key])] = 1.0
        try:
            index = self._game.action_id(self._game.parse_action(value["action"]))
        except ValueError:
            raise self.unknown("action", value["action"]) from None
        out[at + self._players + index] = 1.0

    def describe(self) -> str:
        return "the seat (relative) one-hot, then the action one-hot by its id in the game's action table (null: zeros)"


@dataclass
class RoundScores(Field):
    """Rounds finished / `rounds_scale`, then the last finished round's scores by seat / `scale`."""

    key: str
    scale: float
    rounds_scale: float = 10.0
    rounds: float = UNBOUNDED  # the most rounds a game has
    low: float = -UNBOUNDED  # a round's scores, as the rules bound them (raw)
    high: float = UNBOUNDED

    def bind(self, game: Game) -> None:
        self.size = 1 + game.players

    def bounds(self) -> tuple[list[float], list[float]]:
        return ([0.0] + [self.low / self.scale] * (self.size - 1),
                [self.rounds / self.rounds_scale] + [self.high / self.scale] * (self.size - 1))

    def seat_blocks(self) -> list[SeatBlocks]:
        return [SeatBlocks(1)]

    def write(self, value: Any, out: Vector, at: int, ctx: Context) -> None:
        out[at] = len(value) / self.rounds_scale
        if value:
            for seat, v in enumerate(value[-1]):
                out[at + 1 + ctx.rel(seat)] = v / self.scale

    def describe(self) -> str:
        return (f"rounds finished / {self.rounds_scale:g}, then the last finished round's scores by seat "
                f"(relative) / {self.scale:g}; earlier rounds are in `scores`' totals")


@dataclass
class Custom(Field):
    """A game's own structure: `size_of(game)` floats written by `writer(value, out, at, ctx)`."""

    key: str
    size_of: Callable[[Game], int]
    writer: Callable[[Any, Vector, int, Context], None]
    text: str
    high: float = 1.0  # every float's bound (UNBOUNDED where the rules set none) ...
    seats: Callable[[Game], list[SeatBlocks]] = lambda game: []  # its floats that follow the seats round
    highs: Callable[[Game], list[float]] | None = None  # ... or each float's own

    def bind(self, game: Game) -> None:
        self.size = self.size_of(game)
        self._seat_blocks = self.seats(game)
        self._highs = [self.high] * self.size if self.highs is None else self.highs(game)
        if len(self._highs) != self.size:
            raise ValueError(f"{self.key}: {len(self._highs)} bounds for {self.size} floats")

    def seat_blocks(self) -> list[SeatBlocks]:
        return self._seat_blocks

    def bounds(self) -> tuple[list[float], list[float]]:
        return [0.0] * self.size, list(self._highs)

    def write(self, value: Any, out: Vector, at: int, ctx: Context) -> None:
        try:
            self.writer(value, out, at, ctx)
        except (KeyError, ValueError, TypeError, IndexError) as exc:  # a value the writer has no place for
            raise self.unknown(f"value ({type(exc).__name__}: {exc})", value) from None

    def describe(self) -> str:
        return self.text


@dataclass
class Both(Field):
    """Several encodings of one key, one after the other (a pile as a multiset and its last cards)."""

    key: str
    parts: Sequence[Field]

    def bind(self, game: Game) -> None:
        for part in self.parts:
            part.bind(game)
        self.size = sum(part.size for part in self.parts)

    def bounds(self) -> tuple[list[float], list[float]]:
        low: list[float] = []
        high: list[float] = []
        for part in self.parts:
            lo, hi = part.bounds()
            low += lo
            high += hi
        return low, high

    def seat_blocks(self) -> list[SeatBlocks]:
        blocks, at = [], 0
        for part in self.parts:
            blocks += [SeatBlocks(at + b.start, b.stride, b.width) for b in part.seat_blocks()]
            at += part.size
        return blocks

    def write(self, value: Any, out: Vector, at: int, ctx: Context) -> None:
        for part in self.parts:
            part.write(value, out, at, ctx)
            at += part.size

    def describe(self) -> str:
        return "; then ".join(part.describe() for part in self.parts)


@dataclass
class Null(Field):
    """A key that is always null in this game (Zop Zoo's `hand`): no floats, but a value refuses."""

    key: str

    def write(self, value: Any, out: Vector, at: int, ctx: Context) -> None:
        if value is not None:
            raise self.unknown("value (always null in this encoding)", value)

    def describe(self) -> str:
        return "always null here: nothing written (a value would be refused)"


@dataclass(frozen=True)
class Ignored:
    """A key of the observation the encoding leaves out, and why."""

    key: str
    why: str


Entry = Field | Ignored


@dataclass
class Spec:
    """A game's encoding: its versioned name and every key of the observation, in order."""

    name: str  # e.g. "zipzap_v1": bump the version whenever the vector changes
    game: str
    entries: list[Entry]
    notes: str = ""
    keys: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        # The observation's own keys, in order: an option's field reads inside `options`, listed once by itself.
        self.keys = tuple(e.key for e in self.entries if getattr(e, "under", None) is None)


VERSIONS = (1, 2)  # 1: the scales each field states; 2: the same floats normalised (`Encoder.normaliser`)
LATEST = VERSIONS[-1]


class Encoder:
    """A `Spec` bound to one game (its players and options): observation dict -> float32 vector.

    Version 1 writes each number divided by the scale its field states; version 2 (`<game>_v2`) then
    normalises every float the rules bound into [-1, 1] (into [0, 1] where it cannot be negative):
    multiplied by 1 / its largest magnitude (`normaliser`). A float no rule bounds (a total in a match
    played to a target) keeps version 1's value and states `inf` as its bound."""

    def __init__(self, spec: Spec, game: Game, version: int = LATEST) -> None:
        if spec.game != game.id:
            raise ValueError(f"encoding {spec.name} is for {spec.game}, not {game.id}")
        if version not in VERSIONS:
            raise ValueError(f"{spec.game} has encodings {', '.join(f'v{v}' for v in VERSIONS)}, not {version!r}")
        self.spec, self.version, self.players = spec, version, game.players
        self.name = f"{spec.name.rpartition('_v')[0]}_v{version}"
        self.fields: list[tuple[Field, int]] = []
        at, low, high = 0, [], []
        for entry in spec.entries:
            if isinstance(entry, Ignored):
                continue
            entry.bind(game)
            lo, hi = entry.bounds()
            low += lo
            high += hi
            self.fields.append((entry, at))
            at += entry.size
        self.size = at
        bound = np.maximum(np.abs(np.array(low)), np.abs(np.array(high)))
        # Each float's factor in version 2: 1 / its largest magnitude, where the rules bound it (else 1).
        self.normaliser: Vector | None = None
        if version == 2:
            self.normaliser = np.where(np.isfinite(bound) & (bound > 0), 1.0 / np.where(bound > 0, bound, 1.0),
                                       1.0).astype(np.float32)
        factor = 1.0 if self.normaliser is None else self.normaliser
        self.low = (np.array(low) * factor).astype(np.float32)
        self.high = (np.array(high) * factor).astype(np.float32)

    def encode(self, observation: Mapping[str, Any]) -> Vector:
        """The vector of this seat's observation (a fresh array)."""
        keys = tuple(observation)
        if keys != self.spec.keys:
            raise self._mismatch(keys)
        seat = observation["seat"]
        if not isinstance(seat, int):
            raise EncodingMismatch(f"{self.name} encodes a seat's view, not a spectator's (seat={seat!r})")
        out = np.zeros(self.size, dtype=np.float32)
        ctx = Context(seat, self.players)
        for f, at in self.fields:
            try:
                f.write(observation[f.key] if f.under is None else observation[f.under][f.key], out, at, ctx)
            except EncodingMismatch as exc:
                raise EncodingMismatch(f"{self.name}: {exc}: the game's observation changed; "
                                       "update the encoding and bump its version") from None
        if self.normaliser is not None:
            out *= self.normaliser
        return out

    def rotations(self) -> npt.NDArray[np.intp]:
        """`perm[s]`, for each seat s: where each float of s's vector sits in seat 0's vector of the same table,
        for the floats every seat is shown alike. Seat 0 counts the seats from itself and seat s from s, so
        only the per-seat blocks move (`Field.seat_blocks`): `seat0_vector[perm[s]]` is s's vector but for
        what s alone sees (its hand). `zdeck.vectors.fast` writes the shared part once and rotates it so."""
        n = self.players
        perm = np.tile(np.arange(self.size, dtype=np.intp), (n, 1))
        for f, at in self.fields:
            for block in f.seat_blocks():
                base = at + block.start
                for s in range(n):
                    for k in range(n):
                        mine, seat0 = base + k * block.stride, base + (s + k) % n * block.stride
                        perm[s, mine:mine + block.width] = np.arange(seat0, seat0 + block.width)
        return perm

    def _mismatch(self, keys: tuple[str, ...]) -> EncodingMismatch:
        added = [k for k in keys if k not in self.spec.keys]
        missing = [k for k in self.spec.keys if k not in keys]
        detail = f"added {added}, missing {missing}" if added or missing else "the keys' order changed"
        return EncodingMismatch(f"{self.name} does not describe this {self.spec.game} observation ({detail}): "
                                "the game's observation changed; update the encoding and bump its version")

    def markdown(self) -> str:
        """The layout as a Markdown table (docs/rl.md shows one per game)."""
        rows = [f"| key | index | size | encoded as | bounds ({self.name}) |", "|---|---|---|---|---|"]
        for key, at, size, how in self.layout():
            where = f"{at}..{at + size - 1}" if size else "-"
            rows.append(f"| `{key}` | {where} | {size} | {how} | {self.ranges(at, size)} |")
        notes = f"\n\n{self.spec.notes}" if self.spec.notes else ""
        return "\n".join(rows) + notes + "".join(
            f"\n\nVocabulary of `{'`, `'.join(keys)}`, in index order: {', '.join(vocab)}."
            for vocab, keys in self.vocabularies().items())

    def ranges(self, at: int, size: int) -> str:
        """The bounds of floats at..at+size, each distinct one once: `[0, 1]`, `[-1, 1]; [0, inf]`."""
        found = dict.fromkeys((float(lo), float(hi)) for lo, hi in zip(self.low[at:at + size], self.high[at:at + size]))
        return "; ".join(f"[{lo:.4g}, {hi:.4g}]" for lo, hi in found) or "-"

    def vocabularies(self) -> dict[tuple[str, ...], list[str]]:
        """Each card (or line, or suit) vocabulary the fields count over, with the keys that use it."""
        found: dict[tuple[str, ...], list[str]] = {}
        for f, _ in self.fields:
            for part in getattr(f, "parts", [f]):
                vocab = getattr(part, "vocab", None)
                if vocab is not None and f.path not in found.setdefault(tuple(vocab), []):
                    found[tuple(vocab)].append(f.path)
        return found

    def layout(self) -> list[tuple[str, int, int, str]]:
        """(key, first index, size, how) for every key, ignored ones with size 0: the documentation."""
        rows, at = [], 0
        for entry in self.spec.entries:
            if isinstance(entry, Ignored):
                rows.append((entry.key, at, 0, f"not encoded: {entry.why}"))
            else:
                rows.append((entry.path, at, entry.size, entry.describe()))
                at += entry.size
        return rows
