"""it-14-tactics, it-16-exchange, it-17-king-shot: the Italian combinations, all found in
the simulated games; those added after it-14's first set are kept only when they look like
play (``looks_like_play``).

* *il tiro* (the shot): give one piece or two, then take more;
* *il cambio vantaggioso* (the good exchange): the simplest shot, give one and take two
  (the lessons' *cambio* gives one and takes one);
* *il colpo di dama*: a sacrifice that opens the way to the far row, to make a king.

Each defender reply in the line is its only legal move, a capture (IT-C1); the solver proves
that the first move is the only one that wins material (for the colpo di dama: the only one
that makes a king within the line, and, a king counting two men, the only one that wins
material); for the shots a small search of our own checks it again."""

from __future__ import annotations

import random

from damalib import Board, Move
from damalib.solver import accepted_moves as solver_accepted_moves

from dama.core.content.phrasing import line_text
from authoring.puzzles.common import (BLACK, IT, OF_SIDE, OTHER, SIDE, WHITE, Context, cap, final_material,
                     game_boards, group_words, joined, line_material, looks_like_play,
                     material, n_pieces, next_squares, number_words, pick_by_level,
                     piece_words, pieces_n, play_games, promotes, puzzle, to_play)


def balance(board: Board, side: str) -> int:
    """Pieces of ``side`` minus the opponent's (kings count one, as for the solver)."""
    return sum(1 if p.colour == side else -1 for p in board.pieces().values())


def forced_lines(board: Board, plies: int) -> list[list[Move]]:
    """Lines of ``plies`` plies (odd) from a quiet position: the attacker's moves, each
    defender reply the only legal move and a capture, ending with an attacker capture after
    which the defender has no capture pending."""
    out: list[list[Move]] = []

    def walk(line: list[Move], left: int) -> None:
        if left == 1:
            for move in board.legal_moves:
                if not move.captures:
                    continue
                board.push(move)
                replies = board.legal_moves
                if replies and not replies[0].captures:
                    out.append(line + [move])
                board.pop()
            return
        for move in board.legal_moves:
            if not line and move.captures:
                continue
            board.push(move)
            replies = board.legal_moves
            if len(replies) == 1 and replies[0].captures:
                board.push(replies[0])
                walk(line + [move, replies[0]], left - 2)
                board.pop()
            board.pop()

    if not board.must_capture():
        walk([], plies)
    return out


def has_forced_line(board: Board, plies: int) -> bool:
    """Whether :func:`forced_lines` finds anything, asked cheaply: on the move generator's
    bit boards, with no moves made on ``board``. Most positions have no forced line, so the
    searches for shots ask this first."""
    gen = board.movegen

    def after(state: tuple, record) -> tuple:
        return (*gen.apply(*state, record), not state[4])

    def walk(state: tuple, left: int, first: bool) -> bool:
        records = gen.legal(*state)
        if left == 1:
            for record in records:
                if record[1]:
                    replies = gen.legal(*after(state, record))
                    if replies and not replies[0][1]:
                        return True
            return False
        for record in records:
            if first and record[1]:
                continue
            child = after(state, record)
            replies = gen.legal(*child)
            if len(replies) == 1 and replies[0][1] and walk(after(child, replies[0]),
                                                             left - 2, False):
                return True
        return False

    return not board.must_capture() and walk(board.relative(), plies, True)


def minimax_gain(board: Board, side: str, depth: int, start: int,
                 alpha: int = -999, beta: int = 999) -> int:
    """Our own small check of a material goal: the balance change for ``side`` after
    ``depth`` plies of best play by both, continued while captures are pending."""
    legal = board.legal_moves
    if not legal:
        return 99 if board.turn != side else -99
    if depth <= 0 and not legal[0].captures:
        return balance(board, side) - start
    maximising = board.turn == side
    best = -999 if maximising else 999
    for move in legal:
        board.push(move)
        value = minimax_gain(board, side, depth - 1, start, alpha, beta)
        board.pop()
        if maximising:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


