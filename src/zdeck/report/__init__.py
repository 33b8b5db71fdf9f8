"""Balance reports for designers: a batch's figures as an HTML page with plots, and JSON.

`write_report` and `write_comparison` take `Tally`s (`zdeck.report.tally`) of batches already played;
matplotlib is imported when a page is written. docs/designers.md explains every figure.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from zdeck.batch.stats import Paired, benjamini_hochberg, detectable, holm, paired_mean, paired_ratio, paired_share
from zdeck.report.tally import MEAN, RATIO, SHARE, Figure, SkillTally, Tally, figure_keys, position_label

FDR_METHODS = {"primary": "Holm (family-wise error 5%)", "secondary": "Benjamini-Hochberg (false discovery rate 5%)"}


@dataclass
class Extras:
    """What a report or comparison plays beside its main batch: skill against luck (a strong bot against a
    weak one), and the positions at other player counts. One per variant in a comparison."""

    skill: SkillTally | None = None
    skill_note: str | None = None  # why there is no skill figure
    by_players: list[Tally] = field(default_factory=list)


def write_report(tally: Tally, out: Path, seeds: str, extras: Extras | None = None) -> dict[str, Any]:
    """report.html, report.json and the PNGs in `out`; returns the numbers."""
    from zdeck.report import page, plots

    out.mkdir(parents=True, exist_ok=True)
    numbers = with_extras(tally.numbers(), extras or Extras())
    images = plots.report_images(numbers, tally, out)
    (out / "report.html").write_text(page.report(numbers, images, seeds), encoding="utf-8")
    numbers = json_ready(numbers)
    (out / "report.json").write_text(json.dumps(numbers, indent=1), encoding="utf-8")
    return dict(numbers)


def with_extras(numbers: dict[str, Any], extras: Extras) -> dict[str, Any]:
    numbers["skill"] = extras.skill.numbers() if extras.skill is not None else None
    numbers["skill_note"] = extras.skill_note
    numbers["by_players"] = [{"players": t.players, "games": t.games, "positions": t.numbers()["positions"],
                              "seat_fairness": t.numbers()["seat_fairness"]} for t in extras.by_players]
    return numbers


def json_ready(data: Any) -> Any:
    """NaN (no interval from one game) and infinity become null: JSON has neither."""
    if isinstance(data, float) and (math.isnan(data) or math.isinf(data)):
        return None
    if isinstance(data, dict):
        return {k: json_ready(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [json_ready(v) for v in data]
    return data


# -- compare --------------------------------------------------------------------------------------------------

def figures_to_compare(tallies: Sequence[Tally]) -> list[Figure]:
    """Every figure any variant has, in the first variant's order (then the others' own, such as a card
    kind only one variant's options put in the deck)."""
    seen: dict[str, Figure] = {}
    for tally in tallies:
        for figure in tally.catalogue():
            seen.setdefault(figure.key, figure)
    return list(seen.values())


def check_primary(names: Sequence[str], keys: Sequence[str]) -> set[str]:
    """The figures a designer named as primary, by key ("pos_0", "minutes", "skill", "use:kind:draw",
    "p3:pos_0"); ValueError naming the unknown ones and what there is."""
    known = {*keys, "skill", "unfinished"}
    chosen = {name.strip() for name in names}
    unknown = sorted(n for n in chosen if n not in known and not n.startswith("use:")
                     and not re.fullmatch(r"p\d+:pos_\d+", n))
    if unknown:
        raise ValueError(f"no figure {', '.join(repr(u) for u in unknown)} to name as primary; figures: "
                         f"{', '.join(sorted(known))}, a usage (use:kind:draw) or a position at another count (p3:pos_0)")
    return chosen


