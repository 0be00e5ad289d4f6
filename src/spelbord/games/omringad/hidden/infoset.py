"""Resampling whole games (R82): another history the seat cannot tell from the real one.

A resampled state must come with a history that replays to it and shows the seat the same
observation after every move. It is built by walking the real history with a *twin*: the
seat's own actions and the chance events are copied; every other seat's hidden choices are
drawn afresh, each one checked at once against what the seat saw after the real move:

* terrain tiles: any free cells while the terrain is hidden, else the same cells of each
  terrain kind in another order (R5);
* purchases: the kinds that were later seen placed on top of a stack, plus random kinds for
  the rest within the pool and the public budget (R73); which bought unit is placed next
  when it goes under a general (R80), or in the secret opening placement, unless it ends
  up on top of its stack when the placement is revealed (R70);
* moves: which units walk in each group, keeping the group's top unit, what is left on
  top of its square, and every step it takes (R30-R38).

The auction is public and copied move for move (the draw, every bid and pass, the
placement, R100-R104); a special unit then hides under its stack's top and walks with the
twin's groups like any unit, so each exists once and the seat's own stay where they are.

The real choices behind a stack that a battle later shows in full (the groups that joined
or left it, the units placed on it) are copied, since the seat has seen their result. A twin
that a later observation contradicts anyway (a placement shows a kind, a stack's new top is
not what the twin holds) is rebuilt from the start of an earlier round, or of the game.

The twins are cached per game and seat together with the real game at the start of every
round, so resampling the next position of the same game extends the last twin by the new
moves only. As a last resort (not met in hundreds of random and eager test games), the real
choices before the current round are copied, and failing that the real game is returned.
"""

from __future__ import annotations

import contextlib
import random
import weakref
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from spelbord.core import CHANCE, SIMULTANEOUS, Game, Move
from spelbord.core.errors import SpelbordError
from spelbord.games.omringad import board as B
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.position import TILE_ORDER
from spelbord.games.omringad.units import BASE_KINDS, UNITS, Kind

if TYPE_CHECKING:
    from spelbord.games.omringad.position import OmringadData

_GENERAL = BASE_KINDS.index(Kind.GENERAL)
_COSTS = [UNITS[k].cost or 0 for k in BASE_KINDS]
_TRIES = 8
"""Random alternatives tried for one hidden choice before the real one is tried."""
_KEEP = 4
"""Twins cached per seat (search explores several lines of one game)."""
_RETRIES = 4
"""Walks from the start of the game before the last resort."""

_TWINS: weakref.WeakKeyDictionary[Game, dict[int | None, list[Twin]]] = weakref.WeakKeyDictionary()
"""Resampled twins of recent games, per game and seat (dropped with the game)."""


@dataclass
class Twin:
    """The real game and a twin at the same move, with both at the start of each round."""

    real: OmringadData
    fake: OmringadData
    snaps: list[tuple[int, OmringadData, OmringadData]] = field(default_factory=list)
    """``(ply, real, fake)`` at the start of the opening and of each round."""


@dataclass
class _Script:
    """What the real moves of one stretch of the game did, read before the twin walks it."""

    moves: list[Move]
    obs: list[dict[str, Any]] = field(default_factory=list)
    move_end: list[bool] = field(default_factory=list)
    reveal: dict[tuple[int, int], tuple[int, bool]] = field(default_factory=dict)
    buys: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    pinned: dict[tuple[int, int], Counter[int]] = field(default_factory=dict)
    tiles: list[list[int]] | None = None
    snaps: dict[int, OmringadData] = field(default_factory=dict)
    events: list[tuple[int, ...]] = field(default_factory=list)
    pinned_moves: set[int] = field(default_factory=set)
    place_key: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)


def _apply(state: OmringadData, move: Move) -> None:
    """Apply a move of the real history, checked: a state set up by hand may not replay.

    Raises ``IllegalActionError`` for a history that is not legal from the start.
    """
    if not isinstance(move, int):
        state.apply_actions(list(move))
    elif state.current_player() == CHANCE:  # any roll decodes; the final position tells
        state._apply_action(move)
        state._history.append(move)
    else:
        state.apply_action(move)


