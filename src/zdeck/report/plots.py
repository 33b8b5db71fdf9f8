"""The report's plots (matplotlib, drawn off screen): each function writes one PNG and returns its name,
or None where there is nothing to draw (the page then says why).

They draw the numbers of `Tally.numbers()` (and of `report.differences`), never a game: what a plot shows
is exactly what the tables beside it say.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import matplotlib

matplotlib.use("Agg")  # no display: files only
import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator, PercentFormatter

if TYPE_CHECKING:
    from zdeck.report.tally import Tally

DPI = 110
COLOURS = ["#3b6ea8", "#d9822b", "#4f9a5a", "#b5476b", "#7a5fb0", "#8c6d46", "#4aa3a8", "#9a9a3a"]
GREY = "#555555"
plt.rcParams.update({"font.size": 10, "axes.spines.top": False, "axes.spines.right": False,
                     "axes.titlesize": 11, "axes.titleweight": "bold", "figure.constrained_layout.use": True})


def _save(fig: Figure, out: Path, name: str) -> str:
    fig.savefig(out / name, dpi=DPI)
    plt.close(fig)
    return name


def _known(est: dict[str, Any] | None) -> bool:
    return est is not None and est.get("value") is not None and not math.isnan(est["value"])


def _interval(est: dict[str, Any]) -> tuple[float, float]:
    """Error-bar lengths below and above a value (0 where no interval could be formed)."""
    if est.get("low") is None or math.isnan(est["low"]):
        return 0.0, 0.0
    return max(0.0, est["value"] - est["low"]), max(0.0, est["high"] - est["value"])


def _bars(ax: Axes, labels: Sequence[str], estimates: Sequence[dict[str, Any]], colour: str = COLOURS[0],
          offset: float = 0.0, width: float = 0.7, label: str | None = None) -> None:
    xs = [i + offset for i in range(len(labels))]
    values = [e["value"] if _known(e) else 0.0 for e in estimates]
    errors = [[_interval(e)[0] if _known(e) else 0.0 for e in estimates],
              [_interval(e)[1] if _known(e) else 0.0 for e in estimates]]
    ax.bar(xs, values, width=width, color=colour, label=label, yerr=errors, capsize=4, ecolor="#333333")
    ax.set_xticks(range(len(labels)), labels)


def _empty(ax: Axes, text: str) -> None:
    ax.text(0.5, 0.5, text, ha="center", va="center", transform=ax.transAxes, color="#777777", wrap=True)
    ax.set_yticks([])
    ax.set_xticks([])


def _histogram(ax: Axes, values: Sequence[float], title: str, xlabel: str, integer: bool = False,
               why: str = "does not apply here") -> None:
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    if not values:
        _empty(ax, why)
        return
    low, high = min(values), max(values)
    if low == high:  # one value for every game: a bar would only say how many games there were
        ax.text(0.5, 0.5, f"{low:g} in every game", ha="center", va="center", transform=ax.transAxes, fontsize=12)
        ax.set_yticks([])
        ax.set_xticks([])
        return
    integer = integer or all(float(v).is_integer() for v in values)
    if integer and high - low <= 40:
        bins: Any = [b - 0.5 for b in range(int(low), int(high) + 2)]
    else:
        bins = min(40, max(5, int(math.sqrt(len(values)))))
    ax.hist(values, bins=bins, color=COLOURS[0], edgecolor="white")
    if integer:
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    average = math.fsum(values) / len(values)
    ax.axvline(average, color=COLOURS[1], linestyle="--", linewidth=1.5, label=f"mean {short(average)}")
    ax.legend(frameon=False, loc="upper right")
    ax.set_ylabel("games")


def short(value: float) -> str:
    """A number for a legend: 1017, 72.5, 1.73, 0.0412."""
    size = abs(value)
    return f"{value:.0f}" if size >= 100 else f"{value:.1f}" if size >= 10 else f"{value:.3g}"


def _fair(ax: Axes, fair: float, text: str | None = None) -> None:
    ax.axhline(fair, color=COLOURS[1], linestyle="--", label=text or f"fair share {fair:.3f}")


# -- one batch ------------------------------------------------------------------------------------------------

def report_images(numbers: dict[str, Any], tally: Tally, out: Path) -> dict[str, str | None]:
    """Every plot of a report (none of those that need finished games when none finished)."""
    images: dict[str, str | None] = {"ends": ends(numbers, out)}
    if not numbers["games"]:
        return images
    if numbers["players"] > 1:
        images["seats"] = seats(numbers, out)
    if not scores_are_wins(tally):
        images["scores"] = scores(numbers, [tally.column(f"score_{s}") for s in range(numbers["players"])], out)
    images["positions"] = positions(numbers, out)
    images["by_players"] = by_players(numbers, out)
    images["skill"] = skill(numbers, out)
    images["length"] = length(numbers, out)
    images["decisions"] = decisions(numbers, out)
    images["drama"] = drama(numbers, out)
    images["within"] = within(numbers, out)
    images["stalls"] = stalls(numbers, out)
    images["usage"] = usage(numbers, out)
    images["figures"] = own_figures(numbers, out)
    return images


def scores_are_wins(tally: Tally) -> bool:
    """A game whose score is 1 for the winner and 0 for the others: its scores say no more than its wins."""
    return tally.players > 1 and all(r.get(f"score_{s}") == r.get(f"win_{s}") for r in tally.rows.values()
                                     for s in range(tally.players))


def informative(spread: dict[str, Any] | None) -> bool:
    """A distribution worth a histogram: some values, not all the same."""
    return spread is not None and spread["min"] != spread["max"]


def seats(numbers: dict[str, Any], out: Path) -> str:
    """Win rate per seat with 95% Wilson intervals, against the fair share 1/n."""
    fig, ax = plt.subplots(figsize=(7.5, 3.4))
    rows = numbers["seats"]
    _bars(ax, [f"seat {r['seat']}" for r in rows], [r["win_rate"] for r in rows])
    fair = 1 / numbers["players"]
    _fair(ax, fair, f"fair share 1/{numbers['players']} = {fair:.3f}")
    ax.set_ylabel("win rate")
    ax.set_title("Win rate per seat number (95% intervals)")
    ax.legend(frameon=False, loc="upper right")
    ax.set_ylim(0, max(0.05, *(r["win_rate"]["high"] for r in rows if _known(r["win_rate"]))) * 1.25)
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


def positions(numbers: dict[str, Any], out: Path) -> str | None:
    """Win rate by position from the reference seat: of the match and, where it moves, of each hand."""
    pos = numbers["positions"]
    if pos is None:
        return None
    panels = [] if pos["same_as_seats"] else [
        ("match", f"Matches won, by position from the first hand's {pos['reference']}", "win rate")]
    if pos["hands"]:
        panels.append(("hands", f"Hands won, by position from that hand's {pos['reference']}", "share of hands"))
    if not panels:
        return None
    fig, axes = plt.subplots(1, len(panels), figsize=(5.6 * len(panels), 3.4), squeeze=False)
    fair = 1 / numbers["players"]
    for ax, (key, title, ylabel) in zip(axes.flat, panels):
        rows = pos[key]
        _bars(ax, [r["label"] for r in rows], [r["win_rate"] for r in rows], colour=COLOURS[0 if key == "match" else 2])
        _fair(ax, fair)
        ax.set_title(title, fontsize=10)
        ax.set_ylabel(ylabel)
        highs = [r["win_rate"]["high"] for r in rows if _known(r["win_rate"])]
        ax.set_ylim(0, max(0.05, *highs) * 1.25 if highs else 1)
        ax.legend(frameon=False, loc="upper right", fontsize=9)
        if len(rows) > 5:
            ax.tick_params(axis="x", labelrotation=30)
    return _save(fig, out, "positions.png")


def by_players(numbers: dict[str, Any], out: Path) -> str | None:
    """The first positions' win rate at each player count played, against each count's fair share."""
    counts = [b for b in numbers["by_players"] if b["positions"]]
    if not counts:
        return None
    fig, ax = plt.subplots(figsize=(7.5, 3.6))
    players = [b["players"] for b in counts]
    shown = min(3, min(players))
    for k in range(shown):
        ests = [b["positions"]["match"][k]["win_rate"] for b in counts]
        xs = [p + (k - (shown - 1) / 2) * 0.12 for p in players]
        ax.errorbar(xs, [e["value"] for e in ests], yerr=list(zip(*(_interval(e) for e in ests))), fmt="o-",
                    capsize=3, color=COLOURS[k], label=counts[0]["positions"]["match"][k]["label"])
    ax.plot(players, [1 / p for p in players], linestyle="--", color=GREY, label="fair share 1/n")
    ax.set_xticks(players)
    ax.set_xlabel("players")
    ax.set_ylabel("match win rate")
    ax.set_title("Position advantage by player count (95% intervals)")
    ax.legend(frameon=False, fontsize=9)
    return _save(fig, out, "by_players.png")


def skill(numbers: dict[str, Any], out: Path) -> str | None:
    """The strong bot's share against the fair share, and the skill index on its scale from -1 to 1."""
    data = numbers["skill"]
    if not data or not data["n"]:
        return None
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 2.6), width_ratios=[1, 1.4])
    _bars(left, [f"{data['strong']}\nagainst {data['weak']}"], [data["share"]], colour=COLOURS[4], width=0.5)
    _fair(left, data["fair"], f"luck alone: {data['fair']:.3f}")
    left.set_ylim(0, 1)
    left.set_ylabel(f"share of {data['units']} won")
    left.legend(frameon=False, fontsize=9, loc="upper right")
    left.set_title("The stronger bot's share")
    idx = data["index"]
    low, high = _interval(idx)
    right.errorbar([idx["value"]], [0], xerr=[[low], [high]], fmt="o", color=COLOURS[4], capsize=6, markersize=9)
    right.axvline(0, color=GREY, linestyle="--", linewidth=1)
    right.set_xlim(-1.05, 1.05)
    right.set_yticks([])
    right.set_xticks([-1, -0.5, 0, 0.5, 1], ["-1\nweaker wins", "-0.5", "0\nluck only", "0.5", "1\nskill decides"])
    right.set_title(f"Skill index {idx['value']:.2f} (95% interval)")
    return _save(fig, out, "skill.png")


