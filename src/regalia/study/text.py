"""What a study says, in the language in force (:mod:`regalia.core.i18n`): the findings,
the warnings, the methods and the labels of seats and settings, each rendered from the
study's JSON result alone, and the numbers a reader sees (German decimal commas).

``summary.json`` and ``games.csv`` are language-free: they hold the English findings (made
under ``i18n.using("en")``) and the machine's keys and labels (``"1st"``, ``"base"``,
``"A: bundled data"``); the page and the terminal show the same result through the
functions here, so one study reads in English or German.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from typing import Any, Mapping, Sequence

from regalia.core import i18n
from regalia.core.i18n import N_, _, pgettext

from . import stats

#: The labels of the seats in turn order in the result (language-free keys, shown with
#: :func:`seat_label`).
ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"), N_("6th"))

#: What a shown number is when there is none (NaN, no games).
NONE = "-"


def _missing(x: float | None) -> bool:
    return x is None or (isinstance(x, float) and math.isnan(x))


def _exact(x: float) -> float:
    """``x`` as the exact decimal of its binary value, so that Babel rounds it as Python's
    ``f"{x:.1f}"`` does (9.05 is 9.0500000000000007..., shown 9.1)."""
    return Decimal(float(x))  # type: ignore[return-value]


def pct(x: float | None, digits: int = 1) -> str:
    """0.531 -> ``53.1%`` (en), ``53,1 %`` (de); ``-`` for none."""
    return NONE if x is None or _missing(x) else i18n.format_percent(_exact(x), digits)


def dec(x: float | None, digits: int = 1) -> str:
    """A number with ``digits`` decimals by locale; ``-`` for none."""
    return NONE if x is None or _missing(x) else i18n.format_decimal(_exact(x), digits)


def signed(x: float | None, digits: int = 1) -> str:
    """``+1.25`` / ``-0.50`` (en), ``+1,25`` / ``-0,50`` (de); ``-`` for none."""
    if _missing(x):
        return NONE
    value = float(x)  # type: ignore[arg-type]
    return ("-" if value < 0 else "+") + i18n.format_decimal(_exact(abs(value)), digits)


def count(n: int) -> str:
    """A whole number with the locale's grouping: ``1,000`` (en), ``1.000`` (de)."""
    return i18n.format_number(int(n))


def sig3(x: float | None) -> str:
    """A p-value to 3 significant digits (``0.0123``, ``1.2e-05``), the locale's comma."""
    if _missing(x):
        return NONE
    from babel.numbers import get_decimal_symbol  # noqa: PLC0415

    return f"{float(x):.3g}".replace(".", get_decimal_symbol(i18n.language()))  # type: ignore[arg-type]


def rate_text(r: Mapping[str, Any]) -> str:
    """A win rate (its JSON) with its interval and count: ``53.1% (50.0-56.2%) of 1,000``."""
    low, high = r["ci95"]
    return _("{rate} ({low}-{high}) of {n}").format(rate=pct(r["rate"]), low=pct(low),
                                                    high=pct(high), n=count(r["n"]))


def seat_label(label: str) -> str:
    """A seat's label in the result (``"1st"``, ``"solo"``, ``"every seat"``) as shown."""
    if label in ORDINALS:
        return _(label)
    m = re.fullmatch(r"(\d+)th", label)
    if m:
        return _("{n}th").format(n=m.group(1))
    if label == "solo":
        return pgettext("study seat", "solo")
    if label == "every seat":  # i18n: no (the key)
        return pgettext("study seat", "every seat")
    return label


def arm_name(name: str) -> str:
    """A setting's name in the result (``"base"``, ``"game"``, ``"A: bundled data"``,
    an option's name, a file name) as shown."""
    if name == "base":
        return pgettext("study setting", "base")
    if name == "game":
        return pgettext("study setting", "game")
    if name == "A: bundled data":  # i18n: no (the key; shown translated below)
        return _("A: bundled data")
    return name


def arm_description(text: str) -> str:
    """A setting's description (stored in English: the plan's identity) as shown."""
    prefix = "the component file "  # i18n: no (the stored English, matched)
    if text.startswith(prefix):
        return _("the component file {path}").format(path=text[len(prefix):])
    return _(text) if text else ""


def none() -> str:
    return pgettext("study: no item", "none")


