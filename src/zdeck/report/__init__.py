"""Balance reports for designers: a batch's figures as an HTML page with plots, and JSON.

`write_report` and `write_comparison` take `Tally`s (`zdeck.report.tally`) of batches already played;
matplotlib is imported when a page is written. docs/designers.md explains every figure.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from zdeck.batch.stats import Estimate, paired_difference, wilson
from zdeck.report.tally import DRAMA, LENGTH, RACES, Tally


def write_report(tally: Tally, out: Path, seeds: str) -> dict[str, Any]:
    """report.html, report.json and the PNGs in `out`; returns the numbers."""
    from zdeck.report import page, plots

    out.mkdir(parents=True, exist_ok=True)
    numbers = tally.numbers()
    images: dict[str, str | None] = {}
    if tally.games:
        if tally.players > 1:
            images["seats"] = plots.seats(numbers, out)
        images["scores"] = plots.scores(numbers, [tally.column(f"score_{s}") for s in range(tally.players)], out)
        images["length"] = plots.length(numbers, out)
        images["drama"] = plots.drama(numbers, out)
        images["figures"] = plots.own_figures(numbers, out)
    images["ends"] = plots.ends(numbers, out)
    (out / "report.html").write_text(page.report(numbers, images, seeds), encoding="utf-8")
    numbers = json_ready(numbers)
    (out / "report.json").write_text(json.dumps(numbers, indent=1), encoding="utf-8")
    return dict(numbers)


def json_ready(data: Any) -> Any:
    """NaN (no interval from one game) becomes null: JSON has no NaN."""
    if isinstance(data, float) and math.isnan(data):
        return None
    if isinstance(data, dict):
        return {k: json_ready(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [json_ready(v) for v in data]
    return data


# -- compare --------------------------------------------------------------------------------------------------

def figures_to_compare(tally: Tally) -> list[tuple[str, str]]:
    """(label, row key) of every per-game figure two variants are compared on."""
    keys = [(f"seat {s} win rate", f"win_{s}") for s in range(tally.players)] if tally.players > 1 else []
    keys += [(f"seat {s} mean score", f"score_{s}") for s in range(tally.players)]
    keys += [(name, name) for name in (*LENGTH, *DRAMA, *RACES)]
    names = sorted({k[4:] for r in tally.rows.values() for k in r if k.startswith("own_")})
    keys += [(name, f"own_{name}") for name in names]
    return keys


def differences(tallies: Sequence[Tally]) -> list[dict[str, Any]]:
    """For each figure: every variant's value and its paired difference from the first variant."""
    base = tallies[0]
    rows = []
    for label, key in figures_to_compare(base):
        values = [_value(t, key) for t in tallies]
        if all(v is None for v in values):
            continue
        diffs = [_paired(base, other, key) for other in tallies[1:]]
        rows.append({"figure": label, "key": key, "values": values, "differences": diffs})
    rows.append({"figure": "unfinished (share of games)", "key": "unfinished",
                 "values": [wilson(len(t.unfinished), t.games + len(t.unfinished)).as_dict() for t in tallies],
                 "differences": [_paired_unfinished(base, other) for other in tallies[1:]]})
    return rows


def _value(tally: Tally, key: str) -> dict[str, Any] | None:
    from zdeck.batch.stats import mean

    column = tally.column(key)
    if not column:
        return None
    if key.startswith("win_"):
        return wilson(math.fsum(column), len(column)).as_dict()
    return mean(column).as_dict(4)


def _paired(base: Tally, other: Tally, key: str) -> dict[str, Any] | None:
    a = [base.rows[i].get(key) if i in base.rows and i in other.rows else None for i in sorted(base.rows)]
    b = [other.rows[i].get(key) if i in other.rows and i in base.rows else None for i in sorted(base.rows)]
    diff = paired_difference(a, b)
    if diff.n == 0:
        return None
    paired_base = [x for x, y in zip(a, b) if x is not None and y is not None]
    return _difference(diff, math.fsum(paired_base) / len(paired_base))


def _paired_unfinished(base: Tally, other: Tally) -> dict[str, Any] | None:
    count = min(base.games + len(base.unfinished), other.games + len(other.unfinished))
    a = [0.0 if i in base.rows else 1.0 for i in range(count)]
    b = [0.0 if i in other.rows else 1.0 for i in range(count)]
    diff = paired_difference(a, b)
    return _difference(diff, math.fsum(a) / count) if count else None


def _difference(diff: Estimate, base_mean: float) -> dict[str, Any]:
    relative = None
    if base_mean and not math.isnan(diff.low):
        relative = {"value": diff.value / base_mean, "low": diff.low / base_mean, "high": diff.high / base_mean}
        if base_mean < 0:
            relative = {"value": relative["value"], "low": relative["high"], "high": relative["low"]}
    return {"difference": diff.as_dict(4), "relative": relative,
            "significant": not math.isnan(diff.low) and diff.excludes_zero()}


def write_comparison(tallies: Sequence[Tally], labels: Sequence[str], out: Path, seeds: str) -> dict[str, Any]:
    """compare.html, compare.json and the PNGs in `out`; returns the numbers."""
    from zdeck.report import page, plots

    out.mkdir(parents=True, exist_ok=True)
    variants = [t.numbers() for t in tallies]
    rows = differences(tallies)
    images: dict[str, str | None] = {"differences": plots.compare_differences(rows, labels, out)}
    if all(t.games for t in tallies):
        if tallies[0].players > 1:
            images["seats"] = plots.compare_seats(variants, labels, out)
        images["length"] = plots.compare_length(variants, labels, out)
    (out / "compare.html").write_text(page.comparison(variants, labels, rows, images, seeds), encoding="utf-8")
    result = json_ready({"variants": [{"label": label, **without_values(v)} for label, v in zip(labels, variants)],
                         "differences": rows, "interval": "paired: normal approximation of per-seed differences"})
    (out / "compare.json").write_text(json.dumps(result, indent=1), encoding="utf-8")
    return dict(result)


def without_values(numbers: dict[str, Any]) -> dict[str, Any]:
    """The numbers without each game's values (the plots' raw data): a JSON of summaries."""
    def strip(data: Any) -> Any:
        if isinstance(data, dict):
            return {k: strip(v) for k, v in data.items() if k != "values"}
        return data
    return {k: strip(v) for k, v in numbers.items() if k != "values"}