def length(numbers: dict[str, Any], out: Path) -> str:
    """Decisions, turns, rounds and minutes per game."""
    fig, axes = plt.subplots(1, 4, figsize=(13, 3.1))
    for ax, name, title, xlabel in zip(axes, ("decisions", "turns", "rounds", "minutes"),
                                       ("Decisions per game", "Turns per game", "Rounds per game", "Minutes per game"),
                                       ("decisions", "turns", "rounds", "minutes at the bots' pace")):
        spread = numbers["length"][name]
        _histogram(ax, spread["values"] if spread else [], title, xlabel, integer=name == "rounds")
    return _save(fig, out, "length.png")


def decisions(numbers: dict[str, Any], out: Path) -> str | None:
    """Legal actions per decision over the course of a game (mean per tenth, 95% intervals), and its spread
    over the games."""
    data = numbers["decisions"]
    profile = data["profile"]
    if not any(p is not None for p in profile):
        return None
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 3.2))
    xs = [(k + 0.5) * 10 for k, p in enumerate(profile) if p is not None]
    ests = [p for p in profile if p is not None]
    left.errorbar(xs, [e["value"] for e in ests], yerr=list(zip(*(_interval(e) for e in ests))), fmt="o-",
                  color=COLOURS[0], capsize=3)
    left.axhline(1, color=GREY, linestyle=":", linewidth=1, label="1: a forced move")
    left.set_xlim(0, 100)
    left.set_ylim(0, max(e["value"] for e in ests) * 1.3)
    left.xaxis.set_major_formatter(PercentFormatter())
    left.set_xlabel("share of the game's decisions")
    left.set_ylabel("legal actions per decision")
    left.set_title("Branching factor over the course of a game")
    left.legend(frameon=False, fontsize=9, loc="lower left")
    spread = data["branching"]
    _histogram(right, spread["values"] if spread else [], "Branching factor per game", "mean legal actions per decision")
    return _save(fig, out, "decisions.png")


