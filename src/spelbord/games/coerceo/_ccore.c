/* The compiled core of the Coerceo engine: move generation, make, evaluation, perft and
 * an alpha-beta search (negamax, iterative deepening, PVS, transposition table, killers,
 * history, late-move reductions, a capture/exchange quiescence).
 *
 * The board is split per colour: colour c's 57 fields (19 tiles x 3 fields) are bits
 * tile * 3 + k of one uint64 (white: fields 1, 3, 5 of a tile; black: 0, 2, 4). Every
 * table (neighbours, borders, Zobrist keys) and the evaluation weights come from Python
 * (spelbord.games.coerceo.engine), which also holds a pure-Python twin of this file
 * (spelbord.games.coerceo.pysearch) that must give the same results node for node.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <stdlib.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#if defined(__GNUC__) && defined(__x86_64__)
#pragma GCC target("popcnt")
#endif

typedef uint64_t u64;

#define NB 57
#define NT 19
#define WIN 30000
#define WIN_BOUND 29000
#define MAXPLY 128
#define MAXMOVES 256
#define NW 16
#define HIST_MAX 1024

static u64 MOVE[2][64];   /* same-colour move-neighbours (fields 57..63: none) */
static u64 EDGE[2][NB];   /* edge-neighbours, in the other colour's space */
static u64 BORDER[2][NT]; /* colour c fields sharing an edge with tile t */
static int TNB[NT][6];
static unsigned char REM[64];
static u64 ZP[2][NB], ZT[NT], ZC[2][64], ZSIDE;
static int W[NW];
static int ready = 0;

#define TM(t) ((u64)7 << (3 * (t)))
#define LOW3 0x49249249249249ULL /* the lowest field bit of every tile */

typedef struct {
    u64 p[2];
    u64 present;
    uint32_t tiles;
    int col[2];
    u64 hash;
    u64 remsp; /* bit 3t set when tile t would be removed (R8) were it empty */
    /* Kept by make for the evaluation, per colour c, summed over c's pieces b: */
    int nbp[2];  /* move-neighbours on the board: popc(MOVE[c][b] & present) */
    int pairs[2]; /* move-neighbours holding a piece of c: popc(MOVE[c][b] & p[c]) */
    int edges[2]; /* edge-neighbours on the board: popc(EDGE[c][b] & present) */
} Pos;

typedef struct {
    u64 key;
    int16_t score;
    int8_t depth;
    uint8_t flag;
    uint16_t move;
} TTEntry;

enum { TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3 };

static TTEntry *tt = NULL;
static u64 tt_mask = 0;
static int tt_bits_now = 0;

/* search context */
static int cost_g, moves_left_g, rep_draw_g;
static u64 hist_keys[HIST_MAX + MAXPLY + 8];
static int hist_len;
static int killers[MAXPLY + 8][2];
static int history_tab[2][NB][NB];
static long long nodes_g;
static int stop_g;
static double deadline_g;
static int pv[MAXPLY + 8][MAXPLY + 8];
static int pv_len[MAXPLY + 8];
static int root_score_g;
static int draw_g[2]; /* a draw's score for each side to move: -contempt for the root side */

static inline int ctz(u64 x) { return __builtin_ctzll(x); }
static inline int popc(u64 x) { return __builtin_popcountll(x); }

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static u64 present_of(uint32_t tiles) {
    u64 out = 0;
    for (int t = 0; t < NT; t++)
        if (tiles >> t & 1) out |= TM(t);
    return out;
}

static int tile_removable(uint32_t tiles, int t) {
    int pat = 0;
    for (int d = 0; d < 6; d++) {
        int n = TNB[t][d];
        if (n >= 0 && (tiles >> n & 1)) pat |= 1 << d;
    }
    return REM[pat];
}

/* Bit 3t for every tile t whose present neighbours make it removable once empty. */
static u64 rem_spread(uint32_t tiles) {
    u64 out = 0;
    for (int t = 0; t < NT; t++)
        if (tile_removable(tiles, t)) out |= (u64)1 << (3 * t);
    return out;
}

static u64 hash_of(const Pos *s, int side) {
    u64 h = 0;
    for (int c = 0; c < 2; c++) {
        u64 m = s->p[c];
        while (m) { h ^= ZP[c][ctz(m)]; m &= m - 1; }
        h ^= ZC[c][s->col[c] & 63];
    }
    for (int t = 0; t < NT; t++)
        if (s->tiles >> t & 1) h ^= ZT[t];
    if (side) h ^= ZSIDE;
    return h;
}

/* The board-dependent sums (nbp, edges) of both colours, from scratch. */
static void count_board(Pos *s) {
    for (int c = 0; c < 2; c++) {
        int nb = 0, ed = 0;
        u64 m = s->p[c];
        while (m) {
            int b = ctz(m);
            m &= m - 1;
            nb += popc(MOVE[c][b] & s->present);
            ed += popc(EDGE[c][b] & s->present);
        }
        s->nbp[c] = nb;
        s->edges[c] = ed;
    }
}

static void count_all(Pos *s) {
    count_board(s);
    for (int c = 0; c < 2; c++) {
        int pr = 0;
        u64 m = s->p[c];
        while (m) {
            int b = ctz(m);
            m &= m - 1;
            pr += popc(MOVE[c][b] & s->p[c]);
        }
        s->pairs[c] = pr;
    }
}

/* Take colour c's piece off field q (a capture or an exchange). */
static inline void take_piece(Pos *s, int c, int q) {
    s->p[c] ^= (u64)1 << q;
    s->hash ^= ZP[c][q];
    s->nbp[c] -= popc(MOVE[c][q] & s->present);
    s->pairs[c] -= 2 * popc(MOVE[c][q] & s->p[c]); /* the relation is symmetric */
    s->edges[c] -= popc(EDGE[c][q] & s->present);
}

