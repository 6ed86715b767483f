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

from damalib import BLACK, WHITE, Board, Move
from damalib.explain import join_words as join
from damalib.review import SHOWN, Mistake, Review, material, refutation
from damalib.rulenames import rule_name
from damalib.i18n import N_, NC_, colour_word, number_word, spoken, translator

from authoring.puzzles.common import cap, promotes
from dama.core.content.puzzle import Puzzle

#: The child's moves before «Rivedi la partita» can be pressed (or the game's end).
MIN_MOVES = 3
#: The most plies of a line told in words: past them the line is told by its result only.
TOLD_PLIES = 7
TOPIC = "review"

# Every text of the review, (Italian, English). {opp} is the opponent ("il Nero", "Black").
TEXT: dict[str, tuple[str, str]] = {
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
    "hint_sacrifice": N_("Look for a move that forces {Opp} to capture: then it is your turn "
                         "again, and you take more."),
    "hint_targets": N_("Look at {victims}: it can be won."),
    "hint_targets_many": N_("Look at {victims}: they can be won."),
    "hint_danger": N_("Before you move, look at what {Opp} can do after your move: {piece}, for "
                      "example."),
    "hint_captures": N_("The captures you can make are {captures}: for each one, look at what "
                        "{Opp} can take straight after."),
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
    # what a wrong move would let happen: the opponent's answer, never the child's replies
    # (they could be the answer), and what the line would cost
    "would": N_("With {move}, {line}"),
    "would_lose": N_("you would lose {what}"),
    "would_lose_out": N_("you would come off worse"),
    "would_opp_king": N_("{Opp} would make a king"),
    "in_the_end": N_("in the end {what}"),
    "refused_nothing": N_("{move} is the move you played in the game: it wins you nothing."),
    # the outcome of a line, for the child
    "lose_nothing": N_("you lose nothing"),
    "lose_only": N_("you lose only {what}"),
    "win_pieces": N_("you win {what}"),
    "and_then": N_("and so on"),
    "and": N_("and"),
    # what is won (a verb phrase after "potevi", "you could")
    "gain_pieces": N_("win {pieces}"),
    "gain_king": N_("make a king"),
    "gain_both": N_("win {pieces} and make a king"),
    "gain_game": N_("win the game"),
    "gain_take_king": N_("take a king"),
    "gain_material": N_("win material"),
}
#: The moves of a line in words, by mood: "now" (a line shown after the answer, present),
#: "past" (what happened in the game), "could" (what could have happened in the game: the
#: first move "poteva", the rest conditional), "would" (what a move refused in a puzzle
#: would let the opponent do). Each entry: (you_move, you_take, opp_move, opp_take,
#: you_king, opp_king), the first ply of "could" and "would" in "*_first". "mood entry" is each
#: message's context in the catalogues: one English (" and made a king") is several tenses.
LINE: dict[str, dict[str, tuple[str, str]]] = {
    "now": {
        "you_move": NC_("now you_move", "you play {move}"),
        "you_take": NC_("now you_take", "you take {what} with {move}"),
        "opp_move": NC_("now opp_move", "{Opp} plays {move}"),
        "opp_take": NC_("now opp_take", "{Opp} takes {what} with {move}"),
        "you_king": NC_("now you_king", " and make a king"),
        "opp_king": NC_("now opp_king", " and makes a king"),
    },
    "past": {
        "you_move": NC_("past you_move", "you played {move}"),
        "you_take": NC_("past you_take", "you took {what} with {move}"),
        "opp_move": NC_("past opp_move", "{Opp} played {move}"),
        "opp_take": NC_("past opp_take", "{Opp} took {what} with {move}"),
        "you_king": NC_("past you_king", " and made a king"),
        "opp_king": NC_("past opp_king", " and made a king"),
    },
    "could": {
        "opp_move_first": NC_("could opp_move_first", "{Opp} could have played {move}"),
        "opp_take_first": NC_("could opp_take_first", "{Opp} could have taken {what} with {move}"),
        "opp_king_first": NC_("could opp_king_first", " and made a king"),
        "you_move": NC_("could you_move", "you would have played {move}"),
        "you_take": NC_("could you_take", "you would have taken {what} with {move}"),
        "opp_move": NC_("could opp_move", "{Opp} would have played {move}"),
        "opp_take": NC_("could opp_take", "{Opp} would have taken {what} with {move}"),
        "you_king": NC_("could you_king", " and made a king"),
        "opp_king": NC_("could opp_king", " and made a king"),
    },
    "would": {
        "opp_move_first": NC_("would opp_move_first", "{Opp} could answer {move}"),
        "opp_take_first": NC_("would opp_take_first", "{Opp} could take {what} with {move}"),
        "opp_king_first": NC_("would opp_king_first", " and make a king"),
    },
}


