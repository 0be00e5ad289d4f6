/* Phase 1 of the endgame table builder (_ccore_tb.h), included there twice: once as is,
 * once compiled for processors with popcnt/BMI (names given the suffix _fast). */

/* Phase 1, one white rank (a row of C(F, nb) x 2 positions) at a time: each position's
 * turns, the reversible ones as kids in this table, the others valued by the smaller
 * tables (built on the way). 0: every row done; 2: out of time (the rows done are kept,
 * the one under way is done again next time); 1: a smaller table is out of reach. */
static int tb_generate(TBBuild *b, uint32_t tiles, u64 present, int nw, int nb, int cw,
                       int cb) {
    long nbc = b->nbc;
    u64 memo_key[32] = {0};
    const TBTable *memo[32];
    while (b->next < b->nwc) {
        if (tb_deadline_g > 0 && now_s() >= tb_deadline_g) return 2;
        long rw = b->next;
        u64 wm = tb_deposit(b->wc, present);
        long kn = b->kn;
        for (long rb = 0; rb < nbc; rb++) {
            for (int side = 0; side < 2; side++) {
                long i = (rw * nbc + rb) * 2 + side;
                b->kstart[i] = (uint32_t)kn;
                b->xloss[i] = TB_INF;
                b->xwin[i] = 0;
                b->xdraw[i] = 0;
                b->done[i] = 0;
                b->val[i] = 0;
                Pos s;
                memset(&s, 0, sizeof s);
                s.p[0] = wm;
                s.p[1] = b->bmask[rb];
                s.tiles = tiles;
                s.present = present;
                s.col[0] = cw;
                s.col[1] = cb;
                int moves[MAXMOVES];
                int n = gen(&s, side, moves);
                if (n == 0) { b->done[i] = 1; continue; } /* stalemate: a draw (R12) */
                int o = 1 - side;
                for (int k = 0; k < n; k++) {
                    Pos ch = s;
                    make(&ch, side, moves[k]);
                    if (!ch.p[o]) { /* the last piece taken: won in 1 */
                        b->val[i] = 1;
                        b->done[i] = 1;
                        break;
                    }
                    if (ch.tiles == tiles && ch.p[o] == s.p[o] &&
                        __builtin_popcountll(ch.p[side]) == (side ? nb : nw)) {
                        /* reversible: only the mover's piece moved */
                        if (kn == b->kcap) {
                            long more = b->kcap;
                            if (tb_bytes + (size_t)more * sizeof(int) > TB_MAX_BYTES) return 1;
                            int *nk = realloc(b->kids, (size_t)(b->kcap + more) * sizeof(int));
                            if (!nk) return 1;
                            b->kids = nk;
                            b->kcap += more;
                            b->bytes += (size_t)more * sizeof(int);
                            tb_bytes += (size_t)more * sizeof(int);
                        }
                        u64 r = tb_rank(ch.p[side], present);
                        b->kids[kn++] = (int)(((side ? (u64)rw * (u64)nbc + r
                                                     : r * (u64)nbc + (u64)rb)) * 2 + (u64)o);
                        continue;
                    }
                    /* a smaller table: its slot remembered for the next turns to it */
                    int cnw = __builtin_popcountll(ch.p[0]), cnb = __builtin_popcountll(ch.p[1]);
                    u64 key = tb_key(ch.tiles, cnw, cnb, tb_cap(ch.col[0], cnb),
                                     tb_cap(ch.col[1], cnw));
                    int h = (int)((key * 0x9E3779B97F4A7C15ULL) >> 59);
                    const TBTable *t = memo_key[h] == key ? memo[h] : NULL;
                    if (!t) {
                        int v;
                        if (tb_lookup(&ch, o, 1, &v)) return tb_child_timeout(&ch) ? 2 : 1;
                        t = tb_slot(key);
                        memo_key[h] = key;
                        memo[h] = t;
                    }
                    int v = t->val[(tb_rank(ch.p[0], ch.present) * (u64)t->nbc +
                                    tb_rank(ch.p[1], ch.present)) * 2 + (u64)o];
                    if (v == 0) b->xdraw[i] = 1;
                    else if (v < 0) { if (-v < b->xloss[i]) b->xloss[i] = (int16_t)-v; }
                    else if (v > b->xwin[i]) b->xwin[i] = (int16_t)v;
                }
                if (b->done[i]) kn = b->kstart[i];
            }
        }
        b->kn = kn;
        b->next++;
        u64 lo = b->wc & -b->wc, r = b->wc + lo;
        b->wc = (((r ^ b->wc) >> 2) / lo) | r;
    }
    b->kstart[b->size] = (uint32_t)b->kn;
    b->phase = 2;
    return 0;
}

