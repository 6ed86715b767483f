/* damacore: the engine's compiled core. The moves of the draughts variants damalib knows,
 * by the same rules as damalib/movegen.py (which stays the reference: the tests compare the
 * two move for move and by perft), and below them damalib.engine's full-strength search
 * with its evaluation. Built to WebAssembly, so that one file can run in a browser as it
 * runs, through wasmtime, in CPython. No C library: fixed arrays only, nothing allocated.
 *
 * Squares are numbered 0 .. N-1 (a square's number minus one). A piece is a byte: bit 0
 * occupied, bit 1 king, bit 2 black. */

#include <stdint.h>

/* What the host calls: exported by name from the WebAssembly module. */
#define EXPORT(name) __attribute__((export_name(#name))) name

#define MAX_SQUARES 50
#define MAX_CAPTURES 24
#define MOVE_BUFFER 65536
#define MAX_PLY 128

enum { EMPTY = 0, WHITE_MAN = 1, WHITE_KING = 3, BLACK_MAN = 5, BLACK_KING = 7 };
#define IS_KING(p) ((p) & 2)
#define IS_BLACK(p) ((p) & 4)

typedef struct {
    uint8_t from, to, ncaps, promotes, king;
    uint8_t caps[MAX_CAPTURES];
} Move;

/* The variant: set by dama_init. */
static int size, squares, half;
static int flying, men_backwards, men_take_kings, promotion_stops, ranked;
/* step[d][s]: the neighbour of s in direction d, -1 off the board. Directions 0, 1 go up
 * (towards square 1, White's way), 2, 3 down; opposite[d] reverses d. */
static int8_t step_[4][MAX_SQUARES];
static const int opposite[5] = {2, 3, 0, 1, -1};
static uint8_t top_row[MAX_SQUARES], bottom_row[MAX_SQUARES];
static int row_of[MAX_SQUARES], col_of[MAX_SQUARES];

/* The position. */
static uint8_t board[MAX_SQUARES];
static int white_to_move;

/* Exchange with the host: the position in, moves out. */
uint8_t io_board[MAX_SQUARES];
uint8_t io_moves[256 * (5 + MAX_CAPTURES)];

static Move buffer[MOVE_BUFFER];
static int buffer_top;

uint8_t *EXPORT(dama_io_board)(void) { return io_board; }
uint8_t *EXPORT(dama_io_moves)(void) { return io_moves; }

/* The variant's shape and rules (the flags of damalib.variants.Variant). */
int EXPORT(dama_init)(int board_size, int dark_bottom_right, int flying_kings, int backwards,
              int take_kings, int stops, int italian_precedence) {
    if (board_size * board_size / 2 > MAX_SQUARES) return 0;
    size = board_size;
    half = size / 2;
    squares = size * half;
    flying = flying_kings;
    men_backwards = backwards;
    men_take_kings = take_kings;
    promotion_stops = stops;
    ranked = italian_precedence;
    int at[16][16];
    for (int r = 0; r < size; r++)
        for (int c = 0; c < size; c++) at[r][c] = -1;
    for (int s = 0; s < squares; s++) {
        int row = s / half, k = s % half;
        int col = 2 * k + (((row % 2 == 0) == (dark_bottom_right != 0)) ? 0 : 1);
        row_of[s] = row;
        col_of[s] = col;
        at[row][col] = s;
        top_row[s] = row == 0;
        bottom_row[s] = row == size - 1;
    }
    /* The same direction vectors as damalib's Geometry: columns mirror on Italian boards. */
    int sc = dark_bottom_right ? -1 : 1;
    int dr[4] = {-1, -1, 1, 1}, dc[4] = {sc, -sc, -sc, sc};
    for (int s = 0; s < squares; s++)
        for (int d = 0; d < 4; d++) {
            int r = row_of[s] + dr[d], c = col_of[s] + dc[d];
            step_[d][s] = (r >= 0 && r < size && c >= 0 && c < size) ? at[r][c] : -1;
        }
    return squares;
}

/* -- captures ----------------------------------------------------------------------------- */

static int chain_path_caps[MAX_CAPTURES];
static int chain_from, chain_king;
static uint8_t taken[MAX_SQUARES];   /* pieces already taken in this chain: they stay, blocking */
static int overflow;

static void emit(int to, int ncaps) {
    if (buffer_top >= MOVE_BUFFER) { overflow = 1; return; }
    Move *m = &buffer[buffer_top++];
    m->from = (uint8_t)chain_from;
    m->to = (uint8_t)to;
    m->ncaps = (uint8_t)ncaps;
    m->king = (uint8_t)chain_king;
    m->promotes = !chain_king && (white_to_move ? top_row[to] : bottom_row[to]);
    for (int i = 0; i < ncaps; i++) m->caps[i] = (uint8_t)chain_path_caps[i];
}

