"""Findings in plain sentences, generated from a study's figures by stated thresholds.

A report opens with these, so a designer reads the answer before any table. Every sentence
carries its figure with the 95% interval in brackets, and the words follow ``THRESHOLDS``:

- a share is **fair** (no advantage, no change) when its interval holds the fair share
  (1/2 between two sides) or no difference; otherwise the difference is **clear**, and
  **small** when under ``SMALL`` (5 points);
- balance is **good** at or above ``BALANCED`` (0.9: seat win rates within 10 points);
- draws are **rare** under ``RARE`` (5%), and any game ending at a safety bound or in a
  hole is named with its count.

Each sentence is said once, as a message key of ``words.toml`` and its values
(``spelbord.lab.words.Said``), and written in every language Spelbord speaks: ``text`` is
the English (what ``summary.json``'s ``findings`` hold), ``texts`` every language's.

>>> Finding("In X the side to move first wins 51% [47, 55]: no advantage.", "seats").text
'In X the side to move first wins 51% [47, 55]: no advantage.'
>>> found = Finding.said("dominance", Said("dominance.top", agent="script:marksman"))
>>> found.text
'script:marksman clearly beats every other player.'
>>> found.in_language("sv")
'script:marksman slår tydligt alla andra spelare.'
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import Any

from spelbord.lab.holes import KINDS
from spelbord.lab.metrics import ArmGames, Metric
from spelbord.lab.study import Study
from spelbord.lab.summary import StudyResults
from spelbord.lab.words import (
    LANGUAGES,
    Bounds,
    Fig,
    Game,
    Interval,
    Joined,
    Num,
    Said,
    Seat,
    render,
)

SMALL = 0.05
BALANCED = 0.9
RARE = 0.05
THRESHOLDS_SAID = Said(
    "thresholds",
    small=Num(SMALL * 100, ".0f"),
    balanced=Num(BALANCED, "g"),
    rare=Fig(RARE, "share"),
)
"""How the sentences are worded, in every language (``thresholds(language)``)."""
THRESHOLDS = render(THRESHOLDS_SAID, "en")


def thresholds(language: str) -> str:
    """The paragraph on how the sentences are worded, in ``language``."""
    return render(THRESHOLDS_SAID, language)


@dataclass(frozen=True)
class Finding:
    """One sentence, what it is about (``seats``, ``skill``, ``holes`` ...), and the
    items it lists, if any; ``text`` and ``items`` in English, ``texts`` and
    ``items_texts`` in every language (empty for a finding made from English text
    alone, which then reads the same in every language)."""

    text: str
    topic: str
    items: tuple[str, ...] = ()
    texts: dict[str, str] = field(default_factory=dict, compare=False, hash=False)
    items_texts: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False, hash=False)

    @classmethod
    def said(cls, topic: str, said: Said, items: tuple[Said, ...] = ()) -> Finding:
        """The finding of a message (and the messages it lists), in every language."""
        texts = {code: render(said, code) for code in LANGUAGES}
        lists = {code: tuple(render(i, code) for i in items) for code in LANGUAGES}
        return cls(texts["en"], topic, lists["en"], texts, lists)

    def in_language(self, language: str) -> str:
        return self.texts.get(language, self.text)

    def items_in(self, language: str) -> tuple[str, ...]:
        return self.items_texts.get(language, self.items)

    def to_dict(self, language: str = "en") -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.in_language(language), "topic": self.topic}
        if self.items:
            out["items"] = list(self.items_in(language))
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
            out += _arm(results, g.arm, g.game, full)
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
        return [Finding.said("length", Said("length.one", length=_iv(short[1]), arm=short[0]))]
    return [
        Finding.said(
            "length",
            Said(
                "length.range",
                short=_iv(short[1]),
                short_arm=short[0],
                long=_iv(long[1]),
                long_arm=long[0],
            ),
        )
    ]


def _iv(m: Metric) -> Interval:
    return Interval(m.value, m.low, m.high, m.unit)


def seat_label(g: ArmGames, key: str) -> Said | str:
    """The seat or team a ``seat_win_<s>`` / ``team_win_<t>`` metric is about, as the game
    names it in each language (``South (seat 1)``, ``team South + North``)."""
    kind, _, index = key.rpartition("_")
    if not index.isdigit():
        return key
    n = int(index)
    if kind == "seat_win" and n < len(g.seat_names):
        return Said("seat.label", name=Seat(g.game, g.seat_names[n], n), number=n + 1)
    if kind == "team_win" and n < len(g.teams):
        names = tuple(Seat(g.game, g.seat_names[s], s) for s in g.teams[n])
        return Said("team.label", names=Joined(names, " + "))
    return key


def _arm(results: StudyResults, arm: str, game: str, full: bool = True) -> list[Finding]:
    """The arm's sentences: the seats, then (``full``) draws, length and the lead."""
    out = []
    where = {"game": Game(game), "arm": arm}
    m = {x.key: x for x in results.metrics[arm]}
    g = next(x for x in results.arms if x.arm == arm)
    fair = 1.0 / len(g.teams)
    first = m.get("first_seat")
    if results.seat_fair.get(arm) and first is not None and not first.n:
        decisive = any(row["result"] == "win" for row in g.rows)
        key = "seats.no_first_mover" if decisive else "seats.no_decisive"
        out.append(Finding.said("seats", Said(key, **where)))
    if results.seat_fair.get(arm) and first is not None and first.n:
        who = "who.side" if len(g.teams) == 2 else "who.player"
        if g.has_teams:
            who = "who.team"
        verdict = _versus(first, fair, "advantage", "disadvantage")
        out.append(
            Finding.said(
                "seats",
                Said(
                    "seats.first",
                    **where,
                    who=Said(who),
                    share=_iv(first),
                    fair=Fig(fair, "share"),
                    verdict=verdict,
                ),
            )
        )
        balance = m.get("team_balance") or m.get("balance")
        if balance is not None and not math.isnan(balance.value):
            word = "balance.good" if balance.value >= BALANCED else "balance.poor"
            rates = tuple(
                Said("seat.rate", seat=seat_label(g, x.key), rate=Fig(x.value, "share"))
                for x in results.metrics[arm]
                if x.key.startswith("team_win_" if g.has_teams else "seat_win_")
            )
            out.append(
                Finding.said(
                    "seats",
                    Said(
                        "seats.balance", **where, word=Said(word), balance=_iv(balance),
                        rates=Joined(rates),
                    ),
                )
            )  # fmt: skip
    if not full:
        return out
    draws = m.get("draw_rate")
    if draws is not None and draws.n:
        if draws.value == 0:
            out.append(Finding.said("endings", Said("draws.none", **where, games=draws.n)))
        else:
            word = "rare" if draws.high < RARE else "common" if draws.low >= 0.2 else "occasional"
            out.append(
                Finding.said(
                    "endings",
                    Said("draws.some", **where, word=Said(f"draws.{word}"), draws=_iv(draws)),
                )
            )
    length, spread = m.get("length_mean"), m.get("length_sd")
    if length is not None and not math.isnan(length.value):
        sd = (
            Said("length.sd", sd=Fig(spread.value, "moves"))
            if spread and not math.isnan(spread.value)
            else None
        )
        extra = None
        branching, decisions = m.get("branching"), m.get("decisions")
        if branching is not None and not math.isnan(branching.value):
            count = Fig(decisions.value, "count") if decisions else "–"
            extra = Said("length.decisions", count=count, branching=_iv(branching))
        out.append(
            Finding.said(
                "length", Said("length.arm", **where, length=_iv(length), sd=sd, decisions=extra)
            )
        )
    settled, changes = m.get("lead_settled"), m.get("lead_changes")
    if settled is not None and not math.isnan(settled.value):
        drama = None
        if changes is not None and not math.isnan(changes.value):
            drama = Said("lead.changes", changes=_iv(changes))
        out.append(
            Finding.said(
                "drama", Said("lead.settles", **where, settled=_iv(settled), changes=drama)
            )
        )
    return out


