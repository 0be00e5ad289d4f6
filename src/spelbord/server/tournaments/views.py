"""What the tournament pages show: the list, one tournament's snapshot (entrants with
ratings, rounds, standings, the bracket), and the subscribers of both.

Subscribers of ``/ws/tournaments/{id}`` get the whole tournament again whenever something
changed; subscribers of ``/ws/tournaments`` (the key ``LISTING``) the whole list again
whenever any tournament changed.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from spelbord.core.registry import load
from spelbord.server.tournaments import plan
from spelbord.server.tournaments.store import Everything

LISTING = ""
"""The subscriber key of the tournament list page (no tournament id is empty)."""


def public(t: dict[str, Any]) -> dict[str, Any]:
    """A tournament's own fields as clients see them."""
    return {
        "id": t["id"],
        "name": t["name"],
        "game": t["game"],
        "options": t["options"],
        "format": t["format"],
        "status": t["status"],
        "starts_at": t["starts_at"],
        "show_up_seconds": t["show_up_seconds"],
        "round": t["round"],
        "note": t["note"],
        "created_by": t["created_by"],
    }


def sides_of(t: dict[str, Any]) -> tuple[tuple[int, ...], ...]:
    """The seats that win and lose together at this tournament's tables."""
    return tuple(tuple(side) for side in load(t["game"], **dict(t["options"])).teams())


def match_view(
    m: dict[str, Any], names: dict[str, str], sides: tuple[tuple[int, ...], ...] = ()
) -> dict[str, Any]:
    """One match: its seats, result and winner(s)."""
    winner = None
    winners: list[str] = []
    if m["status"] == "bye":
        winner = m["entrants"][0]
        winners = [winner]
    elif m["status"] == "finished" and m["returns"]:
        game = plan.Game(tuple(m["entrants"]), tuple(m["returns"]), (), sides)
        winners = [e for e in m["entrants"] if e in game.winners()]
        winner = winners[0] if len(winners) == 1 else None
    return {
        "slot": m["slot"],
        "game_no": m["game_no"],
        "status": m["status"],
        "table": m["table_id"],
        "seats": [
            {"entrant": e, "name": names.get(e, "bye") if e else "bye"} for e in m["entrants"]
        ],
        "returns": m["returns"],
        "margins": m["margins"],
        "termination": m["termination"],
        "winner": winner,
        "winner_name": names.get(winner) if winner else None,
        "winners": winners,
        "winner_names": [names.get(w, w) for w in winners],
    }


def invitation(t: dict[str, Any], organizer: str | None) -> dict[str, Any]:
    """One pending invitation as the invited player's invitations view shows it."""
    return {
        "tournament": t["id"],
        "name": t["name"],
        "game": t["game"],
        "format": t["format"],
        "starts_at": t["starts_at"],
        "organizer": organizer,
        "page": f"/tournaments/{t['id']}",
    }


def listing(rows: list[tuple[dict[str, Any], int]]) -> list[dict[str, Any]]:
    """The list page: each tournament with its number of entrants."""
    return [{**public(t), "entrants": count} for t, count in rows]


def snapshot(stored: Everything) -> dict[str, Any]:
    """Everything about one tournament: entrants, rounds, standings, bracket."""
    t, entrants, matches = stored.tournament, stored.entrants, stored.matches
    names = {e["entrant"]: e["name"] for e in entrants}
    sides = sides_of(t)
    games = [
        plan.Game(tuple(m["entrants"]), tuple(m["returns"]), tuple(m["margins"] or ()), sides)
        for m in matches
        if m["status"] == "finished" and m["returns"]
    ]
    table = plan.standings([e["entrant"] for e in entrants], games)
    rounds: dict[int, list[dict[str, Any]]] = {}
    for m in matches:
        rounds.setdefault(m["round"], []).append(match_view(m, names, sides))
    four = t["format"] == "round_robin" and (len(sides) > 2 or len(sides[0]) > 1)
    return {
        **public(t),
        "rules": plan.RULES["round_robin_4" if four else t["format"]],
        "sides": [list(side) for side in sides],
        "entrants": [
            {
                "entrant": e["entrant"],
                "name": e["name"],
                "kind": e["entrant"].split(":", 1)[0],
                "rating": stored.ratings[e["entrant"]].as_dict(),
            }
            for e in entrants
        ],
        "invited": [{"entrant": e["entrant"], "name": e["name"]} for e in stored.invited],
        "standings": [{**s, "name": names.get(s["entrant"], s["entrant"])} for s in table],
        "rounds": [{"round": r, "matches": ms} for r, ms in sorted(rounds.items())],
    }


def result_of(stored: Everything, entrant: str) -> dict[str, Any]:
    """One tournament as a player's page lists it: the tournament, how many played, and
    the player's line of the standings (placing, wins, games played; ``None`` before any
    game)."""
    view = snapshot(stored)
    line = next((s for s in view["standings"] if s["entrant"] == entrant), None)
    return {
        **public(stored.tournament),
        "page": f"/tournaments/{stored.tournament['id']}",
        "entrants": len(view["entrants"]),
        "placing": line["placing"] if line and line["played"] else None,
        "wins": line["wins"] if line else 0,
        "played": line["played"] if line else 0,
    }


class Outbox(Protocol):
    """A subscriber of a tournament page: a non-blocking outbox."""

    def push(self, text: str) -> None: ...


class Audience:
    """The subscribers of the tournament pages, by tournament id (``LISTING``: the list)."""

    def __init__(self) -> None:
        self.subscribers: dict[str, set[Outbox]] = {}

    def subscribe(self, key: str, sub: Outbox) -> None:
        self.subscribers.setdefault(key, set()).add(sub)

    def unsubscribe(self, key: str, sub: Outbox) -> None:
        subs = self.subscribers.get(key)
        if subs is not None:
            subs.discard(sub)
            if not subs:
                self.subscribers.pop(key, None)

    def watched(self, key: str) -> bool:
        """Whether anybody watches this page."""
        return bool(self.subscribers.get(key))

    def send(self, key: str, message: dict[str, Any]) -> None:
        """Push ``message`` (JSON) to every subscriber of the page."""
        text = json.dumps(message)
        for sub in list(self.subscribers.get(key, ())):
            sub.push(text)
