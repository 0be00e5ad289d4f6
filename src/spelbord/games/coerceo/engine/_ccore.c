/* The compiled core of the Coerceo engine: move generation, make, evaluation, perft and
 * an alpha-beta search (negamax, iterative deepening, PVS, transposition table, killers,
 * history, late-move reductions, a capture/exchange quiescence).
 *
 * The board is split per colour: colour c's 57 fields (19 tiles x 3 fields) are bits
 * tile * 3 + k of one uint64 (white: fields 1, 3, 5 of a tile; black: 0, 2, 4). Every
 * table (neighbours, borders, Zobrist keys) and the evaluation weights come from Python
 * (spelbord.games.coerceo.engine.cores), which also holds a pure-Python twin of this file
 * (spelbord.games.coerceo.engine.pysearch) that must give the same results node for node.
 *
 * The search functions live in _ccore_search.h, included twice below: as is, and (with
 * GCC on x86-64) compiled for BMI1/BMI2 under names ending in _fast, used when the
 * processor has those instructions. The position keeps, besides the pieces and tiles, the
 * sums the evaluation needs (mobility, edge-neighbours on the board, removable tiles),
 * updated by make. The exact endgame tables (built on demand, probed by negamax) live in
 * _ccore_tb.h, included once after the search core.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <stdlib.h>
#include <pthread.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#if defined(__GNUC__) && defined(__x86_64__)
#pragma GCC target("popcnt")
#endif

typedef uint64_t u64;

#if defined(__GNUC__)
#define INLINE inline __attribute__((always_inline))
#else
#define INLINE inline
#endif

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
/* Each field's edge-neighbour across its tile's edge as shifts of the other colour's mask:
 * field b's neighbour is field b + d; the fields of one d are masked together, d > 0 in
 * XR/XMR (shift right), d < 0 in XL/XML (shift left); at most NX of each (setup()). */
#define NX 3
static int XR[2][NX], XL[2][NX];
static u64 XMR[2][NX], XML[2][NX];
static int cross_ready = 0;
/* RATIO[a][b] = (a - b) * 36 / (a + b) (0 for a = b = 0), feature 7, without a division */
#define RATIO_N 32
static signed char RATIO[RATIO_N][RATIO_N];
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
    uint16_t age; /* the table generation that wrote it; others count as empty */
} TTEntry;

enum { TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3 };

static TTEntry *tt = NULL;
static u64 tt_mask = 0;
static int tt_bits_now = 0;
static uint16_t tt_gen = 1; /* a fresh search starts a new generation: an empty table */

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

#define NF 8

#define S_HASH 1000000000
#define S_CAPTURE 1000000
#define S_REMOVE 900000
#define S_EXCHANGE 800000
#define S_KILLER1 700000
#define S_KILLER2 690000
#define HISTORY_LIMIT 500000

/* Move ordering keys: score << 21 | (255 - index) << 13 | move. They are unique, so that
 * taking the largest key left, one at a time, gives exactly the stable best-first order of
 * the scores (score_moves' order); the index is the move's place in gen()'s order. */
#define KEY(sc, i, m) ((long long)(sc) << 21 | (long long)(255 - (i)) << 13 | (m))
#define KEY_MOVE(k) ((int)((k) & 8191))
#define KEY_SCORE(k) ((int)((k) >> 21))
#ifndef SORT_AFTER
#define SORT_AFTER 2 /* moves picked one by one before the rest is sorted */
#endif

typedef struct {
    u64 own, opp, targets;
    int hmove, k0, k1;
    const int *hist;
} Order;

static unsigned ticks_g;

