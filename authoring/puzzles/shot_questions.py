"""Questions about a combination, for the second year's lessons on the shot (19 to 22): not
"play it" (the topics' own files ask that) but "how many pieces does its last capture
take?" (a count) and "which of these three moves starts it?" (a choice).

* it-25-shot-questions (lesson 19, «Il tiro e la sua intenzione»): shots of the simulated
  games, in two steps first (the second intention);
* it-26-opening-questions (lesson 20): shots of the opening tree that its file left, the
  prompt telling the line from the start;
* it-27-championship-questions (lesson 21): positions of the 2005 championship's games where
  the side to move must take two pieces or more: how many does it take?
* it-28-fork-questions (lesson 22): how many moves the king has, and which of three of them
  is the fork.

A count's ``moves`` are the shot played up to its last capture, so the claims checker
replays them; a choice's explanation tells the shot's line, which the checker replays from
the right option (:func:`authoring.claims.told_line`). Each wrong option of a choice is a
move that loses material (the review's words say how), or else one that forces no capture
(a shot's choice) or after which the king attacks fewer than two men (a fork's), and its
feedback says so. tests/test_shot_questions.py checks each puzzle."""

from __future__ import annotations

import random

from damalib import Board, Move
from damalib.explain import join_words as join
from damalib.review import refutation

from dama.core.content.goals import forces_capture
from dama.core.content.phrasing import what_it_lets_happen

from authoring.claims import king_targets
from authoring.puzzles.championship import championship_games, game_words, player
from authoring.puzzles.common import (IT, OTHER, SIDE, SIDE_CAP, TO_SIDE, Context, choice_of,
                                      it_small,
                                      looks_like_play, material, n_pieces, number_words,
                                      piece_words, play_games, puzzle, to_play)
from authoring.puzzles.fork import fork, fork_puzzle
from authoring.puzzles.openings import line_words, opening_shots
from authoring.puzzles.simplify import line_texts
from authoring.puzzles.tactics import ForcedLines, gift_words, is_exchange, tiro, tiro_puzzle

Shot = tuple[int, list[list[Move]], int]
#: The men of a side, in the plural, for «i pezzi neri».
PIECES_OF = {"W": ("bianchi", "white"), "B": ("neri", "black")}


# -- the two questions about a shot ----------------------------------------------------------

def shot_count(board: Board, shot: Shot, level: int) -> dict | None:
    """The shot played up to its last capture: how many pieces does that capture take? None
    when it takes one only (nothing to count)."""
    main = shot[1][0]
    before = line_texts(board, tuple(main[:-1]))
    after = board.copy()
    for move in main[:-1]:
        after.push(move)
    last = main[-1]
    n = len(last.captures)
    if n < 2:
        return None
    side, other = board.turn, OTHER[board.turn]
    last_text = after.move_text(last)
    piece_it, piece_en = piece_words(after, last.start, coloured=True)
    mover_it, mover_en = piece_words(after, last.start)       # «la pedina in 28»
    n_it, n_en = number_words(n)
    return puzzle(
        level, "count", board,
        (f"{SIDE_CAP[side][0]} gioca un tiro: {' '.join(before)}. Ora tocca di nuovo "
         f"{TO_SIDE[side]}, che deve mangiare: quanti pezzi prende?",
         f"{SIDE_CAP[side][1]} plays a shot: {' '.join(before)}. Now it is {SIDE[side][1]}'s "
         "turn again, and it must capture: how many pieces does it take?"),
        ["IT-C1", "IT-C5"], moves=before, measure="captured", answer=n,
        hints=([f"Guarda {piece_it}: salta un pezzo, poi guarda se può saltare ancora.",
                f"La presa è {last_text}: conta i pezzi {PIECES_OF[other][0]} che salta "
                "lungo la strada."],
               [f"Look at {piece_en}: it jumps a piece, then look whether it can jump "
                "again.",
                f"The capture is {last_text}: count the {PIECES_OF[other][1]} pieces it "
                "jumps on the way."]),
        explanation=(f"Con {last_text} {mover_it} prende {n_it} pezzi. Il tiro intero: "
                     f"{' '.join(line_texts(board, tuple(main)))}.",
                     f"With {last_text} {mover_en} takes {n_en} pieces. The whole shot: "
                     f"{' '.join(line_texts(board, tuple(main)))}."))