def _versus(m: Metric, fair: float, above: str, below: str) -> Said:
    if math.isnan(m.low) or m.low <= fair <= m.high:
        return Said("verdict.none")
    size = "small" if abs(m.value - fair) < SMALL else "clear"
    return Said(f"verdict.{size}_{above if m.value > fair else below}")


def _holes(results: StudyResults) -> list[Finding]:
    out = []
    games = {g.arm: g.game for g in results.arms}
    for h in results.holes:
        where: Said | str = (
            Said("where", game=Game(games[h.arm]), arm=h.arm) if h.arm in games else h.arm
        )
        caps = h.counts.get("cap", 0)
        if caps:
            share, low, high = h.share("cap")
            which: Said | str = ", ".join(f"{k} {v}" for k, v in sorted(h.caps.items())) or Said(
                "holes.cap_facts"
            )
            out.append(
                Finding.said(
                    "holes",
                    Said(
                        "holes.cap",
                        where=where,
                        caps=caps,
                        games=h.games,
                        share=Interval(share, low, high, "share"),
                        which=which,
                    ),
                )
            )
        for kind in KINDS:
            if kind == "cap" or not h.counts.get(kind):
                continue
            out.append(
                Finding.said(
                    "holes",
                    Said(
                        "holes.kind",
                        where=where,
                        count=h.counts[kind],
                        games=h.games,
                        kind=Said(f"hole.{kind}"),
                    ),
                )
            )
    if results.holes and not any(h.counts for h in results.holes):
        checked = all(h.loops_checked for h in results.holes)
        loops = None if checked else Said("holes.loops_unchecked")
        out.append(Finding.said("endings", Said("holes.none", loops=loops)))
    return out