def _round_start(before: str, state: OmringadData) -> bool:
    return state.phase != before and state.phase in ("pregame", "purchase")


def _read(
    real: OmringadData, moves: list[Move], seat: int | None, seen: set[tuple[int, int, int]]
) -> _Script:
    """Play ``moves`` on ``real`` (in place), noting what the walk of the twin needs.

    ``seen`` adds stacks ``(ply, owner, square)`` whose past is to be copied as in a battle.
    """
    script = _Script(moves)
    pending: dict[int, tuple[int, int]] = {}
    groups: dict[int, int] = {}
    opening_last: dict[tuple[int, int], int] = {}
    start = len(real._history)
    for i, move in enumerate(moves):
        ply = start + i
        others = _others(real, seat)
        if real.phase in ("pregame", "purchase", "reinforce"):
            acts = _acts_of(real, move)
            for o in others:
                a = acts.get(o)
                if a is None:
                    continue
                key = (o, real.round)
                if real.stage[o] == "buy" and N.BUY <= a < N.BUY + 6 and real.phase != "reinforce":
                    script.buys.setdefault(key, []).append(a - N.BUY)
                elif N.PLACE <= a < N.PLACE + 6 and real.placing[o] < 0:
                    pending[o] = (ply, a - N.PLACE)
                elif N.SQUARE <= a < N.MERGE and real.placing[o] >= 0 and o in pending:
                    at, k = pending.pop(o)
                    found = B.find_stack(real.board, a - N.SQUARE, o)
                    stack = found or [o]
                    # shown when it lies on top (no horses or general above it, R80, R112)
                    shown = B.kind_index(B.order_top([k * 4, *stack[1:]])[0]) == k
                    if real.phase == "pregame":  # secret until all is placed (R70)
                        shown = k == _GENERAL
                        opening_last[(o, a - N.SQUARE)] = at
                    script.reveal[(at, o)] = (k, shown)
                    script.place_key[(at, o)] = key
                    if shown:
                        script.pinned.setdefault(key, Counter())[k] += 1
                    script.events.append((_PLACE, at, o, a - N.SQUARE, int(found is None)))
        if real.phase == "auction" and real.auction is not None and isinstance(move, int):
            winner = real.auction["winner"]
            if winner in others and B.find_stack(real.board, move - N.SQUARE, winner) is None:
                script.events.append((_BORN, ply, winner, move - N.SQUARE, 1))
        ended = _group_move(real, move, others, ply, groups)
        before = real.phase
        _apply(real, move)
        if ended is not None and (real.phase != "move" or real.origin < 0):
            script.events.append(ended)
        if before == "pregame" and real.phase != "pregame":
            _reveal_opening(real, script, opening_last)
        if real.phase == "battle" and real.battle:
            for o in others:
                if B.find_stack(real.board, real.battle[0], o) is not None:
                    script.events.append((_SEEN, ply, o, real.battle[0], 0))
        if _round_start(before, real):
            script.snaps[ply + 1] = real.clone()
        script.obs.append(real.observation(seat))
        script.move_end.append(real.phase != "move" or real.origin < 0)
    if real.phase != "setup":
        script.tiles = [t[:] for t in real.tiles]
    script.events += [(_SEEN, ply, o, sq, 0) for ply, o, sq in seen]
    script.events.sort(key=lambda e: (e[1], e[0] == _SEEN))
    _pin_seen_lines(script)
    return script


_SEEN, _MOVE, _PLACE, _BORN = 0, 1, 2, 3
"""Events: a stack seen in full, a group move, a placement, a stack begun by a special unit."""


def _reveal_opening(
    real: OmringadData, script: _Script, opening_last: dict[tuple[int, int], int]
) -> None:
    """Pin the opening placements that the reveal shows: each stack's top (R70, R80).

    The top is the unit placed last on the square, unless a general is there (generals
    are always pinned).
    """
    for (o, sq), at in opening_last.items():
        stack = B.find_stack(real.board, sq, o)
        if stack is None or B.is_general(stack[1]):
            continue
        k, shown = script.reveal[(at, o)]
        if not shown:
            script.reveal[(at, o)] = (k, True)
            script.pinned.setdefault(script.place_key[(at, o)], Counter())[k] += 1
    opening_last.clear()


