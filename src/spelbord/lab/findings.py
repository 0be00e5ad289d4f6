"""Findings in plain sentences, generated from a study's figures by stated thresholds.

A report opens with these, so a designer reads the answer before any table. Every sentence
carries its figure with the 95% interval in brackets, and the words follow ``THRESHOLDS``:

- a share is **fair** (no advantage, no change) when its interval holds the fair share
  (1/2 between two sides) or no difference; otherwise the difference is **clear**, and
  **small** when under ``SMALL`` (5 points);
- balance is **good** at or above ``BALANCED`` (0.9: seat win rates within 10 points);
- draws are **rare** under ``RARE`` (5%), and any game ending at a safety bound or in a
  hole is named with its count.

>>> Finding("In X the side to move first wins 51% [47, 55]: no advantage.", "seats").text
'In X the side to move first wins 51% [47, 55]: no advantage.'
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Any

from spelbord.lab.holes import KINDS
from spelbord.lab.metrics import Metric, bound, fmt, short
from spelbord.lab.study import Study
from spelbord.lab.summary import StudyResults

SMALL = 0.05
BALANCED = 0.9
RARE = 0.05
THRESHOLDS = (
    "How the sentences are worded: every figure has its 95% interval in brackets. A share "
    "is called fair (no advantage, no change) when its interval holds the fair share (1/2 "
    "between two sides, 1/n among n) or no difference; otherwise the difference is clear, "
    f"and small when under {SMALL * 100:.0f} points. Balance (1 minus the largest gap "
    f"between seat win rates) is good at {BALANCED:g} or more. Draws are rare under "
    f"{RARE * 100:.0f}%. Seat figures are given only for arms where they measure the "
    "seats: equal agents, or agents rotating over the seats."
)


@dataclass(frozen=True)
class Finding:
    """One sentence, what it is about (``seats``, ``skill``, ``holes`` ...), and the
    items it lists, if any."""

    text: str
    topic: str
    items: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text, "topic": self.topic}
        if self.items:
            out["items"] = list(self.items)
        return out


def findings(study: Study, results: StudyResults) -> list[Finding]:
    """The study's findings, most telling first: the kind's question, then every arm."""
    out: list[Finding] = []
    if results.skill:
        out += _skill(results)
    if results.differences is not None:
        out += _variants(study, results)
    if results.choices is not None:
        out += _choices(results)
    if results.dominance is not None:
        out += _dominance(results)
    if study.kind in PER_ARM:
        baseline = study.params.get("baseline") if study.kind == "variants" else None
        for g in results.arms:
            full = baseline is None or g.arm == baseline
            out += _arm(results, g.arm, _title(g.game), full)
    else:
        out += _lengths(results)
    out += _holes(results)
    return out


PER_ARM = ("", "balance", "variants")
"""Kinds whose every arm gets its own sentences (the others: their question, lengths)."""


def _lengths(results: StudyResults) -> list[Finding]:
    means = [
        (g.arm, m) for g in results.arms if (m := results.metric(g.arm, "length_mean")) is not None
    ]
    means = [(a, m) for a, m in means if not math.isnan(m.value)]
    if not means:
        return []
    short = min(means, key=lambda am: am[1].value)
    long = max(means, key=lambda am: am[1].value)
    if short is long:
        return [Finding(f"A game lasts {_interval(short[1])} moves ({short[0]}).", "length")]
    return [
        Finding(
            f"Games last from {_interval(short[1])} moves ({short[0]}) to "
            f"{_interval(long[1])} moves ({long[0]}) on average.",
            "length",
        )
    ]


def _title(game: str) -> str:
    from spelbord import games

    return games.info(game).title


def _interval(m: Metric) -> str:
    return f"{fmt(m.value, m.unit)} [{bound(m.low, m.unit)}, {bound(m.high, m.unit)}]"


def _arm(results: StudyResults, arm: str, title: str, full: bool = True) -> list[Finding]:
    """The arm's sentences: the seats, then (``full``) draws, length and the lead."""
    out = []
    where = f"In {title} ({arm})"
    m = {x.key: x for x in results.metrics[arm]}
    g = next(x for x in results.arms if x.arm == arm)
    fair = 1.0 / len(g.teams)
    first = m.get("first_seat")
    if results.seat_fair.get(arm) and first is not None and not first.n:
        decisive = any(row["result"] == "win" for row in g.rows)
        why = (
            "no game is decisive"
            if not decisive
            else "no game has a first mover (its first decision is simultaneous)"
        )
        out.append(Finding(f"{where} {why}: the first mover's share is not measured.", "seats"))
    if results.seat_fair.get(arm) and first is not None and first.n:
        side = "side" if len(g.teams) == 2 else "player"
        if g.has_teams:
            side = "team of the player"
        verdict = _versus(first, fair, "advantage", "disadvantage")
        out.append(
            Finding(
                f"{where} the {side} to move first wins {_interval(first)} of decisive games "
                f"(fair: {fair * 100:.0f}%): {verdict}.",
                "seats",
            )
        )
        balance = m.get("team_balance") or m.get("balance")
        if balance is not None and not math.isnan(balance.value):
            word = "good" if balance.value >= BALANCED else "poor"
            gaps = ", ".join(
                f"{x.label.split(' win rate')[0]} {fmt(x.value, 'share')}"
                for x in results.metrics[arm]
                if x.key.startswith("team_win_" if g.has_teams else "seat_win_")
            )
            out.append(
                Finding(f"{where} balance is {word}: {_interval(balance)} ({gaps}).", "seats")
            )
    if not full:
        return out
    draws = m.get("draw_rate")
    if draws is not None and draws.n:
        if draws.value == 0:
            out.append(Finding(f"{where} no game of {draws.n} is drawn.", "endings"))
        else:
            word = "rare" if draws.high < RARE else "common" if draws.low >= 0.2 else "occasional"
            out.append(Finding(f"{where} draws are {word}: {_interval(draws)}.", "endings"))
    length, spread = m.get("length_mean"), m.get("length_sd")
    if length is not None and not math.isnan(length.value):
        sd = f", SD {fmt(spread.value, 'moves')}" if spread and not math.isnan(spread.value) else ""
        extra = ""
        branching, decisions = m.get("branching"), m.get("decisions")
        if branching is not None and not math.isnan(branching.value):
            count = fmt(decisions.value, "count") if decisions else "–"
            extra = (
                f"; it holds {count} decisions (a seat choosing among two or more actions), "
                "with "
                f"{_interval(branching)} legal actions per decision on average"
            )
        out.append(Finding(f"{where} a game lasts {_interval(length)} moves{sd}{extra}.", "length"))
    settled, changes = m.get("lead_settled"), m.get("lead_changes")
    if settled is not None and not math.isnan(settled.value):
        drama = ""
        if changes is not None and not math.isnan(changes.value):
            drama = f"; the lead changes {_interval(changes)} times a game"
        out.append(
            Finding(
                f"{where} the winner takes the lead for good {_interval(settled)} into the "
                f"game{drama}.",
                "drama",
            )
        )
    return out