/* R8: remove empty tiles from `start` while any qualifies; returns the removed tiles. */
static uint32_t removal_chain(Pos *s, int start) {
    uint32_t removed = 0, cand = 1u << start;
    u64 occ = s->p[0] | s->p[1];
    while (cand) {
        uint32_t now = 0;
        uint32_t c = cand;
        while (c) {
            int t = ctz(c);
            c &= c - 1;
            if (!(s->tiles >> t & 1) || (occ & TM(t))) continue;
            if (tile_removable(s->tiles, t)) now |= 1u << t;
        }
        if (!now) break;
        s->tiles &= ~now;
        removed |= now;
        cand = 0;
        uint32_t r = now;
        while (r) {
            int t = ctz(r);
            r &= r - 1;
            s->present &= ~TM(t);
            s->hash ^= ZT[t];
            for (int d = 0; d < 6; d++) {
                int n = TNB[t][d];
                if (n >= 0 && (s->tiles >> n & 1)) cand |= 1u << n;
            }
        }
    }
    if (removed) {
        s->remsp = rem_spread(s->tiles);
        count_board(s);
    }
    return removed;
}

/* Opponent (colour 1-c) pieces among `touched` enclosed by colour c: capture them. */
static int capture(Pos *s, int c, u64 touched) {
    int o = 1 - c;
    u64 cand = s->p[o] & touched;
    u64 holes = s->present & ~s->p[c];
    int n = 0;
    while (cand) {
        int q = ctz(cand);
        cand &= cand - 1;
        if (!(EDGE[o][q] & holes)) {
            take_piece(s, o, q);
            n++;
        }
    }
    return n;
}

static inline void set_col(Pos *s, int c, int v) {
    s->hash ^= ZC[c][s->col[c] & 63] ^ ZC[c][v & 63];
    s->col[c] = v;
}

/* Move codes: from | to << 6 for a move, 4096 | target for an exchange.
 * Returns 1 when the turn is irreversible (a tile removed, a piece captured, an exchange). */
static int make(Pos *s, int c, int m) {
    int o = 1 - c;
    s->hash ^= ZSIDE;
    if (m & 4096) {
        int q = m & 63;
        take_piece(s, o, q);
        set_col(s, c, s->col[c] - cost_g);
        int t = q / 3;
        if (!((s->p[0] | s->p[1]) & TM(t))) {
            uint32_t r = removal_chain(s, t);
            if (r) {
                u64 touched = 0;
                while (r) { touched |= BORDER[o][ctz(r)]; r &= r - 1; }
                capture(s, c, touched);
            }
        }
        return 1;
    }
    int from = m & 63, to = m >> 6;
    u64 rest = s->p[c] ^ ((u64)1 << from);
    s->nbp[c] += popc(MOVE[c][to] & s->present) - popc(MOVE[c][from] & s->present);
    s->pairs[c] += 2 * (popc(MOVE[c][to] & rest) - popc(MOVE[c][from] & rest));
    s->edges[c] += popc(EDGE[c][to] & s->present) - popc(EDGE[c][from] & s->present);
    s->p[c] = rest | ((u64)1 << to);
    s->hash ^= ZP[c][from] ^ ZP[c][to];
    u64 touched = EDGE[c][to];
    int t = from / 3;
    int irr = 0;
    if (!((s->p[0] | s->p[1]) & TM(t))) {
        uint32_t r = removal_chain(s, t);
        if (r) {
            irr = 1;
            set_col(s, c, s->col[c] + popc(r));
            while (r) { touched |= BORDER[o][ctz(r)]; r &= r - 1; }
        }
    }
    if (capture(s, c, touched)) irr = 1;
    return irr;
}

static int gen(const Pos *s, int c, int *out) {
    int n = 0;
    u64 own = s->p[c], free_ = s->present & ~own;
    while (own) {
        int b = ctz(own);
        own &= own - 1;
        u64 d = MOVE[c][b] & free_;
        while (d) { out[n++] = b | ctz(d) << 6; d &= d - 1; }
    }
    if (s->col[c] >= cost_g) {
        u64 opp = s->p[1 - c];
        while (opp) { out[n++] = 4096 | ctz(opp); opp &= opp - 1; }
    }
    return n;
}

static int has_action(const Pos *s, int c) {
    if (s->col[c] >= cost_g) return 1;
    u64 own = s->p[c], free_ = s->present & ~own;
    while (own) {
        int b = ctz(own);
        own &= own - 1;
        if (MOVE[c][b] & free_) return 1;
    }
    return 0;
}

/* A piece's two edge-neighbours on its own tile (fields j and j+1 of the other colour
 * for white's field j, j-1 and j for black's) are always on the board. Given the free
 * fields of the other colour, the fields of colour c whose two in-tile neighbours are both
 * free: a piece there has two holes or more. */
static inline u64 two_holes_in_tile(u64 free_other, int c) {
    u64 rot = c == 0 ? ((free_other >> 1) & (LOW3 * 3)) | ((free_other << 2) & (LOW3 << 2))
                     : ((free_other << 1) & (LOW3 * 6)) | ((free_other >> 2) & LOW3);
    return free_other & rot;
}

