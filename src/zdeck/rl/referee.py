"""The referee every env shares: it asks the seats of each moment and lands their choices.

A moment is one version of the state. The seats asked are those the table shows may act
(`Rules.asked`): the seat whose turn it is, and where a race or a call window is open, everyone it
is open to - never "who holds a card that may follow", which the others cannot see (a seat asked
with nothing it may play can only wait). Each answers an action or WAIT. The choices are then
landed the simulator's way (`zdeck.sim`): with one proposal it is applied; with several, each
proposal's reaction time is drawn from the seeded model (`asking.race_order`: log-normal around the
proposer's median, a reflex action faster) and the fastest lands, the others are submitted as late
(`seen` = the version they answered) for the rulebook to bounce, penalise or apply. If everyone
waits, the state times out. The timing generator is the simulator's (`sim.generators`), so agents
that choose what bots choose play the very game `sim.run` plays.

Who may wait: a seat with nothing it may do; everyone, where the state accepts a timeout now (a Zip
Zap race, a Kubo shout); otherwise, where the seat whose turn it is (the observation's `turn`) is
asked with others, everyone but that seat, who must act: a ZOOP! or a ZAR match may be held back,
the turn may not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from zdeck import asking, sim
from zdeck.core import Action, Game, IllegalAction, Outcome, State
from zdeck.rng import Rng
from zdeck.vectors.fast import ActionIds

WAIT = None  # a choice: hold back this moment
NOBODY: Final[frozenset[int]] = frozenset()  # who may wait where one seat must act


def kernel_turn(state: State) -> int | None:
    """Whose turn it is, as every seat's observation says."""
    turn: int | None = state.observation(None)["turn"]
    return turn


def accepts_timeout(state: State) -> bool:
    """Would the state take a timeout now (everyone waiting)? Asked of a copy; a game that never
    overrides the kernel's refusal is known without one."""
    if type(state)._on_timeout is State._on_timeout:
        return False
    probe = state.clone()
    try:
        probe.timeout()
    except IllegalAction:
        return False
    return True


@dataclass(frozen=True)
class Rules:
    """What a moment asks of a game, as its table shows it. A game's folder may give faster or finer
    versions (`decks/<game>/encoding.py`: `asked`, `turn`, `times_out`); by default they are read off
    the kernel contract. `asked` must be a function of what every seat sees (tests/rl/test_hidden.py)."""

    asked: Callable[[Any], Sequence[int]] | None = None  # None: the seats with a legal action
    turn: Callable[[Any], int | None] = kernel_turn
    times_out: Callable[[Any], bool] = accepts_timeout


class Moment:
    """Who is asked at one version, their legal actions ([] for a seat that may only wait), who may wait, and -
    for a referee given the game's `ActionIds` - each asked seat's legal ids, the wait's id last where it may wait.
    (A plain class, not a dataclass: compiled, a dataclass's `__init__` is a Python function, and a moment is
    made at every step of an env.)"""

    def __init__(self, version: int, asked: tuple[int, ...], legal: dict[int, list[Action]],
                 may_wait: frozenset[int], ids: dict[int, list[int]]) -> None:
        self.version, self.asked, self.legal, self.may_wait, self.ids = version, asked, legal, may_wait, ids

    def __repr__(self) -> str:
        return f"Moment(version={self.version}, asked={self.asked}, may_wait={set(self.may_wait) or '{}'})"


class Landing:
    """What became of one seat's choice at a moment, as the seat itself sees it (never changed once made).

    `outcome`: "applied", "bounced", "penalised", "refused" (late and illegal by then), "waited"; `action`: its
    text, None for a wait; `first`: it landed before any other proposal of the moment (False for a wait)."""

    def __init__(self, outcome: str, action: str | None, first: bool) -> None:
        self.outcome, self.action, self.first = outcome, action, first

    def info(self) -> dict[str, Any]:
        return {"outcome": self.outcome, "action": self.action, "first": self.first}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Landing) and (self.outcome, self.action, self.first) == (other.outcome, other.action,
                                                                                          other.first)

    def __hash__(self) -> int:
        return hash((self.outcome, self.action, self.first))

    def __repr__(self) -> str:
        return f"Landing(outcome={self.outcome!r}, action={self.action!r}, first={self.first!r})"


