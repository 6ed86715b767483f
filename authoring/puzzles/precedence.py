"""it-06 to it-10: which capture you must choose. The quantity (IT-P1), the king (IT-P2),
the quality (IT-P3) and the order (IT-P4) rules each turn a capture down; what is still equal
is free choice (IT-P5)."""

from __future__ import annotations

import random
from typing import Callable

from damalib import Board, Move, get_variant

from authoring.puzzles.common import (BLACK, IT, OTHER, WHITE, Context, all_squares, any_position, cap, full_text,
                     game_boards, generated, group_words, it_mixed, join, joined, material,
                     men_rows, movers_words, n_pieces, pick, pick_by_level, piece_words, pieces_n,
                     plausible, puzzle, real_enough, rows_squares, rule_words, scatter, symbols,
                     to_play, turned_down, who_can_capture)


def precedence_info(board: Board) -> tuple[list[Move], list[tuple[Move, str]]]:
    legal = [m for m in board.legal_moves if m.captures]
    return legal, turned_down(board) if legal else []


def kings_taken(board: Board, move: Move) -> int:
    return sum(1 for s in move.captures if board.piece_at(s).king)


def first_king(board: Board, move: Move) -> int:
    return next(i + 1 for i, s in enumerate(move.captures) if board.piece_at(s).king)


