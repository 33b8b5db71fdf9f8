"""What the PettingZoo and Gymnasium envs share: the options, spaces, masks, rewards and the text view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from zdeck.core import Action, Game, IllegalAction
from zdeck.registry import make
from zdeck.rl import encodings, rewards
from zdeck.rl.referee import WAIT, Referee
from zdeck.rl.steps import moment_ids
from zdeck.vectors import fast
from zdeck.vectors.encoding import LATEST, VERSIONS, Vector

DEFAULT_REACTION_MS = 700.0  # a RandomBot's median: agents and the simulator's random bots race alike
ILLEGAL = ("lose", "raise")
RENDER_MODES = ("ansi", "human")  # the text view, returned or printed
ENCODING = f"v{LATEST}"  # the encodings' version the envs use unless told (docs/rl.md: v1 scales, v2 normalises)
Mask = npt.NDArray[np.int8]


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class Table:
    """One env's game and options, and everything the envs compute from them (no state of a game in play
    besides `referee`)."""

    def __init__(self, game_id: str, players: int | None, *, reward: str | rewards.RewardFn | None = None,
                 illegal: str = "lose", illegal_reward: float = -1.0,
                 reaction_ms: float | Sequence[float] = DEFAULT_REACTION_MS, max_moments: int = 20_000,
                 render_mode: str | None = None, encoding: str = ENCODING, **options: Any) -> None:
        self.game: Game = make(game_id, players, **options)
        versions = {f"v{v}": v for v in VERSIONS}
        if encoding not in versions:
            raise ValueError(f"encoding={str(encoding)[:60]!r} is not one of {', '.join(map(repr, versions))}")
        self.encoder = encodings.state_encoder(self.game, versions[encoding])
        self.rules = encodings.rules(self.game)
        # A patience game (one seat) is always "won": its score is what there is to learn from.
        self.reward = rewards.scheme(reward if reward is not None else "score" if self.game.players == 1 else "win")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal={str(illegal)[:60]!r} is not allowed; choose one of {', '.join(ILLEGAL)}")
        self.illegal, self.illegal_reward = illegal, float(illegal_reward)
        self.reaction_ms = _reaction_times(reaction_ms, self.game.players)
        if isinstance(max_moments, bool) or not isinstance(max_moments, int) or max_moments < 1:
            raise ValueError(f"max_moments is a whole number of moments >= 1, not {str(max_moments)[:60]!r}")
        self.max_moments = max_moments
        if render_mode not in (None, *RENDER_MODES):
            raise ValueError(f"render_mode={str(render_mode)[:60]!r} is not supported; the envs render "
                             f"{' or '.join(map(repr, RENDER_MODES))}")
        self.render_mode = render_mode
        self.actions = self.game.num_distinct_actions()
        self.wait_id = self.actions  # the env's own action: hold back this moment
        self.ids = fast.ActionIds(self.game)
        self._no_mask: Mask = np.zeros(self.actions + 1, dtype=np.int8)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(self.encoder.low, self.encoder.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self.actions + 1,), dtype=np.int8),
        })
        self.action_space = spaces.Discrete(self.actions + 1)
        n = self.game.players  # what every seat sees together, seat by seat: for centralised critics
        self.state_space = spaces.Box(np.tile(self.encoder.low, n), np.tile(self.encoder.high, n), dtype=np.float32)
        self.name = self.encoder.name  # the envs' name: the game and its encoding's version (`zipzap_v1`)
        self.referee: Referee | None = None
        self.np_random: np.random.Generator | None = None

    # -- a new game ----------------------------------------------------------------------------
    def start(self, seed: int | None) -> Referee:
        """A new game: seeded `seed` itself when given (the game `zdeck.sim.run` plays with that seed),
        else with the next draw of the env's generator (itself seeded by the last seed given)."""
        if seed is not None:
            check_seed(seed)
            self.np_random, _ = gymnasium.utils.seeding.np_random(int(seed))
            return self.start_game(int(seed))
        if self.np_random is None:
            self.np_random, _ = gymnasium.utils.seeding.np_random()
        return self.start_game(int(self.np_random.integers(2**63)))

    def start_game(self, game_seed: int, reaction_ms: Sequence[float] | None = None) -> Referee:
        self.referee = Referee(self.game, game_seed, reaction_ms or self.reaction_ms, rules=self.rules, ids=self.ids)
        return self.referee

    # -- what a seat sees and may do -------------------------------------------------------------
    def observe(self, seat: int, ids: list[int] | None = None) -> dict[str, Any]:
        """The seat's observation vector and its action mask (fresh arrays); `ids`: its `legal_ids`, if known."""
        return {"observation": self.encoder.encode(self._live().state, seat), "action_mask": self.mask(seat, ids)}

    def observe_into(self, seat: int, vector: Vector, mask: Mask) -> None:
        """`observe`, written into these rows (a vector env's stacked arrays)."""
        self.encoder.encode_into(self._live().state, seat, vector)
        mask[:] = 0
        fast.mark(mask, self.legal_ids(seat))

    def mask(self, seat: int, ids: list[int] | None = None) -> Mask:
        """1 for each action id the seat may choose now (`ids`, its `legal_ids` if known), the last one (`wait_id`)
        for waiting; all 0 when the seat is not asked."""
        return fast.mask(self._no_mask, self.legal_ids(seat) if ids is None else ids)

    def masks(self) -> npt.NDArray[np.int8]:
        """Every seat's mask, one row per seat."""
        masks = np.zeros((self.game.players, self.actions + 1), dtype=np.int8)
        moment = self._live().moment
        if moment is not None:
            for seat, ids in moment.ids.items():
                fast.mark(masks[seat], ids)
        return masks

    def legal_ids(self, seat: int) -> list[int]:
        """The ids the seat may choose now, the wait last where it may wait ([] when it is not asked): listed once
        per moment, by the referee."""
        return moment_ids(self._live().moment, seat)

    def decode(self, action: Any) -> int:
        """The id an action is given as (an int or a numpy integer); ValueError for what is no id of this env."""
        if type(action) is int and 0 <= action <= self.actions:  # the usual case
            return action
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action.item()
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)) or not 0 <= action <= self.actions:
            raise ValueError(f"{self.game.id}: an action is an id 0..{self.actions} ({self.actions} is wait), "
                             f"not {str(action)[:60]!r}")
        return int(action)

    def choice(self, action_id: int) -> Action | None:
        """The action (or WAIT) a checked id names."""
        return WAIT if action_id == self.wait_id else self.ids.table[action_id]

    def refusal(self, seat: int, action_id: int) -> str | None:
        """Why the seat may not choose this id now (None: it may); raises it in `illegal="raise"` mode."""
        if action_id in self.legal_ids(seat):
            return None
        reason = self._live().check(seat, self.choice(action_id)) or f"id {action_id} is not legal for seat {seat} now"
        if self.illegal == "raise":
            raise IllegalAction(f"{agent_name(seat)}: {reason}")
        return reason

    # -- the end -------------------------------------------------------------------------------------
    def final_rewards(self) -> list[float]:
        state = self._live().state
        return [float(r) for r in self.reward(state.scores(), state.winners(), self.game.score_order)]

    def truncated(self) -> bool:
        referee = self._live()
        return referee.moment is not None and referee.moments >= self.max_moments

    def illegal_rewards(self, offenders: Sequence[int]) -> list[float]:
        return [self.illegal_reward if p in offenders else 0.0 for p in range(self.game.players)]

    def _live(self) -> Referee:
        if self.referee is None:
            raise RuntimeError("call reset() before using the env")
        return self.referee

    # -- the text view -----------------------------------------------------------------------------
    def state(self) -> Vector:
        """Every seat's vector, seat 0's first, end to end (a fresh array): all the hands and the table, as the
        seats see them together - what a centralised critic (MAPPO, QMIX) is trained on; never the draw
        pile's order, which no seat sees."""
        return self.encoder.encode_all(self._live().state).reshape(-1)

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; make the env with render_mode='ansi' "
                                  "(returns the text) or 'human' (prints it)")
            return None
        text = text_view(self._live(), self.encoder.name)
        if self.render_mode == "human":
            print(text, end="", flush=True)
            return None
        return text