static int enemy(int p) {
    return (p & 1) && ((IS_BLACK(p) != 0) == (white_to_move != 0));
}

/* A chain of one-square jumps from s: a man's (IT-C5, IT-C6; INT-C1), or a short king's
 * (Dama Italiana: any direction, any piece, no promotion to stop it). chain_king says which. */
static void short_chains(int s, int ncaps) {
    int extended = 0;
    for (int d = 0; d < 4; d++) {
        if (!chain_king && !men_backwards && ((d < 2) != (white_to_move != 0))) continue;
        int mid = step_[d][s];
        if (mid < 0 || taken[mid] || !enemy(board[mid])) continue;
        if (!chain_king && !men_take_kings && IS_KING(board[mid])) continue;  /* IT-C3 */
        int land = step_[d][mid];
        if (land < 0 || board[land] != EMPTY) continue;
        extended = 1;
        chain_path_caps[ncaps] = mid;
        taken[mid] = 1;
        if (!chain_king && promotion_stops && (white_to_move ? top_row[land] : bottom_row[land]))
            emit(land, ncaps + 1);  /* IT-C7: promotion ends the move */
        else
            short_chains(land, ncaps + 1);
        taken[mid] = 0;
    }
    if (!extended && ncaps) emit(s, ncaps);
}

/* A flying king's chain (INT-C2, INT-C3): along a free diagonal to a piece with an empty
 * square behind it, landing on any empty square beyond; never straight back. */
static void flying_chains(int s, int came, int ncaps) {
    int extended = 0;
    int back = opposite[came];
    for (int d = 0; d < 4; d++) {
        if (d == back) continue;
        int t = step_[d][s];
        while (t >= 0 && board[t] == EMPTY) t = step_[d][t];
        if (t < 0 || taken[t] || !enemy(board[t])) continue;
        int land = step_[d][t];
        if (land < 0 || board[land] != EMPTY) continue;
        extended = 1;
        chain_path_caps[ncaps] = t;
        taken[t] = 1;
        while (land >= 0 && board[land] == EMPTY) {
            flying_chains(land, d, ncaps + 1);
            land = step_[d][land];
        }
        taken[t] = 0;
    }
    if (!extended && ncaps) emit(s, ncaps);
}

/* The Italian precedence after the count (IT-P2 to IT-P4): larger is better. */
static int precedence_compare(const Move *a, const Move *b) {
    if (a->ncaps != b->ncaps) return a->ncaps - b->ncaps;
    if (!ranked) return 0;
    if (a->king != b->king) return a->king - b->king;                        /* IT-P2 */
    int ka = 0, kb = 0;
    for (int i = 0; i < a->ncaps; i++) ka += IS_KING(board[a->caps[i]]) != 0;
    for (int i = 0; i < b->ncaps; i++) kb += IS_KING(board[b->caps[i]]) != 0;
    if (ka != kb) return ka - kb;                                           /* IT-P3 */
    for (int i = 0; i < a->ncaps; i++) {                                    /* IT-P4 */
        int x = IS_KING(board[a->caps[i]]) != 0, y = IS_KING(board[b->caps[i]]) != 0;
        if (x != y) return x - y;
    }
    return 0;
}

static int same_move(const Move *a, const Move *b) {
    if (a->from != b->from || a->to != b->to || a->ncaps != b->ncaps) return 0;
    for (int i = 0; i < a->ncaps; i++) {
        int found = 0;
        for (int j = 0; j < b->ncaps && !found; j++) found = a->caps[i] == b->caps[j];
        if (!found) return 0;
    }
    return 1;
}

/* The legal captures from buffer_top on: the best by precedence, one per start, end and
 * set of pieces taken. Returns their count (0: no capture). */
static int generate_captures(void) {
    int start = buffer_top;
    for (int s = 0; s < squares; s++) {
        int p = board[s];
        if (!(p & 1) || (IS_BLACK(p) != 0) == (white_to_move != 0)) continue;
        chain_from = s;
        chain_king = IS_KING(p) != 0;
        board[s] = EMPTY;  /* the moving piece's square is free during its own capture */
        if (chain_king && flying) flying_chains(s, 4, 0);
        else short_chains(s, 0);
        board[s] = (uint8_t)p;
    }
    int n = buffer_top - start;
    if (n <= 1) return n;
    int best = start;
    for (int i = start + 1; i < buffer_top; i++)
        if (precedence_compare(&buffer[i], &buffer[best]) > 0) best = i;
    int kept = start;
    Move top = buffer[best];
    for (int i = start; i < buffer_top; i++) {
        if (precedence_compare(&buffer[i], &top) != 0) continue;
        int duplicate = 0;
        for (int j = start; j < kept && !duplicate; j++)
            duplicate = same_move(&buffer[j], &buffer[i]);
        if (!duplicate) buffer[kept++] = buffer[i];
    }
    buffer_top = kept;
    return kept - start;
}

