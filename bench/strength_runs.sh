#!/bin/sh
# The head-to-head runs behind the strength table of docs/bots.md, one after another, niced; each appends one
# JSON line to the file given. Run from the repository root (hours on one core; two halves can run at once):
#   sh bench/strength_runs.sh /tmp/strength.jsonl && .venv/bin/python bench/strength.py --table /tmp/strength.jsonl
# `ismcts` alone is each game's measured setting (zdeck.search.spec.TUNED); the specs below spell it out.
# Each game is one hand or round (a long match is mostly more of the same).
set -e
out=${1:?usage: sh bench/strength_runs.sh OUT.jsonl}
run() { nice -n 10 .venv/bin/python bench/strength.py "$@" --json --quiet >> "$out"; }
run zipzap -o rounds=1 --bot ismcts:iters=200 --games 200
run zoop -p 3 --bot ismcts:iters=160,rollout=heuristic,lean=2 --games 2640
run zar -o hands=1 --bot ismcts:iters=400,rollout=heuristic --games 200
run zoker-tiko --bot ismcts:iters=450,rollout=cheap-winner --games 200
run zoker-kubo --bot ismcts:iters=400 --games 200
run zopzoo -o target=1 --bot ismcts:iters=400,rollout=heuristic,lean=2 --games 200
run zoker-solo --opponent greedy --bot ismcts:iters=300 --games 200
run zoker-memo --bot ismcts:iters=100,rollout=perfect,root=paired,lean=2,follow=1 --games 400
