"""Observation vectors: fixed-shape numpy encodings of what a seat is shown (numpy is the one library they need).

A game declares its encoding in its own folder (`decks/<game>/encoding.py`) with the field kinds of
`zdeck.vectors.encoding` (the reference: through the observation dict) and may write the same floats straight
from its state with `zdeck.vectors.fast`. The RL environments (`zdeck.rl`) and the OpenSpiel games
(`zdeck.rl.openspiel`) are their clients; the rules engine never imports this package.
"""
