"""Terminal text of an Omringad observation: the board a seat sees (never more, R80-R81).

Every country is drawn as a grid (row 1 at the top, columns a-e). A square shows its
terrain letter (``.`` bare, C castle, V village, L lake, F forest, M mountain, ``?``
unrevealed), a ``*`` when a player other than the country's own controls it, and its
stacks as owner letter, unit count and top unit (``A3G``: A's three units under a
general; ``Z`` owns the dragon). Below the map: the seat's own stacks unit by unit, its
pool and purchases, the phase and who acts, this round's attacks, the sieges and the
settlements another player's units stand in (R50-R55), and the battle, move or auction in
progress with its dice and bids.

Everything is drawn from the observation dict alone (``OmringadState.observation``), so
the text holds exactly what that seat may know.

>>> from spelbord.games.omringad.game import OmringadGame
>>> print(render(OmringadGame().new_initial_state().observation(0)).splitlines()[0])
Omringad  round 0  setup: the players lay their terrain tiles in secret  (you are A)
"""

from __future__ import annotations

from typing import Any

from spelbord.games.omringad.units import BASE_KINDS, KIND_CODES

KIND_NAMES: dict[str, str] = {code: kind.value for kind, code in KIND_CODES.items()}
"""Unit code (upper case) to the kind's name."""

DRAGON_OWNER = "Z"
"""The owner letter of the dragon's neutral stack."""

TERRAIN_NAMES = {
    ".": "bare",
    "C": "castle",
    "V": "village",
    "L": "lake",
    "F": "forest",
    "M": "mountain",
    "?": "unrevealed",
}

PHASES = {
    "setup": "the players lay their terrain tiles in secret",
    "pregame": "the opening purchase and placement, in secret",
    "initiative": "the roll-off for the initiative",
    "purchase": "buying and placing units, in secret",
    "auction": "the auction of a special unit",
    "move": "movement",
    "battle": "battles",
    "reinforce": "reinforcement",
    "over": "the game is over",
}


class _View:
    """The observation with the map's geometry (from the map view it carries)."""

    def __init__(self, obs: dict[str, Any]) -> None:
        self.obs = obs
        m = obs["map"]
        self.size: int = m["size"]
        self.countries: int = m["countries"]
        self.letters: str = "".join(m["letters"])
        self.seat: int | None = obs.get("seat")

    def label(self, square: int) -> str:
        """``A c3``: country letter, column letter, row number (as the notation)."""
        country, rest = divmod(square, self.size * self.size)
        row, col = divmod(rest, self.size)
        return f"{self.letters[country]} {chr(ord('a') + col)}{row + 1}"

    def country_of(self, square: int) -> int:
        return square // (self.size * self.size)

    def owner(self, seat: int) -> str:
        return DRAGON_OWNER if seat < 0 else self.letters[seat]

    def who(self, seat: int) -> str:
        return f"{self.letters[seat]} (you)" if seat == self.seat else self.letters[seat]


def unit_name(code: str) -> str:
    """``e`` -> ``elite (damaged)``."""
    name = KIND_NAMES.get(code.upper(), code)
    return f"{name} (damaged)" if code.islower() else name


def _cell(v: _View, square: int) -> str:
    obs = v.obs
    text = obs["terrain"][square]
    if obs["control"][square] != v.country_of(square):
        text += "*"
    for s in obs["stacks"]:
        if s["square"] == square:
            text += f" {v.owner(s['owner'])}{s['count']}{s['top']}"
    return text


def _grid(v: _View) -> list[str]:
    cells = {sq: _cell(v, sq) for sq in range(v.countries * v.size * v.size)}
    width = max(6, *(len(c) for c in cells.values())) + 2
    header = "    " + "".join(chr(ord("a") + c).ljust(width) for c in range(v.size))
    lines = []
    for country in range(v.countries):
        base = country * v.size * v.size
        lines.append(f"country {v.letters[country]}")
        lines.append(header.rstrip())
        for row in range(v.size):
            squares = range(base + row * v.size, base + (row + 1) * v.size)
            lines.append(f"{row + 1:>2}  " + "".join(cells[sq].ljust(width) for sq in squares))
            lines[-1] = lines[-1].rstrip()
    return lines


def _figures(v: _View) -> list[str]:
    obs = v.obs
    n = len(obs["gold"])
    gold = "  ".join(f"{v.who(p)} {obs['gold'][p]}" for p in range(n))
    score = "  ".join(f"{v.who(p)} {obs['score'][p]}" for p in range(n))
    lines = [f"gold: {gold}", f"score: {score}"]
    if obs.get("teams"):
        teams: dict[int, list[str]] = {}
        for p, t in enumerate(obs["teams"]):
            teams.setdefault(t, []).append(v.letters[p])
        lines.append("teams: " + " v ".join("+".join(ps) for ps in teams.values()))
    if obs["initiative"] >= 0:
        lines.append(f"initiative: {v.who(obs['initiative'])}")
    if obs.get("cup"):
        lines.append("cup (special units not yet auctioned): " + ", ".join(obs["cup"]))
    return lines


