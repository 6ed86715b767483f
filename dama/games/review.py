"""«Rivedi la partita»: the mistakes of a game (damalib.review) in words a child reads, each
one a puzzle on its own board to try the better move.

    >>> from damalib.review import review
    >>> from dama.games.review import review_puzzles
    >>> game = ["22-18", "11-15", "24-20", "15x24", "18-14", "10x19", "23x14"]
    >>> (puzzle,) = review_puzzles(review(game, "W"))
    >>> print(puzzle.prompt("it"))  # doctest: +NORMALIZE_WHITESPACE
    Alla mossa 2 hai giocato 24-20. Ecco che cosa è successo: il Nero ha mangiato una
    pedina con 15x24. C'era una mossa migliore: prova tu!
    >>> print(puzzle.refused["24-20"]["it"])  # doctest: +NORMALIZE_WHITESPACE
    È la mossa che hai giocato in partita. Con 24-20, il Nero potrebbe mangiare una pedina
    con 15x24: perderesti un pezzo.
    >>> [line[0] for line in puzzle.solutions][:3]
    ['23-19', '26-22', '27-22']

Every move as good as the best (damalib.review.ACCEPT) solves the puzzle; the move played in
the game is refused with what it lets happen; a move clearly better than it, yet not as
good as the best, may be tried again. The rules are named in words, as the child reads
them; their ids stay in the puzzle's ``rules`` for teachers and tests.
"""

from __future__ import annotations

from typing import Any

from damalib import Board, Move
from damalib.explain import join_words as join
from damalib.review import SHOWN, Mistake, Review, material
from damalib.i18n import N_, spoken, translator

from dama.core.content.phrasing import (TOLD_PLIES, cap, line_end, line_words, opponent,
                                        pieces_balance, pieces_words, promotes, told_plies,
                                        what_it_lets_happen, would_text)
from dama.core.content.puzzle import Puzzle
from dama.text import say

#: The child's moves before «Rivedi la partita» can be pressed (or the game's end).
MIN_MOVES = 3
TOPIC = "review"

# Every text of the review, (Italian, English). {opp} is the opponent ("il Nero", "Black").
MESSAGES: dict[str, str] = {
    # the course's button and what it says
    "button": N_("Review the game"),
    "looking": N_("Looking at the game…"),
    "title": N_("Mistake {number} of {total}"),
    "too_short": N_("Play a few more moves: then you can review the game."),
    "not_started": N_("Play at least three moves: then you can review the game."),
    "none": N_("No big mistakes in this game: well played!"),
    "found_one": N_("I found one move to look at again: there was something better. Try to find "
                    "it on the board!"),
    "found": N_("I found {n} moves to look at again: each time there was something better. Try to "
                "find it on the board, one at a time!"),
    "found_more": N_("I found {n} moves to look at again. Here are the {shown} that matter most, "
                     "in the order of the game: each time there was something better. Try to find "
                     "it on the board!"),
    # the prompts
    "played": N_("On move {n} you played {move}"),
    "punished": N_("{played}. Here is what happened: {line}."),
    "could_punish": N_("{played}. The game went another way, but {line}."),
    "try_better": N_("There was a better move: try it!"),
    "shot": N_("{played}, but there was a shot that let you {gain}. Find it!"),
    "win": N_("{played}, but there was a move that let you {gain}. Find it!"),
    "capture_choice": N_("On move {n} you had to capture, and you could choose which capture. You "
                         "chose {move}, and then {line}. There was a better capture: try it!"),
    "capture_choice_could": N_("On move {n} you had to capture, and you could choose which "
                               "capture. You chose {move}, but {line}. There was a better "
                               "capture: try it!"),
    # the hints
    "hint_sacrifice": N_("Look for a move that forces {opp} to capture: then it is your turn "
                         "again, and you take more."),
    "hint_targets": N_("Look at {victims}: it can be won."),
    "hint_targets_many": N_("Look at {victims}: they can be won."),
    "hint_danger": N_("Before you move, look at what {opp} can do after your move: {piece}, for "
                      "example."),
    "hint_captures": N_("The captures you can make are {captures}: for each one, look at what "
                        "{opp} can take straight after."),
    "hint_piece": N_("The best move is made with {piece}."),
    "hint_landing": N_("The best capture starts on {start} and lands on {end}."),
    # after the try
    "explain_shot": N_("Here is how: {line}. So you {gain}."),
    "explain_best": N_("With {move} {outcome}."),
    "explain_capture": N_("With the capture {move}: {line}; so {outcome}."),
    "explain_played": N_("In the game, instead, you played {move} and {line}."),
    "explain_could": N_("With {move}, instead, {line}."),
    "also_good": N_("{moves} was good too."),
    "also_good_many": N_("{moves} were good too."),
    "also_good_some": N_("Other moves were good too, such as {moves}."),
    "refused": N_("It is the move you played in the game."),
    "refused_nothing": N_("{move} is the move you played in the game: it wins you nothing."),
    # the outcome of a line, for the child
    "lose_nothing": N_("you lose nothing"),
    "lose_only": N_("you lose only {what}"),
    "win_pieces": N_("you win {what}"),
    "you_king": N_(" and make a king"),
    "but_opp_king": N_(", but {opp} makes a king"),
    # what is won (a verb phrase after "potevi", "you could")
    "gain_pieces": N_("win {pieces}"),
    "gain_king": N_("make a king"),
    "gain_both": N_("win {pieces} and make a king"),
    "gain_game": N_("win the game"),
    "gain_take_king": N_("take a king"),
    "gain_material": N_("win material"),
}


