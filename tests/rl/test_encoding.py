"""The observation encodings: versioned, complete, loud on any change, and blind to what a seat cannot see."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import zdeck
import zdeck.rl
from tests.rl import golden
from tests.rl.helpers import walk
from tests.rl.variants import IDS, VARIANTS, name
from zdeck.decks.zipzap.game import ZipZap
from zdeck.vectors.encoding import VERSIONS, EncodingMismatch

Variant = tuple[str, int, dict[str, Any]]
DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.mark.parametrize("version", VERSIONS, ids=[f"v{v}" for v in VERSIONS])
@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_encoding_vectors_match_their_versioned_fingerprint(variant: Variant, version: int) -> None:
    """The reference encoder (through the observation dict) and the game's fast encoder (from the state) both
    give the vectors fingerprinted in tests/rl/encodings.json: version 1 as it was before the fast encoders
    (fingerprinted by the old encoder), version 2 as it is now."""
    expected = json.loads(golden.PATH.read_text())[golden.key(variant, version)]
    got = golden.fingerprint(*variant, version=version)
    assert got["encoding"] == expected["encoding"] or pytest.fail(
        f"{name(variant)}: the encoding is now {got['encoding']}: regenerate tests/rl/encodings.json "
        "(python -m tests.rl.golden) and say so in docs/rl.md")
    assert got == expected, (
        f"{name(variant)}: {got['encoding']}'s vectors changed. If the encoding changed, bump its version "
        "(decks/<game>/encoding.py) and docs/rl.md; if a rule change plays the seeded game differently, regenerate: "
        "python -m tests.rl.golden")
    fast = zdeck.rl.state_encoder(zdeck.make(variant[0], variant[1], **variant[2]), version)
    assert golden.fingerprint(*variant, encode=fast.encode, version=version) == expected, f"{fast.name}'s fast encoder differs"


def test_every_game_has_an_encoding() -> None:
    assert zdeck.rl.encoded_games() == sorted(zdeck.games())


class ZipZapDeluxe(ZipZap):
    """A game whose folder (here: tests/rl) has no encoding.py."""

    id = "zipzap-deluxe"


def test_a_game_without_an_encoding_is_refused_by_name() -> None:
    game = ZipZapDeluxe(2)
    with pytest.raises(ValueError, match=r"no observation encoding for zipzap-deluxe yet \(no tests\.rl\.encoding\.spec\); "
                                         "encoded games: zar"):
        zdeck.rl.encoder(game)


def _observation(game_id: str, players: int, options: dict[str, Any], seed: int = 2) -> tuple[Any, dict[str, Any]]:
    game = zdeck.make(game_id, players, **options)
    state = game.new_state(seed)
    for _ in range(12):  # a few moves in, so that piles and `last` are filled
        moves = state.moves()
        player, legal = moves[0]
        state.apply_listed(player, legal[0])
    return zdeck.rl.encoder(game), state.observation(moves[0][0])


HANDS = ("zipzap", "zoop", "zoker-tiko", "zoker-kubo", "zar")  # the games whose seats hold a hand


@pytest.mark.parametrize("variant", VARIANTS[::2], ids=IDS[::2])
def test_a_key_added_to_the_observation_is_refused_by_name(variant: Variant) -> None:
    encoder, seen = _observation(*variant)
    with pytest.raises(EncodingMismatch, match=r"added \['glitter'\].*bump its version"):
        encoder.encode({**seen, "glitter": 1})


@pytest.mark.parametrize("variant", VARIANTS[::2], ids=IDS[::2])
def test_a_key_missing_from_the_observation_is_refused_by_name(variant: Variant) -> None:
    encoder, seen = _observation(*variant)
    del seen["phase"]
    with pytest.raises(EncodingMismatch, match=r"missing \['phase'\]"):
        encoder.encode(seen)


@pytest.mark.parametrize("variant", VARIANTS[::2], ids=IDS[::2])
def test_an_unknown_phase_is_refused(variant: Variant) -> None:
    encoder, seen = _observation(*variant)
    with pytest.raises(EncodingMismatch, match="phase: unknown value 'intermission'"):
        encoder.encode({**seen, "phase": "intermission"})


@pytest.mark.parametrize("variant", [v for v in VARIANTS[::2] if v[0] in HANDS], ids=[
    name(v) for v in VARIANTS[::2] if v[0] in HANDS])
def test_an_unknown_card_in_the_hand_is_refused(variant: Variant) -> None:
    encoder, seen = _observation(*variant)
    with pytest.raises(EncodingMismatch, match="hand: unknown card 'joker'"):
        encoder.encode({**seen, "hand": [*seen["hand"], "joker"]})


def test_a_spectators_view_is_not_encoded() -> None:
    game = zdeck.make("zipzap", 3)
    with pytest.raises(EncodingMismatch, match="spectator"):
        zdeck.rl.encoder(game).encode(game.new_state(1).observation(None))


def _doc_example(game_id: str) -> dict[str, Any]:
    text = (DOCS / "observations" / f"{game_id}.md").read_text()
    block = re.search(r"```json\n(.*?)```", text, re.DOTALL)
    assert block, f"docs/observations/{game_id}.md has no example"
    example: dict[str, Any] = json.loads(block.group(1))
    return example


# The options each documented example was made with (its text says so).
DOC_GAMES = {"zipzap": {}, "zoop": {}, "zopzoo": {}, "zoker-tiko": {}, "zoker-kubo": {"scoring": "claim"},
             "zar": {"chameleons": 1}, "zoker-solo": {}, "zoker-memo": {}}


@pytest.mark.parametrize("game_id", sorted(DOC_GAMES))
def test_the_documented_example_observation_encodes(game_id: str) -> None:
    """docs/observations/<game>.md's example speaks the keys and values the encoding knows."""
    example = _doc_example(game_id)
    players = len(example["scores"])
    vector = zdeck.rl.encoder(zdeck.make(game_id, players, **DOC_GAMES[game_id])).encode(example)
    assert vector.any()


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_seats_are_encoded_relative_to_the_observer(variant: Variant) -> None:
    """The `scores` block of every seat's vector starts with that seat's own score."""
    game_id, players, options = variant
    game = zdeck.make(game_id, players, **options)
    encoder = zdeck.rl.encoder(game, 1)  # (version 1: the scores as its field scales them)
    start = next(at for key, at, size, _ in encoder.layout() if key == "scores")
    scale = next(f.scale for f, _ in encoder.fields if f.key == "scores")  # type: ignore[attr-defined]
    state = game.new_state(0)
    seen = state.observation(0)
    for seat in range(players):
        fake = {**state.observation(seat), "scores": [10.0 * (p + 1) for p in range(players)]}
        vector = encoder.encode(fake)
        assert vector[start] == pytest.approx(10.0 * (seat + 1) / scale)
    assert seen["seat"] == 0