def wrong_options(board: Board, right: Move, rng: random.Random,
                  fits=lambda move: True) -> list[tuple[Move, tuple[str, str]]]:
    """Two wrong options for a choice whose answer is ``right``, each with its feedback: a
    move that loses material when there is one (the review's words), else quiet moves that
    force no capture; ``fits`` says which moves may be offered."""
    quiet, losing = [], []
    for move in board.legal_moves:
        if move == right or not fits(move):
            continue
        lost = what_it_lets_happen(board, move)
        if lost is not None:
            losing.append((move, (lost["it"], lost["en"])))
        elif not forces_capture(board, move):
            quiet.append(move)
    picked = rng.sample(losing, 1) if losing else []
    if len(quiet) < 2 - len(picked):
        return []
    other = OTHER[board.turn]
    for move in rng.sample(quiet, 2 - len(picked)):
        text = board.move_text(move)
        picked.append((move, (f"Dopo {text} {SIDE[other][0]} non deve mangiare: non regali "
                              "niente, e la combinazione non comincia.",
                              f"After {text} {SIDE[other][1]} does not have to capture: you "
                              "give nothing away, and the combination does not start.")))
    return picked


def shot_choice(board: Board, shot: Shot, level: int, rng: random.Random, at: int) -> dict | None:
    """Which of three moves starts the shot? None when there are not two wrong ones. The
    hints are its own (the move puzzles of the same shot say theirs)."""
    main = shot[1][0]
    wrong = wrong_options(board, main[0], rng)
    if len(wrong) < 2:
        return None
    made = tiro_puzzle(board, shot, level, 0)
    taker_it, taker_en = piece_words(board, main[1].start, coloured=True)
    if main[2].start == main[0].end:
        # The man the answer moves: named by the piece it makes capture, not by its square.
        then_it = f"la pedina che hai mosso contro la pedina in {main[1].start}"
        then_en = f"the man you moved against the man on {main[1].start}"
    else:
        then_it, then_en = piece_words(board, main[2].start)
    if main[2].captures:
        next_it, next_en = "fin dove arriva?", "how far does it go?"
    else:                               # a second gift: the shot in two steps
        next_it, next_en = "dove la metti, perché si debba mangiare ancora?", \
            "where do you put it, so that a capture is due again?"
    made["hints.it"] = [f"Guarda {taker_it}: quale di queste mosse la costringe a mangiare?",
                        f"Dopo quella presa tocca a te, con {then_it}: {next_it}"]
    made["hints.en"] = [f"Look at {taker_en}: which of these moves makes it capture?",
                        f"After that capture it is your turn, with {then_en}: {next_en}"]
    gift_it, gift_en, _, _ = gift_words(main)
    p_it, p_en = to_play(board)
    return choice_of(board, made, main[0], wrong, at,
                     (f"{p_it} Una di queste mosse comincia un tiro: regali {gift_it}, e poi "
                      "ne prendi di più. Quale?",
                      f"{p_en} One of these moves starts a shot: you give {gift_en} away, "
                      "then you take more. Which one?"))


class Questions:
    """Counts and choices in turn, up to ``wanted`` of each, positions never used in the
    collection, each hint said once in it; the choice's answer turned round, A, B, C."""

    def __init__(self, ctx: Context, wanted: int, seed: int) -> None:
        self.ctx, self.wanted = ctx, wanted
        self.rng = random.Random(seed)
        self.counts: list[dict] = []
        self.choices: list[dict] = []

    def done(self) -> bool:
        return len(self.counts) >= self.wanted and len(self.choices) >= self.wanted

    def offer(self, board: Board, make_count, make_choice) -> dict | None:
        """Make a count (``make_count()``) or a choice (``make_choice(at)``), the kind there
        are fewer of first; keep the first made whose hints are new."""
        if self.done() or not self.ctx.free(IT, board.fen()):
            return None
        kinds = [(self.counts, make_count), (self.choices,
                                             lambda: make_choice(len(self.choices) % 3))]
        kinds.sort(key=lambda kind: len(kind[0]))
        for made_so_far, make in kinds:
            if len(made_so_far) >= self.wanted:
                continue
            made = make()
            if made is None or not self.ctx.say_hints(made):
                continue
            self.ctx.take(IT, board.fen())
            made_so_far.append(made)
            return made
        return None

    def result(self, name: str) -> list[dict]:
        if not self.done():
            raise RuntimeError(f"{name}: only {len(self.counts)} counts and "
                               f"{len(self.choices)} choices of {self.wanted}")
        return sorted(self.counts + self.choices, key=lambda p: p["level"])


