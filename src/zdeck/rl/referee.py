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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from zdeck import asking, sim
from zdeck.core import Action, Game, IllegalAction, Outcome, State
from zdeck.rng import Rng

WAIT = None  # a choice: hold back this moment


@dataclass(frozen=True)
class Rules:
    """What a moment asks of a game, as its table shows it. A game's folder may give faster or finer
    versions (`decks/<game>/encoding.py`: `asked`, `turn`, `times_out`); by default they are read off
    the kernel contract. `asked` must be a function of what every seat sees (tests/rl/test_hidden.py)."""

    asked: Callable[[Any], Sequence[int]] | None = None  # None: the seats with a legal action
    turn: Callable[[Any], int | None] = lambda state: state.observation(None)["turn"]
    times_out: Callable[[Any], bool] = lambda state: accepts_timeout(state)


@dataclass(slots=True)
class Moment:
    """Who is asked at one version, their legal actions ([] for a seat that may only wait), and who may wait."""

    version: int
    asked: tuple[int, ...]
    legal: dict[int, list[Action]]
    may_wait: frozenset[int]


@dataclass(frozen=True, slots=True)
class Landing:
    """What became of one seat's choice at a moment, as the seat itself sees it."""

    outcome: str  # "applied", "bounced", "penalised", "refused" (late and illegal by then), "waited"
    action: str | None  # its text; None for a wait
    first: bool  # it landed before any other proposal of the moment (False for a wait)

    def info(self) -> dict[str, Any]:
        return {"outcome": self.outcome, "action": self.action, "first": self.first}


@dataclass
class Referee:
    """One game in play: its state, its moment, and the race model's generator and medians by seat."""

    game: Game
    seed: int
    reaction_ms: Sequence[float]
    start: State | None = None  # a position to play on from (a copy is taken); None: the seed's new game
    rules: Rules = field(default_factory=Rules)
    state: State = field(init=False)
    moment: Moment | None = field(init=False)  # None once the game is over
    moments: int = field(init=False)  # moments landed (timeouts included)
    log: list[tuple[int, Landing]] = field(init=False)  # the last moment's landings
    landed: list[tuple[int, str, str]] = field(init=False)  # its (seat, action, outcome)
    # that took effect, fastest first: what the table saw happen
    timing: Rng = field(init=False)  # the race model's draws
    seat_rngs: list[Rng] = field(init=False)  # each seat's bot's own generator (the single-agent env's opponents)
    racers: list[asking.Reflexes] = field(init=False)

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
        self.timing, self.seat_rngs = sim.generators(self.seed, self.game.players)
        self.racers = [asking.Reflexes(float(ms)) for ms in self.reaction_ms]
        self.moment = self._next_moment()

    def copy(self, state: State | None = None) -> Referee:
        """This referee at the same moment: the same seed, moments and timing (a copy of its generator), on a copy
        of the state - or on `state`, a re-deal of it, whose moment is then asked anew."""
        twin = Referee(self.game, self.seed, self.reaction_ms, self.start, self.rules,
                       _twin=True)  # (field by field: a compiled class has no `__dict__` for `copy.copy`)
        twin.state = self.state.clone() if state is None else state
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
            legal = {p: acts for p, acts in moves if acts}
            asked = tuple(legal) if rules.asked is None else tuple(rules.asked(state))
            if asked:
                for p in asked:
                    if p not in legal:
                        legal[p] = []
                return Moment(state.version, asked, legal, self._waiters(asked, legal))
            state.timeout()  # (as the simulator does: nobody can propose anything)
            self.moments += 1

    def _waiters(self, asked: tuple[int, ...], legal: dict[int, list[Action]]) -> frozenset[int]:
        if self.rules.times_out(self.state):
            return frozenset(asked)
        turn = self.rules.turn(self.state) if len(asked) > 1 else None
        return frozenset(p for p in asked if not legal[p] or (p != turn and turn in asked))

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

    def land(self, choices: Mapping[int, Action | None]) -> list[tuple[int, Landing]]:
        """Land every asked seat's checked choice (a missing seat waits), move on to the next moment,
        and return what became of each choice, in `asked` order."""
        moment = self.moment
        if moment is None:
            raise IllegalAction("the game is over")
        self.landed = []
        asked = moment.asked
        if len(asked) == 1:  # (one seat asked: its choice lands or it waits; no race, nothing drawn)
            seat = asked[0]
            choice = choices.get(seat)
            if choice is WAIT:
                self.state.timeout()
                self.log = [(seat, _WAITED)]
            else:
                self.log = [(seat, self._apply(seat, choice))]
        else:
            proposals = [(p, choices[p], True) for p in asked if choices.get(p) is not WAIT]
            landings = {p: _WAITED for p in asked if choices.get(p) is WAIT}
            if not proposals:
                self.state.timeout()
            else:
                self._race(asking.race_order(proposals, self.racers, self.timing), moment.version, landings)
            self.log = [(p, landings[p]) for p in asked]
        self.moments += 1
        self.moment = self._next_moment()
        return self.log

    def _apply(self, seat: int, action: Action) -> Landing:
        """The one proposal of a moment: it lands first (`_race` of one, without its lists)."""
        try:
            outcome = self.state.apply_listed(seat, action, None)
        except IllegalAction:
            return Landing("refused", str(action), False)
        text, said = str(action), _OUTCOME[outcome]
        if outcome is not Outcome.BOUNCED:
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
            text, said = str(action), _OUTCOME[outcome]
            landings[player] = Landing(said, text, order == 0)
            if outcome is not Outcome.BOUNCED:
                self.landed.append((player, text, said))


_OUTCOME = {Outcome.APPLIED: "applied", Outcome.BOUNCED: "bounced", Outcome.PENALISED: "penalised"}
_WAITED = Landing("waited", None, False)


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
