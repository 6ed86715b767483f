"""it-13-notation: writing the moves down (IT-N) and the squares' numbers (IT-B2)."""

from __future__ import annotations

import random

from damalib import Board

from authoring.puzzles.common import (ADJ, BLACK, IT, WHITE, Context, cap, generated, it_mixed, it_small, pick,
                     piece_words, puzzle, to_play, victims_words)


def build_notation(ctx: Context, seed: int = 1010,
                   wants: tuple[int, int, int, int] = (3, 3, 2, 2)) -> list[dict]:
    """``wants``: how many moves, captures, squares and ambiguous captures to write."""
    rng = random.Random(seed)
    out: list[dict] = []

    def quiet(board: Board, level: int, i: int) -> dict | None:
        if board.must_capture():
            return None
        moves = [m for m in board.legal_moves if not board.piece_at(m.start).king]
        if not moves:
            return None
        move = moves[i % len(moves)]
        a, b_ = move.start, move.end
        options = [f"{a}-{b_}", f"{a}x{b_}", f"{b_}-{a}"]
        order = [(0, 1, 2), (2, 0, 1), (1, 2, 0)][i % 3]
        fb_it = ["Prima la casella di partenza, poi un trattino, poi la casella di arrivo.",
                 "La x si usa solo quando si mangia.",
                 "Si scrive prima la casella di partenza, poi quella di arrivo."]
        fb_en = ["First the starting square, then a dash, then the arrival square.",
                 "The x is used only for captures.",
                 "The starting square comes first, then the arrival square."]
        hints = ([f"Questa mossa si scrive con due numeri, {a} e {b_}: da dove parte la pedina "
                  "e dove arriva. La pedina non mangia.",
                  f"La pedina parte dalla {a}: quale numero si scrive per primo? E che segno ci "
                  "va in mezzo, se non si mangia?"],
                 [f"This move is written with two numbers, {a} and {b_}: where the man starts "
                  "and where it lands. The man does not capture.",
                  f"The man starts on {a}: which number is written first? And which sign goes "
                  "between them, when there is no capture?"])
        return puzzle(level, "choice", board,
                      (f"{to_play(board)[0]} La pedina in {a} va in {b_}. Come si scrive questa "
                       "mossa?",
                       f"{to_play(board)[1]} The man on {a} goes to {b_}. How is this move "
                       "written?"),
                      ["IT-N"], options=([options[k] for k in order], [options[k] for k in order]),
                      answer=order.index(0), hints=hints,
                      feedback=([fb_it[k] for k in order], [fb_en[k] for k in order]))

    def capture(board: Board, level: int, i: int) -> dict | None:
        legal = board.legal_moves
        if len(legal) != 1 or len(legal[0].captures) != 1:
            return None
        move = legal[0]
        a, c, e = move.start, move.captures[0], move.end
        options = [f"{a}x{e}", f"{a}-{e}", f"{a}x{c}", f"{e}x{a}"]
        order = [(1, 0, 2, 3), (2, 3, 0, 1), (0, 2, 1, 3)][i % 3]
        fb_it = ["Partenza, x, arrivo: la x dice che si mangia.",
                 "Il trattino è per le mosse senza presa: qui si mangia, quindi ci vuole la x.",
                 f"In {c} c'è il pezzo mangiato: si scrive invece dove arriva la pedina.",
                 "Prima si scrive la casella di partenza."]
        fb_en = ["Start, x, arrival: the x says there is a capture.",
                 "The dash is for moves without a capture: here there is a capture, so it takes "
                 "an x.",
                 f"{c} holds the captured piece: you write where the man lands instead.",
                 "The starting square is written first."]
        hints = ([f"La pedina in {a} mangia: quando si mangia, tra la casella di partenza e "
                  "quella di arrivo si scrive una x.",
                  f"Dopo aver saltato il pezzo in {c}, in quale casella arriva la pedina?"],
                 [f"The man on {a} captures: when there is a capture, an x is written between "
                  "the starting square and the arrival square.",
                  f"After jumping the piece on {c}, on which square does the man land?"])
        return puzzle(level, "choice", board,
                      (f"{to_play(board)[0]} La pedina in {a} mangia il pezzo in {c}. Come si "
                       "scrive la presa?",
                       f"{to_play(board)[1]} The man on {a} takes the piece on {c}. How is the "
                       "capture written?"),
                      ["IT-N", "IT-C2"], options=([options[k] for k in order],
                                                  [options[k] for k in order]),
                      answer=order.index(0), hints=hints,
                      feedback=([fb_it[k] for k in order], [fb_en[k] for k in order]))

    def square(board: Board, level: int, i: int) -> dict | None:
        kings = [s for s, p in board.pieces().items() if p.king]
        if len(kings) != 1 or board.must_capture():
            return None
        s = kings[0]
        geo = board.variant.geometry
        r, c = geo.coords[s]
        mirror = geo.by_coords.get((7 - r, 7 - c))
        near = [x for x in (s - 4, s + 4, s - 1, s + 1) if 1 <= x <= 32 and x != mirror][:2]
        if mirror is None or len(near) < 2 or mirror == s:
            return None
        options = [str(s), str(mirror), str(near[0]), str(near[1])]
        order = [(2, 0, 1, 3), (0, 3, 2, 1)][i % 2]
        colour = board.piece_at(s).colour
        first, last = r * geo.half + 1, (r + 1) * geo.half
        row_it = ("prima", "seconda", "terza", "quarta", "quinta", "sesta", "settima",
                  "ottava")[r]
        row_en = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh",
                  "eighth")[r]
        in_row = f"nell'{row_it}" if row_it[0] in "aeiou" else f"nella {row_it}"
        right = (f"La dama è {in_row} riga dall'alto, che ha le caselle da {first} a "
                 f"{last}: la sua casella è la {s}.",
                 f"The king is on the {row_en} row from the top, which holds squares {first} to "
                 f"{last}: its square is {s}.")
        wrong = ("Conta le caselle scure riga per riga, da sinistra a destra, partendo "
                 "dall'alto.",
                 "Count the dark squares row by row, left to right, starting from the top.")
        # A numbered piece near the king gives the child a place to count from.
        def distance(x: int) -> tuple[int, int]:
            return max(abs(geo.coords[x][0] - r), abs(geo.coords[x][1] - c)), x

        neighbour = min((x for x in board.pieces() if x != s), key=distance)
        near_it, near_en = piece_words(board, neighbour)
        hints = ([f"Conta le righe dall'alto fino a quella della dama {ADJ[colour][0]}; vicino "
                  f"a lei c'è {near_it}. Le caselle scure si contano riga per riga, da "
                  "sinistra a destra: la prima riga da 1 a 4, la seconda da 5 a 8, e così via.",
                  f"La dama è {in_row} riga dall'alto: lì ci sono le caselle da {first} a "
                  f"{last}."],
                 [f"Count the rows from the top down to the {ADJ[colour][1]} king's; near it "
                  f"is {near_en}. The dark squares are counted row by row, left to right: the "
                  "top row 1 to 4, the second 5 to 8, and so on.",
                  f"The king is on the {row_en} row from the top: it holds squares {first} to "
                  f"{last}."])
        return puzzle(level, "choice", board,
                      (f"In quale casella si trova la dama {ADJ[colour][0]}? Ricorda: le caselle "
                       "si contano da 1 a 32, dall'alto a sinistra, come si vede dal Bianco.",
                       f"On which square is the {ADJ[colour][1]} king? Remember: squares are "
                       "numbered 1 to 32 from the top left, as White sees the board."),
                      ["IT-B2"], options=([options[k] for k in order],
                                          [options[k] for k in order]),
                      answer=order.index(0), hints=hints,
                      feedback=([(right if k == 0 else wrong)[0] for k in order],
                                [(right if k == 0 else wrong)[1] for k in order]))

    def ambiguous(board: Board, level: int, i: int) -> dict | None:
        legal = board.legal_moves
        amb = [m for m in legal if m.captures and any(
            o != m and o.start == m.start and o.end == m.end for o in legal)]
        if len(amb) < 2 or len(legal) > 3:
            return None
        move = amb[0]
        full = board.move_text(move)
        short = f"{move.start}x{move.end}"
        other = next(o for o in amb if o != move)
        options = [full, short, "x".join(map(str, other.path))]
        order = [(1, 0, 2), (2, 1, 0)][i % 2]
        caps_it, caps_en = victims_words(board, move.captures)
        who_it, who_en = piece_words(board, move.start)
        fb_it = ["Le due prese partono e arrivano nelle stesse caselle, quindi si scrivono "
                 "tutte le caselle dove il pezzo si posa.",
                 f"Così non si capisce quale presa: anche {options[2]} va da {move.start} a "
                 f"{move.end}.",
                 "Questa è l'altra presa: prende pezzi diversi."]
        fb_en = ["Both captures start and end on the same squares, so every square where the "
                 "piece lands is written.",
                 f"That does not tell which capture: {options[2]} goes from {move.start} to "
                 f"{move.end} too.",
                 "That is the other capture: it takes different pieces."]
        return puzzle(level, "choice", board,
                      (f"{to_play(board)[0]} {who_it[0].upper() + who_it[1:]} mangia {caps_it} e "
                       f"arriva in {move.end}. Come si scrive?",
                       f"{to_play(board)[1]} {who_en[0].upper() + who_en[1:]} takes {caps_en} and "
                       f"lands on {move.end}. How is it written?"),
                      ["IT-N", "IT-C5"], options=([options[k] for k in order],
                                                  [options[k] for k in order]),
                      answer=order.index(0),
                      hints=([f"{cap(who_it)} mangia {caps_it}. Una presa si può scrivere "
                              "corta, partenza x arrivo, oppure con tutte le caselle dove il "
                              "pezzo si posa.",
                              f"Ci sono due prese da {move.start} a {move.end}: la scrittura "
                              "corta non dice quale delle due."],
                             [f"{cap(who_en)} takes {caps_en}. A capture can be written short, "
                              "start x arrival, or with every square where the piece lands.",
                              f"There are two captures from {move.start} to {move.end}: the "
                              "short form does not tell which one."]),
                      feedback=([fb_it[k] for k in order], [fb_en[k] for k in order]))

    def small(r: random.Random) -> Board | None:
        return it_small(r, r.choice((WHITE, BLACK)), r.randint(1, 3), r.randint(1, 3), 0, 0, 1, 5)

    def with_king(r: random.Random) -> Board | None:
        return it_mixed(r, (1, 1), (0, 0), (1, 3), (1, 3))

    def ring(r: random.Random) -> Board | None:
        return it_mixed(r, (1, 1), (0, 1), (0, 2), (3, 6))

    moves, captures, squares, ambiguous_ones = wants
    out += pick(ctx, IT, ((b, None) for b in generated(rng, 2000, small)), moves,
                lambda b, _, i: quiet(b, 1, i))
    out += pick(ctx, IT, ((b, None) for b in generated(rng, 8000, small)), captures,
                lambda b, _, i: capture(b, 2, i))
    out += pick(ctx, IT, ((b, None) for b in generated(rng, 4000, with_king)), squares,
                lambda b, _, i: square(b, 3, i))
    out += pick(ctx, IT, ((b, None) for b in generated(rng, 60000, ring)), ambiguous_ones,
                lambda b, _, i: ambiguous(b, 4, i))
    return out


def more_notation(ctx: Context) -> list[dict]:
    """More moves to write, from other small positions."""
    return build_notation(ctx, 1020, (4, 4, 3, 1))
