"""The data of an Omringad position, shared by the rules and the phases (R1-R126).

``OmringadData`` holds the fields of a position and the plain operations on them;
``OmringadGameBase`` is what a position needs of its game (the map, the teams, the readings
that changed with the rules versions). The phases (``phases/``), the round's flow
(``rules``), what a seat sees (``hidden/``) and the engine (``engine/``) act on an
``OmringadData``; ``state.OmringadState`` is the protocol around it and
``game.OmringadGame`` the game. Nothing here imports them, so the package's imports point
one way: ``game`` -> ``state`` -> ``rules`` -> ``phases`` -> ``position`` -> the pure
chapters (``map``, ``terrain``, ``units``, ``movement``, ``battle``, ``siege`` ...).

The state's fields are plain lists and ints, so cloning and JSON are cheap and exact.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar, Self

from spelbord.core import Game, State
from spelbord.games.omringad import board as B
from spelbord.games.omringad.map import FOUR_COUNTRIES, PILLOW
from spelbord.games.omringad.players import TeamMode, team_table, turn_order
from spelbord.games.omringad.terrain import TERRAIN, TILES_PER_COUNTRY, Terrain
from spelbord.games.omringad.units import SPECIAL_KINDS, Kind, Pool

TILE_ORDER: tuple[Terrain, ...] = tuple(t for t, n in TILES_PER_COUNTRY.items() for _ in range(n))
"""The order in which a player places its nine tiles (R5): castle, villages, lakes, ..."""

OPENING_GOLD = 25
"""Gold for the opening purchase and for round 1 (R70, R71)."""

PHASES = (
    "setup", "pregame", "initiative", "auction", "purchase", "move", "battle", "reinforce", "over",
)  # fmt: skip


class OmringadGameBase(Game):
    """What the state needs of its game: the map and the teams (``game.OmringadGame``)."""

    def __init__(self, *, rules_version: int | None = None, **options: Any) -> None:
        super().__init__(rules_version=rules_version, **options)
        players = self.options["players"]
        self.map = PILLOW if players == 2 else FOUR_COUNTRIES
        """The map: two countries sewn like a pillow, or four (R2, R4)."""
        mode = TeamMode(self.options["teams"])
        self.team_table = team_table(mode, players) if players == 4 else None
        """Each seat's team number, or ``None`` when everybody plays alone (R121)."""

    def num_players(self) -> int:
        return int(self.options["players"])

    # The readings that changed with the rules versions, named, so that the rules, the
    # observation (``hidden``) and the evaluation ask the same question.
    @property
    def dragon_besieges(self) -> bool:
        """The dragon besieges every settlement next to it (R50, R111; rules version 4)."""
        return self.rules_version >= 4

    @property
    def controller_defends(self) -> bool:
        """A settlement's controller that reinforced it beside another player's units defends
        the next battle there (R55; rules version 4); before, whoever was there first did."""
        return self.rules_version >= 4

    @property
    def returns_conquer_like_moves(self) -> bool:
        """A returning group takes an enemy's square where only its owner's own units stand,
        as a moving group does (R48, R36; rules version 4); before, only an empty one."""
        return self.rules_version >= 4

    @abstractmethod
    def new_initial_state(self) -> OmringadData:
        """A new game's first position (``state.OmringadState``)."""

    def teams(self) -> list[tuple[int, ...]]:
        """Seats that win and lose together (R121): the teams, or every seat alone."""
        table = self.team_table
        if table is None:
            return [(seat,) for seat in range(self.num_players())]
        return [tuple(s for s in range(4) if table[s] == t) for t in sorted(set(table))]


