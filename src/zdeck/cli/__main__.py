"""`python -m zdeck.cli` runs the zdeck command."""

from zdeck.cli import main

main()
