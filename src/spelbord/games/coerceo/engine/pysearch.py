"""The pure-Python twin of the compiled engine core (``_ccore.c``), line for line.

It is used when the C extension was not built (and by the tests, which check that both
give the same move lists, perft counts, evaluations and fixed-depth search results, node
for node). Positions are tuples ``(white, black, present, tiles, col_white, col_black,
hash)`` over the per-colour 57-bit field masks described in ``cores``.

>>> from spelbord.games.coerceo import CoerceoGame
>>> from spelbord.games.coerceo.engine.cores import PY_CORE, core_args
>>> len(PY_CORE.moves(*core_args(CoerceoGame().new_initial_state())))
48
"""

from __future__ import annotations

import itertools
import math
import time
from typing import Any

NB = 57
NT = 19
WIN = 30000
WIN_BOUND = 29000
MAXPLY = 128
HIST_MAX = 1024
PERFT_MAX_DEPTH = 64
NF = 8

S_HASH = 1000000000
S_CAPTURE = 1000000
S_REMOVE = 900000
S_EXCHANGE = 800000
S_KILLER1 = 700000
S_KILLER2 = 690000
HISTORY_LIMIT = 500000
ENDGAME_DEFENDERS = 3
"""The endgame term (weights 10-12) counts for a side ahead in pieces against at most this
many."""
ENDGAME_TILES = 5
"""The endgame term's board size counts tiles up to this many."""

TT_EXACT, TT_LOWER, TT_UPPER = 1, 2, 3

TB_MAX_SIDE = 8
"""Endgame tables (``_ccore_tb.h``): pieces of one colour at most."""
TB_MAX_POS = 1 << 21
"""Positions of one endgame table at most."""
TB_SLOTS = 16384
TB_MAX_BYTES = 256 << 20
TB_SHARE = 0.5
TB_RATE = 1e6
"""Positions a second a table build may count on under a deadline (a table that cannot
be built in the time left waits for a search with more)."""
TB_DRAW_SHARE = 4
"""A drawn table position in the search: the draw plus the evaluation divided by this."""
"""Share of a timed search's budget that building endgame tables may take."""

Pos = tuple[int, int, int, int, int, int, int]


def _tm(t: int) -> int:
    return 7 << (3 * t)