/* ------------------------------------------------------------------ endgame term
 * Only for a side clearly ahead (more pieces than the opponent, who has at most
 * ENDGAME_DEFENDERS left): what brings the capture of the last pieces nearer. Per
 * weights.py: W[10] per hole left around the defender's pieces (edge-neighbour fields on
 * the board that the attacker does not hold: each is a piece still to bring, and removed
 * tiles take holes away), W[11] per tile step from each attacker piece to the nearest
 * defender piece, W[12] per move the defender has; W[13] per tile on the board, up to
 * ENDGAME_TILES (a board of 2 or 3 tiles leaves the attacker no tiles to collect for the
 * exchange that takes the last piece, and seldom a capture). The side to move's term minus the
 * opponent's; 0 while neither side is ahead in this way. */
#define ENDGAME_DEFENDERS 3
#define ENDGAME_TILES 5

static unsigned char TDIST[NT][NT]; /* hex distance between tiles */

static void endgame_setup(void) {
    for (int a = 0; a < NT; a++) {
        int queue[NT], head = 0, tail = 0;
        for (int t = 0; t < NT; t++) TDIST[a][t] = 255;
        TDIST[a][a] = 0;
        queue[tail++] = a;
        while (head < tail) {
            int t = queue[head++];
            for (int d = 0; d < 6; d++) {
                int n = TNB[t][d];
                if (n >= 0 && TDIST[a][n] == 255) {
                    TDIST[a][n] = (unsigned char)(TDIST[a][t] + 1);
                    queue[tail++] = n;
                }
            }
        }
    }
}

/* The term of colour c as attacker (0 unless c is ahead as above). */
static int endgame_side(const Pos *s, int c) {
    int o = 1 - c;
    int np = __builtin_popcountll(s->p[c]), no = __builtin_popcountll(s->p[o]);
    if (np <= no || no == 0 || no > ENDGAME_DEFENDERS) return 0;
    int holes = 0, dist = 0;
    u64 free_c = s->present & ~s->p[c];
    u64 m = s->p[o];
    while (m) {
        int q = __builtin_ctzll(m);
        m &= m - 1;
        holes += __builtin_popcountll(EDGE[o][q] & free_c);
    }
    m = s->p[c];
    while (m) {
        int b = __builtin_ctzll(m);
        m &= m - 1;
        int best = 255;
        u64 d = s->p[o];
        while (d) {
            int q = __builtin_ctzll(d);
            d &= d - 1;
            if (TDIST[b / 3][q / 3] < best) best = TDIST[b / 3][q / 3];
        }
        dist += best;
    }
    int mob = s->nbp[o] - s->pairs[o];
    int tiles = __builtin_popcount(s->tiles);
    if (tiles > ENDGAME_TILES) tiles = ENDGAME_TILES;
    return W[13] * tiles - (W[10] * holes + W[11] * dist + W[12] * mob);
}

static int endgame_term(const Pos *s, int c) { return endgame_side(s, c) - endgame_side(s, 1 - c); }

/* The exact endgame tables (_ccore_tb.h): negamax probes them when tb_on_g is set. */
static int tb_on_g = 0;
/* plain_g: the plain alpha-beta of the public engines (search(..., plain=1)): every move
 * searched with the full window, no null move, no reductions, no killers or history. */
static int plain_g = 0;
static int tb_probe(const Pos *s, int c, int ply, int clock, int *score);

/* perft (at the end of _ccore_search.h): its position, and the repetition record of the
 * pieces (white, black) since the last irreversible turn, the node being counted last. */
typedef struct {
    u64 p[2];
    u64 present;
    uint32_t tiles;
    int col[2];
} PerftPos;
static u64 (*perft_rec)[2] = NULL;
static int perft_len;
static unsigned perft_ticks;
static int perft_stop;

#include "_ccore_search.h"

