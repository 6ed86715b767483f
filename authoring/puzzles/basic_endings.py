"""The second year's basic endings: positions of at most three pieces where one move keeps
what the position is worth, to the end of the game, and the others throw it away (IT-E1).

* *tenere la patta* (hold the draw): the weaker side has one move, or two, that do not
  lose: the lone king that stands in the man's way («la mossa»), or that keeps out of the
  single corner;
* *tenere la vittoria* (keep the win): the stronger side has one move, or two, that still
  win; any other lets the win slip to a draw;
* *la mossa* (the opposition), one man against one: who wins, read from the rows between the
  two men and whose turn it is (a choice), and the move that keeps the win by going to meet
  the other man.

With one man each, when the game does not end in a draw, the rows between the two men decide
it: with an odd number of rows between them the side to move cannot win, with an even
number (and at least two) it cannot lose. ``tests/test_basic_endings.py`` proves this over
every such position with the tables, and the lesson on the basic endings teaches it.

Every answer is proved by the exact endgame tables (``goal = "hold"``,
:func:`damalib.endgame.holding_moves`): the accepted moves are exactly the moves that keep
the position's worth, however long the game goes on. The positions are every legal
placement of the groups below (:func:`authoring.endgame_facts.placements`), either side to
move, taken in a fixed order: the same puzzles at every run.
"""

from __future__ import annotations

from damalib import Board
from damalib.endgame import holding_moves, probe

from authoring.claims import rows_between
from authoring.endgame_facts import placements
from authoring.puzzles.common import (ADJ, OTHER, SIDE, TO_SIDE, Context, first_move_hint,
                                      number_words, puzzle, side_has, to_play)

#: (White's pieces, Black's pieces, the family, the level, how many): "k" a king, "m" a man.
PLAN = (
    ("km", "k", "draw", 3, 8),
    ("mm", "m", "win", 3, 6),
    ("km", "k", "win", 4, 6),
    ("kk", "k", "win", 4, 4),
    ("mm", "k", "draw", 5, 4),
)


def loses_nothing_at_once(board: Board, move) -> bool:
    """Whether, after ``move``, the opponent has no capture: a move that throws the result
    away by technique (the opposition, the tempo), not by giving a piece."""
    after = board.copy()
    after.push(move)
    return not (after.legal_moves and after.legal_moves[0].captures)


def candidates(white: str, black: str, family: str):
    """The boards of the group, either side to move, where the side to move can keep a
    ``family`` result ("draw" or "win") with one or two moves of three or more, and every
    other move changes it without giving a piece at once: (board, the holding moves)."""
    for placed in placements(white, black):
        for fen in (placed.fen(), "B" + placed.fen()[1:]):
            board = Board(fen)
            legal = board.legal_moves
            if len(legal) < 3 or legal[0].captures:
                continue
            worth = probe(board)
            if worth is None or worth[0] != family:
                continue
            holding = holding_moves(board)
            if not 1 <= len(holding) <= 2 or len(holding) == len(legal):
                continue
            if all(loses_nothing_at_once(board, m) for m in legal if m not in holding):
                yield board, holding