def precedence_explanation(board: Board, rule: str, legal: list[Move],
                           wrong: list[tuple[Move, str]]) -> tuple[str, str]:
    best = legal[0]
    texts = [board.move_text(m) for m in legal]
    best_it, best_en = join(texts, "it", True), join(texts, "en", True)
    loser = next(m for m, r in wrong if r == rule)
    lt = full_text(loser) if len(loser.captures) > 1 else str(loser)
    n, m = len(best.captures), len(loser.captures)
    if rule == "IT-P1":
        it = (f"{best_it} prende {pieces_n(n, 'it')}, mentre {lt} ne prenderebbe solo "
              f"{m}: si deve sempre prendere il maggior numero di pezzi (la regola della "
              "quantità).")
        en = (f"{best_en} takes {pieces_n(n, 'en')}, while {lt} would take only {m}: you must "
              f"always take the greatest number of pieces (the quantity rule).")
    elif rule == "IT-P2":
        # Three ways to say it, from this position's pieces: a lesson's exercises read one
        # after another do not all open with the same sentence.
        king_it, king_en = piece_words(board, best.start)
        man_it, man_en = piece_words(board, loser.start)
        what_it, what_en = pieces_n(n, "it"), pieces_n(n, "en")
        variant = sum(best.path) % 3
        if variant == 0:
            it = (f"Con {best_it} {king_it} prende {what_it}, e con {lt} anche {man_it} "
                  f"prenderebbe {what_it}. A parità di pezzi mangia la dama (la regola della "
                  f"dama): quindi {best_it}.")
            en = (f"With {best_en} {king_en} takes {what_en}, and with {lt} {man_en} would "
                  f"take {what_en} too. When the counts are equal the king captures (the king "
                  f"rule): so {best_en}.")
        elif variant == 1:
            it = (f"{cap(man_it)} potrebbe mangiare con {lt}, ma anche {king_it} può "
                  f"mangiare, con {best_it}, e ognuna prende {what_it}: quando i pezzi sono "
                  f"pari si mangia con la dama (la regola della dama).")
            en = (f"{cap(man_en)} could capture with {lt}, but {king_en} can capture too, with "
                  f"{best_en}, and each takes {what_en}: when the counts are equal you capture "
                  f"with the king (the king rule).")
        else:
            it = (f"{cap(king_it)} e {man_it} prendono {what_it} ciascuna. A parità di pezzi "
                  f"deve mangiare la dama (la regola della dama): {best_it} sì, {lt} no.")
            en = (f"{cap(king_en)} and {man_en} take {what_en} each. When the counts are equal "
                  f"the king must capture (the king rule): {best_en} yes, {lt} no.")
    elif rule == "IT-P3":
        k, k2 = kings_taken(board, best), kings_taken(board, loser)
        other_it = (f"{lt} non ne prende nessuna" if k2 == 0
                    else f"{lt} solo {pieces_n(k2, 'it', True)}")
        other_en = f"{lt} takes none" if k2 == 0 else f"{lt} only {pieces_n(k2, 'en', True)}"
        it = (f"Le prese della dama prendono {pieces_n(n, 'it')}, ma {best_it} prende "
              f"{pieces_n(k, 'it', True)}, mentre {other_it}: a parità si devono prendere più "
              "dame possibile (la regola della qualità).")
        en = (f"The king's captures take {pieces_n(n, 'en')}, but {best_en} takes "
              f"{pieces_n(k, 'en', True)}, while {other_en}: when they are equal you must take "
              "as many kings as possible (the quality rule).")
    elif rule == "IT-P4":
        j, j2 = first_king(board, best), first_king(board, loser)
        k = kings_taken(board, best)
        kings_it, kings_en = pieces_n(k, "it", True), pieces_n(k, "en", True)
        # The captures compared, named: the legal ones and the one the rule turns down.
        both_it = (f"Le {'due' if len(legal) == 1 else 'tre'} prese, "
                   f"{join(texts + [lt], 'it')},")
        both_en = (f"The {'two' if len(legal) == 1 else 'three'} captures, "
                   f"{join(texts + [lt], 'en')},")
        if j != j2:
            it = (f"{both_it} prendono {pieces_n(n, 'it')} e {kings_it} "
                  f"ciascuna; ma con {best_it} la prima dama è presa al {ORDINAL_M[j][0]} "
                  f"salto, con {lt} solo al {ORDINAL_M[j2][0]}: si deve incontrare prima la "
                  "dama (la regola della precedenza).")
            en = (f"{both_en} take {pieces_n(n, 'en')} and "
                  f"{kings_en} each; but {best_en} takes the first king at the "
                  f"{ORDINAL_M[j][1]} jump, {lt} only at the {ORDINAL_M[j2][1]}: you must meet "
                  "the king first (the order rule).")
        else:
            mine, theirs = king_jumps(board, best), king_jumps(board, loser)
            a, b = next((x, y) for x, y in zip(mine, theirs) if x != y)
            it = (f"{both_it} prendono {pieces_n(n, 'it')} e {kings_it} "
                  f"ciascuna, e la prima dama è presa allo stesso salto; ma con {best_it} la "
                  f"dama dopo è presa al {ORDINAL_M[a][0]} salto, con {lt} solo al "
                  f"{ORDINAL_M[b][0]}: vince la presa che incontra prima le dame (la regola "
                  "della precedenza).")
            en = (f"{both_en} take {pieces_n(n, 'en')} and "
                  f"{kings_en} each, and the first king is taken at the same jump; but {best_en} "
                  f"takes the next king at the {ORDINAL_M[a][1]} jump, {lt} only at the "
                  f"{ORDINAL_M[b][1]}: the capture that meets the kings first wins (the order "
                  "rule).")
    else:
        raise ValueError(rule)
    return it, en


