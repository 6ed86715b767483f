"""int-* and br-*: international draughts (10x10) and Brazilian draughts (8x8): the majority
capture (INT-P1), the flying king (INT-C2, INT-M2), passing the back row (INT-K1)."""

from __future__ import annotations

import random
from typing import Callable

from damalib import Board, Move, get_variant

from authoring.puzzles.common import (BLACK, OTHER, WHITE, Context, Topic, all_squares, describe_capture, full_text,
                     game_boards, generated, join, men_rows, movers_words, n_pieces, pick_by_level,
                     pieces_n, plausible, puzzle, real_enough, rows_squares, scatter, symbols,
                     to_play, turned_down, victims_words, who_can_capture)
from authoring.puzzles.precedence import precedence_info


VARIANT_NAME = {"international": ("Dama internazionale (10x10)", "International draughts (10x10)"),
                "brazilian": ("Dama brasiliana (8x8)", "Brazilian draughts (8x8)")}


def more_or_first(ctx: Context, key: tuple, candidates: Callable[[], list[tuple[Board, int]]],
                  more: bool) -> list[tuple[Board, int]]:
    """The topic's candidates, made once a run: all for the first set; for the puzzles
    added after (``more``), those that are real_enough."""
    cands = ctx.pool(key, candidates)
    return [(b, lv) for b, lv in cands if real_enough(b)] if more else cands


def flying_rules(variant: str, *ids: str) -> list[str]:
    return list(ids) + (["BR-B1"] if variant == "brazilian" else [])


def build_majority(variant: str, want: int, more: bool = False
                   ) -> Callable[[Context], list[dict]]:
    def build(ctx: Context) -> list[dict]:
        def candidates() -> list[tuple[Board, int]]:
            cands: list[tuple[Board, int]] = []
            seen: set = set()
            for board in game_boards(ctx, variant, 1212 + len(variant)):
                if not board.must_capture():
                    continue
                legal, wrong = precedence_info(board)
                if not wrong or len(legal) > 2 or not plausible(board, 2):
                    continue
                key = tuple(str(m) for m in legal)
                if key in seen:
                    continue
                seen.add(key)
                n = len(legal[0].captures)
                backwards = any(_backwards(board, m) for m in legal)
                score = (n >= 3) + (len(wrong) >= 3) + backwards + (n_pieces(board) >= 20)
                cands.append((board, min(5, 2 + score)))
            return cands

        cands = more_or_first(ctx, ("majority", variant), candidates, more)

        def make(board: Board, level: int, i: int) -> dict:
            legal, wrong = precedence_info(board)
            texts = [board.move_text(m) for m in legal]
            n = len(legal[0].captures)
            loser = max(wrong, key=lambda w: len(w[0].captures))[0]
            name = VARIANT_NAME[variant]
            back = [m for m in legal if _backwards(board, m)]
            back_it = (" La pedina può mangiare anche all'indietro." if back else "")
            back_en = (" A man may capture backwards too." if back else "")
            free_it = (" Le due prese sono pari: si sceglie liberamente." if len(legal) > 1
                       else "")
            free_en = " Both captures are equal: the choice is free." if len(legal) > 1 else ""
            prompts = [(f"{name[0]}. {to_play(board)[0]} Si deve prendere il maggior numero di "
                        "pezzi: quale presa fa?",
                        f"{name[1]}. {to_play(board)[1]} You must take the most pieces: which "
                        "capture?"),
                       (f"{name[0]}. {to_play(board)[0]} Deve mangiare: trova la presa giusta.",
                        f"{name[1]}. {to_play(board)[1]} It must capture: find the right one.")]
            mover_it, mover_en = movers_words(board, legal)
            can_it, can_en = who_can_capture(board, legal + [m for m, _ in wrong])
            # Only where a king is taken is it worth saying that it counts as one piece.
            takes_king = any(board.piece_at(s).king for m in legal + [m for m, _ in wrong]
                             for s in m.captures)
            king_it, king_en = ((", e una dama presa conta come un pezzo solo",
                                 ", and a king taken counts as one piece") if takes_king
                                else ("", ""))
            hints = ([f"{can_it}: conta i pezzi presi da ogni presa. In questo gioco le pedine "
                      "mangiano anche all'indietro.",
                      f"Guarda {mover_it}: la presa giusta prende {pieces_n(n, 'it')}."],
                     [f"{can_en}: count the pieces each capture takes. In this game men capture "
                      "backwards too.",
                      f"Look at {mover_en}: the right capture takes {pieces_n(n, 'en')}."])
            return puzzle(level, "capture", board, prompts[i % 2],
                          flying_rules(variant, "INT-P1", "INT-C1"), solutions=texts,
                          unique=len(legal) == 1, hints=hints,
                          explanation=(f"{join(texts, 'it', True)} prende {pieces_n(n, 'it')}, "
                                       f"{full_text(loser)} solo {len(loser.captures)}: vince "
                                       f"la presa più grande{king_it}.{back_it}{free_it}",
                                       f"{join(texts, 'en', True)} takes {pieces_n(n, 'en')}, "
                                       f"{full_text(loser)} only {len(loser.captures)}: the "
                                       f"biggest capture wins{king_en}.{back_en}{free_en}"))

        quotas = {2: 2, 3: 3, 4: 3, 5: 2} if want == 10 else {2: 2, 3: 3, 4: 2, 5: 1}
        if more:
            quotas = {2: 1, 3: 1, 4: 1, 5: 1}
        return pick_by_level(ctx, variant, cands, quotas, lambda lv: lv, make)
    return build


