"""The kernel contract that every game implements and every client uses.

A `Game` is a rule set with its options fixed (players, variants); it makes
`State`s. A `State` answers who may act now (possibly several players at once),
each one's legal actions, applies an action, and exposes scores, per-seat
observations and a full dict round-trip. Nothing here does I/O or reads a clock.
"""

from __future__ import annotations

import importlib
from abc import ABC, ABCMeta, abstractmethod
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from enum import Enum
from types import ModuleType
from typing import Any, ClassVar, Final, Protocol, TypeVar, overload

from zdeck.compiled import mypyc_attr
from zdeck.rng import Rng

S = TypeVar("S", bound="State")

Action = Hashable  # games use frozen dataclasses whose str() is their stable text form


class IllegalAction(ValueError):
    """An action was refused; the state is unchanged. The message says why."""


class Outcome(Enum):
    """What `State.apply` did with a submission."""

    APPLIED = "applied"  # the action took effect as sent
    BOUNCED = "bounced"  # too late: by the rules it has no effect (e.g. the card goes back to hand)
    PENALISED = "penalised"  # too late or wrongly called: the rules' penalty was applied instead


_PARTS: Final[dict[tuple[type, str], ModuleType]] = {}  # (a Game class, a module name): the module `Game.part` found

_APPLIED: Final = Outcome.APPLIED  # an Enum member read off its class is slow on the hot path
_BOUNCED: Final = Outcome.BOUNCED


def is_listed(action: Action, actions: Sequence[Action]) -> bool:
    """`action in actions`, looking for the very object first. A client that picks from a legal list submits
    that object, and the equality of two frozen dataclasses is a Python-level `__eq__` call (~0.3 us each, in
    the compiled build too): `in` paid one per action listed before it. An equal action made elsewhere (parsed
    from text, say) is still found by equality."""
    for candidate in actions:
        if candidate is action:
            return True
    return action in actions


@dataclass(frozen=True)
class Option:
    """One named variant option of a game."""

    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    check: Callable[[Any], bool] | None = None  # for open ranges, e.g. "any N >= 2"

    def validate(self, name: str, value: Any) -> Any:
        # A choice must match in type too: `True == 1` and `2.0 == 2` in Python, but the
        # state dicts and records would then carry a value of the wrong type.
        if self.choices is not None and not any(type(c) is type(value) and c == value for c in self.choices):
            allowed = ", ".join(repr(c) for c in self.choices)
            raise ValueError(f"option {name}={shorten(value)} is not allowed; choose one of {allowed}")
        if self.check is not None and not self._passes(value):
            raise ValueError(f"option {name}={shorten(value)} is not allowed: {self.expects()}")
        return value

    def expects(self) -> str:
        """What a valid value is, in words: the check's own `expects` text where it has one (the
        `statedict.int_option` checks say "an integer >= 1"), else the option's description."""
        text = getattr(self.check, "expects", None)
        return f"expected {text}" if isinstance(text, str) else self.doc

    def _passes(self, value: Any) -> bool:
        """The `check`; a value it cannot even compare (a text for a number) fails it."""
        assert self.check is not None
        try:
            return bool(self.check(value))
        except (TypeError, ValueError):
            return False


