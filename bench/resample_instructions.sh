#!/bin/sh
# Instructions per clone() and per resample_hidden() for each game (bench/resample_instructions.py under
# valgrind's callgrind), printed as a table. Run from the repository root: sh bench/resample_instructions.sh [GAME ...]
set -e
games=${*:-$(.venv/bin/python -c "import zdeck; print(' '.join(zdeck.games()))")}
dir=$(mktemp -d)
echo "| game | clone | resample | ratio |"
echo "|---|---|---|---|"
for game in $games; do
  calls=$(nice -n 10 valgrind --tool=callgrind --dump-before=getppid --zero-before=getppid \
          --callgrind-out-file="$dir/$game.%p" .venv/bin/python bench/resample_instructions.py "$game" 2>/dev/null \
          | sed -n 's/^calls per dump: //p')
  # the dumps in order: start-up, warm-up, clone passes, resample passes; "totals:" is each one's count
  set -- $(for n in 1 2 3 4; do sed -n 's/^totals: //p' "$dir/$game".*."$n"; done)
  echo "$game $calls $3 $4" | awk '{ printf "| %s | %.1fk | %.1fk | %.2f |\n", $1, $3 / $2 / 1000, $4 / $2 / 1000, $4 / $3 }'
  rm -f "$dir/$game".*
done
rmdir "$dir"