def drama(numbers: dict[str, Any], out: Path) -> str | None:
    """Winning margins, lead changes and how early the winner was clear (None when none of them varies)."""
    if not any(informative(spread) for spread in numbers["drama"].values()):
        return None
    fig, axes = plt.subplots(1, 3, figsize=(11, 3.2))
    spec = (("margin", "Winning margin", "points ahead of the best of the rest", False, "every seat won"),
            ("lead_changes", "Lead changes between rounds", "times the sole leader changed", True,
             "one round per game: see the lead changes within rounds"),
            ("clear_at", "Winner clear at", "share of the rounds played (1.0 = last round)", False,
             "one round per game (or totals that are not the sum of the rounds)"))
    for ax, (name, title, xlabel, integer, why) in zip(axes, spec):
        spread = numbers["drama"][name]
        _histogram(ax, spread["values"] if spread else [], title, xlabel, integer=integer, why=why)
        if name == "clear_at" and spread and spread["min"] != spread["max"]:
            ax.set_xlim(0, 1.05)
    return _save(fig, out, "drama.png")


def within(numbers: dict[str, Any], out: Path) -> str | None:
    """Drama inside the rounds: lead changes, and how close the others came when a hand was won."""
    data = numbers["within"]
    if not any(informative(v) for v in data.values()):
        return None
    fig, axes = plt.subplots(1, 3, figsize=(11, 3.2))
    not_shedding = "this game is not won by emptying one's hand"
    spec = (("round_lead_changes", "Lead changes within rounds", "times the sole leader changed", True,
             "no standing within a round"),
            ("runner_up", "Runner-up's cards when a hand was won", "cards (mean per hand)", False, not_shedding),
            ("cards_left", "Cards left with the others", "cards (mean per hand)", False, not_shedding))
    for ax, (name, title, xlabel, integer, why) in zip(axes, spec):
        spread = data[name]
        _histogram(ax, spread["values"] if spread else [], title, xlabel, integer=integer, why=why)
    return _save(fig, out, "within.png")