def precedence_first_hint(board: Board, rule: str, legal: list[Move],
                          wrong: list[tuple[Move, str]]) -> tuple[str, str]:
    """The gentle hint of a precedence puzzle: the pieces that could capture here, and what
    to compare between their captures (the criterion of ``rule``)."""
    best = legal[0]
    n, k = len(best.captures), kings_taken(board, best)
    can_it, can_en = who_can_capture(board, legal + [m for m, _ in wrong])
    if rule == "IT-P1":
        # The first pieces in reach tell these positions apart (they come from real games,
        # where the same few men often capture).
        first = sorted({m.captures[0] for m in legal} | {m.captures[0] for m, _ in wrong})
        reach_it, reach_en = group_words(board, first)
        return (f"{can_it}: si può cominciare saltando {reach_it}. Conta quanti pezzi prende "
                f"ogni presa: la più lunga ne prende {n}.",
                f"{can_en}: a capture can begin by jumping {reach_en}. Count how many pieces "
                f"each capture takes: the longest takes {n}.")
    if rule == "IT-P2":
        return (f"{can_it}: quanti pezzi prende ognuno? E chi di loro è una dama?",
                f"{can_en}: how many pieces does each take? And which of them is a king?")
    if rule == "IT-P3":
        return (f"{can_it}. Tra le prese che prendono {pieces_n(n, 'it')}, guarda quante dame "
                "prende ognuna.",
                f"{can_en}. Among the captures that take {pieces_n(n, 'en')}, look at how many "
                "kings each one takes.")
    if rule == "IT-P4":
        return (f"{can_it}. Tra le prese che prendono {pieces_n(n, 'it')} e "
                f"{pieces_n(k, 'it', True)}, guarda a quale salto è presa ogni dama.",
                f"{can_en}. Among the captures that take {pieces_n(n, 'en')} and "
                f"{pieces_n(k, 'en', True)}, look at the jump where each king is taken.")
    raise ValueError(rule)


ORDINAL = {1: ("prima", "first"), 2: ("seconda", "second"), 3: ("terza", "third"),
           4: ("quarta", "fourth")}
#: «al primo salto», «at the first jump».
ORDINAL_M = {1: ("primo", "first"), 2: ("secondo", "second"), 3: ("terzo", "third"),
             4: ("quarto", "fourth"), 5: ("quinto", "fifth"), 6: ("sesto", "sixth")}


def king_jumps(board: Board, move: Move) -> list[int]:
    """The jumps (1, 2, ...) at which ``move`` takes a king."""
    return [i + 1 for i, s in enumerate(move.captures) if board.piece_at(s).king]


def precedence_hint(board: Board, rule: str, legal: list[Move],
                    wrong: list[tuple[Move, str]]) -> tuple[str, str]:
    """The second hint of a precedence puzzle: about this position, from the legal captures
    and the one that ``rule`` turns down."""
    best = legal[0]
    loser = next(m for m, r in wrong if r == rule)
    n = len(best.captures)
    mover_it, mover_en = movers_words(board, legal)
    if rule == "IT-P1":
        jumper_it, jumper_en = piece_words(board, best.start)
        look_it, look_en = ("Per esempio, guarda", "For instance, look at") if len(legal) > 1 \
            else ("Guarda", "Look at")
        return (f"{look_it} {jumper_it}: dopo il primo salto arriva in {best.path[1]}, e da lì "
                "può mangiare ancora.",
                f"{look_en} {jumper_en}: after the first jump it lands on {best.path[1]}, and "
                "from there it can capture again.")
    if rule == "IT-P2":
        king_it, king_en = piece_words(board, best.start)
        man_it, man_en = piece_words(board, loser.start)
        return (f"{cap(king_it)} e {man_it} possono prendere {pieces_n(n, 'it')} ciascuna: "
                "chi deve mangiare?",
                f"{cap(king_en)} and {man_en} can take {pieces_n(n, 'en')} each: which one "
                "must capture?")
    if rule == "IT-P3":
        k = kings_taken(board, best)
        return (f"Guarda {mover_it}: la presa giusta prende {pieces_n(k, 'it', True)}.",
                f"Look at {mover_en}: the right capture takes {pieces_n(k, 'en', True)}.")
    if rule == "IT-P4":
        mine, theirs = king_jumps(board, best), king_jumps(board, loser)
        which = next(i for i, (a, b) in enumerate(zip(mine, theirs), 1) if a != b)
        square = best.captures[mine[which - 1] - 1]
        if len(mine) == 1:
            king_it, king_en = f"la dama avversaria in {square}", f"the enemy king on {square}"
        else:
            king_it = f"la {ORDINAL[which][0]} dama avversaria, quella in {square},"
            king_en = f"the {ORDINAL[which][1]} enemy king, the one on {square},"
        jump = mine[which - 1]
        return (f"Guarda {mover_it}: con la presa giusta, {king_it} è presa al "
                f"{ORDINAL_M[jump][0]} salto.",
                f"Look at {mover_en}: with the right capture, {king_en} is taken at the "
                f"{ORDINAL_M[jump][1]} jump.")
    raise ValueError(rule)