def _bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def _cdiv(a: int, b: int) -> int:
    """C's integer division (truncates towards zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


TB_INF = 32767


def _binom(n: int, k: int) -> int:
    return math.comb(n, k) if 0 <= k <= n else 0


def _colex(n: int, k: int) -> list[tuple[int, ...]]:
    """The k-subsets of range(n) in colex order (their rank order in a table)."""
    out = [c[::-1] for c in itertools.combinations(range(n - 1, -1, -1), k)]
    return out[::-1]


class SearchStopped(Exception):
    """The time budget ran out in the middle of an iteration."""


class PyCore:
    """Same functions, same arguments, same results as the ``_ccore`` extension."""

    PERFT_MAX_DEPTH = PERFT_MAX_DEPTH

    def __init__(self) -> None:
        self.perft_rec: list[tuple[int, int]] = []
        self.ready = False
        self.tb: dict[tuple[int, ...], list[int] | None] = {}
        self.tb_on = False
        self.plain = False
        self.tb_draws = True
        self.tb_hits = 0
        self.tb_deadline = 0.0
        self.W = [0] * 16
        self.tt: dict[int, tuple[int, int, int, int, int]] = {}
        self.tt_mask = 0

    # ------------------------------------------------------------------ setup
    def setup(
        self,
        move: list[int],
        edge: list[int],
        border: list[int],
        tnb: list[int],
        rem: list[int],
        zob: list[int],
    ) -> None:
        self.MOVE = (move[:NB], move[NB:])
        self.EDGE = (edge[:NB], edge[NB:])
        self.BORDER = (border[:NT], border[NT:])
        self.TNB = [tnb[6 * t : 6 * t + 6] for t in range(NT)]
        self.REM = list(rem)
        self.ZP = (zob[:NB], zob[NB : 2 * NB])
        self.ZT = zob[2 * NB : 2 * NB + NT]
        base = 2 * NB + NT
        self.ZC = (zob[base : base + 64], zob[base + 64 : base + 128])
        self.ZSIDE = zob[base + 128]
        self.TDIST = self._tile_distances()
        self.ready = True

    def _tile_distances(self) -> list[list[int]]:
        """Hex distance between tiles (breadth-first over the tile neighbours)."""
        out = []
        for a in range(NT):
            dist = [255] * NT
            dist[a] = 0
            queue = [a]
            for t in queue:
                for n in self.TNB[t]:
                    if n >= 0 and dist[n] == 255:
                        dist[n] = dist[t] + 1
                        queue.append(n)
            out.append(dist)
        return out

    def set_weights(self, w: list[int]) -> None:
        if len(w) > 16:
            raise ValueError("at most 16 weights")
        self.W = [int(v) for v in w] + [0] * (16 - len(w))

    # ------------------------------------------------------------------ positions
    def _load(self, w: int, b: int, tiles: int, cw: int, cb: int, side: int) -> Pos:
        present = 0
        for t in range(NT):
            if tiles >> t & 1:
                present |= _tm(t)
        h = 0
        for c, m in ((0, w), (1, b)):
            for q in _bits(m):
                h ^= self.ZP[c][q]
        h ^= self.ZC[0][cw & 63] ^ self.ZC[1][cb & 63]
        for t in range(NT):
            if tiles >> t & 1:
                h ^= self.ZT[t]
        if side:
            h ^= self.ZSIDE
        return (w, b, present, tiles, cw, cb, h)

    def _removal_chain(
        self, occ: int, tiles: int, present: int, h: int, start: int
    ) -> tuple[int, int, int, int]:
        removed = 0
        cand = 1 << start
        TNB, REM, ZT = self.TNB, self.REM, self.ZT
        while cand:
            now = 0
            for t in _bits(cand):
                if not tiles >> t & 1 or occ & _tm(t):
                    continue
                pat = 0
                for d in range(6):
                    n = TNB[t][d]
                    if n >= 0 and tiles >> n & 1:
                        pat |= 1 << d
                if REM[pat]:
                    now |= 1 << t
            if not now:
                break
            tiles &= ~now
            removed |= now
            cand = 0
            for t in _bits(now):
                present &= ~_tm(t)
                h ^= ZT[t]
                for d in range(6):
                    n = TNB[t][d]
                    if n >= 0 and tiles >> n & 1:
                        cand |= 1 << n
        return tiles, present, h, removed

    def _capture(self, p: list[int], c: int, present: int, h: int, touched: int) -> tuple[int, int]:
        o = 1 - c
        holes = present & ~p[c]
        n = 0
        for q in _bits(p[o] & touched):
            if not self.EDGE[o][q] & holes:
                p[o] ^= 1 << q
                h ^= self.ZP[o][q]
                n += 1
        return h, n

    def _make(self, s: Pos, c: int, m: int) -> tuple[Pos, int]:
        w, b, present, tiles, cw, cb, h = s
        p = [w, b]
        col = [cw, cb]
        o = 1 - c
        h ^= self.ZSIDE
        if m & 4096:
            q = m & 63
            p[o] ^= 1 << q
            h ^= self.ZP[o][q]
            h ^= self.ZC[c][col[c] & 63] ^ self.ZC[c][(col[c] - self.cost) & 63]
            col[c] -= self.cost
            t = q // 3
            if not (p[0] | p[1]) & _tm(t):
                tiles, present, h, r = self._removal_chain(p[0] | p[1], tiles, present, h, t)
                if r:
                    touched = 0
                    for t2 in _bits(r):
                        touched |= self.BORDER[o][t2]
                    h, _ = self._capture(p, c, present, h, touched)
            return (p[0], p[1], present, tiles, col[0], col[1], h), 1
        frm, to = m & 63, m >> 6
        p[c] ^= (1 << frm) | (1 << to)
        h ^= self.ZP[c][frm] ^ self.ZP[c][to]
        touched = self.EDGE[c][to]
        t = frm // 3
        irr = 0
        if not (p[0] | p[1]) & _tm(t):
            tiles, present, h, r = self._removal_chain(p[0] | p[1], tiles, present, h, t)
            if r:
                irr = 1
                new = col[c] + r.bit_count()
                h ^= self.ZC[c][col[c] & 63] ^ self.ZC[c][new & 63]
                col[c] = new
                for t2 in _bits(r):
                    touched |= self.BORDER[o][t2]
        h, n = self._capture(p, c, present, h, touched)
        if n:
            irr = 1
        return (p[0], p[1], present, tiles, col[0], col[1], h), irr

    def _gen(self, s: Pos, c: int) -> list[int]:
        out = []
        own = s[c]
        free = s[2] & ~own
        mv = self.MOVE[c]
        for q in _bits(own):
            for d in _bits(mv[q] & free):
                out.append(q | d << 6)
        if s[4 + c] >= self.cost:
            for q in _bits(s[1 - c]):
                out.append(4096 | q)
        return out

    def _has_action(self, s: Pos, c: int) -> bool:
        if s[4 + c] >= self.cost:
            return True
        free = s[2] & ~s[c]
        mv = self.MOVE[c]
        return any(mv[q] & free for q in _bits(s[c]))

    # ------------------------------------------------------------------ evaluation
    def _hanging(self, s: Pos, c: int) -> int:
        o = 1 - c
        n = 0
        free_o = s[2] & ~s[o]
        for q in _bits(s[c]):
            holes = self.EDGE[c][q] & free_o
            if holes and not holes & (holes - 1):
                hole = holes.bit_length() - 1
                if self.MOVE[o][hole] & s[o] & ~self.EDGE[c][q]:
                    n += 1
        return n

    def _features(self, s: Pos, c: int) -> list[int]:
        o = 1 - c
        own = s[c]
        np_, no = own.bit_count(), s[o].bit_count()
        f = [np_, s[4 + c], 1 if s[4 + c] >= self.cost else 0, self._hanging(s, c)]
        mob = rim = 0
        free = s[2] & ~own
        for q in _bits(own):
            mob += (self.MOVE[c][q] & free).bit_count()
            rim += 3 - (self.EDGE[c][q] & s[2]).bit_count()
        collect = 0
        tiles = s[3]
        for t in range(NT):
            if not tiles >> t & 1:
                continue
            tm = _tm(t)
            if s[o] & tm or (own & tm).bit_count() != 1:
                continue
            pat = 0
            for d in range(6):
                n = self.TNB[t][d]
                if n >= 0 and tiles >> n & 1:
                    pat |= 1 << d
            if self.REM[pat]:
                collect += 1
        ratio = _cdiv((np_ - no) * 36, np_ + no) if np_ + no > 0 else 0
        return [*f, mob, rim, collect, ratio]

    def _endgame_side(self, s: Pos, c: int) -> int:
        """The endgame term of colour ``c`` as attacker (``endgame_side`` in ``_ccore.c``):
        0 unless ``c`` has more pieces than the opponent, who has at most
        ``ENDGAME_DEFENDERS`` left."""
        o = 1 - c
        np_, no = s[c].bit_count(), s[o].bit_count()
        if np_ <= no or no == 0 or no > ENDGAME_DEFENDERS:
            return 0
        free_c = s[2] & ~s[c]
        free_o = s[2] & ~s[o]
        defenders = _bits(s[o])
        holes = sum((self.EDGE[o][q] & free_c).bit_count() for q in defenders)
        dist = sum(min(self.TDIST[b // 3][q // 3] for q in defenders) for b in _bits(s[c]))
        mob = sum((self.MOVE[o][q] & free_o).bit_count() for q in defenders)
        tiles = min(s[3].bit_count(), ENDGAME_TILES)
        W = self.W
        return W[13] * tiles - (W[10] * holes + W[11] * dist + W[12] * mob)

    def _evaluate(self, s: Pos, c: int, clock: int) -> int:
        a = self._features(s, c)
        b = self._features(s, 1 - c)
        W = self.W
        v = sum(W[i] * (a[i] - b[i]) for i in range(NF))
        v += W[8] * b[3]
        v += W[9]
        if W[10] or W[11] or W[12] or W[13]:
            v += self._endgame_side(s, c) - self._endgame_side(s, 1 - c)
        if clock > 0:
            v = _cdiv(v * (200 - min(clock, 150)), 200)
        return max(-20000, min(20000, v))

    def _capture_targets(self, s: Pos, c: int) -> int:
        o = 1 - c
        holes = s[2] & ~s[c]
        out = 0
        for q in _bits(s[o]):
            h = self.EDGE[o][q] & holes
            if h and not h & (h - 1):
                out |= h
        return out

    def _capture_estimate(self, s: Pos, c: int, m: int, targets: int) -> tuple[int, bool]:
        o = 1 - c
        frm, to = m & 63, m >> 6
        own = s[c] ^ (1 << frm) ^ (1 << to)
        rem = not (own | s[o]) & _tm(frm // 3)
        if not targets >> to & 1:
            return 0, rem
        holes = s[2] & ~own
        n = 0
        for q in _bits(self.EDGE[c][to] & s[o]):
            if not self.EDGE[o][q] & holes:
                n += 1
        return n, rem

    def _order(self, s: Pos, c: int, moves: list[int], hmove: int, ply: int) -> list[int]:
        scored = []
        targets = self._capture_targets(s, c)
        for m in moves:
            if m == hmove:
                sc = S_HASH
            elif m & 4096:
                q = m & 63
                rest = (s[1 - c] & ~(1 << q)) | s[c]
                sc = S_EXCHANGE + (0 if rest & _tm(q // 3) else 1000)
            else:
                cap, rem = self._capture_estimate(s, c, m, targets)
                if cap:
                    sc = S_CAPTURE + 1000 * cap + (500 if rem else 0)
                elif rem:
                    sc = S_REMOVE
                elif m == self.killers[ply][0]:
                    sc = S_KILLER1
                elif m == self.killers[ply][1]:
                    sc = S_KILLER2
                else:
                    sc = self.history[c][m & 63][m >> 6]
            scored.append((sc, m))
        scored.sort(key=lambda x: -x[0])  # stable, like the C insertion sort
        self._scores = [sc for sc, _ in scored]
        return [m for _, m in scored]

    # ------------------------------------------------------------------ endgame tables
    # The twin of _ccore_tb.h: the same values (exact, by the same definition), kept in a
    # dict per signature (tiles, white pieces, black pieces, collected tiles capped, cost).
    def _tb_key(self, s: Pos) -> tuple[int, ...] | None:
        nw, nb = s[0].bit_count(), s[1].bit_count()
        if not nw or not nb:
            return None
        return (s[3], nw, nb, min(s[4], self.cost * nb), min(s[5], self.cost * nw), self.cost)

    @staticmethod
    def _tb_rank(m: int, present: int) -> int:
        r = 0
        for i, b in enumerate(_bits(m), 1):
            r += _binom((present & ((1 << b) - 1)).bit_count(), i)
        return r

    def _tb_lookup(self, s: Pos, side: int, build: bool) -> int | None:
        key = self._tb_key(s)
        if key is None:
            return None
        table = self._tb_get(key, build)
        if table is None:
            return None
        nbc = _binom(3 * s[3].bit_count(), key[2])
        return table[(self._tb_rank(s[0], s[2]) * nbc + self._tb_rank(s[1], s[2])) * 2 + side]

    def _tb_get(self, key: tuple[int, ...], build: bool) -> list[int] | None:
        if key in self.tb:
            return self.tb[key]
        if not build:
            return None
        tiles, nw, nb = key[0], key[1], key[2]
        f = 3 * tiles.bit_count()
        if nw > TB_MAX_SIDE or nb > TB_MAX_SIDE or nw > f or nb > f:
            self.tb[key] = None
            return None
        if _binom(f, nw) * _binom(f, nb) * 2 > TB_MAX_POS:
            self.tb[key] = None
            return None
        if self.tb_deadline > 0:
            left = self.tb_deadline - time.perf_counter()
            if left <= 0 or _binom(f, nw) * _binom(f, nb) * 2 > left * TB_RATE:
                return None
        self.tb[key] = None  # until built: a table never needs itself
        table = self._tb_build(key)
        self.tb[key] = table
        if table is None:
            del self.tb[key]  # for want of time: built again when asked with time
        return table

    def _tb_build(self, key: tuple[int, ...]) -> list[int] | None:
        tiles, nw, nb, cw, cb, _ = key
        present = sum(_tm(t) for t in range(NT) if tiles >> t & 1)
        fields = _bits(present)
        nbc = _binom(len(fields), nb)
        size = _binom(len(fields), nw) * nbc * 2
        val = [0] * size
        done = [False] * size
        kids: list[list[int]] = [[] for _ in range(size)]
        xloss = [TB_INF] * size
        xwin = [0] * size
        xdraw = [False] * size
        maxx = 0
        blacks = [sum(1 << fields[j] for j in combo) for combo in _colex(len(fields), nb)]
        for rw, wcombo in enumerate(_colex(len(fields), nw)):
            if self.tb_deadline > 0 and time.perf_counter() >= self.tb_deadline:
                return None
            wm = sum(1 << fields[j] for j in wcombo)
            for rb, bm in enumerate(blacks):
                for side in (0, 1):
                    i = (rw * nbc + rb) * 2 + side
                    s = (wm, bm, present, tiles, cw, cb, 0)
                    moves = self._gen(s, side)
                    if not moves:
                        done[i] = True  # stalemate: a draw (R12)
                        continue
                    o = 1 - side
                    for m in moves:
                        ch, _ = self._make(s, side, m)
                        if not ch[o]:
                            val[i] = 1
                            done[i] = True
                            break
                        if ch[3] == tiles and ch[0].bit_count() == nw and ch[1].bit_count() == nb:
                            kids[i].append(
                                (
                                    self._tb_rank(ch[0], present) * nbc
                                    + self._tb_rank(ch[1], present)
                                )
                                * 2
                                + o
                            )
                            continue
                        v = self._tb_lookup(ch, o, True)
                        if v is None:
                            return None
                        if v == 0:
                            xdraw[i] = True
                        elif v < 0:
                            xloss[i] = min(xloss[i], -v)
                        else:
                            xwin[i] = max(xwin[i], v)
                        maxx = max(maxx, abs(v))
                    if done[i]:
                        kids[i] = []
        open_ = [i for i in range(size) if not done[i]]
        changed = True
        n = 2
        while open_ and (changed or n <= maxx + 2) and n < TB_INF - 1:
            changed = False
            keep = []
            for i in open_:
                win = xloss[i] == n - 1
                all_won = not xdraw[i] and xloss[i] == TB_INF
                mx = xwin[i]
                for j in kids[i]:
                    if win:
                        break
                    if not done[j]:
                        all_won = False
                        continue
                    v = val[j]
                    if v == -(n - 1):
                        win = True
                    elif v <= 0:
                        all_won = False
                    elif v > mx:
                        mx = v
                if win:
                    val[i] = n
                    done[i] = True
                    changed = True
                elif all_won and mx == n - 1:
                    val[i] = -n
                    done[i] = True
                    changed = True
                else:
                    keep.append(i)
            open_ = keep
            n += 1
        return val

    def _tb_probe(self, s: Pos, c: int, ply: int, clock: int) -> int | None:
        if s[0].bit_count() > TB_MAX_SIDE or s[1].bit_count() > TB_MAX_SIDE:
            return None
        v = self._tb_lookup(s, c, False)
        if v is None:
            return None
        n = abs(v)
        if v == 0 or ply + n > self.moves_left:
            if not self.tb_draws:
                return None
            self.tb_hits += 1
            return self.draw[c] + _cdiv(self._evaluate(s, c, clock), TB_DRAW_SHARE)
        self.tb_hits += 1
        return WIN - ply - n if v > 0 else -(WIN - ply - n)

    def _tb_make_room(self) -> None:
        size = 2 * sum(len(t) for t in self.tb.values() if t is not None)
        if len(self.tb) > TB_SLOTS // 2 - TB_SLOTS // 8 or size > TB_MAX_BYTES // 4 * 3:
            self.tb = {}

    def _tb_prepare(self, s: Pos, side: int, seconds: float, t0: float) -> None:
        self._tb_make_room()
        self.tb_draws = True
        self.tb_deadline = t0 + seconds * TB_SHARE if seconds > 0 else 0.0
        if self._tb_lookup(s, side, True) == 0:
            self.tb_draws = False
        for m in self._gen(s, side):
            if self.tb_deadline > 0 and time.perf_counter() >= self.tb_deadline:
                break
            ch, irr = self._make(s, side, m)
            if not ch[1 - side]:
                continue
            if irr:
                self._tb_lookup(ch, 1 - side, True)
            for r in self._gen(ch, 1 - side):
                g, irr2 = self._make(ch, 1 - side, r)
                if irr2 and g[side]:
                    self._tb_lookup(g, side, True)
        self.tb_deadline = 0.0

    def tb_value(
        self, w: int, b: int, tiles: int, cw: int, cb: int, side: int, cost: int, build: int = 1
    ) -> int | None:
        if not self.ready:
            raise RuntimeError("setup() first")
        self.cost = cost
        if build:
            self._tb_make_room()
        return self._tb_lookup(self._load(w, b, tiles, cw, cb, side), side, bool(build))

    def tb_stats(self) -> tuple[int, int, int]:
        tables = [t for t in self.tb.values() if t is not None]
        return len(tables), 2 * sum(len(t) for t in tables), self.tb_hits

    def tb_clear(self) -> None:
        self.tb = {}

    # ------------------------------------------------------------------ search
    def _is_repetition(self, h: int, start: int) -> bool:
        if not self.rep:
            return False
        count = 0
        keys = self.hist
        for i in range(len(keys) - 1, start - 1, -1):
            if keys[i] == h:
                count += 1
                if count >= 2:
                    return True
        return False

    def _tick(self) -> None:
        self.nodes += 1
        if (self.nodes & 2047) == 0 and self.deadline > 0 and time.perf_counter() >= self.deadline:
            raise SearchStopped

    def _set_pv(self, ply: int, m: int) -> None:
        self.pv[ply] = [m, *self.pv[ply + 1]]

    def _qsearch(
        self, s: Pos, c: int, alpha: int, beta: int, ply: int, qply: int, clock: int
    ) -> int:
        self._tick()
        self.pv[ply] = []
        if not s[c]:
            return -(WIN - ply)
        if ply >= self.moves_left:
            return self.draw[c]
        if not self._has_action(s, c):
            return self.draw[c]
        stand = self._evaluate(s, c, clock)
        if ply >= MAXPLY:
            return stand
        if stand >= beta:
            return stand
        if stand > alpha:
            alpha = stand
        chosen = []
        targets = self._capture_targets(s, c)
        for m in self._gen(s, c):
            if m & 4096:
                if qply == 0:
                    chosen.append(m)
            elif targets >> (m >> 6) & 1 or not (
                (s[c] ^ (1 << (m & 63)) ^ (1 << (m >> 6))) | s[1 - c]
            ) & _tm((m & 63) // 3):
                chosen.append(m)
        best = stand
        order = self._order(s, c, chosen, -1, ply)
        for m, sc in zip(order, self._scores, strict=True):
            # A move scored below S_REMOVE neither captures on arrival nor empties its
            # tile: it captures nothing (the test after _make below would skip it).
            if not m & 4096 and sc < S_REMOVE:
                continue
            before = s[1 - c].bit_count()
            ch, _ = self._make(s, c, m)
            if not m & 4096 and ch[1 - c].bit_count() == before:
                continue
            v = -self._qsearch(ch, 1 - c, -beta, -alpha, ply + 1, qply + 1, 0)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    self._set_pv(ply, m)
                    if v >= beta:
                        break
        return best

    def _negamax_root_score(self, ply: int, v: int) -> None:
        if ply == 0:
            self.root_score = v

    def _negamax(
        self,
        s: Pos,
        c: int,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
        start: int,
        can_null: bool = True,
    ) -> int:
        self.pv[ply] = []
        if ply > 0:
            if not s[c]:
                self.nodes += 1
                return -(WIN - ply)
            if self._is_repetition(s[6], start) or ply >= self.moves_left:
                self.nodes += 1
                return self.draw[c]
            if not self._has_action(s, c):
                self.nodes += 1
                return self.draw[c]
            if self.tb_on:
                tbs = self._tb_probe(s, c, ply, len(self.hist) - start)
                if tbs is not None:
                    self.nodes += 1
                    return tbs
        clock = len(self.hist) - start
        if depth <= 0 or ply >= MAXPLY:
            return self._qsearch(s, c, alpha, beta, ply, 0, clock)
        self._tick()
        pvnode = not self.plain and beta - alpha > 1
        h = s[6]
        idx = h & self.tt_mask
        e = self.tt.get(idx)
        hmove = -1
        if e is not None and e[0] == h:
            hmove = e[4] - 1
            if ply > 0 and not pvnode and e[2] >= depth:
                v = e[1]
                if v > WIN_BOUND:
                    v -= ply
                elif v < -WIN_BOUND:
                    v += ply
                flag = e[3]
                if (
                    flag == TT_EXACT
                    or (flag == TT_LOWER and v >= beta)
                    or (flag == TT_UPPER and v <= alpha)
                ):
                    return v
        if (
            can_null
            and not self.plain
            and not pvnode
            and ply > 0
            and depth >= 3
            and s[c].bit_count() > 1
            and self._evaluate(s, c, clock) >= beta
        ):
            self.hist.append(h)
            try:
                null = (*s[:6], h ^ self.ZSIDE)
                v = -self._negamax(
                    null, 1 - c, depth - 3, -beta, -beta + 1, ply + 1, len(self.hist), False
                )
            finally:
                self.hist.pop()
            if v >= beta:
                return beta if v > WIN_BOUND else v
        moves = self._order(s, c, self._gen(s, c), hmove, ply)
        scores = self._scores
        alpha0 = alpha
        best = -WIN - 1
        bestm = -1
        self.hist.append(h)
        try:
            for i, m in enumerate(moves):
                ch, irr = self._make(s, c, m)
                cstart = len(self.hist) if irr else start
                quiet = scores[i] < S_KILLER2
                if i == 0 or self.plain:
                    v = -self._negamax(ch, 1 - c, depth - 1, -beta, -alpha, ply + 1, cstart)
                else:
                    r = 0
                    if depth >= 3 and i >= 4 and quiet and not irr:
                        r = 2 if depth >= 6 and i >= 12 else 1
                    v = -self._negamax(
                        ch, 1 - c, depth - 1 - r, -alpha - 1, -alpha, ply + 1, cstart
                    )
                    if v > alpha and r:
                        v = -self._negamax(
                            ch, 1 - c, depth - 1, -alpha - 1, -alpha, ply + 1, cstart
                        )
                    if alpha < v < beta:
                        v = -self._negamax(ch, 1 - c, depth - 1, -beta, -alpha, ply + 1, cstart)
                if v > best:
                    best = v
                    bestm = m
                    if v > alpha:
                        alpha = v
                        self._negamax_root_score(ply, v)
                        self._set_pv(ply, m)
                        if v >= beta:
                            if quiet and not m & 4096 and not self.plain:
                                k = self.killers[ply]
                                if k[0] != m:
                                    k[1] = k[0]
                                    k[0] = m
                                row = self.history[c][m & 63]
                                row[m >> 6] += depth * depth
                                if row[m >> 6] > HISTORY_LIMIT:
                                    for side_tab in self.history:
                                        for hrow in side_tab:
                                            for j in range(NB):
                                                hrow[j] //= 2
                            break
        finally:
            self.hist.pop()
        flag = TT_LOWER if best >= beta else (TT_EXACT if best > alpha0 else TT_UPPER)
        sv = best
        if sv > WIN_BOUND:
            sv += ply
        elif sv < -WIN_BOUND:
            sv -= ply
        self.tt[idx] = (h, sv, depth, flag, bestm + 1)
        return best

    # ------------------------------------------------------------------ perft
    # The C core counts on positions without the evaluation sums and the hash (PerftPos)
    # and a make of its own; here _make serves (the pieces, tiles and collected tiles
    # it gives are the same).
    def _perft_count(self, s: Pos, c: int) -> int:
        own = s[c]
        free = s[2] & ~own
        n = s[1 - c].bit_count() if s[4 + c] >= self.cost else 0
        mv = self.MOVE[c]
        for q in _bits(own):
            n += (mv[q] & free).bit_count()
        return n

    def _perft_repeated(self, s: Pos, start: int) -> bool:
        if not self.rep:
            return False
        count = 0
        rec = self.perft_rec
        for i in range(len(rec) - 2, start - 1, -2):
            if rec[i] == (s[0], s[1]):
                count += 1
                if count >= 2:
                    return True
        return False

    def _perft_child(self, ch: Pos, o: int, irr: int, depth: int, ply: int, start: int) -> int:
        if not ch[o] or ply + 1 >= self.moves_left:
            return 1
        cstart = len(self.perft_rec) if irr else start
        if not irr and self._perft_repeated(ch, cstart):
            return 1
        if depth == 2:
            n = self._perft_count(ch, o)
            return n if n else 1
        if not self._has_action(ch, o):
            return 1
        return self._perft(ch, o, depth - 1, ply + 1, cstart)

    def _perft(self, s: Pos, c: int, depth: int, ply: int, start: int) -> int:
        self.perft_rec.append((s[0], s[1]))
        total = 0
        for m in self._gen(s, c):  # the moves, then the exchanges: the C core's order
            ch, irr = self._make(s, c, m)
            total += self._perft_child(ch, 1 - c, irr, depth, ply, start)
        self.perft_rec.pop()
        return total

    # ------------------------------------------------------------------ the C functions
    def hash(self, w: int, b: int, tiles: int, cw: int, cb: int, side: int) -> int:
        return self._load(w, b, tiles, cw, cb, side)[6]

    def moves(
        self, w: int, b: int, tiles: int, cw: int, cb: int, side: int, cost: int
    ) -> list[int]:
        self.cost = cost
        return self._gen(self._load(w, b, tiles, cw, cb, side), side)

    def play(
        self, w: int, b: int, tiles: int, cw: int, cb: int, side: int, cost: int, m: int
    ) -> tuple[int, int, int, int, int, int, int, int]:
        self.cost = cost
        s, irr = self._make(self._load(w, b, tiles, cw, cb, side), side, m)
        return (s[0], s[1], s[3], s[4], s[5], irr, s[6], 1 - side)

    def evaluate(
        self, w: int, b: int, tiles: int, cw: int, cb: int, side: int, cost: int, clock: int
    ) -> int:
        self.cost = cost
        return self._evaluate(self._load(w, b, tiles, cw, cb, side), side, clock)

    def features(
        self, w: int, b: int, tiles: int, cw: int, cb: int, side: int, cost: int
    ) -> list[int]:
        self.cost = cost
        s = self._load(w, b, tiles, cw, cb, side)
        return self._features(s, side) + self._features(s, 1 - side)

    def _begin(self, cost: int, moves_left: int, rep: int, history: list[int]) -> None:
        if not self.ready:
            raise RuntimeError("setup() first")
        self.cost = cost
        self.moves_left = moves_left
        self.rep = bool(rep)
        self.hist = list(history[-HIST_MAX:])

    def perft(
        self,
        w: int,
        b: int,
        tiles: int,
        cw: int,
        cb: int,
        side: int,
        cost: int,
        moves_left: int,
        rep: int,
        record: list[tuple[int, int]],
        depth: int,
    ) -> int:
        if not self.ready:
            raise RuntimeError("setup() first")
        if depth > PERFT_MAX_DEPTH:
            raise ValueError(f"perft depth {depth} is over {PERFT_MAX_DEPTH}")
        if side not in (0, 1):
            raise ValueError("side must be 0 or 1")
        if depth < 1:
            return 1
        self.cost = cost
        self.moves_left = moves_left
        self.rep = bool(rep)
        s = self._load(w, b, tiles, cw, cb, side)
        if depth == 1:
            return self._perft_count(s, side)
        self.perft_rec = [(pw, pb) for pw, pb in record]
        return self._perft(s, side, depth, 0, 0)

    def search(
        self,
        w: int,
        b: int,
        tiles: int,
        cw: int,
        cb: int,
        side: int,
        cost: int,
        moves_left: int,
        rep: int,
        history: list[int],
        max_depth: int,
        seconds: float,
        tt_bits: int,
        clear: bool = True,
        contempt: int = 0,
        tb: int = 0,
        plain: int = 0,
    ) -> tuple[
        list[tuple[int, int, int, float, list[int]]], int, float, tuple[int, int, list[int]] | None
    ]:
        self._begin(cost, moves_left, rep, history)
        self.draw = [0, 0]
        self.draw[side] = -contempt
        self.draw[1 - side] = contempt
        bits = max(10, min(26, tt_bits))
        if clear or self.tt_mask != (1 << bits) - 1:
            self.tt = {}
        self.tt_mask = (1 << bits) - 1
        self.killers = [[-1, -1] for _ in range(MAXPLY + 8)]
        self.history = [[[0] * NB for _ in range(NB)] for _ in range(2)]
        self.pv: list[list[int]] = [[] for _ in range(MAXPLY + 9)]
        s = self._load(w, b, tiles, cw, cb, side)
        base = list(self.hist)
        self.nodes = 0
        t0 = time.perf_counter()
        self.deadline = t0 + seconds if seconds > 0 else 0.0
        self.tb_on = bool(tb)
        self.plain = bool(plain)
        self.tb_hits = 0
        if tb == 1:
            self._tb_prepare(s, side, seconds, t0)
            # the build is charged at most its share (as the compiled core)
            over = time.perf_counter() - t0 - seconds * TB_SHARE
            if seconds > 0 and over > 0:
                self.deadline += over
        max_depth = min(max_depth, MAXPLY - 8)
        out: list[Any] = []
        partial = None
        for d in range(1, max_depth + 1):
            self.hist = list(base)
            try:
                v = self._negamax(s, side, d, -WIN - 1, WIN + 1, 0, 0)
            except SearchStopped:
                if self.pv[0]:
                    partial = (d, self.root_score, list(self.pv[0]))
                break
            out.append((d, v, self.nodes, time.perf_counter() - t0, list(self.pv[0])))
            if (v > WIN_BOUND or v < -WIN_BOUND) and WIN - abs(v) <= d:
                break  # no shorter ending can lie beyond the depth searched
            if self.deadline > 0 and time.perf_counter() >= self.deadline:
                break
        return out, self.nodes, time.perf_counter() - t0, partial