# == Italian topics =============================================================================


def tiro(board: Board, found: dict[int, list[list[Move]]] | None = None
         ) -> tuple[int, list[list[Move]], int] | None:
    """(plies, forced lines, gain) of a shot: the one first move that wins material within
    3 or 5 plies (proved by the solver), with forced replies. None otherwise. ``found``: the
    forced lines by plies, when already known."""
    side = board.turn
    start = balance(board, side)
    for plies in (3, 5):
        lines = found[plies] if found is not None else forced_lines(board, plies)
        if not lines:
            continue
        good = []
        for line in lines:
            for m in line:
                board.push(m)
            gain = balance(board, side) - start
            for _ in line:
                board.pop()
            if gain >= 1:
                good.append((line, gain))
        if not good:
            continue
        if solver_accepted_moves(board, "material", plies - 2):
            return None  # a shorter win of material: not this lesson
        accepted = solver_accepted_moves(board, "material", plies)
        firsts = {line[0] for line, _ in good}
        if len(accepted) != 1 or set(accepted) != firsts:
            return None
        # Our own check: only this first move gains, looking ``plies`` deep plus captures.
        for move in board.legal_moves:
            board.push(move)
            value = minimax_gain(board, side, plies - 1, start)
            board.pop()
            if (value >= 1) != (move in firsts):
                return None
        return plies, [line for line, _ in good], min(g for _, g in good)
    return None


def shot_target_hint(board: Board, line: list[Move]) -> tuple[str, str]:
    """The gentle hint of a shot: what it wins (the defender's pieces that wait, unmoved, to
    be taken), or else the defender's piece that is forced to capture and is taken after."""
    defender = line[1::2]
    moved = {m.start for m in defender} | {m.end for m in defender}
    taken = [s for m in line[2::2] for s in m.captures]
    waiting = [s for s in taken if s not in moved and board.piece_at(s) is not None]
    taker_it, taker_en = piece_words(board, defender[0].start, coloured=True)
    gift_it, gift_en, them_it, them_en = gift_words(line)
    if waiting:
        words_it, words_en = group_words(board, waiting)
        # "Also" when the piece that takes the gift is won back too.
        also_it, also_en = ("anche ", " as well") if len(waiting) < len(taken) else ("", "")
        return (f"Se regali {gift_it}, {taker_it} dovrà mangiar{them_it}; poi tocca a te, e "
                f"potrai prendere {also_it}{words_it}.",
                f"If you give {gift_en} away, {taker_en} will have to take {them_en}; then it "
                f"is your turn, and you can take {words_en}{also_en}.")
    return (f"Se regali {gift_it}, {taker_it} dovrà mangiar{them_it}: e dove andrà a finire?",
            f"If you give {gift_en} away, {taker_en} will have to take {them_en}: and where "
            "will it end up?")


def gift_words(line: list[Move]) -> tuple[str, str, str, str]:
    """What the side gives at first, the pieces the defender's forced reply takes, and the
    pronoun for them: ("un pezzo", "a piece", "lo", "it") or ("2 pezzi", "2 pieces", "li",
    "them")."""
    n = len(line[1].captures)
    return ("un pezzo", "a piece", "lo", "it") if n == 1 else (f"{n} pezzi", f"{n} pieces",
                                                               "li", "them")


