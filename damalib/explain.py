"""Why a move is legal or not, in words a child can read, citing the rule (RULES.md)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .errors import NotationError
from .i18n import DEFAULT, N_, colour_word, known, translator
from .position import Move, Position
from .rulenames import cite_rule, drop_empty_citation
from .variants import KING_CAPTURES, KING_ORDER, KINGS_TAKEN, QUANTITY


# One message per reason (English; the catalogues translate it). Fields in braces are
# filled by Explanation.text.
MESSAGES: dict[str, str] = {
    "legal_move": N_("{move} is a legal move."),
    "legal_capture": N_("{move} is a legal capture: you take {n_pieces}."),
    "required_" + QUANTITY: N_("{move} is the right capture: it takes {n_pieces}, more than any "
                               "other capture ({why})."),
    "required_" + KING_CAPTURES: N_("{move} is the right capture: when the counts are equal you "
                                    "capture with the king ({why})."),
    "required_" + KINGS_TAKEN: N_("{move} is the right capture: it takes {n_kings}, more than any "
                                  "other capture ({why})."),
    "required_" + KING_ORDER: N_("{move} is the right capture: it meets the king first ({why})."),
    "free_choice": N_(" {others} would have been fine too: here the choice is free "
                      "({choice_rule})."),
    "unreadable": N_("I cannot read “{text}”: write the move like 22-19, or 27x18 for a "
                     "capture ({rule})."),
    "no_such_square": N_("There is no square {text}: the squares go from 1 to {last} ({rule})."),
    "empty_start": N_("There is no piece on square {square} to move ({rule})."),
    "not_your_piece": N_("The piece on {square} belongs to {owner}, but it is {turn}'s turn "
                         "({rule})."),
    "same_square": N_("The move starts and ends on the same square {square}: the piece does not "
                      "move ({rule})."),
    "not_diagonal": N_("From {start} to {end} is not a diagonal: pieces move only diagonally, on "
                       "the dark squares ({rule})."),
    "occupied": N_("Square {end} is taken: a piece moves only to an empty square ({rule})."),
    "man_backwards": N_("A man moves only forwards: it cannot go back from {start} to {end} "
                        "({rule})."),
    "man_too_far": N_("A man moves just one square: it cannot go from {start} to {end} ({rule})."),
    "king_too_far": N_("In this game a king moves just one square: it cannot go from {start} to "
                       "{end} ({rule})."),
    "path_blocked": N_("The way from {start} to {end} is not clear: there is a piece on {square} "
                       "({rule})."),
    "blocked": N_("The piece on {square} cannot move: the squares it could go to are taken "
                  "({rule})."),
    "must_capture": N_("You must capture: {can_capture} ({rule})."),
    "jump_own": N_("Square {square} holds one of your own pieces: you never capture your own "
                   "colour ({rule})."),
    "jump_two": N_("You cannot jump two pieces in a row: the square after the piece on {square} "
                   "must be empty ({rule})."),
    "landing_occupied": N_("After a jump you must land on an empty square, but {end} is taken "
                           "({rule})."),
    "man_takes_king": N_("A man may not capture a king: there is a king on {square} ({rule})."),
    "man_captures_backwards": N_("A man captures only forwards: from {start} it cannot capture "
                                 "backwards ({rule})."),
    "jumped_twice": N_("The piece on {square} was already taken in this capture: you cannot jump "
                       "the same piece twice ({rule})."),
    "after_capture_only_captures": N_("After a capture you may only go on capturing: {start} to "
                                      "{end} is not a capture ({rule})."),
    "must_continue": N_("The capture is not over: from {square} you can capture again, and you "
                        "must go on ({rule})."),
    "promotion_ends": N_("The man reaches the far row on {square} and becomes a king: its move "
                         "ends there ({rule})."),
    "passes_back_row": N_("The man passes the far row on {square}, but the capture goes on: it "
                          "must continue and stays a man ({rule})."),
    "illegal_" + QUANTITY: N_("You must take more pieces: {required} takes {best_pieces}, yours "
                              "only {n_pieces} ({rule})."),
    "illegal_" + KING_CAPTURES: N_("You must capture with the king on {king_square}: when the "
                                   "counts are equal you capture with the king ({rule})."),
    "illegal_" + KINGS_TAKEN: N_("You must take more kings: {required} takes {best_kings}, yours "
                                 "{yours_kings} ({rule})."),
    "illegal_" + KING_ORDER: N_("You must meet the king first: {required} takes the king at the "
                                "{best_jump} jump, yours only at the {jump} ({rule})."),
    "must_capture_hidden": N_("You must capture: look for the piece that can capture ({rule})."),
    "must_capture_this": N_("You must capture: the piece on {piece} can take, so it must jump an "
                            "enemy piece ({rule})."),
    "illegal_" + QUANTITY + "_hidden": N_("You must take more pieces: one capture takes "
                                          "{best_pieces}, yours only {n_pieces} ({rule})."),
    "illegal_" + KING_CAPTURES + "_hidden": N_("You must capture with a king: when the counts are "
                                               "equal you capture with the king ({rule})."),
    "illegal_" + KINGS_TAKEN + "_hidden": N_("You must take more kings: one capture takes "
                                             "{best_kings}, yours {yours_kings} ({rule})."),
    "illegal_" + KING_ORDER + "_hidden": N_("You must meet the king first: one capture takes the "
                                            "king at the {best_jump} jump, yours only at the "
                                            "{jump} ({rule})."),
    "piece_captures": N_("The piece on {square} cannot capture here: {parts}."),
    "part_" + QUANTITY: N_("with {move} it would take {n_pieces}, but {required} takes {best_n} "
                           "({rule})"),
    "part_" + QUANTITY + "_hidden": N_("with {move} it would take {n_pieces}, but one capture "
                                       "takes {best_n} ({rule})"),
    "part_" + KING_CAPTURES: N_("with {move} it would take {n_pieces} like the king on "
                                "{king_square}, and when the counts are equal the king captures "
                                "({rule})"),
    "part_" + KING_CAPTURES + "_hidden": N_("with {move} it would take {n_pieces} like a king, "
                                            "and when the counts are equal the king captures "
                                            "({rule})"),
    "part_" + KINGS_TAKEN: N_("with {move} it {yours_kings_part}, but {required} takes "
                              "{best_kings} ({rule})"),
    "part_" + KINGS_TAKEN + "_hidden": N_("with {move} it {yours_kings_part}, but one capture "
                                          "takes {best_kings} ({rule})"),
    "part_" + KING_ORDER: N_("with {move} the king would be taken only at the {jump} jump, but "
                             "{required} takes it at the {best_jump} ({rule})"),
    "part_" + KING_ORDER + "_hidden": N_("with {move} the king would be taken only at the {jump} "
                                         "jump, but one capture takes it at the {best_jump} "
                                         "({rule})"),
    "blocked_by_king": N_("The man on {square} cannot move: it faces {kings}, and a man never "
                          "takes a king ({rule})."),
    "not_possible": N_("The move {move} is not possible in this position ({rule})."),
}

#: Reasons that say all there is to say: in words for a child, the rule's name after them
#: would only puzzle ("no piece on 19 (the players take turns)").
_SAYS_IT_ALL = frozenset({"empty_start", "blocked", "not_diagonal", "occupied", "same_square",
                          "no_such_square", "unreadable", "blocked_by_king"})


def _ordinal(n: int, lang: str) -> str:
    _ = translator(lang)
    # Translators: which jump of a capture chain, as in «al terzo salto».
    words = (_.context("ordinal", "first"), _.context("ordinal", "second"),
             _.context("ordinal", "third"), _.context("ordinal", "fourth"),
             _.context("ordinal", "fifth"), _.context("ordinal", "sixth"),
             _.context("ordinal", "seventh"), _.context("ordinal", "eighth"),
             _.context("ordinal", "ninth"), _.context("ordinal", "tenth"))
    return words[n - 1] if 1 <= n <= len(words) else _("{n}th", n=n)


def _kings_phrases(n: int, lang: str) -> dict[str, str]:
    """How a capture that takes ``n`` kings is said after "yours" ("la tua presa") and after
    "with 11x9 it" ("con 11x9")."""
    _ = translator(lang)
    if n == 0:
        return {"yours_kings": _("takes none"), "yours_kings_part": _("would take no king")}
    return {"yours_kings": _.plural("only one", "only {n}", n),
            "yours_kings_part": _.plural("would take only one king",
                                         "would take only {n} kings", n)}


def join_words(items: list[Any], lang: str, alternatives: bool = False) -> str:
    """Items as a list in words: "22, 23 e 24" / "22, 23 or 24" for alternatives."""
    words = [str(x) for x in items]
    if len(words) <= 1:
        return "".join(words)
    _ = translator(lang)
    head, last = ", ".join(words[:-1]), words[-1]
    # Translators: the last two items of a list: "22, 23 e 24", "22x13 o 31x22".
    return (_("{items} or {last}", items=head, last=last) if alternatives
            else _("{items} and {last}", items=head, last=last))


@dataclass(frozen=True)
class Explanation:
    """The verdict on one move: ``legal``, the ``rule`` it breaks (None when legal), and
    ``text(lang)`` saying why in Italian (``"it"``) or English (``"en"``)."""

    legal: bool
    rule: str | None
    reason: str
    params: dict[str, Any] = field(default_factory=dict, compare=False)
    #: The legal moves the player should have chosen from, when that helps (captures).
    required: tuple[Move, ...] = field(default=(), compare=False)

    def text(self, lang: str = "it", cite: str = "id", reveal: bool = True) -> str:
        """The explanation in ``lang`` ("it", "en", ...). ``cite``: the rule as its id ("id"),
        in words ("name", for children) or not at all ("none"). ``reveal=False`` (an
        exercise) leaves out which piece or capture was required."""
        if not known(lang):
            lang = DEFAULT
        _ = translator(lang)
        p = dict(self.params)
        p["rule"] = cite_rule(self.rule, lang, cite)
        for name in ("why", "choice_rule"):
            if name in p:
                p[name] = cite_rule(p[name], lang, cite)
        for name in ("n", "best"):
            if name in p:
                p[f"{name}_pieces"] = _.plural("one piece", "{n} pieces", p[name])
        for name in ("kings", "best_kings_n"):
            if name in p:
                key = "n_kings" if name == "kings" else "best_kings"
                p[key] = _.plural("one king", "{n} kings", p[name])
        for name in ("owner", "turn"):
            if name in p:
                p[name] = colour_word(p[name], lang)
        if "capturing" in p:
            squares = p["capturing"]
            p["can_capture"] = _.plural("the piece on {squares} can capture",
                                        "the pieces on {squares} can capture", len(squares),
                                        squares=join_words(squares, lang))
        if "king_squares" in p:
            p["king_square"] = join_words(p["king_squares"], lang, alternatives=True)
        if "kings" in p:
            p.update(_kings_phrases(p["kings"], lang))
        if "best" in p:
            p["best_n"] = p["best"]
        for name in ("jump", "best_jump"):
            if isinstance(p.get(name), int):
                p[name] = _ordinal(p[name], lang)
        if "blocking_kings" in p:
            squares = p["blocking_kings"]
            p["kings"] = _.plural("the king on {squares}", "the kings on {squares}",
                                  len(squares), squares=join_words(squares, lang))
        if "required_moves" in p:
            p["required"] = join_words(p["required_moves"], lang, alternatives=True)
        if "other_moves" in p:
            p["others"] = join_words(p["other_moves"], lang, alternatives=True)
        reason = self.reason
        if reason == "piece_captures":
            p["parts"] = "; ".join(part.text(lang, cite, reveal) for part in p["parts"])
        if cite == "name" and reason in _SAYS_IT_ALL:
            p["rule"] = ""
            cite = "none"
        if not reveal and reason == "must_capture" and p.get("piece") in p.get("capturing", ()):
            reason = "must_capture_this"
        elif not reveal and reason + "_hidden" in MESSAGES:
            reason += "_hidden"
        message = _(MESSAGES[reason], **p)
        if p.get("other_moves") and reveal:
            message += _(MESSAGES["free_choice"], **p)
        return drop_empty_citation(message) if cite == "none" else message

    def __str__(self) -> str:
        return self.text("it")


def explain(board: Position, move: Move | str | tuple[int, ...]) -> Explanation:
    """Explain ``move`` (a Move, move text, or a tuple of squares) in ``board``."""
    rules = board.variant.rules
    if isinstance(move, Move):
        squares = move.path
    elif isinstance(move, tuple) and move and all(isinstance(s, int) for s in move):
        squares = move
        if not all(1 <= s <= board.variant.squares for s in squares):
            bad = next(s for s in squares if not 1 <= s <= board.variant.squares)
            return Explanation(False, rules["numbering"], "no_such_square",
                               {"text": bad, "last": board.variant.squares})
    else:
        try:
            squares = board.parse_squares(move)  # type: ignore[arg-type]
        except NotationError:
            return _unreadable(board, move)
    if len(squares) < 2:
        return Explanation(False, rules["notation"], "unreadable", {"text": str(move)})
    matches = board.matching(squares)
    if matches:
        return _explain_legal(board, matches[0])
    return _explain_illegal(board, squares)


def explain_piece(board: Position, square: int) -> Explanation:
    """Why the piece of the player to move on ``square`` has no legal move (or, when it has,
    that it may move): its captures were turned down by a precedence rule (IT-P1..P4, naming
    the rule that did), another piece must capture (IT-C1), or it is blocked (IT-M1, IT-M2).
    """
    rules = board.variant.rules
    piece = board.piece_at(square)
    if piece is None or piece.colour != board.turn:
        return explain(board, (square, square))
    own = [m for m in board.legal_moves if m.start == square]
    if own:
        return _explain_legal(board, own[0])
    records = [r for r in board.movegen.raw_captures(*board.relative())
               if board.move_of(r).start == square]
    if records:
        # Each capture of the piece (one chain for each set of pieces it takes), nearest
        # to the legal ones first, with the rule that turns it down.
        gen, ok = board.movegen, board.relative()[3]
        records.sort(key=lambda r: gen.precedence_key(r, ok), reverse=True)
        kept, seen = [], set()
        for record in records:
            if _signature(record) not in seen:
                seen.add(_signature(record))
                kept.append(record)
        parts = [_precedence(board, r) for r in kept[:3]]
        parts = [Explanation(False, e.rule, "part_" + e.reason.removeprefix("illegal_"),
                             {**e.params, "move": str(board.move_of(r))}, e.required)
                 for e, r in zip(parts, kept)]
        return Explanation(False, parts[0].rule, "piece_captures",
                           {"square": square, "parts": parts}, parts[0].required)
    if board.must_capture():
        return Explanation(False, rules["compulsory"], "must_capture",
                           {"capturing": board.capturing_squares()}, tuple(board.legal_moves))
    if not piece.king and not board.variant.men_capture_kings:
        kings = _kings_in_the_way(board, square)
        if kings:
            return Explanation(False, rules["man_capture"], "blocked_by_king",
                               {"square": square, "blocking_kings": kings})
    rule = rules["king_move" if piece.king else "man_move"]
    return Explanation(False, rule, "blocked", {"square": square})


def _kings_in_the_way(board: Position, square: int) -> list[int]:
    """The opponent's kings in front of the man on ``square`` with an empty square behind:
    the man would take them if a man could take a king (IT-C3)."""
    geo = board.variant.geometry
    r, c = geo.coords[square]
    forward = -1 if board.turn == "W" else 1
    out = []
    for dc in (-1, 1):
        near = geo.by_coords.get((r + forward, c + dc))
        behind = geo.by_coords.get((r + 2 * forward, c + 2 * dc))
        piece = board.piece_at(near) if near else None
        if (piece is not None and piece.king and piece.colour != board.turn
                and behind is not None and board.piece_at(behind) is None):
            out.append(near)
    return out


def _unreadable(board: Position, text: object) -> Explanation:
    rules = board.variant.rules
    shown = str(text).strip()
    if _NUMBERED_MOVE.fullmatch(shown):
        outside = [n for n in map(int, re.findall(r"\d+", shown))
                   if not 1 <= n <= board.variant.squares]
        if outside:
            return Explanation(False, rules["numbering"], "no_such_square",
                               {"text": outside[0], "last": board.variant.squares})
    return Explanation(False, rules["notation"], "unreadable", {"text": shown[:40]})


_NUMBERED_MOVE = re.compile(r"\d+(\s*[-x×X:]\s*\d+)+")


# -- legal moves ----------------------------------------------------------------------------

def _explain_legal(board: Position, move: Move) -> Explanation:
    if not move.captures:
        return Explanation(True, None, "legal_move", {"move": str(move)})
    gen = board.movegen
    rel = board.relative()
    legal = board.legal_map()
    record = legal[move][1]
    others = [str(m) for m in legal if m != move]
    params: dict[str, Any] = {"move": str(move), "n": len(move.captures),
                              "other_moves": others,
                              "choice_rule": board.variant.rules["free_choice"]}
    # Among the captures the precedence rules turned down, the best one shows which rule
    # made this capture the required one.
    legal_sigs = {_signature(r) for _, r in legal.values()}
    turned_down = [r for r in gen.raw_captures(*rel) if _signature(r) not in legal_sigs]
    if not turned_down:
        return Explanation(True, None, "legal_capture", params)
    key = gen.precedence_key(record, rel[3])
    runner_up = max(gen.precedence_key(r, rel[3]) for r in turned_down)
    criterion = _first_difference(board, key, runner_up)
    params["why"] = board.variant.rules[criterion]
    params["kings"] = _kings_taken(board, record)
    return Explanation(True, None, "required_" + criterion, params, tuple(legal))


def _signature(record: tuple) -> tuple:
    path, caps, _ = record
    return (path[0], path[-1], frozenset(caps))


def _first_difference(board: Position, key: tuple, other: tuple) -> str:
    for criterion, a, b in zip(board.variant.precedence, key, other):
        if a != b:
            return criterion
    return board.variant.precedence[-1]


def _kings_taken(board: Position, record: tuple) -> int:
    ok = board.relative()[3]
    return sum(1 for c in record[1] if ok >> c & 1)


# -- illegal moves --------------------------------------------------------------------------

def _explain_illegal(board: Position, squares: tuple[int, ...]) -> Explanation:
    rules = board.variant.rules
    start, end = squares[0], squares[-1]
    piece = board.piece_at(start)
    if piece is None:
        return Explanation(False, rules["turn"], "empty_start", {"square": start})
    if piece.colour != board.turn:
        return Explanation(False, rules["turn"], "not_your_piece",
                           {"square": start, "owner": piece.colour, "turn": board.turn})
    move_rule = rules["king_move" if piece.king else "man_move"]
    if len(squares) == 2 and start == end:
        return Explanation(False, move_rule, "same_square", {"square": start})

    gen = board.movegen
    rel = board.relative()
    raw_records = {board.move_of(r): r for r in gen.raw_captures(*rel)}
    own = [m for m in raw_records if m.start == start]
    # A complete capture chain that the precedence rules turned down.
    complete = [m for m in own if m.end == end and _passes(m.path, squares)]
    if complete:
        return _precedence(board, raw_records[complete[0]])
    # A chain cut short: the squares given are the beginning of a longer capture. It must go
    # on (IT-C5) only when a legal capture goes that way; a way that only the captures the
    # precedence rules turned down take is refused by the rule that turned them down.
    legal_own = [m for m in board.legal_moves if m.start == start and m.captures]
    cut_short = [m for m in legal_own if _begins(m, squares)]
    turned_down = [m for m in own if _begins(m, squares)]
    if turned_down and not cut_short:
        return _precedence(board, raw_records[turned_down[0]])
    if cut_short:
        geo = board.variant.geometry
        far_row = range(1, geo.half + 1) if board.turn == "W" else range(
            geo.squares - geo.half + 1, geo.squares + 1)
        if not piece.king and end in far_row and not board.variant.promotion_ends_capture:
            return Explanation(False, rules["promotion"], "passes_back_row", {"square": end},
                               tuple(board.legal_moves))
        return Explanation(False, rules["continue"], "must_continue", {"square": end},
                           tuple(board.legal_moves))
    return _geometry(board, squares, piece)


def _begins(move: Move, squares: tuple[int, ...]) -> bool:
    """True when ``squares`` is the beginning of ``move``'s capture, cut short before its
    end: the same start, the last square one of its landings, the others on its way."""
    end = squares[-1]
    path = move.path
    return end in path[1:-1] and _passes(path[:path.index(end) + 1], squares)


def _passes(path: tuple[int, ...], squares: tuple[int, ...]) -> bool:
    """True when ``squares`` names the start and end of ``path`` and, in order, only squares
    the path lands on."""
    if path[0] != squares[0] or path[-1] != squares[-1]:
        return False
    inner = iter(path[1:-1])
    return all(s in inner for s in squares[1:-1])


def _precedence(board: Position, record: tuple) -> Explanation:
    gen = board.movegen
    rel = board.relative()
    legal = board.legal_map()
    best_record = next(iter(legal.values()))[1]
    key = gen.precedence_key(record, rel[3])
    best = gen.precedence_key(best_record, rel[3])
    criterion = _first_difference(board, key, best)
    kings = _kings_taken(board, record)
    best_kings = _kings_taken(board, best_record)
    ok = rel[3]
    params: dict[str, Any] = {
        "required_moves": [str(m) for m in legal],
        "n": len(record[1]), "best": len(best_record[1]),
        "kings": kings, "best_kings_n": best_kings,
    }
    if criterion == KING_CAPTURES:
        params["king_squares"] = sorted({m.start for m in legal})
    if criterion == KING_ORDER:
        params["jump"] = next(i + 1 for i, c in enumerate(record[1]) if ok >> c & 1)
        params["best_jump"] = next(i + 1 for i, c in enumerate(best_record[1]) if ok >> c & 1)
        # Equal up to the first king: name the first jump at which they differ.
        mine = [i + 1 for i, c in enumerate(record[1]) if ok >> c & 1]
        theirs = [i + 1 for i, c in enumerate(best_record[1]) if ok >> c & 1]
        for a, b in zip(mine, theirs):
            if a != b:
                params["jump"], params["best_jump"] = a, b
                break
    return Explanation(False, board.variant.rules[criterion], "illegal_" + criterion, params,
                       tuple(legal))


def _geometry(board: Position, squares: tuple[int, ...], piece) -> Explanation:
    """Walk the squares given step by step and name the first rule a step breaks."""
    variant = board.variant
    rules = variant.rules
    geo = variant.geometry
    move_rule = rules["king_move" if piece.king else "man_move"]
    capture_rule = rules["king_capture" if piece.king else "man_capture"]
    forward = -1 if board.turn == "W" else 1
    far_row = 0 if board.turn == "W" else geo.size - 1
    occupied = set(board.pieces()) - {squares[0]}
    taken: list[int] = []
    required = tuple(board.legal_moves)
    for i, (a, b) in enumerate(zip(squares, squares[1:])):
        (r0, c0), (r1, c1) = geo.coords[a], geo.coords[b]
        dr, dc = r1 - r0, c1 - c0
        params = {"start": a, "end": b}
        if taken and not piece.king and variant.promotion_ends_capture and r0 == far_row:
            return Explanation(False, rules["promotion"], "promotion_ends", {"square": a})
        if dr == 0 or abs(dr) != abs(dc):
            if not taken and board.must_capture():
                # The real reason: a capture is due (the wrong square is a detail).
                return Explanation(False, rules["compulsory"], "must_capture",
                                   {"capturing": board.capturing_squares(), "piece": squares[0]},
                                   required)
            return Explanation(False, move_rule, "not_diagonal", params)
        step_r, step_c = (1 if dr > 0 else -1), (1 if dc > 0 else -1)
        between = [geo.by_coords[(r0 + k * step_r, c0 + k * step_c)] for k in range(1, abs(dr))]
        in_way = [s for s in between if s in occupied]
        if not in_way:
            if taken:
                return Explanation(False, rules["continue"], "after_capture_only_captures",
                                   params, required)
            if not piece.king and (dr > 0) != (forward > 0):
                return Explanation(False, move_rule, "man_backwards", params)
            if not piece.king and abs(dr) > 1:
                return Explanation(False, move_rule, "man_too_far", params)
            if piece.king and abs(dr) > 1 and not variant.flying_kings:
                return Explanation(False, move_rule, "king_too_far", params)
            if b in occupied:
                return Explanation(False, move_rule, "occupied", params)
            if board.must_capture():
                return Explanation(False, rules["compulsory"], "must_capture",
                                   {"capturing": board.capturing_squares(), "piece": squares[0]},
                                   required)
            continue
        victim = in_way[0]
        short = not (piece.king and variant.flying_kings)
        if short and (abs(dr) > 2 or between.index(victim) != 0):
            if len(squares) == 2 and not board.must_capture() and abs(dr) > 1:
                reason = "king_too_far" if piece.king else "man_too_far"
                return Explanation(False, move_rule, reason, params)
            return Explanation(False, move_rule, "path_blocked" if piece.king else "man_too_far",
                               {**params, "square": victim})
        if len(in_way) > 1:
            behind = in_way[1]
            if between.index(behind) == between.index(victim) + 1:
                return Explanation(False, rules["jump"], "jump_two", {**params, "square": victim})
            return Explanation(False, move_rule, "path_blocked", {**params, "square": behind})
        owner = board.piece_at(victim)
        if victim in taken:
            return Explanation(False, rules["lifted"], "jumped_twice", {"square": victim})
        if owner is None or owner.colour == board.turn:
            if not short:  # a flying king meeting its own piece is simply blocked
                return Explanation(False, move_rule, "path_blocked", {**params, "square": victim})
            return Explanation(False, rules["jump"], "jump_own", {"square": victim})
        if not piece.king and not variant.men_capture_backwards and (dr > 0) != (forward > 0):
            return Explanation(False, capture_rule, "man_captures_backwards", params)
        if not piece.king and owner.king and not variant.men_capture_kings:
            return Explanation(False, capture_rule, "man_takes_king", {"square": victim})
        if b in occupied:
            return Explanation(False, rules["jump"], "landing_occupied", params)
        taken.append(victim)
    if board.must_capture():
        return Explanation(False, rules["compulsory"], "must_capture",
                           {"capturing": board.capturing_squares(), "piece": squares[0]},
                                   required)
    return Explanation(False, rules["compulsory"] if taken else move_rule, "not_possible",
                       {"move": "-".join(map(str, squares))}, required)
