/* Exact endgame tables of the Coerceo engine core (included once by _ccore.c, after the
 * search core, whose plain gen() and make() it uses).
 *
 * A table holds every position of one *signature*: the present tiles, the number of white
 * and of black pieces, the tiles each side has collected and the exchange cost. Within a
 * signature only reversible turns lead (moves that remove no tile and capture nothing);
 * every other turn leads to a table of a smaller signature (fewer tiles or fewer pieces),
 * which is built first (recursively). Collected tiles beyond cost x the opponent's pieces
 * can never be spent (every exchange takes one of those pieces, and the opponent never
 * gains pieces), so they are counted up to that cap: positions differing only beyond it
 * have the same value.
 *
 * Values, for the side to move: +n wins in n plies (taking the opponent's last piece,
 * R11), -n loses in n plies, 0 neither side can force the end: a draw, by repetition
 * (R13) or stalemate (R12). They are computed level by level: a position is won in n when
 * one of its turns leads to a position lost in n - 1 (its shortest win), lost in n when
 * every turn leads to a position won, the longest in n - 1 (its longest defence);
 * whatever is left when no level adds anything is drawn. The winner's line never repeats
 * a position (the count falls every turn), so a win here is a win under R13 too.
 *
 * Index of a position in its table: ((rank_w * C(F, nb) + rank_b) * 2 + side), where F is
 * 3 x the tiles present (each colour's fields on them, in bit order) and rank_x is the
 * colex rank of colour x's pieces among those F fields. The Python twin (pysearch.PyCore,
 * tb_*) computes the same values by the same definition. */

#define TB_MAX_SIDE 8
#define TB_MAX_POS (1 << 20)          /* positions of one table at most */
#define TB_MAX_BYTES ((size_t)256 << 20) /* value memory of every table together */
#define TB_SLOTS 16384                /* cache slots (open addressing) */
#define TB_INF 32767
#define TB_RATE 1e6   /* positions a second a build may count on (under a deadline) */
#define TB_RETRIES 3  /* a table whose own building ran out of time this often: given up */
#define TB_DRAW_SHARE 4 /* a drawn table position: the draw plus evaluation / this */

typedef struct {
    u64 key;      /* tb_key(); 0: empty slot */
    int failed;   /* 1: too large (or a smaller table it needs is): never built; 2: its
                   * building ran out of time: built again when asked with time */
    int nbc;      /* C(F, nb) */
    long size;    /* positions */
    int tries;    /* builds that ran out of time on this table's own positions */
    int16_t *val;
} TBTable;

static TBTable tb_cache[TB_SLOTS];
static int tb_count = 0;
static size_t tb_bytes = 0;
static u64 BIN[64][TB_MAX_SIDE + 1];
static int tb_ready = 0;
static int tb_draws_g = 1;  /* a drawn table position ends the search there (else play on) */
static long long tb_hits_g = 0;
static double tb_deadline_g = 0; /* building stops then (0: never); the table stays unbuilt */

static void tb_init(void) {
    if (tb_ready) return;
    for (int n = 0; n < 64; n++)
        for (int k = 0; k <= TB_MAX_SIDE; k++)
            BIN[n][k] = k == 0 ? 1 : (n == 0 ? 0 : BIN[n - 1][k - 1] + BIN[n - 1][k]);
    tb_ready = 1;
}

static inline int tb_cap(int col, int opp_pieces) {
    int cap = cost_g * opp_pieces;
    return col < cap ? col : cap;
}

static inline u64 tb_key(uint32_t tiles, int nw, int nb, int cw, int cb) {
    return (u64)tiles | (u64)nw << 19 | (u64)nb << 23 | (u64)cw << 27 | (u64)cb << 34 |
           (u64)cost_g << 41 | (u64)1 << 60;
}

/* Colex rank of the pieces `m` among the present fields. */
static inline u64 tb_rank(u64 m, u64 present) {
    u64 r = 0;
    int i = 1;
    while (m) {
        int b = __builtin_ctzll(m);
        m &= m - 1;
        r += BIN[__builtin_popcountll(present & (((u64)1 << b) - 1))][i++];
    }
    return r;
}