def tiro_puzzle(board: Board, shot: tuple[int, list[list[Move]], int], level: int,
                i: int) -> dict:
    """A shot (il tiro) as a puzzle: ``shot`` is what :func:`tiro` found."""
    plies, lines, gain = shot
    texts = [line_text(board, line) for line in lines]
    main = lines[0]
    b = board.copy()
    b.push(main[0])
    reply = b.move_text(main[1])
    b.push(main[1])
    promoted = False
    for m in main[2:]:
        promoted = promoted or promotes(b, m)
        b.push(m)
    side, other = SIDE[board.turn], SIDE[OTHER[board.turn]]
    last = texts[0].split()[-1]
    n_last = len(main[-1].captures)
    rules = ["IT-C1", "IT-C5"] + (["IT-K1"] if promoted else [])
    p_it, p_en = to_play(board)
    gift_it, gift_en, them_it, them_en = gift_words(main)
    prompts = [(f"{p_it} Trova il tiro: sacrifica {gift_it} e poi mangiane di più.",
                f"{p_en} Find the shot: give up {gift_en}, then take more."),
               (f"{p_it} Con un tiro {side[0]} vince del materiale. Gioca tutta la "
                "combinazione.",
                f"{p_en} With a shot {side[1]} wins material. Play the whole combination."),
               (f"{p_it} Regala {gift_it} all'avversario: dovrà mangiar{them_it}, e poi "
                "tocca a te!",
                f"{p_en} Give the opponent {gift_en}: it will have to take {them_en}, and "
                "then it is your turn!")]
    king_it = " e fa dama" if promoted else ""
    king_en = " and makes a king" if promoted else ""
    # Every number comes from the line as the engine plays it: what is given, what is
    # taken, what that wins, and who is ahead at the end (not the same thing: a side that
    # was behind may only draw level).
    counted = line_material(board, main)
    gave_it, gave_en = pieces_n(counted["gave"], "it"), pieces_n(counted["gave"], "en")
    took_it, took_en = number_words(counted["took"])
    gain_it, gain_en = pieces_n(counted["gain"], "it"), pieces_n(counted["gain"], "en")
    final_it, final_en = final_material(board, main)
    if plies == 3:
        it = (f"Con {texts[0].split()[0]} {side[0]} offre {gift_it}: {other[0]} deve "
              f"mangiare ({reply}: mangiare è obbligatorio) e poi {last} prende "
              f"{pieces_n(n_last, 'it')}{king_it}. {cap(side[0])} dà {gave_it} e ne prende "
              f"{took_it}: guadagna {gain_it}. {final_it}")
        en = (f"With {texts[0].split()[0]} {side[1]} offers {gift_en}: {other[1]} must take "
              f"{them_en} ({reply}: capturing is compulsory) and then {last} takes "
              f"{pieces_n(n_last, 'en')}{king_en}. {side[1]} gives {gave_en} and takes "
              f"{took_en}: it wins {gain_en}. {final_en}")
    else:
        it = (f"Un tiro in due tempi: {texts[0]}. Ogni presa {OF_SIDE[OTHER[board.turn]]} "
              f"è obbligata, perché mangiare è obbligatorio: {side[0]} dà {gave_it} e ne "
              f"prende {took_it}{king_it}, e guadagna {gain_it}. {final_it}")
        en = (f"A shot in two steps: {texts[0]}. Each of {other[1]}'s captures is forced, "
              f"because capturing is compulsory: {side[1]} gives {gave_en} and takes "
              f"{took_en}{king_en}, and wins {gain_en}. {final_en}")
    mover_it, mover_en = piece_words(board, main[0].start)
    target = shot_target_hint(board, main)
    then_it, then_en = follow_up(board, main)
    hints = ([target[0],
              f"Comincia con {mover_it}: dopo la risposta obbligata, {reply}, tocca "
              f"{joined('a', then_it)}. Fin dove arriva?"],
             [target[1],
              f"Start with {mover_en}: after the forced answer, {reply}, it is up to "
              f"{then_en}. How far does it go?"])
    return puzzle(level, "move", board, prompts[i % 3], rules, solutions=texts,
                  goal="material", plies=plies, unique=True, hints=hints,
                  explanation=(it, en))


def shot_level(board: Board, plies: int, gain: int) -> int:
    """How hard a shot is: two steps or a big win are harder, and so are crowded boards."""
    if plies == 5:
        return 5 if gain >= 2 or n_pieces(board) >= 16 else 4
    if gain >= 2:
        return 4
    return 2 if n_pieces(board) <= 14 else 3