def differences(tallies: Sequence[Tally], primary: Sequence[str] = (),
                extras: Sequence[Extras] | None = None) -> list[dict[str, Any]]:
    """For each figure: every variant's value and its paired difference from the first variant, with the
    p-value adjusted for the many figures compared (`adjust`)."""
    figures = figures_to_compare(tallies)
    chosen = check_primary(primary, [*figure_keys(tallies[0].players, tallies[0].own), *(f.key for f in figures)])
    base = tallies[0]
    rows = []
    for figure in figures:
        values = [_value(t, figure) for t in tallies]
        if all(v is None for v in values):
            continue
        diffs = [_paired(figure, base, other) for other in tallies[1:]]
        rows.append(_row(figure.key, figure.label, figure.kind, figure.section, values, diffs,
                         [figure.key.removeprefix("own_").removeprefix("use:") in t.off for t in tallies]))
    rows.append(_unfinished_row(tallies))
    if extras and all(e.skill is not None for e in extras):
        rows.append(_skill_row([e.skill for e in extras if e.skill is not None]))
    if extras:
        rows += _by_players_rows([e.by_players for e in extras])
    for r in rows:
        r["primary"] = r["key"] in chosen
    adjust(rows)
    return sorted(rows, key=lambda r: not r["primary"])


def _row(key: str, label: str, kind: str, section: str, values: list[dict[str, Any] | None],
         diffs: list[Paired | None], off: list[bool]) -> dict[str, Any]:
    base_mean = values[0]["value"] if values[0] is not None else None
    return {"figure": label, "key": key, "kind": kind, "section": section, "values": values, "off": off,
            "differences": [None if d is None else _difference(d, base_mean) for d in diffs]}


def _value(tally: Tally, figure: Figure) -> dict[str, Any] | None:
    if not tally.per_game(figure):
        return None
    est = tally.estimate(figure)
    return est.as_dict() if est.n else None


def _paired(figure: Figure, base: Tally, other: Tally) -> Paired | None:
    a, b = base.per_game(figure), other.per_game(figure)
    both = sorted(set(base.rows) & set(other.rows))
    if not both:
        return None
    if figure.kind == RATIO:
        result = paired_ratio([a.get(i) for i in both], [b.get(i) for i in both])
    elif figure.kind == SHARE:
        result = paired_share([a.get(i) for i in both], [b.get(i) for i in both])
    else:
        result = paired_mean([a.get(i) for i in both], [b.get(i) for i in both])
    return None if result.estimate.n == 0 else result


def _unfinished_row(tallies: Sequence[Tally]) -> dict[str, Any]:
    from zdeck.batch.stats import wilson

    count = min(t.games + len(t.unfinished) for t in tallies)
    a = [0.0 if i in tallies[0].rows else 1.0 for i in range(count)]
    diffs = [paired_share(a, [0.0 if i in t.rows else 1.0 for i in range(count)]) if count else None
             for t in tallies[1:]]
    values: list[dict[str, Any] | None] = [wilson(len(t.unfinished), t.games + len(t.unfinished)).as_dict()
                                           for t in tallies]
    return _row("unfinished", "unfinished (share of games)", SHARE, "ends", values, diffs, [False] * len(tallies))


def _skill_row(skills: Sequence[SkillTally]) -> dict[str, Any]:
    """The skill index per variant, and its paired difference: the strong bot's share, paired game by game
    (same seed, same seats), scaled as the index is."""
    base = skills[0]
    values: list[dict[str, Any] | None] = [s.numbers()["index"] if s.rows else None for s in skills]
    diffs: list[Paired | None] = []
    for other in skills[1:]:
        both = sorted(set(base.rows) & set(other.rows))
        if not both:
            diffs.append(None)
            continue
        share = paired_share([base.rows[i] for i in both], [other.rows[i] for i in both])
        scale = 1 - base.fair
        est = share.estimate
        diffs.append(Paired(type(est)(est.value / scale, est.low / scale, est.high / scale, est.n), share.p,
                            share.spread / scale))
    return _row("skill", f"skill index ({base.strong} against {base.weak})", MEAN, "skill", values, diffs,
                [False] * len(skills))