def _versus(m: Metric, fair: float, above: str, below: str) -> str:
    if math.isnan(m.low) or m.low <= fair <= m.high:
        return f"no {above} measured"
    size = "a small " if abs(m.value - fair) < SMALL else "a clear "
    return size + (above if m.value > fair else below)


def _holes(results: StudyResults) -> list[Finding]:
    out = []
    titles = {g.arm: _title(g.game) for g in results.arms}
    for h in results.holes:
        where = f"{titles[h.arm]} ({h.arm})" if h.arm in titles else h.arm
        caps = h.counts.get("cap", 0)
        if caps:
            share, low, high = h.share("cap")
            which = ", ".join(f"{k} {v}" for k, v in sorted(h.caps.items())) or "cap facts"
            out.append(
                Finding(
                    f"In {where} {caps} of {h.games} games ({share * 100:.0f}% "
                    f"[{low * 100:.0f}, {high * 100:.0f}]) end at a safety bound ({which}), "
                    "not by the rules' own ending.",
                    "holes",
                )
            )
        for kind in KINDS:
            if kind == "cap" or not h.counts.get(kind):
                continue
            out.append(
                Finding(
                    f"In {where} {h.counts[kind]} of {h.games} games hit a rule hole: "
                    f"{KINDS[kind]} (listed below with replays).",
                    "holes",
                )
            )
    if results.holes and not any(h.counts for h in results.holes):
        checked = all(h.loops_checked for h in results.holes)
        loops = "" if checked else " (repetition loops not checked: no position key declared)"
        out.append(
            Finding(
                "Every game ended by the rules: no safety bound, no position without a legal "
                f"action, no error{loops}.",
                "endings",
            )
        )
    return out