class OmringadData(State):
    """The fields of one Omringad position and the plain operations on them."""

    game: OmringadGameBase

    def __init__(self, game: OmringadGameBase) -> None:
        super().__init__(game)
        n = game.num_players()
        m = game.map
        self.map = m
        self.teams = game.team_table
        self.phase = "setup"
        self.round = 0
        self.tiles: list[list[int]] = [[] for _ in range(n)]
        self.terrain: list[Terrain] = [Terrain.BARE] * m.num_squares
        self.control: list[int] = [m.country_of(sq) for sq in range(m.num_squares)]
        self.board: B.RawBoard = [[] for _ in range(m.num_squares)]
        self.gold = [0] * n
        self.budget = [0] * n  # gold at the start of the buying phase (public, R73)
        self.score = [0] * n
        self.pool: list[list[int]] = [list(Pool.full().counts) for _ in range(n)]
        self.bought: list[list[int]] = [[] for _ in range(n)]
        self.stage = ["buy"] * n
        self.placing = [-1] * n
        self.initiative = -1
        self.passed = [False] * n
        self.mover = -1
        self.origin = -1
        self.group: list[int] = []
        self.path: list[int] = []
        self.entries: list[list[list[int]]] = [[] for _ in range(m.num_squares)]
        self.first: list[int] = [-1] * m.num_squares
        # [square, attacker, defender, step, pending_a, pending_d, (owner, pending) of the
        # later attackers ...]: party 0 is the first attacker, party 1 the defender (R123).
        self.battle: list[int] = []
        self.unsent: list[int] = []  # per party: hits scored not yet sent to a party (R123)
        self.snipes: list[int] = []  # the snipers' hits in play (R117), see ``phases.battle``
        self.dice: list[list[int]] = []  # the step being rolled, see ``_die_row``
        self.last_dice: list[list[int]] = []  # the last step rolled this battle phase
        self.stall = 0  # rolled steps in a row without a hit in this battle (R92)
        # Attacking groups waiting to leave the battle's square (version 2, R48), see
        # ``phases.battle``: [owner, came_from, codes ...] each.
        self.retreats: list[list[int]] = []
        self.placed_here: list[int] = [0] * m.num_squares
        self.reinforcer = -1
        self.winners: list[int] = []
        # The cup of special units (R100): indices into SPECIAL_KINDS, sorted.
        self.cup: list[int] = list(range(len(SPECIAL_KINDS))) if game.options["specials"] else []
        # The auction in progress (R100-R105), plain JSON, see ``phases.auction``; else None.
        self.auction: dict[str, Any] | None = None

    def turn_order(self) -> list[int]:
        """Every seat once, clockwise from the initiative holder (R72, R120)."""
        return list(turn_order(self.num_players(), self.initiative))

    def _start_purchase(self) -> None:
        self.phase = "purchase"
        self.budget = self.gold[:]
        self.stage = ["buy"] * self.num_players()

    def _return_to_cup(self, kind: Kind) -> None:
        """An eliminated or spent special unit goes back into the cup (R100)."""
        i = SPECIAL_KINDS.index(kind)
        if i not in self.cup:
            self.cup = sorted([*self.cup, i])

    def own_settlements(self, seat: int) -> list[int]:
        """The castles and villages ``seat`` controls, in square order."""
        return [
            sq
            for sq in range(self.map.num_squares)
            if self.control[sq] == seat and TERRAIN[self.terrain[sq]].settlement
        ]

    def stack_units(self, square: int, seat: int) -> list[int]:
        """The unit codes of ``seat``'s stack on ``square`` (none: ``[]``)."""
        s = B.find_stack(self.board, square, seat)
        return s[1:] if s else []

    # ------------------------------------------------------------------ serialization
    _FIELDS: ClassVar[tuple[str, ...]] = (
        "phase", "round", "tiles", "control", "board", "gold", "budget", "score", "pool", "bought",
        "stage", "placing", "initiative", "passed", "mover", "origin", "group", "path",
        "entries", "first", "battle", "unsent", "snipes", "dice", "last_dice", "stall",
        "placed_here", "reinforcer", "winners", "cup", "auction", "retreats",
    )  # fmt: skip

    def _state_dict(self) -> dict[str, Any]:
        d = {f: getattr(self, f) for f in self._FIELDS}
        if self.game.rules_version < 2:
            del d["retreats"]  # version 1 never retreats: its states keep their old shape
        d["terrain"] = [t.value for t in self.terrain]
        return _json_copy(d)

    def _load_state_dict(self, data: dict[str, Any]) -> None:
        if data["phase"] not in PHASES:
            raise ValueError(f"unknown phase {data['phase']!r}")
        # States stored before the auction was built have no cup and no auction (R100).
        older = {"cup": list(range(len(SPECIAL_KINDS))), "auction": None, "retreats": []}
        for f in self._FIELDS:
            setattr(self, f, _json_copy(data[f] if f in data else older[f]))
        self.terrain = [Terrain(t) for t in data["terrain"]]

    def clone(self) -> Self:
        c = type(self).__new__(type(self))
        c.game = self.game
        c._history = list(self._history)
        c.map, c.teams = self.map, self.teams
        c.phase, c.round, c.initiative = self.phase, self.round, self.initiative
        c.mover, c.origin, c.reinforcer = self.mover, self.origin, self.reinforcer
        c.tiles = [t[:] for t in self.tiles]
        c.terrain = self.terrain[:]
        c.control = self.control[:]
        c.board = B.copy_board(self.board)
        c.gold, c.score, c.budget = self.gold[:], self.score[:], self.budget[:]
        c.pool = [p[:] for p in self.pool]
        c.bought = [b[:] for b in self.bought]
        c.stage, c.placing, c.passed = self.stage[:], self.placing[:], self.passed[:]
        c.group, c.path = self.group[:], self.path[:]
        c.entries = [[e[:] for e in es] if es else [] for es in self.entries]
        c.first, c.battle, c.unsent = self.first[:], self.battle[:], self.unsent[:]
        c.snipes = self.snipes[:]
        c.dice = [r[:] for r in self.dice]
        c.last_dice = [r[:] for r in self.last_dice]
        c.stall = self.stall
        c.retreats = [r[:] for r in self.retreats]
        c.placed_here, c.winners = self.placed_here[:], self.winners[:]
        c.cup = self.cup[:]
        c.auction = _json_copy(self.auction)
        return c


def _json_copy(x: Any) -> Any:
    if isinstance(x, list):
        return [_json_copy(v) for v in x]
    if isinstance(x, dict):
        return {k: _json_copy(v) for k, v in x.items()}
    return x