/* -- quiet moves -------------------------------------------------------------------------- */

static void quiet(int from, int to, int king) {
    if (buffer_top >= MOVE_BUFFER) { overflow = 1; return; }
    Move *m = &buffer[buffer_top++];
    m->from = (uint8_t)from;
    m->to = (uint8_t)to;
    m->ncaps = 0;
    m->king = (uint8_t)king;
    m->promotes = !king && (white_to_move ? top_row[to] : bottom_row[to]);
}

static int generate_quiet(void) {
    int start = buffer_top;
    for (int s = 0; s < squares; s++) {
        int p = board[s];
        if (!(p & 1) || (IS_BLACK(p) != 0) == (white_to_move != 0)) continue;
        if (!IS_KING(p)) {
            int d0 = white_to_move ? 0 : 2;
            for (int d = d0; d < d0 + 2; d++) {
                int t = step_[d][s];
                if (t >= 0 && board[t] == EMPTY) quiet(s, t, 0);
            }
        } else {
            for (int d = 0; d < 4; d++) {
                int t = step_[d][s];
                while (t >= 0 && board[t] == EMPTY) {
                    quiet(s, t, 1);
                    if (!flying) break;
                    t = step_[d][t];
                }
            }
        }
    }
    return buffer_top - start;
}

static int generate(void) {
    int n = generate_captures();
    return n ? n : generate_quiet();
}

/* -- make and unmake ---------------------------------------------------------------------- */

typedef struct {
    uint8_t piece;
    uint8_t captured[MAX_CAPTURES];
} Undo;

static void make(const Move *m, Undo *u) {
    uint8_t p = board[m->from];
    u->piece = p;
    board[m->from] = EMPTY;
    for (int i = 0; i < m->ncaps; i++) {
        u->captured[i] = board[m->caps[i]];
        board[m->caps[i]] = EMPTY;
    }
    board[m->to] = m->promotes ? (uint8_t)(p | 2) : p;
    white_to_move = !white_to_move;
}

static void unmake(const Move *m, const Undo *u) {
    white_to_move = !white_to_move;
    board[m->to] = EMPTY;
    for (int i = 0; i < m->ncaps; i++) board[m->caps[i]] = u->captured[i];
    board[m->from] = u->piece;
}

/* -- the host's calls --------------------------------------------------------------------- */

/* The position from io_board (one byte a square, as above) and the side to move. */
void EXPORT(dama_set_position)(int white) {
    for (int s = 0; s < squares; s++) board[s] = io_board[s];
    white_to_move = white;
}

static uint64_t perft_rec(int depth) {
    int start = buffer_top;
    int n = generate();
    if (depth <= 1 || n == 0) {
        buffer_top = start;
        return depth <= 0 ? 1 : (uint64_t)n;
    }
    uint64_t total = 0;
    Undo u;
    for (int i = start; i < start + n; i++) {
        make(&buffer[i], &u);
        total += perft_rec(depth - 1);
        unmake(&buffer[i], &u);
    }
    buffer_top = start;
    return total;
}

/* The leaves below the position at ``depth`` plies (-1 if the move buffer overflowed). */
int64_t EXPORT(dama_perft)(int depth) {
    buffer_top = 0;
    overflow = 0;
    uint64_t n = perft_rec(depth);
    return overflow ? -1 : (int64_t)n;
}

/* A move's record in io_moves: from, to, king, promotes, the number of pieces taken and
 * the squares taken. Returns where the next record goes. */
static uint8_t *write_move(uint8_t *out, const Move *m) {
    *out++ = m->from;
    *out++ = m->to;
    *out++ = m->king;
    *out++ = m->promotes;
    *out++ = m->ncaps;
    for (int j = 0; j < MAX_CAPTURES; j++) *out++ = j < m->ncaps ? m->caps[j] : 0;
    return out;
}

/* The legal moves written to io_moves: for each, from, to, king, promotes, the number of
 * pieces taken and the squares taken. Returns the count (-1: more than io_moves holds). */
int EXPORT(dama_legal_moves)(void) {
    buffer_top = 0;
    overflow = 0;
    int n = generate();
    if (n > 256 || overflow) return -1;
    uint8_t *out = io_moves;
    for (int i = 0; i < n; i++) out = write_move(out, &buffer[i]);
    return n;
}


