"""The report as one HTML page: the plots beside the tables of the numbers behind them."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from html import escape
from typing import Any

import zdeck
from zdeck.report.tally import DRAMA, LENGTH, RACES

STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:1180px;margin:24px auto;padding:0 18px;
color:#222;line-height:1.45}
h1{font-size:1.6em;margin-bottom:.2em}h2{font-size:1.2em;margin-top:1.8em;border-bottom:2px solid #3b6ea8;
padding-bottom:3px}.meta{color:#555}.note{color:#555;font-size:.92em;max-width:900px}
table{border-collapse:collapse;margin:.6em 0;font-size:.93em}th,td{padding:4px 10px;border-bottom:1px solid #ddd;
text-align:right;vertical-align:top}th{background:#f1f4f8}td.l,th.l{text-align:left}td.doc{color:#555;
text-align:left;max-width:520px}img{max-width:100%;border:1px solid #e4e4e4;margin:.4em 0}
.sig{font-weight:bold;color:#a33}.warn{background:#fff4d6;padding:6px 10px;border-left:4px solid #d9822b}
"""


def fmt(value: float | None, digits: int = 3) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    return f"{value:.{digits}f}" if isinstance(value, float) and not float(value).is_integer() else f"{value:g}"


def interval(est: dict[str, Any] | None, digits: int = 3) -> str:
    """'0.262 [0.245, 0.280]'."""
    if est is None:
        return "-"
    if est["low"] is None or math.isnan(est["low"]):
        return fmt(est["value"], digits)
    return f"{fmt(est['value'], digits)} [{fmt(est['low'], digits)}, {fmt(est['high'], digits)}]"


def table(head: Sequence[str], rows: Sequence[Sequence[str]], left: int = 1, doc: bool = False) -> str:
    """An HTML table; the first `left` columns are text (left-aligned), the rest numbers, and with `doc`
    the last column a description. Cells are HTML."""
    cls = [' class="l"' if i < left else "" for i in range(len(head))]
    if doc:
        cls[-1] = ' class="doc"'
    th = "".join(f"<th{c}>{escape(h)}</th>" for c, h in zip(cls, head))
    body = "".join("<tr>" + "".join(f"<td{c}>{cell}</td>" for c, cell in zip(cls, r)) + "</tr>" for r in rows)
    return f"<table><tr>{th}</tr>{body}</table>"


def document(title: str, meta: str, sections: Sequence[str]) -> str:
    return (f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{escape(title)}</title>"
            f"<style>{STYLE}</style></head><body><h1>{escape(title)}</h1><p class=meta>{meta}</p>"
            + "".join(sections) +
            f"<p class=note>zdeck {escape(zdeck.__version__)}. Every figure is explained in docs/designers.md "
            "(\"Reading a report\"; installed with zdeck as zdeck/docs/designers.md); the numbers are also in "
            "report.json.</p></body></html>")


def section(title: str, anchor: str, *parts: str | None) -> str:
    return f'<section id="{anchor}"><h2>{escape(title)}</h2>' + "".join(p for p in parts if p) + "</section>"


def image(name: str | None, alt: str) -> str | None:
    return f'<img src="{escape(name)}" alt="{escape(alt)}">' if name else None


def note(text: str) -> str:
    return f"<p class=note>{text}</p>"


def describe_batch(numbers: dict[str, Any]) -> str:
    options = escape(json.dumps(numbers["options"]))
    bots = escape(", ".join(numbers["bots"]))
    return (f"{numbers['players']} players &middot; options {options} &middot; bots {bots} &middot; "
            f"{numbers['games']} games finished of {numbers['games_asked']} &middot; {numbers['score_order']} "
            f"scores are better &middot; {numbers['seconds']} s")


# -- one batch ------------------------------------------------------------------------------------------------

def report(numbers: dict[str, Any], images: dict[str, str | None], seeds: str) -> str:
    """The balance report of one batch."""
    warn = None
    if numbers["unfinished"]:
        shown = ", ".join(map(str, numbers["unfinished_seeds"][:10]))
        warn = (f"<p class=warn>{numbers['unfinished']} games were not over after {numbers['max_steps']:,} "
                f"moments (--max-steps) and are in no figure but the ends: seeds {escape(shown)}"
                f"{', ...' if numbers['unfinished'] > 10 else ''}.</p>")
    sections = [
        warn or "",
        _seats(numbers, images),
        section("Game length", "length", image(images.get("length"), "length histograms"),
                _spread_table(numbers["length"], LENGTH)),
        section("Decisiveness and drama", "drama", image(images.get("drama"), "drama histograms"),
                _spread_table(numbers["drama"], DRAMA),
                note("Lead changes and 'winner clear at' are read from the totals after each round, so they "
                     "show only for games of two rounds or more whose totals add up their rounds.")),
        section("Fallback ends and caps", "ends", image(images.get("ends"), "ends"), _ends_table(numbers["ends"])),
        section("Races and this game's own figures", "figures", image(images.get("figures"), "figures"),
                _spread_table(numbers["races"], RACES), _own_table(numbers["figures"])),
        _bots(numbers),
    ]
    title = f"{numbers['game']}: balance report"
    return document(title, describe_batch(numbers) + f" &middot; seeds {escape(seeds)}", sections)