def _group_move(
    real: OmringadData, move: Move, others: list[int], ply: int, groups: dict[int, int]
) -> tuple[int, ...] | None:
    """Note the first ``take`` of another seat's group; its record if ``move`` may end it."""
    o = real.mover
    if real.phase != "move" or o not in others or not isinstance(move, int):
        return None
    if real.origin >= 0 and not real.path and not real.group and _is_take(move):
        groups[o] = ply
        return None
    if not real.path or o not in groups or (move == N.STOP and len(real.path) < 2):
        return None
    dest = real.path[-1] if move == N.STOP else move - N.SQUARE
    born = B.find_stack(real.board, dest, o) is None
    return (_MOVE, groups[o], o, real.path[0], int(born), dest)


def _pin_seen_lines(script: _Script) -> None:
    """Copy the real choices behind every stack a battle later showed in full (R80).

    Going back in time from each battle, a group that left or joined a shown stack walked
    with exactly the real units (its origin is then shown too), and a unit placed on it
    under a general was of the real kind; a stack stops mattering before it was formed.
    """
    hot: set[tuple[int, int]] = set()
    for kind, ply, o, sq, born, *rest in reversed(script.events):
        if kind == _SEEN:
            hot.add((sq, o))
        elif kind == _BORN:  # the auction's placement began it (R104): nothing before counts
            hot.discard((sq, o))
        elif kind == _MOVE:
            dest = rest[0]
            if (dest, o) in hot or (sq, o) in hot:
                script.pinned_moves.add(ply)
                if born:
                    hot.discard((dest, o))
                hot.add((sq, o))
        elif (sq, o) in hot:
            k, shown = script.reveal[(ply, o)]
            if not shown:
                script.reveal[(ply, o)] = (k, True)
                script.pinned.setdefault(script.place_key[(ply, o)], Counter())[k] += 1
            if born:
                hot.discard((sq, o))


def _others(state: OmringadData, seat: int | None) -> list[int]:
    return [o for o in range(state.num_players()) if o != seat]


def _acts_of(state: OmringadData, move: Move) -> dict[int, int]:
    if isinstance(move, int):
        player = state.current_player()
        return {player: move} if player >= 0 else {}
    return dict(enumerate(move))


class _Dead(Exception):
    """The twin cannot follow the real game any further from here.

    ``stack`` is ``(ply, owner, square)`` when a group move from that stack failed.
    """

    def __init__(self, stack: tuple[int, int, int] | None = None) -> None:
        super().__init__(stack)
        self.stack = stack


