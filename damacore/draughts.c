/* damacore: the engine's compiled core. Move generation of the draughts variants damalib
 * knows, by the same rules as damalib/movegen.py (which stays the reference: the tests
 * compare the two move for move and by perft). Built to WebAssembly, so that one file runs
 * in the browser edition and, through wasmtime, in CPython. No C library: fixed arrays
 * only, nothing allocated.
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
    int row_of[MAX_SQUARES], col_of[MAX_SQUARES];
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

/* A man's chain of one-square jumps from s (IT-C5, IT-C6; INT-C1). */
static void man_chains(int s, int ncaps) {
    int extended = 0;
    for (int d = 0; d < 4; d++) {
        if (!men_backwards && ((d < 2) != (white_to_move != 0))) continue;
        int mid = step_[d][s];
        if (mid < 0 || taken[mid] || !enemy(board[mid])) continue;
        if (!men_take_kings && IS_KING(board[mid])) continue;  /* IT-C3 */
        int land = step_[d][mid];
        if (land < 0 || board[land] != EMPTY) continue;
        extended = 1;
        chain_path_caps[ncaps] = mid;
        taken[mid] = 1;
        if (promotion_stops && (white_to_move ? top_row[land] : bottom_row[land]))
            emit(land, ncaps + 1);  /* IT-C7: promotion ends the move */
        else
            man_chains(land, ncaps + 1);
        taken[mid] = 0;
    }
    if (!extended && ncaps) emit(s, ncaps);
}

/* A short king's chain (Dama Italiana: one square at a time, any direction). */
static void short_king_chains(int s, int ncaps) {
    int extended = 0;
    for (int d = 0; d < 4; d++) {
        int mid = step_[d][s];
        if (mid < 0 || taken[mid] || !enemy(board[mid])) continue;
        int land = step_[d][mid];
        if (land < 0 || board[land] != EMPTY) continue;
        extended = 1;
        chain_path_caps[ncaps] = mid;
        taken[mid] = 1;
        short_king_chains(land, ncaps + 1);
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
        if (!chain_king) man_chains(s, 0);
        else if (flying) flying_chains(s, 4, 0);
        else short_king_chains(s, 0);
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
        for (int j = start; j < kept && !duplicate; j++) duplicate = same_move(&buffer[j], &buffer[i]);
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

/* The legal moves written to io_moves: for each, from, to, king, promotes, the number of
 * pieces taken and the squares taken. Returns the count (-1: more than io_moves holds). */
int EXPORT(dama_legal_moves)(void) {
    buffer_top = 0;
    overflow = 0;
    int n = generate();
    if (n > 256 || overflow) return -1;
    uint8_t *out = io_moves;
    for (int i = 0; i < n; i++) {
        Move *m = &buffer[i];
        *out++ = m->from;
        *out++ = m->to;
        *out++ = m->king;
        *out++ = m->promotes;
        *out++ = m->ncaps;
        for (int j = 0; j < MAX_CAPTURES; j++) *out++ = j < m->ncaps ? m->caps[j] : 0;
    }
    return n;
}