/* == the search ============================================================================
 * The full-strength search of damalib.engine, compiled (its comments give the why of each
 * part): iterative deepening, principal variation search, a transposition table, killers and
 * history, depth in half plies with captures and forced moves free, mate-distance pruning,
 * captures searched on at the horizon, and in the endgame the sacrifices first and the late
 * quiet moves reduced. The evaluation's weights come from the host (damalib.engine's
 * Weights), so that the numbers live in one place. */

#define MATE 30000
#define MATE_BOUND (MATE - 1000)
#define INF (MATE + 1)
#define PLY 2
#define LMR_FROM 3
#define TT_SIZE (1 << 20)

enum { EXACT = 0, LOWER = 1, UPPER = 2 };

typedef struct {
    uint64_t key;
    uint32_t move;   /* move_key of the best move, 0: none */
    int16_t score, depth;
    int8_t flag;
} Entry;

static Entry table[TT_SIZE];
static uint64_t zobrist[MAX_SQUARES][8], zobrist_white, hash_now;
static int history_[MAX_SQUARES][MAX_SQUARES];
static uint32_t killers[MAX_PLY + 8][2];
static uint64_t path_keys[MAX_PLY + 8];
static uint64_t game_keys[128];
static int game_count;
static int64_t nodes, node_limit;
static double deadline;
static int stopped, sharp_pieces;

/* The weights (damalib.engine.Weights) from the host, then the tables made of them. */
int32_t io_weights[64];
int32_t *EXPORT(dama_io_weights)(void) { return io_weights; }
uint64_t *EXPORT(dama_io_history)(void) { return game_keys; }
enum { W_MAN, W_KING, W_BACK_ROW, W_CENTRE_MAN, W_NEAR_CENTRE_MAN, W_CENTRE_KING,
       W_LONG_DIAGONAL_KING, W_TRADE, W_HUNT, W_KINGLESS, W_KINGLESS_MEN, W_DRAW_PIECES,
       W_DRAW_SCALE, W_RUNAWAY_PIECES, W_ADVANCE_OPEN = 16, W_ADVANCE_END = 32,
       W_RUNAWAY = 48 };
static int man_open[2][MAX_SQUARES], man_end[2][MAX_SQUARES], man_flat[MAX_SQUARES];
static uint8_t home[2][MAX_SQUARES], centre_sq[MAX_SQUARES], long_diagonal[MAX_SQUARES];
static int centre_dist[MAX_SQUARES];
static uint8_t zone[2][MAX_SQUARES][MAX_SQUARES];
static int zone_bonus[2][MAX_SQUARES];
static int total_men, endgame_pieces;

/* The host's clock in seconds, for a search on a time limit. */
__attribute__((import_module("env"), import_name("now"))) double host_now(void);