/* Feature vector of colour c (see weights.py). */
static void features(const Pos *s, int c, int *f) {
    int o = 1 - c;
    u64 own = s->p[c], opp = s->p[o];
    int np = popc(own), no = popc(opp);
    int hang = 0;
    u64 free_o = s->present & ~opp;
    u64 m = own & ~two_holes_in_tile(free_o, c);
    while (m) {
        int b = ctz(m);
        m &= m - 1;
        u64 e = EDGE[c][b];
        u64 holes = e & free_o;
        if (holes && !(holes & (holes - 1)) && (MOVE[o][ctz(holes)] & opp & ~e)) hang++;
    }
    /* tiles holding exactly one piece, of colour c, that would be removed once empty */
    u64 a0 = own & LOW3, a1 = (own >> 1) & LOW3, a2 = (own >> 2) & LOW3;
    u64 one = (a0 ^ a1 ^ a2) & ~(a0 & a1);
    u64 oany = (opp | opp >> 1 | opp >> 2) & LOW3;
    f[0] = np;
    f[1] = s->col[c];
    f[2] = s->col[c] >= cost_g;
    f[3] = hang;
    f[4] = s->nbp[c] - s->pairs[c]; /* mobility: move-neighbours on the board, free */
    f[5] = 3 * np - s->edges[c];
    f[6] = popc(one & ~oany & s->remsp);
    f[7] = np + no > 0 ? (np - no) * 36 / (np + no) : 0;
}

#define NF 8

/* Static score for the side to move; weights W[0..NF-1] per feature difference, W[8]
 * extra for the opponent's hanging pieces (we move first), W[9] tempo. */
static int raw_eval(const Pos *s, int c) {
    int a[NF], b[NF];
    features(s, c, a);
    features(s, 1 - c, b);
    int v = 0;
    for (int i = 0; i < NF; i++) v += W[i] * (a[i] - b[i]);
    v += W[8] * b[3];
    v += W[9];
    return v;
}

static int scale_eval(int v, int clock) {
    if (clock > 0) v = v * (200 - (clock > 150 ? 150 : clock)) / 200;
    if (v > 20000) v = 20000;
    if (v < -20000) v = -20000;
    return v;
}

static int evaluate(const Pos *s, int c, int clock) { return scale_eval(raw_eval(s, c), clock); }

/* Fields (colour c's space) that are the only hole around an opponent piece: every
 * capture by arrival lands on one of them. */
static u64 capture_targets(const Pos *s, int c) {
    int o = 1 - c;
    u64 holes = s->present & ~s->p[c], out = 0;
    u64 m = s->p[o] & ~two_holes_in_tile(holes, o);
    while (m) {
        int q = ctz(m);
        m &= m - 1;
        u64 h = EDGE[o][q] & holes;
        if (h && !(h & (h - 1))) out |= h;
    }
    return out;
}

/* Arrival captures a move would make (no removals) and whether it empties its tile. */
static int capture_estimate(const Pos *s, int c, int m, int *removal, u64 targets) {
    int o = 1 - c, from = m & 63, to = m >> 6;
    u64 own = s->p[c] ^ ((u64)1 << from) ^ ((u64)1 << to);
    *removal = !((own | s->p[o]) & TM(from / 3));
    if (!(targets >> to & 1)) return 0;
    u64 holes = s->present & ~own;
    u64 cand = EDGE[c][to] & s->p[o];
    int n = 0;
    while (cand) {
        int q = ctz(cand);
        cand &= cand - 1;
        if (!(EDGE[o][q] & holes)) n++;
    }
    return n;
}

#define S_HASH 1000000000
#define S_CAPTURE 1000000
#define S_REMOVE 900000
#define S_EXCHANGE 800000
#define S_KILLER1 700000
#define S_KILLER2 690000
#define HISTORY_LIMIT 500000

static void score_moves(const Pos *s, int c, int *moves, int *scores, int n, int hmove,
                        int ply, int sort) {
    u64 targets = capture_targets(s, c);
    for (int i = 0; i < n; i++) {
        int m = moves[i], sc;
        if (m == hmove) sc = S_HASH;
        else if (m & 4096) {
            int q = m & 63;
            u64 rest = (s->p[1 - c] & ~((u64)1 << q)) | s->p[c];
            sc = S_EXCHANGE + ((rest & TM(q / 3)) ? 0 : 1000);
        } else {
            int rem;
            int cap = capture_estimate(s, c, m, &rem, targets);
            if (cap) sc = S_CAPTURE + 1000 * cap + (rem ? 500 : 0);
            else if (rem) sc = S_REMOVE;
            else if (m == killers[ply][0]) sc = S_KILLER1;
            else if (m == killers[ply][1]) sc = S_KILLER2;
            else sc = history_tab[c][m & 63][m >> 6];
        }
        scores[i] = sc;
    }
    if (!sort) return;
    /* stable insertion sort, best first */
    for (int i = 1; i < n; i++) {
        int m = moves[i], sc = scores[i], j = i - 1;
        while (j >= 0 && scores[j] < sc) {
            moves[j + 1] = moves[j];
            scores[j + 1] = scores[j];
            j--;
        }
        moves[j + 1] = m;
        scores[j + 1] = sc;
    }
}

/* Move ordering keys: score << 21 | (255 - index) << 13 | move. They are unique, so that
 * taking the largest key left, one at a time, gives exactly the stable best-first order of
 * the scores (score_moves' order); the index is the move's place in gen()'s order. */
#define KEY(sc, i, m) ((long long)(sc) << 21 | (long long)(255 - (i)) << 13 | (m))
#define KEY_MOVE(k) ((int)((k) & 8191))
#define KEY_SCORE(k) ((int)((k) >> 21))

typedef struct {
    u64 own, opp, targets;
    int hmove, k0, k1;
    const int *hist;
} Order;

static inline void order_init(Order *o, const Pos *s, int c, int hmove, int ply) {
    o->own = s->p[c];
    o->opp = s->p[1 - c];
    o->targets = capture_targets(s, c);
    o->hmove = hmove;
    o->k0 = killers[ply][0];
    o->k1 = killers[ply][1];
    o->hist = &history_tab[c][0][0];
}