# -- lesson 19: the shots of the games --------------------------------------------------------

#: Games played for these questions: (how many, seed, most plies), other games than those of
#: it-14; and how many counts and choices.
GAMES = (900, 53, 150)
WANTED_SHOTS = 8


def later_shot_questions(ctx: Context) -> list[dict]:
    """Counts and choices of shots from :data:`GAMES`: two-step shots first (lesson 19 is
    the second intention), then the others; the count at level 2, the choice at 3."""
    games, seed, plies = GAMES
    fens = sorted({fen for fen, ply in play_games(IT, games, seed, plies) if 6 <= ply <= 120})
    random.Random(seed).shuffle(fens)
    found: list[tuple[Board, Shot]] = []
    for fen in fens:
        board = Board(fen)
        mat = material(board)
        if mat["W"][1] + mat["B"][1] > 1 or n_pieces(board) < 9 or board.must_capture():
            continue
        if abs(sum(mat["W"]) - sum(mat["B"])) > 1 or not ctx.free(IT, fen):
            continue
        lines = ForcedLines(board)
        if not lines[3] and not lines[5]:
            continue
        shot = tiro(board, lines)
        if shot is None or is_exchange(shot) or not looks_like_play(board, 1):
            continue
        found.append((board, shot))
    questions = Questions(ctx, WANTED_SHOTS, seed)
    shown: set[tuple[str, ...]] = set()
    for board, shot in sorted(found, key=lambda f: -f[1][0]):
        said = tuple(line_texts(board, tuple(shot[1][0])))
        if said in shown:
            continue
        if questions.offer(board, lambda: shot_count(board, shot, 2),
                           lambda at: shot_choice(board, shot, 3, questions.rng, at)):
            shown.add(said)
    return questions.result("shot questions")


# -- lesson 20: the shots of the opening --------------------------------------------------------

WANTED_OPENINGS = 6


def later_opening_questions(ctx: Context) -> list[dict]:
    """Counts and choices of the opening tree's shots that it-19 left, a first pair of moves
    at a time; the prompt tells the line from the start."""
    queues: dict[tuple[str, ...], list] = {}
    for found in ctx.pool("opening shots", opening_shots):
        queues.setdefault(found[0][:2], []).append(found)
    questions = Questions(ctx, WANTED_OPENINGS, 59)
    while any(queues.values()) and not questions.done():
        for pair in list(queues):
            if not queues[pair]:
                continue
            line, board, shot = queues[pair].pop(0)
            made = questions.offer(board, lambda: shot_count(board, shot, 3),
                                   lambda at: shot_choice(board, shot, 3, questions.rng, at))
            if made is not None:
                words = line_words(line)
                made["prompt.it"] = f"Le prime mosse: {words}. {made['prompt.it']}"
                made["prompt.en"] = f"The first moves: {words}. {made['prompt.en']}"
    return questions.result("opening questions")


# -- lesson 21: the captures of the championship -------------------------------------------------

WANTED_CHAMPIONSHIP = 8


def later_championship_questions(ctx: Context) -> list[dict]:
    """In the championship's games, the positions where the side to move must take two
    pieces or more, in the order of the games: how many does it take? (Level 1 for two,
    2 for more.)"""
    out: list[dict] = []
    for game in championship_games():
        for ply, board in enumerate(game.positions()):
            if len(out) >= WANTED_CHAMPIONSHIP:
                return out
            if ply >= len(game.moves) or not board.must_capture() \
                    or not ctx.free(IT, board.fen()):
                continue
            n = max(len(m.captures) for m in board.legal_moves)
            best = [m for m in board.legal_moves if len(m.captures) == n]
            played = game.moves[ply]
            if n < 2 or played not in best:
                continue
            made = capture_count(board, game, played, n)
            if not ctx.say_hints(made):
                continue
            ctx.take(IT, board.fen())
            out.append(made)
    raise RuntimeError(f"championship questions: only {len(out)}")


#: How many choices of a champion's capture, added after the counts.
WANTED_CAPTURE_CHOICES = 8