def say(key: str, lang: str = "it", **params: Any) -> str:
    """The text ``key`` in ``lang`` ("it" or "en"), its fields filled."""
    return translator(lang)(TEXT[key], **params)


def _what(men: int, kings: int, lang: str) -> str:
    """"una pedina", "due pedine e una dama" / "a man", "two men and a king"."""
    _ = translator(lang)
    parts = []
    if men:
        parts.append(_.plural("a man", "{count} men", men, count=number_word(men, lang)))
    if kings:
        parts.append(_.plural("a king", "{count} kings", kings, count=number_word(kings, lang)))
    return join(parts, lang)


def _pieces(n: int, lang: str) -> str:
    """"un pezzo", "due pezzi" / "a piece", "two pieces"."""
    return translator(lang).plural("a piece", "{count} pieces", n, count=number_word(n, lang))


def _opp(side: str, lang: str, capital: bool = False) -> str:
    name = colour_word(BLACK if side == WHITE else WHITE, lang, "subject")
    return cap(name) if capital else name


def _texts(key: str, side: str, **params: Any) -> dict[str, str]:
    """The text ``key`` in both languages; a field given as a function of the language is
    rendered in each."""
    out = {}
    for lang in spoken():
        filled = {k: v(lang) if callable(v) else v for k, v in params.items()}
        out[lang] = say(key, lang, opp=_opp(side, lang), Opp=_opp(side, lang, True), **filled)
    return out


# -- lines of moves in words --------------------------------------------------------------

def _pieces_balance(board: Board, side: str) -> int:
    """``side``'s pieces minus the opponent's (a king counts as one piece)."""
    return sum(1 if p.colour == side else -1 for p in board.pieces().values())


def _told(board: Board, line: tuple[Move, ...]) -> int:
    """How many plies of ``line`` tell its story: up to the first position, with no capture
    pending, whose material is the line's final one (IT-C1: a capture pending is part of
    the story)."""
    side = board.turn
    after = board.copy()
    counts = []
    for move in line:
        after.push(move)
        counts.append((material(after, side), after.must_capture()))
    final = counts[-1][0] if counts else 0
    for i, (value, pending) in enumerate(counts, 1):
        if value == final and not pending:
            return i
    return len(line)


def _line_words(board: Board, line: tuple[Move, ...], child: str, lang: str,
                mood: str = "now") -> str:
    """``line`` from ``board`` told in words, the child as "tu" / "you": "il Nero mangia una
    pedina con 15x22, tu mangi due pedine con 27x9" (``mood`` "now"); "il Nero ha mangiato
    …" ("past"); "il Nero poteva mangiare …, tu avresti mangiato …" ("could"); "il Nero
    potrebbe mangiare …" ("would": the first ply only, the opponent's). The first capture
    forced by a quiet move names the rule (in words) that makes it compulsory."""
    words_of = LINE[mood]
    story = _told(board, line)
    told = 1 if mood == "would" else min(story, TOLD_PLIES)
    after = board.copy()
    parts = []
    named_rule = False
    for i, move in enumerate(line[:told]):
        mover = after.turn
        who = "you" if mover == child else "opp"
        first = "_first" if i == 0 and f"{who}_move_first" in words_of else ""
        text = after.move_text(move)
        if move.captures:
            pieces = [after.piece_at(s) for s in move.captures]
            kings = sum(1 for p in pieces if p and p.king)
            what = _what(len(pieces) - kings, kings, lang)
            words = _say_line(words_of[f"{who}_take{first}"], lang, what=what, move=text,
                              opp=_opp(child, lang), Opp=_opp(child, lang, True))
            if not named_rule and i > 0 and not line[i - 1].captures:
                words += f" ({rule_name(after.variant.rules['compulsory'], lang)})"
                named_rule = True
        else:
            words = _say_line(words_of[f"{who}_move{first}"], lang, move=text,
                              opp=_opp(child, lang), Opp=_opp(child, lang, True))
        if promotes(after, move):
            words += _say_line(words_of[f"{who}_king{first}"], lang)
        parts.append(words)
        after.push(move)
    if told < story and mood != "would":
        parts.append(say("and_then", lang))
    return ", ".join(parts)


