#!/bin/sh
# The head-to-head runs behind the strength table of docs/bots.md, one after another, niced: each appends one
# JSON line to the file given (default strength.jsonl). Run from the repository root:
#   sh bench/strength_runs.sh /tmp/strength.jsonl
# Each game is one hand or round (a long match is mostly more of the same), except Zop Zoo: one of its rounds
# is nearly luck (the heuristic bot wins 53% of single rounds against random play, 70% of whole matches),
# so it plays whole matches. ISMCTS settings: the smallest budget that won in pilot runs.
set -e
out=${1:-strength.jsonl}
run() { nice -n 10 .venv/bin/python bench/strength.py "$@" --json >> "$out"; }
run zipzap -o rounds=1 --bot ismcts:iters=200 --games 200
run zoop -p 3 --bot ismcts:iters=200 --games 240
run zar -o hands=1 --bot "${ZAR_BOT:-ismcts:iters=800}" --games 200
run zoker-tiko --bot "${TIKO_BOT:-ismcts:iters=300,rollout=cheap-winner}" --games 200
run zoker-kubo --bot "${KUBO_BOT:-ismcts:iters=400}" --games 200
run zopzoo --bot "${ZOPZOO_BOT:-ismcts:iters=300}" --games 200
run zoker-solo --opponent greedy --bot "${SOLO_BOT:-ismcts:iters=200}" --games 200