def _backwards(board: Board, move: Move) -> bool:
    """Does a man's capture start with a jump backwards?"""
    piece = board.piece_at(move.start)
    if piece is None or piece.king:
        return False
    geo = board.variant.geometry
    down = geo.coords[move.path[1]][0] > geo.coords[move.path[0]][0]
    return down == (board.turn == WHITE)


def build_flying(variant: str, want: int, more: bool = False
                 ) -> Callable[[Context], list[dict]]:
    def build(ctx: Context) -> list[dict]:
        rng = random.Random(1313 + len(variant))

        def make_board(r: random.Random) -> Board | None:
            turn = r.choice((WHITE, BLACK))
            own, opp = symbols(turn)
            return scatter(r, variant, turn, [
                (own[0], 1, all_squares(variant)),
                (own[1], r.randint(1, 3), men_rows(variant, turn, 0, 3)),
                (opp[1], r.randint(2, 5), men_rows(variant, OTHER[turn], 0, 5)),
                (opp[0], r.randint(0, 1), all_squares(variant))])

        def candidates() -> list[tuple[Board, int]]:
            cands = []
            seen: set = set()
            for board in generated(rng, 20000, make_board):
                legal = board.legal_moves
                if not legal or not legal[0].captures or not 2 <= len(legal) <= 6:
                    continue
                if not all(board.piece_at(m.start).king for m in legal) or turned_down(board):
                    continue
                if not plausible(board, 4):
                    continue
                n = len(legal[0].captures)
                key = (n, len(legal))
                if (key, board.turn) in seen and len(cands) > 30:
                    continue
                seen.add((key, board.turn))
                level = 2 if n == 1 and len(legal) <= 3 else 3 if n == 1 else 4
                cands.append((board, level))
            return cands

        cands = more_or_first(ctx, ("flying-king", variant), candidates, more)

        def make(board: Board, level: int, i: int) -> dict:
            legal = board.legal_moves
            texts = [board.move_text(m) for m in legal]
            n = len(legal[0].captures)
            name = VARIANT_NAME[variant]
            start = legal[0].start
            prompts = [(f"{name[0]}. {to_play(board)[0]} La dama vola: trova tutte le prese "
                        "possibili.",
                        f"{name[1]}. {to_play(board)[1]} The king flies: find every possible "
                        "capture."),
                       (f"{name[0]}. {to_play(board)[0]} La dama in {start} deve mangiare. In "
                        "quali caselle può fermarsi? Scrivi tutte le prese.",
                        f"{name[1]}. {to_play(board)[1]} The king on {start} must capture. On "
                        "which squares can it stop? Write every capture.")]
            taken = sorted({c for m in legal for c in m.captures})
            vic_it, vic_en = victims_words(board, taken)
            # The pieces each capture takes: when the captures do not all take the same
            # ones, each set is named with its captures (never the union as if one took all).
            sets: dict[tuple[int, ...], list[str]] = {}
            for m, t in zip(legal, texts):
                sets.setdefault(tuple(sorted(m.captures)), []).append(t)
            named = [(victims_words(board, key), moves) for key, moves in sets.items()]
            if n > 1 and len(named) > 1:
                first_it, first_en = named[0][0]
                rest_it = "".join(f", oppure {w[0].split(' in ', 1)[0].replace('la ', 'quella ').replace('le ', 'quelle ')} in {w[0].split(' in ', 1)[1]}" for w, _ in named[1:])
                rest_en = "".join(f", or the {w[1].split(' on ', 1)[0].split()[-1]} on {w[1].split(' on ', 1)[1]}" for w, _ in named[1:])
                beyond = (f"può prendere {first_it}{rest_it}; dopo l'ultimo pezzo preso",
                          f"it can take {first_en}{rest_en}; beyond the last one")
            elif n > 1:
                beyond = (f"prende {vic_it}, e dopo l'ultimo pezzo preso",
                          f"it takes {vic_en}, and beyond the last one")
            elif len(taken) > 1:
                beyond = (f"dopo il pezzo preso (in {join(taken, 'it', True)})",
                          f"beyond the piece it takes (on {join(taken, 'en', True)})")
            else:
                beyond = f"dopo {vic_it}", f"beyond {vic_en}"
            if len(named) > 1:
                takes_it = "; ".join(f"con {join(moves, 'it', True)} prende {w[0]}"
                                     for w, moves in named)
                takes_en = "; ".join(f"with {join(moves, 'en', True)} it takes {w[1]}"
                                     for w, moves in named)
                told_it = (f"La dama prende {pieces_n(n, 'it')} in ogni presa: {takes_it}. "
                           f"Vanno bene tutte: prendono lo stesso numero di pezzi.")
                told_en = (f"The king takes {pieces_n(n, 'en')} in every capture: {takes_en}. "
                           f"All are right: they take as many pieces.")
            else:
                told_it = (f"La dama prende {vic_it} ({pieces_n(n, 'it')} per presa) e può "
                           f"fermarsi in più caselle: {join(texts, 'it')}. Vanno bene tutte: "
                           "prendono lo stesso numero di pezzi.")
                told_en = (f"The king takes {vic_en} ({pieces_n(n, 'en')} each time) and can "
                           f"stop on several squares: {join(texts, 'en')}. All are right: they "
                           "take as many pieces.")
            more_it = " Se dopo il salto può mangiare ancora, deve continuare." if n > 1 else ""
            more_en = " If it can capture again after the jump, it must go on." if n > 1 else ""
            return puzzle(level, "all-captures", board, prompts[i % 2],
                          flying_rules(variant, "INT-C2", "INT-M2", "INT-P1"), solutions=texts,
                          hints=([f"La dama in {start} vola: {beyond[0]} può fermarsi in "
                                  "qualunque casella libera." + more_it,
                                  f"La dama in {start} ha {len(texts)} prese, e ognuna prende "
                                  f"{pieces_n(n, 'it')}: trovale tutte."],
                                 [f"The king on {start} flies: {beyond[1]} it may stop on any "
                                  "empty square." + more_en,
                                  f"The king on {start} has {len(texts)} captures, and each "
                                  f"takes {pieces_n(n, 'en')}: find them all."]),
                          explanation=(told_it, told_en))

        quotas = {2: 3, 3: 3, 4: 2} if want == 8 else {2: 2, 3: 2, 4: 2}
        if more:
            quotas = {2: 1, 3: 1, 4: 1}
        return pick_by_level(ctx, variant, cands, quotas, lambda lv: lv, make)
    return build