def _say_line(message: tuple[str, str], lang: str, **params: Any) -> str:
    """A message of LINE (its mood, its English) in ``lang``."""
    return translator(lang).context(*message, **params)


def _line_end(board: Board, line: tuple[Move, ...]) -> Board:
    after = board.copy()
    for move in line:
        after.push(move)
    return after


def _events(board: Board, line: tuple[Move, ...], side: str) -> tuple[Board, set[str]]:
    """Where the told part of ``line`` ends, and what happens in it: "king" (``side``
    makes a king), "opp_king" (the opponent does), "took_king" (``side`` takes a king)."""
    after = board.copy()
    events = set()
    for move in line[:_told(board, line)]:
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
        return say("gain_game", lang)
    pieces = _pieces_balance(end, side) - _pieces_balance(board, side)
    if pieces > 0:
        key = "gain_both" if "king" in events else "gain_pieces"
        return say(key, lang, pieces=_pieces(pieces, lang))
    if "king" in events:
        return say("gain_king", lang)
    return say("gain_take_king" if "took_king" in events else "gain_material", lang)


def _outcome(board: Board, line: tuple[Move, ...], side: str, lang: str) -> str:
    """"non perdi niente", "perdi solo un pezzo", "vinci due pezzi e fai dama", "non perdi
    niente, ma il Nero fa dama": what ``line`` leaves ``side`` with."""
    end, events = _events(board, line, side)
    pieces = _pieces_balance(end, side) - _pieces_balance(board, side)
    if pieces > 0:
        words = say("win_pieces", lang, what=_pieces(pieces, lang))
    elif pieces < 0:
        words = say("lose_only", lang, what=_pieces(-pieces, lang))
    else:
        words = say("lose_nothing", lang)
    if "king" in events:
        words += say("you_king", lang)
    if "opp_king" in events:
        words += say("but_opp_king", lang, opp=_opp(side, lang), Opp=_opp(side, lang, True))
    return words


# -- a mistake as a puzzle ------------------------------------------------------------------

def _prompt(mistake: Mistake, board: Board) -> dict[str, str]:
    side, played = mistake.side, board.move_text(mistake.played)
    after = _line_end(board, (mistake.played,))
    mood = "past" if _happened(mistake, after) else "could"
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
    return {lang: f"{said[lang]} {say('try_better', lang)}" for lang in spoken()}


def _happened(mistake: Mistake, after: Board) -> bool:
    """Whether the game went on as the refutation, as far as it is told: then it is told
    as what happened, otherwise as what could have happened."""
    told = min(_told(after, mistake.refutation), TOLD_PLIES)
    return mistake.followed[:told] == mistake.refutation[:told]


def _is_shot(mistake: Mistake) -> bool:
    """Whether the better move is a shot ("il tiro"): a quiet move the opponent must answer
    by capturing (IT-C1), after which the child takes more."""
    line = mistake.best_line
    return len(line) > 1 and not line[0].is_capture and line[1].is_capture


