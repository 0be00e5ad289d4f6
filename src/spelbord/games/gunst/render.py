"""Terminal text of a Gunst observation: the board a seat sees (``observation_string``).

Seat 1 sits at the top, seat 0 at the bottom; each side's first row (knights) lies next
to the battlefield line, as in the rulebook. A row shows the pieces standing in it by
their letters (K knight, W warrior, F farmer, T thief, S scholar); ``x2`` marks the row
Extazia doubled. Each deity's track runs from the start to the hand, its place in
brackets; a deity brought this round is "on the field", and under rules version 3 one that
has acted stays there, "spent", until the round ends (R13). The recent events of the log
follow in words.

Everything is drawn from the observation alone, so a seat's text holds only what that
seat may know (R23).

>>> from spelbord.games.gunst import GunstGame
>>> print(render(GunstGame().new_initial_state().observation(0)).splitlines()[0])
Gunst  season 1 of 4  Tinge: both seats choose in secret  (you are seat 0)
"""

from __future__ import annotations

from typing import Any

from spelbord.games.gunst.pieces import DEITIES, KINS, LIFE, MAX_FAVOUR, PLACES, ROWS, SEASONS

RECENT = 12
"""How many of the last events the board lists."""

_TRACK = PLACES[:4]  # start, Tusmørket, Tågen, hand
_NAME_WIDTH = max(len(d.name) for d in DEITIES)


def _seat(seat: int, viewer: int | None) -> str:
    return f"seat {seat} (you)" if seat == viewer else f"seat {seat}"


def _count(n: int, kin: int) -> str:
    k = KINS[kin]
    return f"{n} {k.name if n == 1 else k.plural}"


def _hand(hand: list[int]) -> str:
    return ", ".join(_count(n, k) for k, n in enumerate(hand) if n) or "empty"


def _track(place: str) -> str:
    if place == PLACES[4]:
        return "on the field (acts in Dommen)"
    if place == PLACES[5]:
        return "on the field, spent (goes to Tågen when the round ends)"
    return " > ".join(f"[{p}]" if p == place else p for p in _TRACK)


def _side(obs: dict[str, Any], seat: int) -> list[str]:
    """The header of a side: life stones, hand and the four deity tracks."""
    life = obs["life"][seat]
    stones = "o" * max(life, 0) + "." * max(LIFE - life, 0)
    lines = [
        f"{_seat(seat, obs['seat'])}: life {life:>2} {stones}   hand: {_hand(obs['hand'][seat])}"
    ]
    for d in DEITIES:
        lines.append(f"    {d.name:<{_NAME_WIDTH}}  {_track(obs['deities'][seat][d.name])}")
    return lines


def _row_line(obs: dict[str, Any], seat: int, row: int) -> str:
    pieces = " ".join(KINS[k].letter for k in obs["rows"][seat][row]) or "."
    mark = "  x2" if obs["doubled"][seat] == row else ""
    return f"      {row + 1} {ROWS[row].plural:<9} {pieces}{mark}"


def _deity_name(index: int) -> str:
    return DEITIES[index].name if 0 <= index < len(DEITIES) else "a deity"


def _status(obs: dict[str, Any]) -> str:
    """What happens now, in words."""
    phase, actor = obs["phase"], obs["to_move"]
    who = f"seat {actor}"
    slaget = obs["slaget"]
    if phase == "over":
        if obs["loser"] < 0:
            return "game over: a draw"
        return f"game over: seat {1 - obs['loser']} wins"
    texts = {
        "tinge": "Tinge: both seats choose in secret",
        "coin": "equal counts: a coin names the chooser",
        "order": f"{who}, the chooser, names who goes first",
        "favour": f"{who} spends a favour of {min(obs['favour'], MAX_FAVOUR)} on one deity",
        "invoke": f"Dommen: {who} names the deity that acts next",
        "target": f"Dommen: {who} picks the row for {_deity_name(obs['deity_in_use'])}"
        + (", or leaves them as they are (leave rows)" if _may_leave(obs) else ""),
        "dest": f"Dommen: {who} picks where {_deity_name(obs['deity_in_use'])} puts it",
        "mode": f"Slaget: {who} picks the scholars' mode ({slaget['left']} acts)",
        "raise": f"Slaget: {who} raises a deity one step ({slaget['left']} to go)",
    }
    return texts.get(phase, f"{phase}: {who} decides")


def _may_leave(obs: dict[str, Any]) -> bool:
    """Whether Archimedes is choosing a row under rules that let it leave them (R12, v3)."""
    return obs["deity_in_use"] == 3 and obs.get("rules_version", 2) >= 3


def _selection(kin: list[int], deities: list[int]) -> str:
    parts = [_count(n, k) for k, n in enumerate(kin) if n]
    parts += [_deity_name(d) for d in deities]
    return ", ".join(parts) or "nothing"


