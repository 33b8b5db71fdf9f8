"""The report as one HTML page: the plots beside the tables of the numbers behind them. Every panel shows
its numbers or says why it has none (a feature these options switch off, a figure this game has not)."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from html import escape
from typing import Any

import zdeck
from zdeck.report.tally import DECISIONS, DRAMA, LENGTH, RACES, STALLS, WITHIN

STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:1180px;margin:24px auto;padding:0 18px;
color:#222;line-height:1.45}
h1{font-size:1.6em;margin-bottom:.2em}h2{font-size:1.2em;margin-top:1.8em;border-bottom:2px solid #3b6ea8;
padding-bottom:3px}h3{font-size:1.02em;margin:1.2em 0 .3em}.meta{color:#555}.note{color:#555;font-size:.92em;
max-width:900px}.verdict{font-size:1.02em;max-width:900px;background:#f4f7fb;padding:6px 10px;
border-left:4px solid #3b6ea8}
table{border-collapse:collapse;margin:.6em 0;font-size:.93em}th,td{padding:4px 10px;border-bottom:1px solid #ddd;
text-align:right;vertical-align:top}th{background:#f1f4f8}td.l,th.l{text-align:left}td.doc{color:#555;
text-align:left;max-width:520px}img{max-width:100%;border:1px solid #e4e4e4;margin:.4em 0}
.sig{font-weight:bold;color:#a33}.off{color:#777;font-style:italic}.group td{background:#f7f7f7;text-align:left;
font-weight:bold}.warn{background:#fff4d6;padding:6px 10px;border-left:4px solid #d9822b}
nav{font-size:.9em;color:#555}nav a{margin-right:.8em}
"""
OFF = '<span class="off">off under these options</span>'


def fmt(value: float | None, digits: int = 3) -> str:
    """A number for a table: '-' for none, '< 0.0005' for a positive value that would round to 0."""
    if value is None or (isinstance(value, float) and (math.isnan(value) or math.isinf(value))):
        return "-"
    if isinstance(value, float) and not value.is_integer():
        tiny = 0.5 * 10 ** -digits
        if 0 < abs(value) < tiny:
            return f"< {tiny:.{digits + 1}f}" if value > 0 else f"> -{tiny:.{digits + 1}f}"
        return f"{value:.{digits}f}"
    return f"{value:g}"


def interval(est: dict[str, Any] | None, digits: int = 3) -> str:
    """'0.262 [0.245, 0.280]'."""
    if est is None or est.get("value") is None:
        return "-"
    if est.get("low") is None or math.isnan(est["low"]):
        return fmt(est["value"], digits)
    return f"{fmt(est['value'], digits)} [{fmt(est['low'], digits)}, {fmt(est['high'], digits)}]"


def percent(value: float | None, digits: int = 1) -> str:
    return "-" if value is None or math.isnan(value) else f"{100 * value:.{digits}f}%"


def table(head: Sequence[str], rows: Sequence[Sequence[str]], left: int = 1, doc: bool = False) -> str:
    """An HTML table; the first `left` columns are text (left-aligned), the rest numbers, and with `doc`
    the last column a description. Cells are HTML; a row of one cell is a group heading across the table."""
    cls = [' class="l"' if i < left else "" for i in range(len(head))]
    if doc:
        cls[-1] = ' class="doc"'
    th = "".join(f"<th{c}>{escape(h)}</th>" for c, h in zip(cls, head))
    body = []
    for r in rows:
        if len(r) == 1:
            body.append(f'<tr class="group"><td colspan="{len(head)}">{r[0]}</td></tr>')
        else:
            body.append("<tr>" + "".join(f"<td{c}>{cell}</td>" for c, cell in zip(cls, r)) + "</tr>")
    return f"<table><tr>{th}</tr>{''.join(body)}</table>"


def document(title: str, meta: str, sections: Sequence[str], contents: Sequence[tuple[str, str]] = ()) -> str:
    nav = "<nav>" + "".join(f'<a href="#{a}">{escape(t)}</a>' for a, t in contents) + "</nav>" if contents else ""
    return (f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{escape(title)}</title>"
            f"<style>{STYLE}</style></head><body><h1>{escape(title)}</h1><p class=meta>{meta}</p>{nav}"
            + "".join(sections) +
            f"<p class=note>zdeck {escape(zdeck.__version__)}. Every figure is explained in docs/designers.md "
            "(\"Reading a report\"; installed with zdeck as zdeck/docs/designers.md); the numbers are also in "
            "the JSON file beside this page.</p></body></html>")


