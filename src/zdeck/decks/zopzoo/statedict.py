"""Reading a Zop Zoo state back from its dict: every field type-checked and every card
accounted for, so a malformed dict raises ValueError with a clear message (never KeyError)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from zdeck import statedict as sd
from zdeck.decks.zopzoo.cards import KIND, MATCH, MATCHERS, N_CARDS, NAME, SPECIALTY, WHITE, WILDS, Kind
from zdeck.rng import Rng

if TYPE_CHECKING:
    from zdeck.decks.zopzoo.rules import ZopZooState

STATE_VERSION = 1
PHASES = ("turn", "again", "wild", "mole", "special", "match", "chain", "over")
PENDING_KINDS: dict[str, frozenset[Kind]] = {  # the phases that wait on a drawn card, and what it can be
    "wild": WILDS,
    "mole": frozenset({Kind.MOLE}),
    "special": SPECIALTY,
    "match": MATCHERS | {Kind.BONUS},
}
WHITE_SET = frozenset(WHITE)
FIELDS = ("state_version", "version", "rng", "round", "first", "current", "phase", "pending", "rows", "cover",
          "bonus", "draw", "discard", "aside", "void", "totals", "history", "ends")


def read(s: ZopZooState, d: dict[str, Any]) -> None:
    """Fill the table fields of `s` (whose game is set) from `d`, checking each one."""
    missing = [k for k in FIELDS if k not in d]
    if missing:
        raise ValueError(f"zopzoo state dict lacks {', '.join(missing)}")
    if type(d["state_version"]) is not int or d["state_version"] != STATE_VERSION:
        raise ValueError(f"zopzoo state_version {d['state_version']!r} is not {STATE_VERSION}")
    try:
        _read_fields(s, d)
    except ValueError as exc:  # every message of this game names it first
        raise ValueError(f"zopzoo {exc}") from None
    check_cards(s)
    check_moment(s)


def _read_fields(s: ZopZooState, d: dict[str, Any]) -> None:
    n = s.n
    s.version = sd.integer(d["version"], "version", lo=0)
    if isinstance(d["rng"], bool):
        raise ValueError("rng: expected the generator's integer state, got a bool")  # noqa: TRY004
    s.rng = Rng.from_state(d["rng"])
    s.round_no = sd.integer(d["round"], "round", lo=1)
    s.first = sd.seat(d["first"], n, "first")
    s.current = sd.seat(d["current"], n, "current")
    s.phase = sd.choice(d["phase"], "phase", PHASES)
    s.pending = sd.integer(d["pending"], "pending", -1, N_CARDS - 1)
    if (s.pending >= 0) != (s.phase in PENDING_KINDS):
        raise ValueError(f"pending card {s.pending} does not fit phase {s.phase!r}")
    s.rows = [_cards(r, "rows") for r in sd.per_seat(d["rows"], n, "rows")]
    s.bonus = [_cards(b, "bonus") for b in sd.per_seat(d["bonus"], n, "bonus")]
    # [white card, covering card] pairs
    s.cover = {white: on_top for white, on_top in (_cards(pair, "cover", length=2) for pair in sd.listed(d["cover"], "cover"))}
    s.draw = _cards(d["draw"], "draw")
    s.discard = _cards(d["discard"], "discard")
    s.aside = _cards(d["aside"], "aside")
    s.void = set(_cards(d["void"], "void"))
    s.totals = sd.integers(sd.per_seat(d["totals"], n, "totals"), "totals")
    s.history = [sd.integers(sd.per_seat(r, n, "history"), "history")
                 for r in sd.listed(d["history"], "history")]
    s.ends = sd.integers(d["ends"], "ends", -1, n - 1)
    if len(s.ends) != len(s.history):
        raise ValueError("ends: expected one entry per finished round (as history)")


def check_cards(s: ZopZooState) -> None:
    """Every one of the 126 cards exactly once, each kind where it may lie."""
    seen = Counter(s.location_cards())
    if sorted(seen) != list(range(N_CARDS)) or max(seen.values()) != 1:
        raise ValueError("zopzoo state must hold each of the 126 cards exactly once")
    for row in s.rows:
        if any(b not in WHITE_SET for b in row):
            raise ValueError("zopzoo rows may hold only white cards")
    for w, c in s.cover.items():
        if w not in WHITE_SET or KIND[c] not in MATCHERS | WILDS or (KIND[c] in MATCHERS and MATCH[c] != w):
            raise ValueError(f"zopzoo: {NAME[c]} cannot cover {NAME[w]}")
        if all(w not in row for row in s.rows):
            raise ValueError(f"zopzoo: covered card {NAME[w]} is in nobody's row")
    if any(KIND[b] is not Kind.BONUS for bonus in s.bonus for b in bonus):
        raise ValueError("zopzoo bonus areas may hold only Side Bonus cards")
    if any(b not in WHITE_SET for b in s.aside) or any(b in WHITE_SET for b in s.draw + s.discard):
        raise ValueError("zopzoo: the aside pile holds white cards, the draw and discard piles black ones")
    if s.pending >= 0 and KIND[s.pending] not in PENDING_KINDS[s.phase]:
        raise ValueError(f"zopzoo: {NAME[s.pending]} cannot be pending in phase {s.phase!r}")
    if any(KIND[v] not in SPECIALTY for v in s.void):
        raise ValueError("zopzoo void may list only Specialty cards")


def check_moment(s: ZopZooState) -> None:
    """The phase fits the table: someone can act and every legal action can be applied.

    Round-end moments never persist (a completed row or an empty draw pile ends the round at
    once), so a state that shows one is refused rather than played on.
    """
    over = s.phase == "over"
    if len(s.history) != s.round_no - (0 if over else 1):
        raise ValueError(f"zopzoo: round {s.round_no} does not fit {len(s.history)} finished round(s)")
    if over:
        if max(s.totals) < s.target:
            raise ValueError(f"zopzoo: the game cannot be over with no total at the target {s.target}")
        return
    p = s.current
    for q in range(s.n):
        if s.row_done(q) and not (q == p and s.phase == "chain"):
            raise ValueError(f"zopzoo: p{q}'s whole row shows POINTS, so the round should have ended")
    if s.phase in ("turn", "again", "chain") and not s.draw:
        raise ValueError("zopzoo: the draw pile is empty, so the round should have ended")
    if s.phase in ("match", "chain") and s.auto:
        raise ValueError(f"zopzoo: phase {s.phase!r} exists only with assist='manual'")
    if s.phase == "chain" and not (s.discard and s.can_match(p, s.discard[-1])):
        raise ValueError("zopzoo: phase 'chain' needs a top discard the current player can match")
    if s.phase == "match" and not s.can_match(p, s.pending):
        raise ValueError(f"zopzoo: p{p} cannot match the pending {NAME[s.pending]}")
    if s.phase == "mole" and not s.can_dig(p):
        raise ValueError(f"zopzoo: p{p}'s MOLE would find nothing in the discard pile")
    if s.phase == "special" and not s.can_use(p, s.pending):
        raise ValueError(f"zopzoo: p{p} cannot use the pending {NAME[s.pending]}")
    if not s.void <= set(s.discard):
        raise ValueError("zopzoo: only Specialty cards on the discard pile can be void")


def _cards(values: Any, what: str, length: int | None = None) -> list[int]:
    return sd.integers(values, what, 0, N_CARDS - 1, length)