static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int absi(int x) { return x < 0 ? -x : x; }
static int maxi(int a, int b) { return a > b ? a : b; }
/* Python's floor division, so that the scores are damalib.engine's. */
static int floordiv(int a, int b) {
    int q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

/* After dama_init, with io_weights filled: the evaluation's tables and the hash keys. */
void EXPORT(dama_init_search)(void) {
    uint64_t seed = 20261207;
    for (int s = 0; s < MAX_SQUARES; s++)
        for (int p = 0; p < 8; p++) zobrist[s][p] = splitmix(&seed);
    zobrist_white = splitmix(&seed);
    int lo = size / 2 - 1, hi = size / 2, diagonal_a = 0, diagonal_b = 0;
    for (int s = 0; s < squares; s++) {
        diagonal_a += row_of[s] == col_of[s];
        diagonal_b += row_of[s] + col_of[s] == size - 1;
    }
    double mid = (size - 1) / 2.0;
    for (int s = 0; s < squares; s++) {
        int r = row_of[s], c = col_of[s];
        int centre = lo <= r && r <= hi && 2 <= c && c <= size - 3;
        int near = !centre && lo - 1 <= r && r <= hi + 1 && 1 <= c && c <= size - 2;
        centre_sq[s] = (uint8_t)centre;
        man_flat[s] = centre ? io_weights[W_CENTRE_MAN] : near ? io_weights[W_NEAR_CENTRE_MAN] : 0;
        long_diagonal[s] = diagonal_a >= diagonal_b ? r == c : r + c == size - 1;
        home[0][s] = r == size - 1;
        home[1][s] = r == 0;
        double dr = r - mid, dc = c - mid;
        if (dr < 0) dr = -dr;
        if (dc < 0) dc = -dc;
        centre_dist[s] = (int)(dr > dc ? dr : dc);
        for (int side = 0; side < 2; side++) {
            int advanced = side == 0 ? size - 1 - r : r;
            man_open[side][s] = io_weights[W_ADVANCE_OPEN + advanced];
            man_end[side][s] = io_weights[W_ADVANCE_END + advanced];
            int ahead = side == 0 ? r : size - 1 - r;
            zone_bonus[side][s] = ahead > 0 && ahead < 16 ? io_weights[W_RUNAWAY + ahead] : 0;
            for (int t = 0; t < squares; t++) {
                int r2 = row_of[t], c2 = col_of[t];
                int forward = side == 0 ? r - r2 : r2 - r;
                zone[side][s][t] = (forward > 0 && absi(c2 - c) <= forward)
                                   || (absi(r2 - r) == 1 && absi(c2 - c) == 1);
            }
        }
    }
    int men_per_side = (size / 2 - 1) * (size / 2);
    total_men = 2 * men_per_side;
    endgame_pieces = maxi(8, total_men / 2);
    sharp_pieces = flying ? men_per_side : 0;
    for (int i = 0; i < TT_SIZE; i++) table[i].key = 0;
}

/* -- evaluation --------------------------------------------------------------------------- */

static int runaways(int side, const int *enemy, int nenemy) {
    int best = 0;
    for (int s = 0; s < squares; s++) {
        int p = board[s];
        if (!(p & 1) || IS_KING(p) || (IS_BLACK(p) != 0) != side) continue;
        int bonus = zone_bonus[side][s];
        if (bonus <= best) continue;
        int free = 1;
        for (int i = 0; i < nenemy && free; i++) free = !zone[side][s][enemy[i]];
        if (free) best = bonus;
    }
    return best;
}

static int dist(int a, int b) {
    return maxi(absi(row_of[a] - row_of[b]), absi(col_of[a] - col_of[b]));
}

/* The position from the side to move's view (damalib.engine's _Evaluator.__call__). */
static int evaluate_here(void) {
    int nm[2] = {0, 0}, nk[2] = {0, 0}, open[2] = {0, 0}, end[2] = {0, 0}, flat[2] = {0, 0};
    int homes[2] = {0, 0}, centre_kings[2] = {0, 0}, diagonal_kings[2] = {0, 0};
    int list[2][MAX_SQUARES], count[2] = {0, 0};
    for (int s = 0; s < squares; s++) {
        int p = board[s];
        if (!p) continue;
        int side = IS_BLACK(p) ? 1 : 0;
        list[side][count[side]++] = s;
        if (IS_KING(p)) {
            nk[side]++;
            centre_kings[side] += centre_sq[s];
            diagonal_kings[side] |= long_diagonal[s];
        } else {
            nm[side]++;
            open[side] += man_open[side][s];
            end[side] += man_end[side][s];
            flat[side] += man_flat[s];
            homes[side] += home[side][s];
        }
    }
    const int32_t *w = io_weights;
    int me = white_to_move ? 0 : 1, op = 1 - me;
    int men = nm[0] + nm[1], pieces = men + nk[0] + nk[1], total = total_men;
    int mat = w[W_MAN] * nm[me] + w[W_KING] * nk[me];
    int omat = w[W_MAN] * nm[op] + w[W_KING] * nk[op];
    int score = mat - omat;
    int opening = men < total ? men : total;
    score += floordiv((open[me] - open[op]) * opening + (end[me] - end[op]) * (total - opening),
                      total);
    score += flat[me] - flat[op];
    if (nm[op]) score += floordiv(w[W_BACK_ROW] * homes[me] * opening, total);
    if (nm[me]) score -= floordiv(w[W_BACK_ROW] * homes[op] * opening, total);
    if (nk[me] || nk[op]) {
        score += w[W_CENTRE_KING] * (centre_kings[me] - centre_kings[op]);
        score += w[W_LONG_DIAGONAL_KING] * (diagonal_kings[me] - diagonal_kings[op]);
    }
    int lead = mat - omat;
    if (lead) {
        score += floordiv(lead * w[W_TRADE] * (total - pieces), 10 * total);
        if (pieces <= endgame_pieces && (lead >= w[W_MAN] || lead <= -w[W_MAN])) {
            /* the stronger side's kings hunt the weaker side's pieces */
            int strong = lead > 0 ? me : op, weak = 1 - strong, hunt = 0;
            for (int i = 0; i < count[strong] && count[weak]; i++) {
                int k = list[strong][i];
                if (!IS_KING(board[k])) continue;
                int nearest = 1000;
                for (int j = 0; j < count[weak]; j++) {
                    int d = dist(k, list[weak][j]);
                    if (d < nearest) nearest = d;
                }
                hunt -= nearest;
            }
            for (int j = 0; j < count[weak]; j++)
                if (IS_KING(board[list[weak][j]])) hunt += centre_dist[list[weak][j]];
            hunt *= w[W_HUNT];
            score += lead > 0 ? hunt : -hunt;
        }
    }
    if (pieces <= w[W_RUNAWAY_PIECES]) {
        if (!nk[op] && nm[me]) score += runaways(me, list[op], count[op]);
        if (!nk[me] && nm[op]) score -= runaways(op, list[me], count[me]);
    }
    if ((nk[me] || nk[op]) && w[W_KINGLESS]) {
        if (!nk[op]) return score + w[W_KINGLESS] * maxi(0, w[W_KINGLESS_MEN] - nm[op]);
        if (!nk[me]) return score - w[W_KINGLESS] * maxi(0, w[W_KINGLESS_MEN] - nm[me]);
        if ((score > 0 && nm[me] + nk[me] <= w[W_DRAW_PIECES])
            || (score < 0 && nm[op] + nk[op] <= w[W_DRAW_PIECES]))
            return score > 0 ? score / w[W_DRAW_SCALE] : -((-score) / w[W_DRAW_SCALE]);
    }
    return score;
}

/* The evaluation of the position set, for the tests against damalib.engine.evaluate. */
int EXPORT(dama_evaluate)(void) { return evaluate_here(); }

/* -- moves, hashed ------------------------------------------------------------------------ */

static uint64_t hash_position(void) {
    uint64_t h = white_to_move ? zobrist_white : 0;
    for (int s = 0; s < squares; s++)
        if (board[s]) h ^= zobrist[s][board[s]];
    return h;
}

static void hash_move(const Move *m) {
    uint8_t p = board[m->from];
    hash_now ^= zobrist[m->from][p] ^ zobrist[m->to][m->promotes ? p | 2 : p] ^ zobrist_white;
    for (int i = 0; i < m->ncaps; i++) hash_now ^= zobrist[m->caps[i]][board[m->caps[i]]];
}

static void play(const Move *m, Undo *u) { hash_move(m); make(m, u); }
static void unplay(const Move *m, const Undo *u) { unmake(m, u); hash_move(m); }

static uint32_t move_key(const Move *m) {
    uint32_t taken = 0;
    for (int i = 0; i < m->ncaps; i++) taken = taken * 53 + m->caps[i] + 1;
    return 1 + (m->from | (uint32_t)m->to << 6 | (taken & 0xFFFFF) << 12);
}

static int opponent_can_capture_after(const Move *m) {
    Undo u;
    make(m, &u);
    int start = buffer_top;
    int n = generate_captures();
    buffer_top = start;
    unmake(m, &u);
    return n > 0;
}

static int side_can_move(void) {
    int start = buffer_top;
    int n = generate_quiet();
    buffer_top = start;
    return n > 0;
}

static int piece_count(void) {
    int n = 0;
    for (int s = 0; s < squares; s++) n += board[s] != 0;
    return n;
}

/* The moves from buffer[start] on, ordered in place (damalib.engine's _order and
 * _sacrifices_first); returns the index from which quiet moves are "late" (reduced). */
static int order_moves(int start, int n, uint32_t tt_move, int ply, int sharp) {
    int64_t keys[512];
    if (n > 512) n = 512;
    int head = 0, forcing = 0, quiet = buffer[start].ncaps == 0;
    for (int i = 0; i < n; i++) {
        Move *m = &buffer[start + i];
        uint32_t key = move_key(m);
        int64_t k;
        if (key == tt_move) { k = (int64_t)4 << 40; head++; }
        else if (!quiet) k = -i;   /* captures keep the generator's order */
        else if (key == killers[ply][0]) { k = (int64_t)3 << 40; head++; }
        else if (key == killers[ply][1]) { k = (int64_t)2 << 40; head++; }
        else {
            k = history_[m->from][m->to];
            if (sharp && opponent_can_capture_after(m)) { k += (int64_t)1 << 40; forcing++; }
        }
        keys[i] = k;
    }
    for (int i = 1; i < n; i++) {   /* insertion sort, stable: few moves */
        Move m = buffer[start + i];
        int64_t k = keys[i];
        int j = i - 1;
        while (j >= 0 && keys[j] < k) {
            keys[j + 1] = keys[j];
            buffer[start + j + 1] = buffer[start + j];
            j--;
        }
        keys[j + 1] = k;
        buffer[start + j + 1] = m;
    }
    if (!sharp) return n;
    int late = head + forcing;
    return late > LMR_FROM ? late : LMR_FROM;
}

static void remember(const Move *m, int ply, int depth) {
    uint32_t key = move_key(m);
    if (killers[ply][0] != key) {
        killers[ply][1] = killers[ply][0];
        killers[ply][0] = key;
    }
    history_[m->from][m->to] += depth * depth;
}

static int repeated(int ply) {
    for (int i = ply - 1; i >= 0; i--)
        if (path_keys[i] == hash_now) return 1;
    for (int i = 0; i < game_count; i++)
        if (game_keys[i] == hash_now) return 1;
    return 0;
}

static int search(int depth, int alpha, int beta, int ply) {
    nodes++;
    if (nodes >= node_limit || ((nodes & 4095) == 0 && deadline > 0 && host_now() > deadline)) {
        stopped = 1;
        return 0;
    }
    if (repeated(ply)) return 0;  /* a repetition: the side repeating gets no more than a draw */
    if (ply >= MAX_PLY) return evaluate_here();
    if (alpha < ply - MATE) {
        alpha = ply - MATE;
        if (alpha >= beta) return alpha;
    }
    if (beta > MATE - ply - 1) {
        beta = MATE - ply - 1;
        if (alpha >= beta) return beta;
    }
    Entry *e = &table[hash_now & (TT_SIZE - 1)];
    uint32_t tt_move = 0;
    if (e->key == hash_now) {
        tt_move = e->move;
        if (e->depth >= depth) {
            int value = e->score;
            if (value > MATE_BOUND) value -= ply;
            else if (value < -MATE_BOUND) value += ply;
            if (e->flag == EXACT) return value;
            if (e->flag == LOWER) { if (value >= beta) return value; }
            else if (value <= alpha) return value;
        }
    }
    int start = buffer_top, n, next_depth;
    if (depth <= 0) {
        n = generate_captures();
        if (!n) {
            buffer_top = start;
            if (!side_can_move()) return ply - MATE;
            return evaluate_here();
        }
        next_depth = 0;
    } else {
        n = generate();
        if (!n) { buffer_top = start; return ply - MATE; }
        next_depth = (n == 1 || buffer[start].ncaps) ? depth : depth - PLY;
    }
    if (buffer_top + 512 > MOVE_BUFFER) { buffer_top = start; return evaluate_here(); }
    int sharp = next_depth >= PLY && !buffer[start].ncaps && n > 1
                && piece_count() <= sharp_pieces;
    int late = order_moves(start, n, tt_move, ply, sharp);
    path_keys[ply] = hash_now;
    int reduced = next_depth > PLY ? next_depth - PLY : next_depth;
    int more = next_depth > 3 * PLY ? next_depth - 2 * PLY : reduced;
    int best = -INF, best_index = 0, alpha0 = alpha;
    Undo u;
    for (int i = 0; i < n; i++) {
        Move *m = &buffer[start + i];
        int left = next_depth, score;
        play(m, &u);
        if (i == 0) score = -search(left, -beta, -alpha, ply + 1);
        else {
            score = alpha + 1;
            if (i >= late && reduced < left) {
                int cut = i >= late + 3 ? more : reduced;
                score = -search(cut, -alpha - 1, -alpha, ply + 1);
            }
            if (score > alpha && !stopped) {
                score = -search(left, -alpha - 1, -alpha, ply + 1);
                if (alpha < score && score < beta && !stopped)
                    score = -search(left, -beta, -alpha, ply + 1);
            }
        }
        unplay(m, &u);
        if (stopped) { buffer_top = start; return 0; }
        if (score > best) {
            best = score;
            best_index = i;
            if (score > alpha) {
                alpha = score;
                if (alpha >= beta) {
                    if (!m->ncaps) remember(m, ply, depth);
                    break;
                }
            }
        }
    }
    uint32_t best_key = move_key(&buffer[start + best_index]);
    buffer_top = start;
    e->key = hash_now;
    e->depth = (int16_t)depth;
    e->flag = best <= alpha0 ? UPPER : best >= beta ? LOWER : EXACT;
    e->score = (int16_t)(best > MATE_BOUND ? best + ply : best < -MATE_BOUND ? best - ply : best);
    e->move = best_key;
    return best;
}

/* The result of dama_search: the best move's index among dama_legal_moves' moves, its
 * score, the depth completed, the nodes searched. */
int64_t io_result[4];
int64_t *EXPORT(dama_io_result)(void) { return io_result; }

/* A search by iterative deepening, as damalib.engine.Engine.think, one depth a call so
 * that the host can show each depth and stop between two: dama_search_begin sets up the
 * root (the position set, ``history`` positions of the game in io_history counting as
 * repetitions), then dama_search_depth(1), (2), ... each search one depth more. */
static Move root[256];
static int root_count, root_best, root_score, root_depth, sharp_root;

int EXPORT(dama_search_begin)(int history) {
    game_count = history < 128 ? history : 128;
    buffer_top = 0;
    overflow = 0;
    int n = generate();
    if (n > 256) n = 256;
    for (int i = 0; i < n; i++) root[i] = buffer[i];
    buffer_top = 0;
    hash_now = hash_position();
    for (int p = 0; p < MAX_PLY + 8; p++) killers[p][0] = killers[p][1] = 0;
    for (int a = 0; a < MAX_SQUARES; a++)
        for (int b = 0; b < MAX_SQUARES; b++)
            history_[a][b] = history_[a][b] >= 4 ? history_[a][b] >> 2 : 0;
    nodes = 0;
    root_count = n;
    root_best = root_score = root_depth = 0;
    sharp_root = n > 1 && !root[0].ncaps && piece_count() <= sharp_pieces;
    io_result[0] = io_result[1] = io_result[2] = io_result[3] = 0;
    return n;
}

/* Search the root ``depth`` plies deep, stopping at ``max_nodes`` nodes in all since
 * dama_search_begin (0: no limit) or when the host's clock passes ``deadline`` (0: never).
 * The result in io_result: the best move's index among dama_legal_moves' moves, its score,
 * the last depth completed, the nodes. A depth cut short still counts once its first move
 * is searched (the previous best goes first, and only a move searched in full and found
 * better replaces it). Returns 1 when the depth was completed, 0 when cut short. */
int EXPORT(dama_search_depth)(int depth, double max_nodes, double deadline_at) {
    int n = root_count;
    if (n == 0) return 0;
    deadline = deadline_at;
    node_limit = max_nodes <= 0 ? ((int64_t)1 << 62) : (int64_t)max_nodes;
    stopped = 0;
    /* the previous best first, then the order of the search's own rules */
    for (int i = 0; i < n; i++) buffer[i] = root[i];
    buffer_top = n;
    Entry *e = &table[hash_now & (TT_SIZE - 1)];
    uint32_t first = e->key == hash_now && e->move ? e->move : move_key(&root[root_best]);
    order_moves(0, n, first, 0, sharp_root);   /* the root reduces nothing */
    int alpha = -INF, beta = INF, found = -1, found_score = -INF;
    int units = depth * PLY;
    path_keys[0] = hash_now;
    Undo u;
    for (int i = 0; i < n; i++) {
        Move *m = &buffer[i];
        int score;
        play(m, &u);
        if (i == 0) score = -search(units - PLY, -beta, -alpha, 1);
        else {
            score = -search(units - PLY, -alpha - 1, -alpha, 1);
            if (score > alpha && !stopped) score = -search(units - PLY, -beta, -alpha, 1);
        }
        unplay(m, &u);
        if (stopped) break;
        if (score > found_score) {
            found_score = score;
            found = i;
            if (score > alpha) alpha = score;
        }
    }
    buffer_top = 0;
    Entry *r = &table[hash_now & (TT_SIZE - 1)];
    if (found >= 0) {
        uint32_t key = move_key(&buffer[found]);
        for (int i = 0; i < n; i++)
            if (move_key(&root[i]) == key) root_best = i;
        root_score = found_score;
        if (!stopped) {
            r->key = hash_now;
            r->depth = (int16_t)units;
            r->flag = EXACT;
            r->score = (int16_t)root_score;
        }
    }
    if (!stopped) root_depth = depth;
    /* The move chosen heads the principal variation (dama_pv), even when a depth cut short
     * changed it without storing its table entry. */
    if (r->key != hash_now) {
        r->key = hash_now;
        r->depth = 0;
        r->flag = EXACT;
        r->score = (int16_t)root_score;
    }
    r->move = move_key(&root[root_best]);
    io_result[0] = root_best;
    io_result[1] = root_score;
    io_result[2] = root_depth;
    io_result[3] = nodes;
    return !stopped;
}

/* The hash of the position set (the keys of a game's earlier positions, for dama_search). */
uint64_t EXPORT(dama_hash)(void) { return hash_position(); }

/* The principal variation after dama_search, read from the table: at most ``longest``
 * moves, written to io_moves as dama_legal_moves writes moves. Returns how many. */
int EXPORT(dama_pv)(int longest) {
    Move line[64];
    Undo undo[64];
    uint64_t seen[64];
    int n = 0;
    if (longest > 64) longest = 64;
    hash_now = hash_position();
    while (n < longest) {
        Entry *e = &table[hash_now & (TT_SIZE - 1)];
        if (e->key != hash_now || !e->move) break;
        int repeated_here = 0;
        for (int j = 0; j < n && !repeated_here; j++) repeated_here = seen[j] == hash_now;
        if (repeated_here) break;
        buffer_top = 0;
        int count = generate(), found = -1;
        for (int i = 0; i < count && found < 0; i++)
            if (move_key(&buffer[i]) == e->move) found = i;
        if (found < 0) break;
        seen[n] = hash_now;
        line[n] = buffer[found];
        play(&line[n], &undo[n]);
        n++;
    }
    for (int i = n - 1; i >= 0; i--) unplay(&line[i], &undo[i]);
    buffer_top = 0;
    uint8_t *out = io_moves;
    for (int i = 0; i < n; i++) out = write_move(out, &line[i]);
    return n;
}
