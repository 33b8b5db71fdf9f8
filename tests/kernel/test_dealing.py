from zdeck.dealing import deal_out
from zdeck.rng import Rng


def test_deal_out_cuts_the_shuffled_pool_into_hands_in_order_and_returns_the_rest() -> None:
    pool = list(range(20))
    hands, rest = deal_out(Rng(4), pool, [3, 5, 0])
    shuffled = list(range(20))
    Rng(4).shuffle(shuffled)
    assert pool == shuffled, "the pool is shuffled in place, as Rng.shuffle shuffles it"
    assert hands == [shuffled[:3], shuffled[3:8], []] and rest == shuffled[8:]