def section(title: str, anchor: str, *parts: str | None) -> str:
    return f'<section id="{anchor}"><h2>{escape(title)}</h2>' + "".join(p for p in parts if p) + "</section>"


def image(name: str | None, alt: str) -> str | None:
    return f'<img src="{escape(name)}" alt="{escape(alt)}">' if name else None


def note(text: str) -> str:
    return f"<p class=note>{text}</p>"


def verdict(text: str) -> str:
    return f"<p class=verdict>{text}</p>"


def describe_batch(numbers: dict[str, Any]) -> str:
    options = escape(json.dumps(numbers["options"]))
    bots = escape(", ".join(numbers["bots"]))
    return (f"{numbers['players']} players &middot; options {options} &middot; bots {bots} &middot; "
            f"{numbers['games']} games finished of {numbers['games_asked']} &middot; {numbers['score_order']} "
            f"scores are better &middot; {numbers['seconds']} s")


def fairness_text(test: dict[str, Any] | None, rows: Sequence[dict[str, Any]], what: str, units: str = "games") -> str:
    """What the joint test and the intervals say about fairness, in words that claim no more than they show."""
    if test is None:
        return f"No {units} to judge the {what}s by."
    fair = test["fair"]
    k = len(rows)
    if test["p"] < 0.05:
        off = [r for r in rows if r["win_rate"]["low"] > fair or r["win_rate"]["high"] < fair]
        named = "; ".join(f"the {escape(r['label'])} wins {percent(r['win_rate']['value'])} "
                          f"[{percent(r['win_rate']['low'])}, {percent(r['win_rate']['high'])}]" for r in off)
        return (f"<b>The {what}s do not win evenly</b>: one chi-square test over all {k} {what}s gives "
                f"p = {fmt(test['p'], 4)} against a fair {percent(fair)} each"
                + (f" ({named})." if named else ", though no single 95% interval excludes the fair share."))
    counted = f"{test['n']:,} {units}"
    if test.get("hands") and test["hands"] != test["n"]:
        counted = f"{test['hands']:,} {units} (worth {test['n']:,} independent ones)"
    return (f"<b>No {what} is shown to win more or less than its fair share</b> (one chi-square test over all {k} "
            f"{what}s: p = {fmt(test['p'], 2)}). That is not proof of fairness: with these {counted}, "
            f"every {what}'s win rate lies within <b>±{100 * test['within']:.1f} points</b> of the fair "
            f"{percent(fair)} (simultaneous 95% intervals); a smaller advantage would go unseen.")


# -- one batch ------------------------------------------------------------------------------------------------

def report(numbers: dict[str, Any], images: dict[str, str | None], seeds: str) -> str:
    """The balance report of one batch."""
    warn = None
    if numbers["unfinished"]:
        shown = ", ".join(map(str, numbers["unfinished_seeds"][:10]))
        warn = (f"<p class=warn>{numbers['unfinished']} games were not over after {numbers['max_steps']:,} "
                f"moments (--max-steps) and are in no figure but the ends: seeds {escape(shown)}"
                f"{', ...' if numbers['unfinished'] > 10 else ''}.</p>")
    if not numbers["games"]:
        warn = (warn or "") + ("<p class=warn>No game finished, so no figure can be shown: every panel below "
                               "but the ends says so.</p>")
    sections = [
        warn or "",
        _seats(numbers, images),
        _by_players(numbers, images),
        _skill(numbers, images),
        section("Game length and pace", "length", image(images.get("length"), "length histograms"),
                _spread_table(numbers["length"], LENGTH)),
        _decisions(numbers, images),
        _drama(numbers, images),
        _stalls(numbers, images),
        _usage(numbers, images),
        section("Races and this game's own figures", "figures", image(images.get("figures"), "figures"),
                _spread_table(numbers["races"], RACES), _own_table(numbers["figures"])),
        _bots(numbers),
        _detectable(numbers),
    ]
    contents = [("seats", "seats and positions"), ("players", "player counts"), ("skill", "skill"),
                ("length", "length"), ("decisions", "decisions"), ("drama", "drama"), ("ends", "stalls and ends"),
                ("usage", "rules in use"), ("figures", "own figures"), ("detectable", "detectable")]
    title = f"{numbers['game']}: balance report"
    return document(title, describe_batch(numbers) + f" &middot; seeds {escape(seeds)}", sections, contents)