def _texts_line(board: Board, line: tuple[Move, ...], side: str,
                mood: str = "now") -> dict[str, str]:
    return {lang: _line_words(board, line, side, lang, mood) for lang in spoken()}


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
        after = _line_end(board, (mistake.played,))
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
    for move in line[:_told(board, line)]:
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
    after = _line_end(board, (mistake.played,))
    mood = "past" if _happened(mistake, after) else "could"
    played_line = _texts_line(after, mistake.refutation, side, mood)
    played = _texts("explain_played" if mood == "past" else "explain_could", side,
                    move=board.move_text(mistake.played), line=lambda lang: played_line[lang])
    replies = _texts_line(_line_end(board, (best,)), mistake.best_line[1:], side)
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
            head[lang] += " " + cap(say(key, lang, moves=join(others[:3], lang)))
    return head


def _loses(mistake: Mistake, board: Board) -> bool:
    """Whether the move played loses material (after the opponent's best answer)."""
    line = (mistake.played, *mistake.refutation)
    return material(_line_end(board, line), mistake.side) < material(board, mistake.side)


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
        why = _would(board, mistake.played, mistake.refutation)
        refused = {played: {lang: f"{say('refused', lang)} {why[lang]}" for lang in spoken()}}
    else:
        refused = {played: {lang: say("refused_nothing", lang, move=played) for lang in spoken()}}
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


def what_it_lets_happen(board: Board, move: Move) -> dict[str, str] | None:
    """«Con 18-13, il Nero potrebbe mangiare una pedina con 10x17: perderesti un pezzo.», by
    language, when ``move`` loses material by force (the opponent's best answer, searched);
    None when it loses nothing. Only the opponent's answer is named: the child's own replies
    along the line could be the puzzle's answer."""
    side = board.turn
    line = refutation(board, move)
    if material(_line_end(board, (move, *line)), side) >= material(board, side):
        return None
    return _would(board, move, line)


def _would(board: Board, move: Move, line: tuple[Move, ...]) -> dict[str, str]:
    """What ``move`` would let happen along ``line`` (the opponent's best answer and what
    follows), in the conditional: the answer, then the cost of the told line."""
    side = board.turn
    after = _line_end(board, (move,))
    told = line[:_told(after, line)]
    end = _line_end(after, told)
    lost = _pieces_balance(board, side) - _pieces_balance(end, side)
    late_king = any(promotes(b, m) for b, m in _plies(after, told)[1:] if b.turn != side)
    texts = {}
    for lang in spoken():
        answer = _line_words(after, told, side, lang, "would")
        costs = []
        if lost > 0:
            costs.append(say("would_lose", lang, what=_pieces(lost, lang)))
        if late_king:
            costs.append(say("would_opp_king", lang, opp=_opp(side, lang),
                             Opp=_opp(side, lang, True)))
        said = say("would", lang, move=board.move_text(move), line=answer)
        if not costs and promotes(after, told[0]):   # "… e fare dama" says it all
            texts[lang] = f"{said}."
            continue
        cost = f" {say('and', lang)} ".join(costs) or say("would_lose_out", lang)
        if len(told) > 1:
            cost = say("in_the_end", lang, what=cost)
        texts[lang] = f"{said}: {cost}."
    return texts


def _plies(board: Board, line: tuple[Move, ...]) -> list[tuple[Board, Move]]:
    """Each move of ``line`` with the position it is played in."""
    after = board.copy()
    plies = []
    for move in line:
        plies.append((after.copy(), move))
        after.push(move)
    return plies


def review_puzzles(result: Review, limit: int = SHOWN) -> list[Puzzle]:
    """The puzzles of the mistakes a child is shown (Review.shown), in game order."""
    return [mistake_puzzle(m) for m in result.shown(limit)]


def summary(result: Review, lang: str = "it", limit: int = SHOWN) -> str:
    """What the child reads above the mistakes: none found, or how many and which."""
    found, shown = len(result.mistakes), len(result.shown(limit))
    if not found:
        return say("none", lang)
    if found == 1:
        return say("found_one", lang)
    if found > shown:
        return say("found_more", lang, n=found, shown=shown)
    return say("found", lang, n=found)