class _Walk:
    """One walk of a twin along a script."""

    def __init__(
        self,
        fake: OmringadData,
        script: _Script,
        seat: int | None,
        rng: random.Random,
        keep_before: int,
    ) -> None:
        self.fake = fake
        self.script = script
        self.seat = seat
        self.rng = rng
        self.keep_before = keep_before
        self.start = len(fake._history)
        self.plans: dict[tuple[int, int], list[int]] = {}
        self.left_pinned: dict[tuple[int, int], Counter[int]] = {}
        self.snaps: list[tuple[int, OmringadData]] = []

    def run(self) -> None:
        i = 0
        moves = self.script.moves
        while i < len(moves):
            fake = self.fake
            ply = self.start + i
            player = fake.current_player()
            move = moves[i]
            if player == SIMULTANEOUS:
                if not isinstance(move, tuple):
                    raise _Dead
                joint = list(move)
                for o in _others(fake, self.seat):
                    joint[o] = self._secret(o, joint[o], ply)
                self._do(i, tuple(joint))
            elif player == CHANCE or player == self.seat or not isinstance(move, int):
                self._do(i, move)
            elif fake.phase == "move" and fake.origin >= 0 and not fake.path and not fake.group:
                i = self._group(i)
                continue
            elif fake.phase == "move" and N.is_take(move) and ply >= self.keep_before:
                self._do(i, _take(fake, self.script.obs[i], self.rng))
            elif fake.phase == "reinforce" and N.PLACE <= move < N.PLACE + 6:
                self._do(i, N.PLACE + self._placing(player, move - N.PLACE, ply))
            else:
                self._do(i, move)
            i += 1

    # ------------------------------------------------------------------ one move
    def _do(self, i: int, move: Move, fake: OmringadData | None = None) -> None:
        state = self.fake if fake is None else fake
        before = state.phase
        if isinstance(move, int):
            player = state.current_player()
            # The seat's own actions and chance events are legal wherever it sees the same.
            if player not in (CHANCE, self.seat) and move not in state._legal_actions(player):
                raise _Dead
            state._apply_action(move)
            state._history.append(move)
        else:
            for s, a in enumerate(move):
                if s != self.seat and a not in state._legal_actions(s):
                    raise _Dead
            state._apply_actions(list(move))
            state._history.append(move)
        if state.observation(self.seat) != self.script.obs[i]:
            raise _Dead
        if fake is None and _round_start(before, state):
            self.snaps.append((len(state._history), state.clone()))

    # ------------------------------------------------------------------ simultaneous secrets
    def _secret(self, o: int, a: int, ply: int) -> int:
        fake = self.fake
        if fake.phase == "setup":
            return N.TILE + self._tile(o, a - N.TILE, ply)
        if fake.stage[o] == "buy" and N.BUY <= a < N.BUY + 6:
            return N.BUY + self._buy(o, a - N.BUY, ply)
        if N.PLACE <= a < N.PLACE + 6 and fake.stage[o] == "place":
            return N.PLACE + self._placing(o, a - N.PLACE, ply)
        return a

    def _tile(self, o: int, cell: int, ply: int) -> int:
        fake = self.fake
        if ply < self.keep_before:
            return cell

        used = set(fake.tiles[o])
        final = self.script.tiles
        if final is None:
            free = [c for c in range(25) if c not in used]
        else:
            kind = TILE_ORDER[len(fake.tiles[o])]
            free = [
                c for c, t in zip(final[o], TILE_ORDER, strict=True) if t == kind and c not in used
            ]
        if not free:
            raise _Dead
        return self.rng.choice(free)

    def _buy(self, o: int, kind: int, ply: int) -> int:
        fake = self.fake
        key = (o, fake.round)
        if ply < self.keep_before:
            return kind
        if key not in self.plans:
            fresh = not fake.bought[o] and fake.gold[o] == fake.budget[o]
            plan = self._plan(o, key) if fresh else None
            self.plans[key] = plan if plan is not None else []
        plan = self.plans[key]
        if plan:
            return plan.pop()
        affordable = [
            k for k in range(len(BASE_KINDS)) if fake.pool[o][k] > 0 and _COSTS[k] <= fake.gold[o]
        ]
        if not affordable:
            raise _Dead
        return self.rng.choice(affordable)

    def _plan(self, o: int, key: tuple[int, int]) -> list[int] | None:
        """The kinds ``o`` buys this phase: the ones seen placed, the rest at random."""
        fake = self.fake
        real = self.script.buys.get(key, [])
        pinned = self.script.pinned.get(key, Counter())
        free_real = list((Counter(real) - pinned).elements())
        n_free = len(real) - sum(pinned.values())
        if n_free < 0 or len(free_real) != n_free:
            return None
        pool = Counter({k: n for k, n in enumerate(fake.pool[o])})
        budget = fake.budget[o] - sum(_COSTS[k] for k in pinned.elements())
        if pinned - pool or budget < 0:
            return None
        pool -= pinned
        units = list(pool.elements())
        choice = free_real
        for _ in range(_TRIES * 4):
            if n_free > len(units):
                break
            pick = self.rng.sample(units, n_free)
            if sum(_COSTS[k] for k in pick) <= budget:
                choice = pick
                break
        plan = [*pinned.elements(), *choice]
        self.rng.shuffle(plan)
        self.left_pinned[key] = Counter(pinned)
        return plan

    # ------------------------------------------------------------------ placements
    def _placing(self, o: int, kind: int, ply: int) -> int:
        """Which bought unit ``o`` places next: the real one if it shows, else any other."""
        fake = self.fake
        key = (o, fake.round)
        shown = self.script.reveal.get((ply, o))
        left = self.left_pinned.setdefault(key, Counter(self.script.pinned.get(key, Counter())))
        if ply < self.keep_before or (shown is not None and shown[1]):
            if shown is not None and shown[1] and left[kind] > 0:
                left[kind] -= 1
            return kind
        spare = Counter(fake.bought[o]) - left
        choices = [k for k in spare.elements() if k != _GENERAL]
        if not choices:
            return kind
        return self.rng.choice(choices)

    # ------------------------------------------------------------------ moving groups
    def _group(self, i: int) -> int:
        """Walk one whole group move of another seat from its first ``take``; the next index."""
        moves = self.script.moves
        end = i
        while end < len(moves) - 1 and not self.script.move_end[end]:
            end += 1
        ply = self.start + i
        takes = [j for j in range(i, end + 1) if _is_take(moves[j])]
        real = [moves[j] for j in takes]
        keep = ply < self.keep_before or ply in self.script.pinned_moves
        tries = 0 if keep else _TRIES
        for attempt in range(tries + 1):
            chosen = real if attempt == tries else self._choose_group(takes, end)
            if chosen is None:
                chosen = real
            fake = self.fake.clone()
            try:
                for j in range(i, end + 1):
                    m = chosen[takes.index(j)] if j in takes else moves[j]
                    self._do(j, m, fake)
            except _Dead:
                if chosen is real:
                    break
                continue
            self.fake = fake
            return end + 1
        raise _Dead((ply, self.fake.mover, self.fake.origin))

    def _choose_group(self, takes: list[int], end: int) -> list[Move] | None:
        """Random units to walk, in an order that keeps every top seen as it was.

        The group's top after each ``take`` and the top left on the square when the group
        sets off are seen; the engine takes the first unmoved unit of a class, so a choice
        is a number of units per class.
        """
        fake = self.fake
        obs = self.script.obs
        tops = [obs[j]["move"]["top"] for j in takes]
        left_top: str | None = None
        if takes[-1] + 1 <= end:
            here = [
                s["top"]
                for s in obs[takes[-1] + 1]["stacks"]
                if s["square"] == fake.origin and s["owner"] == fake.mover
            ]
            left_top = here[0] if here else ""
        stack = (B.find_stack(fake.board, fake.origin, fake.mover) or [0])[1:]
        free = [c // 2 for c in stack if not B.moved(c)]
        n = len(takes)
        if n > len(free):
            return None
        for _ in range(_TRIES * 4):
            counts = Counter(free[p] for p in self.rng.sample(range(len(free)), n))
            if left_top is not None and _left_top(stack, counts) != left_top:
                continue
            for _ in range(_TRIES):
                seq = list(counts.elements())
                self.rng.shuffle(seq)
                shown = [B.unit_of(B.order_top([c * 2 for c in seq[: k + 1]])[0]).code
                         for k in range(n)]  # fmt: skip
                if shown == tops:
                    return [N.take_action(c) for c in seq]
        return None


def _take(fake: OmringadData, seen: dict[str, Any], rng: random.Random) -> int:
    """A random unit to add to a group under way that keeps the group's top as seen."""
    want = seen["move"]["top"]
    legal = [a for a in fake._legal_actions(fake.mover) if _is_take(a)]
    rng.shuffle(legal)
    for a in legal:
        top = B.order_top([c * 2 for c in [*fake.group, N.action_class(a)]])[0]
        if B.unit_of(top).code == want:
            return a
    raise _Dead


def _is_take(move: Move) -> bool:
    return isinstance(move, int) and N.is_take(move)


def _left_top(stack: list[int], counts: Counter[int]) -> str:
    """The top unit left after the engine takes ``counts`` unmoved units per class."""
    need = Counter(counts)
    for c in stack:
        if not B.moved(c) and need[c // 2] > 0:
            need[c // 2] -= 1
        else:
            return B.unit_of(c).code
    return ""


@dataclass
class _Result:
    """The outcome of one walk: the twin (``None`` if it broke off) and what was learnt."""

    twin: Twin | None
    round_starts: list[int]
    stack: tuple[int, int, int] | None = None


def walk(
    real: OmringadData,
    fake: OmringadData,
    moves: list[Move],
    seat: int | None,
    rng: random.Random,
    keep_before: int = 0,
    seen: set[tuple[int, int, int]] | None = None,
) -> _Result:
    """Play the real ``moves`` on ``real`` and a twin on ``fake`` (both changed in place).

    Gives the twin with the round-start snapshots met on the way (``None`` if it had to
    break off, then with the stack whose move failed, if it was one), and the plies at which
    a round started. Choices at plies below ``keep_before`` copy the real ones; so do the
    choices behind the stacks in ``seen``.
    """
    script = _read(real, moves, seat, seen or set())
    walker = _Walk(fake, script, seat, rng, keep_before)
    starts = sorted(script.snaps)
    try:
        walker.run()
    except _Dead as dead:
        return _Result(None, starts, dead.stack)
    snaps = [(ply, script.snaps[ply], f) for ply, f in walker.snaps if ply in script.snaps]
    return _Result(Twin(real, walker.fake, snaps), starts)


def resample_history(
    state: OmringadData, seat: int | None, rng: random.Random
) -> OmringadData | None:
    """A state whose whole history ``seat`` cannot tell from the real one (R82).

    Extends the cached twin of this game if there is one; asked again about the same
    position, walks again from the start of the game or of a random round. Else it walks
    from the start of one of the last rounds, else from the start of the game. When a group
    move cannot be followed, the walk is tried again copying the real past of the stack it
    left. ``None`` when ``state`` was not reached by its own history (set up by hand).
    """
    game = state.game
    cache = _TWINS.setdefault(game, {}).setdefault(seat, [])
    history = state._history
    best: Twin | None = None
    for twin in cache:
        n = len(twin.real._history)
        longer = best is None or n > len(best.real._history)
        if longer and n <= len(history) and twin.real._history == history[:n]:
            best = twin
    initial = game.new_initial_state()
    starts: list[tuple[int, OmringadData, OmringadData, list[Any]]] = []
    if best is not None:
        n = len(best.real._history)
        if n < len(history):
            starts.append((n, best.real, best.fake, best.snaps))
        else:  # the same position again: draw afresh from the start or a random round
            earlier = sum(1 for p, _, _ in best.snaps if p < n)
            if earlier == 0 or rng.random() < 0.5:
                starts.append((0, initial, initial, []))
            else:
                k = rng.randrange(earlier)
                ply, r, f = best.snaps[k]
                starts.append((ply, r, f, best.snaps[: k + 1]))
        for ply, r, f in reversed(best.snaps[-3:]):
            starts.append((ply, r, f, [s for s in best.snaps if s[0] <= ply]))
    starts += [(0, initial, initial, [])] * (_RETRIES + 1)
    seen: set[tuple[int, int, int]] = set()
    round_starts = [0]
    for ply, r, f, prior in starts:
        try:
            result = walk(r.clone(), f.clone(), list(history[ply:]), seat, rng, 0, seen)
        except SpelbordError:
            return None  # the history does not lead to this state
        round_starts = [0, *(p for p, _, _ in prior), *result.round_starts]
        if result.stack is not None:
            seen.add(result.stack)
        if result.twin is not None:
            return _checked(cache, best, result.twin, prior, state)
    # Last resort: copy the real choices made before this round, draw this round's afresh;
    # and if even that breaks off, the real game (see the module's docstring).
    for keep in (max(round_starts), len(history)):
        result = walk(initial.clone(), initial.clone(), list(history), seat, rng, keep, seen)
        if result.twin is not None:
            return _checked(cache, best, result.twin, [], state)
    return None


def _checked(
    cache: list[Twin], old: Twin | None, twin: Twin, prior: list[Any], state: OmringadData
) -> OmringadData | None:
    """The twin's state, if the real game it followed is ``state`` (else ``None``)."""
    if twin.real._state_dict() != state._state_dict():
        return None
    twin.snaps = [*prior, *twin.snaps]
    return _keep(cache, old, twin)


def _keep(cache: list[Twin], old: Twin | None, twin: Twin) -> OmringadData:
    """Cache ``twin`` in place of the one it grew from; hand out a copy of its state."""
    if old is not None:
        with contextlib.suppress(ValueError):  # another thread may have dropped it
            cache.remove(old)
    cache.append(twin)
    del cache[:-_KEEP]
    return twin.fake.clone()