/* The present fields picked by the bits of `compact` (bit j: the j-th present field). */
static inline u64 tb_deposit(u64 compact, u64 present) {
    u64 out = 0;
    while (compact) {
        int j = __builtin_ctzll(compact);
        compact &= compact - 1;
        u64 p = present;
        for (int k = 0; k < j; k++) p &= p - 1;
        out |= p & -p;
    }
    return out;
}

static TBTable *tb_slot(u64 key) {
    u64 h = key * 0x9E3779B97F4A7C15ULL;
    int i = (int)(h >> 51) & (TB_SLOTS - 1);
    while (tb_cache[i].key && tb_cache[i].key != key) i = (i + 1) & (TB_SLOTS - 1);
    return &tb_cache[i];
}

static long tb_size(uint32_t tiles, int nw, int nb) {
    int F = 3 * __builtin_popcount(tiles);
    if (nw > TB_MAX_SIDE || nb > TB_MAX_SIDE || nw > F || nb > F) return -1;
    u64 n = BIN[F][nw] * BIN[F][nb] * 2;
    return n > TB_MAX_POS ? -1 : (long)n;
}

static TBTable *tb_get(uint32_t tiles, int nw, int nb, int cw, int cb, int build);

/* The value of a position (for `side` to move) in its table; 0 on success. */
static int tb_lookup(const Pos *s, int side, int build, int *value) {
    int nw = __builtin_popcountll(s->p[0]), nb = __builtin_popcountll(s->p[1]);
    if (!nw || !nb) return -1;
    TBTable *t = tb_get(s->tiles, nw, nb, tb_cap(s->col[0], nb), tb_cap(s->col[1], nw), build);
    if (!t) return -1;
    u64 idx = (tb_rank(s->p[0], s->present) * (u64)t->nbc + tb_rank(s->p[1], s->present)) * 2 +
              (u64)side;
    *value = t->val[idx];
    return 0;
}

/* Whether the table of a position is missing for want of time (not for its size). */
static int tb_child_timeout(const Pos *s) {
    int nw = __builtin_popcountll(s->p[0]), nb = __builtin_popcountll(s->p[1]);
    u64 key = tb_key(s->tiles, nw, nb, tb_cap(s->col[0], nb), tb_cap(s->col[1], nw));
    TBTable *t = tb_slot(key);
    return t->key != key || t->failed == 2;
}

/* Whether a table of `size` positions can be built before the deadline (if any). */
static int tb_in_time(long size) {
    if (tb_deadline_g <= 0) return 1;
    double left = tb_deadline_g - now_s();
    return left > 0 && (double)size <= left * TB_RATE;
}

static void tb_free_table(TBTable *t) {
    free(t->val);
    t->val = NULL;
}