def _no_games(numbers: dict[str, Any]) -> str | None:
    return None if numbers["games"] else note("No game finished: nothing to show.")


def _seats(numbers: dict[str, Any], images: dict[str, str | None]) -> str:
    rows = [[f"seat {r['seat']}", interval(r["win_rate"]), interval(r["mean_score"], 2)] for r in numbers["seats"]]
    n = numbers["players"]
    if n == 1:
        rows = [[f"seat {r['seat']}", interval(r["mean_score"], 2)] for r in numbers["seats"]]
        return section("Scores", "seats", image(images.get("scores"), "score distribution"),
                       table(["seat", "mean score [95%]"], rows),
                       note("A one-seat game: how good a game went is its score, and there is no position to "
                            "have an advantage."), _no_games(numbers))
    seat_rows = [{"label": f"seat {r['seat']}", "win_rate": r["win_rate"]} for r in numbers["seats"]]
    parts: list[str | None] = [
        image(images.get("seats"), "win rate per seat"),
        table(["seat", "win rate [95% Wilson]", "mean score [95%]"], rows),
        verdict(fairness_text(numbers["seat_fairness"], seat_rows, "seat")) if numbers["games"] else _no_games(numbers),
        image(images.get("scores"), "scores per seat") or (note(
            "Scores are 1 for the winner and 0 for the others here: the win rates say all the scores do.")
            if numbers["games"] else None),
    ]
    parts += _positions(numbers, images)
    parts.append(note("A seat advantage is a property of the rules when every seat has the same bot; with different "
                      "bots per seat it mixes with their strength (--rotate seats each bot everywhere)."))
    return section("Seats and positions", "seats", *parts)


def _positions(numbers: dict[str, Any], images: dict[str, str | None]) -> list[str | None]:
    pos = numbers["positions"]
    if pos is None:
        return [note("Positions need the designer's figures of finished games.")]
    ref = escape(pos["reference"])
    head = [f"<h3>Position from the {ref}</h3>"]
    parts: list[str | None] = [*head, image(images.get("positions"), "win rate by position")]
    if pos["same_as_seats"]:
        parts.append(note(f"The first hand's {ref} is seat 0 in every game, so counted from it a match's positions are "
                          "the seat numbers: the seat table above is the match's position table."
                          + ("" if pos["rotates"] else f" The {ref} stays there for every hand.")))
    else:
        match_rows = [[escape(r["label"]), interval(r["win_rate"])] for r in pos["match"]]
        parts += [note(f"Matches won by the seat k places after the {ref} of the match's first hand (in seat order, "
                       "the rulebooks' clockwise)."),
                  table(["position", "match win rate [95% Wilson]"], match_rows),
                  verdict(fairness_text(pos["match_fairness"], pos["match"], "position"))]
    if pos["hands"]:
        hand_rows = [[escape(r["label"]), interval(r["win_rate"]), str(r["win_rate"]["n"])] for r in pos["hands"]]
        parts += [note(f"The {ref} moves between hands, so each hand is also counted from its own {ref}: the share "
                       "of hands each position won (Wilson on the effective number of hands: hands of one game are "
                       "not independent)."),
                  table(["position", "hands won [95%]", "hands"], hand_rows),
                  verdict(fairness_text(pos["hand_fairness"], pos["hands"], "position", "hands"))]
    elif numbers["length"]["rounds"] and numbers["length"]["rounds"]["max"] > 1:
        parts.append(note(f"The {ref} is the same seat for every hand of a game, so the match table is the whole story."))
    return parts