def _by_players_rows(per_variant: Sequence[Sequence[Tally]]) -> list[dict[str, Any]]:
    """The match win rate of each position at each other player count, per variant, paired."""
    rows = []
    for column in zip(*per_variant):
        base = column[0]
        for k in range(base.players):
            figure = Figure(f"pos_{k}", "", SHARE, "positions")
            values = [_value(t, figure) for t in column]
            if all(v is None for v in values):
                continue
            diffs = [_paired(figure, base, other) for other in column[1:]]
            label = f"{base.players} players: {position_label(base.reference, k)} win rate"
            rows.append(_row(f"p{base.players}:pos_{k}", label, SHARE, "by_players", values, diffs,
                             [False] * len(column)))
    return rows


def _difference(paired: Paired, base_mean: float | None) -> dict[str, Any]:
    diff = paired.estimate
    relative = None
    if base_mean and not math.isnan(diff.low):
        relative = {"value": diff.value / base_mean, "low": diff.low / base_mean, "high": diff.high / base_mean}
        if base_mean < 0:
            relative = {"value": relative["value"], "low": relative["high"], "high": relative["low"]}
    return {"difference": diff.as_dict(4), "relative": relative, "p": paired.p,
            "detectable": detectable(paired.spread, diff.n, paired=True) if not math.isnan(paired.spread) else None,
            "adjusted_p": None, "method": None, "significant": False}


def adjust(rows: Sequence[dict[str, Any]]) -> None:
    """Adjust every paired test's p-value for the number of tests: the designer's primary figures as one
    family with Holm's method (family-wise error 5%: a red primary figure is a change with 95% confidence
    for the whole family), all the others as another with Benjamini-Hochberg's (false discovery rate 5%:
    of the figures marked, about one in twenty may be no change at all). Tests without a p-value (no pair)
    are left out. Marks `significant` where the adjusted p-value is below 0.05."""
    for family, method in (("primary", holm), ("secondary", benjamini_hochberg)):
        tests = [d for r in rows if r["primary"] == (family == "primary") for d in r["differences"]
                 if d is not None and d["p"] is not None and not math.isnan(d["p"])]
        for d, q in zip(tests, method([d["p"] for d in tests])):
            d["adjusted_p"], d["method"], d["significant"] = q, family, q < 0.05


def write_comparison(tallies: Sequence[Tally], labels: Sequence[str], out: Path, seeds: str,
                     primary: Sequence[str] = (), extras: Sequence[Extras] | None = None) -> dict[str, Any]:
    """compare.html, compare.json and the PNGs in `out`; returns the numbers."""
    from zdeck.report import page, plots

    rows = differences(tallies, primary, extras)
    out.mkdir(parents=True, exist_ok=True)
    variants = [with_extras(t.numbers(), e) for t, e in zip(tallies, extras or [Extras() for _ in tallies])]
    images = plots.compare_images(variants, labels, rows, out)
    (out / "compare.html").write_text(page.comparison(variants, labels, rows, images, seeds), encoding="utf-8")
    result = json_ready({"variants": [{"label": label, **without_values(v)} for label, v in zip(labels, variants)],
                         "differences": rows, "primary": sorted(r["key"] for r in rows if r["primary"]),
                         "adjustment": FDR_METHODS,
                         "interval": "paired 95%: means by the normal approximation of per-seed differences, shares "
                                     "by Newcombe's score interval, shares of hands or decisions by the delta method"})
    (out / "compare.json").write_text(json.dumps(result, indent=1), encoding="utf-8")
    return dict(result)


def without_values(numbers: dict[str, Any]) -> dict[str, Any]:
    """The numbers without each game's values (the plots' raw data): a JSON of summaries."""
    def strip(data: Any) -> Any:
        if isinstance(data, dict):
            return {k: strip(v) for k, v in data.items() if k != "values"}
        if isinstance(data, list):
            return [strip(v) for v in data]
        return data
    return {k: strip(v) for k, v in numbers.items() if k != "values"}