def later_championship_choices(ctx: Context) -> list[dict]:
    """In the championship's games, the positions where the side to move has two captures
    or more to choose from (free choice, IT-P5), one only loses nothing and the champion
    made it: which capture? The other options lose material (the review's words)."""
    out: list[dict] = []
    for game in championship_games():
        for ply, board in enumerate(game.positions()):
            if len(out) >= WANTED_CAPTURE_CHOICES:
                return out
            if ply >= len(game.moves) or not board.must_capture() \
                    or len(board.legal_moves) < 2 or not ctx.free(IT, board.fen()):
                continue
            lost = {m: what_it_lets_happen(board, m) for m in board.legal_moves}
            safe = [m for m, words in lost.items() if words is None]
            if safe != [game.moves[ply]]:
                continue
            made = capture_choice(board, game, safe[0], lost, len(out) % 3)
            if not ctx.say_hints(made):
                continue
            ctx.take(IT, board.fen())
            out.append(made)
    raise RuntimeError(f"championship choices: only {len(out)}")


def capture_choice(board: Board, game, played: Move, lost: dict, at: int) -> dict:
    """Which capture loses nothing? ``lost``: each capture's review words (None: nothing)."""
    about_it, about_en = game_words(game)
    name = player(game.tag("Bianco" if board.turn == "W" else "Nero", "?"))
    wrong = sorted((m for m in lost if m != played), key=lambda m: m.path)[:2]
    options = list(wrong)
    options.insert(min(at, len(wrong)), played)
    texts = [board.move_text(m) for m in options]
    first_it, first_en = piece_words(board, options[0].start, coloured=True)
    text = board.move_text(played)
    # The first wrong capture's refutation: the opponent's piece that takes back.
    after = board.copy()
    after.push(wrong[0])
    reply = refutation(board, wrong[0])[0]
    taker_it, taker_en = piece_words(after, reply.start, coloured=True)
    explanation = (f"Con {text} non perdi niente. Nella partita {name} ha giocato proprio "
                   "questa presa.",
                   f"With {text} you lose nothing. In the game {name} played this very "
                   "capture.")
    feedback = ([lost[m]["it"] if m != played else explanation[0] for m in options],
                [lost[m]["en"] if m != played else explanation[1] for m in options])
    return puzzle(
        1 if len(options) == 2 else 2, "choice", board,
        (f"{about_it} Tocca {to_player(name)}, che deve mangiare e può scegliere la presa. Quale "
         "presa non perde niente?",
         f"{about_en} It is {name}'s turn: a capture is due, and the choice of capture is "
         "free. Which capture loses nothing?"),
        ["IT-C1", "IT-P5"],
        hints=([f"Guarda {first_it}: dopo la sua presa, e dopo le altre, che cosa può "
                "mangiare l'avversario?",
                f"Dopo {board.move_text(wrong[0])}, guarda {taker_it}: che cosa può fare?"],
               [f"Look at {first_en}: after its capture, and after the others, what can "
                "the opponent take?",
                f"After {board.move_text(wrong[0])}, look at {taker_en}: what can it do?"]),
        options=(texts, texts), answer=options.index(played), feedback=feedback,
        explanation=explanation)


def to_player(name: str) -> str:
    """«a Luca», «ad Antonino»: the preposition before a player's name.

    >>> to_player("Antonino Maijnelli"), to_player("Luca Mascolo")
    ('ad Antonino Maijnelli', 'a Luca Mascolo')
    """
    return f"ad {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def capture_count(board: Board, game, played: Move, n: int) -> dict:
    about_it, about_en = game_words(game)
    side, other = board.turn, OTHER[board.turn]
    name = player(game.tag("Bianco" if side == "W" else "Nero", "?"))
    text = board.move_text(played)
    piece_it, piece_en = piece_words(board, played.start, coloured=True)
    mover_it, mover_en = piece_words(board, played.start)     # «la pedina in 28»
    n_it, n_en = number_words(n)
    return puzzle(
        1 if n == 2 else 2, "count", board,
        (f"{about_it} Tocca {to_player(name)}, che deve mangiare. Quanti pezzi prende?",
         f"{about_en} It is {name}'s turn, and a capture is due. How many pieces does it "
         "take?"),
        ["IT-C1", "IT-C5", "IT-P1"], measure="captured", answer=n,
        hints=([f"Guarda {piece_it}: salta un pezzo, poi guarda se può saltare ancora.",
                f"La presa più lunga è {text}: conta i pezzi {PIECES_OF[other][0]} che "
                "salta."],
               [f"Look at {piece_en}: it jumps a piece, then look whether it can jump "
                "again.",
                f"The longest capture is {text}: count the {PIECES_OF[other][1]} pieces "
                "it jumps."]),
        explanation=(f"Con {text} {mover_it} prende {n_it} pezzi. Nella partita {name} ha "
                     "giocato proprio questa presa.",
                     f"With {text} {mover_en} takes {n_en} pieces. In the game {name} played "
                     "this very capture."))