def _texts(key: str, side: str, **params: Any) -> dict[str, str]:
    """The text ``key`` in every language the programs speak; a field given as a function of the language is
    rendered in each."""
    out = {}
    for lang in spoken():
        filled = {k: v(lang) if callable(v) else v for k, v in params.items()}
        out[lang] = say(MESSAGES, key, lang, opp=opponent(side, lang), **filled)
    return out


# -- lines of moves in words --------------------------------------------------------------


def _events(board: Board, line: tuple[Move, ...], side: str) -> tuple[Board, set[str]]:
    """Where the told part of ``line`` ends, and what happens in it: "king" (``side``
    makes a king), "opp_king" (the opponent does), "took_king" (``side`` takes a king)."""
    after = board.copy()
    events = set()
    for move in line[:told_plies(board, line)]:
        mine = after.turn == side
        if promotes(after, move):
            events.add("king" if mine else "opp_king")
        if mine and any(after.piece_at(s).king for s in move.captures):
            events.add("took_king")
        after.push(move)
    return after, events


def _gain(board: Board, line: tuple[Move, ...], side: str, lang: str) -> str:
    """What ``line`` wins for ``side``, as a verb phrase: "vincere un pezzo", "fare dama"."""
    end, events = _events(board, line, side)
    outcome = end.outcome()
    if outcome is not None and outcome.winner == side:
        return say(MESSAGES, "gain_game", lang)
    pieces = pieces_balance(end, side) - pieces_balance(board, side)
    if pieces > 0:
        key = "gain_both" if "king" in events else "gain_pieces"
        return say(MESSAGES, key, lang, pieces=pieces_words(pieces, lang))
    if "king" in events:
        return say(MESSAGES, "gain_king", lang)
    return say(MESSAGES, "gain_take_king" if "took_king" in events else "gain_material", lang)


def _outcome(board: Board, line: tuple[Move, ...], side: str, lang: str) -> str:
    """"non perdi niente", "perdi solo un pezzo", "vinci due pezzi e fai dama", "non perdi
    niente, ma il Nero fa dama": what ``line`` leaves ``side`` with."""
    end, events = _events(board, line, side)
    pieces = pieces_balance(end, side) - pieces_balance(board, side)
    if pieces > 0:
        words = say(MESSAGES, "win_pieces", lang, what=pieces_words(pieces, lang))
    elif pieces < 0:
        words = say(MESSAGES, "lose_only", lang, what=pieces_words(-pieces, lang))
    else:
        words = say(MESSAGES, "lose_nothing", lang)
    if "king" in events:
        words += say(MESSAGES, "you_king", lang)
    if "opp_king" in events:
        words += say(MESSAGES, "but_opp_king", lang, opp=opponent(side, lang))
    return words


# -- a mistake as a puzzle ------------------------------------------------------------------

