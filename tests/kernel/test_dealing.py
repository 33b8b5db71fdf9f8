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
