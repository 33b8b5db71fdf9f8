"""The report's plots (matplotlib, drawn off screen): each function writes one PNG and returns its name.

They draw the numbers of `Tally.numbers()` (and of `compare.differences`), never a game: what a plot
shows is exactly what the tables beside it say.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # no display: files only
import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

DPI = 110
COLOURS = ["#3b6ea8", "#d9822b", "#4f9a5a", "#b5476b", "#7a5fb0", "#8c6d46", "#4aa3a8", "#9a9a3a"]
plt.rcParams.update({"font.size": 10, "axes.spines.top": False, "axes.spines.right": False,
                     "axes.titlesize": 11, "axes.titleweight": "bold", "figure.constrained_layout.use": True})


def _save(fig: Figure, out: Path, name: str) -> str:
    fig.savefig(out / name, dpi=DPI)
    plt.close(fig)
    return name


def _interval(est: dict[str, Any]) -> tuple[float, float]:
    """Error-bar lengths below and above a value (0 where no interval could be formed)."""
    if est["low"] is None or math.isnan(est["low"]):
        return 0.0, 0.0
    return est["value"] - est["low"], est["high"] - est["value"]


def _bars(ax: Axes, labels: Sequence[str], estimates: Sequence[dict[str, Any]], colour: str = COLOURS[0],
          offset: float = 0.0, width: float = 0.7, label: str | None = None) -> None:
    xs = [i + offset for i in range(len(labels))]
    values = [e["value"] for e in estimates]
    errors = [[_interval(e)[0] for e in estimates], [_interval(e)[1] for e in estimates]]
    ax.bar(xs, values, width=width, color=colour, label=label, yerr=errors, capsize=4, ecolor="#333333")
    ax.set_xticks(range(len(labels)), labels)


def _histogram(ax: Axes, values: Sequence[float], title: str, xlabel: str, integer: bool = False) -> None:
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    if not values:
        ax.text(0.5, 0.5, "does not apply here", ha="center", va="center", transform=ax.transAxes, color="#777777")
        ax.set_yticks([])
        return
    low, high = min(values), max(values)
    if low == high:  # one value for every game: a bar would only say how many games there were
        ax.text(0.5, 0.5, f"{low:g} in every game", ha="center", va="center", transform=ax.transAxes, fontsize=12)
        ax.set_yticks([])
        ax.set_xticks([])
        return
    if integer and high - low <= 40:
        bins: Any = [b - 0.5 for b in range(int(low), int(high) + 2)]
    else:
        bins = min(40, max(5, int(math.sqrt(len(values)))))
    ax.hist(values, bins=bins, color=COLOURS[0], edgecolor="white")
    if integer:
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    average = math.fsum(values) / len(values)
    ax.axvline(average, color=COLOURS[1], linestyle="--", linewidth=1.5, label=f"mean {average:.3g}")
    ax.legend(frameon=False, loc="upper right")
    ax.set_ylabel("games")


def seats(numbers: dict[str, Any], out: Path) -> str:
    """Win rate per seat with 95% Wilson intervals, against the fair share 1/n."""
    fig, ax = plt.subplots(figsize=(7.5, 3.4))
    rows = numbers["seats"]
    _bars(ax, [f"seat {r['seat']}" for r in rows], [r["win_rate"] for r in rows])
    fair = 1 / numbers["players"]
    ax.axhline(fair, color=COLOURS[1], linestyle="--", label=f"fair share 1/{numbers['players']} = {fair:.3f}")
    ax.set_ylabel("win rate")
    ax.set_title("Seat advantage: win rate per seat (95% intervals)")
    ax.legend(frameon=False, loc="upper right")
    ax.set_ylim(0, max(0.05, *(r["win_rate"]["high"] for r in rows)) * 1.25)
    return _save(fig, out, "seats.png")


def scores(numbers: dict[str, Any], values: Sequence[Sequence[float]], out: Path) -> str:
    """Final scores per seat (boxes), or the one seat's distribution (a histogram)."""
    fig, ax = plt.subplots(figsize=(7.5, 3.4))
    better = f"{numbers['score_order']} is better"
    if len(values) == 1:
        _histogram(ax, values[0], f"Score distribution ({better})", "final score", integer=True)
    else:
        ax.boxplot(list(values), tick_labels=[f"seat {s}" for s in range(len(values))], showmeans=True)
        ax.set_title(f"Final scores per seat ({better})")
        ax.set_xlabel("box: middle half of the games; line: median; triangle: mean; circles: outliers")
        ax.set_ylabel("final score")
    return _save(fig, out, "scores.png")


def length(numbers: dict[str, Any], out: Path) -> str:
    """Decisions, turns and rounds per game."""
    fig, axes = plt.subplots(1, 3, figsize=(11, 3.2))
    for ax, name, title in zip(axes, ("decisions", "turns", "rounds"),
                               ("Decisions per game", "Turns per game", "Rounds per game")):
        spread = numbers["length"][name]
        _histogram(ax, spread["values"] if spread else [], title, name, integer=name == "rounds")
    return _save(fig, out, "length.png")


def drama(numbers: dict[str, Any], out: Path) -> str:
    """Winning margins, lead changes and how early the winner was clear."""
    fig, axes = plt.subplots(1, 3, figsize=(11, 3.2))
    spec = (("margin", "Winning margin", "points ahead of the best of the rest", False),
            ("lead_changes", "Lead changes per game", "times the sole leader changed", True),
            ("clear_at", "Winner clear at", "share of the rounds played (1.0 = last round)", False))
    for ax, (name, title, xlabel, integer) in zip(axes, spec):
        spread = numbers["drama"][name]
        _histogram(ax, spread["values"] if spread else [], title, xlabel, integer=integer)
        if name == "clear_at" and spread and spread["min"] != spread["max"]:
            ax.set_xlim(0, 1.05)
    return _save(fig, out, "drama.png")


