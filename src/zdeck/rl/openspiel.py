"""Every zdeck game as an OpenSpiel Python game (the optional extra `openspiel`: pip install 'zdeck[openspiel]').

    import pyspiel, zdeck.rl.openspiel
    zdeck.rl.openspiel.register()                              # every game, once
    game = pyspiel.load_game("python_zdeck_zipzap", {"players": 3, "rounds": 1})

The reading (docs/rl.md, "OpenSpiel"):
- The deal is chance: eight chance nodes choose the game's 64-bit seed, a byte each (256 equally likely
  outcomes). The seed is what `zdeck.make(...).new_state(seed)` deals from, so everything the rules later
  draw (a reshuffle) and the race timings follow from it: hidden from every player, chosen at the start.
- A game is SEQUENTIAL, with imperfect information. A moment - one version of the table - asks the seats
  the table shows may act (the RL envs' moments: the turn's seat, or everyone a race or call window is open
  to), one after the other in seat order, each without seeing the choices the others made at that moment;
  then they are landed together as the simulator lands them (a race by the seeded reaction-time model, 700
  ms each; the late ones resolved by the rulebook). A seat with nothing to play may only wait: action id
  `num_distinct_actions() - 1`. This is the documented sequential reading of races; OpenSpiel's
  simultaneous-move nodes would leave ISMCTS, which refuses them, without the racing games.
- Returns at the end: +1 for a winner, -1 for the others (Solo, a patience game: its score). A game still on
  after `max_moments` moments stops, every return 0.
- What a player is shown: the observation string is the seat's observation (`state.observation(seat)`) as
  JSON, the observation tensor its encoding (`zdeck.rl.encoder`); the information state string adds a digest
  of every vector the seat was shown and every choice it made, so it holds what the seat recalls. All are
  functions of what the seat may see (tests/rl/test_openspiel.py re-deals the rest and compares).
- `resample_from_infostate(player, sampler)` re-deals what the player cannot see (`state.resample_hidden`),
  and draws the choices the others made at this moment anew: what ISMCTS searches.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np

try:
    import pyspiel  # type: ignore[import-not-found]  # (a compiled module, no type information)
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise ImportError("zdeck.rl.openspiel needs OpenSpiel: pip install 'zdeck[openspiel]' (open_spiel)") from exc

from zdeck.core import Game
from zdeck.registry import game_class, games, make
from zdeck.rl import encodings, rewards
from zdeck.rl.base import DEFAULT_REACTION_MS
from zdeck.rl.referee import WAIT, Moment, Referee
from zdeck.rng import Rng
from zdeck.vectors.fast import ActionIds

SEED_BYTES, OUTCOMES = 8, 256
MAX_MOMENTS = 2000
UNSET = -1  # an option whose default is unset (Zip Zap's `rounds`: the rulebook's number) takes -1 as a parameter


def short_name(game_id: str) -> str:
    """`python_zdeck_zoker_tiko`: the name `pyspiel.load_game` knows the game by."""
    return "python_zdeck_" + game_id.replace("-", "_")


def register(game_ids: list[str] | None = None) -> list[str]:
    """Register these games (default: every one) with OpenSpiel; returns their short names. Idempotent."""
    names = []
    for game_id in game_ids or games():
        name = short_name(game_id)
        if name not in pyspiel.registered_names():
            pyspiel.register_game(_game_type(game_id), _factory(game_id))
        names.append(name)
    return names


def _parameters(game_id: str) -> dict[str, Any]:
    cls = game_class(game_id)
    found: dict[str, Any] = {"players": cls.default_players or cls.min_players, "max_moments": MAX_MOMENTS}
    for name, option in cls.options_spec.items():
        found[name] = UNSET if option.default is None else option.default
    return found


def _game_type(game_id: str) -> pyspiel.GameType:
    cls = game_class(game_id)
    return pyspiel.GameType(
        short_name=short_name(game_id), long_name=f"zdeck {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players, min_num_players=cls.min_players,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=_parameters(game_id))


def _factory(game_id: str) -> type[ZdeckGame]:
    class Registered(ZdeckGame):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            super().__init__(game_id, params or {})

    Registered.__name__ = f"ZdeckGame_{game_id.replace('-', '_')}"
    return Registered


class ZdeckGame(pyspiel.Game):  # type: ignore[misc]  # (pyspiel ships no type information)
    """A zdeck game with its players and options, as OpenSpiel sees it."""

    def __init__(self, game_id: str, params: dict[str, Any]) -> None:
        chosen = {**_parameters(game_id), **params}
        players, max_moments = chosen.pop("players"), chosen.pop("max_moments")
        options = {k: (None if v == UNSET and game_class(game_id).options_spec[k].default is None else v)
                   for k, v in chosen.items()}
        self.zdeck: Game = make(game_id, players, **options)
        self.max_moments = int(max_moments)
        self.encoder = encodings.state_encoder(self.zdeck)
        self.rules = encodings.rules(self.zdeck)
        self.ids = ActionIds(self.zdeck)
        self.wait_id = self.zdeck.num_distinct_actions()
        self.reward = rewards.scheme("score" if players == 1 else "win")
        self.resamples = Rng(0)  # what `resample_from_infostate` draws from (OpenSpiel's sampler is opaque here)
        low, high = (0.0, 64.0) if players == 1 else (-1.0, 1.0)
        info = pyspiel.GameInfo(num_distinct_actions=self.wait_id + 1, max_chance_outcomes=OUTCOMES,
                                num_players=players, min_utility=low, max_utility=high, utility_sum=None,
                                max_game_length=SEED_BYTES + self.max_moments * players)
        super().__init__(_game_type(game_id), info, {"players": players, "max_moments": self.max_moments, **chosen})

    def new_initial_state(self) -> ZdeckState:
        return ZdeckState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"zdeck's observers take no parameters, not {params!r}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self, recall)


class _Shared:
    """What every copy of a state shares (the game and its tables): never copied."""

    def __init__(self, game: ZdeckGame) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _Play:
    """A game in play: the seed's bytes, then the referee, the seats still to choose at this moment, the choices
    made, and what each seat recalls. Copied by hand (OpenSpiel's `clone` deep-copies a state's attributes)."""

    def __init__(self, players: int) -> None:
        self.seed: list[int] = []
        self.referee: Referee | None = None
        self.pending: list[int] = []
        self.choices: dict[int, int] = {}
        self.recall = [hashlib.blake2b(digest_size=16) for _ in range(players)]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        twin = _Play.__new__(_Play)
        twin.seed, twin.pending, twin.choices = list(self.seed), list(self.pending), dict(self.choices)
        twin.recall = [digest.copy() for digest in self.recall]
        twin.referee = None if self.referee is None else self.referee.copy()
        return twin


class ZdeckState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: ZdeckGame) -> None:
        super().__init__(game)
        self._shared = _Shared(game)
        self._play = _Play(game.num_players())

    # -- who acts ----------------------------------------------------------------------------------------
    @property
    def _game(self) -> ZdeckGame:
        return self._shared.game

    def current_player(self) -> int:
        play = self._play
        if play.referee is None:
            return int(pyspiel.PlayerId.CHANCE)
        if not play.pending:
            return int(pyspiel.PlayerId.TERMINAL)
        return play.pending[0]

    def _legal_actions(self, player: int) -> list[int]:
        play = self._play
        if play.referee is None or not play.pending or player != play.pending[0]:
            return []
        return moment_ids(self._game, play.referee.moment, player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(byte, 1.0 / OUTCOMES) for byte in range(OUTCOMES)]

    def _apply_action(self, action: int) -> None:
        play, game = self._play, self._game
        if play.referee is None:
            play.seed.append(int(action))
            if len(play.seed) == SEED_BYTES:
                seed = int.from_bytes(bytes(play.seed), "big")
                play.referee = Referee(game.zdeck, seed, [DEFAULT_REACTION_MS] * game.num_players(), rules=game.rules)
                self._moment_starts()
            return
        seat = play.pending.pop(0)
        play.choices[seat] = int(action)
        play.recall[seat].update(b"chose %d;" % action)
        if not play.pending:
            self._land()

    def _land(self) -> None:
        play, game = self._play, self._game
        referee = play.referee
        assert referee is not None
        referee.land({seat: WAIT if i == game.wait_id else game.ids.table[i] for seat, i in play.choices.items()})
        self._moment_starts()

    def _moment_starts(self) -> None:
        """What every seat is shown now goes into what it recalls; then the next moment's seats are asked."""
        play, game = self._play, self._game
        referee = play.referee
        assert referee is not None
        play.choices = {}
        shown = game.encoder.encode_all(referee.state)
        for seat, digest in enumerate(play.recall):
            row = shown[seat]
            where = np.flatnonzero(row)  # a vector is mostly zeros: its nonzero floats and their places say it whole
            digest.update(where.tobytes())
            digest.update(row[where].tobytes())
        over = referee.moment is None or referee.moments >= game.max_moments
        play.pending = [] if over else list(referee.moment.asked)  # type: ignore[union-attr]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        return "wait" if action == self._game.wait_id else str(self._game.ids.table[action])

    # -- the end -------------------------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self._play.referee is not None and not self._play.pending

    def returns(self) -> list[float]:
        play, game = self._play, self._game
        if not self.is_terminal() or play.referee is None or play.referee.moment is not None:
            return [0.0] * game.num_players()  # (a game stopped by max_moments: 0 each)
        state = play.referee.state
        return [float(r) for r in game.reward(state.scores(), state.winners(), game.zdeck.score_order)]

    # -- what a player is shown ------------------------------------------------------------------------------
    def seen(self, player: int) -> str:
        """The seat's observation, as JSON (before the deal: the game and the seat only)."""
        referee = self._play.referee
        if referee is None:
            return json.dumps({"game": self._game.zdeck.id, "seat": player, "dealing": len(self._play.seed)})
        return json.dumps(referee.state.observation(player), sort_keys=True)

    def recalled(self, player: int) -> str:
        return self._play.recall[player].hexdigest()

    def resample_from_infostate(self, player: int, sampler: Any) -> ZdeckState:
        """A copy with everything `player` cannot see re-dealt (and the others' choices at this moment drawn anew
        among what they may do there); `player` recalls the same. (ZAR's re-deal may leave nobody able to
        match a last card the table shows waiting for a match: such deals are drawn again.)"""
        twin: ZdeckState = self.clone()
        play = twin._play
        referee = self._play.referee
        if referee is None:
            return twin
        rng = self._game.resamples
        for _ in range(1000):
            dealt = referee.state.resample_hidden(player, rng.spawn())
            if dealt.moves() or not referee.state.moves():
                break
        else:
            raise RuntimeError(f"no re-deal of {self._game.zdeck.id} fits what seat {player} saw")
        play.referee = referee.copy(dealt)
        play.referee.timing = rng.spawn()  # the race timings to come are nobody's to know
        for seat in play.choices:
            ids = moment_ids(self._game, play.referee.moment, seat)
            play.choices[seat] = ids[rng.below(len(ids))]
        for seat in range(len(play.recall)):
            if seat != player:  # what the others recall, from here on, is not this player's to know
                play.recall[seat] = hashlib.blake2b(b"%d;%s" % (seat, self.recalled(player).encode()), digest_size=16)
        return twin

    def __str__(self) -> str:
        """The whole state (every hand), for debugging: not what any player sees."""
        play = self._play
        if play.referee is None:
            return f"dealing: seed bytes {play.seed}"
        return json.dumps({"state": play.referee.state.to_dict(), "pending": play.pending,
                           "chosen": sorted(play.choices)}, sort_keys=True)


def moment_ids(game: ZdeckGame, moment: Moment | None, seat: int) -> list[int]:
    """The ids `seat` may choose at this moment, ascending (the wait, where it may wait, is the highest)."""
    if moment is None or seat not in moment.legal:
        return []
    ids = sorted(game.ids.of(action) for action in moment.legal[seat])
    if seat in moment.may_wait:
        ids.append(game.wait_id)
    return ids


class Observer:
    """OpenSpiel's observer: the seat's encoding as the tensor, its observation (and what it recalls) as a string."""

    def __init__(self, game: ZdeckGame, recall: bool) -> None:
        self.recall = recall
        self.tensor = np.zeros(game.encoder.size if not recall else 0, dtype=np.float32)
        self.dict = {"observation": self.tensor}
        self._game = game

    def set_from(self, state: ZdeckState, player: int) -> None:
        if self.recall:
            return
        referee = state._play.referee
        if referee is None:
            self.tensor.fill(0.0)
        else:
            self._game.encoder.encode_into(referee.state, player, self.tensor)

    def string_from(self, state: ZdeckState, player: int) -> str:
        seen = state.seen(player)
        return f"{seen}\nrecalled {state.recalled(player)}" if self.recall else seen
