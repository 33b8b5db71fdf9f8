"""Vector envs: N single-agent games stepped together, their observations stacked in numpy arrays.

`zdeck.rl.vector_env(game, num_envs=N)` follows Gymnasium's vector API (`gymnasium.vector.VectorEnv`,
next-step autoreset: the step after a game ends starts the next one and ignores that env's action). With
`workers=0` (the default) the N games run in this process and write their observations straight into
the stacked arrays (no per-game dict, no concatenation); with `workers=k` they are shared among k worker
processes, each stepping its slice of the games into shared memory. docs/rl.md, "Vector envs".
"""

from __future__ import annotations

import itertools
import multiprocessing
import multiprocessing.connection
import traceback
import weakref
from multiprocessing.shared_memory import SharedMemory
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from zdeck.rl.single import ZdeckSingle

Observations = dict[str, npt.NDArray[Any]]
Step = tuple[Observations, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]]


class Buffers:
    """The stacked arrays a vector env hands back: one row per game."""

    def __init__(self, num_envs: int, size: int, actions: int, memory: memoryview | None = None) -> None:
        shapes: list[tuple[str, tuple[int, ...], type[np.generic]]] = [
            ("observation", (num_envs, size), np.float32), ("action_mask", (num_envs, actions), np.int8),
            ("rewards", (num_envs,), np.float64), ("terminations", (num_envs,), np.bool_),
            ("truncations", (num_envs,), np.bool_)]
        self.nbytes = sum(int(np.prod(shape)) * np.dtype(dtype).itemsize for _, shape, dtype in shapes)
        at = 0
        for name, shape, dtype in shapes:
            if memory is None:
                array = np.zeros(shape, dtype=dtype)
            else:
                array = np.ndarray(shape, dtype=dtype, buffer=memory, offset=at)
                at += array.nbytes
            setattr(self, name, array)
        self.observation: npt.NDArray[np.float32]
        self.action_mask: npt.NDArray[np.int8]
        self.rewards: npt.NDArray[np.float64]
        self.terminations: npt.NDArray[np.bool_]
        self.truncations: npt.NDArray[np.bool_]

    def rows(self, start: int, stop: int) -> Buffers:
        """The same arrays' rows start..stop, as a Buffers of their own (views)."""
        part = Buffers.__new__(Buffers)
        for name in ("observation", "action_mask", "rewards", "terminations", "truncations"):
            setattr(part, name, getattr(self, name)[start:stop])
        return part

    def observations(self) -> Observations:
        return {"observation": self.observation.copy(), "action_mask": self.action_mask.copy()}