def _own(v: _View) -> list[str]:
    """The seat's own stacks unit by unit (top first), its pool and its purchases."""
    obs, seat = v.obs, v.seat
    if seat is None:
        return []
    lines = [f"your stacks ({v.letters[seat]}), by square, top unit first:"]
    mine = [s for s in obs["stacks"] if s["owner"] == seat]
    for s in mine:
        units = s.get("units", [])
        moved = s.get("moved") or [False] * len(units)
        if units and all(moved):
            text = ", ".join(unit_name(u) for u in units) + "  (moved this round)"
        else:
            text = ", ".join(
                unit_name(u) + (" (moved)" if m else "") for u, m in zip(units, moved, strict=False)
            )
        lines.append(f"  {v.label(s['square'])}: {text}")
    if not mine:
        lines.append("  none")
    pool = obs.get("pool")
    if pool is not None:
        counts = ", ".join(f"{n} {k.value}" for k, n in zip(BASE_KINDS, pool, strict=False) if n)
        lines.append(f"your pool: {counts or 'empty'}")
    if obs.get("bought"):
        lines.append("bought, to place: " + ", ".join(obs["bought"]))
    return lines


def _acting(v: _View) -> list[str]:
    """The phase and who acts in it, in words."""
    obs = v.obs
    phase = obs["phase"]
    n = len(obs["gold"])
    if phase == "over":
        winners = ", ".join(v.who(p) for p in obs["winners"]) or "nobody"
        return [f"the game is over: won by {winners}"]
    if phase == "setup":
        placed = "  ".join(f"{v.who(p)} {obs['tiles_placed'][p]}" for p in range(n))
        return [f"terrain tiles laid: {placed}"]
    if phase in ("pregame", "purchase"):
        stages = "  ".join(
            f"{v.who(p)} {obs['stage'][p]} ({obs['bought_count'][p]} bought)" for p in range(n)
        )
        return [f"buying: {stages}"]
    if phase == "move":
        mv = obs["move"]
        lines = []
        if mv["mover"] >= 0:
            lines.append(f"{v.who(mv['mover'])} moves")
        if mv["origin"] >= 0:
            group = mv.get("group")
            units = f": {', '.join(unit_name(u) for u in group)}" if group else ""
            top = f", top {unit_name(mv['top'])}" if mv.get("top") else ""
            path = " - ".join(v.label(sq) for sq in [mv["origin"], *mv["path"]])
            lines.append(f"moving group of {mv['count']}{top}{units}; path {path}")
        done = [v.who(p) for p in range(n) if obs["passed"][p]]
        if done:
            lines.append("passed: " + ", ".join(done))
        return lines
    if phase == "reinforce" and obs["reinforcer"] >= 0:
        return [f"{v.who(obs['reinforcer'])} reinforces"]
    return []


def _attacks(v: _View) -> list[str]:
    """The groups that moved onto enemy squares this round (public, R83)."""
    lines = []
    for entry in v.obs["entries"]:
        square, seat, came_from, count = entry[:4]
        units = "unit" if count == 1 else "units"
        lines.append(
            f"  {v.who(seat)}: {count} {units} from {v.label(came_from)} into {v.label(square)}"
        )
    return ["attacks this round:", *lines] if lines else []


def _besieges(obs: dict[str, Any], s: dict[str, Any]) -> bool:
    """Whether a stack besieges from its square as far as the viewer can tell (R53, R118):
    never from a lake; the dragon where the rules version says so (R111); a stack whose
    units are all seen needs one that can conquer alone; a hidden one may have one."""
    if obs["terrain"][s["square"]] == "L":
        return False
    if s["owner"] < 0:
        return bool(obs.get("dragon_besieges"))
    known = s.get("units") or ([s["top"]] if s["count"] == 1 else None)
    return known is None or any(u.upper() not in LONE_KINDS for u in known)


LONE_KINDS = frozenset("DIWH")
"""Units that cannot take a square or besiege alone: diplomat, infiltrator, magician,
horses (R118, R112)."""


def _hostile(obs: dict[str, Any], a: int, b: int) -> bool:
    teams = obs.get("teams")
    if a == b:
        return False
    return a < 0 or b < 0 or not teams or teams[a] != teams[b]