@mypyc_attr(allow_interpreted_subclasses=True)  # a game written outside, or a variant, subclasses it
class Game(ABC):
    """A rule set with fixed players and options. Subclasses declare metadata as data."""

    id: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]  # one line for `zdeck list`
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_spec: ClassVar[dict[str, Option]] = {}
    default_players: ClassVar[int | None] = None
    # "higher" or "lower": which `scores()` are better by the rulebook. A game's own `score_order` (set from
    # it in __init__) is what counts: an option may turn it round (a game sets it in `check_options`).
    default_score_order: ClassVar[str] = "higher"

    def __init__(self, players: object = None, **options: Any) -> None:
        # `players` is typed `object`, not `int | None`: compiled, a typed argument is checked at the call with
        # mypyc's own TypeError (and a bool turned into an int); the check below names the range instead.
        unknown = sorted(set(options) - set(self.options_spec))
        if unknown:
            allowed = ", ".join(sorted(self.options_spec)) or "none"
            named = ", ".join(name if len(name) <= 40 else shorten(name, 40) for name in unknown)
            raise ValueError(f"{self.id}: unknown option(s) {named}; allowed: {allowed}")
        chosen = {name: opt.default for name, opt in self.options_spec.items()}
        for name, value in options.items():
            chosen[name] = self.options_spec[name].validate(name, value)
        # The type is checked before resolve_options, which may compute with the player count.
        seats = players if isinstance(players, int) and not isinstance(players, bool) else None
        self.options: dict[str, Any] = self.resolve_options(chosen, seats)
        if players is None:
            seats = self.default_players or self.player_range(self.options)[0]
        lo, hi = self.player_range(self.options)
        if seats is None or not lo <= seats <= hi:
            raise ValueError(f"{self.id}: players={shorten(players)} is not allowed; this game takes {lo} to {hi}")
        self.players: int = seats
        self.score_order: str = self.default_score_order
        self.check_options()
        self._codec: ActionCodec | None = None
        self._action_faces: list[dict[str, Any]] | None = None

    # -- metadata hooks -------------------------------------------------------
    def player_range(self, options: dict[str, Any]) -> tuple[int, int]:
        """Player counts allowed under these options (some options change it)."""
        return self.min_players, self.max_players

    def resolve_options(self, options: dict[str, Any], players: int | None) -> dict[str, Any]:
        """Fill option defaults that depend on other options or on the player count."""
        return options

    def check_options(self) -> None:
        """Raise ValueError for option combinations the rules do not allow."""

    def card_faces(self) -> dict[str, dict[str, Any]]:
        """Every card text this game's observations can show (hands, piles, rows, tricks, boards), with its
        face as JSON-ready data: what a player reads off the card. Clients draw and encode cards from it and
        never parse a text.

        A face is a flat dict with the same keys, in the same order, for every card of a game (null where
        one does not apply), `kind` first and always a text. The shared key names are in
        docs/observations.md ("Card faces"), each game's set in docs/observations/<game>.md ("Cards"). Markers that stand in a card's place (a
        face-down card, `"down"`) have faces too. The order is fixed for a game and its options (the
        deck's order, markers last), so a position can serve as an encoding index. Each call returns a
        fresh dict: the same for every seat and every state, so it tells nothing hidden.
        """
        faces: dict[str, dict[str, Any]] = self.part("cards").card_faces(self)
        return faces

    def rounds(self) -> int | None:
        """How many rounds (hands, deals) a match has when that is fixed in advance; None when it is
        played to a target. The observations' `rounds`."""
        return 1

    def describe(self) -> dict[str, Any]:
        return {"game": self.id, "players": self.players, "options": dict(self.options)}

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"zdeck.make({self.id!r}, players={self.players}{opts})"

    # -- the game's folder -------------------------------------------------------
    @overload
    @classmethod
    def part(cls, name: str) -> ModuleType: ...

    @overload
    @classmethod
    def part(cls, name: str, optional: bool) -> ModuleType | None: ...

    @classmethod
    def part(cls, name: str, optional: bool = False) -> ModuleType | None:
        """The module `name` of this game's folder - "state", "actions", "cards" - imported on first use
        (`zdeck list` reads the Game classes alone). A game is a folder: the kernel finds its rules there
        by these names (docs/writing-a-game.md); a family of games sharing one folder's module (the Zoker
        deck's cards) finds it in the parent folder, and a subclass of a game defined elsewhere (a variant)
        finds its parent's. `optional`: None for a game without one. A module found is kept (`_PARTS`):
        `new_state` asks for "state" at every game."""
        found = _PARTS.get((cls, name))
        if found is not None:
            return found
        packages = [_package_of(c) for c in cls.__mro__ if issubclass(c, Game)]
        for package in packages[:-1]:  # (the last is the kernel's own Game)
            for folder in (package, package.rpartition(".")[0]):
                try:
                    found = _PARTS[(cls, name)] = importlib.import_module(f"{folder}.{name}")
                    return found
                except ModuleNotFoundError as exc:
                    if exc.name != f"{folder}.{name}":
                        raise  # the module exists but fails to import something: a bug to see, not to skip
        if optional:
            return None
        raise ModuleNotFoundError(f"{cls.id}: no module {name!r} in its folder {packages[0]}")

    # -- states -----------------------------------------------------------------
    def new_state(self, seed: int) -> State:
        """A fresh game; every later chance event comes from the state's own Rng(seed). The game's
        `state` module deals it: `new_state(game, seed)`."""
        state: State = self.part("state").new_state(self, seed)
        return state

    def state_from_dict(self, data: object) -> State:
        """Rebuild a state from `State.to_dict()`; ValueError on a malformed dict (or anything else: what is
        read from a file or a request is typed `object` here, so that the compiled build checks it here too).

        The header (game, players, options) is checked here; `read_state` reads the rest.
        A game's own ValueErrors name the bad field and pass through; any other slip of a
        reader on a malformed dict (a missing key, a wrong type) becomes a ValueError too.
        """
        checked = self.check_header(data)
        try:
            return self.read_state(checked)
        except ValueError:
            raise
        except (KeyError, TypeError, IndexError, AttributeError) as exc:
            raise ValueError(f"malformed {self.id} state: {type(exc).__name__}: {exc}") from None

    def read_state(self, data: dict[str, Any]) -> State:
        """Build the state from a dict whose header `state_from_dict` has checked: the game's `state`
        module's `read_state(game, data)`."""
        state: State = self.part("state").read_state(self, data)
        return state

    def check_header(self, data: object) -> dict[str, Any]:
        """`data` as a state dict of this game; ValueError for anything else, or one written for another game
        or other options."""
        if not isinstance(data, dict):  # the contract: any malformed state dict is a ValueError
            raise ValueError(f"a {self.id} state must be a dict, got {type(data).__name__}")  # noqa: TRY004
        header = {k: data.get(k) for k in ("game", "players", "options")}
        if header != self.describe():
            raise ValueError(f"state dict is for {header}, not for {self.describe()}")
        return data

    # -- actions ------------------------------------------------------------------
    def action_table(self) -> Sequence[Action]:
        """Every distinct action of this game, in a fixed order: ids are positions. The game's `actions`
        module's `action_table(game)`."""
        table: Sequence[Action] = self.part("actions").action_table(self)
        return table

    def action_codec(self) -> ActionCodec:
        """How this game's actions map to ids and texts, built on first use: an `ActionTable` of
        `action_table()`, unless the game's `actions` module makes its own (`action_codec(game)`, where
        listing every action would be wasteful: ZAR's spoken calls)."""
        if self._codec is None:
            own = getattr(self.part("actions", optional=True), "action_codec", None)
            self._codec = (own(self) if own is not None else None) or ActionTable(self.id, self.action_table())
        return self._codec

    def num_distinct_actions(self) -> int:
        return self.action_codec().size()

    def action_id(self, action: Action) -> int:
        return self.action_codec().action_id(action)

    def action_from_id(self, index: object) -> Action:
        """The action of an id; ValueError for anything but an id of this game (a request's, say: `object`)."""
        return self.action_codec().action_from_id(index)

    # Kinds an action face may have (docs/observations.md, "Action faces"): what a client draws the action on.
    FACE_KINDS: ClassVar[frozenset[str]] = frozenset({
        "play", "call", "draw", "pass", "declare", "discard", "take", "stop", "place", "dig", "cover", "give",
        "steal", "switch", "move", "deal", "turn", "end",
    })

    def action_faces(self) -> list[dict[str, Any]]:
        """What each action stands for, by action id, as JSON-ready data: its `kind` (one of `FACE_KINDS`),
        the card it is done with (`card`, a card text as observations name it), the call it makes
        (`call`), what it declares, ... (per game: docs/observations/<game>.md). A client binds a card or
        a button to an action with it, never by reading action texts. Computed once; do not mutate."""
        if self._action_faces is None:
            ids = range(self.num_distinct_actions())
            self._action_faces = [self.action_face(self.action_from_id(i)) for i in ids]
        return self._action_faces

    def action_face(self, action: Action) -> dict[str, Any]:
        """The face of one action of the table (`action_faces`): the game's `actions` module's
        `action_face(game, action)`."""
        face: dict[str, Any] = self.part("actions").action_face(self, action)
        return face

    def parse_action(self, text: object) -> Action:
        """The action a text names (`str(action)`; case and runs of spaces do not matter); ValueError for
        anything else (a record's or a request's value: `object`)."""
        return self.action_codec().parse(text)