def joined(names: Sequence[str]) -> str:
    return ", ".join(names) if names else none()


# ---------------------------------------------------------------------- findings
def findings(result: Mapping[str, Any]) -> list[str]:
    """The sentences saying what ``result`` (a question's JSON answer) shows."""
    q = result["question"]
    if q == "seats":
        out = seats_findings(result)
    elif q == "scores":
        out = scores_findings(result)
    elif q == "components":
        out = components_findings(result)
    else:
        out = variants_findings(result)
    if q == "compare":
        out += compare_findings(result)
    return out


def seats_findings(result: Mapping[str, Any]) -> list[str]:
    rows = result["rows"]
    out = []
    if len(rows) == 1:
        if result["informative"]:
            out.append(_("Played alone, the seat won {rate} games.").format(
                rate=rate_text(rows[0]["win"])))
        score = rows[0]["score"]
        out.append(_("Mean score {mean} ({low}-{high}).").format(
            mean=dec(score["mean"]), low=dec(score["ci95"][0]), high=dec(score["ci95"][1])))
        return out
    out.append(_("The first player won {rate} games; parity is {parity}.").format(
        rate=rate_text(rows[0]["win"]), parity=pct(result["parity"])))
    sig = [seat_label(r["label"]) for r in rows if r["significant"]]
    out.append(_("Seats whose win rate differs from parity after Holm's correction: "
                 "{seats}.").format(seats=joined(sig)))
    gap = result.get("first_minus_last_score")
    if gap is not None:
        out.append(_("The first player scored {diff} points against the last on average "
                     "(95% {low} to {high}, paired t p = {p}).").format(
            diff=signed(gap["diff"], 2), low=signed(gap["ci95"][0], 2),
            high=signed(gap["ci95"][1], 2), p=sig3(gap["p"])))
    return out


def scores_findings(result: Mapping[str, Any]) -> list[str]:
    rows = result["rows"]
    every = rows[-1]["score"]
    out = [_("Mean final score {mean} (sd {sd}) over {seats} seats of {games} games.").format(
        mean=dec(every["mean"]), sd=dec(every["sd"]), seats=count(every["n"]),
        games=count(result["games"]))]
    margin = result.get("margin")
    if margin:
        out.append(_("The winner led the runner-up by {lead} points on average (median "
                     "{median}); {ties} games were decided by a tie-break or shared.").format(
            lead=dec(margin["mean"]), median=dec(margin["median"], 0),
            ties=count(result["ties"])))
    out.append(_("A game lasted {decisions} decisions on average ({actions} actions with "
                 "chance outcomes).").format(decisions=dec(result["decisions"]["mean"]),
                                             actions=dec(result["length"]["mean"])))
    return out


def variants_findings(result: Mapping[str, Any]) -> list[str]:
    out = []
    for row in result["rows"]:
        d = row["score_diff"]
        values = {"option": arm_name(row["option"]), "diff": signed(d["diff"], 2),
                  "low": signed(d["ci95"][0], 2), "high": signed(d["ci95"][1], 2)}
        if row["significant"]:
            text = _("{option}: scores {diff} points a seat (95% {low} to {high}; "
                     "significant after Holm)").format(**values)
        else:
            text = _("{option}: scores {diff} points a seat (95% {low} to {high}; "
                     "not significant after Holm)").format(**values)
        first = row["positions"][0]
        rates = {"base": pct(first["base"]["rate"]), "arm": pct(first["arm"]["rate"])}
        if len(row["positions"]) > 1 and result["informative"]:
            text += _("; the winner changed in {rate} deals; the first player won {base} "
                      "without it and {arm} with it").format(
                rate=rate_text(row["winner_changed"]), **rates)
        elif result["informative"]:
            text += _("; won {base} without it and {arm} with it").format(**rates)
        out.append(text + ".")
    return out


def compare_findings(result: Mapping[str, Any]) -> list[str]:
    out = []
    arm = arm_name(result["rows"][0]["option"]) if result["rows"] else ""
    for table in result.get("components", []):
        moved = [r["name"] for r in table["rows"] if r["pick_diff_significant"]]
        out.append(_("{kind} taken more or less often with {setting} (Benjamini-Hochberg "
                     "q < 0.05): {components}.").format(kind=_(table["title"]), setting=arm,
                                                        components=joined(moved)))
    return out