def build_back_row(variant: str, want: int, more: bool = False
                   ) -> Callable[[Context], list[dict]]:
    def build(ctx: Context) -> list[dict]:
        rng = random.Random(1414 + len(variant))
        size = get_variant(variant).size

        def far_row(turn: str) -> set[int]:
            return set(rows_squares(variant, [0] if turn == WHITE else [size - 1]))

        def make_board(r: random.Random) -> Board | None:
            turn = r.choice((WHITE, BLACK))
            own, opp = (side[1] for side in symbols(turn))
            return scatter(r, variant, turn, [
                (own, 1, men_rows(variant, turn, size - 4, size - 2)),
                (own, r.randint(1, 3), men_rows(variant, turn, 0, 3)),
                (opp, r.randint(3, 6), men_rows(variant, OTHER[turn], 0, 3))])

        def passing(board: Board, move: Move) -> int | None:
            inner = [s for s in move.path[1:-1] if s in far_row(board.turn)]
            piece = board.piece_at(move.start)
            if not inner or piece.king or move.end in far_row(board.turn):
                return None
            return inner[0]

        def candidates() -> list[tuple[Board, int]]:
            cands = []
            for board in generated(rng, 40000, make_board):
                legal = board.legal_moves
                if not legal or not legal[0].captures or len(legal) > 2:
                    continue
                if not all(passing(board, m) for m in legal) or not plausible(board, 4):
                    continue
                n = len(legal[0].captures)
                cands.append((board, 3 if n <= 2 else 4 if n == 3 else 5))
            return cands

        cands = more_or_first(ctx, ("back-row", variant), candidates, more)

        def make(board: Board, level: int, i: int) -> dict:
            legal = board.legal_moves
            move = legal[0]
            texts = [board.move_text(m) for m in legal]
            over = passing(board, move)
            name = VARIANT_NAME[variant]
            d_it, d_en = describe_capture(board, move)
            prompts = [(f"{name[0]}. {to_play(board)[0]} Deve mangiare: dove finisce la presa?",
                        f"{name[1]}. {to_play(board)[1]} It must capture: where does the capture "
                        "end?"),
                       (f"{name[0]}. {to_play(board)[0]} La pedina arriva in fondo mangiando... "
                        "ma si ferma lì? Fai la presa sulla damiera.",
                        f"{name[1]}. {to_play(board)[1]} The man reaches the far row while "
                        "capturing... but does it stop there? Make the capture on the board.")]
            return puzzle(level, "capture", board, prompts[i % 2],
                          flying_rules(variant, "INT-K1", "INT-C1", "INT-P1"), solutions=texts,
                          unique=len(legal) == 1,
                          hints=([f"Deve mangiare la pedina in {move.start}: se arriva "
                                  "sull'ultima riga e da lì può mangiare ancora, deve "
                                  "continuare.",
                                  f"Guarda la pedina in {move.start}: passa sull'ultima riga in "
                                  f"{over}. E poi, può mangiare ancora?"],
                                 [f"The man on {move.start} must capture: if it reaches the far "
                                  "row and can capture again from there, it must go on.",
                                  f"Look at the man on {move.start}: it passes the far row on "
                                  f"{over}. And then, can it capture again?"]),
                          explanation=(f"{d_it[0].upper() + d_it[1:]}. Passa sull'ultima riga in "
                                       f"{over}, ma la presa continua: la pedina non si ferma e "
                                       "resta una pedina, perché diventa dama solo se finisce la "
                                       "mossa sull'ultima riga.",
                                       f"{d_en[0].upper() + d_en[1:]}. It passes the far row on "
                                       f"{over}, but the capture goes on: the man does not stop "
                                       "and stays a man, because it is crowned only if it ends "
                                       "its move on the far row."))

        quotas = {3: 1, 4: 1, 5: 1} if more else {3: 3, 4: 2, 5: 1}
        return pick_by_level(ctx, variant, cands, quotas, lambda lv: lv, make)
    return build