def spread(found: list, want: int) -> list:
    """``want`` of ``found``, evenly spread over it (the placements come square by square:
    the first ones all look alike)."""
    if len(found) <= want:
        return found
    return [found[i * len(found) // want] for i in range(want)]


def outcome(board: Board, move) -> str:
    """What ``move`` comes to for the side that plays it, by the tables: "win", "draw" or
    "loss"."""
    after = board.copy()
    after.push(move)
    return {"loss": "win", "draw": "draw", "win": "loss"}[probe(after)[0]]


def ending_puzzle(board: Board, holding: list, family: str, level: int) -> dict:
    """A hold puzzle: the side to move keeps the ``family`` result with ``holding``."""
    side, other = SIDE[board.turn], SIDE[OTHER[board.turn]]
    p_it, p_en = to_play(board)
    texts = [board.move_text(m) for m in holding]
    first_it, first_en = first_move_hint(board, holding[0])
    theirs_it, theirs_en = side_has(board, OTHER[board.turn])
    mine_it, mine_en = side_has(board, board.turn)
    either_it, either_en = (" (o anche " + texts[1] + ")", " (or " + texts[1] + ")") \
        if len(texts) == 2 else ("", "")
    if family == "draw":
        prompt = (f"{p_it} Salva la partita: trova la mossa che non perde.",
                  f"{p_en} Save the game: find the move that does not lose.")
        # The hints say what is true of every such ending (the game is lost when the side
        # has no piece or no move left, IT-E1), not an idea that fits some of them only.
        hints = ([f"{theirs_it}. Pensa a ogni tua mossa: dopo quale l'avversario non riesce "
                  "più a prenderti tutto o a chiuderti?", first_it],
                 [f"{theirs_en}. Think of each of your moves: after which one can the "
                  "opponent no longer take everything or shut you in?", first_en])
        # What the other moves would have come to is said as could.
        explanation = (f"Con {texts[0]}{either_it} {side[0]} tiene la patta fino alla fine "
                       f"della partita. Con le altre mosse perderebbe: {other[0]} potrebbe "
                       "vincere.",
                       f"With {texts[0]}{either_en} {side[1]} holds the draw to the end of "
                       f"the game. With the other moves it would lose: {other[1]} could win.")
    else:
        # What the other moves come to, by the tables: a draw, or even a loss.
        others = {outcome(board, m) for m in board.legal_moves if m not in holding}
        slips_it, slips_en = {
            frozenset({"draw"}): ("la vittoria sfumerebbe: sarebbe patta",
                                  "the win would slip away: it would be a draw"),
            frozenset({"loss"}): ("perderebbe", "it would lose"),
        }.get(frozenset(others), ("la vittoria sfumerebbe: sarebbe patta, o persa",
                                  "the win would slip away: a draw, or a loss"))
        prompt = (f"{p_it} Qui {side[0]} vince: trova la mossa che tiene la vittoria.",
                  f"{p_en} Here {side[1]} wins: find the move that keeps the win.")
        hints = ([f"{mine_it}. Pensa a ogni risposta dell'avversario: dopo la mossa giusta, "
                  "nessuna lo salva.", first_it],
                 [f"{mine_en}. Think of each answer of the opponent: after the right move, none "
                  "saves it.", first_en])
        explanation = (f"Con {texts[0]}{either_it} {side[0]} vince, qualunque difesa scelga "
                       f"{other[0]}. Con le altre mosse {slips_it}.",
                       f"With {texts[0]}{either_en} {side[1]} wins, whatever defence "
                       f"{other[1]} chooses. With the other moves {slips_en}.")
    return puzzle(level, "move", board, prompt, ["IT-E1", "IT-M2"], solutions=texts,
                  goal="hold", unique=len(texts) == 1, hints=hints, explanation=explanation)


def build_basic_endings(ctx: Context) -> list[dict]:
    """The plan's puzzles, each position once."""
    out: list[dict] = []
    for white, black, family, level, want in PLAN:
        free = [(b, h) for b, h in candidates(white, black, family)
                if ctx.free("italian", b.fen())]
        chosen = spread(free, want)
        if len(chosen) < want:
            raise RuntimeError(f"only {len(chosen)} of {want} {white} v {black} {family} "
                               "endings")
        for board, holding in chosen:
            ctx.take("italian", board.fen())
            out.append(ending_puzzle(board, holding, family, level))
    return out


# -- la mossa: one man against one --------------------------------------------------------------

#: How many of each: (the level, how many) of the choices, and of the moves.
OPPOSITION_CHOICES = (2, 10)
OPPOSITION_MOVES = (2, 8)


def files_apart(board: Board) -> int:
    """How many columns apart the two men of ``board`` stand."""
    coords = board.variant.geometry.coords
    (_, a), (_, b) = (coords[s] for s in board.pieces())
    return abs(a - b)


def man_against_man(want_moves: int):
    """Every board of one man each, either side to move, with no capture to make and
    ``want_moves`` legal moves or more."""
    for placed in placements("m", "m"):
        for fen in (placed.fen(), "B" + placed.fen()[1:]):
            board = Board(fen)
            legal = board.legal_moves
            if len(legal) >= want_moves and not legal[0].captures:
                yield board


def men_words(board: Board) -> tuple[str, str]:
    """Where the two men stand: «La pedina bianca è in 22, la pedina nera è in 3.»"""
    at = {p.colour: sq for sq, p in board.pieces().items()}
    return (f"La pedina bianca è in {at['W']}, la pedina nera è in {at['B']}.",
            f"The white man is on {at['W']}, the black man on {at['B']}.")


def rule_of_rows(board: Board) -> str | None:
    """What the rows between the two men say for the side to move: "loss" (an odd number:
    it cannot win), "win" (an even number, two or more: it cannot lose), None (no row)."""
    n = rows_between(board)
    if not n:
        return None
    return "loss" if n % 2 else "win"


def choice_candidates():
    """Boards where the tables give a winner, the two men can still meet (they stand no
    more columns apart than rows), and the rows between them say who it is."""
    for board in man_against_man(1):
        worth = probe(board)
        if worth[0] == "draw" or worth[1] < 3:
            continue
        n = rows_between(board)
        if n and files_apart(board) <= n + 1 and rule_of_rows(board) == worth[0]:
            yield board, worth[0]


def opposition_candidates():
    """Boards where the side to move wins with one of its two moves only, and the other
    throws the win away without giving the man at once."""
    for board in man_against_man(2):
        worth = probe(board)
        if worth[0] != "win" or worth[1] < 5:
            continue
        holding = holding_moves(board)
        if len(holding) == 1 and all(loses_nothing_at_once(board, m)
                                     for m in board.legal_moves if m not in holding):
            yield board, holding


def who_wins_choice(board: Board, verdict: str, level: int) -> dict:
    """Who wins, one man against one: the rows between them and the turn say it."""
    mover, other = board.turn, OTHER[board.turn]
    winner = mover if verdict == "win" else other
    n_it, n_en = number_words(rows_between(board))
    odd = rows_between(board) % 2 == 1
    rule_it = "chi deve muovere non può vincere" if odd else "chi deve muovere non può perdere"
    rule_en = "the side to move cannot win" if odd else "the side to move cannot lose"
    parity_it, parity_en = ("dispari", "odd") if odd else ("pari", "even")
    options = (["Vince il Bianco", "Vince il Nero", "È patta"],
               ["White wins", "Black wins", "It is a draw"])
    answer = 0 if winner == "W" else 1
    # The grader says first that the option is not the answer: the words go on from there.
    wrong_side = ("Conta le righe tra le pedine: sono pari o dispari? E guarda a chi tocca.",
                  "Count the rows between the men: odd or even? And look whose turn it is.")
    wrong_draw = ("Qui, se si gioca bene, non è patta. Conta le righe tra le pedine e guarda a "
                  "chi tocca.",
                  "Here, with good play, it is not a draw. Count the rows between the men and "
                  "look whose turn it is.")
    right = (f"Tra le due pedine ci sono {n_it} righe, un numero {parity_it}, e tocca "
             f"{TO_SIDE[mover]}: {rule_it}. Qui vince {SIDE[winner][0]}.",
             f"There are {n_en} rows between the two men, an {parity_en} number, and it "
             f"is {SIDE[mover][1]}'s turn: {rule_en}. Here {SIDE[winner][1]} wins.")
    feedback = [[wrong_side[k], wrong_side[k], wrong_draw[k]] for k in (0, 1)]
    for k in (0, 1):
        feedback[k][answer] = right[k]
    where_it, where_en = men_words(board)
    at = sorted(board.pieces())
    p_it, p_en = to_play(board)
    return puzzle(level, "choice", board,
                  (f"{p_it} Una pedina contro una: chi vince, se si gioca bene?",
                   f"{p_en} A man against a man: who wins, with good play?"),
                  ["IT-E1", "IT-M1"], options=options, answer=answer,
                  hints=([f"{where_it} Conta le righe vuote tra loro, e guarda a chi tocca.",
                          f"Tra le due pedine, in {at[0]} e {at[1]}, ci sono {n_it} righe. Con righe dispari chi deve "
                          "muovere non può vincere; con righe pari, e non zero, non può "
                          "perdere."],
                         [f"{where_en} Count the empty rows between them, and look whose turn "
                          "it is.",
                          f"There are {n_en} rows between the two men, on {at[0]} and {at[1]}. With odd rows the side "
                          "to move cannot win; with even rows, and not zero, it cannot lose."]),
                  feedback=(feedback[0], feedback[1]))


def opposition_puzzle(board: Board, holding: list, level: int) -> dict:
    """The move that keeps the win, one man against one: it goes to meet the other man."""
    side, other = SIDE[board.turn], SIDE[OTHER[board.turn]]
    right = board.move_text(holding[0])
    (slip,) = [board.move_text(m) for m in board.legal_moves if m not in holding]
    after = board.copy()
    after.push(holding[0])
    n_it, n_en = number_words(rows_between(after))
    mine = holding[0].start
    (theirs,) = [sq for sq, p in board.pieces().items() if p.colour != board.turn]
    p_it, p_en = to_play(board)
    return puzzle(level, "move", board,
                  (f"{p_it} Una pedina contro una: trova la mossa che vince.",
                   f"{p_en} A man against a man: find the move that wins."),
                  ["IT-E1", "IT-M1"], solutions=[right], goal="hold", unique=True,
                  hints=([f"La pedina in {mine} ha due mosse. Dopo ciascuna conta le righe tra "
                          "le pedine: se sono dispari, chi deve muovere non può vincere.",
                          f"Va' incontro alla pedina {ADJ[OTHER[board.turn]][0]} in {theirs}: "
                          "non lasciarla passare di lato."],
                         [f"The man on {mine}: it can make two moves. After each, count the "
                          "rows between the men: if they are odd, the side to move cannot win.",
                          f"Go to meet the {ADJ[OTHER[board.turn]][1]} man on {theirs}: do not "
                          "let it slip past at the side."]),
                  explanation=(f"Con {right} {side[0]} vince, qualunque difesa scelga "
                               f"{other[0]}: dopo {right} tra le due pedine ci sono {n_it} "
                               f"righe, e {other[0]} deve muovere. Con {slip} la vittoria "
                               "sfumerebbe: sarebbe patta.",
                               f"With {right} {side[1]} wins, whatever defence {other[1]} "
                               f"chooses: after {right} there are {n_en} rows between the two "
                               f"men, and {other[1]} must move. With {slip} the win would slip "
                               "away: it would be a draw."))


def build_opposition(ctx: Context) -> list[dict]:
    """The choices, then the moves, each position once, White and Black to move in turn."""
    out: list[dict] = []
    level, want = OPPOSITION_CHOICES
    found = [(b, v) for b, v in choice_candidates() if ctx.free("italian", b.fen())]
    for board, verdict in spread(found, want):
        ctx.take("italian", board.fen())
        out.append(who_wins_choice(board, verdict, level))
    level, want = OPPOSITION_MOVES
    found = [(b, h) for b, h in opposition_candidates() if ctx.free("italian", b.fen())]
    if len(found) < want:
        raise RuntimeError(f"only {len(found)} of {want} opposition moves")
    for board, holding in spread(found, want):
        ctx.take("italian", board.fen())
        out.append(opposition_puzzle(board, holding, level))
    return out


# -- more endings, added after the file was published --------------------------------------

#: The endings added later, as :data:`PLAN`: a king and a man against a man, a king each
#: (hold the draw), the king that hunts a man, two men against a king, and more of a king and
#: a man against a king (hold the draw). So few pieces share their squares, and so their
#: hints, often: these are what is left with hints of their own.
LATER_PLAN = (
    ("km", "m", "win", 3, 3),
    ("k", "k", "draw", 2, 10),
    ("k", "m", "win", 3, 12),
    ("mm", "k", "win", 4, 20),
    ("km", "k", "draw", 4, 8),
)


def later_basic_endings(ctx: Context) -> list[dict]:
    """:data:`LATER_PLAN`'s puzzles, each position once. A draw to hold is asked of the side
    with no more pieces than the other: the side that could lose it."""
    out: list[dict] = []
    for white, black, family, level, want in LATER_PLAN:
        free = []
        for board, holding in candidates(white, black, family):
            mine = sum(1 for p in board.pieces().values() if p.colour == board.turn)
            if family == "draw" and mine > len(board.pieces()) - mine:
                continue
            if ctx.free("italian", board.fen()):
                free.append((board, holding))
        # Spread over the group, and each hint said once in the collection: with so few
        # pieces, two positions can share a square and so a hint.
        step, taken = max(1, len(free) // want), 0
        order = [free[i] for start in range(step) for i in range(start, len(free), step)]
        for board, holding in order:
            if taken == want:
                break
            made = ending_puzzle(board, holding, family, level)
            if not ctx.say_hints(made):
                continue
            ctx.take("italian", board.fen())
            out.append(made)
            taken += 1
        if taken < want:
            raise RuntimeError(f"only {taken} of {want} {white} v {black} {family} endings")
    return out


# -- counts of rows, added once the file was published ----------------------------------------

#: How many counts of rows (level 1): a man each, before who wins.
ROW_COUNTS = 8


def rows_count(board: Board, verdict: str) -> dict:
    """How many empty rows between the two men? The explanation then says what they tell,
    as the choice «chi vince?» does (its feedback for the right answer)."""
    choice = who_wins_choice(board, verdict, 1)
    n = rows_between(board)
    where_it, where_en = men_words(board)
    at = {p.colour: sq for sq, p in board.pieces().items()}
    p_it, p_en = to_play(board)
    return puzzle(
        1, "count", board,
        (f"{p_it} Una pedina contro una. Quante righe vuote ci sono fra la pedina bianca e "
         "quella nera?",
         f"{p_en} A man against a man. How many empty rows are there between the white man "
         "and the black man?"),
        ["IT-E1", "IT-M1"], measure="rows_between", answer=n,
        hints=([f"{where_it} Le righe vuote sono quelle in mezzo, senza pedine.",
                f"Parti dalla riga della pedina in {at['W']} e va' verso quella della pedina "
                f"in {at['B']}: conta solo le righe in mezzo."],
               [f"{where_en} The empty rows are those in between, with no man.",
                f"Start from the row of the man on {at['W']} and go towards that of the man "
                f"on {at['B']}: count only the rows in between."]),
        explanation=(choice["feedback.it"][choice["answer"]],
                     choice["feedback.en"][choice["answer"]]))


def later_row_counts(ctx: Context) -> list[dict]:
    """:data:`ROW_COUNTS` counts in positions of one man each that the file left, spread
    over them, each hint said once in the collection."""
    found = [(b, v) for b, v in choice_candidates() if ctx.free("italian", b.fen())]
    out: list[dict] = []
    answers: dict[int, int] = {}
    for board, verdict in spread(found, 8 * ROW_COUNTS):
        n = rows_between(board)
        # Different numbers: at most three of each.
        if len(out) >= ROW_COUNTS or answers.get(n, 0) >= 3:
            continue
        made = rows_count(board, verdict)
        if not ctx.say_hints(made):
            continue
        ctx.take("italian", board.fen())
        answers[n] = answers.get(n, 0) + 1
        out.append(made)
    if len(out) < ROW_COUNTS:
        raise RuntimeError(f"only {len(out)} of {ROW_COUNTS} counts of rows")
    return out