/* The same core for processors with BMI1 and BMI2 (tzcnt, blsr, ...), where GCC can
 * compile for them; search() and perft() use it when the processor has them. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define HAVE_FAST_CORE 1
#pragma GCC push_options
#pragma GCC target("popcnt,bmi,bmi2")
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#define alone_pieces alone_pieces_fast
#define capture capture_fast
#define capture_estimate capture_estimate_fast
#define capture_targets capture_targets_fast
#define chain_removal chain_removal_fast
#define check_time check_time_fast
#define count_all count_all_fast
#define count_board count_board_fast
#define ctz ctz_fast
#define one_hole one_hole_fast
#define evaluate evaluate_fast
#define exchange_score exchange_score_fast
#define features features_fast
#define gen gen_fast
#define gen_quiet gen_quiet_fast
#define gen_scored gen_scored_fast
#define gen_special gen_special_fast
#define has_action has_action_fast
#define hash_of hash_of_fast
#define is_repetition is_repetition_fast
#define make make_fast
#define move_score move_score_fast
#define negamax negamax_fast
#define now_s now_s_fast
#define order_init order_init_fast
#define perft perft_fast
#define perft_repeated perft_repeated_fast
#define perft_move perft_move_fast
#define perft_has_action perft_has_action_fast
#define perft_exchange perft_exchange_fast
#define perft_count perft_count_fast
#define perft_child perft_child_fast
#define perft_chain perft_chain_fast
#define perft_capture perft_capture_fast
#define pick_key pick_key_fast
#define popc popc_fast
#define present_of present_of_fast
#define qsearch qsearch_fast
#define qsearch_live qsearch_live_fast
#define raw_eval raw_eval_fast
#define rem_spread rem_spread_fast
#define removal_chain removal_chain_fast
#define removed_border removed_border_fast
#define scale_eval scale_eval_fast
#define score_moves score_moves_fast
#define set_col set_col_fast
#define sort_keys sort_keys_fast
#define insertion_sort_keys insertion_sort_keys_fast
#define take_piece take_piece_fast
#define target_movers target_movers_fast
#define tile_removable tile_removable_fast
#define two_holes_in_tile two_holes_in_tile_fast
#include "_ccore_search.h"
#undef alone_pieces
#undef capture
#undef capture_estimate
#undef capture_targets
#undef chain_removal
#undef check_time
#undef count_all
#undef count_board
#undef ctz
#undef one_hole
#undef evaluate
#undef exchange_score
#undef features
#undef gen
#undef gen_quiet
#undef gen_scored
#undef gen_special
#undef has_action
#undef hash_of
#undef is_repetition
#undef make
#undef move_score
#undef negamax
#undef now_s
#undef order_init
#undef perft
#undef perft_repeated
#undef perft_move
#undef perft_has_action
#undef perft_exchange
#undef perft_count
#undef perft_child
#undef perft_chain
#undef perft_capture
#undef pick_key
#undef popc
#undef present_of
#undef qsearch
#undef qsearch_live
#undef raw_eval
#undef rem_spread
#undef removal_chain
#undef removed_border
#undef scale_eval
#undef score_moves
#undef set_col
#undef sort_keys
#undef insertion_sort_keys
#undef take_piece
#undef target_movers
#undef tile_removable
#undef two_holes_in_tile
#pragma GCC diagnostic pop
#pragma GCC pop_options
#else
#define HAVE_FAST_CORE 0
#endif

static int fast_core = 0; /* set at import: the processor has BMI1 and BMI2 */

#include "_ccore_tb.h"
#define TB_SHARE 0.5

static int search_root(const Pos *s, int side, int depth) {
#if HAVE_FAST_CORE
    if (fast_core) return negamax_fast(s, side, depth, -WIN - 1, WIN + 1, 0, 0, 1);
#endif
    return negamax(s, side, depth, -WIN - 1, WIN + 1, 0, 0, 1);
}