class ForcedLines(dict):
    """The forced lines of a position by plies (see :func:`forced_lines`), each searched the
    first time it is asked for."""

    def __init__(self, board: Board) -> None:
        super().__init__()
        self.board = board

    def __missing__(self, plies: int) -> list[list[Move]]:
        lines = forced_lines(self.board, plies) if has_forced_line(self.board, plies) else []
        self[plies] = lines
        return lines


def king_shot(board: Board, found: dict[int, list[list[Move]]]
              ) -> tuple[int, list[list[Move]]] | None:
    """(plies, lines) of a colpo di dama, from the forced lines ``found`` (by plies): lines
    of 3 or 5 plies in which one of the side's men reaches the far row, from the one first
    move that makes a king within those plies whatever the defence (and not sooner), the
    only one too that wins material when a king counts two men. None otherwise."""
    side = board.turn
    for plies in (3, 5):
        crowned = []
        for line in found[plies]:
            b = board.copy()
            made = False
            for m in line:
                made = made or (b.turn == side and promotes(b, m))
                b.push(m)
            if made:
                crowned.append(line)
        if not crowned:
            continue
        firsts = {line[0] for line in crowned}
        if len(firsts) != 1 or solver_accepted_moves(board, "promote", plies - 2):
            return None
        if set(solver_accepted_moves(board, "promote", plies)) != firsts:
            return None
        if set(solver_accepted_moves(board, "material", plies, king_value=2)) != firsts:
            return None
        return plies, crowned
    return None


def is_exchange(shot: tuple[int, list[list[Move]], int]) -> bool:
    """Give one, take two: three plies, the defender takes one piece, the side two."""
    plies, lines, gain = shot
    main = lines[0]
    return plies == 3 and gain == 1 and len(main[1].captures) == 1 and len(main[2].captures) == 2


def combinations(ctx: Context) -> dict[str, list]:
    """The combinations of the simulated games: ``"shots"``, what :func:`tiro` finds, as
    (board, level, shot) in the order it-14's first set takes them; ``"kings"``, where it
    finds none, the colpo di dama of :func:`king_shot` as (board, lines), only in positions
    that look like play. Each combination once (by its line)."""
    def scan() -> dict[str, list]:
        shots: list[tuple[Board, int, tuple]] = []
        kings: list[tuple[Board, tuple]] = []
        seen: set = set()
        for board in game_boards(ctx, IT, 1111, (6, 120)):
            mat = material(board)
            if mat[WHITE][1] + mat[BLACK][1] > 1 or n_pieces(board) < 9:
                continue
            if abs((mat[WHITE][0] + mat[WHITE][1]) - (mat[BLACK][0] + mat[BLACK][1])) > 1:
                continue
            if board.must_capture() or not ctx.free(IT, board.fen()):
                continue
            lines = ForcedLines(board)
            if not lines[3] and not lines[5]:
                continue
            result = tiro(board, lines)
            if result is not None:
                key = tuple(str(m) for m in result[1][0])
                if key not in seen and len(shots) < 400:
                    seen.add(key)
                    shots.append((board, shot_level(board, result[0], result[2]), result))
                continue
            if not looks_like_play(board, 1):
                continue
            crowning = king_shot(board, lines)
            if crowning is not None:
                key = side_moves(crowning[1][0])
                if key not in seen:
                    seen.add(key)
                    kings.append((board, crowning))
        return {"shots": shots, "kings": kings}
    return ctx.pool("tactics.combinations", scan)  # type: ignore[return-value]


def build_tactics(ctx: Context) -> list[dict]:
    found = combinations(ctx)["shots"]
    shot_of = {id(b): r for b, _, r in found}
    return pick_by_level(ctx, IT, [(b, lv) for b, lv, _ in found],
                         {2: 6, 3: 10, 4: 8, 5: 6}, lambda lv: lv,
                         lambda b, lv, i: tiro_puzzle(b, shot_of[id(b)], lv, i))


