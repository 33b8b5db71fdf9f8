"""Search bots: information-set MCTS for every game, through the kernel contract only."""

from zdeck.search.ismcts import ISMCTS, WAIT
from zdeck.search.spec import SPEC_KEYS, ismcts_from_spec

__all__ = ["ISMCTS", "SPEC_KEYS", "WAIT", "ismcts_from_spec"]