/* score_moves()' score of the move b -> to; `alone` says that b is the only piece on its
 * tile `tm`. */
static inline int move_score(const Pos *s, int c, const Order *o, int b, int to, int alone,
                             u64 tm) {
    int m = b | to << 6;
    if (m == o->hmove) return S_HASH;
    int rem = alone && !(((u64)1 << to) & tm);
    int cap = 0;
    if (o->targets >> to & 1) {
        u64 holes = s->present & ~(o->own ^ ((u64)1 << b) ^ ((u64)1 << to));
        u64 cand = EDGE[c][to] & o->opp;
        while (cand) {
            int q = ctz(cand);
            cand &= cand - 1;
            if (!(EDGE[1 - c][q] & holes)) cap++;
        }
    }
    if (cap) return S_CAPTURE + 1000 * cap + (rem ? 500 : 0);
    if (rem) return S_REMOVE;
    if (m == o->k0) return S_KILLER1;
    if (m == o->k1) return S_KILLER2;
    return o->hist[b * NB + to];
}

static inline int exchange_score(const Order *o, int q) {
    if ((4096 | q) == o->hmove) return S_HASH;
    return S_EXCHANGE + ((((o->opp ^ ((u64)1 << q)) | o->own) & TM(q / 3)) ? 0 : 1000);
}

/* gen() and score_moves() in one pass: every move with its key. */
static int gen_scored(const Pos *s, int c, long long *keys, int hmove, int ply) {
    Order o;
    order_init(&o, s, c, hmove, ply);
    int n = 0;
    u64 free_ = s->present & ~o.own, m_ = o.own;
    while (m_) {
        int b = ctz(m_);
        m_ &= m_ - 1;
        u64 d = MOVE[c][b] & free_;
        u64 tm = TM(b / 3);
        int alone = !(((o.own ^ ((u64)1 << b)) | o.opp) & tm);
        while (d) {
            int to = ctz(d);
            d &= d - 1;
            keys[n] = KEY(move_score(s, c, &o, b, to, alone, tm), n, b | to << 6);
            n++;
        }
    }
    if (s->col[c] >= cost_g) {
        u64 x = o.opp;
        while (x) {
            int q = ctz(x);
            x &= x - 1;
            keys[n] = KEY(exchange_score(&o, q), n, 4096 | q);
            n++;
        }
    }
    return n;
}

/* The moves that score at least S_KILLER2 (hash move, captures, tile removals, exchanges,
 * killers), keyed by their order among themselves; found from masks, without scoring the
 * quiet moves. Every one of them comes before every quiet move. */
static int gen_special(const Pos *s, int c, const Order *o, long long *keys) {
    int n = 0;
    u64 free_ = s->present & ~o->own, m_ = o->own;
    while (m_) {
        int b = ctz(m_);
        m_ &= m_ - 1;
        u64 d = MOVE[c][b] & free_;
        u64 tm = TM(b / 3);
        int alone = !(((o->own ^ ((u64)1 << b)) | o->opp) & tm);
        u64 sp = d & o->targets;
        if (alone) sp |= d & ~tm;
        if (o->hmove >= 0 && o->hmove < 4096 && (o->hmove & 63) == b)
            sp |= d & ((u64)1 << (o->hmove >> 6));
        if (o->k0 >= 0 && (o->k0 & 63) == b) sp |= d & ((u64)1 << (o->k0 >> 6));
        if (o->k1 >= 0 && (o->k1 & 63) == b) sp |= d & ((u64)1 << (o->k1 >> 6));
        while (sp) {
            int to = ctz(sp);
            sp &= sp - 1;
            int sc = move_score(s, c, o, b, to, alone, tm);
            if (sc >= S_KILLER2) {
                keys[n] = KEY(sc, n, b | to << 6);
                n++;
            }
        }
    }
    if (s->col[c] >= cost_g) {
        u64 x = o->opp;
        while (x) {
            int q = ctz(x);
            x &= x - 1;
            keys[n] = KEY(exchange_score(o, q), n, 4096 | q);
            n++;
        }
    }
    return n;
}

/* The rest: the quiet moves (history scores), keyed by their order among themselves. */
static int gen_quiet(const Pos *s, int c, const Order *o, long long *keys) {
    int n = 0;
    u64 free_ = s->present & ~o->own, m_ = o->own;
    while (m_) {
        int b = ctz(m_);
        m_ &= m_ - 1;
        u64 d = MOVE[c][b] & free_;
        u64 tm = TM(b / 3);
        int alone = !(((o->own ^ ((u64)1 << b)) | o->opp) & tm);
        if (alone) d &= tm; /* the others empty b's tile: special */
        while (d) {
            int to = ctz(d);
            d &= d - 1;
            int sc = move_score(s, c, o, b, to, alone, tm);
            if (sc < S_KILLER2) {
                keys[n] = KEY(sc, n, b | to << 6);
                n++;
            }
        }
    }
    return n;
}

/* Bring the largest key among i..n-1 to place i. */
static inline void pick_key(long long *keys, int i, int n) {
    int j = i;
    long long best = keys[i];
    for (int k = i + 1; k < n; k++)
        if (keys[k] > best) { best = keys[k]; j = k; }
    keys[j] = keys[i];
    keys[i] = best;
}


static int is_repetition(u64 h, int start) {
    if (!rep_draw_g) return 0;
    /* The record alternates sides to move and the key covers the side: only every other
     * entry, from the last with this side to move, can match. */
    int count = 0;
    for (int i = hist_len - 2; i >= start; i -= 2)
        if (hist_keys[i] == h && ++count >= 2) return 1;
    return 0;
}

static unsigned ticks_g;

static void check_time(void) {
    if ((++ticks_g & 1023) == 0 && deadline_g > 0 && now_s() >= deadline_g) stop_g = 1;
}