def _prompt(mistake: Mistake, board: Board) -> dict[str, str]:
    side, played = mistake.side, board.move_text(mistake.played)
    after = line_end(board, (mistake.played,))
    mood = "past" if happened_as_told(mistake, after) else "could"
    refutation = _texts_line(after, mistake.refutation, side, mood)
    if mistake.kind == "worse_capture":
        key = "capture_choice" if mood == "past" else "capture_choice_could"
        return _texts(key, side, n=mistake.move_number, move=played,
                      line=lambda lang: refutation[lang])
    opening = _texts("played", side, n=mistake.move_number, move=played)
    if mistake.kind == "missed_shot":
        return _texts("shot" if _is_shot(mistake) else "win", side,
                      played=lambda lang: opening[lang],
                      gain=lambda lang: _gain(board, mistake.best_line, side, lang))
    said = _texts("punished" if mood == "past" else "could_punish", side,
                  played=lambda lang: opening[lang], line=lambda lang: refutation[lang])
    return {lang: f"{said[lang]} {say(MESSAGES, 'try_better', lang)}" for lang in spoken()}


def happened_as_told(mistake: Mistake, after: Board) -> bool:
    """Whether the game went on as the refutation, as far as it is told: then it is told
    as what happened, otherwise as what could have happened."""
    told = min(told_plies(after, mistake.refutation), TOLD_PLIES)
    return mistake.followed[:told] == mistake.refutation[:told]


def _is_shot(mistake: Mistake) -> bool:
    """Whether the better move is a shot ("il tiro"): a quiet move the opponent must answer
    by capturing (IT-C1), after which the child takes more."""
    line = mistake.best_line
    return len(line) > 1 and not line[0].is_capture and line[1].is_capture


def _texts_line(board: Board, line: tuple[Move, ...], side: str,
                mood: str = "now") -> dict[str, str]:
    return {lang: line_words(board, line, side, lang, mood) for lang in spoken()}


def _hints(mistake: Mistake, board: Board) -> dict[str, tuple[str, ...]]:
    side, best = mistake.side, mistake.best
    if mistake.kind == "worse_capture":
        captures = [board.move_text(m) for m in board.legal_moves]
        first = _texts("hint_captures", side, captures=lambda lang: join(captures, lang))
        same_start = sum(1 for m in board.legal_moves if m.start == best.start) > 1
        second = (_texts("hint_landing", side, start=best.start, end=best.end) if same_start
                  else _piece_hint(board, best, side))
    elif mistake.kind == "missed_shot":
        if _is_shot(mistake):
            first = _texts("hint_sacrifice", side)
        else:
            first = _targets_hint(board, mistake.best_line, side)
        second = _piece_hint(board, best, side)
    else:
        after = line_end(board, (mistake.played,))
        danger = mistake.refutation[0].start if mistake.refutation else mistake.played.end
        first = _texts("hint_danger", side, piece=lambda lang: _piece(after, danger, lang))
        second = _piece_hint(board, best, side)
    return {lang: (first[lang], second[lang]) for lang in spoken()}


def _piece_hint(board: Board, move: Move, side: str) -> dict[str, str]:
    return _texts("hint_piece", side, piece=lambda lang: _piece(board, move.start, lang))


def _targets_hint(board: Board, line: tuple[Move, ...], side: str) -> dict[str, str]:
    """"Guarda la pedina in 15: si può prendere": the opponent's pieces the line wins."""
    after = board.copy()
    victims = []
    for move in line[:told_plies(board, line)]:
        if after.turn == side:
            victims += [s for s in move.captures if s not in victims]
        after.push(move)
    if not victims:
        return _piece_hint(board, line[0], side)
    key = "hint_targets_many" if len(victims) > 1 else "hint_targets"
    return _texts(key, side,
                  victims=lambda lang: join([_piece(board, s, lang) for s in victims], lang))


def _piece(board: Board, square: int, lang: str) -> str:
    """«la pedina in 22», "the man on 22": the piece on ``square``, or the square."""
    _ = translator(lang)
    piece = board.piece_at(square)
    if piece is None:
        return _("square {square}", square=square)
    if piece.king:
        return _("the king on {square}", square=square)
    return _("the man on {square}", square=square)