def side_moves(line: list[Move]) -> tuple[str, ...]:
    """The side's own moves in a line: two positions a few moves apart in one game often
    hold the same combination, with other replies."""
    return tuple(str(m) for m in line[::2])


def new_shots(ctx: Context, exchanges: bool) -> list[tuple[Board, int, tuple]]:
    """The shots it-14's first set left, that look like play: the exchanges (give one, take
    two) or the others; a combination already shown (the same moves of the side) once."""
    shots = combinations(ctx)["shots"]
    shown = {side_moves(r[1][0]) for b, _, r in shots if not ctx.free(IT, b.fen())}
    out = []
    for b, lv, r in shots:
        key = side_moves(r[1][0])
        if is_exchange(r) == exchanges and key not in shown and ctx.free(IT, b.fen()) \
                and looks_like_play(b, 1):
            shown.add(key)
            out.append((b, lv, r))
    return out


def more_tactics(ctx: Context) -> list[dict]:
    """More shots for it-14 (the exchanges have their own file)."""
    found = new_shots(ctx, exchanges=False)
    shot_of = {id(b): r for b, _, r in found}
    return pick_by_level(ctx, IT, [(b, lv) for b, lv, _ in found],
                         {4: 5, 5: 5}, lambda lv: lv,
                         lambda b, lv, i: tiro_puzzle(b, shot_of[id(b)], lv, i))


def follow_up(board: Board, line: list[Move]) -> tuple[str, str]:
    """The piece that answers the forced reply (the line's third move), named where it
    stands then."""
    after = board.copy()
    after.push(line[0])
    after.push(line[1])
    return piece_words(after, line[2].start)


def reply_text(board: Board, line: list[Move]) -> str:
    """The defender's forced first reply, as written."""
    after = board.copy()
    after.push(line[0])
    return after.move_text(line[1])


def build_exchanges(ctx: Context) -> list[dict]:
    """it-16: give one, take two."""
    found = [(b, r) for b, _, r in new_shots(ctx, exchanges=True)]

    def level(board: Board) -> int:
        pieces = n_pieces(board)
        return 1 if pieces <= 12 else 2 if pieces <= 17 else 3

    def make(board: Board, lv: int, i: int) -> dict:
        _, lines, _ = next(r for b, r in found if b is board)
        main = lines[0]
        texts = [line_text(board, line) for line in lines]
        first, reply, take = texts[0].split()
        side, other = SIDE[board.turn], SIDE[OTHER[board.turn]]
        p_it, p_en = to_play(board)
        mover_it, mover_en = piece_words(board, main[0].start)
        target = shot_target_hint(board, main)
        then_it, then_en = follow_up(board, main)
        final_it, final_en = final_material(board, main)
        prompts = [(f"{p_it} Fai un cambio vantaggioso: dai un pezzo e prendine due.",
                    f"{p_en} Make a good exchange: give one piece and take two."),
                   (f"{p_it} Regala una pedina: l'avversario deve mangiarla, e poi tu ne mangi "
                    "due!",
                    f"{p_en} Give a man away: the opponent must take it, and then you take "
                    "two!"),
                   (f"{p_it} Trova il cambio che fa guadagnare un pezzo: uno per due.",
                    f"{p_en} Find the exchange that wins a piece: one for two.")]
        return puzzle(lv, "move", board, prompts[i % 3], ["IT-C1", "IT-C5"], solutions=texts,
                      goal="material", plies=3, unique=True,
                      hints=([target[0], f"Comincia con {mover_it}: dopo {reply}, {then_it} "
                                         "ne mangia due. Dove arriva?"],
                             [target[1], f"Start with {mover_en}: after {reply}, {then_en} "
                                         "takes two. Where does it land?"]),
                      explanation=(f"Con {first} {side[0]} offre un pezzo: {other[0]} deve "
                                   f"mangiare ({reply}: mangiare è obbligatorio) e poi {take} "
                                   f"ne prende due. {cap(side[0])} dà un pezzo e ne prende due: "
                                   f"guadagna un pezzo. {final_it}",
                                   f"With {first} {side[1]} offers a piece: {other[1]} must take "
                                   f"it ({reply}: capturing is compulsory) and then {take} takes "
                                   f"two. {side[1]} gives one piece and takes two: it wins a "
                                   f"piece. {final_en}"))

    return pick_by_level(ctx, IT, [(b, level(b)) for b, _ in found], {1: 8, 2: 10, 3: 7},
                         lambda lv: lv, make)


