"""The rules code against a second, literal reading of the seed (R2, R5-R13).

``Reference`` below plays Coerceo from the words of the Swedish booklet (seeds/004) and
the RULES-NOTES rulings, written again from scratch on plain coordinates, slowly and
without any of the engine's tables:

- fields are ``(x, y, f)``; edge-neighbours are ``f +- 1`` on the tile and ``f + 3`` on the
  tile in direction ``f`` (RULES-NOTES); move-neighbours are the same-colour fields two
  edge steps away ("sharing a corner"), worked out on the endless plane;
- "Om en tom platta angränsar till 3 eller färre plattor som i sin tur angränsar till
  varandra, så tas den bort": present neighbours at most 3 and connected among
  themselves; after every removal every empty tile is looked at again, and all that
  qualify at one moment go together;
- a piece is captured when all its present edge-neighbours hold the mover's pieces and the
  turn touched it (arrival beside it, or a tile beside it gone); the mover's pieces never;
- an exchange gives up ``cost`` tiles, takes any piece, removes tiles for nobody and
  captures what those removals enclose;
- the last piece taken wins; the same position (pieces, tiles, hands, side) a third time,
  no legal action, or the move limit: a draw.

Random games (both boards, both exchange costs) are played by the engine and by the
reference side by side; after every turn the legal actions, pieces, tiles, hands and the
result must agree.
"""

from __future__ import annotations

import random

import pytest

from spelbord.games.coerceo import CoerceoGame, CoerceoState
from spelbord.games.coerceo.rules import LAURENTIUS, OCIUS

Field = tuple[int, int, int]
Tile = tuple[int, int]
DIRS = ((0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1))


def edge_neighbours(field: Field) -> list[Field]:
    """On the endless plane: two on the tile, one across the outer edge."""
    x, y, f = field
    dx, dy = DIRS[f]
    return [(x, y, (f + 1) % 6), (x, y, (f - 1) % 6), (x + dx, y + dy, (f + 3) % 6)]


def move_neighbours(field: Field) -> set[Field]:
    """Same-colour fields sharing a corner: two edge steps away, on the endless plane."""
    return {g for e in edge_neighbours(field) for g in edge_neighbours(e)} - {field}


def adjacent(a: Tile, b: Tile) -> bool:
    return (b[0] - a[0], b[1] - a[1]) in DIRS


