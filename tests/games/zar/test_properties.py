"""Hypothesis: random options, seeds and interleavings (late submissions included) keep ZAR's invariants."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import zdeck
from zdeck import IllegalAction, Outcome, Rng
from zdeck.games.zar.cards import full_deck
from zdeck.games.zar.state import ZarState


def check_invariants(state: ZarState) -> None:
    g = state.game
    assert state.sizes == [sum(h) for h in state.hands]
    held = Counter(state.drawpile + state.pile)
    for hand in state.hands:
        held.update({k: c for k, c in enumerate(hand) if c})
    assert held == Counter(full_deck(g.half_decks, g.chameleons))
    assert len(state.pile) == len(state.pile_as) >= 1
    if state.phase in ("play", "drawn"):
        assert 0 <= state.turn < g.players and state.count >= 1 and 1 <= state.run <= state.count
    if state.stack:
        assert state.matchable and state.phase in ("play", "out")
    assert g.state_from_dict(state.to_dict()).to_dict() == state.to_dict()
    for player in range(g.players):
        legal = state.legal_actions(player)
        assert len(set(legal)) == len(legal), "each legal action is listed once"


configs = st.sampled_from([(2, 0), (2, 2), (3, 1), (4, 4), (5, 3)]).flatmap(
    lambda hc: st.tuples(
        st.just(hc[0]), st.just(hc[1]), st.integers(2, 9 if hc[0] == 2 else 14), st.sampled_from(["auto", "strict"])
    )
)


@settings(max_examples=25, deadline=None)
@given(config=configs, seed=st.integers(0, 2**32), steps=st.integers(10, 150))
def test_random_interleavings_keep_invariants(config: tuple[int, int, int, str], seed: int, steps: int) -> None:
    half_decks, chameleons, players, calls = config
    g = zdeck.make("zar", players, half_decks=half_decks, chameleons=chameleons, calls=calls, target=60)
    state = g.new_state(seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over():
            break
        actors = state.actors()
        # every actor picks from what they see now; one lands, the others arrive late (a race)
        picks = {p: rng.choice(state.legal_actions(p)) for p in actors}
        order = sorted(actors, key=lambda _: rng.random())
        seen = state.version
        state.apply(order[0], picks[order[0]])
        for late in order[1:]:
            if rng.below(2):
                continue  # this one waited
            try:
                outcome = state.apply(late, picks[late], seen=seen)
            except IllegalAction:
                continue  # refused outright (e.g. a new hand was dealt and the cards are gone); nothing changed
            assert outcome in (Outcome.APPLIED, Outcome.BOUNCED, Outcome.PENALISED)
        check_invariants(state)
