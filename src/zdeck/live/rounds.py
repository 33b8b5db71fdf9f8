"""What a live table tells its people in their words: the summary of a round that ended, and why a card came
back or was penalised.

Both are built from public facts only, so nothing in them can depend on a hidden card: the table as everyone
sees it (`state.observation(None)`) just before and just after the step, that step's public entry, and - for a
penalty's reason to its owner alone - the owner's own action. A game adds what its table would show through
hooks in its folder's `table.py` (found by convention; each optional):

    round_summary(game, before, after, entry) -> dict   # winners, the headline, each seat's lines and note
    penalty(game, before, seat, action, late) -> dict | None  # {"why", "own", "public"}: why it was penalised

Texts name seats as `{0}`, `{1}`, ... (str.format fields), which the table fills with the seats' names.
"""

from __future__ import annotations

from typing import Any

from zdeck.core import Action, Game, Outcome


def _fill(text: str, names: list[str]) -> str:
    try:
        return text.format(*names)
    except (IndexError, KeyError, ValueError):  # a hook's slip must not cost the table its round
        return text


def round_summary(game: Game, before: dict[str, Any], after: dict[str, Any], entry: list[Any], names: list[str],
                  said: list[str], number: int) -> dict[str, Any]:
    """The summary of the round that the step `entry` ended (`after["round_scores"]` has one row more than
    `before`'s): who won it and how, what each seat scored and why, the totals. JSON-ready, the same for everyone.
    `names`: what each seat is called on its plate (`Ada · bot, easy`); `said`: in a sentence (`Ada`)."""
    rows = after["round_scores"]
    row, totals = list(rows[-1]), list(after["scores"])
    hook = getattr(game.part("table", optional=True), "round_summary", None)
    told: dict[str, Any] = hook(game, before, after, entry) if hook is not None else {}
    best = (max if game.score_order == "higher" else min)(row)
    winners = list(told.get("winners", [p for p, x in enumerate(row) if x == best]))
    text = told.get("text") or (" and ".join(f"{{{p}}}" for p in winners) + " won the round")
    lines: dict[int, list[dict[str, Any]]] = told.get("lines", {})
    notes: dict[int, str] = told.get("notes", {})
    return {
        "number": number, "round": len(rows), "rounds": after.get("rounds"), "final": bool(after["over"]),
        "order": game.score_order, "winners": winners, "text": _fill(text, said),
        "how": told.get("how"),
        "seats": [{"seat": p, "name": names[p], "points": row[p], "total": totals[p],
                   "lines": [{"text": _fill(line["text"], said), "points": line.get("points")}
                             for line in lines.get(p, [])],
                   "note": _fill(notes[p], said) if p in notes else None}
                  for p in range(game.players)],
        "leaders": list(after["winners"]) if after["over"] else
        [p for p, x in enumerate(totals) if x == (max if game.score_order == "higher" else min)(totals)],
    }


def reason(game: Game, before: dict[str, Any], seat: int, action: Action, outcome: Outcome, late: bool,
           who: str) -> tuple[str | None, str | None, str | None]:
    """Why a submission came back or was penalised, in players' words: (why, to its owner, to everyone else). The
    owner's may name the card; everyone else's never does (a card that came back stays its owner's secret)."""
    if outcome is Outcome.APPLIED:
        return None, None, None
    if outcome is Outcome.BOUNCED:
        return ("late", "Too late: another card landed first, so yours comes back to your hand.",
                f"{who}'s card came too late and went back to their hand.")
    hook = getattr(game.part("table", optional=True), "penalty", None)
    told = hook(game, before, seat, action, late) if hook is not None else None
    if told is not None:
        return told["why"], told["own"], told["public"].format(who=who)
    if late:
        return ("late", "Too late: another card landed first, and the rules penalise it.",
                f"{who}'s card came too late, and the rules penalise it.")
    return ("penalty", "The rules penalise how that was played.", f"The rules penalise how {who} played.")