@dataclass
class Referee:
    """One game in play: its state, its moment, and the race model's generator and medians by seat. Given the
    game's `ActionIds` (`ids`), each moment also lists the asked seats' legal ids (`Moment.ids`): what the envs
    hand out as masks, listed once per moment."""

    game: Game
    seed: int
    reaction_ms: Sequence[float]
    start: State | None = None  # a position to play on from (a copy is taken); None: the seed's new game
    rules: Rules = field(default_factory=Rules)
    ids: ActionIds | None = None
    state: State = field(init=False)
    moment: Moment | None = field(init=False)  # None once the game is over
    moments: int = field(init=False)  # moments landed (timeouts included)
    log: list[tuple[int, Landing]] = field(init=False)  # the last moment's landings
    landed: list[tuple[int, str, str]] = field(init=False)  # its (seat, action, outcome)
    # that took effect, fastest first: what the table saw happen
    timing: Rng = field(init=False)  # the race model's draws
    seat_rngs: list[Rng] = field(init=False)  # each seat's bot's own generator (the single-agent env's opponents)
    racers: list[asking.Reflexes] = field(init=False)
    may_time_out: bool = field(init=False)  # False: this game never takes a timeout (`rules.times_out` not asked)

    _twin: bool = False  # made by `copy`, which sets the rest

    def __post_init__(self) -> None:
        self.moments, self.log, self.landed = 0, [], []
        if self._twin:
            return
        if len(self.reaction_ms) != self.game.players:
            raise ValueError(f"{self.game.id} has {self.game.players} seats but {len(self.reaction_ms)} reaction times")
        for ms in self.reaction_ms:
            if isinstance(ms, bool) or not isinstance(ms, (int, float)) or not ms > 0:
                raise ValueError(f"a reaction time is a number of ms above 0, not {ms!r}")
        self.state = self.game.new_state(self.seed) if self.start is None else self.start.clone()
        self.may_time_out = _may_time_out(self.state)
        self.timing, self.seat_rngs = sim.generators(self.seed, self.game.players)
        self.racers = [asking.Reflexes(float(ms)) for ms in self.reaction_ms]
        self.moment = self._next_moment()

    def copy(self, state: State | None = None) -> Referee:
        """This referee at the same moment: the same seed, moments and timing (a copy of its generator), on a copy
        of the state - or on `state`, a re-deal of it, whose moment is then asked anew."""
        twin = Referee(self.game, self.seed, self.reaction_ms, self.start, self.rules, self.ids,
                       _twin=True)  # (field by field: a compiled class has no `__dict__` for `copy.copy`)
        twin.state = self.state.clone() if state is None else state
        twin.may_time_out = self.may_time_out
        twin.timing, twin.seat_rngs, twin.racers = self.timing.clone(), self.seat_rngs, self.racers
        twin.moments, twin.log, twin.landed = self.moments, list(self.log), list(self.landed)
        twin.moment = self.moment if state is None else twin._next_moment()
        return twin

    def _next_moment(self) -> Moment | None:
        """The next moment someone is asked in; a moment where nobody may act times out."""
        state, rules = self.state, self.rules
        while True:
            moves = state.moves()
            if not moves:
                return None
            asked: tuple[int, ...]
            if rules.asked is None and len(moves) == 1 and moves[0][1]:  # (one seat's turn: no dict to filter)
                seat, acts = moves[0]
                asked, legal = (seat,), {seat: acts}
            else:
                legal = {p: acts for p, acts in moves if acts}
                asked = tuple(legal) if rules.asked is None else tuple(rules.asked(state))
                for p in asked:
                    if p not in legal:
                        legal[p] = []
            if asked:
                may_wait = self._waiters(asked, legal)
                return Moment(state.version, asked, legal, may_wait, self._listed(asked, legal, may_wait))
            state.timeout()  # (as the simulator does: nobody can propose anything)
            self.moments += 1

    def _waiters(self, asked: tuple[int, ...], legal: dict[int, list[Action]]) -> frozenset[int]:
        if self.may_time_out and self.rules.times_out(self.state):
            return frozenset(asked)
        if len(asked) == 1:  # (the seat whose turn it is, or one who may only wait: no turn to read)
            return NOBODY if legal[asked[0]] else frozenset(asked)
        turn = self.rules.turn(self.state)
        # (from a list: compiled, a generator given to `frozenset` is a generator object stepped from C)
        return frozenset([p for p in asked if not legal[p] or (p != turn and turn in asked)])

    def _listed(self, asked: tuple[int, ...], legal: dict[int, list[Action]],
                may_wait: frozenset[int]) -> dict[int, list[int]]:
        """Every asked seat's legal ids, the wait's last where it may wait ({} without `ids`)."""
        ids = self.ids
        if ids is None:
            return {}
        wait = len(ids.table)
        listed = {}
        for seat in asked:
            acts = legal[seat]
            seat_ids = ids.ids(acts) if acts else []  # (a race's seat with nothing to play: no call)
            if seat in may_wait:
                seat_ids.append(wait)
            listed[seat] = seat_ids
        return listed

    def check(self, seat: int, choice: Action | None) -> str | None:
        """Why `choice` is not one `seat` may make now; None when it may."""
        moment = self.moment
        if moment is None:
            return "the game is over"
        if seat not in moment.legal:
            return f"seat {seat} is not asked now"
        if choice is WAIT:
            return None if seat in moment.may_wait else f"seat {seat} may not wait now: someone must act"
        legal = moment.legal[seat]
        for listed in legal:  # (the listed object itself, as a bot returns it: no equality to compute)
            if listed is choice:
                return None
        return None if choice in legal else self.state.explain_illegal(seat, choice)

    def land(self, choices: dict[int, Action | None]) -> list[tuple[int, Landing]]:
        """Land every asked seat's checked choice (a missing seat waits), move on to the next moment,
        and return what became of each choice, in `asked` order."""
        moment = self.moment
        if moment is None:
            raise IllegalAction("the game is over")
        asked = moment.asked
        if len(asked) == 1:
            return self.land_one(asked[0], choices.get(asked[0]))
        # (a dict, not a Mapping: compiled, a Mapping's `get` is a Python method call)
        proposals: list[tuple[int, Action, bool]] = []
        for p in asked:
            choice = choices.get(p)
            if choice is not WAIT:
                proposals.append((p, choice, True))
        if len(proposals) == 1:  # (the usual race: one proposal, the others wait)
            seat, action, _ = proposals[0]
            return self.land_alone(seat, action)
        self.landed = []
        landings = {p: _WAITED for p in asked if choices.get(p) is WAIT}
        if not proposals:
            self.state.timeout()
        else:
            self._race(asking.race_order(proposals, self.racers, self.timing), moment.version, landings)
        return self._landed([(p, landings[p]) for p in asked])

    def land_alone(self, seat: int, action: Action) -> list[tuple[int, Landing]]:
        """`land` where `seat`'s action (checked by the caller) is the moment's one proposal and every other seat asked
        waits: it is applied as a race's first, and nothing is drawn for its order (`asking.race_order` of one)."""
        moment = self.moment
        assert moment is not None
        self.landed = []
        landing = self._apply(seat, action)
        return self._landed([(p, landing if p == seat else _WAITED) for p in moment.asked])

    def land_one(self, seat: int, choice: Action | None) -> list[tuple[int, Landing]]:
        """`land` where `seat` alone is asked (checked by the caller): its choice lands or it waits; no race, nothing
        drawn, no lists of proposals."""
        self.landed = []
        if choice is WAIT:
            self.state.timeout()
            return self._landed([(seat, _WAITED)])
        return self._landed([(seat, self._apply(seat, choice))])

    def _landed(self, log: list[tuple[int, Landing]]) -> list[tuple[int, Landing]]:
        """The moment is over: `log` is what became of each asked seat; the next moment is made."""
        self.log = log
        self.moments += 1
        self.moment = self._next_moment()
        return log

    def _apply(self, seat: int, action: Action) -> Landing:
        """The one proposal of a moment: it lands first (`_race` of one, without its lists)."""
        try:
            outcome = self.state.apply_listed(seat, action, None)
        except IllegalAction:
            return Landing("refused", str(action), False)
        text, said = str(action), _said(outcome)
        if outcome is not _BOUNCED:
            self.landed.append((seat, text, said))
        return Landing(said, text, True)

    def _race(self, ordered: list[tuple[int, Action, bool]], seen: int, landings: dict[int, Landing]) -> None:
        """The fastest lands; the others are late, resolved by the rules (as `sim._land` does)."""
        state = self.state
        for order, (player, action, _) in enumerate(ordered):
            try:
                outcome = state.apply_listed(player, action, None if order == 0 else seen)
            except IllegalAction:
                landings[player] = Landing("refused", str(action), False)
                continue
            text, said = str(action), _said(outcome)
            landings[player] = Landing(said, text, order == 0)
            if outcome is not _BOUNCED:
                self.landed.append((player, text, said))


def _said(outcome: Outcome) -> str:
    """An outcome's word (by identity: an enum's hash is a Python call, compiled or not)."""
    if outcome is _APPLIED:
        return "applied"
    return "bounced" if outcome is _BOUNCED else "penalised"


_WAITED: Final = Landing("waited", None, False)
_APPLIED: Final = Outcome.APPLIED  # (an enum's member read off its class is a Python lookup)
_BOUNCED: Final = Outcome.BOUNCED


def _may_time_out(state: State) -> bool:
    """Can a moment ever time out? Not in a game that keeps the kernel's refusal of a timeout, whatever reading of
    `times_out` the rules give: a game's own says what the kernel says (tests/rl/test_fast.py), and everyone waiting
    there would be refused. Known once, rather than asked at every moment (Zoop's `times_out` is always no)."""
    return type(state)._on_timeout is not State._on_timeout