def _skill(results: StudyResults) -> list[Finding]:
    points = results.skill or []
    if len(points) < 2:
        return []
    base, top = points[0], points[-1]
    gain = top.elo
    clear = not math.isnan(top.elo_low) and top.elo_low > 0
    per = gain / (len(points) - 1)
    verdict = Said("skill.gain", per=Num(per, "+.0f")) if clear else Said("skill.no_gain")
    out = [
        Finding.said(
            "skill",
            Said(
                "skill.trace",
                top=top.agent,
                elo=Num(gain, "+.0f"),
                elo_bounds=Bounds(top.elo_low, top.elo_high, "elo", spec="+.0f"),
                base=base.agent,
                score=Interval(top.score, top.low, top.high, "share"),
                opponent=top.opponent,
                verdict=verdict,
            ),
        )
    ]
    flat = [
        p.agent
        for prev, p in itertools.pairwise(points)
        if not math.isnan(p.elo_high) and p.elo_high < prev.elo
    ]
    if flat:
        out.append(Finding.said("skill", Said("skill.dips", agents=", ".join(flat))))
    return out


def figure_name(key: str, label: str, g: ArmGames | None) -> Said | str:
    """A metric's short name in every language (``mean length``, ``South wins``)."""
    from spelbord.lab.metrics import SHORT, short

    if key in SHORT:
        return Said(f"short.{key}")
    if g is not None and key.startswith(("seat_win_", "team_win_")):
        seat = seat_label(g, key)
        if isinstance(seat, Said) and seat.key == "seat.label":
            seat = seat.values["name"]
        return Said("short.wins", name=seat)
    return short(key, label)


def _variants(study: Study, results: StudyResults) -> list[Finding]:
    diffs = results.differences or []
    baseline = study.params.get("baseline", "")
    arms_games = {g.arm: g for g in results.arms}
    out = []
    arms = list(dict.fromkeys(d.arm for d in diffs))
    for arm in arms:
        mine = [d for d in diffs if d.arm == arm and d.clear]
        if not mine:
            out.append(Finding.said("variants", Said("variants.none", baseline=baseline, arm=arm)))
            continue
        items = tuple(
            Said(
                "variants.item",
                figure=figure_name(d.key, d.label, arms_games.get(arm)),
                difference=Fig(d.value, d.unit, signed=True),
                bounds=Bounds(d.low, d.high, d.unit, True),
            )
            for d in mine
        )
        key = "variants.one" if len(mine) == 1 else "variants.many"
        out.append(
            Finding.said("variants", Said(key, baseline=baseline, arm=arm, count=len(mine)), items)
        )
    return out


def _choices(results: StudyResults) -> list[Finding]:
    out = []
    for c in results.choices or []:
        if c.chances == 0:
            out.append(
                Finding.said(
                    "choices",
                    Said("choices.never", agent=c.agent, choice=c.choice, games=c.games),
                )
            )
            continue
        worth = Said(
            "choices.points",
            points=Num(abs(c.value) * 100, ".1f"),
            bounds=Bounds(c.value_low, c.value_high, "share", True),
        )
        if not c.clear:
            verdict = Said("choices.no_value", difference=Fig(c.value, "share", signed=True))
        elif c.value > 0:
            verdict = Said("choices.worth", worth=worth)
        else:
            verdict = Said("choices.costs", worth=worth)
        out.append(
            Finding.said(
                "choices",
                Said(
                    "choices.value",
                    choice=c.choice,
                    agent=c.agent,
                    score=Interval(c.score, c.low, c.high, "share"),
                    fair=Fig(c.fair, "share"),
                    chances=Num(c.chances, ".1f"),
                    verdict=verdict,
                ),
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
        out.append(Finding.said("dominance", Said("dominance.circle", loop=loop)))
    for agent in graph.agents:
        beaten = {e.loser for e in graph.edges if e.winner == agent and e.clear}
        if len(beaten) == len(graph.agents) - 1:
            out.append(Finding.said("dominance", Said("dominance.top", agent=agent)))
    if not graph.cycles and not out:
        out.append(Finding.said("dominance", Said("dominance.none")))
    return out


def to_json(found: list[Finding], language: str = "en") -> list[dict[str, Any]]:
    return [f.to_dict(language) for f in found]


def to_json_languages(found: list[Finding]) -> dict[str, list[dict[str, Any]]]:
    """Every language's findings but English (``summary.json``'s ``findings_i18n``)."""
    return {code: to_json(found, code) for code in LANGUAGES if code != "en"}