#: (measure, taken by a seat) -> the finding when some components matter / when none does.
_CHANGE = {
    ("win_diff", True): (N_("{kind}: {k} of {n} change the win rate when taken "
                            "(Benjamini-Hochberg q < 0.05): {components}."),
                         N_("{kind}: none of the {n} changes the win rate when taken "
                            "detectably (Benjamini-Hochberg q < 0.05).")),
    ("score_diff", True): (N_("{kind}: {k} of {n} change the mean score when taken "
                              "(Benjamini-Hochberg q < 0.05): {components}."),
                           N_("{kind}: none of the {n} changes the mean score when taken "
                              "detectably (Benjamini-Hochberg q < 0.05).")),
    ("win_diff", False): (N_("{kind}: {k} of {n} change the win rate when in play "
                             "(Benjamini-Hochberg q < 0.05): {components}."),
                          N_("{kind}: none of the {n} changes the win rate when in play "
                             "detectably (Benjamini-Hochberg q < 0.05).")),
    ("score_diff", False): (N_("{kind}: {k} of {n} change the mean score when in play "
                               "(Benjamini-Hochberg q < 0.05): {components}."),
                            N_("{kind}: none of the {n} changes the mean score when in play "
                               "detectably (Benjamini-Hochberg q < 0.05).")),
}


def components_findings(result: Mapping[str, Any]) -> list[str]:
    out = []
    for table in result["tables"]:
        key, rows = table["measure"], table["rows"]
        sig = [r for r in rows if r.get(key + "_significant")]
        sig.sort(key=lambda r: -r[key]["diff"])
        some, no = _CHANGE[(key, bool(table["per_seat"]))]
        kind = _(table["title"])
        if not sig:
            out.append(_(no).format(kind=kind, n=count(len(rows))))
            continue
        parts = []
        for r in sig[:8]:
            if key == "win_diff":
                amount = _("{value} points of win rate").format(
                    value=signed(100 * r[key]["diff"]))
            else:
                amount = _("{value} points").format(value=signed(r[key]["diff"]))
            parts.append(f"{r['name']} ({amount})")
        listing = ", ".join(parts)
        if len(sig) > 8:
            listing = _("{components} and {n} more").format(components=listing,
                                                            n=count(len(sig) - 8))
        out.append(_(some).format(kind=kind, k=count(len(sig)), n=count(len(rows)),
                                  components=listing))
    return out


# ---------------------------------------------------------------------- warnings, methods
def warnings(result: Mapping[str, Any]) -> list[str]:
    """Rows too small to tell, named (at most 12)."""
    small: list[str] = []
    for row in result.get("rows", []):
        if row.get("too_few"):
            if row.get("label"):
                small.append(seat_label(str(row["label"])))
            else:
                small.append(arm_name(str(row.get("option") or row.get("name"))))
    for table in result.get("tables", []):
        small += [_("{kind}: {component}").format(kind=_(table["title"]), component=r["name"])
                  for r in table["rows"] if r["too_few"]]
    if not small:
        return []
    shown = ", ".join(small[:12])
    if len(small) > 12:
        shown = _("{components} and {n} more").format(components=shown,
                                                      n=count(len(small) - 12))
    return [_("Too few games to tell for {n} row(s) ({rows}): fewer than {events} wins or "
              "{events} losses, or fewer than {games} games. Their intervals are wide and "
              "their tests unreliable; play more games (--games) to tell.").format(
        n=count(len(small)), rows=shown, events=stats.MIN_EVENTS, games=stats.MIN_GAMES)]


def significance() -> str:
    return _("corrected p (or q) < {alpha}").format(alpha=dec(stats.ALPHA, 2))


def too_few() -> str:
    return _("fewer than {events} wins or losses, or fewer than {games} games; a component "
             "that rare is not tested").format(events=stats.MIN_EVENTS, games=stats.MIN_GAMES)


def correction(key: str) -> str:
    name = stats.CORRECTION_NAMES.get(key)
    return _(name) if name else pgettext("study: no correction", "none")


__all__ = ["pct", "dec", "signed", "count", "sig3", "rate_text", "seat_label", "arm_name",
           "arm_description", "findings", "warnings", "significance", "too_few", "correction"]