def _package_of(cls: type) -> str:
    """The package a class is defined in. (A `type`, not a `type[Game]`: mypyc reads `__module__` off a class
    object typed so.)"""
    return cls.__module__.rpartition(".")[0]


def shorten(value: object, limit: int = 60) -> str:
    """A value quoted in a message, cut short: hostile input must not flood a log or a terminal."""
    try:
        text = repr(value)
    except ValueError:  # an int of more than 4,300 digits has no repr
        return f"a {type(value).__name__} too large to print"
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def normalise_text(text: str) -> str:
    """The form action texts are compared in: case and runs of spaces do not matter."""
    return " ".join(text.split()).lower()


class ActionCodec(Protocol):
    """Actions <-> integer ids and texts, for one game and its options. A ValueError says what was wrong."""

    def size(self) -> int: ...

    def action_id(self, action: Action) -> int: ...

    def action_from_id(self, index: object) -> Action: ...

    def parse(self, text: object) -> Action: ...


class ActionTable:
    """The usual codec: every action listed once, its id its position, its text `str(action)`."""

    __slots__ = ("_by_text", "_game_id", "_ids", "actions")

    def __init__(self, game_id: str, actions: Sequence[Action]) -> None:
        self._game_id = game_id
        self.actions = tuple(actions)
        self._ids = {a: i for i, a in enumerate(self.actions)}
        self._by_text = {normalise_text(str(a)): a for a in self.actions}
        if len(self._ids) != len(self.actions) or len(self._by_text) != len(self.actions):
            raise AssertionError(f"{game_id}: action table has duplicate actions or texts")

    def size(self) -> int:
        return len(self.actions)

    def action_id(self, action: Action) -> int:
        try:
            return self._ids[action]
        except (KeyError, TypeError):  # TypeError: an unhashable value is no action either
            raise ValueError(f"{self._game_id}: {shorten(action)} is not an action of this game") from None

    def action_from_id(self, index: object) -> Action:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.actions):
            raise ValueError(f"{self._game_id}: action id {shorten(index)} is outside 0..{len(self.actions) - 1}")
        return self.actions[index]

    def parse(self, text: object) -> Action:
        if not isinstance(text, str):
            raise ValueError(f"{self._game_id}: cannot read {type(text).__name__} {shorten(text)} as an action: an action is read from text")  # noqa: TRY004
        try:
            return self._by_text[normalise_text(text)]
        except KeyError:
            raise ValueError(f"{self._game_id}: cannot read {shorten(text)} as an action") from None


