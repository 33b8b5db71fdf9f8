"""The referee every env shares: it asks the actors of each moment and lands their choices.

A moment is one version of the state. Every actor with a legal action is asked (a race asks
several at once); each answers an action or WAIT. The choices are then landed the simulator's
way (`zdeck.sim`): with one proposal it is applied; with several, each proposal's reaction time
is drawn from the seeded model (`asking.race_order`: log-normal around the proposer's median, a
reflex action faster) and the fastest lands, the others are submitted as late (`seen` = the
version they answered) for the rulebook to bounce, penalise or apply. If everyone waits, the
state times out. The timing generator is the simulator's (`sim.generators`), so agents that
choose what bots choose play the very game `sim.run` plays.

Who may wait: everyone asked, where the state accepts a timeout now (a Zip Zap race, a Kubo
shout); otherwise, in a moment with several actors, everyone but the seat whose turn it is (the
observation's `turn`), who must act: a ZOOP! or a ZAR match may be held back, the turn may not.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from zdeck import asking, sim
from zdeck.core import Action, Game, IllegalAction, Outcome, State

WAIT = None  # a choice: hold back this moment


@dataclass
class Moment:
    """Who is asked at one version, their legal actions, and who may wait."""

    version: int
    asked: tuple[int, ...]  # in `actors()` order, the seats with a legal action
    legal: dict[int, list[Action]]
    may_wait: frozenset[int]


@dataclass
class Landing:
    """What became of one seat's choice at a moment."""

    outcome: str  # "applied", "bounced", "penalised", "refused" (late and illegal by then), "waited"
    action: str | None  # its text; None for a wait
    order: int  # 0 for the fastest proposal, 1 the next, ...; -1 for a wait


@dataclass
class Referee:
    """One game in play: its state, its moment, and the race model's generator and medians by seat."""

    game: Game
    seed: int
    reaction_ms: Sequence[float]
    start: State | None = None  # a position to play on from (a copy is taken); None: the seed's new game
    state: State = field(init=False)
    moment: Moment | None = field(init=False)  # None once the game is over
    moments: int = field(init=False, default=0)  # moments landed (timeouts included)
    log: list[tuple[int, Landing]] = field(init=False, default_factory=list)  # the last moment's landings

    def __post_init__(self) -> None:
        if len(self.reaction_ms) != self.game.players:
            raise ValueError(f"{self.game.id} has {self.game.players} seats but {len(self.reaction_ms)} reaction times")
        for ms in self.reaction_ms:
            if isinstance(ms, bool) or not isinstance(ms, (int, float)) or not ms > 0:
                raise ValueError(f"a reaction time is a number of ms above 0, not {ms!r}")
        self.state = self.game.new_state(self.seed) if self.start is None else self.start.clone()
        self.timing, self.seat_rngs = sim.generators(self.seed, self.game.players)
        self.racers = [asking.Reflexes(float(ms)) for ms in self.reaction_ms]
        self.moment = self._next_moment()

    def _next_moment(self) -> Moment | None:
        """The next moment someone is asked in; a moment where nobody has a legal action times out."""
        state = self.state
        while True:
            moves = state.moves()
            if not moves:
                return None
            legal = {p: acts for p, acts in moves if acts}
            if legal:
                asked = tuple(legal)
                return Moment(state.version, asked, legal, self._waiters(asked))
            state.timeout()  # (as the simulator does: nobody can propose anything)
            self.moments += 1

    def _waiters(self, asked: tuple[int, ...]) -> frozenset[int]:
        if accepts_timeout(self.state):
            return frozenset(asked)
        if len(asked) == 1:
            return frozenset()
        turn = self.state.observation(asked[0])["turn"]
        return frozenset(p for p in asked if p != turn) if turn in asked else frozenset()

    def check(self, seat: int, choice: Action | None) -> str | None:
        """Why `choice` is not one `seat` may make now; None when it may."""
        moment = self.moment
        if moment is None:
            return "the game is over"
        if seat not in moment.legal:
            return f"seat {seat} is not asked now"
        if choice is WAIT:
            return None if seat in moment.may_wait else f"seat {seat} may not wait now: someone must act"
        if choice not in moment.legal[seat]:
            return self.state.explain_illegal(seat, choice)
        return None

    def land(self, choices: Mapping[int, Action | None]) -> list[tuple[int, Landing]]:
        """Land every asked seat's checked choice (a missing seat waits), move on to the next moment,
        and return what became of each choice, in `asked` order."""
        moment = self.moment
        if moment is None:
            raise IllegalAction("the game is over")
        proposals = [(p, choices[p], True) for p in moment.asked if choices.get(p) is not WAIT]
        landings = {p: Landing("waited", None, -1) for p in moment.asked if choices.get(p) is WAIT}
        if not proposals:
            self.state.timeout()
        else:
            self._race(asking.race_order(proposals, self.racers, self.timing), moment.version, landings)
        self.moments += 1
        self.log = [(p, landings[p]) for p in moment.asked]
        self.moment = self._next_moment()
        return self.log

    def _race(self, ordered: list[tuple[int, Action, bool]], seen: int, landings: dict[int, Landing]) -> None:
        """The fastest lands; the others are late, resolved by the rules (as `sim._land` does)."""
        state = self.state
        for order, (player, action, _) in enumerate(ordered):
            try:
                outcome = state.apply_listed(player, action, None if order == 0 else seen)
            except IllegalAction:
                landings[player] = Landing("refused", str(action), order)
                continue
            landings[player] = Landing(_OUTCOME[outcome], str(action), order)


_OUTCOME = {Outcome.APPLIED: "applied", Outcome.BOUNCED: "bounced", Outcome.PENALISED: "penalised"}


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