static TBTable *tb_build(uint32_t tiles, int nw, int nb, int cw, int cb, TBTable *slot) {
    u64 present = present_of(tiles);
    int F = 3 * __builtin_popcount(tiles);
    long nwc = (long)BIN[F][nw], nbc = (long)BIN[F][nb];
    long size = nwc * nbc * 2;
    slot->failed = 1; /* until done: a table never needs itself (smaller signatures only) */
    if (tb_bytes + (size_t)size * sizeof(int16_t) > TB_MAX_BYTES) return NULL;
    int16_t *val = calloc((size_t)size, sizeof(int16_t));
    unsigned char *done = calloc((size_t)size, 1);
    int16_t *xloss = malloc((size_t)size * sizeof(int16_t)); /* min loss level of the others */
    int16_t *xwin = calloc((size_t)size, sizeof(int16_t));    /* max win level of the others */
    unsigned char *xdraw = calloc((size_t)size, 1);
    long *kstart = malloc((size_t)(size + 1) * sizeof(long));
    u64 *bmask = malloc((size_t)nbc * sizeof(u64));
    long kcap = size * 8 + 16, kn = 0;
    int *kids = malloc((size_t)kcap * sizeof(int));
    int ok = val && done && xloss && xwin && xdraw && kstart && bmask && kids;
    int maxx = 0;
    if (ok) {
        /* every black placement, in rank order (Gosper's successor is colex order) */
        u64 c = ((u64)1 << nb) - 1;
        for (long j = 0; j < nbc; j++) {
            bmask[j] = tb_deposit(c, present);
            u64 lo = c & -c, r = c + lo;
            c = (((r ^ c) >> 2) / lo) | r;
        }
        u64 wc = ((u64)1 << nw) - 1;
        for (long rw = 0; ok && rw < nwc; rw++) {
            if (tb_deadline_g > 0 && now_s() >= tb_deadline_g) {
                ok = 0;
                slot->failed = ++slot->tries >= TB_RETRIES ? 1 : 2;
                break;
            }
            u64 wm = tb_deposit(wc, present);
            for (long rb = 0; ok && rb < nbc; rb++) {
                for (int side = 0; side < 2; side++) {
                    long i = (rw * nbc + rb) * 2 + side;
                    kstart[i] = kn;
                    xloss[i] = TB_INF;
                    Pos s;
                    memset(&s, 0, sizeof s);
                    s.p[0] = wm;
                    s.p[1] = bmask[rb];
                    s.tiles = tiles;
                    s.present = present;
                    s.col[0] = cw;
                    s.col[1] = cb;
                    int moves[MAXMOVES];
                    int n = gen(&s, side, moves);
                    if (n == 0) { done[i] = 1; continue; } /* stalemate: a draw (R12) */
                    for (int k = 0; k < n; k++) {
                        Pos ch = s;
                        make(&ch, side, moves[k]);
                        int o = 1 - side;
                        if (!ch.p[o]) { /* the last piece taken: won in 1 */
                            val[i] = 1;
                            done[i] = 1;
                            break;
                        }
                        int cnw = __builtin_popcountll(ch.p[0]), cnb = __builtin_popcountll(ch.p[1]);
                        if (ch.tiles == tiles && cnw == nw && cnb == nb) {
                            if (kn == kcap) {
                                kcap *= 2;
                                int *nk = realloc(kids, (size_t)kcap * sizeof(int));
                                if (!nk) { ok = 0; break; }
                                kids = nk;
                            }
                            kids[kn++] = (int)((tb_rank(ch.p[0], present) * (u64)nbc +
                                                tb_rank(ch.p[1], present)) * 2 + (u64)o);
                            continue;
                        }
                        int v;
                        if (tb_lookup(&ch, o, 1, &v)) {
                            ok = 0;
                            if (tb_child_timeout(&ch)) slot->failed = 2;
                            break;
                        }
                        if (v == 0) xdraw[i] = 1;
                        else if (v < 0) { if (-v < xloss[i]) xloss[i] = (int16_t)-v; }
                        else if (v > xwin[i]) xwin[i] = (int16_t)v;
                        if (v > maxx) maxx = v;
                        if (-v > maxx) maxx = -v;
                    }
                    if (done[i]) kn = kstart[i];
                }
            }
            u64 lo = wc & -wc, r = wc + lo;
            wc = (((r ^ wc) >> 2) / lo) | r;
        }
        kstart[size] = kn;
    }
    if (ok) {
        /* level by level; the positions still open are kept in `open` */
        long *open = malloc((size_t)size * sizeof(long));
        long no = 0;
        if (!open) ok = 0;
        for (long i = 0; ok && i < size; i++)
            if (!done[i]) open[no++] = i;
        int changed = 1;
        for (int n = 2; ok && no > 0 && (changed || n <= maxx + 2) && n < TB_INF - 1; n++) {
            changed = 0;
            long keep = 0;
            for (long a = 0; a < no; a++) {
                long i = open[a];
                int win = xloss[i] == n - 1, all_won = !xdraw[i] && xloss[i] == TB_INF;
                int mx = xwin[i];
                for (long k = kstart[i]; k < kstart[i + 1] && !win; k++) {
                    int j = kids[k];
                    if (!done[j]) { all_won = 0; continue; }
                    int v = val[j];
                    if (v == -(n - 1)) win = 1;
                    else if (v <= 0) all_won = 0;
                    else if (v > mx) mx = v;
                }
                if (win) {
                    val[i] = (int16_t)n;
                    done[i] = 1;
                    changed = 1;
                } else if (all_won && mx == n - 1) {
                    val[i] = (int16_t)-n;
                    done[i] = 1;
                    changed = 1;
                } else
                    open[keep++] = i;
            }
            no = keep;
        }
        free(open);
    }
    free(done);
    free(xloss);
    free(xwin);
    free(xdraw);
    free(kstart);
    free(bmask);
    free(kids);
    if (!ok) {
        free(val);
        return NULL;
    }
    slot->val = val;
    slot->size = size;
    slot->nbc = (int)nbc;
    slot->failed = 0;
    tb_bytes += (size_t)size * sizeof(int16_t);
    return slot;
}