static int qsearch(const Pos *s, int c, int alpha, int beta, int ply, int qply, int clock);

/* The quiescence search of a position known not to be over (negamax checked it). */
static int qsearch_live(const Pos *s, int c, int alpha, int beta, int ply, int qply, int clock) {
    nodes_g++;
    check_time();
    pv_len[ply] = 0;
    int stand = evaluate(s, c, clock);
    if (ply >= MAXPLY) return stand;
    if (stand >= beta) return stand;
    if (stand > alpha) alpha = stand;
    /* The moves that may capture: onto the only hole around an opponent piece, or off a
     * tile they leave empty (its removal may complete enclosures); exchanges at the first
     * quiescence ply. The same list, in the same order, as filtering gen(). */
    int moves[MAXMOVES], scores[MAXMOVES];
    int k = 0;
    u64 targets = capture_targets(s, c);
    u64 own = s->p[c], free_ = s->present & ~own, m_ = own;
    while (m_) {
        int b = ctz(m_);
        m_ &= m_ - 1;
        u64 d = MOVE[c][b] & free_;
        int t = b / 3;
        /* Leaving a tile empty captures only through its removal, which only happens when
         * the tile is removable (R8); an arrival captures only on a target (a free field
         * next to an opponent piece is one of its holes). */
        if ((((own ^ ((u64)1 << b)) | s->p[1 - c]) & TM(t)) || !(s->remsp >> (3 * t) & 1))
            d &= targets;
        else
            d &= targets | ~TM(t);
        while (d) { moves[k++] = b | ctz(d) << 6; d &= d - 1; }
    }
    if (qply == 0 && s->col[c] >= cost_g) {
        u64 opp = s->p[1 - c];
        while (opp) { moves[k++] = 4096 | ctz(opp); opp &= opp - 1; }
    }
    score_moves(s, c, moves, scores, k, -1, ply, 1);
    int best = stand;
    for (int i = 0; i < k; i++) {
        int m = moves[i];
        Pos ch = *s;
        int before = popc(ch.p[1 - c]);
        make(&ch, c, m);
        if (!(m & 4096) && popc(ch.p[1 - c]) == before) continue; /* no capture */
        int v = -qsearch(&ch, 1 - c, -beta, -alpha, ply + 1, qply + 1, 0);
        if (stop_g) return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                pv[ply][0] = m;
                for (int j = 0; j < pv_len[ply + 1]; j++) pv[ply][j + 1] = pv[ply + 1][j];
                pv_len[ply] = pv_len[ply + 1] + 1;
                if (v >= beta) break;
            }
        }
    }
    return best;
}

static int qsearch(const Pos *s, int c, int alpha, int beta, int ply, int qply, int clock) {
    if (!s->p[c] || ply >= moves_left_g || !has_action(s, c)) {
        nodes_g++;
        check_time();
        pv_len[ply] = 0;
        return s->p[c] ? draw_g[c] : -(WIN - ply);
    }
    return qsearch_live(s, c, alpha, beta, ply, qply, clock);
}