def _by_players(numbers: dict[str, Any], images: dict[str, str | None]) -> str:
    counts = numbers["by_players"]
    low, high = numbers.get("seats_allowed") or (numbers["players"], numbers["players"])
    if not counts and high < 2:
        return section("Position by player count", "players", note(
            "A game for one player: there is no position to compare, at any count."))
    if not counts:
        example = ",".join(str(c) for c in range(max(2, low), min(high, max(2, low) + 2) + 1))
        return section("Position by player count", "players", note(
            f"Played at {numbers['players']} players only. <code>--by-players {example}</code> plays the same batch "
            "at other counts and shows each count's position advantage here."))
    rows = []
    for b in counts:
        pos = b["positions"]
        if pos is None:
            rows.append([str(b["players"]), "-", "no finished game"])
            continue
        cells = ", ".join(f"{escape(r['label'])} {percent(r['win_rate']['value'])}" for r in pos["match"])
        test = pos["match_fairness"]
        rows.append([str(b["players"]), percent(1 / b["players"]), cells,
                     "-" if test is None else fmt(test["p"], 3), "-" if test is None else f"±{100 * test['within']:.1f}"])
    return section("Position by player count", "players", image(images.get("by_players"), "positions by count"),
                   table(["players", "fair", "match win rate by position", "joint test p", "within (points)"], rows,
                         left=1),
                   note("Each count plays the same number of games on the same seeds; positions count from the first "
                        "hand's reference seat, as above. A joint test p below 0.05 says that count is unfair."))


def _skill(numbers: dict[str, Any], images: dict[str, str | None]) -> str:
    data = numbers["skill"]
    if not data:
        why = numbers.get("skill_note") or "not measured"
        return section("Skill against luck", "skill", note(f"No skill figure: {escape(why)}."))
    if not data["n"]:
        return section("Skill against luck", "skill", note("No skill figure: no game of the skill batch finished."))
    idx, share = data["index"], data["share"]
    text = (f"The {escape(data['strong'])} bot won {percent(share['value'])} of {data['n']:,} {data['units']} against "
            f"the {escape(data['weak'])} bot, where luck alone gives {percent(data['fair'])}: skill index "
            f"<b>{interval(idx, 2)}</b> (0: the better player wins no more than chance; 1: it always wins).")
    how = ("Played apart from the batch above: the strong bot in one seat, moving a seat each game, the weak bot in "
           "every other seat, on the same seeds." if data["units"] == "games" else
           "Played apart from the batch above: each deal once by each bot; a deal counts for the strong bot when it "
           "scores better (a tie: half).")
    return section("Skill against luck", "skill", image(images.get("skill"), "skill"), verdict(text), note(how))


def _decisions(numbers: dict[str, Any], images: dict[str, str | None]) -> str:
    data = numbers["decisions"]
    if data["branching"] is None:
        return section("Decisions: branching factor and forced moves", "decisions", _no_games(numbers) or note(
            "No decision was asked of a seat."))
    spread = {"branching": data["branching"]}
    return section("Decisions: branching factor and forced moves", "decisions",
                   image(images.get("decisions"), "branching factor"),
                   _spread_table(spread, {"branching": DECISIONS["branching"]}),
                   table(["figure", "share [95%]", "decisions", "what it is"],
                         [["forced", interval(data["forced"]), f"{data['forced']['n']:,}", escape(DECISIONS["forced"])]],
                         doc=True),
                   note("A decision is every time a seat was asked to act, races included (a seat in a race may also "
                        "wait, which is not counted as an action)."))


def _drama(numbers: dict[str, Any], images: dict[str, str | None]) -> str:
    if numbers["players"] == 1:
        return section("Decisiveness and drama", "drama", note(
            "A game for one player: nobody to lead or to trail. How well a game went is its score (above); how long "
            "it went without getting anywhere is the stall below."))
    rounds = numbers["length"]["rounds"]
    one_round = rounds is not None and rounds["max"] <= 1
    between = note("One round per game: the lead between rounds does not apply; the figures within the round below "
                   "say how close it was.") if one_round else note(
        "Lead changes and 'winner clear at' are read from the totals after each round (games of two rounds or more "
        "whose totals add up their rounds).")
    drawn = image(images.get("drama"), "drama histograms") or note(
        "No histogram: none of these figures varies from game to game here (see the table).")
    return section("Decisiveness and drama", "drama", drawn,
                   _spread_table(numbers["drama"], DRAMA), between,
                   "<h3>Within the rounds</h3>", image(images.get("within"), "drama within rounds"),
                   _spread_table(numbers["within"], WITHIN, why=_within_why(numbers)),
                   note("The standing within a round is the game's own (docs/designers.md): cards to go where a hand "
                        "is won by emptying it, else points or cards won so far."))