def build_king_shots(ctx: Context) -> list[dict]:
    """it-17: il colpo di dama, a sacrifice that takes a man to the far row."""
    found = combinations(ctx)["kings"]

    def level(board: Board, plies: int) -> int:
        if plies == 5:
            return 5
        return 3 if n_pieces(board) <= 14 else 4

    def make(board: Board, lv: int, i: int) -> dict:
        plies, lines = next(r for b, r in found if b is board)
        main = lines[0]
        texts = [line_text(board, line) for line in lines]
        words = texts[0].split()
        side, other = SIDE[board.turn], SIDE[OTHER[board.turn]]
        p_it, p_en = to_play(board)
        reply = reply_text(board, main)
        mover_it, mover_en = piece_words(board, main[0].start)
        # The man that is crowned, named by the square it starts from.
        start_of: dict[int, int] = {}
        for m in main[::2]:
            start_of[m.end] = start_of.pop(m.start, m.start)
        last = main[-1]
        crowned_it, crowned_en = piece_words(board, start_of[last.end])
        then_it, then_en = follow_up(board, main)
        # What closes the way now: the enemy pieces in front of the crowned man.
        in_way = [s for s in next_squares(board, start_of[last.end], True)
                  if board.piece_at(s) is not None and board.piece_at(s).colour != board.turn]
        in_way = in_way or [s for m in main[2::2] for s in m.captures
                            if board.piece_at(s) is not None]
        in_way_it, in_way_en = group_words(board, in_way)
        close_it, close_en = ("la chiude", "closes") if len(in_way) == 1 else ("la chiudono",
                                                                               "close")
        rules = ["IT-C1", "IT-C7", "IT-K1"] + (["IT-C5"] if any(len(m.captures) > 1
                                                                 for m in main[2::2]) else [])
        moves = plies // 2 + 1
        prompts = [(f"{p_it} Trova il colpo di dama: con un sacrificio apri la strada, e una "
                    "tua pedina arriva in fondo.",
                    f"{p_en} Find the king shot: a sacrifice opens the way, and one of your "
                    "men reaches the far row."),
                   (f"{p_it} {cap(side[0])} fa dama in {moves} mosse, qualunque cosa faccia "
                    f"{other[0]}. Come?",
                    f"{p_en} {side[1]} makes a king in {moves} moves, whatever {other[1]} "
                    "does. How?")]
        if plies == 3:
            gift_it, gift_en, _, them_en = gift_words(main)
            it = (f"Con {words[0]} {side[0]} regala {gift_it}: {other[0]} deve mangiare ({reply}: "
                  f"mangiare è obbligatorio) e la strada si apre: con {words[2]} la pedina "
                  f"arriva in {last.end}, nell'ultima riga, e diventa dama. {cap(other[0])} non "
                  "può mangiare la nuova dama.")
            en = (f"With {words[0]} {side[1]} gives {gift_en} away: {other[1]} must take "
                  f"{them_en} ({reply}: capturing is compulsory) and the way opens: with "
                  f"{words[2]} the man reaches {last.end}, on the far row, and becomes a king. "
                  f"{other[1]} cannot take the new king.")
        else:
            it = (f"Un colpo di dama in due tempi: {texts[0]}. Ogni presa "
                  f"{OF_SIDE[OTHER[board.turn]]} è obbligata, e alla fine la pedina arriva in "
                  f"fondo e fa dama. {cap(other[0])} non può mangiare la nuova dama.")
            en = (f"A king shot in two steps: {texts[0]}. Each of {other[1]}'s captures is "
                  f"forced, and in the end the man reaches the far row and makes a king. "
                  f"{other[1]} cannot take the new king.")
        return puzzle(lv, "move", board, prompts[i % 2], rules, solutions=texts,
                      goal="promote", plies=plies, unique=True,
                      hints=([f"In {moves} mosse {crowned_it} potrebbe arrivare in fondo e "
                              f"fare dama in {last.end}, se qualcuno le aprisse la strada: ora "
                              f"{close_it} {in_way_it}. Un regalo può aprirla.",
                              f"Comincia con {mover_it}: dopo {reply}, la risposta obbligata, "
                              f"tocca {joined('a', then_it)}. Fin dove arriva?"],
                             [f"In {moves} moves {crowned_en} could reach the far row and be "
                              f"crowned on {last.end}, if someone opened the way for it: now "
                              f"{in_way_en} {close_en} it. A gift can open it.",
                              f"Start with {mover_en}: after {reply}, the forced answer, it is "
                              f"up to {then_en}. How far does it go?"]),
                      explanation=(it, en))

    return pick_by_level(ctx, IT, [(b, level(b, r[0])) for b, r in found],
                         {3: 9, 4: 9, 5: 7}, lambda lv: lv, make)


