"""it-02-capture and it-03-multiple-capture: capturing is compulsory (IT-C1, IT-C2), a man
never takes a king (IT-C3), and the capture goes on while it can (IT-C5, IT-C6)."""

from __future__ import annotations

import random
from typing import Callable

from damalib import Board

from authoring.puzzles.common import (BLACK, IT, OTHER, SIDE, SIDE_CAP, WHITE, Context, all_squares, any_position,
                     cap, describe_capture, game_boards, generated, group_words, it_small, join,
                     joined, men_rows, movers_words, n_pieces, pick, piece_words, pieces_n,
                     plausible, puzzle, real_enough, scatter, to_play, turned_down)


def capture_prompt(board: Board, i: int, many: bool = False) -> tuple[str, str]:
    p_it, p_en = to_play(board)
    if many:
        options = [(f"{p_it} Trova tutte le prese possibili.",
                    f"{p_en.replace(' to play.', ' to play.')} Find every possible capture."),
                   (f"{p_it} Deve mangiare: scrivi tutte le prese che può fare.",
                    f"{p_en} It must capture: write every capture it can make."),
                   (f"Quali prese può fare {SIDE[board.turn][0]}? Trovale tutte.",
                    f"Which captures can {SIDE[board.turn][1]} make? Find them all.")]
    else:
        options = [(f"{p_it} Deve mangiare: quale presa fa?",
                    f"{p_en} It must capture: which capture?"),
                   (f"{p_it} C'è una presa da fare: trovala!",
                    f"{p_en} There is a capture to make: find it!"),
                   (f"{SIDE_CAP[board.turn][0]} deve mangiare. Con quale pezzo, e dove arriva?",
                    f"{SIDE_CAP[board.turn][1]} must capture. With which piece, and where does "
                    "it land?")]
    return options[i % len(options)]


def one_capture(board: Board, level: int, i: int, rules: list[str],
                extra: tuple[str, str] = ("", ""),
                hints: tuple[list[str], list[str]] | None = None) -> dict:
    """A puzzle with one legal capture. Its hints: ``hints`` if given, else the piece to
    take and then the piece that takes it."""
    legal = board.legal_moves
    move = legal[0]
    d_it, d_en = describe_capture(board, move)
    if hints is None:
        mover_it, mover_en = piece_words(board, move.start)
        victim_it, victim_en = piece_words(board, move.captures[0], coloured=True)
        hints = ([f"Mangiare è obbligatorio: guarda {victim_it}. Ha dietro una casella libera?",
                  f"Salta con {mover_it}: in quale casella arriva?"],
                 [f"Capturing is compulsory: look at {victim_en}. Is the square behind it "
                  "empty?",
                  f"Jump with {mover_en}: on which square does it land?"])
    return puzzle(level, "capture", board, capture_prompt(board, i), rules,
                  solutions=[board.move_text(move)], unique=True, hints=hints,
                  explanation=(f"{cap(d_it)}.{extra[0]} Mangiare è obbligatorio: quando c'è "
                               "una presa, non si può fare un'altra mossa.",
                               f"{cap(d_en)}.{extra[1]} Capturing is compulsory: when there is "
                               "a capture, no other move is allowed."))


#: One capture in a small position: (turn, white men, black men, how many puzzles).
SMALL_CAPTURES = ((WHITE, 1, 2, 2), (BLACK, 2, 1, 1), (WHITE, 2, 2, 2))
MORE_SMALL_CAPTURES = ((BLACK, 1, 2, 2), (WHITE, 1, 2, 2), (BLACK, 2, 2, 2), (WHITE, 2, 3, 1))