def precedence_puzzle(board: Board, rule: str, level: int, i: int) -> dict:
    legal, wrong = precedence_info(board)
    texts = [board.move_text(m) for m in legal]
    rules = [rule] + sorted({r for _, r in wrong if r != rule}) + ["IT-C1"]
    p_it, p_en = to_play(board)
    prompts = [(f"{p_it} Ci sono più prese possibili: qual è obbligatoria?",
                f"{p_en} Several captures are possible: which one is compulsory?"),
               (f"{p_it} Deve mangiare, ma come? Scegli la presa giusta.",
                f"{p_en} It must capture, but how? Choose the right capture."),
               (f"{p_it} Attenzione alle regole della presa: quale presa deve fare?",
                f"{p_en} Mind the capture rules: which capture must it make?")]
    it, en = precedence_explanation(board, rule, legal, wrong)
    if len(legal) > 1:
        it += f" Vanno bene tutte e due, {join(texts, 'it')}: tra loro la scelta è libera."
        en += f" Both are right, {join(texts, 'en')}: between them the choice is free."
        rules.insert(-1, "IT-P5")
    first = precedence_first_hint(board, rule, legal, wrong)
    second = precedence_hint(board, rule, legal, wrong)
    hints = ([first[0], second[0]], [first[1], second[1]])
    return puzzle(level, "capture", board, prompts[i % 3], rules, solutions=texts,
                  unique=len(legal) == 1, hints=hints, explanation=(it, en))


def precedence_candidates(ctx: Context, rule: str, seed: int,
                          make: Callable[[random.Random], Board | None], attempts: int,
                          games: bool) -> list[tuple[Board, int]]:
    """Positions where ``rule`` turns down at least one capture, with a difficulty 1-5."""
    rng = random.Random(seed)
    found: list[tuple[Board, int]] = []
    seen: set = set()

    def consider(board: Board, natural: bool) -> None:
        legal, wrong = precedence_info(board)
        if not wrong or rule not in {r for _, r in wrong} or len(legal) > 2:
            return
        mat = material(board)
        kings = mat[WHITE][1] + mat[BLACK][1]
        if kings > {"IT-P1": 1, "IT-P2": 2, "IT-P3": 4, "IT-P4": 4}[rule]:
            return
        if not plausible(board, 2 if natural else 3):
            return
        key = tuple(sorted(str(m) for m in legal))
        if key in seen:
            return
        seen.add(key)
        raw = len(legal) + len(wrong)
        longest = max(len(m.captures) for m, _ in wrong + [(legal[0], "")])
        pieces = n_pieces(board)
        score = (raw >= 3) + (longest >= 3) + (pieces >= 12) + (len({r for _, r in wrong}) > 1)
        found.append((board, score))

    if games:
        for board in game_boards(ctx, IT, seed):
            if board.must_capture():
                consider(board, True)
    for board in generated(rng, attempts, make):
        if len(found) >= 80:
            break
        if board.must_capture():
            consider(board, False)
    return found


def king_cluster(r: random.Random) -> Board | None:
    """A king with enemy pieces (one or two of them kings) gathered around it."""
    turn = r.choice((WHITE, BLACK))
    geo = get_variant(IT).geometry
    king = r.choice(rows_squares(IT, range(1, 7)))
    kr, kc = geo.coords[king]
    near = [s for s in all_squares(IT) if s != king
            and max(abs(geo.coords[s][0] - kr), abs(geo.coords[s][1] - kc)) <= 3]
    own, opp = symbols(turn)
    enemy_men = [s for s in near if s in men_rows(IT, OTHER[turn], 0, 6)]
    return scatter(r, IT, turn, [
        (own[0], 1, [king]), (opp[0], r.randint(1, 2), near),
        (opp[1], r.randint(2, 4), enemy_men),
        (own[1], r.randint(2, 4), men_rows(IT, turn, 0, 3))])