def _within_why(numbers: dict[str, Any]) -> dict[str, str]:
    return {"runner_up": "not a game won by emptying one's hand", "cards_left": "not a game won by emptying one's hand",
            "round_lead_changes": "no finished game" if not numbers["games"] else "no standing within a round"}


def _stalls(numbers: dict[str, Any], images: dict[str, str | None]) -> str:
    repeats = numbers["stalls"]["repeats"]
    rows = [["repeats", interval(repeats), f"{repeats['n']:,} moments" if repeats["n"] else "-", escape(STALLS["repeats"])]]
    return section("Stalls, cycles, fallback ends and caps", "ends",
                   image(images.get("ends"), "ends"), _ends_table(numbers["ends"]),
                   "<h3>Stalls and cycles</h3>", image(images.get("stalls"), "stalls"),
                   table(["figure", "share [95%]", "out of", "what it is"], rows, doc=True),
                   _spread_table({"stall": numbers["stalls"]["stall"]}, {"stall": STALLS["stall"]}),
                   note("A game that cannot end shows up as unfinished (stopped at --max-steps); a cycle as public "
                        "positions seen again; a stall as a long run of decisions in which nobody gets closer."))


def _usage(numbers: dict[str, Any], images: dict[str, str | None]) -> str:
    usage = numbers["usage"]
    rows = [[escape(r["group"]), escape(r["name"]), interval(r["per_game"], 2), interval(r["games"])]
            for r in usage["rows"]]
    parts: list[str | None] = [image(images.get("usage"), "rules in use")]
    if rows:
        parts.append(table(["what", "which", "per game [95%]", "share of games it happened in"], rows, left=2))
    else:
        parts.append(_no_games(numbers) or note("No action took effect."))
    if usage["never"]:
        never = ", ".join(f"{escape(n['group'])} <b>{escape(n['name'])}</b>" for n in usage["never"])
        parts.append(verdict(f"Never used in {numbers['games']:,} games, though these rules offer it: {never}."))
    elif numbers["games"]:
        parts.append(note("Every action kind, card kind, effect and call these rules offer took effect at least once."))
    if usage["off"]:
        off = ", ".join(f"{escape(n['group'])} {escape(n['name'])}" for n in usage["off"])
        parts.append(note(f"Off under these options: {off}."))
    parts.append("<h3>Options and the rules they switch</h3>")
    parts.append(_branches_table(numbers["branches"]))
    return section("Rules in use", "usage", *parts)


def _branches_table(branches: Sequence[dict[str, Any]]) -> str:
    if not branches:
        return note("This game has no options.")
    rows = []
    for b in branches:
        value = escape(json.dumps(b["value"]))
        if not b["measured"]:
            what = "no figure counts it" if b["listed"] else "not measured"
            rows.append([escape(b["option"]), value, f'<span class="off">{what}</span>', "", ""])
            continue
        for m in b["measured"]:
            if m["off"]:
                rows.append([escape(b["option"]), value, escape(m["figure"]), OFF, ""])
            else:
                rows.append([escape(b["option"]), value, escape(m["figure"]), interval(m["per_game"], 2),
                             interval(m["games"])])
    return table(["option", "value", "figure of its branch", "per game", "share of games"], rows, left=3)


def _spread_table(spreads: dict[str, Any], docs: dict[str, str], why: dict[str, str] | None = None) -> str:
    rows = []
    for name, doc in docs.items():
        s = spreads.get(name)
        if s is None:
            reason = (why or {}).get(name, "does not apply")
            rows.append([escape(name), f'<span class="off">{escape(reason)}</span>', "", "", "", "", "", escape(doc)])
            continue
        rows.append([escape(name), interval(s["mean"], 2), fmt(s["p10"]), fmt(s["median"]), fmt(s["p90"]),
                     fmt(s["min"]), fmt(s["max"]), escape(doc)])
    return table(["figure", "mean [95%]", "p10", "median", "p90", "min", "max", "what it is"], rows, doc=True)


