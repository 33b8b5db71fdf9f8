"""A card's key stays bound to that card while it is held: cards arriving or leaving never shift the others."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from zdeck.tui.keys import APP_KEYS, CARD_KEYS, KeyRing, card_pool

DECK = [f"c{i}" for i in range(40)]


def test_the_pool_leaves_out_the_app_keys_and_the_games_call_keys() -> None:
    pool = card_pool(["z", "d"])
    assert pool.startswith("1234567890")
    assert not set(pool) & (APP_KEYS | {"z", "d"})
    assert len(set(pool)) == len(pool)


def test_a_first_deal_takes_the_keys_in_hand_order() -> None:
    assert [s.key for s in KeyRing("12345").update(["a", "b", "c"])] == ["1", "2", "3"]


def test_a_card_that_leaves_does_not_move_the_others() -> None:
    ring = KeyRing(CARD_KEYS)
    before = {s.card: s.key for s in ring.update(["a", "b", "c", "d"])}
    after = {s.card: s.key for s in ring.update(["a", "c", "d"])}
    assert after == {card: before[card] for card in after}


def test_a_card_that_arrives_in_the_middle_of_the_hand_takes_a_free_key_and_moves_nobody() -> None:
    ring = KeyRing(CARD_KEYS)
    ring.update(["a", "c", "e"])
    slots = ring.update(["a", "b", "c", "d", "e"])  # sorted hands: new cards land between the old ones
    assert {s.card: s.key for s in slots if s.card in "ace"} == {"a": "1", "c": "2", "e": "3"}
    assert {s.key for s in slots if s.card in "bd"} == {"4", "5"}


def test_a_freed_key_is_reused_last() -> None:
    ring = KeyRing("1234")
    ring.update(["a", "b"])
    ring.update(["a"])  # b's key 2 is freed
    assert ring.by_key("2") is None
    slots = ring.update(["a", "x", "y"])  # never-used keys first
    assert [s.key for s in slots] == ["1", "3", "4"]
    assert ring.update(["a", "x", "y", "z"])[-1].key == "2"  # the freed key only once the rest are taken


def test_duplicate_cards_keep_their_own_keys() -> None:
    ring = KeyRing(CARD_KEYS)
    ring.update(["wasp", "wasp", "frog"])
    assert [s.key for s in ring.update(["wasp", "frog"])] == ["1", "3"]


def test_a_new_deal_starts_the_keys_again() -> None:
    ring = KeyRing(CARD_KEYS)
    ring.update(["a", "b"])
    assert [s.key for s in ring.update(["x", "y", "z"])] == ["1", "2", "3"]


def test_cards_beyond_the_pool_have_no_key_but_a_place() -> None:
    slots = KeyRing("12").update(["a", "b", "c"])
    assert [s.key for s in slots] == ["1", "2", None]
    assert len({s.ident for s in slots}) == 3


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.sampled_from(DECK), max_size=30), min_size=1, max_size=12))
def test_every_card_still_held_keeps_its_key_and_keys_are_never_shared(hands: list[list[str]]) -> None:
    ring = KeyRing(CARD_KEYS)
    previous: dict[int, str | None] = {}
    for hand in hands:
        slots = ring.update(sorted(hand))
        keys = [s.key for s in slots if s.key is not None]
        assert len(keys) == len(set(keys))
        kept = [s for s in slots if s.ident in previous]
        assert all(previous[s.ident] == s.key for s in kept)
        previous = {s.ident: s.key for s in slots}


def test_a_new_round_starts_the_keys_again_from_the_first_even_when_a_card_is_dealt_again() -> None:
    """docs/terminal.md: "A new deal gives the keys again from 1" - also where the new hand shares a card with
    the old one (Zip Zap deals every round anew; a card left from the last round may come again)."""
    ring = KeyRing(CARD_KEYS)
    ring.update(["a", "b", "c"], deal=(1, 1))
    ring.update(["c"], deal=(1, 1))  # a and b played
    assert [s.key for s in ring.update(["c", "d", "e"], deal=(1, 2))] == ["1", "2", "3"]


def test_a_hand_refilled_after_it_emptied_starts_from_the_first_key() -> None:
    """Tiko deals four new cards once the hand is empty, within one round."""
    ring = KeyRing(CARD_KEYS)
    ring.update(["a", "b"], deal=(1, 1))
    ring.update([], deal=(1, 1))
    assert [s.key for s in ring.update(["x", "y"], deal=(1, 1))] == ["1", "2"]