# The keys whose floats no rule bounds, by game: a total in a match played to a target, a count over a whole game.
UNBOUNDED_KEYS = {"zar": {"round", "rounds", "scores", "round_scores", "penalties"}, "zoker-memo": {"seen", "flips"},
                  "zopzoo": {"round", "rounds", "scores", "round_scores", "round_winners"}}


@pytest.mark.parametrize("version", VERSIONS, ids=[f"v{v}" for v in VERSIONS])
@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_every_vector_lies_within_its_stated_bounds(variant: Variant, version: int) -> None:
    """The observation space's Box is tight and true: every float of every seat at every state of seeded games
    lies within it; in version 2 every bound the rules set is within [-1, 1], and the floats no rule bounds
    (`inf`) are only those named here."""
    game_id, players, options = variant
    game = zdeck.make(game_id, players, **options)
    encoder = zdeck.rl.state_encoder(game, version)
    low, high = encoder.low, encoder.high
    for seed in (1, 2):
        for state in walk(game, seed, 200):
            vectors = encoder.encode_all(state)
            assert (vectors >= low).all() and (vectors <= high).all(), [
                key for key, at, size, _ in encoder.reference.layout()
                if not ((vectors[:, at:at + size] >= low[at:at + size]).all()
                        and (vectors[:, at:at + size] <= high[at:at + size]).all())]
    unbounded = {key for key, at, size, _ in encoder.reference.layout() if size and not np.isfinite(high[at:at + size]).all()}
    assert unbounded <= UNBOUNDED_KEYS.get(game_id, set()) | ({"round", "rounds"} if game_id == "zar" else set())
    if version == 2:
        assert (high[np.isfinite(high)] <= 1.0).all() and (low[np.isfinite(low)] >= -1.0).all()