class ZdeckVectorEnv(gymnasium.vector.VectorEnv[Observations, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """N single-agent games (`zdeck.rl.single_agent`, same settings) in this process. See the module docstring."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012  # (Gymnasium declares it so)

    def __init__(self, game_id: str, num_envs: int, players: int | None = None, *, buffers: Buffers | None = None,
                 **settings: Any) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs is a whole number >= 1, not {str(num_envs)[:60]!r}")
        self.envs = [ZdeckSingle(game_id, players, **settings) for _ in range(num_envs)]
        first = self.envs[0]
        self.num_envs = num_envs
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.render_mode = None
        self.metadata = {**type(self).metadata, "name": first.table.name}
        self.buffers = buffers or Buffers(num_envs, first.table.encoder.size, first.table.actions + 1)
        self._autoreset = np.zeros(num_envs, dtype=np.bool_)

    def reset(self, *, seed: int | list[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observations, dict[str, Any]]:
        """Every game anew: `seed` an int (game i gets seed + i), one seed (or None) per game, or None."""
        infos = self.reset_rows(_seeds(seed, self.num_envs), options)
        return self.buffers.observations(), infos

    def reset_rows(self, seeds: list[int | None], options: dict[str, Any] | None = None) -> dict[str, Any]:
        b, infos = self.buffers, _Infos(self.num_envs)
        for i, (env, seed) in enumerate(zip(self.envs, seeds, strict=True)):
            _, info = env.reset(seed=seed, options=options)
            env.table.observe_into(env.seat, b.observation[i], b.action_mask[i])
            if info:
                infos.add(i, info)
        b.rewards[:] = 0.0
        b.terminations[:] = False
        b.truncations[:] = False
        self._autoreset[:] = False
        return infos.done()

    def step(self, actions: npt.ArrayLike) -> Step:
        infos = self.step_rows(actions)
        b = self.buffers
        return b.observations(), b.rewards.copy(), b.terminations.copy(), b.truncations.copy(), infos

    def step_rows(self, actions: npt.ArrayLike) -> dict[str, Any]:
        """Step every game, writing into the buffers; the infos in Gymnasium's vector form (`key` and `_key`)."""
        ids = np.asarray(actions)
        if ids.shape != (self.num_envs,):
            raise ValueError(f"step takes one action id per game ({self.num_envs}), not an array of shape {ids.shape}")
        b, autoreset = self.buffers, self._autoreset
        infos = _Infos(self.num_envs)
        for i, env in enumerate(self.envs):
            if autoreset[i]:  # the game ended at the last step: this step starts the next one
                _, info = env.reset()
                reward, terminated, truncated = 0.0, False, False
            else:
                reward, terminated, truncated, info = env.advance(int(ids[i]))
            env.table.observe_into(env.seat, b.observation[i], b.action_mask[i])
            b.rewards[i], b.terminations[i], b.truncations[i] = reward, terminated, truncated
            if info:
                infos.add(i, info)
        np.logical_or(b.terminations, b.truncations, out=autoreset)
        return infos.done()

    def render(self) -> tuple[Any, ...] | None:
        return None

    def close_extras(self, **kwargs: Any) -> None:
        for env in self.envs:
            env.close()


class _Infos:
    """Per-game infos gathered in Gymnasium's vector form: each key an array over the games, `_key` a mask of the
    games that have it (what `VectorEnv._add_info` builds, without building a dict per game first)."""

    def __init__(self, num_envs: int) -> None:
        self.num_envs = num_envs
        self.found: dict[str, dict[str, list[tuple[int, Any]]] | list[tuple[int, Any]]] = {}

    def add(self, i: int, info: dict[str, Any]) -> None:
        for key, value in info.items():
            if isinstance(value, dict):
                inner = self.found.setdefault(key, {})
                assert isinstance(inner, dict)
                for sub, item in value.items():
                    inner.setdefault(sub, []).append((i, item))
                inner.setdefault("", []).append((i, None))  # which games have the key at all
            else:
                entries = self.found.setdefault(key, [])
                assert isinstance(entries, list)
                entries.append((i, value))

    def done(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, entries in self.found.items():
            if isinstance(entries, dict):
                games = entries.pop("")
                out[key] = {sub: self._array(items) for sub, items in entries.items()}
                for sub, items in entries.items():
                    out[key][f"_{sub}"] = self._mask(items)
                out[f"_{key}"] = self._mask(games)
            else:
                out[key], out[f"_{key}"] = self._array(entries), self._mask(entries)
        return out

    def _array(self, items: list[tuple[int, Any]]) -> npt.NDArray[Any]:
        sample = items[0][1]
        kind = type(sample) if type(sample) in (bool, int, float) else object
        array = np.zeros(self.num_envs, dtype=kind) if kind is not object else np.full(self.num_envs, None, object)
        for i, value in items:
            array[i] = value
        return array

    def _mask(self, items: list[tuple[int, Any]]) -> npt.NDArray[np.bool_]:
        mask = np.zeros(self.num_envs, dtype=np.bool_)
        mask[[i for i, _ in items]] = True
        return mask


class ZdeckWorkerVectorEnv(gymnasium.vector.VectorEnv[Observations, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """N single-agent games shared among worker processes: each steps its slice of the games with a
    `ZdeckVectorEnv` whose arrays live in shared memory; the parent sends actions and gathers infos."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(self, game_id: str, num_envs: int, players: int | None = None, *, workers: int = 2,
                 context: str | None = None, **settings: Any) -> None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise ValueError(f"workers is a whole number >= 1, not {str(workers)[:60]!r}")
        probe = ZdeckVectorEnv(game_id, 1, players, **settings)  # checks every setting here, before any process
        self.num_envs = num_envs
        self.single_observation_space = probe.single_observation_space
        self.single_action_space = probe.single_action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.render_mode = None
        self.metadata = {**type(self).metadata, "name": probe.metadata["name"]}
        size, actions = probe.envs[0].table.encoder.size, probe.envs[0].table.actions + 1
        self._memory = SharedMemory(create=True, size=Buffers(num_envs, size, actions).nbytes)
        self.buffers = Buffers(num_envs, size, actions, self._memory.buf)
        bounds = [int(b) for b in np.linspace(0, num_envs, min(workers, num_envs) + 1)]
        self._slices = list(itertools.pairwise(bounds))
        ctx: Any = multiprocessing.get_context(context)
        self._pipes: list[multiprocessing.connection.Connection] = []
        self._processes: list[multiprocessing.process.BaseProcess] = []
        for start, stop in self._slices:
            parent, child = ctx.Pipe()
            process = ctx.Process(target=_work, daemon=True, name=f"zdeck-vector-{start}-{stop}",
                                  args=(child, self._memory.name, num_envs, size, actions, start, stop, game_id,
                                        players, settings))
            process.start()
            child.close()
            self._pipes.append(parent)
            self._processes.append(process)
        # Whatever happens to this env (closed, dropped, the interpreter leaving), its processes end and its
        # shared memory is given back.
        self._release = weakref.finalize(self, _release, self._memory, self._pipes, self._processes)
        self._gather()  # every worker up

    def reset(self, *, seed: int | list[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observations, dict[str, Any]]:
        seeds = _seeds(seed, self.num_envs)
        for pipe, (start, stop) in zip(self._pipes, self._slices, strict=True):
            pipe.send(("reset", (seeds[start:stop], options)))
        infos = _merge(self.num_envs, self._slices, self._gather())
        return self.buffers.observations(), infos

    def step(self, actions: npt.ArrayLike) -> Step:
        ids = np.asarray(actions)
        if ids.shape != (self.num_envs,):
            raise ValueError(f"step takes one action id per game ({self.num_envs}), not an array of shape {ids.shape}")
        for pipe, (start, stop) in zip(self._pipes, self._slices, strict=True):
            pipe.send(("step", ids[start:stop]))
        infos = _merge(self.num_envs, self._slices, self._gather())
        b = self.buffers
        return b.observations(), b.rewards.copy(), b.terminations.copy(), b.truncations.copy(), infos

    def _gather(self) -> list[Any]:
        answers = []
        for pipe in self._pipes:
            ok, answer = pipe.recv()
            if not ok:
                raise RuntimeError(f"a vector env worker failed:\n{answer}")
            answers.append(answer)
        return answers

    def render(self) -> tuple[Any, ...] | None:
        return None

    def close_extras(self, **kwargs: Any) -> None:
        self.buffers = None  # type: ignore[assignment]  # (the arrays must go before the memory under them)
        self._release()


def _release(memory: SharedMemory, pipes: list[multiprocessing.connection.Connection],
             processes: list[multiprocessing.process.BaseProcess]) -> None:
    """End the workers and give back the shared memory."""
    for pipe in pipes:
        try:
            pipe.send(("close", None))
        except (BrokenPipeError, OSError):
            pass
    for process in processes:
        process.join(timeout=5)
        if process.is_alive():
            process.terminate()
    try:
        memory.close()
    except BufferError:  # (arrays over it still alive: the unlink below still frees it once they go)
        pass
    memory.unlink()


def _work(pipe: multiprocessing.connection.Connection, memory_name: str, num_envs: int, size: int, actions: int,
          start: int, stop: int, game_id: str, players: int | None, settings: dict[str, Any]) -> None:
    """A worker: its slice of the games, stepped into the shared arrays on the parent's command."""
    memory = SharedMemory(name=memory_name)
    try:
        rows = Buffers(num_envs, size, actions, memory.buf).rows(start, stop)
        games = ZdeckVectorEnv(game_id, stop - start, players, buffers=rows, **settings)
        pipe.send((True, None))
        while True:
            command, argument = pipe.recv()
            try:
                if command == "reset":
                    pipe.send((True, games.reset_rows(*argument)))
                elif command == "step":
                    pipe.send((True, games.step_rows(argument)))
                else:
                    break
            except Exception:  # noqa: BLE001  # (told to the parent, which raises it)
                pipe.send((False, traceback.format_exc()))
        del games, rows
    finally:
        memory.close()


def _merge(num_envs: int, slices: list[tuple[int, int]], parts: list[dict[str, Any]]) -> dict[str, Any]:
    """The workers' infos (each over its slice) as one over all the games."""
    out: dict[str, Any] = {}
    for (start, stop), part in zip(slices, parts, strict=True):
        _place(out, part, start, stop, num_envs)
    return out


def _place(out: dict[str, Any], part: dict[str, Any], start: int, stop: int, num_envs: int) -> None:
    for key, value in part.items():
        if isinstance(value, dict):
            _place(out.setdefault(key, {}), value, start, stop, num_envs)
            continue
        if key not in out:
            out[key] = (np.full(num_envs, None, object) if value.dtype == object
                        else np.zeros(num_envs, dtype=value.dtype))
        out[key][start:stop] = value


def _seeds(seed: int | list[int | None] | None, num_envs: int) -> list[int | None]:
    """Gymnasium's convention: an int seeds game i with seed + i; a list gives each game its own."""
    if seed is None:
        return [None] * num_envs
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer, list, tuple)):
        raise ValueError(f"a seed is a whole number >= 0, or one per game, not {str(seed)[:60]!r}")  # noqa: TRY004
    if isinstance(seed, (int, np.integer)):
        return [int(seed) + i for i in range(num_envs)]
    seeds = list(seed)
    if len(seeds) != num_envs:
        raise ValueError(f"one seed per game ({num_envs}), not {len(seeds)}")
    return seeds


def vector_env(game_id: str, num_envs: int = 8, players: int | None = None, *, workers: int = 0,
               **settings: Any) -> ZdeckVectorEnv | ZdeckWorkerVectorEnv:
    """N single-agent games of this game stepped together (Gymnasium's vector API, next-step autoreset);
    `workers=k` shares them among k processes. Settings as `zdeck.rl.single_agent`'s."""
    if workers == 0:
        return ZdeckVectorEnv(game_id, num_envs, players, **settings)
    return ZdeckWorkerVectorEnv(game_id, num_envs, players, workers=workers, **settings)
