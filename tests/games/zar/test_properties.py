"""Hypothesis: random options, seeds and interleavings (late submissions included) keep ZAR's invariants."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

import zdeck
from zdeck import IllegalAction, Outcome, Rng
from zdeck.decks.zar.actions import DRAW, PASS, Play
from zdeck.decks.zar.cards import CHAMELEON, PLAIN_KINDS, declarations, full_deck
from zdeck.decks.zar.following import follows
from zdeck.decks.zar.state import ZarState


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


# -- the fast legal-move tables agree with a plain reading of the rules ---------------------------------------


def naive_legal(state: ZarState, p: int) -> list[Play | object]:
    """The legal plays written out kind by kind with `rules.follows` (no tables, no caches): the reference the
    optimised `legal_actions` must equal, order included (auto calls)."""
    g = state.game
    if state.phase == "over":
        return []
    if state.phase == "drawn":
        if p != state.turn:
            return []
        top = state.pile_as[-1]
        if state.drawn == CHAMELEON:
            out = plays_of(g, top, 0, 1)
        elif follows(state.drawn, top, state.declared, state.stack):
            out = plays_of(g, state.drawn, 1, 0)
        else:
            out = []
        return [*out, PASS]
    in_turn = state.phase == "play" and p == state.turn
    hand = state.hands[p]
    chams, top = hand[CHAMELEON], state.pile_as[-1]
    top_cham = state.pile[-1] == CHAMELEON
    out = []
    if state.matchable and (in_turn or hand[top] or (top_cham and chams)):
        for n in range(hand[top] + 1):
            for c in range(chams + 1):
                if n + c == 0 or (c and not top_cham and not in_turn and (n == 0 or state.phase == "out")):
                    continue
                out += plays_of(g, top, n, c)
    if in_turn:
        for k in range(PLAIN_KINDS):
            if hand[k] and not (k == top and state.matchable) and follows(k, top, state.declared, state.stack):
                for n in range(1, hand[k] + 1):
                    for c in range(chams + 1):
                        out += plays_of(g, k, n, c)
        if not state.matchable:
            for c in range(1, chams + 1):
                out += plays_of(g, top, 0, c)
        return out or [DRAW]
    return out


def plays_of(g: zdeck.Game, card: int, n: int, c: int) -> list[Play]:
    tops = (False,) if c == 0 else (True,) if n == 0 else (False, True)
    return [Play(card, n, c, top, d) for top in tops for d in declarations(card)]


@settings(max_examples=12, deadline=None)
@given(config=st.sampled_from([(2, 0, 5), (2, 2, 3), (3, 3, 8), (4, 4, 2), (5, 2, 11)]), seed=st.integers(0, 2**32))
def test_fast_legal_actions_equal_the_plain_rules(config: tuple[int, int, int], seed: int) -> None:
    half_decks, chameleons, players = config
    g = zdeck.make("zar", players, half_decks=half_decks, chameleons=chameleons, hands=2)
    state = g.new_state(seed)
    rng = Rng(seed)
    for _ in range(150):
        if state.is_over():
            break
        for p in range(players):
            legal = state.legal_actions(p)
            assert legal == naive_legal(state, p)
            assert bool(legal) == (p in state.actors())
            legal.clear()  # a caller may change its list: the next call builds a fresh one
            assert state.legal_actions(p) == naive_legal(state, p)
        assert state.moves() == [(p, naive_legal(state, p)) for p in state.actors()]  # the one-pass listing too
        view = state.resample_hidden(0, rng)  # a copy with other hands re-dealt computes its own lists
        for q in range(players):
            assert view.legal_actions(q) == naive_legal(view, q)
        actor = rng.choice(state.actors())
        choices = state.legal_actions(actor)
        action = rng.choice(choices)
        assert state.is_legal(actor, action) and state.is_legal(actor, replace(action))  # by identity or by value
        state.apply(actor, action)


@settings(max_examples=10, deadline=None)
@given(config=st.sampled_from([(2, 0, 5), (2, 2, 3), (3, 3, 8), (4, 4, 2)]), seed=st.integers(0, 2**32))
def test_late_out_of_turn_plays_land_exactly_when_listed(config: tuple[int, int, int], seed: int) -> None:
    """`resolve_late` judges an out-of-turn play by a direct test instead of searching the list: the
    test must agree with `_bare_legal` for every play of the top card's kind (and a few others) the player holds."""
    half_decks, chameleons, players = config
    g = zdeck.make("zar", players, half_decks=half_decks, chameleons=chameleons, hands=2)
    table = [a for a in g.action_table() if isinstance(a, Play)]
    state = g.new_state(seed)
    rng = Rng(seed)
    for _ in range(120):
        if state.is_over():
            break
        top = state.pile_as[-1]
        candidates = [a for a in table if a.card == top] + [rng.choice(table) for _ in range(4)]
        for p in range(players):
            if p == state.turn:
                continue
            hand = state.hands[p]
            for play in candidates:
                if hand[play.card] >= play.real and hand[CHAMELEON] >= play.chameleons:
                    assert state._may_match_with(play) == (play in state._bare_legal(p)), (p, play)
        actor = rng.choice(state.actors())
        state.apply(actor, rng.choice(state.legal_actions(actor)))