#: The three topics of each variant: (topic, file, id prefix, title, builder).
VARIANT_TOPICS = (
    ("majority", "01-majority", "maj", ("la presa maggiore", "the majority capture"),
     build_majority),
    ("flying-king", "02-flying-king", "fly", ("la dama volante", "the flying king"),
     build_flying),
    ("back-row", "03-back-row", "row", ("passare sull'ultima riga", "passing the back row"),
     build_back_row),
)
GAME_NAME = {"international": ("Dama internazionale", "International draughts"),
             "brazilian": ("Dama brasiliana", "Brazilian draughts")}


def variant_topics(variant: str, short: str, wants: tuple[int, int, int],
                   rules: tuple[str, str, str]) -> list[Topic]:
    """The majority, flying king and back row topics of ``variant`` (files and ids begin with
    ``short``), with how many puzzles each first set has and the rules its header names."""
    name_it, name_en = GAME_NAME[variant]
    return [Topic(f"{short}-{file}.toml", variant, topic, f"{short}-{prefix}",
                  (f"{name_it}: {title_it}", f"{name_en}: {title_en}"), rule,
                  build(variant, want), build(variant, want, more=True))
            for (topic, file, prefix, (title_it, title_en), build), want, rule
            in zip(VARIANT_TOPICS, wants, rules)]