#: For each rule: how its positions are made (seed, maker, attempts, from the games too?),
#: the first set's quotas by level and the level of a difficulty score, then the same for
#: the puzzles added after (the order rule's simplest positions, a king met at once among
#: few pieces, open it at level 3).
PRECEDENCE_PLANS: dict[str, tuple] = {
    "IT-P1": ((601, lambda r: it_mixed(r, (0, 1), (0, 1), (2, 4), (3, 6)), 20000, True),
              {2: 5, 3: 6, 4: 6, 5: 3}, lambda s: min(5, 2 + s),
              {2: 3, 3: 4, 4: 5, 5: 3}, lambda s: min(5, 2 + s)),
    "IT-P2": ((602, lambda r: it_mixed(r, (1, 1), (0, 1), (1, 3), (2, 5)), 20000, True),
              {2: 5, 3: 6, 4: 6, 5: 3}, lambda s: min(5, 2 + s),
              {2: 3, 3: 4, 4: 4, 5: 1}, lambda s: min(5, 2 + s)),
    "IT-P3": ((603, lambda r: it_mixed(r, (1, 2), (1, 3), (0, 3), (1, 4)), 40000, True),
              {3: 6, 4: 6, 5: 3}, lambda s: min(5, 3 + s),
              {3: 3, 4: 4, 5: 3}, lambda s: min(5, 3 + s)),
    "IT-P4": ((604, king_cluster, 100000, False),
              {4: 9, 5: 6}, lambda s: 4 if s <= 1 else 5,
              {3: 2, 4: 3, 5: 2}, lambda s: 3 if s == 0 else 4 if s == 1 else 5),
}


def build_precedence(rule: str, more: bool = False) -> Callable[[Context], list[dict]]:
    """The puzzles of ``rule``: its first set, or (``more``) the puzzles added after, from the
    candidates the first set left that are real_enough."""
    (seed, maker, attempts, games), first, first_level, added, added_level = \
        PRECEDENCE_PLANS[rule]

    def build(ctx: Context) -> list[dict]:
        cands = ctx.pool(("precedence", rule), lambda: precedence_candidates(
            ctx, rule, seed, maker, attempts, games))
        if more:
            cands = [(b, s) for b, s in cands if real_enough(b)]
        return pick_by_level(ctx, IT, cands, added if more else first,
                             added_level if more else first_level,
                             lambda b, lv, i: precedence_puzzle(b, rule, lv, i))
    return build


