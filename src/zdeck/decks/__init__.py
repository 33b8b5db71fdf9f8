"""One sub-package per deck (a box of cards) with its game or games; each exports
`GAMES` and `BOTS`, found by `zdeck.registry`."""