static int negamax(const Pos *s, int c, int depth, int alpha, int beta, int ply, int start,
                   int can_null) {
    /* start: index in hist_keys of the first position since the last irreversible turn */
    pv_len[ply] = 0;
    if (ply > 0) {
        if (!s->p[c]) { nodes_g++; return -(WIN - ply); }
        if (is_repetition(s->hash, start)) { nodes_g++; return draw_g[c]; }
        if (ply >= moves_left_g) { nodes_g++; return draw_g[c]; }
        if (!has_action(s, c)) { nodes_g++; return draw_g[c]; }
    }
    int clock = hist_len - start;
    if (depth <= 0 || ply >= MAXPLY) return qsearch_live(s, c, alpha, beta, ply, 0, clock);
    nodes_g++;
    check_time();
    int pvnode = beta - alpha > 1;
    TTEntry *e = &tt[s->hash & tt_mask];
    int hmove = -1;
    if (e->key == s->hash) {
        hmove = (int)e->move - 1;
        if (ply > 0 && !pvnode && e->depth >= depth) {
            int v = e->score;
            if (v > WIN_BOUND) v -= ply;
            else if (v < -WIN_BOUND) v += ply;
            if (e->flag == TT_EXACT || (e->flag == TT_LOWER && v >= beta) ||
                (e->flag == TT_UPPER && v <= alpha))
                return v;
        }
    }
    /* Null move: if passing still holds beta at a reduced depth, cut (never twice in a
     * row, never in the principal variation, never with one piece left). */
    if (can_null && !pvnode && ply > 0 && depth >= 3 && popc(s->p[c]) > 1 &&
        evaluate(s, c, clock) >= beta) {
        Pos ch = *s;
        ch.hash ^= ZSIDE;
        hist_keys[hist_len++] = s->hash;
        int v = -negamax(&ch, 1 - c, depth - 3, -beta, -beta + 1, ply + 1, hist_len, 0);
        hist_len--;
        if (stop_g) return 0;
        if (v >= beta) return v > WIN_BOUND ? beta : v;
    }
    long long keys[MAXMOVES];
    /* Below depth 3 nothing under this node changes this node's killers or this colour's
     * history (the replies are depth-1 searches of the other colour without null moves
     * or reductions, whose replies are quiescence searches, which change neither): the
     * quiet moves score the same after the special moves have been searched, so they are
     * only generated when none of those cut off. */
    int staged = depth <= 2;
    Order ord;
    int n;
    if (staged) {
        order_init(&ord, s, c, hmove, ply);
        n = gen_special(s, c, &ord, keys);
    } else
        n = gen_scored(s, c, keys, hmove, ply);
    int alpha0 = alpha, best = -WIN - 1, bestm = -1;
    hist_keys[hist_len++] = s->hash;
    for (int i = 0;; i++) {
        if (i == n) {
            if (!staged) break;
            staged = 0;
            n += gen_quiet(s, c, &ord, keys + n);
            if (i == n) break;
        }
        pick_key(keys, i, n);
        int m = KEY_MOVE(keys[i]);
        if (depth > 1 && i + 1 < n) {
            /* Load the next move's table entry while this one is searched (the key it gets
             * without captures or removals, by far the most common case). */
            pick_key(keys, i + 1, n);
            int m2 = KEY_MOVE(keys[i + 1]);
            if (!(m2 & 4096))
                __builtin_prefetch(&tt[(s->hash ^ ZSIDE ^ ZP[c][m2 & 63] ^ ZP[c][m2 >> 6]) & tt_mask]);
        }
        Pos ch = *s;
        int irr = make(&ch, c, m);
        if (depth > 1) __builtin_prefetch(&tt[ch.hash & tt_mask]);
        int cstart = irr ? hist_len : start;
        int quiet = KEY_SCORE(keys[i]) < S_KILLER2;
        int v;
        if (i == 0) {
            v = -negamax(&ch, 1 - c, depth - 1, -beta, -alpha, ply + 1, cstart, 1);
        } else {
            int r = (depth >= 3 && i >= 4 && quiet && !irr) ? (depth >= 6 && i >= 12 ? 2 : 1) : 0;
            v = -negamax(&ch, 1 - c, depth - 1 - r, -alpha - 1, -alpha, ply + 1, cstart, 1);
            if (!stop_g && v > alpha && r)
                v = -negamax(&ch, 1 - c, depth - 1, -alpha - 1, -alpha, ply + 1, cstart, 1);
            if (!stop_g && v > alpha && v < beta)
                v = -negamax(&ch, 1 - c, depth - 1, -beta, -alpha, ply + 1, cstart, 1);
        }
        if (stop_g) { hist_len--; return 0; }
        if (v > best) {
            best = v;
            bestm = m;
            if (v > alpha) {
                alpha = v;
                if (ply == 0) root_score_g = v;
                pv[ply][0] = m;
                for (int j = 0; j < pv_len[ply + 1]; j++) pv[ply][j + 1] = pv[ply + 1][j];
                pv_len[ply] = pv_len[ply + 1] + 1;
                if (v >= beta) {
                    if (quiet && !(m & 4096)) {
                        if (killers[ply][0] != m) {
                            killers[ply][1] = killers[ply][0];
                            killers[ply][0] = m;
                        }
                        int *h = &history_tab[c][m & 63][m >> 6];
                        *h += depth * depth;
                        if (*h > HISTORY_LIMIT)
                            for (int a = 0; a < 2; a++)
                                for (int b = 0; b < NB; b++)
                                    for (int d = 0; d < NB; d++) history_tab[a][b][d] /= 2;
                    }
                    break;
                }
            }
        }
    }
    hist_len--;
    int flag = best >= beta ? TT_LOWER : (best > alpha0 ? TT_EXACT : TT_UPPER);
    int sv = best;
    if (sv > WIN_BOUND) sv += ply;
    else if (sv < -WIN_BOUND) sv -= ply;
    e->key = s->hash;
    e->score = (int16_t)sv;
    e->depth = (int8_t)depth;
    e->flag = (uint8_t)flag;
    e->move = (uint16_t)(bestm + 1);
    return best;
}

/* ------------------------------------------------------------------ perft */
static long long perft(const Pos *s, int c, int depth, int ply, int start) {
    if (depth == 1) {
        int moves[MAXMOVES];
        return gen(s, c, moves);
    }
    int moves[MAXMOVES];
    int n = gen(s, c, moves);
    long long total = 0;
    hist_keys[hist_len++] = s->hash;
    for (int i = 0; i < n; i++) {
        Pos ch = *s;
        int irr = make(&ch, c, moves[i]);
        int cstart = irr ? hist_len : start;
        if (!ch.p[1 - c] || ply + 1 >= moves_left_g || is_repetition(ch.hash, cstart) ||
            !has_action(&ch, 1 - c))
            total += 1;
        else
            total += perft(&ch, 1 - c, depth - 1, ply + 1, cstart);
    }
    hist_len--;
    return total;
}

/* ------------------------------------------------------------------ Python glue */
static int read_u64s(PyObject *seq, u64 *out, Py_ssize_t n) {
    PyObject *fast = PySequence_Fast(seq, "expected a sequence");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "expected %zd values", n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        out[i] = PyLong_AsUnsignedLongLongMask(PySequence_Fast_GET_ITEM(fast, i));
        if (PyErr_Occurred()) { Py_DECREF(fast); return -1; }
    }
    Py_DECREF(fast);
    return 0;
}

static PyObject *py_setup(PyObject *self, PyObject *args) {
    PyObject *move, *edge, *border, *tnb, *rem, *zob;
    if (!PyArg_ParseTuple(args, "OOOOOO", &move, &edge, &border, &tnb, &rem, &zob)) return NULL;
    u64 buf[2 * NB + NT + 128 + 1 + 8];
    if (read_u64s(move, buf, 2 * NB)) return NULL;
    for (int c = 0; c < 2; c++)
        for (int f = 0; f < 64; f++) MOVE[c][f] = f < NB ? buf[c * NB + f] : 0;
    if (read_u64s(edge, buf, 2 * NB)) return NULL;
    memcpy(EDGE, buf, sizeof EDGE);
    if (read_u64s(border, buf, 2 * NT)) return NULL;
    memcpy(BORDER, buf, sizeof BORDER);
    if (read_u64s(tnb, buf, NT * 6)) return NULL;
    for (int i = 0; i < NT * 6; i++) TNB[i / 6][i % 6] = (int)(int64_t)buf[i];
    if (read_u64s(rem, buf, 64)) return NULL;
    for (int i = 0; i < 64; i++) REM[i] = (unsigned char)buf[i];
    if (read_u64s(zob, buf, 2 * NB + NT + 128 + 1)) return NULL;
    memcpy(ZP, buf, sizeof ZP);
    memcpy(ZT, buf + 2 * NB, sizeof ZT);
    memcpy(ZC, buf + 2 * NB + NT, sizeof ZC);
    ZSIDE = buf[2 * NB + NT + 128];
    ready = 1;
    Py_RETURN_NONE;
}