def _sieges(v: _View) -> list[str]:
    """Every besieged settlement: from where, and what it may still take (R50-R52), and
    the settlements another player's units stand in without taking them (R55, R118)."""
    obs = v.obs
    if obs["phase"] == "setup":
        return []
    steps = obs["map"]["steps"]
    lines, intruded = [], []
    for sq, letter in enumerate(obs["terrain"]):
        if letter not in "CV":
            continue
        owner = obs["control"][sq]
        here = [s for s in obs["stacks"] if s["square"] == sq]
        name = f"{TERRAIN_NAMES[letter]} of {v.who(owner)}"
        froms = []
        for n in dict.fromkeys(steps[sq]):  # a corner square counts once (R50)
            there = [s for s in obs["stacks"] if s["square"] == n]
            if any(_hostile(obs, s["owner"], owner) and _besieges(obs, s) for s in there):
                dragon = any(s["owner"] < 0 for s in there)
                froms.append(f"the dragon on {v.label(n)}" if dragon else v.label(n))
        if froms:
            left = 2 - obs["placed_here"][sq] if len(froms) == 1 else 0
            limit = f"at most 2 a round ({max(left, 0)} left)" if left else "none"
            kind = "partial" if len(froms) == 1 else "full"
            lines.append(
                f"  {v.label(sq)} ({name}): {kind} siege from {', '.join(froms)}; "
                f"reinforcements: {limit}"
            )
        for s in here:
            if s["owner"] >= 0 and s["owner"] != owner:
                units = unit_name(s["top"]) if s["count"] == 1 else f"{s['count']} units"
                you = owner == v.seat
                holder = "you" if you else v.letters[owner]
                walls = " with the castle's +1" if letter == "C" else ""
                if obs.get("controller_defends"):
                    defends = f"you then defend{walls}" if you else f"{holder} then defends{walls}"
                else:
                    defends = f"the {units}, there first, then defends{walls}"
                intruded.append(
                    f"  {v.label(sq)} ({name}): {v.who(s['owner'])}'s {units} stands in it "
                    f"without taking it; {holder} may still reinforce it, and in the next "
                    f"battle there {defends}"
                )
    out = ["sieges:", *lines] if lines else []
    return out + (["intruders (R55):", *intruded] if intruded else [])


def _die(v: _View, d: dict[str, Any]) -> str:
    roll = "to roll" if d["die"] is None else f"rolled {d['die']} {'hit' if d['hit'] else 'miss'}"
    return f"{v.owner(d['owner'])} {unit_name(d['unit'])} needs {d['needed']}, {roll}"


def _battle(v: _View) -> list[str]:
    obs = v.obs
    lines = []
    b = obs["battle"]
    if obs["phase"] == "battle" and len(b) >= 4:
        square = b[0]
        step = "ranged" if b[3] == 0 else "melee"
        lines.append(f"battle at {v.label(square)}, the {step} step next:")
        for s in obs["stacks"]:
            if s["square"] == square:
                role = "defender" if s["owner"] == b[2] else "attacker"
                units = ", ".join(unit_name(u) for u in s.get("units", [])) or f"{s['count']}"
                lines.append(f"  {role} {v.owner(s['owner'])}: {units}")
        if len(b) >= 6 and (b[4] or b[5]):
            lines.append(f"  hits to allocate: {v.owner(b[1])} {b[4]}, {v.owner(b[2])} {b[5]}")
    if obs["dice"]:
        lines.append("dice of this step:")
        lines += [f"  {_die(v, d)}" for d in obs["dice"]]
    if obs["last_dice"]:
        lines.append(f"last step rolled ({obs['last_dice'][0]['step']}):")
        lines += [f"  {_die(v, d)}" for d in obs["last_dice"]]
    return lines


def _auction(v: _View) -> list[str]:
    a = v.obs.get("auction")
    if not a:
        return []
    if a["lot"] is None:
        return ["auction: the next lot is drawn from the cup"]
    lines = [f"auction of the {a['lot']}:"]
    if a["bidder"] >= 0:
        lines.append(f"  highest bid {a['bid']} by {v.who(a['bidder'])}")
    else:
        lines.append("  no bid yet")
    for bid in a["bids"][-8:]:
        who, amount = bid[0], bid[1]
        lines.append(f"  {v.who(who)} {'passes' if amount <= 0 else f'bids {amount}'}")
    out = [v.who(p) for p, gone in enumerate(a["out"]) if gone]
    if out:
        lines.append("  out: " + ", ".join(out))
    if a["to_act"] >= 0:
        lines.append(f"  {v.who(a['to_act'])} to bid")
    if a["winner"] >= 0:
        lines.append(f"  won by {v.who(a['winner'])}, who places it")
    return lines


def _legend(v: _View) -> list[str]:
    """What the letters on the map mean (only those that appear)."""
    terrain = sorted(set(v.obs["terrain"]))
    lines = [
        "terrain: "
        + ", ".join(f"{c} {TERRAIN_NAMES[c]}" for c in terrain if c in TERRAIN_NAMES)
        + "; * held by another country's player"
    ]
    codes = sorted({s["top"].upper() for s in v.obs["stacks"]})
    if codes:
        lines.append(
            "stacks: owner, units, top unit: "
            + ", ".join(f"{c} {KIND_NAMES[c]}" for c in codes if c in KIND_NAMES)
        )
    return lines


def render(obs: dict[str, Any]) -> str:
    """The observation ``obs`` of one seat (or a spectator) as lines of text."""
    v = _View(obs)
    you = f"  (you are {v.letters[v.seat]})" if v.seat is not None else ""
    phase = obs["phase"]
    lines = [f"Omringad  round {obs['round']}  {phase}: {PHASES.get(phase, phase)}{you}"]
    lines += _figures(v)
    lines.append("")
    lines += _grid(v)
    lines += _legend(v)
    lines.append("")
    for part in (_acting(v), _attacks(v), _sieges(v), _battle(v), _auction(v), _own(v)):
        if part:
            lines += part
    return "\n".join(lines).rstrip()