# -- lesson 22: the fork ------------------------------------------------------------------------

WANTED_FORKS = 6
FORK_ATTEMPTS = 80_000


def fork_count(board: Board, move: Move, targets: list[int]) -> dict:
    """How many moves has the king? The explanation lists them, then names the fork."""
    ends = [str(m.end) for m in board.legal_moves if m.start == move.start]
    n = len(ends)
    fork_text = board.move_text(move)
    return puzzle(
        1, "count", board,
        (f"{to_play(board)[0]} Quante mosse può fare la dama in {move.start}?",
         f"{to_play(board)[1]} How many moves can the king on {move.start} make?"),
        ["IT-M2"], measure="moves_of", square=move.start, answer=n,
        hints=([f"Guarda la dama in {move.start}: fa un passo in diagonale, avanti o "
                "indietro. Quante caselle vicine sono libere?",
                f"Una casella già occupata non conta: guarda i pezzi vicini alla dama in "
                f"{move.start}."],
               [f"Look at the king on {move.start}: it takes a diagonal step, forward or "
                "back. How many squares next to it are empty?",
                f"An occupied square does not count: look at the pieces next to the king on "
                f"{move.start}."]),
        explanation=(f"La dama in {move.start} ha {n} mosse: può andare in "
                     f"{join(ends, 'it')}. Fra queste c'è la forchetta: {fork_text}.",
                     f"The king on {move.start}: it can make {n} moves. It can go to "
                     f"{join(ends, 'en')}. One of them is the fork: {fork_text}."))


def fork_choice(board: Board, move: Move, targets: list[int], rng: random.Random,
                at: int) -> dict | None:
    """Which of three king moves is the fork? The wrong ones attack fewer than two men."""
    def fits(other: Move) -> bool:
        if other.start != move.start:
            return False
        after = board.copy()
        after.push(other)
        return len(king_targets(after, other.end)) < 2

    wrong = wrong_options(board, move, rng, fits)
    if len(wrong) < 2:
        return None
    feedback = []
    for other, words in wrong:
        text = board.move_text(other)
        feedback.append((other, words if forces_capture(board, other) or
                         what_it_lets_happen(board, other) else
                         (f"Dopo {text} la dama non attacca due pedine insieme.",
                          f"After {text} the king does not attack two men at once.")))
    made = fork_puzzle(board, (move, targets), 1)
    made["level"] = 2
    p_it, p_en = to_play(board)
    return choice_of(board, made, move, feedback, at,
                     (f"{p_it} Una di queste mosse della dama è una forchetta: attacca due "
                      "pedine insieme. Quale?",
                      f"{p_en} One of these king moves is a fork: it attacks two men at once. "
                      "Which one?"))


def later_fork_questions(ctx: Context) -> list[dict]:
    """Counts and choices of forks in small positions placed at random (a fixed seed)."""
    rng = random.Random(61)
    questions = Questions(ctx, WANTED_FORKS, 61)
    for _ in range(FORK_ATTEMPTS):
        if questions.done():
            break
        turn = rng.choice(("W", "B"))
        own, theirs = rng.randint(0, 3), rng.randint(2, 5)
        wm, bm = (own, theirs) if turn == "W" else (theirs, own)
        board = it_small(rng, turn, wm, bm, int(turn == "W"), int(turn == "B"))
        if board is None or not ctx.free(IT, board.fen()):
            continue
        found = fork(board)
        if found is None:
            continue
        move, targets = found
        # A count of one move is no count: the fork's king has two or more.
        questions.offer(board, lambda: fork_count(board, move, targets)
                        if sum(m.start == move.start for m in board.legal_moves) > 1 else None,
                        lambda at: fork_choice(board, move, targets, questions.rng, at))
    return questions.result("fork questions")

