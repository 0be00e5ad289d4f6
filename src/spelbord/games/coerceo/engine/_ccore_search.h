/* The search core of _ccore.c, included there twice: once as is, once compiled for
 * processors with BMI1/BMI2 (every name given the suffix _fast), chosen at run time.
 * Only functions here: the tables, types and search state live in _ccore.c. */

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

/* R8: remove empty tiles from `start` while any qualifies: a removed tile's neighbours
 * are tried next, until none qualifies. `occ` is the occupied fields; updates the tiles
 * and present fields of a Pos or a PerftPos, returns the removed tiles. */
static INLINE uint32_t chain_removal(uint32_t *tiles, u64 *present, u64 occ, int start) {
    uint32_t removed = 0, cand = 1u << start;
    while (cand) {
        uint32_t now = 0;
        uint32_t c = cand;
        while (c) {
            int t = ctz(c);
            c &= c - 1;
            if (!(*tiles >> t & 1) || (occ & TM(t))) continue;
            if (tile_removable(*tiles, t)) now |= 1u << t;
        }
        if (!now) break;
        *tiles &= ~now;
        removed |= now;
        cand = 0;
        uint32_t r = now;
        while (r) {
            int t = ctz(r);
            r &= r - 1;
            *present &= ~TM(t);
            for (int d = 0; d < 6; d++) {
                int n = TNB[t][d];
                if (n >= 0 && (*tiles >> n & 1)) cand |= 1u << n;
            }
        }
    }
    return removed;
}

/* The opponent fields (colour o) along the edges of the removed tiles `r`: where a
 * removal may have enclosed a piece (R9). */
static INLINE u64 removed_border(int o, uint32_t r) {
    u64 touched = 0;
    for (; r; r &= r - 1) touched |= BORDER[o][ctz(r)];
    return touched;
}