static PyObject *py_set_weights(PyObject *self, PyObject *args) {
    PyObject *w;
    if (!PyArg_ParseTuple(args, "O", &w)) return NULL;
    u64 buf[NW];
    PyObject *fast = PySequence_Fast(w, "expected a sequence");
    if (!fast) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    Py_DECREF(fast);
    if (n > NW) return PyErr_Format(PyExc_ValueError, "at most %d weights", NW);
    if (read_u64s(w, buf, n)) return NULL;
    for (int i = 0; i < NW; i++) W[i] = i < n ? (int)(int64_t)buf[i] : 0;
    Py_RETURN_NONE;
}

static int load_pos(Pos *s, u64 w, u64 b, unsigned long tiles, int cw, int cb, int side) {
    s->p[0] = w;
    s->p[1] = b;
    s->tiles = (uint32_t)tiles;
    s->present = present_of(s->tiles);
    s->col[0] = cw;
    s->col[1] = cb;
    s->hash = hash_of(s, side);
    s->remsp = rem_spread(s->tiles);
    count_all(s);
    return 0;
}

static int load_history(PyObject *hist) {
    PyObject *fast = PySequence_Fast(hist, "history: expected a sequence");
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    Py_ssize_t skip = n > HIST_MAX ? n - HIST_MAX : 0;
    hist_len = 0;
    for (Py_ssize_t i = skip; i < n; i++) {
        hist_keys[hist_len++] = PyLong_AsUnsignedLongLongMask(PySequence_Fast_GET_ITEM(fast, i));
        if (PyErr_Occurred()) { Py_DECREF(fast); return -1; }
    }
    Py_DECREF(fast);
    return 0;
}

static PyObject *py_hash(PyObject *self, PyObject *args) {
    unsigned long long w, b;
    unsigned long tiles;
    int cw, cb, side;
    if (!PyArg_ParseTuple(args, "KKkiii", &w, &b, &tiles, &cw, &cb, &side)) return NULL;
    Pos s;
    load_pos(&s, w, b, tiles, cw, cb, side);
    return PyLong_FromUnsignedLongLong(s.hash);
}

static PyObject *py_moves(PyObject *self, PyObject *args) {
    unsigned long long w, b;
    unsigned long tiles;
    int cw, cb, side, cost;
    if (!PyArg_ParseTuple(args, "KKkiiii", &w, &b, &tiles, &cw, &cb, &side, &cost)) return NULL;
    Pos s;
    cost_g = cost;
    load_pos(&s, w, b, tiles, cw, cb, side);
    int moves[MAXMOVES];
    int n = gen(&s, side, moves);
    PyObject *out = PyList_New(n);
    for (int i = 0; i < n; i++) PyList_SET_ITEM(out, i, PyLong_FromLong(moves[i]));
    return out;
}

static PyObject *py_play(PyObject *self, PyObject *args) {
    unsigned long long w, b;
    unsigned long tiles;
    int cw, cb, side, cost, m;
    if (!PyArg_ParseTuple(args, "KKkiiiii", &w, &b, &tiles, &cw, &cb, &side, &cost, &m))
        return NULL;
    Pos s;
    cost_g = cost;
    load_pos(&s, w, b, tiles, cw, cb, side);
    int irr = make(&s, side, m);
    return Py_BuildValue("KKkiiiKi", (unsigned long long)s.p[0], (unsigned long long)s.p[1],
                         (unsigned long)s.tiles, s.col[0], s.col[1], irr,
                         (unsigned long long)s.hash, 1 - side);
}

static PyObject *py_evaluate(PyObject *self, PyObject *args) {
    unsigned long long w, b;
    unsigned long tiles;
    int cw, cb, side, cost, clock;
    if (!PyArg_ParseTuple(args, "KKkiiiii", &w, &b, &tiles, &cw, &cb, &side, &cost, &clock))
        return NULL;
    Pos s;
    cost_g = cost;
    load_pos(&s, w, b, tiles, cw, cb, side);
    return PyLong_FromLong(evaluate(&s, side, clock));
}

static PyObject *py_features(PyObject *self, PyObject *args) {
    unsigned long long w, b;
    unsigned long tiles;
    int cw, cb, side, cost;
    if (!PyArg_ParseTuple(args, "KKkiiii", &w, &b, &tiles, &cw, &cb, &side, &cost)) return NULL;
    Pos s;
    cost_g = cost;
    load_pos(&s, w, b, tiles, cw, cb, side);
    int f[2][NF];
    features(&s, side, f[0]);
    features(&s, 1 - side, f[1]);
    PyObject *out = PyList_New(2 * NF);
    for (int i = 0; i < 2 * NF; i++) PyList_SET_ITEM(out, i, PyLong_FromLong(f[i / NF][i % NF]));
    return out;
}