def build_free_choice(ctx: Context, wants: tuple[int, int, int] = (2, 2, 1),
                      check: Callable[[Board], bool] = any_position) -> list[dict]:
    """``wants``: how many puzzles of level 3, 4 and 5; ``check`` as for the precedence."""
    rng = random.Random(606)
    out: list[dict] = []

    def free(board: Board, level: int, i: int) -> dict | None:
        legal, wrong = precedence_info(board)
        if not 2 <= len(legal) <= 3 or not plausible(board, 3):
            return None
        if level >= 4 and not wrong:
            return None
        if level == 3 and (wrong or not any(board.piece_at(m.start).king for m in legal)):
            return None
        texts = [board.move_text(m) for m in legal]
        n = len(legal[0].captures)
        k = kings_taken(board, legal[0])
        rules = ["IT-P5"] + sorted({r for _, r in wrong})
        can_it, can_en = who_can_capture(board, legal + [m for m, _ in wrong])
        movers_it, movers_en = group_words(board, {m.start for m in legal})
        # Every legal capture is made by a king, or every one by a man (the king rule).
        king = board.piece_at(legal[0].start).king
        all_it, all_en = (("tutte e due", "both") if len(legal) == 2 else
                          ("tutte e tre", "all three"))
        none_it, none_en = (("nessuna delle due", "neither") if len(legal) == 2 else
                            ("nessuna delle tre", "none of them"))
        taken_it = "un pezzo solo" if n == 1 else f"{n} pezzi"
        taken_en = "a single piece" if n == 1 else f"{n} pieces"
        why_it = [f"{cap(all_it)} mangiano {taken_it}, e in {all_it} a mangiare è "
                  f"{'una dama' if king else 'una pedina'}."]
        why_en = [f"{cap(all_en)} take {taken_en}, and in {all_en} it is "
                  f"{'a king' if king else 'a man'} that captures."]
        if k == 0:
            why_it.append(f"{cap(none_it)} prende una dama.")
            why_en.append(f"{cap(none_en)} {'takes' if len(legal) == 2 else 'take'} a king.")
        elif k == 1:
            why_it.append("Ognuna prende una dama, e allo stesso salto.")
            why_en.append("Each takes one king, at the same jump.")
        else:
            why_it.append(f"Ognuna prende {k} dame, e agli stessi salti.")
            why_en.append(f"Each takes {k} kings, at the same jumps.")
        extra_it = extra_en = ""
        if wrong:
            w = wrong[0]
            name_it, name_en = rule_words(w[1])
            extra_it = f" Altre prese, come {full_text(w[0])}, non sono permesse ({name_it})."
            extra_en = f" Other captures, such as {full_text(w[0])}, are not allowed ({name_en})."
        return puzzle(level, "all-captures", board,
                      [(f"{to_play(board)[0]} Quali prese sono permesse? Trovale tutte.",
                        f"{to_play(board)[1]} Which captures are allowed? Find them all."),
                       (f"{to_play(board)[0]} Deve mangiare. Scrivi tutte le prese che "
                        "rispettano le regole.",
                        f"{to_play(board)[1]} It must capture. Write every capture that "
                        "follows the rules.")][i % 2],
                      rules, solutions=texts,
                      hints=([f"{can_it}. Applica le regole della presa una dopo l'altra: "
                              "quanti pezzi, con quale pezzo, quante dame, quale dama prima. "
                              "Quello che resta pari si sceglie liberamente.",
                              f"Le prese permesse sono {len(legal)}, tutte "
                              f"{joined('di', movers_it)}, e ognuna prende {pieces_n(n, 'it')}."],
                             [f"{can_en}. Apply the capture rules one after the other: how many "
                              "pieces, with which piece, how many kings, which king first. What "
                              "is still equal is yours to choose.",
                              f"There are {len(legal)} allowed captures, all by {movers_en}, "
                              f"and each takes {pieces_n(n, 'en')}."]),
                      explanation=(f"Le prese {join(texts, 'it')} sono pari per ogni regola. "
                                   f"{' '.join(why_it)} Quindi la scelta è libera." + extra_it,
                                   f"The captures {join(texts, 'en')} are equal by every rule. "
                                   f"{' '.join(why_en)} So the choice is free." + extra_en))

    boards = ctx.pool("free-choice.boards", lambda: [
        b for b in generated(rng, 30000, lambda r: it_mixed(r, (1, 2), (0, 2), (0, 3), (2, 5)))
        if b.must_capture()])
    three, four, five = wants
    out += pick(ctx, IT, ((b, None) for b in boards if check(b)), three,
                lambda b, _, i: free(b, 3, i))
    out += pick(ctx, IT, ((b, None) for b in boards if check(b)), four,
                lambda b, _, i: free(b, 4, i))
    out += pick(ctx, IT, ((b, None) for b in boards[::-1] if check(b)
                          and len(precedence_info(b)[1]) >= 2), five,
                lambda b, _, i: free(b, 5, i))
    return out


def more_free_choice(ctx: Context) -> list[dict]:
    return build_free_choice(ctx, (2, 2, 1), real_enough)
