import pytest

from zdeck.dealing import deal_out
from zdeck.rng import Rng


def test_deal_out_cuts_the_shuffled_pool_into_hands_in_order_and_returns_the_rest() -> None:
    pool = list(range(20))
    hands, rest = deal_out(Rng(4), pool, [3, 5, 0])
    shuffled = list(range(20))
    Rng(4).shuffle(shuffled)
    assert pool == shuffled, "the pool is shuffled in place, as Rng.shuffle shuffles it"
    assert hands == [shuffled[:3], shuffled[3:8], []] and rest == shuffled[8:]


def test_deal_lazily_deals_what_a_full_shuffle_puts_on_top_and_leaves_the_rest_to_draw() -> None:
    from zdeck.dealing import deal_lazily
    from zdeck.rng import pop_settled

    for seed in range(40):
        for n, sizes in [(40, [7, 7]), (12, [3, 0, 5]), (9, [9]), (5, []), (1, [1]), (2, [1])]:
            pool = list(range(n))
            shuffled = list(range(n))
            Rng(seed).shuffle(shuffled)
            rng = Rng(seed)
            hands, steps = deal_lazily(rng, pool, sizes)
            top = n
            for size, hand in zip(sizes, hands):
                assert hand == shuffled[top - size:top]
                top -= size
            drawn = [pop_settled(pool, steps) for _ in range(len(pool))]
            assert drawn == shuffled[:top][::-1], "the pile left draws as the shuffled pile would"
            twin = Rng(seed)
            twin.shuffle(list(range(n)))
            assert rng.state == twin.state, "the generator moves on as a full shuffle moves it"


def test_deal_lazily_refuses_to_deal_more_cards_than_the_pool_holds() -> None:
    import pytest

    from zdeck.dealing import deal_lazily

    with pytest.raises(ValueError, match="cannot deal 6 cards from 5"):
        deal_lazily(Rng(1), list(range(5)), [3, 3])


def test_sample_to_top_takes_the_top_steps_of_a_fisher_yates_shuffle_alike_for_every_choice() -> None:
    """Every ordered choice of `count` items comes to the top equally often (within 5 sigma), the others
    stay below; asking for more than there is shuffles the whole list."""
    from collections import Counter

    rng, tries = Rng(3), 30000
    tops: Counter[tuple[int, ...]] = Counter()
    for _ in range(tries):
        items = list(range(6))
        rng.sample_to_top(items, 2)
        tops[tuple(items[-2:])] += 1
        assert sorted(items) == list(range(6))
    share = 1 / 30  # 6 * 5 ordered pairs
    assert len(tops) == 30
    assert all(abs(k / tries - share) < 5 * (share * (1 - share) / tries) ** 0.5 for k in tops.values())
    for n in (0, 1, 2, 40):  # past the dozen steps one draw serves, and past the list's length
        items = list(range(n))
        rng.sample_to_top(items, n + 3)
        assert sorted(items) == list(range(n))


def test_deal_sampled_deals_every_card_alike_and_leaves_a_pile_that_draws_whole() -> None:
    from collections import Counter

    from zdeck.dealing import deal_sampled
    from zdeck.rng import pop_settled

    first_hand: Counter[int] = Counter()
    rng = Rng(8)
    for _ in range(3000):
        pool = list(range(10))
        hands, steps = deal_sampled(rng, pool, [3, 2])
        assert [len(h) for h in hands] == [3, 2] and len(pool) == 5
        drawn = [pop_settled(pool, steps) for _ in range(len(pool))]
        assert sorted(hands[0] + hands[1] + drawn) == list(range(10)), "every card once: in a hand or the pile"
        first_hand.update(hands[0])
    assert all(abs(first_hand[c] - 900) < 5 * 900 ** 0.5 for c in range(10)), first_hand  # 3000 * 3 / 10 each
    with pytest.raises(ValueError, match="cannot deal 6 cards from 5"):
        deal_sampled(Rng(1), list(range(5)), [6])