static PyObject *py_perft(PyObject *self, PyObject *args) {
    unsigned long long w, b;
    unsigned long tiles;
    int cw, cb, side, cost, moves_left, rep, depth;
    PyObject *hist;
    if (!PyArg_ParseTuple(args, "KKkiiiiiiOi", &w, &b, &tiles, &cw, &cb, &side, &cost,
                          &moves_left, &rep, &hist, &depth))
        return NULL;
    if (!ready) return PyErr_Format(PyExc_RuntimeError, "setup() first");
    Pos s;
    cost_g = cost;
    moves_left_g = moves_left;
    rep_draw_g = rep;
    load_pos(&s, w, b, tiles, cw, cb, side);
    if (load_history(hist)) return NULL;
    if (depth < 1) return PyLong_FromLong(1);
    return PyLong_FromLongLong(perft(&s, side, depth, 0, 0));
}

static int ensure_tt(int bits) {
    if (bits < 10) bits = 10;
    if (bits > 26) bits = 26;
    if (tt && bits == tt_bits_now) return 0;
    free(tt);
    tt = NULL;
    size_t bytes = ((size_t)1 << bits) * sizeof(TTEntry);
    void *mem = NULL;
    /* 2 MiB aligned and, where the kernel allows, backed by huge pages: every probe of a
     * table this size would otherwise miss the TLB as well as the cache */
    if (posix_memalign(&mem, (size_t)1 << 21, bytes) != 0) mem = NULL;
    if (!mem) { tt_bits_now = 0; PyErr_NoMemory(); return -1; }
#ifdef MADV_HUGEPAGE
    madvise(mem, bytes, MADV_HUGEPAGE);
#endif
    memset(mem, 0, bytes);
    tt = mem;
    tt_bits_now = bits;
    tt_mask = ((u64)1 << bits) - 1;
    return 0;
}

/* search(w, b, tiles, cw, cb, side, cost, moves_left, rep, history, max_depth, seconds,
 *        tt_bits, clear, contempt) -> (list of (depth, score, nodes, seconds, pv) per completed
 * iteration, nodes, seconds); clear=0 keeps the transposition table of the last search */
static PyObject *py_search(PyObject *self, PyObject *args) {
    unsigned long long w, b;
    unsigned long tiles;
    int cw, cb, side, cost, moves_left, rep, max_depth, tt_bits, clear, contempt;
    double seconds;
    PyObject *hist;
    if (!PyArg_ParseTuple(args, "KKkiiiiiiOidipi", &w, &b, &tiles, &cw, &cb, &side, &cost,
                          &moves_left, &rep, &hist, &max_depth, &seconds, &tt_bits, &clear,
                          &contempt))
        return NULL;
    draw_g[side & 1] = -contempt;
    draw_g[1 - (side & 1)] = contempt;
    if (!ready) return PyErr_Format(PyExc_RuntimeError, "setup() first");
    int had = tt_bits_now;
    if (ensure_tt(tt_bits)) return NULL;
    if (clear && had == tt_bits_now) memset(tt, 0, ((size_t)1 << tt_bits_now) * sizeof(TTEntry));
    memset(killers, 0xff, sizeof killers);
    memset(history_tab, 0, sizeof history_tab);
    Pos s;
    cost_g = cost;
    moves_left_g = moves_left;
    rep_draw_g = rep;
    load_pos(&s, w, b, tiles, cw, cb, side);
    if (load_history(hist)) return NULL;
    int base_len = hist_len;
    nodes_g = 0;
    stop_g = 0;
    double t0 = now_s();
    deadline_g = seconds > 0 ? t0 + seconds : 0;
    if (max_depth > MAXPLY - 8) max_depth = MAXPLY - 8;
    PyObject *out = PyList_New(0);
    PyObject *partial = Py_None;
    Py_INCREF(Py_None);
    for (int d = 1; d <= max_depth; d++) {
        hist_len = base_len;
        int v = negamax(&s, side, d, -WIN - 1, WIN + 1, 0, 0, 1);
        if (stop_g) {
            /* the moves searched before time ran out, the first being the last best */
            if (pv_len[0] > 0) {
                PyObject *line = PyList_New(pv_len[0]);
                for (int j = 0; j < pv_len[0]; j++)
                    PyList_SET_ITEM(line, j, PyLong_FromLong(pv[0][j]));
                Py_DECREF(partial);
                partial = Py_BuildValue("iiN", d, root_score_g, line);
            }
            break;
        }
        PyObject *line = PyList_New(pv_len[0]);
        for (int j = 0; j < pv_len[0]; j++) PyList_SET_ITEM(line, j, PyLong_FromLong(pv[0][j]));
        PyObject *item = Py_BuildValue("iiLdN", d, v, nodes_g, now_s() - t0, line);
        PyList_Append(out, item);
        Py_DECREF(item);
        if (v > WIN_BOUND || v < -WIN_BOUND) break;
        if (deadline_g > 0 && now_s() >= deadline_g) break;
    }
    PyObject *res = Py_BuildValue("NLdN", out, nodes_g, now_s() - t0, partial);
    return res;
}

static PyMethodDef methods[] = {
    {"setup", py_setup, METH_VARARGS, "Load the board tables and Zobrist keys."},
    {"set_weights", py_set_weights, METH_VARARGS, "Set the evaluation weights."},
    {"hash", py_hash, METH_VARARGS, "Zobrist key of a position."},
    {"moves", py_moves, METH_VARARGS, "Move codes in generation order."},
    {"play", py_play, METH_VARARGS, "Play one move code."},
    {"evaluate", py_evaluate, METH_VARARGS, "Static score for the side to move."},
    {"features", py_features, METH_VARARGS, "Evaluation features of both sides."},
    {"perft", py_perft, METH_VARARGS, "Leaf count."},
    {"search", py_search, METH_VARARGS, "Iterative-deepening alpha-beta search."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_ccore",
                                    "Compiled core of the Coerceo engine.", -1, methods};

PyMODINIT_FUNC PyInit__ccore(void) { return PyModule_Create(&module); }