/* The table of a signature (collected tiles already capped); built when missing and
 * `build`; NULL when out of reach (too large, memory spent, or not built). */
static TBTable *tb_get(uint32_t tiles, int nw, int nb, int cw, int cb, int build) {
    tb_init();
    u64 key = tb_key(tiles, nw, nb, cw, cb);
    TBTable *slot = tb_slot(key);
    if (slot->key == key) {
        if (slot->failed == 2 && build && tb_in_time(tb_size(tiles, nw, nb)))
            return tb_build(tiles, nw, nb, cw, cb, slot);
        return slot->failed ? NULL : slot;
    }
    if (!build) return NULL;
    if (tb_count >= TB_SLOTS / 2) return NULL;
    long size = tb_size(tiles, nw, nb);
    if (size < 0) {
        slot->key = key;
        slot->failed = 1;
        tb_count++;
        return NULL;
    }
    if (!tb_in_time(size)) return NULL; /* not now: when a search has the time */
    slot->key = key;
    slot->tries = 0;
    tb_count++;
    return tb_build(tiles, nw, nb, cw, cb, slot);
}

/* In the search: the value of a position whose table is built, as a score; 1 when it ends
 * the search there. A win or loss is exact (WIN - plies). A draw (or a result the move
 * limit would come first to, R15) scores as a draw plus a quarter of the evaluation
 * (TB_DRAW_SHARE): so a side ahead prefers a position the tables do not prove drawn to one
 * they do, the side behind the proven draw, and among proven draws each the one its
 * evaluation likes best. Unless tb_draws_g is off (the root is a table draw itself): then
 * a drawn position is searched on. */
static int tb_probe(const Pos *s, int c, int ply, int clock, int *score) {
    int nw = __builtin_popcountll(s->p[0]), nb = __builtin_popcountll(s->p[1]);
    if (nw > TB_MAX_SIDE || nb > TB_MAX_SIDE) return 0;
    int v;
    if (tb_lookup(s, c, 0, &v)) return 0;
    int n = v < 0 ? -v : v;
    if (v == 0 || ply + n > moves_left_g) { /* drawn, or not over before the move limit */
        if (!tb_draws_g) return 0;
        tb_hits_g++;
        *score = draw_g[c] + evaluate(s, c, clock) / TB_DRAW_SHARE;
        return 1;
    }
    tb_hits_g++;
    *score = v > 0 ? WIN - ply - n : -(WIN - ply - n);
    return 1;
}

static void tb_clear(void) {
    for (int i = 0; i < TB_SLOTS; i++) {
        if (tb_cache[i].val) tb_free_table(&tb_cache[i]);
        tb_cache[i].key = 0;
        tb_cache[i].failed = 0;
        tb_cache[i].tries = 0;
    }
    tb_count = 0;
    tb_bytes = 0;
}

/* Before building from a new position: when the cache is three quarters full (tables or
 * bytes), drop every table (they are rebuilt on demand; a game's endings need few). */
static void tb_make_room(void) {
    if (tb_count > TB_SLOTS / 2 - TB_SLOTS / 8 || tb_bytes > TB_MAX_BYTES / 4 * 3) tb_clear();
}
