"""A finished study's summary (``summary.json``) and its games table (``games.csv``)."""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path
from typing import Any, Sequence

from regalia.arena.tournament import ROTATION_SCHEME, deal_seeds
from regalia.core.registry import game_class

from . import analysis, stats
from .components import compare_components, components
from .plan import QUESTIONS, StudyGame, StudyPlan, lineup_label

SUMMARY_FORMAT = "regalia-study-summary"
#: The fixed columns of ``games.csv`` (then one ``taken:KIND`` column per kind seats take
#: and one ``in_play:KIND`` column per kind in play for a whole game).
CSV_COLUMNS = ("game", "deal", "arm", "rotation", "seed", "seat", "position", "agent",
               "score", "return", "rank", "length", "moves")
SEEDS_SHOWN = 20


def answer(plan: StudyPlan, games: Sequence[StudyGame]) -> dict[str, Any]:
    """The question's tables and findings (see :mod:`.analysis`, :mod:`.components`)."""
    p = plan.players
    if plan.question == "seats":
        return analysis.seats(games, p)
    if plan.question == "scores":
        return analysis.scores(games, p)
    if plan.question == "components":
        return components(games, plan.kinds)
    result = analysis.variants(games, p, plan.arms)
    if plan.question == "compare":
        result["question"] = "compare"
        result["components"] = compare_components(games, plan.kinds, 0, 1) if plan.kinds else []
        for table in result["components"]:
            moved = [r["name"] for r in table["rows"] if r["pick_diff_significant"]]
            result["findings"].append(
                f"{table['title']} taken more or less often with {plan.arms[1].name} "
                f"(Benjamini-Hochberg q < 0.05): {', '.join(moved) if moved else 'none'}.")
    return result


def warnings(result: dict[str, Any]) -> list[str]:
    """Rows too small to tell, named (at most 12)."""
    small: list[str] = []
    for row in result.get("rows", []):
        if row.get("too_few"):
            small.append(str(row.get("label") or row.get("option") or row.get("name")))
    for table in result.get("tables", []):
        small += [f"{table['title']}: {r['name']}" for r in table["rows"] if r["too_few"]]
    if not small:
        return []
    shown = ", ".join(small[:12]) + (f" and {len(small) - 12} more" if len(small) > 12 else "")
    return [f"Too few games to tell for {len(small)} row(s) ({shown}): fewer than "
            f"{stats.MIN_EVENTS} wins or {stats.MIN_EVENTS} losses, or fewer than "
            f"{stats.MIN_GAMES} games. Their intervals are wide and their tests unreliable; "
            f"play more games (--games) to tell."]


def summarise(plan: StudyPlan, games: Sequence[StudyGame], run: dict[str, Any]) -> dict[str, Any]:
    """Everything ``summary.json`` holds: settings, seeds, methods, the answer, warnings and
    (in ``run`` only, the one part that differs between runs) backend and wall time."""
    info = game_class(plan.game).info
    result = answer(plan, games)
    seeds = deal_seeds(plan.seed, min(plan.deals, SEEDS_SHOWN))
    return {"format": SUMMARY_FORMAT, "version": 1, "question": plan.question,
            "asks": QUESTIONS[plan.question], "game": plan.game, "title": info.title,
            "players": plan.players, "arms": [a.to_json() for a in plan.arms],
            "lineup": list(plan.lineup), "lineup_label": lineup_label(plan.lineup),
            "deals": plan.deals, "rotations": plan.rotations, "games": len(games),
            "seed": plan.seed,
            "seeds": {"rule": "deal i has the dealer's seed derive_seed(seed, 'deal', i); the "
                              "agent in seat s the seed derive_seed(deal seed, 'seat', s)",
                      "first_deals": seeds,
                      "rotation": ROTATION_SCHEME if plan.rotations > 1 else "one game per "
                      "deal (the same agent in every seat)"},
            "kinds": [{"name": k.name, "title": k.title, "in_play": k.in_play,
                       "taken": k.taken} for k in plan.kinds],
            "methods": {"intervals": stats.INTERVALS,
                        "correction": stats.CORRECTION_NAMES.get(result.get("correction", ""),
                                                                 "none"),
                        "significance": f"corrected p (or q) < {stats.ALPHA}",
                        "too_few": f"fewer than {stats.MIN_EVENTS} wins or losses, or fewer "
                                   f"than {stats.MIN_GAMES} games; a component that rare is "
                                   f"not tested"},
            "result": result, "warnings": warnings(result), "run": run}


def csv_rows(plan: StudyPlan, games: Sequence[StudyGame]) -> tuple[list[str], list[dict[str, Any]]]:
    """The columns and rows of ``games.csv``: one row per game and seat."""
    seat_kinds = [k.name for k in plan.kinds if k.per_seat]
    game_kinds = [k.name for k in plan.kinds if not k.per_seat]
    columns = list(CSV_COLUMNS) + [f"taken:{k}" for k in seat_kinds] + \
        [f"in_play:{k}" for k in game_kinds]
    rows = []
    for g in games:
        r = g.result
        ranks = r.ranks()
        for seat, agent in enumerate(r.agents):
            row: dict[str, Any] = {
                "game": r.index, "deal": r.deal, "arm": plan.arms[g.arm].name,
                "rotation": r.rotation, "seed": r.seed, "seat": seat,
                "position": g.position(seat) + 1, "agent": agent, "score": r.scores[seat],
                "return": r.returns[seat], "rank": ranks[seat], "length": r.length,
                "moves": r.seat_moves[seat] if r.seat_moves else ""}
            c = g.components
            for k in seat_kinds:
                row[f"taken:{k}"] = " ".join(c.taken[seat].get(k, ())) if c else ""
            for k in game_kinds:
                row[f"in_play:{k}"] = " ".join(c.in_play.get(k, ())) if c else ""
            rows.append(row)
    return columns, rows


def write_csv(path: Path, plan: StudyPlan, games: Sequence[StudyGame]) -> Path:
    columns, rows = csv_rows(plan, games)
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=columns)
        writer.writeheader()
        writer.writerows(rows)
    return path


def write_summary(path: Path, summary: dict[str, Any]) -> Path:
    path.write_text(json.dumps(clean(summary), indent=1, allow_nan=False) + "\n",
                    encoding="utf-8")
    return path


def clean(x: Any) -> Any:
    """``x`` with every NaN or infinite float replaced by None (JSON has no NaN)."""
    if isinstance(x, float):
        return None if math.isnan(x) or math.isinf(x) else x
    if isinstance(x, dict):
        return {k: clean(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [clean(v) for v in x]
    return x


__all__ = ["answer", "summarise", "warnings", "csv_rows", "write_csv", "write_summary", "clean",
           "CSV_COLUMNS", "SUMMARY_FORMAT"]