def _skill(results: StudyResults) -> list[Finding]:
    points = results.skill or []
    if len(points) < 2:
        return []
    base, top = points[0], points[-1]
    gain = top.elo
    clear = not math.isnan(top.elo_low) and top.elo_low > 0
    per = gain / (len(points) - 1)
    verdict = (
        f"more thinking wins more, about {per:+.0f} Elo per doubling"
        if clear
        else "no measurable gain from more thinking"
    )
    out = [
        Finding(
            f"Skill trace: {top.agent} rates {gain:+.0f} Elo [{top.elo_low:+.0f}, "
            f"{top.elo_high:+.0f}] against {base.agent}, scoring {fmt(top.score, 'share')} "
            f"[{bound(top.low, 'share')}, {bound(top.high, 'share')}] against "
            f"{top.opponent}: {verdict}.",
            "skill",
        )
    ]
    flat = [
        p.agent
        for prev, p in itertools.pairwise(points)
        if not math.isnan(p.elo_high) and p.elo_high < prev.elo
    ]
    if flat:
        out.append(Finding(f"The trace clearly dips at {', '.join(flat)}.", "skill"))
    return out


def _variants(study: Study, results: StudyResults) -> list[Finding]:
    diffs = results.differences or []
    baseline = study.params.get("baseline", "")
    out = []
    arms = list(dict.fromkeys(d.arm for d in diffs))
    for arm in arms:
        mine = [d for d in diffs if d.arm == arm and d.clear]
        if not mine:
            out.append(
                Finding(f"Against {baseline}, {arm} changes no figure measurably.", "variants")
            )
            continue
        items = tuple(
            f"{short(d.key, d.label)} {fmt(d.value, d.unit, signed=True)} "
            f"[{bound(d.low, d.unit, True)}, {bound(d.high, d.unit, True)}]"
            for d in mine
        )
        count = f"{len(mine)} figure{'s' if len(mine) > 1 else ''}"
        out.append(
            Finding(f"Against {baseline}, {arm} clearly changes {count}:", "variants", items)
        )
    return out


def _choices(results: StudyResults) -> list[Finding]:
    out = []
    for c in results.choices or []:
        if c.chances == 0:
            out.append(
                Finding(
                    f"{c.agent} never had the choice '{c.choice}' in {c.games} games: its "
                    "value is not measured.",
                    "choices",
                )
            )
            continue
        worth = (
            f"{abs(c.value) * 100:.1f} points [{bound(c.value_low, 'share', True)}, "
            f"{bound(c.value_high, 'share', True)}]"
        )
        if not c.clear:
            verdict = f"no measurable value ({fmt(c.value, 'share', signed=True)})"
        elif c.value > 0:
            verdict = f"the choice is worth {worth}"
        else:
            verdict = f"the agent does better without it: it costs {worth}"
        out.append(
            Finding(
                f"Barred from '{c.choice}', {c.agent} scores {fmt(c.score, 'share')} "
                f"[{bound(c.low, 'share')}, {bound(c.high, 'share')}] (fair "
                f"{fmt(c.fair, 'share')}; it had the choice {c.chances:.1f} times a game): "
                f"{verdict}.",
                "choices",
            )
        )
    return out


def _dominance(results: StudyResults) -> list[Finding]:
    graph = results.dominance
    if graph is None:
        return []
    out = []
    for cycle in graph.cycles:
        loop = " → ".join([*cycle, cycle[0]])
        out.append(Finding(f"The plans beat each other in a circle: {loop}.", "dominance"))
    for agent in graph.agents:
        beaten = {e.loser for e in graph.edges if e.winner == agent and e.clear}
        if len(beaten) == len(graph.agents) - 1:
            out.append(Finding(f"{agent} clearly beats every other plan.", "dominance"))
    if not graph.cycles and not out:
        out.append(Finding("No circle among the plans, and no plan beats all others.",
                           "dominance"))  # fmt: skip
    return out


def to_json(found: list[Finding]) -> list[dict[str, Any]]:
    return [f.to_dict() for f in found]