def _explanation(mistake: Mistake, board: Board) -> dict[str, str]:
    side, best = mistake.side, mistake.best
    best_text = board.move_text(best)
    after = line_end(board, (mistake.played,))
    mood = "past" if happened_as_told(mistake, after) else "could"
    played_line = _texts_line(after, mistake.refutation, side, mood)
    played = _texts("explain_played" if mood == "past" else "explain_could", side,
                    move=board.move_text(mistake.played), line=lambda lang: played_line[lang])
    replies = _texts_line(line_end(board, (best,)), mistake.best_line[1:], side)
    if mistake.kind == "missed_shot":
        line = _texts_line(board, mistake.best_line, side)
        head = _texts("explain_shot", side, line=lambda lang: line[lang],
                      gain=lambda lang: _gain(board, mistake.best_line, side, lang))
        if _loses(mistake, board):  # the move played did not only miss the shot
            head = {lang: f"{head[lang]} {played[lang]}" for lang in spoken()}
    else:
        outcome = {lang: _outcome(board, mistake.best_line, side, lang) for lang in spoken()}
        if mistake.kind == "worse_capture" and replies["it"]:
            head = _texts("explain_capture", side, move=best_text,
                          line=lambda lang: replies[lang], outcome=lambda lang: outcome[lang])
        else:
            head = _texts("explain_best", side, move=best_text,
                          outcome=lambda lang: outcome[lang])
        head = {lang: f"{head[lang]} {played[lang]}" for lang in spoken()}
    others = [board.move_text(m) for m in mistake.better[1:]]
    if others:
        key = ("also_good" if len(others) == 1 else "also_good_many" if len(others) <= 3
               else "also_good_some")
        for lang in spoken():
            head[lang] += " " + cap(say(MESSAGES, key, lang, moves=join(others[:3], lang)))
    return head


def _loses(mistake: Mistake, board: Board) -> bool:
    """Whether the move played loses material (after the opponent's best answer)."""
    line = (mistake.played, *mistake.refutation)
    return material(line_end(board, line), mistake.side) < material(board, mistake.side)


def _rules(mistake: Mistake, board: Board) -> tuple[str, ...]:
    rules = board.variant.rules
    kind = {"missed_shot": ("compulsory", "continue"), "lost_piece": ("compulsory", "jump"),
            "worse_capture": ("compulsory", "free_choice")}[mistake.kind]
    found = [rules[k] for k in kind]
    if "king" in _events(board, mistake.best_line, mistake.side)[1]:
        found.append(rules["promotion"])
    return tuple(found)


def mistake_puzzle(mistake: Mistake) -> Puzzle:
    """The mistake as a puzzle (kind "move") on the position before it: every move as good
    as the best solves it, the move played is refused with what it lets happen, a move
    clearly better than it (yet not the best) may be tried again."""
    board = mistake.board()
    played = board.move_text(mistake.played)
    if mistake.kind != "missed_shot" or _loses(mistake, board):
        why = would_text(board, mistake.played, mistake.refutation)
        refused = {played: {lang: f"{say(MESSAGES, 'refused', lang)} {why[lang]}" for lang in spoken()}}
    else:
        refused = {played: {lang: say(MESSAGES, "refused_nothing", lang, move=played) for lang in spoken()}}
    refused.update(_other_refusals(mistake, board))
    return Puzzle(
        id=f"{TOPIC}-{mistake.ply}", variant=mistake.variant, topic=TOPIC, kind="move",
        level=min(5, 1 + mistake.cost), fen=mistake.fen, prompts=_prompt(mistake, board),
        solutions=tuple((board.move_text(m),) for m in mistake.better),
        rules=_rules(mistake, board), hints=_hints(mistake, board),
        explanations=_explanation(mistake, board),
        good=tuple(board.move_text(m) for m in mistake.good),
        refused=refused,
        source="review")


def _other_refusals(mistake: Mistake, board: Board) -> dict[str, dict[str, str]]:
    """What the other moves that are neither good nor better let happen, for those that
    lose material: "Con 18-13: il Nero mangia una pedina con 10x17"."""
    kept = {mistake.played, *mistake.better, *mistake.good}
    refusals = ((board.move_text(move), what_it_lets_happen(board, move))
                for move in board.legal_moves if move not in kept)
    return {text: said for text, said in refusals if said is not None}


def review_puzzles(result: Review, limit: int = SHOWN) -> list[Puzzle]:
    """The puzzles of the mistakes a child is shown (Review.shown), in game order."""
    return [mistake_puzzle(m) for m in result.shown(limit)]


def summary(result: Review, lang: str = "it", limit: int = SHOWN) -> str:
    """What the child reads above the mistakes: none found, or how many and which."""
    found, shown = len(result.mistakes), len(result.shown(limit))
    if not found:
        return say(MESSAGES, "none", lang)
    if found == 1:
        return say(MESSAGES, "found_one", lang)
    if found > shown:
        return say(MESSAGES, "found_more", lang, n=found, shown=shown)
    return say(MESSAGES, "found", lang, n=found)
