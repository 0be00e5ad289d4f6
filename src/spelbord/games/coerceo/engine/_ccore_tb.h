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
 * (R13) or stalemate (R12). By definition (the Python twin computes it so, level by
 * level): a position is won in n when one of its turns leads to a position lost in n - 1
 * (its shortest win), lost in n when every turn leads to a position won, the longest in
 * n - 1 (its longest defence); whatever no level reaches is drawn. The winner's line never
 * repeats a position (the count falls every turn), so a win here is a win under R13 too.
 *
 * The builder works in two phases. Phase 1 (tb_generate, _ccore_tbgen.h, compiled twice
 * like the search core) goes through the positions one white placement (a row of
 * C(F, nb) x 2 positions) at a time: a position's reversible turns are listed as kids in
 * this table (only the mover's rank changes), the others are valued by the smaller tables
 * (built on the way). Phase 2 (tb_retro) is a retrograde pass: the kids' lists are turned
 * into predecessor lists, and positions are resolved from buckets in increasing level: a
 * position lost in m makes every unresolved predecessor won in m + 1; one won in m counts
 * down its predecessors' unresolved kids and raises their longest win, and a predecessor
 * with nothing left (no draw or loss among its smaller-table turns either) is lost in one
 * more than its longest; the smaller tables' losses and wins seed the buckets. That gives
 * the values of the definition exactly (tb_digest() fingerprints every table built; the
 * tests compare whole tables with the twin), in O(positions + turns) instead of a scan of
 * every open position at every level.
 *
 * Builds are resumable: a build under a deadline (tb_deadline_g, set by a search) stops
 * between rows of phase 1, or between chunks of the retrograde pass (its four steps:
 * count the predecessors, list them, seed the buckets, resolve level by level), and keeps
 * its arrays and where it stood in its slot (TBBuild, counted in tb_bytes against
 * TB_MAX_BYTES); the next request with time goes on from there (a row half done when a
 * smaller table ran out of time is done again). A table is used only once finished; a
 * search drops the builds its root can no longer reach (tb_drop_unreachable). A search starts or continues its root's own table whatever its size
 * (tb_force_g), and the other tables only when they fit in the time left at TB_RATE.
 *
 * Index of a position in its table: ((rank_w * C(F, nb) + rank_b) * 2 + side), where F is
 * 3 x the tiles present (each colour's fields on them, in bit order) and rank_x is the
 * colex rank of colour x's pieces among those F fields. The Python twin (pysearch.PyCore,
 * tb_*) computes the same values by the same definition. */

#define TB_MAX_SIDE 8
#define TB_MAX_POS (1 << 21)          /* positions of one table at most */
#define TB_MAX_BYTES ((size_t)256 << 20) /* memory of every table and build together */
#define TB_SLOTS 16384                /* cache slots (open addressing) */
#define TB_INF 32767
#define TB_RATE 1e6   /* positions a second a build may count on (under a deadline) */
#define TB_DRAW_SHARE 4 /* a drawn table position: the draw plus evaluation / this */

typedef struct {
    int16_t val;  /* the value once resolved */
    int16_t maxw; /* longest win among the kids resolved so far (and the smaller tables') */
    uint16_t cnt; /* kids not yet resolved; + TB_BLOCKED when it can never be lost */
    int16_t pend; /* level it is queued at (0: not queued); -1: resolved */
} TBRetro;

#define TB_BLOCKED 0x8000 /* a drawn or lost position in a smaller table: never lost */

/* A build under way (kept in its slot between searches when a deadline interrupts it). */
typedef struct {
    int phase;        /* 1: generating positions (row `next`); 2: done generating */
    long next;        /* phase 1: the next white rank to generate */
    u64 wc;           /* phase 1: the compact white placement of rank `next` */
    long nwc, nbc, size;
    size_t bytes;     /* memory held (counted in tb_bytes) */
    int16_t *val;     /* +1 won in one ply; 0 otherwise (drawn if never resolved) */
    unsigned char *done; /* 1: resolved in phase 1 (won in 1, or stalemate) */
    int16_t *xloss;   /* shortest loss among the smaller tables' positions it leads to */
    int16_t *xwin;    /* longest win among them */
    unsigned char *xdraw; /* 1: it leads to a drawn position of a smaller table */
    uint32_t *kstart; /* kids of position i: kids[kstart[i] .. kstart[i + 1]) */
    int *kids;        /* positions of this table its reversible turns lead to */
    long kcap, kn;
    u64 *bmask;       /* black placement of each black rank */
    /* phases 2-5 (retrograde; tb_retro): */
    long step;        /* the next index of the phase under way */
    uint32_t *pstart; /* predecessors of position j: preds[pstart[j] .. pstart[j + 1]) */
    int *preds;
    TBRetro *R;
    int *head, nhead; /* bucket (list of entries) of each level, -1: empty */
    int *enext, *eitem; /* entries: next in bucket; position x 2 + (1: lost, 0: won) */
    long ne, one;     /* entries used; level 1: the next position to look at */
    int top, level, e; /* highest level queued; level under way; its next entry */
} TBBuild;

typedef struct {
    u64 key;      /* tb_key(); 0: empty slot */
    int failed;   /* 1: too large (or a smaller table it needs is): never built; 2: not
                   * finished yet (out of time): its build goes on when asked with time */
    int nbc;      /* C(F, nb) */
    long size;    /* positions */
    int16_t *val; /* the values once built */
    TBBuild *b;   /* the build under way, if any */
} TBTable;

static TBTable tb_cache[TB_SLOTS];
static int tb_count = 0;
static size_t tb_bytes = 0;
static u64 BIN[64][TB_MAX_SIDE + 1];
static int tb_ready = 0;
static int tb_draws_g = 1;  /* a drawn table position ends the search there (else play on) */
static long long tb_hits_g = 0;
static double tb_deadline_g = 0; /* building stops then (0: never); its progress is kept */

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

/* Colex rank of the pieces `m` among the present fields. Always inlined, so that phase 1's
 * copy for popcnt/BMI processors (_ccore_tbgen.h) compiles it with those instructions. */
static inline __attribute__((always_inline)) u64 tb_rank(u64 m, u64 present) {
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

/* Whether a table of `size` positions can be built before the deadline (if any). The
 * root's own table (tb_force_g) is started or continued whatever its size: what is not
 * done by the deadline is kept for the next search. */
static int tb_force_g = 0;
static int tb_in_time(long size) {
    if (tb_deadline_g <= 0) return 1;
    double left = tb_deadline_g - now_s();
    if (left <= 0) return 0;
    return tb_force_g || (double)size <= left * TB_RATE;
}

static void tb_free_build(TBBuild *b) {
    if (!b) return;
    free(b->val);
    free(b->done);
    free(b->xloss);
    free(b->xwin);
    free(b->xdraw);
    free(b->kstart);
    free(b->kids);
    free(b->bmask);
    free(b->pstart);
    free(b->preds);
    free(b->R);
    free(b->head);
    free(b->enext);
    free(b->eitem);
    tb_bytes -= b->bytes;
    free(b);
}

static void tb_free_table(TBTable *t) {
    if (t->val) tb_bytes -= (size_t)t->size * sizeof(int16_t);
    free(t->val);
    t->val = NULL;
    tb_free_build(t->b);
    t->b = NULL;
}

/* A new build of `size` positions, its memory counted; NULL when it does not fit. */
static TBBuild *tb_new_build(long nwc, long nbc, int nw, int nb, u64 present) {
    long size = nwc * nbc * 2;
    long kcap = size * 4 + 16;
    size_t bytes = (size_t)size * (3 * sizeof(int16_t) + 2 + sizeof(uint32_t)) +
                   sizeof(uint32_t) + (size_t)nbc * sizeof(u64) + (size_t)kcap * sizeof(int);
    if (tb_bytes + bytes > TB_MAX_BYTES) return NULL;
    TBBuild *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->val = calloc((size_t)size, sizeof(int16_t));
    b->done = calloc((size_t)size, 1);
    b->xloss = malloc((size_t)size * sizeof(int16_t));
    b->xwin = calloc((size_t)size, sizeof(int16_t));
    b->xdraw = calloc((size_t)size, 1);
    b->kstart = malloc((size_t)(size + 1) * sizeof(uint32_t));
    b->bmask = malloc((size_t)nbc * sizeof(u64));
    b->kids = malloc((size_t)kcap * sizeof(int));
    b->bytes = bytes;
    tb_bytes += bytes;
    if (!(b->val && b->done && b->xloss && b->xwin && b->xdraw && b->kstart && b->bmask &&
          b->kids)) {
        tb_free_build(b);
        return NULL;
    }
    b->phase = 1;
    b->nwc = nwc;
    b->nbc = nbc;
    b->size = size;
    b->kcap = kcap;
    b->wc = ((u64)1 << nw) - 1;
    /* every black placement, in rank order (Gosper's successor is colex order) */
    u64 c = ((u64)1 << nb) - 1;
    for (long j = 0; j < nbc; j++) {
        b->bmask[j] = tb_deposit(c, present);
        u64 lo = c & -c, r = c + lo;
        c = (((r ^ c) >> 2) / lo) | r;
    }
    return b;
}

#include "_ccore_tbgen.h" /* tb_generate: phase 1 */
#if HAVE_FAST_CORE
/* the same for processors with popcnt, BMI1 and BMI2 (as the search core) */
#pragma GCC push_options
#pragma GCC target("popcnt,bmi,bmi2")
#define tb_generate tb_generate_fast
#define gen gen_fast
#define make make_fast
#include "_ccore_tbgen.h"
#undef tb_generate
#undef gen
#undef make
#pragma GCC pop_options
#endif

/* Phase 2, retrograde: the kids' lists turned into predecessor lists; positions are
 * resolved level by level from buckets. A position lost in m makes each unresolved
 * predecessor won in m + 1 (the first such is the shortest win); a position won in m
 * counts down its predecessors' unresolved kids and raises their longest win: one whose
 * every turn is then won (no draw and no loss in a smaller table) is lost in one ply more
 * than the longest (the longest defence). The smaller tables' losses and wins seed the
 * buckets; what is never resolved is drawn. 0: done; 1: out of memory. */
/* Whether a build under a deadline must stop now. */
static inline int tb_late(void) { return tb_deadline_g > 0 && now_s() >= tb_deadline_g; }

static void tb_account(TBBuild *b, long delta) {
    b->bytes += (size_t)delta;
    tb_bytes += (size_t)delta;
}

/* Queue `pos` at level `lev` (won, or lost when `loss`); 1 when out of memory. */
static int tb_push(TBBuild *b, long pos, int lev, int loss) {
    if (lev >= TB_INF - 1) return 0;
    if (lev >= b->nhead) {
        int n = b->nhead;
        while (n <= lev) n *= 2;
        int *h = realloc(b->head, (size_t)n * sizeof(int));
        if (!h) return 1;
        for (int k = b->nhead; k < n; k++) h[k] = -1;
        tb_account(b, (long)(n - b->nhead) * (long)sizeof(int));
        b->head = h;
        b->nhead = n;
    }
    b->eitem[b->ne] = (int)pos * 2 + loss;
    b->enext[b->ne] = b->head[lev];
    b->head[lev] = (int)b->ne++;
    b->R[pos].pend = (int16_t)lev;
    if (lev > b->top) b->top = lev;
    return 0;
}

/* Phases 2-5 (the retrograde pass), in chunks between which a deadline may stop it (the
 * next call goes on): 2 counts each position's predecessors, 3 lists them (the kids'
 * lists are then freed), 4 seeds the buckets, 5 resolves them level by level. 0: done;
 * 1: out of memory; 2: out of time. */
static int tb_retro(TBBuild *b) {
    long size = b->size;
    uint32_t E = b->kstart[size];
    if (b->phase == 2 && !b->pstart) {
        long bytes = (long)((size_t)(size + 1) * sizeof(uint32_t) + ((size_t)E + 1) * sizeof(int) +
                            (size_t)size * sizeof(TBRetro) + 2 * ((size_t)size * 2 + 1) * sizeof(int) +
                            64 * sizeof(int));
        if (tb_bytes + (size_t)bytes > TB_MAX_BYTES) return 1;
        b->pstart = calloc((size_t)size + 1, sizeof(uint32_t));
        b->preds = malloc(((size_t)E + 1) * sizeof(int));
        b->R = malloc((size_t)size * sizeof(TBRetro));
        b->enext = malloc(((size_t)size * 2 + 1) * sizeof(int));
        b->eitem = malloc(((size_t)size * 2 + 1) * sizeof(int));
        b->head = malloc(64 * sizeof(int));
        tb_account(b, bytes);
        if (!(b->pstart && b->preds && b->R && b->enext && b->eitem && b->head)) return 1;
        b->nhead = 64;
        for (int k = 0; k < 64; k++) b->head[k] = -1;
        b->step = 0;
    }
    uint32_t *pstart = b->pstart, *ks = b->kstart;
    int *preds = b->preds;
    TBRetro *R = b->R;
    if (b->phase == 2) { /* count each position's predecessors */
        while (b->step < (long)E) {
            if (tb_late()) return 2;
            long end = b->step + 65536 < (long)E ? b->step + 65536 : (long)E;
            for (long k = b->step; k < end; k++) pstart[b->kids[k] + 1]++;
            b->step = end;
        }
        for (long j = 0; j < size; j++) pstart[j + 1] += pstart[j];
        b->phase = 3;
        b->step = 0;
    }
    if (b->phase == 3) { /* list them (pstart[j] runs on to the start of j + 1) */
        while (b->step < size) {
            if (tb_late()) return 2;
            long end = b->step + 16384 < size ? b->step + 16384 : size;
            for (long i = b->step; i < end; i++)
                for (uint32_t k = ks[i]; k < ks[i + 1]; k++) preds[pstart[b->kids[k]]++] = (int)i;
            b->step = end;
        }
        for (long j = size; j > 0; j--) pstart[j] = pstart[j - 1];
        pstart[0] = 0;
        free(b->kids);
        b->kids = NULL;
        tb_account(b, -(long)((size_t)b->kcap * sizeof(int)));
        b->kcap = 0;
        b->phase = 4;
        b->step = 0;
        b->top = 1;
        b->ne = 0;
    }
    if (b->phase == 4) { /* each position's state; the smaller tables' values seed */
        while (b->step < size) {
            if (tb_late()) return 2;
            long end = b->step + 65536 < size ? b->step + 65536 : size;
            for (long i = b->step; i < end; i++) {
                TBRetro *r = &R[i];
                r->val = b->val[i];
                r->maxw = b->xwin[i];
                r->cnt = (uint16_t)(ks[i + 1] - ks[i]);
                r->pend = b->done[i] ? -1 : 0;
                if (b->done[i]) continue;
                if (b->xdraw[i] || b->xloss[i] < TB_INF) r->cnt += TB_BLOCKED;
                if (b->xloss[i] < TB_INF) {
                    if (tb_push(b, i, b->xloss[i] + 1, 0)) return 1;
                } else if (!r->cnt && tb_push(b, i, r->maxw + 1, 1))
                    return 1;
            }
            b->step = end;
        }
        b->phase = 5;
        b->level = 1;
        b->one = 0;
        b->e = -1;
    }
    /* phase 5: level 1 (the positions won at once, phase 1), then the buckets in order (a
     * position is queued only at levels above the one being resolved) */
    while (b->level <= b->top) {
        int L = b->level;
        for (long count = 1;; count++) {
            if (!(count & 1023) && tb_late()) return 2;
            long j;
            if (L == 1) {
                while (b->one < size && !(R[b->one].pend < 0 && R[b->one].val == 1)) b->one++;
                if (b->one >= size) break;
                j = b->one++;
            } else {
                if (b->e < 0) break;
                int e = b->e;
                j = b->eitem[e] >> 1;
                b->e = b->enext[e];
                if (R[j].pend < 0) continue;
                R[j].pend = -1;
                R[j].val = (int16_t)(b->eitem[e] & 1 ? -L : L);
            }
            int lost = R[j].val < 0;
            for (uint32_t q = pstart[j]; q < pstart[j + 1]; q++) {
                int p = preds[q];
                TBRetro *r = &R[p];
                if (r->pend < 0) continue;
                if (lost) {
                    if ((!r->pend || L + 1 < r->pend) && tb_push(b, p, L + 1, 0)) return 1;
                } else {
                    if (L > r->maxw) r->maxw = (int16_t)L;
                    if (!--r->cnt && !r->pend && tb_push(b, p, r->maxw + 1, 1)) return 1;
                }
            }
        }
        b->level++;
        if (b->level <= b->top) {
            b->e = b->head[b->level];
            b->head[b->level] = -1;
        }
    }
    for (long i = 0; i < size; i++) b->val[i] = R[i].val;
    return 0;
}

/* Build (or go on building) the table of a signature in `slot`. NULL unless finished:
 * slot->failed is then 2 (out of time: the progress stays in slot->b) or 1 (out of
 * reach: too large, memory spent, or a smaller table it needs is). */
static TBTable *tb_build(uint32_t tiles, int nw, int nb, int cw, int cb, TBTable *slot) {
    u64 present = present_of(tiles);
    slot->failed = 1; /* until done: a table never needs itself (smaller signatures only) */
    if (!slot->b) {
        int F = 3 * __builtin_popcount(tiles);
        slot->b = tb_new_build((long)BIN[F][nw], (long)BIN[F][nb], nw, nb, present);
        if (!slot->b) return NULL;
    }
    TBBuild *b = slot->b;
    int status = 0;
    if (b->phase == 1) { /* phase 1; then the retrograde phases (tb_retro) */
#if HAVE_FAST_CORE
        if (fast_core) status = tb_generate_fast(b, tiles, present, nw, nb, cw, cb);
        else
#endif
            status = tb_generate(b, tiles, present, nw, nb, cw, cb);
    }
    if (status == 0) status = tb_retro(b);
    if (status) {
        if (status == 2) slot->failed = 2;
        else {
            tb_free_build(b);
            slot->b = NULL;
        }
        return NULL;
    }
    slot->val = b->val;
    b->val = NULL;
    slot->size = b->size;
    slot->nbc = (int)b->nbc;
    tb_free_build(b);
    slot->b = NULL;
    tb_bytes += (size_t)slot->size * sizeof(int16_t);
    slot->failed = 0;
    return slot;
}

/* The table of a signature (collected tiles already capped); built (or its build
 * continued) when not finished and `build`; NULL when out of reach (too large, memory
 * spent) or not finished. */
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
    slot->b = NULL;
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
        tb_free_table(&tb_cache[i]); /* finished or under way */
        tb_cache[i].key = 0;
        tb_cache[i].failed = 0;
    }
    tb_count = 0;
    tb_bytes = 0;
}

/* Drop the builds under way of the tables a game at this signature can no longer reach
 * (a tile it lacks, or more pieces of a colour): an earlier root's, left unfinished when
 * a capture or a removal moved the game on. Its slot stays, to be built afresh if asked. */
static void tb_drop_unreachable(uint32_t tiles, int nw, int nb) {
    for (int i = 0; i < TB_SLOTS; i++) {
        TBTable *t = &tb_cache[i];
        if (!t->b) continue;
        uint32_t tt = (uint32_t)(t->key & 0x7FFFF);
        int tw = (int)(t->key >> 19 & 15), tbk = (int)(t->key >> 23 & 15);
        if ((tt & ~tiles) || tw > nw || tbk > nb) {
            tb_free_build(t->b);
            t->b = NULL;
        }
    }
}

/* Before building from a new position: when the cache is three quarters full (tables or
 * bytes), drop every table (they are rebuilt on demand; a game's endings need few). */
static void tb_make_room(void) {
    if (tb_count > TB_SLOTS / 2 - TB_SLOTS / 8 || tb_bytes > TB_MAX_BYTES / 4 * 3) tb_clear();
}