/* R8 with the bookkeeping: the hash and, when a tile went, the spread and the counts. */
static uint32_t removal_chain(Pos *s, int start) {
    uint32_t removed = chain_removal(&s->tiles, &s->present, s->p[0] | s->p[1], start);
    if (removed) {
        for (uint32_t r = removed; r; r &= r - 1) s->hash ^= ZT[ctz(r)];
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
            if (r) capture(s, c, removed_border(o, r));
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
            touched |= removed_border(o, r);
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

/* The fields of colour c with exactly one free edge-neighbour (`free_other`: the present
 * fields of the other colour without a piece): a piece there has exactly one hole. The
 * neighbour across the tile's edge comes from the shifts setup() found (cross_ready);
 * without them, every field not known to have two holes in its tile. */
static inline u64 one_hole(u64 free_other, int c) {
    u64 rot = c == 0 ? ((free_other >> 1) & (LOW3 * 3)) | ((free_other << 2) & (LOW3 << 2))
                     : ((free_other << 1) & (LOW3 * 6)) | ((free_other >> 2) & LOW3);
    if (!cross_ready) return ~(free_other & rot);
    const u64 *mr = XMR[c], *ml = XML[c];
    u64 across = c == 0 ? ((free_other >> 14) & mr[0]) | ((free_other >> 17) & mr[1]) |
                              ((free_other << 4) & ml[0]) | ((free_other << 10) & ml[1]) |
                              ((free_other << 13) & ml[2])
                        : ((free_other >> 4) & mr[0]) | ((free_other >> 10) & mr[1]) |
                              ((free_other >> 13) & mr[2]) | ((free_other << 14) & ml[0]) |
                              ((free_other << 17) & ml[1]);
    return (free_other ^ rot ^ across) & ~(free_other & rot);
}

/* Feature vector of colour c (see weights.py). */
static INLINE void features(const Pos *s, int c, int *f) {
    int o = 1 - c;
    u64 own = s->p[c], opp = s->p[o];
    int np = popc(own), no = popc(opp);
    int hang = 0;
    u64 free_o = s->present & ~opp;
    u64 m = own & one_hole(free_o, c);
    while (m) {
        int b = ctz(m);
        m &= m - 1;
        u64 e = EDGE[c][b];
        u64 holes = e & free_o;
        /* without branches: no hole reads MOVE[o][63], which is empty */
        u64 reach = MOVE[o][ctz(holes | (u64)1 << 63)] & opp & ~e;
        hang += !(holes & (holes - 1)) & (reach != 0);
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
    f[7] = (np | no) < RATIO_N ? RATIO[np][no] : (np - no) * 36 / (np + no);
}


/* Static score for the side to move; weights W[0..NF-1] per feature difference, W[8]
 * extra for the opponent's hanging pieces (we move first), W[9] tempo, W[10..13] the
 * endgame term (endgame_term in _ccore.c). */
static int raw_eval(const Pos *s, int c) {
    int a[NF], b[NF];
    features(s, c, a);
    features(s, 1 - c, b);
    int v = 0;
    for (int i = 0; i < NF; i++) v += W[i] * (a[i] - b[i]);
    v += W[8] * b[3];
    v += W[9];
    if (W[10] | W[11] | W[12] | W[13]) v += endgame_term(s, c);
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


static void score_moves(const Pos *s, int c, int *moves, int *scores, int n, int hmove,
                        int ply, int sort, u64 targets) {
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

/* The pieces of `own` alone on their tile (no other piece, of either colour, there). */
static inline u64 alone_pieces(u64 own, u64 opp) {
    u64 a0 = own & LOW3, a1 = (own >> 1) & LOW3, a2 = (own >> 2) & LOW3;
    u64 one = (a0 ^ a1 ^ a2) & ~(a0 & a1);
    u64 oany = (opp | opp >> 1 | opp >> 2) & LOW3;
    return own & ((one & ~oany) * 7);
}

/* The pieces of colour c among `own` that can move onto one of `targets` (free fields):
 * the move-neighbour relation is symmetric. */
static inline u64 target_movers(int c, u64 own, u64 targets) {
    u64 out = 0;
    while (targets) {
        out |= MOVE[c][ctz(targets)];
        targets &= targets - 1;
    }
    return out & own;
}

/* The moves that score at least S_KILLER2 (hash move, captures, tile removals, exchanges,
 * killers), keyed by their order among themselves; found from masks, without scoring the
 * quiet moves. Every one of them comes before every quiet move. */
static int gen_special(const Pos *s, int c, const Order *o, long long *keys) {
    int n = 0;
    /* only the pieces with a special move: alone on their tile, or next to a target */
    u64 free_ = s->present & ~o->own;
    u64 m_ = alone_pieces(o->own, o->opp) | target_movers(c, o->own, o->targets);
    while (m_) {
        int b = ctz(m_);
        m_ &= m_ - 1;
        u64 d = MOVE[c][b] & free_;
        u64 tm = TM(b / 3);
        int alone = !(((o->own ^ ((u64)1 << b)) | o->opp) & tm);
        u64 sp = d & o->targets;
        if (alone) sp |= d & ~tm;
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
    /* The hash move and the killers, when legal and not found above (a capture or a
     * removal): their scores are unique, so their place in the list does not matter. */
    int extra[3] = {o->hmove, o->k0, o->k1};
    for (int k = 0; k < 3; k++) {
        int m = extra[k];
        if (m < 0 || m >= 4096 || (k > 0 && m == o->hmove)) continue;
        int b = m & 63, to = m >> 6;
        if (!(o->own >> b & 1) || !((MOVE[c][b] & free_) >> to & 1)) continue;
        u64 tm = TM(b / 3);
        int alone = !(((o->own ^ ((u64)1 << b)) | o->opp) & tm);
        if ((o->targets >> to & 1) || (alone && !(((u64)1 << to) & tm))) continue;
        keys[n] = KEY(move_score(s, c, o, b, to, alone, tm), n, m);
        n++;
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

/* Insertion sort of keys[i..n-1], largest first. */
static inline void insertion_sort_keys(long long *keys, int i, int n) {
    for (int k = i + 1; k < n; k++) {
        long long x = keys[k];
        int j = k - 1;
        while (j >= i && keys[j] < x) {
            keys[j + 1] = keys[j];
            j--;
        }
        keys[j + 1] = x;
    }
}

/* Sort keys[i..n-1] largest first. The keys are unique, so the order is the one pick_key
 * gives. The moves scored 0 (quiet moves without history: a third of them, the smallest
 * keys, nearly in generation order already) are set apart first, without branches, so
 * that the insertion sort moves only the others. */
static inline void sort_keys(long long *keys, int i, int n) {
    long long zero[MAXMOVES];
    int a = i, z = 0;
    for (int k = i; k < n; k++) {
        long long x = keys[k];
        int is_zero = x < ((long long)1 << 21);
        keys[a] = x;
        zero[z] = x;
        a += !is_zero;
        z += is_zero;
    }
    insertion_sort_keys(keys, i, a);
    memcpy(keys + a, zero, (size_t)z * sizeof zero[0]);
    insertion_sort_keys(keys, a, n);
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
    u64 own = s->p[c], free_ = s->present & ~own;
    /* only the pieces with such a move: next to a target, or alone on a removable tile */
    u64 m_ = target_movers(c, own, targets) |
             (alone_pieces(own, s->p[1 - c]) & s->remsp * 7);
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
    score_moves(s, c, moves, scores, k, -1, ply, 1, targets);
    int best = stand;
    for (int i = 0; i < k; i++) {
        int m = moves[i];
        /* A move scored below S_REMOVE neither captures on arrival nor empties its tile:
         * it captures nothing (the test after make() below would skip it). */
        if (!(m & 4096) && scores[i] < S_REMOVE) continue;
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
        int tbs;
        if (tb_on_g && tb_probe(s, c, ply, hist_len - start, &tbs)) { nodes_g++; return tbs; }
    }
    int clock = hist_len - start;
    if (depth <= 0 || ply >= MAXPLY) return qsearch_live(s, c, alpha, beta, ply, 0, clock);
    nodes_g++;
    check_time();
    int pvnode = !plain_g && beta - alpha > 1; /* (plain: every node may cut on the table) */
    TTEntry *e = &tt[s->hash & tt_mask];
    int hmove = -1;
    if (e->key == s->hash && e->age == tt_gen) {
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
    if (can_null && !plain_g && !pvnode && ply > 0 && depth >= 3 && popc(s->p[c]) > 1 &&
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
    /* The moves are taken largest key first: picked one at a time for the first ones (a
     * cut usually comes at once), the rest sorted once when the first ones did not cut. */
    int sorted_n = 0;
    for (int i = 0;; i++) {
        if (i == n) {
            if (!staged) break;
            staged = 0;
            n += gen_quiet(s, c, &ord, keys + n);
            if (i == n) break;
        }
        if (i >= sorted_n) {
            if (i >= SORT_AFTER) {
                sort_keys(keys, i, n);
                sorted_n = n;
            } else
                pick_key(keys, i, n);
        }
        int m = KEY_MOVE(keys[i]);
        if (depth > 1 && i + 1 < n) {
            /* Load the next move's table entry while this one is searched (the key it gets
             * without captures or removals, by far the most common case). */
            if (i + 1 >= sorted_n) pick_key(keys, i + 1, n);
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
        if (i == 0 || plain_g) {
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
                    if (quiet && !(m & 4096) && !plain_g) {
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
    e->age = tt_gen;
    e->score = (int16_t)sv;
    e->depth = (int8_t)depth;
    e->flag = (uint8_t)flag;
    e->move = (uint16_t)(bestm + 1);
    return best;
}

/* ------------------------------------------------------------------ perft
 * Counting only: a position is the pieces, the tiles and the collected tiles (PerftPos),
 * played by a make without the evaluation sums and the hash. Repetition (R13) compares
 * the pieces themselves with the record kept since the last irreversible turn (tiles and
 * collected tiles cannot change within it), so the count is exact, not up to a hash
 * collision. Bulk counting: the last ply counts the actions instead of playing them. */

/* R8 without the bookkeeping (chain_removal). */
static uint32_t perft_chain(PerftPos *s, int start) {
    return chain_removal(&s->tiles, &s->present, s->p[0] | s->p[1], start);
}

/* Colour c captures the enclosed opponent pieces among `touched`; returns whether any. */
static INLINE int perft_capture(PerftPos *s, int c, u64 touched) {
    int o = 1 - c;
    u64 cand = s->p[o] & touched;
    u64 holes = s->present & ~s->p[c];
    u64 taken = 0;
    while (cand) {
        int q = ctz(cand);
        cand &= cand - 1;
        if (!(EDGE[o][q] & holes)) taken |= (u64)1 << q;
    }
    s->p[o] &= ~taken;
    return taken != 0;
}

/* Colour c moves from -> to (as make); returns 1 when the turn is irreversible. */
static INLINE int perft_move(PerftPos *s, int c, int from, int to) {
    int o = 1 - c;
    s->p[c] ^= (u64)1 << from | (u64)1 << to;
    u64 touched = EDGE[c][to];
    int t = from / 3;
    int irr = 0;
    if (!((s->p[0] | s->p[1]) & TM(t))) {
        uint32_t r = perft_chain(s, t);
        if (r) {
            irr = 1;
            s->col[c] += popc(r);
            touched |= removed_border(o, r);
        }
    }
    return perft_capture(s, c, touched) | irr;
}

/* Colour c exchanges for the opponent piece on q (as make; always irreversible). */
static void perft_exchange(PerftPos *s, int c, int q) {
    int o = 1 - c;
    s->p[o] ^= (u64)1 << q;
    s->col[c] -= cost_g;
    int t = q / 3;
    if (!((s->p[0] | s->p[1]) & TM(t))) {
        uint32_t r = perft_chain(s, t);
        if (r) perft_capture(s, c, removed_border(o, r));
    }
}

/* How many actions colour c has (moves and exchanges): 0 is a stalemate (R12). */
static INLINE long long perft_count(const PerftPos *s, int c) {
    u64 own = s->p[c], free_ = s->present & ~own;
    long long n = s->col[c] >= cost_g ? popc(s->p[1 - c]) : 0;
    while (own) {
        n += popc(MOVE[c][ctz(own)] & free_);
        own &= own - 1;
    }
    return n;
}

static INLINE int perft_has_action(const PerftPos *s, int c) {
    if (s->col[c] >= cost_g) return 1;
    u64 own = s->p[c], free_ = s->present & ~own;
    while (own) {
        if (MOVE[c][ctz(own)] & free_) return 1;
        own &= own - 1;
    }
    return 0;
}

/* Whether the position's pieces stood twice before with the same side to move since the
 * record entry `start` (the third time draws, R13). The record alternates sides and
 * perft_rec[perft_len - 1] is the parent: the child's side is at perft_len - 2, - 4 ... */
static INLINE int perft_repeated(const PerftPos *s, int start) {
    if (!rep_draw_g) return 0;
    int count = 0;
    for (int i = perft_len - 2; i >= start; i -= 2)
        if (perft_rec[i][0] == s->p[0] && perft_rec[i][1] == s->p[1] && ++count >= 2) return 1;
    return 0;
}

static long long perft(const PerftPos *s, int c, int depth, int ply, int start);

/* The leaves below the child `ch` (colour o to move) of a node `depth` plies from the
 * leaves; a child where the game ended is one leaf. */
static INLINE long long perft_child(const PerftPos *ch, int o, int irr, int depth, int ply,
                                    int start) {
    if (!ch->p[o] || ply + 1 >= moves_left_g) return 1;
    int cstart = irr ? perft_len : start;
    if (!irr && perft_repeated(ch, cstart)) return 1;
    if (depth == 2) {
        long long n = perft_count(ch, o);
        return n ? n : 1;
    }
    if (!perft_has_action(ch, o)) return 1;
    return perft(ch, o, depth - 1, ply + 1, cstart);
}

/* Leaves `depth` (>= 2) plies below s, colour c to move, the game not over at s;
 * perft_stop set (a signal arrived) abandons the count. */
static long long perft(const PerftPos *s, int c, int depth, int ply, int start) {
    if (depth >= 3 && (++perft_ticks & 63) == 0 && PyErr_CheckSignals()) perft_stop = 1;
    if (perft_stop) return 0;
    int o = 1 - c;
    long long total = 0;
    perft_rec[perft_len][0] = s->p[0];
    perft_rec[perft_len][1] = s->p[1];
    perft_len++;
    u64 own = s->p[c], free_ = s->present & ~own;
    while (own) {
        int from = ctz(own);
        own &= own - 1;
        u64 d = MOVE[c][from] & free_;
        while (d) {
            PerftPos ch = *s;
            int irr = perft_move(&ch, c, from, ctz(d));
            d &= d - 1;
            total += perft_child(&ch, o, irr, depth, ply, start);
        }
    }
    if (s->col[c] >= cost_g) {
        u64 opp = s->p[o];
        while (opp) {
            PerftPos ch = *s;
            perft_exchange(&ch, c, ctz(opp));
            opp &= opp - 1;
            total += perft_child(&ch, o, 1, depth, ply, start);
        }
    }
    perft_len--;
    return total;
}