def build_capture(ctx: Context, seed: int = 202, small=SMALL_CAPTURES,
                  game_one_seed: int = 21, game_ones: int = 7, game_all_seed: int = 22,
                  game_alls: int = 8, kings_faced: int = 6, choices: int = 4,
                  check: Callable[[Board], bool] = any_position) -> list[dict]:
    """``check``: what every position must also pass (the puzzles added after the first set
    must be :func:`real_enough`)."""
    rng = random.Random(seed)
    out: list[dict] = []

    def simple_ok(board: Board) -> bool:
        legal = board.legal_moves
        return len(legal) == 1 and len(legal[0].captures) == 1 and not turned_down(board)

    # (a) small positions with one capture
    for turn, wm, bm, want in small:
        boards = (b for b in generated(rng, 5000, lambda r: it_small(r, turn, wm, bm, 0, 0, 1, 4))
                  if simple_ok(b) and check(b))
        out += pick(ctx, IT, ((b, None) for b in boards), want,
                    lambda b, _, i: one_capture(b, 1, len(out) + i, ["IT-C1", "IT-C2"]))

    # (b) game positions with one capture among many pieces
    seen = ctx.seen("capture")

    def game_one(board: Board, _, i: int) -> dict | None:
        if not simple_ok(board) or "K" in board.fen() or not plausible(board, 1):
            return None
        if not check(board):
            return None
        if str(board.legal_moves[0]) in seen:
            return None
        seen.add(str(board.legal_moves[0]))
        return one_capture(board, 2, len(out) + i, ["IT-C1", "IT-C2"])

    out += pick(ctx, IT, ((b, None) for b in game_boards(ctx, IT, game_one_seed, (4, 40))),
                game_ones, game_one)

    # (c) find every capture
    def game_all(board: Board, _, i: int) -> dict | None:
        legal = board.legal_moves
        if not (2 <= len(legal) <= 3 and all(len(m.captures) == 1 for m in legal)) \
                or turned_down(board) or "K" in board.fen() or not plausible(board, 1) \
                or not check(board):
            return None
        level = 2 if len(legal) == 2 else 3
        texts = [board.move_text(m) for m in legal]
        if tuple(texts) in seen:
            return None
        seen.add(tuple(texts))
        starts = sorted({m.start for m in legal})
        # The gentle hint: the men that can be taken (no kings in these positions).
        taken = {c for m in legal for c in m.captures}
        victims = group_words(board, taken)
        if len(taken) == 1:
            look = (f"Si può mangiare {victims[0]}, in più modi: quali tuoi pezzi possono "
                    "saltarla?",
                    f"{cap(victims[1])} can be taken in more than one way: which of your "
                    "pieces can jump it?")
        else:
            look = (f"Si possono mangiare {victims[0]}: quali tuoi pezzi possono saltarle?",
                    f"{cap(victims[1])} can be taken: which of your pieces can jump them?")
        if len(starts) == 1:
            who_it, who_en = piece_words(board, starts[0])
            second = (f"Le prese sono {len(legal)}, tutte {joined('di', who_it)}.",
                      f"There are {len(legal)} captures, all by {who_en}.")
        else:
            second = (f"Le prese sono {len(legal)}: guarda i pezzi in "
                      f"{join([str(x) for x in starts], 'it')}.",
                      f"There are {len(legal)} captures: look at the pieces on "
                      f"{join([str(x) for x in starts], 'en')}.")
        return puzzle(level, "all-captures", board, capture_prompt(board, i, many=True),
                      ["IT-C1", "IT-C2", "IT-P5"], solutions=texts,
                      hints=([look[0], second[0]], [look[1], second[1]]),
                      explanation=(f"Le prese sono {join(texts, 'it')}: ognuna prende un pezzo, "
                                   "quindi si può scegliere quella che si preferisce. Mangiare è "
                                   "obbligatorio, ma qui la scelta è libera.",
                                   f"The captures are {join(texts, 'en')}: each takes one piece, "
                                   "so you may choose the one you like. Capturing is compulsory, "
                                   "but here the choice is free."))

    out += pick(ctx, IT, ((b, None) for b in game_boards(ctx, IT, game_all_seed, (8, 60))),
                game_alls, game_all)

    # (d) a man never takes a king, and never captures backwards (IT-C3)
    def man_faces_king(board: Board) -> list[tuple[int, int]]:
        """(man, king) pairs where the man could jump the king if men took kings."""
        geo = board.variant.geometry
        out_ = []
        for s, p in board.pieces().items():
            if p.colour != board.turn or p.king:
                continue
            r, c = geo.coords[s]
            dr = -1 if p.colour == WHITE else 1
            for dc in (-1, 1):
                mid = geo.by_coords.get((r + dr, c + dc))
                land = geo.by_coords.get((r + 2 * dr, c + 2 * dc))
                if mid and land and board.piece_at(land) is None:
                    q = board.piece_at(mid)
                    if q and q.colour != board.turn and q.king:
                        out_.append((s, mid))
        return out_

    def c3_boards(r: random.Random) -> Board | None:
        turn = r.choice((WHITE, BLACK))
        b = scatter(r, IT, turn, [
            ("w", r.randint(2, 3), men_rows(IT, WHITE, 1, 5)),
            ("b", r.randint(2, 3), men_rows(IT, BLACK, 1, 5)),
            ("B" if turn == WHITE else "W", 1, all_squares(IT))])
        return b

    def c3(board: Board, _, i: int) -> dict | None:
        pairs = man_faces_king(board)
        if not pairs or not simple_ok(board) or not plausible(board, 2) or not check(board):
            return None
        man, king = pairs[0]
        level = 3 if n_pieces(board) <= 6 else 4
        extra = (f" Attenzione: la pedina in {man} non può mangiare la dama in {king}, perché "
                 "una pedina non mangia mai una dama.",
                 f" Careful: the man on {man} cannot take the king on {king}, because a man "
                 "never captures a king.")
        mover = board.legal_moves[0].start
        if mover == man:
            second = (f"La dama in {king} non si può mangiare, ma la pedina in {man} ha "
                      "un'altra presa: quale?",
                      f"The king on {king} cannot be taken, but the man on {man} has another "
                      "capture: which one?")
        else:
            mover_it, mover_en = piece_words(board, mover)
            second = (f"La pedina in {man} non può mangiare la dama in {king}. Guarda invece "
                      f"{mover_it}.",
                      f"The man on {man} cannot take the king on {king}. Look at {mover_en} "
                      "instead.")
        return one_capture(board, level, len(out) + i, ["IT-C3", "IT-C1", "IT-C2"], extra,
                           hints=([f"La pedina in {man} ha davanti la dama in {king}: una "
                                   "pedina può mangiare una dama?", second[0]],
                                  [f"The man on {man} faces the king on {king}: can a man "
                                   "capture a king?", second[1]]))

    out += pick(ctx, IT, ((b, None) for b in generated(rng, 20000, c3_boards)), kings_faced, c3)

    # (e) can the man capture? (choice) — only the king or a piece behind it is in reach
    def c3_choice(board: Board, _, i: int) -> dict | None:
        pairs = man_faces_king(board)
        if not pairs or board.must_capture() or not plausible(board, 2) or not check(board):
            return None
        man, king = pairs[0]
        geo = board.variant.geometry
        (r0, c0), (r1, c1) = geo.coords[man], geo.coords[king]
        land = geo.by_coords[(2 * r1 - r0, 2 * c1 - c0)]
        opts_it = [f"Sì: {man}x{land}", "No: una pedina non può mangiare una dama",
                   "Sì, ma solo se lo vuole"]
        opts_en = [f"Yes: {man}x{land}", "No: a man cannot capture a king",
                   "Yes, but only if it wants to"]
        order = [(0, 1, 2), (1, 0, 2), (2, 1, 0)][i % 3]
        fb_it = [f"No: {man}x{land} salterebbe una dama, e una pedina non può mai mangiare "
                 "una dama.",
                 "Una pedina mangia soltanto pedine: una dama non la può mangiare mai.",
                 "Quando c'è una presa, mangiare è obbligatorio: non si sceglie. Ma qui la "
                 "presa non c'è, perché una pedina non mangia mai una dama."]
        fb_en = [f"No: {man}x{land} would jump a king, and a man can never capture a king.",
                 "A man captures only men: it can never capture a king.",
                 "When there is a capture, capturing is compulsory: there is no choosing. But "
                 "here there is no capture, because a man never captures a king."]
        hints = ([f"Guarda bene il pezzo in {king}: è una pedina o una dama? Ripensa a chi "
                  "può mangiare che cosa.",
                  f"In {king} c'è una dama, non una pedina: la pedina in {man} può saltarla?"],
                 [f"Look closely at the piece on {king}: is it a man or a king? Think again "
                  "about who can capture what.",
                  f"On {king} there is a king, not a man: can the man on {man} jump it?"])
        return puzzle(3, "choice", board,
                      (f"{to_play(board)[0]} La pedina in {man} può mangiare la dama in {king}?",
                       f"{to_play(board)[1]} Can the man on {man} capture the king on {king}?"),
                      ["IT-C3", "IT-C1"], options=([opts_it[k] for k in order],
                                                   [opts_en[k] for k in order]),
                      answer=order.index(1), hints=hints,
                      feedback=([fb_it[k] for k in order], [fb_en[k] for k in order]))

    out += pick(ctx, IT, ((b, None) for b in generated(rng, 20000, c3_boards)), choices,
                c3_choice)
    return out