def _ends_table(ends: dict[str, Any]) -> str:
    rows = []
    for name, e in ends.items():
        if e.get("off"):
            rows.append([escape(name), OFF, "", escape(e["doc"])])
        elif not e["n"]:
            rows.append([escape(name), "-", f"0 {e['per']}", escape(e["doc"])])
        else:
            rows.append([escape(name), interval(e), f"{e['n']:,} {e['per']}", escape(e["doc"])])
    return table(["end", "share [95% Wilson]", "out of", "what it is"], rows, doc=True)


def _own_table(figures: dict[str, Any]) -> str | None:
    if not figures:
        return note("This game names no figures of its own (a `metrics.py` in its folder would).")
    rows = []
    for name, f in figures.items():
        if f.get("off"):
            rows.append([escape(name), OFF, "", "", escape(f["doc"])])
            continue
        if f.get("mean") is None:
            rows.append([escape(name), "-", "", "", escape(f["doc"])])
            continue
        shown = interval(f["rate"]) + " of games" if f.get("rate") else interval(f.get("mean"), 2) + " per game"
        rows.append([escape(name), shown, fmt(f.get("median")), fmt(f.get("max")), escape(f["doc"])])
    return table(["figure", "value [95%]", "median", "max", "what it is"], rows, doc=True)


def _bots(numbers: dict[str, Any]) -> str:
    table_rows = numbers["bots_table"]
    if len(table_rows) < 2:
        return ""
    rows = [[escape(b["bot"]), str(b["seats"]), interval(b["win_rate"]), interval(b["mean_score"], 2),
             interval(b["mean_rank"], 2)] for b in table_rows]
    return section("Bots", "bots", table(["bot", "seats played", "win rate", "mean score", "mean rank"], rows))


def _detectable(numbers: dict[str, Any]) -> str:
    shown = [d for d in numbers["detectable"] if not d["key"].startswith("use:") and not d["off"]]
    constant = [d for d in shown if not d["sd"]]
    rows = [[escape(d["label"]), fmt(d["value"]), fmt(d["sd"]), fmt(d["detectable"]),
             f"{d['games_for_tenth']:,}" if d["games_for_tenth"] else "-"] for d in shown if d["sd"]]
    if not rows:
        return section("What this many games can detect", "detectable", _no_games(numbers) or note(
            "Too few games to estimate a spread."))
    return section("What this many games can detect", "detectable",
                   note(f"The smallest true difference between two batches of {numbers['games']:,} games each that a "
                        "two-sided 5% test finds with 80% power: 2.80 x sd x sqrt(2 / games). A paired comparison on "
                        "the same seeds (zdeck compare) usually detects less, as it leaves out the luck both share; "
                        "its own table says how much. The last column: games per variant to detect a change of a "
                        "tenth of the value."),
                   table(["figure", "value", "sd per game", "detectable difference", "games for a 10% change"], rows),
                   note("Left out, the same in every game here: " + ", ".join(escape(d["label"]) for d in constant) + ".")
                   if constant else None)


# -- compare ------------------------------------------------------------------------------------------------------

SECTIONS = {"seats": "Seats", "positions": "Positions", "by_players": "Positions by player count",
            "skill": "Skill against luck", "length": "Length and pace", "decisions": "Decisions", "drama": "Drama",
            "within": "Drama within rounds", "races": "Races", "stalls": "Stalls and cycles", "ends": "Ends and caps",
            "own": "This game's own figures", "usage": "Rules in use"}