def _seats(numbers: dict[str, Any], images: dict[str, str | None]) -> str:
    rows = [[f"seat {r['seat']}", interval(r["win_rate"]), interval(r["mean_score"], 2)] for r in numbers["seats"]]
    n = numbers["players"]
    if n == 1:
        return section("Scores", "seats", image(images.get("scores"), "score distribution"),
                       table(["seat", "win rate", "mean score [95%]"], rows),
                       note("A one-seat game: how good a game went is its score."))
    first = numbers["seats"][0]["win_rate"]
    verdict = "more" if first["low"] > 1 / n else "less" if first["high"] < 1 / n else "neither more nor less"
    text = (f"Seat 0 (the first player) won {fmt(first['value'])} of the games against a fair share of "
            f"{fmt(1 / n)}: {verdict} than fair at 95% confidence. The seat advantage is a property of the rules "
            "when every seat has the same bot; with different bots per seat it mixes with their strength.")
    return section("Seat advantage", "seats", image(images.get("seats"), "win rate per seat"),
                   table(["seat", "win rate [95% Wilson]", "mean score [95%]"], rows), note(escape(text)),
                   image(images.get("scores"), "scores per seat"))


def _spread_table(spreads: dict[str, Any], docs: dict[str, str]) -> str:
    rows = []
    for name, doc in docs.items():
        s = spreads.get(name)
        if s is None:
            rows.append([escape(name), "-", "-", "-", "-", "-", "-", escape(doc)])
            continue
        rows.append([escape(name), interval(s["mean"], 2), fmt(s["p10"]), fmt(s["median"]), fmt(s["p90"]),
                     fmt(s["min"]), fmt(s["max"]), escape(doc)])
    return table(["figure", "mean [95%]", "p10", "median", "p90", "min", "max", "what it is"], rows, doc=True)


def _ends_table(ends: dict[str, Any]) -> str:
    rows = [[escape(name), interval(e), f"{e['n']} {e['per']}", escape(e["doc"])] for name, e in ends.items()]
    return table(["end", "share [95% Wilson]", "out of", "what it is"], rows, doc=True)


def _own_table(figures: dict[str, Any]) -> str | None:
    if not figures:
        return note("This game names no figures of its own (a `metrics.py` in its folder would).")
    rows = []
    for name, f in figures.items():
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


# -- compare ------------------------------------------------------------------------------------------------------

def comparison(variants: Sequence[dict[str, Any]], labels: Sequence[str], rows: Sequence[dict[str, Any]],
               images: dict[str, str | None], seeds: str) -> str:
    """Variants side by side: each figure's value per variant and its paired difference from the first."""
    head = ["figure", labels[0]] + [f"{label} (difference)" for label in labels[1:]]
    cells = []
    for r in rows:
        line = [escape(r["figure"]), interval(r["values"][0])]
        for value, diff in zip(r["values"][1:], r["differences"]):
            mark = ' class="sig"' if diff is not None and diff["significant"] else ""
            line.append(f"{interval(value)}<br><span{mark}>{_signed(diff)}</span>")
        cells.append(line)
    meta = (f"{variants[0]['players']} players &middot; bots {escape(', '.join(variants[0]['bots']))} &middot; "
            f"{variants[0]['games_asked']} games per variant on the same seeds ({escape(seeds)})")
    sections = [
        section("Variants", "variants", table(["label", "options", "games finished", "unfinished"],
                [[escape(label), escape(json.dumps(v["options"])), str(v["games"]), str(v["unfinished"])]
                 for label, v in zip(labels, variants)], left=2)),
        section("What changes", "differences", image(images.get("differences"), "differences"),
                note("Each difference is the mean over the seeds both variants finished of (variant minus "
                     f"{escape(labels[0])}), with the normal-approximation 95% interval of those paired differences; "
                     "<span class=sig>red</span>: the interval excludes 0."),
                table(head, cells)),
        section("Seat advantage", "seats", image(images.get("seats"), "seats per variant")),
        section("Game length", "length", image(images.get("length"), "length per variant")),
    ]
    return document(f"{variants[0]['game']}: variants compared", meta, sections)


def _signed(diff: dict[str, Any] | None) -> str:
    if diff is None:
        return "-"
    d = diff["difference"]
    text = f"{d['value']:+.3g} [{d['low']:+.3g}, {d['high']:+.3g}]" if not math.isnan(d["low"]) else f"{d['value']:+.3g}"
    return escape(text)