class Reference:
    """A literal, slow Coerceo position (see the module docstring)."""

    def __init__(self, layout: tuple[tuple[int, int, int, int], ...], radius: int, cost: int):
        self.tiles = {
            (x, y)
            for x in range(-radius, radius + 1)
            for y in range(-radius, radius + 1)
            if abs(x + y) <= radius
        }
        self.pieces: dict[Field, int] = {}
        for x, y, f1, f2 in layout:
            for f in (f1, f2):
                self.pieces[(x, y, f)] = 0 if f % 2 else 1  # odd fields white (seat 0)
        self.hands = [0, 0]
        self.side = 0
        self.cost = cost
        self.turns = 0
        self.seen = [self.key()]
        self.result: str | None = None
        self.winner = -1

    def key(self) -> tuple[object, ...]:
        return (
            frozenset(self.pieces.items()),
            frozenset(self.tiles),
            tuple(self.hands),
            self.side,
        )

    def present(self, field: Field) -> bool:
        return field[:2] in self.tiles

    def legal(self) -> set[tuple[object, ...]]:
        out: set[tuple[object, ...]] = set()
        for field, owner in self.pieces.items():
            if owner != self.side:
                continue
            for target in move_neighbours(field):
                if self.present(target) and target not in self.pieces:
                    out.add(("move", field, target))
        if self.hands[self.side] >= self.cost:
            out |= {("exchange", f) for f, o in self.pieces.items() if o != self.side}
        return out

    def removable(self, tile: Tile) -> bool:
        if tile not in self.tiles or any(f[:2] == tile for f in self.pieces):
            return False
        around = [t for t in self.tiles if adjacent(tile, t)]
        if len(around) > 3:
            return False
        reached = set(around[:1])  # connected among themselves ("angränsar till varandra")
        while True:
            more = {t for t in around if t not in reached and any(adjacent(t, r) for r in reached)}
            if not more:
                break
            reached |= more
        return len(reached) == len(around)

    def remove_tiles(self) -> set[Tile]:
        gone: set[Tile] = set()
        while True:
            now = {t for t in self.tiles if self.removable(t)}
            if not now:
                return gone
            self.tiles -= now
            gone |= now

    def capture(self, touched: set[Field]) -> None:
        mover = self.side
        for field, owner in list(self.pieces.items()):
            if owner == mover or field not in touched:
                continue
            around = [e for e in edge_neighbours(field) if self.present(e)]
            if all(self.pieces.get(e) == mover for e in around):
                del self.pieces[field]

    def play(self, action: tuple[object, ...]) -> None:
        if action[0] == "move":
            _, source, target = action
            assert isinstance(source, tuple) and isinstance(target, tuple)
            del self.pieces[source]
            self.pieces[target] = self.side
            gone = self.remove_tiles()
            self.hands[self.side] += len(gone)  # the mover collects them
            touched = set(edge_neighbours(target))
        else:
            _, target = action
            assert isinstance(target, tuple)
            self.hands[self.side] -= self.cost
            del self.pieces[target]
            gone = self.remove_tiles()  # nobody collects them
            touched = set()
        for tile in gone:
            for f in range(6):
                touched |= set(edge_neighbours((*tile, f)))
        self.capture(touched)
        self.side = 1 - self.side
        self.turns += 1
        self.seen.append(self.key())
        if not any(o == self.side for o in self.pieces.values()):
            self.result, self.winner = "capture-all", 1 - self.side
        elif self.seen.count(self.key()) >= 3:
            self.result = "repetition"
        elif self.turns >= MAX_TURNS:
            self.result = "move-limit"
        elif not self.legal():
            self.result = "stalemate"


MAX_TURNS = 400


def engine_actions(state: CoerceoState) -> dict[tuple[object, ...], int]:
    out: dict[tuple[object, ...], int] = {}
    for a in state.legal_actions():
        d = state.action_to_dict(a)
        if d["kind"] == "move":
            out[("move", tuple(d["from"]), tuple(d["to"]))] = a
        else:
            out[("exchange", tuple(d["target"]))] = a
    return out


def engine_pieces(state: CoerceoState) -> dict[Field, int]:
    return {(x, y, f): c for x, y, f, c in state.observation(None)["pieces"]}


@pytest.mark.parametrize(
    ("variant", "cost", "seed"),
    [("laurentius", 2, 1), ("laurentius", 1, 2), ("ocius", 2, 3), ("ocius", 1, 4)],
)
def test_random_games_agree_with_the_literal_reading(variant: str, cost: int, seed: int) -> None:
    rng = random.Random(seed)
    removals = captures = exchanges = 0
    for _ in range(6):
        game = CoerceoGame(variant=variant, exchange_cost=cost, max_moves=MAX_TURNS)
        state = game.new_initial_state()
        ocius = variant == "ocius"
        ref = Reference(OCIUS if ocius else LAURENTIUS, 1 if ocius else 2, cost)
        while ref.result is None:
            actions = engine_actions(state)
            assert set(actions) == ref.legal()
            choice = rng.choice(sorted(actions, key=repr))
            state.apply_action(actions[choice])
            ref.play(choice)
            assert engine_pieces(state) == ref.pieces
            assert set(state.tiles()) == ref.tiles
            assert list(state.collected()) == ref.hands
            last = state.last_move()
            assert last is not None
            removals += len(last["removed_tiles"])
            captures += len(last["captured"])
            exchanges += choice[0] == "exchange"
        assert state.is_terminal() and state.termination() == ref.result
        assert state.returns() == ([0.0, 0.0] if ref.winner < 0 else
                                   [1.0, -1.0] if ref.winner == 0 else [-1.0, 1.0])  # fmt: skip
    assert removals > 0 and captures > 0 and exchanges > 0  # the games did exercise R7-R10