def ends(numbers: dict[str, Any], out: Path) -> str:
    """How often games (or rounds) ended otherwise than by the usual end, with 95% intervals."""
    items = list(numbers["ends"].items())
    fig, ax = plt.subplots(figsize=(7.5, 0.9 + 0.55 * len(items)))
    labels = [f"{name} (share of {e['per']})" for name, e in items]
    values = [e["value"] if not math.isnan(e["value"]) else 0.0 for _, e in items]
    errors = list(zip(*(_interval(e) if not math.isnan(e["value"]) else (0.0, 0.0) for _, e in items)))
    ax.barh(range(len(items)), values, xerr=errors, color=COLOURS[2], capsize=4, ecolor="#333333")
    ax.set_yticks(range(len(items)), labels)
    ax.invert_yaxis()
    ax.set_xlabel("share (95% interval)")
    ax.set_title("Fallback ends and caps")
    ax.set_xlim(0, max(0.05, *(e["high"] for _, e in items if not math.isnan(e["high"]))) * 1.3)
    return _save(fig, out, "ends.png")


def own_figures(numbers: dict[str, Any], out: Path) -> str | None:
    """The game's own figures: one histogram per count, one bar per event's share of games."""
    figures = {name: f for name, f in numbers["figures"].items() if f.get("values")}
    races = {name: r for name, r in numbers["races"].items() if r and r["max"] > 0}
    panels = [(name, f["values"], f["rate"]) for name, f in figures.items()] + \
             [(name, r["values"], None) for name, r in races.items()]
    if not panels:
        return None
    cols = min(3, len(panels))
    rows = math.ceil(len(panels) / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(11, 3.0 * rows), squeeze=False)
    for ax, (name, values, rate) in zip(axes.flat, panels):
        if rate is not None:
            _bars(ax, [name], [rate], colour=COLOURS[3], width=0.4)
            ax.set_ylim(0, 1)
            ax.set_title(f"{name}: share of games")
        else:
            _histogram(ax, values, f"{name} per game", name, integer=True)
    for ax in list(axes.flat)[len(panels):]:
        ax.set_visible(False)
    return _save(fig, out, "figures.png")


# -- compare --------------------------------------------------------------------------------------------------

def compare_seats(variants: Sequence[dict[str, Any]], labels: Sequence[str], out: Path) -> str:
    """Each variant's win rate per seat side by side."""
    players = variants[0]["players"]
    fig, ax = plt.subplots(figsize=(8.5, 3.6))
    width = 0.8 / len(variants)
    for k, (numbers, label) in enumerate(zip(variants, labels)):
        offset = (k - (len(variants) - 1) / 2) * width
        _bars(ax, [f"seat {s}" for s in range(players)], [r["win_rate"] for r in numbers["seats"]],
              colour=COLOURS[k % len(COLOURS)], offset=offset, width=width, label=label)
    ax.axhline(1 / players, color="#555555", linestyle="--", linewidth=1, label=f"fair share 1/{players}")
    ax.set_ylabel("win rate")
    ax.set_title("Seat advantage per variant (95% intervals)")
    ax.legend(frameon=False, fontsize=9, loc="upper right")
    return _save(fig, out, "compare_seats.png")


def compare_differences(rows: Sequence[dict[str, Any]], labels: Sequence[str], out: Path) -> str:
    """Every figure's paired difference from the first variant, as a share of the first's mean."""
    names = [r["figure"] for r in rows]
    fig, ax = plt.subplots(figsize=(8.5, 1.2 + 0.42 * len(names)))
    for k, label in enumerate(labels[1:], start=1):
        for y, r in enumerate(rows):
            d = r["differences"][k - 1]
            if d is None or d["relative"] is None:
                continue
            rel = d["relative"]
            ax.errorbar(rel["value"] * 100, y + (k - 1) * 0.18, xerr=[[(rel["value"] - rel["low"]) * 100],
                        [(rel["high"] - rel["value"]) * 100]], fmt="o", color=COLOURS[k % len(COLOURS)],
                        capsize=3, label=label if y == 0 else None)
    ax.axvline(0, color="#555555", linewidth=1)
    ax.set_yticks(range(len(names)), names)
    ax.invert_yaxis()
    ax.set_xlabel(f"difference from {labels[0]}, % of its mean (paired 95% interval)")
    ax.set_title("What each variant changes")
    ax.legend(frameon=False, fontsize=9, loc="lower right")
    return _save(fig, out, "compare_differences.png")


def compare_length(variants: Sequence[dict[str, Any]], labels: Sequence[str], out: Path) -> str:
    """Decisions and rounds per game, each variant's distribution over the other's."""
    fig, axes = plt.subplots(1, 2, figsize=(11, 3.2))
    for ax, name in zip(axes, ("decisions", "rounds")):
        for k, (numbers, label) in enumerate(zip(variants, labels)):
            spread = numbers["length"][name]
            if spread:
                ax.hist(spread["values"], bins=30, histtype="step", linewidth=1.8, color=COLOURS[k % len(COLOURS)],
                        label=label)
        ax.set_title(f"{name.capitalize()} per game")
        ax.set_xlabel(name)
        ax.set_ylabel("games")
        ax.legend(frameon=False, fontsize=9)
    return _save(fig, out, "compare_length.png")