def stalls(numbers: dict[str, Any], out: Path) -> str | None:
    """The longest stretch of decisions without progress, game by game."""
    spread = numbers["stalls"]["stall"]
    if not spread:
        return None
    fig, ax = plt.subplots(figsize=(7.5, 3.1))
    _histogram(ax, spread["values"], "Longest stall per game", "decisions in a row with no seat improving its best",
               integer=True)
    return _save(fig, out, "stalls.png")


def ends(numbers: dict[str, Any], out: Path) -> str:
    """How often games (or rounds) ended otherwise than by the usual end, with 95% intervals."""
    items = list(numbers["ends"].items())
    fig, ax = plt.subplots(figsize=(7.5, 0.9 + 0.55 * len(items)))
    labels = [f"{name} (share of {e['per']})" + (": off" if e.get("off") else "") for name, e in items]
    values = [e["value"] if _known(e) else 0.0 for _, e in items]
    errors = list(zip(*(_interval(e) if _known(e) else (0.0, 0.0) for _, e in items)))
    ax.barh(range(len(items)), values, xerr=errors, color=COLOURS[2], capsize=4, ecolor="#333333")
    ax.set_yticks(range(len(items)), labels)
    ax.invert_yaxis()
    ax.set_xlabel("share (95% interval)")
    ax.set_title("Fallback ends and caps")
    highs = [e["high"] for _, e in items if _known(e) and e["high"] is not None and not math.isnan(e["high"])]
    ax.set_xlim(0, max(0.05, *highs) * 1.3 if highs else 1)
    for y, (_, e) in enumerate(items):
        if not _known(e):
            ax.text(0.01, y, "no game to count", va="center", color="#777777")
    return _save(fig, out, "ends.png")


def usage(numbers: dict[str, Any], out: Path) -> str | None:
    """How often each kind of action, card, effect and call took effect per game (95% intervals)."""
    rows = numbers["usage"]["rows"]
    if not rows:
        return None
    fig, ax = plt.subplots(figsize=(8.5, 1.0 + 0.3 * len(rows)))
    groups = list(dict.fromkeys(r["group"] for r in rows))
    for y, r in enumerate(rows):
        est = r["per_game"]
        ax.barh(y, est["value"], xerr=[[_interval(est)[0]], [_interval(est)[1]]],
                color=COLOURS[groups.index(r["group"]) % len(COLOURS)], capsize=3, ecolor="#333333")
    ax.set_yticks(range(len(rows)), [f"{r['group']}: {r['name']}" for r in rows], fontsize=9)
    ax.invert_yaxis()
    ax.set_xscale("symlog", linthresh=1)
    ax.set_xlabel("times per game (symmetric log scale)")
    ax.set_title("Rules in use: what took effect, per game")
    return _save(fig, out, "usage.png")


def own_figures(numbers: dict[str, Any], out: Path) -> str | None:
    """The game's own figures: one histogram per count, one bar per event's share of games."""
    figures = {name: f for name, f in numbers["figures"].items() if f.get("values") and not f.get("off")}
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

