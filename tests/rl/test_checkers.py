"""The ecosystem's own checkers, on every game and its main variants: PettingZoo's api_test,
parallel_api_test, seed_test and parallel_seed_test, and Gymnasium's check_env.

Any warning they raise fails the test, but for the two PettingZoo makes of every dict observation
(its classic card and board games carry the same {"observation", "action_mask"} dict, and are on the
checker's own list of exceptions; ours cannot be, the list is by env name)."""

from __future__ import annotations

import contextlib
import io
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

import zdeck.rl
from tests.rl.variants import IDS, VARIANTS

EXPECTED = ("Observation space for each agent probably should be gymnasium.spaces.box",
            "Observation is not a NumPy array")
Variant = tuple[str, int, dict[str, Any]]


@contextlib.contextmanager
def strict_warnings() -> Iterator[None]:
    """Every warning is an error, but the expected ones; the checkers' progress prints are muted."""
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
        warnings.simplefilter("error")
        for text in EXPECTED:
            warnings.filterwarnings("ignore", message=text)
        yield


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
@pytest.mark.parametrize("make", [zdeck.rl.env, zdeck.rl.raw_env], ids=["wrapped", "raw"])
def test_pettingzoo_api_test_passes(variant: Variant, make: Any) -> None:
    game, players, options = variant
    with strict_warnings():
        api_test(make(game, players, **options), num_cycles=300)


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_pettingzoo_parallel_api_test_passes(variant: Variant) -> None:
    game, players, options = variant
    with strict_warnings():
        parallel_api_test(zdeck.rl.parallel_env(game, players, **options), num_cycles=300)


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_pettingzoo_seed_tests_pass(variant: Variant) -> None:
    game, players, options = variant
    with strict_warnings():
        seed_test(lambda: zdeck.rl.env(game, players, **options), num_cycles=100)
        seed_test(lambda: zdeck.rl.raw_env(game, players, **options), num_cycles=100)
        parallel_seed_test(lambda: zdeck.rl.parallel_env(game, players, **options), num_cycles=100)


UNBOUNDED_GAMES = ("zar", "zopzoo", "zoker-memo")  # floats no rule bounds (docs/rl.md): their Box says inf


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_gymnasium_check_env_passes(variant: Variant) -> None:
    """Gymnasium's checker passes without a warning, but "probably too high" for an infinite bound, which is the
    true bound of a float no rule bounds (a count of hands in ZAR played to a target, Memo's flips)."""
    game, players, options = variant
    with strict_warnings():
        warnings.filterwarnings("ignore", message=".*Not able to test alternative render modes")
        if game in UNBOUNDED_GAMES:
            warnings.filterwarnings("ignore", message=".*Box observation space (maximum|minimum) value is -?infinity")
        check_env(zdeck.rl.single_agent(game, players, **options))


@pytest.mark.parametrize("game", ["zipzap", "zoker-kubo"])
def test_gymnasium_check_env_passes_on_registered_ids_with_render_modes(game: str) -> None:
    import gymnasium

    for version in ("v1", "v2"):
        with warnings.catch_warnings():  # (Gymnasium says v1 is out of date: it is kept for agents trained on it)
            warnings.filterwarnings("ignore", message=".*is out of date", category=DeprecationWarning)
            env = gymnasium.make(f"zdeck/{game}-{version}", render_mode="ansi")
        assert env.unwrapped.table.name == f"{game}_{version}"
        with strict_warnings():
            check_env(env.unwrapped)