static long long perft_root(const PerftPos *s, int side, int depth) {
#if HAVE_FAST_CORE
    if (fast_core) return perft_fast(s, side, depth, 0, 0);
#endif
    return perft(s, side, depth, 0, 0);
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

/* Find XR/XMR/XL/XML from EDGE: each field's two in-tile edge-neighbours are the ones
 * two_holes_in_tile() assumes, the third is elsewhere or missing. */
static void cross_setup(void) {
    cross_ready = 0;
    memset(XR, 0, sizeof XR);
    memset(XL, 0, sizeof XL);
    memset(XMR, 0, sizeof XMR);
    memset(XML, 0, sizeof XML);
    for (int c = 0; c < 2; c++) {
        int nr = 0, nl = 0;
        for (int b = 0; b < NB; b++) {
            int t = b / 3, k = b % 3;
            int k2 = c == 0 ? (k + 1) % 3 : (k + 2) % 3;
            u64 in_tile = (u64)1 << b | (u64)1 << (3 * t + k2);
            u64 e = EDGE[c][b];
            if ((e & TM(t)) != in_tile) return;
            u64 x = e & ~TM(t);
            if (!x) continue;
            if (x & (x - 1)) return;
            int d = __builtin_ctzll(x) - b, j;
            if (d > 0) {
                for (j = 0; j < nr && XR[c][j] != d; j++) {}
                if (j == nr) {
                    if (nr == NX) return;
                    XR[c][nr++] = d;
                }
                XMR[c][j] |= (u64)1 << b;
            } else {
                for (j = 0; j < nl && XL[c][j] != -d; j++) {}
                if (j == nl) {
                    if (nl == NX) return;
                    XL[c][nl++] = -d;
                }
                XML[c][j] |= (u64)1 << b;
            }
        }
    }
    /* one_hole() has these shifts written out */
    static const int want_r[2][NX] = {{14, 17, 0}, {4, 10, 13}};
    static const int want_l[2][NX] = {{4, 10, 13}, {14, 17, 0}};
    if (memcmp(XR, want_r, sizeof XR) || memcmp(XL, want_l, sizeof XL)) return;
    cross_ready = 1;
}

static PyObject *py_setup_unlocked(PyObject *self, PyObject *args) {
    PyObject *move, *edge, *border, *tnb, *rem, *zob;
    if (!PyArg_ParseTuple(args, "OOOOOO", &move, &edge, &border, &tnb, &rem, &zob)) return NULL;
    u64 buf[2 * NB + NT + 128 + 1 + 8];
    if (read_u64s(move, buf, 2 * NB)) return NULL;
    for (int c = 0; c < 2; c++)
        for (int f = 0; f < 64; f++) MOVE[c][f] = f < NB ? buf[c * NB + f] : 0;
    if (read_u64s(edge, buf, 2 * NB)) return NULL;
    memcpy(EDGE, buf, sizeof EDGE);
    cross_setup();
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
    endgame_setup();
    ready = 1;
    Py_RETURN_NONE;
}

static PyObject *py_set_weights_unlocked(PyObject *self, PyObject *args) {
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

static PyObject *py_hash_unlocked(PyObject *self, PyObject *args) {
    unsigned long long w, b;
    unsigned long tiles;
    int cw, cb, side;
    if (!PyArg_ParseTuple(args, "KKkiii", &w, &b, &tiles, &cw, &cb, &side)) return NULL;
    Pos s;
    load_pos(&s, w, b, tiles, cw, cb, side);
    return PyLong_FromUnsignedLongLong(s.hash);
}

static PyObject *py_moves_unlocked(PyObject *self, PyObject *args) {
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

static PyObject *py_play_unlocked(PyObject *self, PyObject *args) {
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

static PyObject *py_evaluate_unlocked(PyObject *self, PyObject *args) {
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

static PyObject *py_features_unlocked(PyObject *self, PyObject *args) {
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

#define PERFT_MAX_DEPTH 64

/* perft(w, b, tiles, cw, cb, side, cost, moves_left, rep, record, depth): the leaves
 * `depth` plies below a position where the game is not over (a leaf where it ends
 * earlier), bulk counted. `record` is the repetition record before this position since
 * the last irreversible turn, oldest first, as (white, black) pairs of piece masks. */
static PyObject *py_perft_unlocked(PyObject *self, PyObject *args) {
    unsigned long long w, b;
    unsigned long tiles;
    int cw, cb, side, cost, moves_left, rep, depth;
    PyObject *record;
    if (!PyArg_ParseTuple(args, "KKkiiiiiiOi", &w, &b, &tiles, &cw, &cb, &side, &cost,
                          &moves_left, &rep, &record, &depth))
        return NULL;
    if (!ready) return PyErr_Format(PyExc_RuntimeError, "setup() first");
    if (depth > PERFT_MAX_DEPTH)
        return PyErr_Format(PyExc_ValueError, "perft depth %d is over %d", depth,
                            PERFT_MAX_DEPTH);
    if (side != 0 && side != 1) return PyErr_Format(PyExc_ValueError, "side must be 0 or 1");
    if (depth < 1) return PyLong_FromLong(1);
    PyObject *fast = PySequence_Fast(record, "record: expected a sequence of pairs");
    if (!fast) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    u64(*rec)[2] = malloc(((size_t)n + (size_t)depth + 1) * sizeof *rec);
    if (!rec) {
        Py_DECREF(fast);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        unsigned long long pw, pb;
        if (!PyArg_Parse(PySequence_Fast_GET_ITEM(fast, i), "(KK)", &pw, &pb)) {
            free(rec);
            Py_DECREF(fast);
            return NULL;
        }
        rec[i][0] = pw;
        rec[i][1] = pb;
    }
    Py_DECREF(fast);
    PerftPos s = {{w, b}, present_of((uint32_t)tiles), (uint32_t)tiles, {cw, cb}};
    cost_g = cost;
    moves_left_g = moves_left;
    rep_draw_g = rep;
    long long total;
    perft_stop = 0;
    if (depth == 1) {
        total = perft_count(&s, side);
    } else {
        perft_rec = rec;
        perft_len = (int)n;
        perft_ticks = 0;
        total = perft_root(&s, side, depth);
        perft_rec = NULL;
    }
    free(rec);
    if (perft_stop) return NULL; /* the signal handler's exception (KeyboardInterrupt) */
    return PyLong_FromLongLong(total);
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

/* Before a search with the tables: build the table of the root and of every position
 * two plies on that an irreversible turn leads to (a capture, a removal, an exchange),
 * where small enough (tb_size), while TB_SHARE of the time budget (if any) lasts. The
 * root's own table is started or continued whatever its size (tb_force_g; so are the
 * smaller tables it needs): a build the deadline interrupts keeps its progress in its
 * slot and the next search goes on with it, so over a few moves a table of a million
 * positions gets built; the other tables only when they fit in the time left at
 * TB_RATE. A table is used only once finished. When the root is itself a table draw,
 * drawn table positions are searched on (tb_draws_g = 0): the side ahead goes on
 * pressing by the evaluation, since a searching opponent may not find the perfect
 * defence, while every table win and loss still scores exactly. */
static void tb_prepare(const Pos *s, int side, double seconds, double t0) {
    int v;
    tb_make_room();
    tb_drop_unreachable(s->tiles, __builtin_popcountll(s->p[0]), __builtin_popcountll(s->p[1]));
    tb_draws_g = 1;
    tb_deadline_g = seconds > 0 ? t0 + seconds * TB_SHARE : 0;
    tb_force_g = 1; /* the root's own table: started or continued whatever its size */
    int found = !tb_lookup(s, side, 1, &v);
    tb_force_g = 0;
    if (found && v == 0) tb_draws_g = 0;
    int moves[MAXMOVES], replies[MAXMOVES];
    int n = gen(s, side, moves);
    for (int i = 0; i < n; i++) {
        if (tb_deadline_g > 0 && now_s() >= tb_deadline_g) break;
        Pos ch = *s;
        int irr = make(&ch, side, moves[i]);
        if (!ch.p[1 - side]) continue;
        if (irr) tb_lookup(&ch, 1 - side, 1, &v);
        int k = gen(&ch, 1 - side, replies);
        for (int j = 0; j < k; j++) {
            Pos g = ch;
            if (make(&g, 1 - side, replies[j]) && g.p[side]) tb_lookup(&g, side, 1, &v);
        }
    }
    tb_deadline_g = 0;
}

/* search(w, b, tiles, cw, cb, side, cost, moves_left, rep, history, max_depth, seconds,
 *        tt_bits, clear, contempt, tb=0, plain=0) -> (list of (depth, score, nodes, seconds,
 * pv) per completed iteration, nodes, seconds); clear=0 keeps the transposition table of
 * the last search; tb=1 uses the endgame tables (tb_prepare builds them first), tb=2 only
 * those built; plain=1 searches as the public engines do (plain_g) */
static PyObject *py_search_unlocked(PyObject *self, PyObject *args) {
    unsigned long long w, b;
    unsigned long tiles;
    int cw, cb, side, cost, moves_left, rep, max_depth, tt_bits, clear, contempt, tb = 0,
        plain = 0;
    double seconds;
    PyObject *hist;
    if (!PyArg_ParseTuple(args, "KKkiiiiiiOidipi|ii", &w, &b, &tiles, &cw, &cb, &side, &cost,
                          &moves_left, &rep, &hist, &max_depth, &seconds, &tt_bits, &clear,
                          &contempt, &tb, &plain))
        return NULL;
    draw_g[side & 1] = -contempt;
    draw_g[1 - (side & 1)] = contempt;
    if (!ready) return PyErr_Format(PyExc_RuntimeError, "setup() first");
    int had = tt_bits_now;
    if (ensure_tt(tt_bits)) return NULL;
    if (clear && had == tt_bits_now && ++tt_gen == 0) {
        memset(tt, 0, ((size_t)1 << tt_bits_now) * sizeof(TTEntry));
        tt_gen = 1;
    }
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
    tb_on_g = tb != 0;
    plain_g = plain != 0;
    tb_hits_g = 0;
    if (tb == 1) {
        Py_BEGIN_ALLOW_THREADS
        tb_prepare(&s, side, seconds, t0);
        Py_END_ALLOW_THREADS
        /* the build is charged at most its share: a build that ran over it (a busy
         * machine, a long row) leaves the search the rest of the budget all the same */
        double over = now_s() - t0 - seconds * TB_SHARE;
        if (seconds > 0 && over > 0) deadline_g += over;
    }
    if (max_depth > MAXPLY - 8) max_depth = MAXPLY - 8;
    PyObject *out = PyList_New(0);
    PyObject *partial = Py_None;
    Py_INCREF(Py_None);
    for (int d = 1; d <= max_depth; d++) {
        hist_len = base_len;
        int v;
        Py_BEGIN_ALLOW_THREADS /* the search touches no Python object: other threads run */
        v = search_root(&s, side, d);
        Py_END_ALLOW_THREADS
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
        /* a won or lost position: done once no shorter ending can lie beyond the depth
         * searched (a table's win found at depth 1 may have a shorter one further on) */
        if ((v > WIN_BOUND || v < -WIN_BOUND) && WIN - abs(v) <= d) break;
        if (deadline_g > 0 && now_s() >= deadline_g) break;
    }
    PyObject *res = Py_BuildValue("NLdN", out, nodes_g, now_s() - t0, partial);
    return res;
}

/* tb_value(w, b, tiles, cw, cb, side, cost, build=1): the table value of a position for
 * the side to move (+n: wins in n plies, -n: loses in n, 0: drawn), None out of reach. */
static PyObject *py_tb_value_unlocked(PyObject *self, PyObject *args) {
    unsigned long long w, b;
    unsigned long tiles;
    int cw, cb, side, cost, build = 1;
    if (!PyArg_ParseTuple(args, "KKkiiii|i", &w, &b, &tiles, &cw, &cb, &side, &cost, &build))
        return NULL;
    if (!ready) return PyErr_Format(PyExc_RuntimeError, "setup() first");
    Pos s;
    cost_g = cost;
    load_pos(&s, w, b, tiles, cw, cb, side);
    int v;
    if (build) tb_make_room();
    if (tb_lookup(&s, side, build, &v)) Py_RETURN_NONE;
    return PyLong_FromLong(v);
}

/* tb_progress(w, b, tiles, cw, cb, side, cost): how much of the position's table is built:
 * 1.0 finished, 0 < x < 1 a build under way (rows generated / rows), 0.0 none yet, None
 * out of reach (too large for a table, or memory spent). */
static PyObject *py_tb_progress_unlocked(PyObject *self, PyObject *args) {
    unsigned long long w, b;
    unsigned long tiles;
    int cw, cb, side, cost;
    if (!PyArg_ParseTuple(args, "KKkiiii", &w, &b, &tiles, &cw, &cb, &side, &cost)) return NULL;
    tb_init();
    int nw = __builtin_popcountll(w), nb = __builtin_popcountll(b);
    if (!nw || !nb) Py_RETURN_NONE;
    cost_g = cost;
    u64 key = tb_key((uint32_t)tiles, nw, nb, tb_cap(cw, nb), tb_cap(cb, nw));
    const TBTable *t = tb_slot(key);
    if (t->key != key) {
        if (tb_size((uint32_t)tiles, nw, nb) < 0) Py_RETURN_NONE;
        return PyFloat_FromDouble(0.0);
    }
    if (!t->failed) return PyFloat_FromDouble(1.0);
    if (t->failed == 1) Py_RETURN_NONE;
    if (!t->b) return PyFloat_FromDouble(0.0);
    /* phase 1 (the rows) is most of the work; then the four retrograde phases */
    if (t->b->phase == 1) return PyFloat_FromDouble(0.9 * (double)t->b->next / (double)t->b->nwc);
    return PyFloat_FromDouble(0.9 + 0.02 * (t->b->phase - 1));
}

/* tb_stats() -> (tables built, value bytes, probes that ended the last search's line) */
static PyObject *py_tb_stats_unlocked(PyObject *self, PyObject *args) {
    int built = 0;
    for (int i = 0; i < TB_SLOTS; i++) built += tb_cache[i].val != NULL;
    return Py_BuildValue("inL", built, (Py_ssize_t)tb_bytes, tb_hits_g);
}

/* tb_digest() -> sorted list of (key, positions, FNV-1a hash of the values) of every
 * built table: a fingerprint of the cache, for tests that two builders agree. */
static PyObject *py_tb_digest_unlocked(PyObject *self, PyObject *args) {
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (int i = 0; i < TB_SLOTS; i++) {
        const TBTable *t = &tb_cache[i];
        if (!t->key || t->failed || !t->val) continue;
        u64 h = 1469598103934665603ULL;
        for (long k = 0; k < t->size; k++) {
            h = (h ^ (uint16_t)t->val[k]) * 1099511628211ULL;
        }
        PyObject *item = Py_BuildValue("KlK", (unsigned long long)t->key, t->size,
                                       (unsigned long long)h);
        if (!item || PyList_Append(out, item)) {
            Py_XDECREF(item);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(item);
    }
    if (PyList_Sort(out)) {
        Py_DECREF(out);
        return NULL;
    }
    return out;
}

static PyObject *py_tb_clear_unlocked(PyObject *self, PyObject *args) {
    tb_clear();
    Py_RETURN_NONE;
}

/* fast_core(flag=-1): whether search and perft use the BMI build of the core; 0 or 1
 * switches it off or (where the processor has it) on, for tests comparing the two. */
static PyObject *py_fast_core_unlocked(PyObject *self, PyObject *args) {
    int flag = -1;
    if (!PyArg_ParseTuple(args, "|i", &flag)) return NULL;
#if HAVE_FAST_CORE
    if (flag == 0) fast_core = 0;
    else if (flag == 1) {
        __builtin_cpu_init();
        fast_core = __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
    }
#endif
    return PyBool_FromLong(fast_core);
}


/* Every entry point holds core_mutex while it runs: the search's state is global (the
 * transposition table, killers, history, the endgame tables, the evaluation weights), and
 * search() lets go of the GIL while it searches, so that other Python threads (a server's
 * event loop) run meanwhile. A caller waits for the mutex with the GIL released (never
 * holding one while blocking on the other), so two threads searching at once take turns
 * and neither deadlocks. */
static pthread_mutex_t core_mutex = PTHREAD_MUTEX_INITIALIZER;

static void core_lock(void) {
    if (pthread_mutex_trylock(&core_mutex) == 0) return;
    Py_BEGIN_ALLOW_THREADS
    pthread_mutex_lock(&core_mutex);
    Py_END_ALLOW_THREADS
}

#define LOCKED(name)                                                  \
    static PyObject *name(PyObject *self, PyObject *args) {           \
        core_lock();                                                  \
        PyObject *result = name##_unlocked(self, args);               \
        pthread_mutex_unlock(&core_mutex);                            \
        return result;                                                \
    }
LOCKED(py_fast_core)
LOCKED(py_setup)
LOCKED(py_set_weights)
LOCKED(py_hash)
LOCKED(py_moves)
LOCKED(py_play)
LOCKED(py_evaluate)
LOCKED(py_features)
LOCKED(py_perft)
LOCKED(py_search)
LOCKED(py_tb_value)
LOCKED(py_tb_progress)
LOCKED(py_tb_stats)
LOCKED(py_tb_clear)
LOCKED(py_tb_digest)

static PyMethodDef methods[] = {
    {"fast_core", py_fast_core, METH_VARARGS, "Use (or not) the BMI build of the core."},
    {"setup", py_setup, METH_VARARGS, "Load the board tables and Zobrist keys."},
    {"set_weights", py_set_weights, METH_VARARGS, "Set the evaluation weights."},
    {"hash", py_hash, METH_VARARGS, "Zobrist key of a position."},
    {"moves", py_moves, METH_VARARGS, "Move codes in generation order."},
    {"play", py_play, METH_VARARGS, "Play one move code."},
    {"evaluate", py_evaluate, METH_VARARGS, "Static score for the side to move."},
    {"features", py_features, METH_VARARGS, "Evaluation features of both sides."},
    {"perft", py_perft, METH_VARARGS, "Leaf count."},
    {"search", py_search, METH_VARARGS, "Iterative-deepening alpha-beta search."},
    {"tb_value", py_tb_value, METH_VARARGS, "Endgame table value of a position."},
    {"tb_progress", py_tb_progress, METH_VARARGS, "How much of a position's table is built."},
    {"tb_stats", py_tb_stats, METH_NOARGS, "Endgame tables built, bytes, hits."},
    {"tb_clear", py_tb_clear, METH_NOARGS, "Drop every endgame table."},
    {"tb_digest", py_tb_digest, METH_NOARGS, "Key, size and value hash of every built table."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_ccore",
                                    "Compiled core of the Coerceo engine.", -1, methods};

PyMODINIT_FUNC PyInit__ccore(void) {
    for (int a = 0; a < RATIO_N; a++)
        for (int b = 0; b < RATIO_N; b++)
            RATIO[a][b] = (signed char)(a + b > 0 ? (a - b) * 36 / (a + b) : 0);
#if HAVE_FAST_CORE
    __builtin_cpu_init();
    fast_core = __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
#endif
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "PERFT_MAX_DEPTH", PERFT_MAX_DEPTH) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