def compare_images(variants: Sequence[dict[str, Any]], labels: Sequence[str], rows: Sequence[dict[str, Any]],
                   out: Path) -> dict[str, str | None]:
    images: dict[str, str | None] = {"differences": compare_differences(rows, labels, out)}
    if all(v["games"] for v in variants):
        if variants[0]["players"] > 1:
            images["seats"] = compare_seats(variants, labels, out)
            images["positions"] = compare_positions(variants, labels, out)
        images["length"] = compare_length(variants, labels, out)
        images["decisions"] = compare_decisions(variants, labels, out)
        images["skill"] = compare_skill(variants, labels, out)
    return images


def compare_seats(variants: Sequence[dict[str, Any]], labels: Sequence[str], out: Path) -> str:
    """Each variant's win rate per seat side by side."""
    players = variants[0]["players"]
    fig, ax = plt.subplots(figsize=(8.5, 3.6))
    width = 0.8 / len(variants)
    for k, (numbers, label) in enumerate(zip(variants, labels)):
        offset = (k - (len(variants) - 1) / 2) * width
        _bars(ax, [f"seat {s}" for s in range(players)], [r["win_rate"] for r in numbers["seats"]],
              colour=COLOURS[k % len(COLOURS)], offset=offset, width=width, label=label)
    ax.axhline(1 / players, color=GREY, linestyle="--", linewidth=1, label=f"fair share 1/{players}")
    ax.set_ylabel("win rate")
    ax.set_title("Win rate per seat number, per variant (95% intervals)")
    ax.legend(frameon=False, fontsize=9, loc="upper right")
    return _save(fig, out, "compare_seats.png")


def compare_positions(variants: Sequence[dict[str, Any]], labels: Sequence[str], out: Path) -> str | None:
    """Each variant's win rate by position from the reference seat: of hands where it moves, else of matches."""
    first = variants[0]["positions"]
    if first is None:
        return None
    key = "hands" if all(v["positions"] and v["positions"]["hands"] for v in variants) else "match"
    players = variants[0]["players"]
    fig, ax = plt.subplots(figsize=(8.5, 3.6))
    width = 0.8 / len(variants)
    for k, (numbers, label) in enumerate(zip(variants, labels)):
        offset = (k - (len(variants) - 1) / 2) * width
        rows = numbers["positions"][key]
        _bars(ax, [r["label"] for r in rows], [r["win_rate"] for r in rows], colour=COLOURS[k % len(COLOURS)],
              offset=offset, width=width, label=label)
    ax.axhline(1 / players, color=GREY, linestyle="--", linewidth=1, label=f"fair share 1/{players}")
    what = "hands won, from each hand's" if key == "hands" else "matches won, from the first hand's"
    ax.set_title(f"Position advantage per variant: {what} {first['reference']}")
    ax.set_ylabel("win rate")
    ax.legend(frameon=False, fontsize=9, loc="upper right")
    return _save(fig, out, "compare_positions.png")


def compare_differences(rows: Sequence[dict[str, Any]], labels: Sequence[str], out: Path) -> str | None:
    """The paired differences worth a look, as a share of the first variant's value: the primary figures,
    those that changed (after adjustment), and, up to twelve, those closest to changing."""
    def smallest_p(r: dict[str, Any]) -> float:
        ps = [d["adjusted_p"] for d in r["differences"] if d is not None and d["adjusted_p"] is not None]
        return min(ps) if ps else 2.0

    candidates = [r for r in rows if any(d is not None and d["relative"] is not None for d in r["differences"])]
    shown = [r for r in candidates if r["primary"] or any(d is not None and d["significant"] for d in r["differences"])]
    rest = sorted((r for r in candidates if r not in shown), key=smallest_p)
    shown += rest[:max(0, 12 - len(shown))]
    if not shown:
        return None
    fig, ax = plt.subplots(figsize=(8.5, 1.4 + 0.42 * len(shown)))
    for k, label in enumerate(labels[1:], start=1):
        for y, r in enumerate(shown):
            d = r["differences"][k - 1]
            if d is None or d["relative"] is None:
                continue
            rel = d["relative"]
            ax.errorbar(rel["value"] * 100, y + (k - 1) * 0.18, xerr=[[max(0.0, rel["value"] - rel["low"]) * 100],
                        [max(0.0, rel["high"] - rel["value"]) * 100]], fmt="o",
                        color=COLOURS[k % len(COLOURS)], mfc=COLOURS[k % len(COLOURS)] if d["significant"] else "white",
                        capsize=3, label=label if y == 0 else None)
    ax.axvline(0, color=GREY, linewidth=1)
    ax.set_yticks(range(len(shown)), [("* " if r["primary"] else "") + r["figure"] for r in shown], fontsize=9)
    ax.invert_yaxis()
    ax.set_xlabel(f"difference from {labels[0]}, % of its value (paired 95% intervals)")
    ax.set_title("What each variant changes (* primary; filled: a change after adjustment)")
    ax.legend(frameon=False, fontsize=9, loc="best")
    return _save(fig, out, "compare_differences.png")