# -- shots added later: more games ----------------------------------------------------------

#: The games played for the shots added once it-14 was published: (how many, seed, most
#: plies), other games than those of the first sets.
MORE_GAMES = (1200, 29, 150)
#: How many shots they give it-14, at most.
MORE_SHOTS = 45


#: Games played once those were used up: (how many, seed, most plies), and the most shots
#: they give.
LATEST_GAMES = (1500, 31, 150)
LATEST_SHOTS = 30


def later_tactics(ctx: Context) -> list[dict]:
    """More shots for it-14 in the order they were added: from :data:`MORE_GAMES`, then
    from :data:`LATEST_GAMES` (see :func:`shots_from_games`); numbered after every other id."""
    shown = {side_moves(r[1][0]) for _, _, r in combinations(ctx)["shots"]}
    out = shots_from_games(ctx, MORE_GAMES, MORE_SHOTS, shown)
    return out + shots_from_games(ctx, LATEST_GAMES, LATEST_SHOTS, shown)


def shots_from_games(ctx: Context, played: tuple[int, int, int], most: int,
                     shown: set) -> list[dict]:
    """At most ``most`` shots from the games ``played`` (how many, seed, most plies):
    positions that look like play, a combination not ``shown`` already (by the side's
    moves, updated), not a give-one-take-two exchange (it-16's), each hint said once in the
    collection."""
    games, seed, plies = played
    fens = sorted({fen for fen, ply in play_games(IT, games, seed, plies) if 6 <= ply <= 120})
    random.Random(seed).shuffle(fens)
    out: list[dict] = []
    for fen in fens:
        if len(out) >= most:
            break
        board = Board(fen)
        mat = material(board)
        if mat[WHITE][1] + mat[BLACK][1] > 1 or n_pieces(board) < 9 or board.must_capture():
            continue
        if abs(sum(mat[WHITE]) - sum(mat[BLACK])) > 1 or not ctx.free(IT, fen):
            continue
        lines = ForcedLines(board)
        if not lines[3] and not lines[5]:
            continue
        shot = tiro(board, lines)
        if shot is None or is_exchange(shot) or side_moves(shot[1][0]) in shown \
                or not looks_like_play(board, 1):
            continue
        made = tiro_puzzle(board, shot, shot_level(board, shot[0], shot[2]), len(out))
        if not ctx.say_hints(made):
            continue
        shown.add(side_moves(shot[1][0]))
        ctx.take(IT, fen)
        out.append(made)
    return out
