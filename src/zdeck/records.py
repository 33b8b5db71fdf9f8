"""Game records: one JSON object per line - enough to replay a game exactly.

A record holds the game id, the zdeck version, players, options, seed and the
list of submissions `[player, action text]`, `[player, action text, seen]` for a
submission answering an older version, and `[null, "timeout"]` when every actor
waited. Final scores and winners are kept so a replay can check itself.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Self, TextIO

from zdeck.core import Game, IllegalAction, Outcome, State, shorten
from zdeck.registry import make
from zdeck.version import __version__

TIMEOUT = "timeout"


class RecordError(ValueError):
    """A record is malformed, or replaying it diverged from what it says."""


_REQUIRED = ("game", "players", "seed", "actions")
# (key, type, what the message asks for): a field of the wrong kind is refused when read, not
# deep inside a replay (JSON true is a Python bool, itself an int: refused where an int is due).
_FIELDS: tuple[tuple[str, type, str], ...] = (
    ("game", str, "a game id"),
    ("players", int, "an integer"),
    ("seed", int, "an integer"),
    ("actions", list, "a list"),
    ("options", dict, "an object"),
    ("bots", list, "a list"),
    ("scores", list, "a list"),
    ("winners", list, "a list"),
    ("seats", list, "a list"),
)


@dataclass
class Record:
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    bots: list[str] = field(default_factory=list)
    actions: list[list[Any]] = field(default_factory=list)
    scores: list[float] | None = None
    winners: list[int] | None = None
    version: str = __version__
    # Who sat where at a live table, a person by name and a bot by its spec apart ({"kind": "bot", "bot": spec,
    # "level", "name"}; {"kind": "person", "name"}): `bots` names both alike. None where nobody kept it.
    seats: list[dict[str, Any]] | None = None

    def to_json(self) -> str:
        kept = {
            "game": self.game,
            "zdeck": self.version,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "bots": self.bots,
            "actions": self.actions,
            "scores": self.scores,
            "winners": self.winners,
        }
        if self.seats is not None:
            kept["seats"] = self.seats
        return json.dumps(kept, separators=(",", ":"))

    @classmethod
    def from_json(cls, line: str) -> Record:
        try:
            data = json.loads(line)
        except ValueError as exc:  # a JSONDecodeError, or an integer of more digits than Python converts
            raise RecordError(f"not valid JSON: {_cut(str(exc))}") from None
        except RecursionError:  # json nests by recursion: a line of 100k "[" must not be a traceback
            raise RecordError("not a record: JSON nested too deeply") from None
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        missing = [k for k in _REQUIRED if k not in data]
        if missing:
            raise RecordError(f"record lacks {', '.join(missing)}")
        for key, kind, wanted in _FIELDS:
            value = data.get(key)
            well_kept = isinstance(value, kind) and not isinstance(value, bool)
            if not well_kept and (value is not None or key in _REQUIRED):
                raise RecordError(f"record's {key} must be {wanted}, got {shorten(value)}")
        return cls(
            game=data["game"],
            players=data["players"],
            options=data.get("options") or {},
            seed=data["seed"],
            bots=data.get("bots") or [],
            actions=data["actions"],
            scores=data.get("scores"),
            winners=data.get("winners"),
            version=_version_text(data.get("zdeck", "?")),
            seats=data.get("seats"),
        )

    def make_game(self) -> Game:
        try:
            return make(self.game, self.players, **self.options)
        except (ValueError, TypeError) as exc:
            raise RecordError(str(exc)) from None


def _cut(text: str, limit: int = 200) -> str:
    """The JSON library's own message (what and where, never the line itself), cut short as a backstop.
    Not `shorten(...)[1:-1]`: that dropped the closing parenthesis of "(... characters)"."""
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def _version_text(value: Any) -> str:
    """The zdeck version a record names, as text fit for a message."""
    return value if isinstance(value, str) and len(value) <= 40 else shorten(value, 40)


def read_records(path: str | Path) -> Iterator[Record]:
    """The records of a JSON Lines file, read a line at a time: a file of any size replays in the
    memory of its longest record."""
    try:
        with Path(path).open(encoding="utf-8") as lines:
            for number, line in enumerate(lines, 1):
                if line.strip():
                    yield _read_line(path, number, line)
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"cannot read {path}: {_reason(exc)}") from None


def _read_line(path: str | Path, number: int, line: str) -> Record:
    try:
        return Record.from_json(line)
    except RecordError as exc:
        raise RecordError(f"{path}, line {number}: {exc}") from None


def _reason(exc: Exception) -> str:
    """An OS error as one short line ("No such file or directory"), without the path it repeats."""
    return exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)


class RecordWriter:
    """Appends records to a JSON Lines file. Opened before the first game, so a path that cannot take
    them is refused before anyone plays; each record is flushed as it is written, so an interrupted
    batch keeps every game it finished. Every failure is a one-line RecordError."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if self.path.is_dir():
            raise RecordError(f"cannot write records to {self.path}: it is a directory")
        try:
            self._file: TextIO = self.path.open("a", encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot write records to {self.path}: {_reason(exc)}") from None
        self.had_records = self._file.tell() > 0  # appending after earlier games
        self.written, self.failed = 0, False

    def write(self, record: Record) -> None:
        try:
            self._file.write(record.to_json() + "\n")
            self._file.flush()
        except OSError as exc:
            self.failed = True
            raise RecordError(f"cannot write records to {self.path}: {_reason(exc)}") from None
        self.written += 1

    def close(self) -> None:
        """Close the file; a write that failed was reported already, so closing after it is quiet."""
        try:
            self._file.close()
        except OSError as exc:
            if not self.failed:
                raise RecordError(f"cannot write records to {self.path}: {_reason(exc)}") from None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


Step = Callable[[int, State, list[Any], Outcome | None], None]


def replay(record: Record, on_step: Step | None = None) -> State:
    """Re-apply every submission; RecordError on any divergence.

    A record written by another zdeck version may diverge because the rules changed
    since: the error then says which version wrote it, so it does not read as corruption.
    """
    try:
        return _replay(record, on_step)
    except RecordError as exc:
        if record.version != __version__:
            raise RecordError(f"{exc} (the record was written by zdeck {record.version}; "
                              f"this is zdeck {__version__})") from None
        raise


def _replay(record: Record, on_step: Step | None) -> State:
    game = record.make_game()
    state = game.new_state(record.seed)
    for index, entry in enumerate(record.actions):
        outcome = _replay_one(game, state, index, entry)
        if on_step is not None:
            on_step(index, state, entry, outcome)
    if (record.scores is not None or record.winners is not None) and not state.is_over():
        raise RecordError(f"the record ends before the game does (after {len(record.actions)} actions)")
    if record.scores is not None and _rounded(state.scores()) != _rounded(record.scores):
        raise RecordError(f"replayed scores {state.scores()} differ from the recorded {shorten(record.scores)}")
    if record.winners is not None and state.winners() != record.winners:
        raise RecordError(f"replayed winners {state.winners()} differ from the recorded {shorten(record.winners)}")
    return state


def _replay_one(game: Game, state: State, index: int, entry: Any) -> Outcome | None:
    where = f"action {index + 1}"
    if not isinstance(entry, list) or len(entry) not in (2, 3):
        raise RecordError(f"{where}: expected [player, action] or [player, action, seen], got {shorten(entry)}")
    player, text = entry[0], entry[1]
    try:
        if player is None and text == TIMEOUT:
            state.timeout()
            return None
        action = game.parse_action(text)
        seen = entry[2] if len(entry) == 3 else None
        return state.apply(player, action, seen=seen)
    except (IllegalAction, ValueError) as exc:
        raise RecordError(f"{where} ({shorten(entry)}) diverges: {exc}") from None


def _rounded(values: list[float]) -> list[float]:
    try:
        return [round(float(v), 6) for v in values]
    except (TypeError, ValueError):
        raise RecordError(f"scores must be numbers, got {shorten(values)}") from None