def compare_length(variants: Sequence[dict[str, Any]], labels: Sequence[str], out: Path) -> str:
    """Decisions, rounds and minutes per game, each variant's distribution over the other's."""
    fig, axes = plt.subplots(1, 3, figsize=(13, 3.2))
    for ax, name in zip(axes, ("decisions", "rounds", "minutes")):
        ax.set_title(f"{name.capitalize()} per game")
        ax.set_xlabel(name)
        drawn = False
        for k, (numbers, label) in enumerate(zip(variants, labels)):
            spread = numbers["length"][name]
            if spread and spread["min"] != spread["max"]:
                ax.hist(spread["values"], bins=30, histtype="step", linewidth=1.8, color=COLOURS[k % len(COLOURS)],
                        label=label)
                drawn = True
        if drawn:
            ax.set_ylabel("games")
            ax.legend(frameon=False, fontsize=9)
        else:
            same = [numbers["length"][name] for numbers in variants]
            _empty(ax, "the same in every game: " + ", ".join(f"{s['min']:g}" for s in same if s))
    return _save(fig, out, "compare_length.png")


def compare_decisions(variants: Sequence[dict[str, Any]], labels: Sequence[str], out: Path) -> str | None:
    """The branching factor over the course of a game, per variant."""
    if not any(any(p is not None for p in v["decisions"]["profile"]) for v in variants):
        return None
    fig, ax = plt.subplots(figsize=(8.5, 3.4))
    for k, (numbers, label) in enumerate(zip(variants, labels)):
        profile = numbers["decisions"]["profile"]
        xs = [(t + 0.5) * 10 for t, p in enumerate(profile) if p is not None]
        ests = [p for p in profile if p is not None]
        ax.errorbar([x + (k - (len(variants) - 1) / 2) * 0.8 for x in xs], [e["value"] for e in ests],
                    yerr=list(zip(*(_interval(e) for e in ests))), fmt="o-", capsize=3, color=COLOURS[k % len(COLOURS)],
                    label=label)
    ax.set_xlim(0, 100)
    ax.xaxis.set_major_formatter(PercentFormatter())
    ax.set_xlabel("share of the game's decisions")
    ax.set_ylabel("legal actions per decision")
    ax.set_title("Branching factor over the course of a game, per variant")
    ax.legend(frameon=False, fontsize=9)
    return _save(fig, out, "compare_decisions.png")


def compare_skill(variants: Sequence[dict[str, Any]], labels: Sequence[str], out: Path) -> str | None:
    """Each variant's skill index (95% intervals)."""
    data = [v["skill"] for v in variants]
    if not all(d and d["n"] for d in data):
        return None
    fig, ax = plt.subplots(figsize=(7.5, 1.2 + 0.5 * len(variants)))
    for y, (d, label) in enumerate(zip(data, labels)):
        idx = d["index"]
        low, high = _interval(idx)
        ax.errorbar([idx["value"]], [y], xerr=[[low], [high]], fmt="o", color=COLOURS[y % len(COLOURS)], capsize=5)
    ax.axvline(0, color=GREY, linestyle="--", linewidth=1)
    ax.set_yticks(range(len(labels)), labels)
    ax.invert_yaxis()
    ax.set_xlim(-1.05, 1.05)
    ax.set_xlabel(f"skill index: {data[0]['strong']} against {data[0]['weak']} (0 luck only, 1 skill decides)")
    ax.set_title("Skill against luck, per variant")
    return _save(fig, out, "compare_skill.png")