def comparison(variants: Sequence[dict[str, Any]], labels: Sequence[str], rows: Sequence[dict[str, Any]],
               images: dict[str, str | None], seeds: str) -> str:
    """Variants side by side: each figure's value per variant and its paired difference from the first."""
    head = ["figure", labels[0]] + [f"{label}: value, difference" for label in labels[1:]] + ["detectable"]
    primary = [r for r in rows if r["primary"]]
    cells: list[list[str]] = []
    if primary:
        cells.append(["Primary figures (Holm)"])
        cells += [_compare_cells(r) for r in primary]
    for key, title in SECTIONS.items():
        group = [r for r in rows if not r["primary"] and r["section"] == key]
        if group:
            cells.append([escape(title)])
            cells += [_compare_cells(r) for r in group]
    changed = sum(1 for r in rows for d in r["differences"] if d is not None and d["significant"])
    tests = sum(1 for r in rows for d in r["differences"] if d is not None and d["adjusted_p"] is not None)
    meta = (f"{variants[0]['players']} players &middot; bots {escape(', '.join(variants[0]['bots']))} &middot; "
            f"{variants[0]['games_asked']} games per variant on the same seeds ({escape(seeds)})")
    adjustment = (f"{tests} paired tests; {changed} show a change. The figures named as primary (--primary: "
                  f"{len(primary)} here) are adjusted together by <b>Holm's method</b> (a red primary difference is a "
                  "change with 95% confidence for the family); all the others by <b>Benjamini-Hochberg</b> (false "
                  "discovery rate 5%: of the red ones, about one in twenty may be no change). The interval beside a "
                  "difference is its own, unadjusted 95% interval: one can exclude 0 and still not be red.")
    same = all(v["options"] == variants[0]["options"] for v in variants)
    sections = [
        section("Variants", "variants", table(["label", "options", "games finished", "unfinished"],
                [[escape(label), escape(json.dumps(v["options"])), str(v["games"]), str(v["unfinished"])]
                 for label, v in zip(labels, variants)], left=2),
                note("The variants play the same rules: every difference below is 0, a check that the games are "
                     "paired seed by seed (the intervals of shares stay wide: Newcombe's interval does not shrink "
                     "to a point).") if same else None),
        section("What changes", "differences", image(images.get("differences"), "differences") or note(
                    "No difference to draw: no figure could be paired."),
                verdict(adjustment),
                note("Each difference is the mean over the seeds both variants finished of (variant minus "
                     f"{escape(labels[0])}): for a mean, the normal interval of the paired differences; for a share "
                     "(a win, a yes/no), Newcombe's score interval for paired shares; for a share of hands or "
                     "decisions, the delta method over games. 'detectable': the smallest difference these pairs find "
                     "with 80% power."),
                table(head, cells)),
        _compare_panel("Seats and positions", "seats", images, ("seats", "positions"), variants,
                       "one seat: no position to compare" if variants[0]["players"] == 1 else None),
        _compare_panel("Skill against luck", "skill", images, ("skill",), variants,
                       variants[0].get("skill_note") or "no skill batch"),
        _compare_panel("Length and pace", "length", images, ("length",), variants, None),
        _compare_panel("Decisions", "decisions", images, ("decisions",), variants, "no decision was asked"),
    ]
    contents = [("variants", "variants"), ("differences", "what changes"), ("seats", "seats and positions"),
                ("skill", "skill"), ("length", "length"), ("decisions", "decisions")]
    return document(f"{variants[0]['game']}: variants compared", meta, sections, contents)


def _compare_panel(title: str, anchor: str, images: dict[str, str | None], names: Sequence[str],
                   variants: Sequence[dict[str, Any]], why: str | None) -> str:
    drawn = [image(images.get(name), name) for name in names if images.get(name)]
    if drawn:
        return section(title, anchor, *drawn)
    if not all(v["games"] for v in variants):
        return section(title, anchor, note("Not drawn: a variant finished no game."))
    return section(title, anchor, note(f"Not drawn: {escape(why or 'nothing to compare')}."))


def _compare_cells(r: dict[str, Any]) -> list[str]:
    line = [escape(r["figure"]), OFF if r["off"][0] else interval(r["values"][0])]
    detect: list[str] = []
    for value, diff, off in zip(r["values"][1:], r["differences"], r["off"][1:]):
        if off:
            line.append(OFF)
            continue
        mark = ' class="sig"' if diff is not None and diff["significant"] else ""
        adjusted = "" if diff is None or diff["adjusted_p"] is None else f" p&#x2032;{_p(diff['adjusted_p'])}"
        line.append(f"{interval(value)}<br><span{mark}>{_signed(diff)}{adjusted}</span>")
        if diff is not None and diff["detectable"] is not None:
            detect.append(f"±{fmt(diff['detectable'], 3)}")
    line.append(" / ".join(detect) or "-")
    return line


def _p(p: float) -> str:
    return " < 0.001" if p < 0.001 else f"={p:.3f}"


def _signed(diff: dict[str, Any] | None) -> str:
    if diff is None:
        return "-"
    d = diff["difference"]
    if d["low"] is None or math.isnan(d["low"]):
        return escape(f"{d['value']:+.3g}")
    return escape(f"{d['value']:+.3g} [{d['low']:+.3g}, {d['high']:+.3g}]")
