"""One sub-package per game family; each exports `GAMES` (see `zdeck.registry`)."""