def more_capture(ctx: Context) -> list[dict]:
    """More captures: other small positions, other moments of the games."""
    return build_capture(ctx, 212, MORE_SMALL_CAPTURES, 121, 9, 122, 7, 5, 3, real_enough)


# What to keep in mind during a chain, said after the piece to look at (IT-C5).
CHAIN_REMINDER = ("Dopo ogni salto, cerca un altro pezzo da saltare.",
                  "After each jump, look for another piece to jump.")


def build_multiple(ctx: Context, seed: int = 303, two_small: int = 4, three_small: int = 2,
                   two_games: int = 5, three_games: int = 2, count_small: int = 3,
                   count_games: int = 4, king_chains: int = 3, king_counts: int = 2,
                   check: Callable[[Board], bool] = any_position,
                   chains_seen: str = "multiple-capture") -> list[dict]:
    """``check``: what every position must also pass (see :func:`build_capture`);
    ``chains_seen``: the name of the set of chains already shown. Checking a chain marks it
    seen even when the position is then turned down, so the puzzles added after keep a set
    of their own: a chain may then come back, in another position."""
    rng = random.Random(seed)
    out: list[dict] = []
    seen = ctx.seen(chains_seen)

    def chain_puzzle(board: Board, level: int, i: int,
                     reminder: tuple[str, str] = CHAIN_REMINDER) -> dict:
        legal = board.legal_moves
        texts = [board.move_text(m) for m in legal]
        d_it, d_en = describe_capture(board, legal[0])
        n = len(legal[0].captures)
        king = board.piece_at(legal[0].start).king
        rules = ["IT-C5", "IT-C6"] if king else ["IT-C5", "IT-C2"]
        raw = board.movegen.raw_captures(*board.relative())
        if any(len(caps) < n for _, caps, _ in raw):  # a shorter capture was turned down
            rules.append("IT-P1")
        prompts = [(f"{to_play(board)[0]} Deve mangiare: quale presa fa? Ricorda di continuare "
                    "finché puoi.",
                    f"{to_play(board)[1]} It must capture: which capture? Remember to go on "
                    "as long as you can."),
                   (f"{to_play(board)[0]} Trova la presa e scrivila fino all'ultimo salto.",
                    f"{to_play(board)[1]} Find the capture and write it down to the last jump."),
                   (f"Una presa lunga! {SIDE_CAP[board.turn][0]} deve mangiare: come?",
                    f"A long capture! {SIDE_CAP[board.turn][1]} must capture: how?")]
        more_it = ("" if len(legal) == 1 else
                   f" Vanno bene tutte le prese che prendono {n} pezzi ({join(texts, 'it')}): "
                   "qui la scelta è libera.")
        more_en = ("" if len(legal) == 1 else
                   f" Every capture of {n} pieces is fine ({join(texts, 'en')}): here the "
                   "choice is free.")
        if len(legal) > 1:
            rules.append("IT-P5")
        lifted = (" I pezzi presi si tolgono solo alla fine, e nessuno si salta due volte."
                  if king else "",
                  " The captured pieces are lifted only at the end, and none is jumped twice."
                  if king else "")
        mover_it, mover_en = movers_words(board, legal)
        # The gentle hint: who captures and how much; the second: where the first jump lands.
        first = legal[0]
        jumper_it, jumper_en = piece_words(board, first.start)
        victim_it, victim_en = piece_words(board, first.captures[0])
        example_it, example_en = (("Per esempio, ", "For instance, ") if len(legal) > 1
                                  else ("", ""))
        hints = ([f"Guarda {mover_it}: può prendere {pieces_n(n, 'it')}, uno dopo l'altro. "
                  + reminder[0],
                  f"{example_it}{jumper_it if example_it else cap(jumper_it)} salta prima "
                  f"{victim_it} e arriva in {first.path[1]}: da lì, dove salta ancora?"],
                 [f"Look at {mover_en}: it can take {pieces_n(n, 'en')}, one after the other. "
                  + reminder[1],
                  f"{example_en}{jumper_en if example_en else cap(jumper_en)} first jumps "
                  f"{victim_en} and lands on {first.path[1]}: from there, where does it jump "
                  "next?"])
        return puzzle(level, "capture", board, prompts[i % 3], rules, solutions=texts,
                      unique=len(legal) == 1, hints=hints,
                      explanation=(f"{cap(d_it)}: {pieces_n(n, 'it')} in una sola mossa. Dopo "
                                   "ogni salto, se si può mangiare ancora, si deve continuare."
                                   f"{lifted[0]}{more_it}",
                                   f"{cap(d_en)}: {pieces_n(n, 'en')} in one move. After each "
                                   "jump, if it can capture again, it must go on."
                                   f"{lifted[1]}{more_en}"))

    def count_puzzle(board: Board, level: int, i: int) -> dict:
        legal = board.legal_moves
        n = len(legal[0].captures)
        d_it, d_en = describe_capture(board, legal[0])
        prompts = [(f"{to_play(board)[0]} Deve mangiare. Quanti pezzi prende in tutto?",
                    f"{to_play(board)[1]} It must capture. How many pieces does it take in all?"),
                   (f"Quanti pezzi mangia {SIDE[board.turn][0]} con la sua presa?",
                    f"How many pieces does {SIDE[board.turn][1]} take with its capture?")]
        move = legal[0]
        mover_it, mover_en = piece_words(board, move.start)
        return puzzle(level, "count", board, prompts[i % 2], ["IT-C5", "IT-C1"],
                      measure="captured", answer=n,
                      hints=([f"Segui {mover_it} salto dopo salto, e conta i pezzi che salta.",
                              f"Comincia {joined('da', mover_it)}: il primo salto arriva in "
                              f"{move.path[1]}. E poi?"],
                             [f"Follow {mover_en} jump after jump, and count the pieces it "
                              "jumps.",
                              f"Start with {mover_en}: the first jump lands on {move.path[1]}. "
                              "And then?"]),
                      explanation=(f"{cap(d_it)}: {pieces_n(n, 'it')}. La presa continua "
                                   "finché si può.",
                                   f"{cap(d_en)}: {pieces_n(n, 'en')}. The capture goes on "
                                   "while it can."))

    def man_chain(board: Board, n: int, unique: bool = True) -> bool:
        legal = board.legal_moves
        if not legal or not legal[0].captures or len(legal[0].captures) != n:
            return False
        if unique and len(legal) != 1:
            return False
        if board.piece_at(legal[0].start).king or turned_down(board):
            return False
        key = str(legal[0])
        if key in seen:
            return False
        seen.add(key)
        return True

    def small(r: random.Random) -> Board | None:
        turn = r.choice((WHITE, BLACK))
        return it_small(r, turn, r.randint(1, 2) if turn == WHITE else r.randint(2, 4),
                        r.randint(2, 4) if turn == WHITE else r.randint(1, 2), 0, 0, 1, 5)

    # (a) two pieces in small positions; (c) three pieces
    out += pick(ctx, IT, ((b, None) for b in generated(rng, 20000, small)
                          if man_chain(b, 2) and plausible(b, 3) and check(b)), two_small,
                lambda b, _, i: chain_puzzle(b, 2, i))
    out += pick(ctx, IT, ((b, None) for b in generated(rng, 40000, small)
                          if man_chain(b, 3) and plausible(b, 4) and check(b)), three_small,
                lambda b, _, i: chain_puzzle(b, 4, i + 1))
    # (b) game positions: two pieces, three pieces (the list is made once a run)
    games = ctx.pool("multiple-capture.games", lambda: list(game_boards(ctx, IT, 31, (6, 90))))
    out += pick(ctx, IT, ((b, None) for b in games if check(b) and man_chain(b, 2)
                          and plausible(b, 1) and "K" not in b.fen()), two_games,
                lambda b, _, i: chain_puzzle(b, 3, i + 2))
    out += pick(ctx, IT, ((b, None) for b in games if check(b) and man_chain(b, 3)
                          and plausible(b, 2)), three_games,
                lambda b, _, i: chain_puzzle(b, 4, i))
    # (d) how many pieces? small and game positions
    out += pick(ctx, IT, ((b, None) for b in generated(rng, 20000, small)
                          if man_chain(b, 2, False) and plausible(b, 3) and check(b)),
                count_small, lambda b, _, i: count_puzzle(b, 2, i))
    out += pick(ctx, IT, ((b, None) for b in games if check(b) and (man_chain(b, 2, False)
                                                                    or man_chain(b, 3, False))
                          and plausible(b, 2)), count_games,
                lambda b, _, i: count_puzzle(b, 3 if len(b.legal_moves[0].captures) == 2
                                             else 4, i + 1))

    # (e) a king's long capture (IT-C6): small positions, one king against several men
    def king_small(r: random.Random) -> Board | None:
        turn = r.choice((WHITE, BLACK))
        king = "W" if turn == WHITE else "B"
        return scatter(r, IT, turn, [
            (king, 1, all_squares(IT)),
            ("b" if turn == WHITE else "w", r.randint(4, 6),
             men_rows(IT, OTHER[turn], 1, 5)),
            ("w" if turn == WHITE else "b", r.randint(1, 2), men_rows(IT, turn, 0, 3))])

    def king_chain(board: Board) -> bool:
        legal = board.legal_moves
        if not legal or len(legal[0].captures) < 3 or len(legal) > 2:
            return False
        if not board.piece_at(legal[0].start).king or str(legal[0]) in seen:
            return False
        seen.add(str(legal[0]))
        return plausible(board, 5)

    kings = ctx.pool("multiple-capture.kings",
                     lambda: [b for b in generated(rng, 30000, king_small) if king_chain(b)])
    out += pick(ctx, IT, ((b, None) for b in kings if check(b)), king_chains,
                lambda b, _, i: chain_puzzle(b, 5, i, reminder=(
                    "La dama mangia anche all'indietro, e un pezzo già saltato resta sulla "
                    "damiera fino alla fine della presa.",
                    "A king captures backwards too, and a piece already jumped stays on the "
                    "board until the capture is over.")))
    out += pick(ctx, IT, ((b, None) for b in kings[::-1] if check(b)), king_counts,
                lambda b, _, i: count_puzzle(b, 5, i))
    return out


def more_multiple(ctx: Context) -> list[dict]:
    """More chains: other small positions, other game positions, the king chains left."""
    return build_multiple(ctx, 313, two_small=5, three_small=0, two_games=7, three_games=3,
                          count_small=3, count_games=4, king_chains=2, king_counts=2,
                          check=real_enough, chains_seen="multiple-capture, more")