def text_view(referee: Referee, encoding: str) -> str:
    """The table as a spectator sees it: the public view, what took effect at the last moment (not who held
    back, nor a card that came back: who could have played is not the table's to know), who is asked now."""
    state = referee.state
    seen = state.observation(None)
    lines = [f"{state.game!r}  seed {referee.seed}  moment {referee.moments}  encoding {encoding}"]
    keys = ("phase", "turn", "round", "rounds", "scores", "hand_sizes", "top", "draw_size")
    lines += [f"  {key:<12} {seen[key]}" for key in keys if seen.get(key) is not None]
    for k, (seat, action, outcome) in enumerate(referee.landed):
        head = "last moment" if k == 0 else ""
        lines.append(f"  {head:<12} {agent_name(seat)} {action!r}: {outcome}")
    if referee.moment is None:
        lines.append(f"  {'over':<12} winners {', '.join(agent_name(p) for p in state.winners()) or 'none'}")
    else:
        lines.append(f"  {'asked now':<12} {', '.join(agent_name(p) for p in referee.moment.asked)}")
    return "\n".join(lines) + "\n"


def check_seed(seed: Any) -> None:
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"a seed is a whole number >= 0, not {str(seed)[:60]!r}")


def _reaction_times(reaction_ms: float | Sequence[float], players: int) -> list[float]:
    """One median per seat: a number for every seat, or one per seat."""
    if isinstance(reaction_ms, (int, float)) and not isinstance(reaction_ms, bool):
        values = [float(reaction_ms)] * players
    elif isinstance(reaction_ms, Sequence) and not isinstance(reaction_ms, str) and len(reaction_ms) == players:
        values = list(reaction_ms)
    else:
        raise ValueError(f"reaction_ms is a number of ms or one per seat ({players}), not {str(reaction_ms)[:60]!r}")
    for ms in values:
        if isinstance(ms, bool) or not isinstance(ms, (int, float)) or not ms > 0:
            raise ValueError(f"a reaction time is a number of ms above 0, not {str(ms)[:60]!r}")
    return [float(ms) for ms in values]