def event_text(e: dict[str, Any]) -> str:
    """One event of the log in words.

    >>> event_text({"e": "chooser", "seat": 1, "favour": 3})
    'seat 1 brought fewer pieces: chooses who goes first, favour 3'
    """
    kind = e["e"]
    seat = e.get("seat", -1)
    if kind == "reveal":
        brought = "; ".join(
            f"seat {s} brings {_selection(e['kin'][s], e['deities'][s])}" for s in (0, 1)
        )
        return f"season {e['season']}, Tinge: {brought}"
    if kind == "chooser":
        favour = min(e["favour"], MAX_FAVOUR)
        return f"seat {seat} brought fewer pieces: chooses who goes first, favour {favour}"
    if kind == "coin":
        return f"equal counts: the coin makes seat {seat} the chooser"
    if kind == "first":
        return f"seat {seat} goes first"
    if kind == "favour":
        if e["deity"] < 0:
            return f"seat {seat}'s favour is lost: no deity can move"
        return f"favour: seat {seat}'s {_deity_name(e['deity'])} moves to {PLACES[e['to']]}"
    if kind == "deity":
        return _deity_event(e)
    if kind == "row":
        return f"seat {seat}'s {ROWS[e['row']].plural} act ({e['acts']}x)"
    if kind == "mode":
        return f"seat {seat}'s scholars {'strike' if e['mode'] == 1 else 'raise deities'}"
    if kind == "raise":
        if e["deity"] < 0:
            return f"seat {seat} has no deity to raise"
        return f"seat {seat}'s {_deity_name(e['deity'])} rises to {PLACES[e['to']]}"
    if kind == "knight":
        if not e["took"]:
            return f"seat {seat}'s knight takes nothing"
        rows = ", ".join(ROWS[r].plural for r in e["took"])
        return f"seat {seat}'s knight takes a piece from each of seat {1 - seat}'s {rows}"
    if kind == "hit":
        return f"seat {seat} loses a life stone ({e['life']} left)"
    if kind == "steal":
        got = "steals a scholar" if e["ok"] else "finds no scholar to steal"
        return f"seat {seat}'s thief {got}"
    if kind == "tagen":
        gone = "; ".join(
            f"seat {s}'s {', '.join(_deity_name(d) for d in ds)}"
            for s, ds in enumerate(e["deities"])
            if ds
        )
        return f"the round's spent deities go to Tågen: {gone}"
    if kind == "season-end":
        return f"season {e['season']} ends: life {e['life'][0]}-{e['life'][1]}"
    if kind == "end":
        if e["loser"] < 0:
            return f"the game ends ({e['why']}): a draw"
        return f"the game ends ({e['why']}): seat {1 - e['loser']} wins"
    return kind


def _deity_event(e: dict[str, Any]) -> str:
    seat, deity, row, dest = e["seat"], e["deity"], e["row"], e["dest"]
    who = f"seat {seat}'s {_deity_name(deity)}"
    if e.get("leave"):
        return f"{who} leaves the rows as they are"
    if row < 0:
        return f"{who} acts without effect"
    if deity == 0:
        return f"{who} doubles seat {seat}'s {ROWS[row].plural}"
    if deity == 1:
        return f"{who} banishes seat {1 - seat}'s {ROWS[row].plural}"
    if deity == 2:
        return (
            f"{who} takes a kin from seat {1 - seat}'s {ROWS[row].plural} "
            f"into seat {seat}'s {ROWS[dest].plural}"
        )
    return f"{who} moves seat {seat}'s {ROWS[row].plural} onto its {ROWS[dest].plural}"


def render(obs: dict[str, Any]) -> str:
    """The observation ``obs`` of one seat (or a spectator) as lines of text."""
    viewer = obs["seat"]
    you = f"  (you are seat {viewer})" if viewer is not None else ""
    lines = [f"Gunst  season {obs['season']} of {SEASONS}  {_status(obs)}{you}"]
    if obs["first"] >= 0 and obs["phase"] != "over":
        lines.append(f"seat {obs['first']} goes first this round")
    lines.append("")
    lines += _side(obs, 1)
    lines += [_row_line(obs, 1, r) for r in reversed(range(5))]
    lines.append("      " + "-" * 12 + " battlefield " + "-" * 12)
    lines += [_row_line(obs, 0, r) for r in range(5)]
    lines += _side(obs, 0)
    log = obs["log"]
    if log:
        lines.append("")
        shown = log[-RECENT:]
        more = f" (last {len(shown)} of {len(log)})" if len(log) > len(shown) else ""
        lines.append(f"events{more}:")
        lines += [f"  {event_text(e)}" for e in shown]
    return "\n".join(lines)