@mypyc_attr(allow_interpreted_subclasses=True)  # a game written outside, or a variant, subclasses it
class State(metaclass=ABCMeta):  # (not `ABC`, a class mypyc cannot build `__new__` on)
    """One moment of one game. Mutated in place by `apply`; `clone()` for search."""

    game: Game
    version: int  # submissions that took effect (applied or penalised) plus timeouts; a bounce leaves it

    def __new__(cls: type[S], *args: Any, **kwargs: Any) -> S:  # noqa: PYI019 - as resample_hidden
        """A state with no field set yet: what `clone` and `_resample_hidden` start their copies from
        (`X.__new__(X)`, then every field). Written out so that a class compiled by mypyc, which otherwise
        runs `__init__` in `__new__`, makes it the same way."""
        return super().__new__(cls)

    # -- who acts, and what they may do -------------------------------------------
    @abstractmethod
    def actors(self) -> tuple[int, ...]:
        """Players who may act now: one on a turn, several in a race; () when over."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]:
        """This player's legal actions now (empty when they may not act)."""

    def moves(self) -> list[tuple[int, list[Action]]]:
        """Every actor with its legal actions, in `actors()` order; [] when the game is over.

        One call for the whole moment, for clients that serve every actor at once (the
        simulator, a server). Games may override it when one pass is cheaper; it must
        always equal `[(p, self.legal_actions(p)) for p in self.actors()]`."""
        return [(p, self.legal_actions(p)) for p in self.actors()]

    def is_legal(self, player: int, action: Action) -> bool:
        return is_listed(action, self.legal_actions(player))

    def explain_illegal(self, player: int, action: Action) -> str:
        """Why `action` is refused; games override to say which rule forbids it."""
        legal = self.legal_actions(player)
        if not legal:
            return f"player {player} may not act now"
        return f"{action} is not legal for player {player} now"

    def apply(self, player: object, action: Action, seen: object = None) -> Outcome:
        """Apply `action` for `player` (a seat).

        `seen` is the version the sender saw. When other submissions landed since,
        the game resolves the late one by its rulebook (`resolve_late`) instead of
        applying it to a state its sender never saw.

        What comes here may come from anywhere (a network frame, a saved record): a player that is no
        seat, a `seen` that is no earlier version or an action that is not legal is refused with
        IllegalAction, the state unchanged. (Hence `object`: the compiled build would refuse another
        type with its own TypeError before this check.)
        """
        seat = self.check_seat(player)
        version = self._earlier_version(seen)
        if version is not None and version < self.version:
            try:  # the game's late rule only ever sees values of its own action table
                self.game.action_id(action)
            except ValueError as exc:
                raise IllegalAction(str(exc)) from None
        elif not self.is_legal(seat, action):
            raise IllegalAction(self.explain_illegal(seat, action))
        return self.apply_listed(seat, action, version)  # checked: now as a listed action is applied

    def _earlier_version(self, seen: object) -> int | None:
        if seen is None or (isinstance(seen, int) and not isinstance(seen, bool) and 0 <= seen <= self.version):
            return seen
        raise IllegalAction(f"seen={shorten(seen)} is not an earlier version (this state is at {self.version})")

    def apply_listed(self, player: int, action: Action, seen: int | None = None) -> Outcome:
        """Apply an action object taken from `legal_actions(player)` at version `seen`
        (default: this very version).

        The simulator's hot path: the list already proved it legal (or, when the state has
        moved on since `seen`, a value of the game's action table), so it is not checked a
        second time. Anything else must go through `apply`.
        """
        if seen is None or seen == self.version:
            outcome = self._apply(player, action)  # never BOUNCED: that is a late submission's fate
            self.version += 1
            return outcome or _APPLIED
        outcome = self.resolve_late(player, action, seen)
        if outcome is not _BOUNCED:
            self.version += 1
        return outcome

    @abstractmethod
    def _apply(self, player: int, action: Action) -> Outcome | None:
        """Apply a legal action (already checked; so this must not raise). Return PENALISED
        when the rules punish how it was made (e.g. a missing call); None means APPLIED."""

    def resolve_late(self, player: int, action: Action, seen: int) -> Outcome:
        """A submission made against an older version: return what the rules did with it -
        APPLIED if it still stands, BOUNCED if it had no effect (the state must be untouched:
        a bounce does not count as a version), PENALISED if it was punished. Validate before
        mutating: an IllegalAction must leave the state as it was. `action` is always a value
        of the game's action table. Default: refused with IllegalAction."""
        raise IllegalAction(f"{action} answers version {seen}, but the game has moved on to {self.version}")

    def timeout(self) -> None:
        """Every actor declined to act (all bots waited, or a live table's clock ran out).

        Games with races say what the table does then (`_on_timeout`); elsewhere
        someone must act and this raises IllegalAction.
        """
        if self.is_over():
            raise IllegalAction("the game is over; there is nothing to wait for")
        self._on_timeout()
        self.version += 1

    def _on_timeout(self) -> None:
        raise IllegalAction("someone must act here; waiting is not possible")

    def check_seat(self, player: object) -> int:
        """`player` as a seat of this game; IllegalAction when it is none."""
        if isinstance(player, int) and not isinstance(player, bool) and 0 <= player < self.game.players:
            return player
        raise IllegalAction(f"player {shorten(player)} is not a seat of this game (0..{self.game.players - 1})")

    # -- outcome ------------------------------------------------------------------------
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[float]:
        """Match scores per player, in the rulebook's own points."""

    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that won (several on a tie); [] while the game goes on."""

    def round(self) -> int:
        """The current round (1-based); single-round games stay at 1."""
        return 1

    def round_scores(self) -> list[list[float]]:
        """Scores of each finished round, in order."""
        return [self.scores()] if self.is_over() else []

    # -- views ------------------------------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        """JSON-ready view holding only what this seat may see (None: a spectator): the keys every
        game shares (docs/observations.md), built here from the answers below so that they mean one
        thing everywhere, then the game's own keys (`own_view`)."""
        game = self.game
        view = {
            "game": game.id,
            "seat": player,
            "phase": self.phase_name(),
            "turn": self.turn_seat(),
            "round": self.round(),
            "rounds": game.rounds(),
            "hand": None if player is None else self.hand_texts(player),
            "hand_sizes": self.hand_sizes(),
            "scores": self.scores(),
            "round_scores": self.round_scores(),
            "over": self.is_over(),
            "winners": self.winners(),
            "options": dict(game.options),
        }
        view.update(self.own_view(player))
        return view

    @abstractmethod
    def phase_name(self) -> str:
        """What the table is doing now, in the game's own words; "over" once the game is over."""

    @abstractmethod
    def turn_seat(self) -> int | None:
        """The seat that must act in turn now; None when nobody has the turn (a race open to all,
        a moment where everyone may act, the end)."""

    def hand_texts(self, player: int) -> list[str] | None:
        """This seat's own cards by name; None in a game without hands."""
        return None

    def hand_sizes(self) -> list[int] | None:
        """How many cards each seat holds; None in a game without hands."""
        return None

    @abstractmethod
    def own_view(self, player: int | None) -> dict[str, Any]:
        """The game's own observation keys (its page in docs/observations/), holding only what this
        seat may see. Options are not repeated here: the shared `options` key holds them."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The full state, JSON-ready; `game.state_from_dict` rebuilds it exactly."""

    def resample_hidden(self: S, player: int, rng: Rng, *, recall: bool = False) -> S:  # noqa: PYI019 - S also types clone and _resample_hidden
        """A copy in which all this player cannot see is re-dealt at random, consistent with
        what they have seen: `observation(player)` is unchanged. `rng` is a `zdeck.Rng`; the copy's
        own generator is drawn from it too, so its future deals owe nothing to the real game's.

        `recall=True` re-deals only what the player was never shown: a card shown earlier that the
        observation no longer shows (a discard buried in Zop Zoo's face-up stack) stays where it is,
        as for a player who forgets no card. Most games' observations keep what was shown (played
        cards, Memo's sightings), and there the two copies are alike."""
        if not isinstance(rng, Rng):
            raise TypeError(f"resample_hidden needs a zdeck.Rng, not {type(rng).__name__}: use zdeck.Rng(seed)")
        if not isinstance(recall, bool):
            raise TypeError(f"resample_hidden's recall is True or False, not {type(recall).__name__}")
        self.check_seat(player)
        return self._resample_remembered(player, rng) if recall else self._resample_hidden(player, rng)

    @abstractmethod
    def _resample_hidden(self: S, player: int, rng: Rng) -> S:
        """`resample_hidden` for a checked seat and Rng: re-deal the hidden cards and give the copy
        a generator spawned from `rng`."""

    def _resample_remembered(self: S, player: int, rng: Rng) -> S:  # noqa: PYI019 - as resample_hidden
        """`resample_hidden(recall=True)`: a game whose observation drops cards it showed keeps them."""
        return self._resample_hidden(player, rng)

    @abstractmethod
    def clone(self: S) -> S:
        """A cheap independent copy: lists and dicts copied by hand (bots clone thousands; no deepcopy)."""

    def __str__(self) -> str:
        return f"<{self.game.id} v{self.version}>"


@mypyc_attr(allow_interpreted_subclasses=True)  # a game written outside, or a variant, subclasses it
class RoundTotals(State):
    """A state that keeps its match in `totals`, the current round in `round_no` and each finished
    round's scores in `history`: its `scores`, `round` and `round_scores`. (A State itself, not a
    mixin: compiled classes have one base.)"""

    totals: list[int]
    round_no: int
    history: list[list[int]]

    def scores(self) -> list[float]:
        return list(self.totals)

    def round(self) -> int:
        return self.round_no

    def round_scores(self) -> list[list[float]]:
        return [list(r) for r in self.history]

    def leaders(self, best: Callable[[list[int]], int] = max) -> list[int]:
        """The seats whose total is the best one (`max`, or `min` where the lowest wins); ties share."""
        top = best(self.totals)
        return [p for p, t in enumerate(self.totals) if t == top]

