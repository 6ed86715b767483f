"""The sentence kit: how the course puts a position and a line of moves into words.

Sides and pieces named («il Bianco», «la pedina in 22»), what a line does to the material,
the hint that names the first move's piece, which captures the precedence rules turn down, a
line of moves told as a child reads it («il Nero mangia una pedina con 15x22, tu mangi due
pedine con 27x9») and what a wrong move would let happen. The checker, the game review, the
puzzle maker and the puzzle generator all say things this one way.

Two kinds of words live here. Those made for a reader come from the catalogues, in any
language the programs speak (:func:`line_words`, :func:`what_it_lets_happen`). Those written
into content, as the puzzle files keep it, are Italian and English side by side
(``SIDE[side] == ("il Bianco", "White")``), as the generator and the puzzle maker write them.

    >>> from damalib import Board
    >>> board = Board("W:W22:B18,3")
    >>> piece_words(board, 22)
    ('la pedina in 22', 'the man on 22')
    >>> line_words(board, tuple(board.parse_move(m) for m in ["22x13"]), "W", "it")
    'tu mangi una pedina con 22x13'
"""

from __future__ import annotations

from typing import Any, Iterable

from damalib import BLACK, WHITE, Board, Move
from damalib.explain import join_words as join
from damalib.i18n import N_, NC_, colour_word, number_word, spoken, translator
from damalib.movegen import movegen
from damalib.pdn import move_texts
from damalib.review import material, refutation
from damalib.rulenames import rule_name

from dama.text import say

# -- content words: Italian and English side by side -----------------------------------------

OTHER = {WHITE: BLACK, BLACK: WHITE}


# Names of the sides: (Italian, English) in the forms the texts need.
SIDE = {WHITE: ("il Bianco", "White"), BLACK: ("il Nero", "Black")}


SIDE_CAP = {WHITE: ("Il Bianco", "White"), BLACK: ("Il Nero", "Black")}


TO_SIDE = {WHITE: "al Bianco", BLACK: "al Nero"}          # "tocca al Bianco"


OF_SIDE = {WHITE: "del Bianco", BLACK: "del Nero"}        # "la pedina del Bianco"


ADJ = {WHITE: ("bianca", "white"), BLACK: ("nera", "black")}


def cap(text: str) -> str:
    """The text with a capital first letter."""
    return text[:1].upper() + text[1:]


def joined(preposition: str, words: str) -> str:
    """An Italian preposition joined to the article of ``words``: ("da", "la pedina in 22")
    gives "dalla pedina in 22"."""
    base = {"a": "al", "da": "dal", "di": "del", "in": "nel", "su": "sul"}[preposition]
    for article in ("la ", "le "):
        if words.startswith(article):
            return base + words
    if words.startswith("il "):
        return base + words[2:]
    if words.startswith("i "):  # "dai pezzi", "dei pezzi"
        return base[:-1] + words
    return f"{preposition} {words}"


def piece_words(board: Board, square: int, coloured: bool = False) -> tuple[str, str]:
    """("la pedina in 22", "the man on 22") for the piece on ``square``; ``coloured`` adds
    its colour ("la pedina nera in 18", "the black man on 18")."""
    piece = board.piece_at(square)
    if piece is None:
        return f"la casella {square}", f"square {square}"
    it, en = ("dama", "king") if piece.king else ("pedina", "man")
    if coloured:
        return (f"la {it} {ADJ[piece.colour][0]} in {square}",
                f"the {ADJ[piece.colour][1]} {en} on {square}")
    return f"la {it} in {square}", f"the {en} on {square}"


def pieces_n(n: int, lang: str, king: bool = False) -> str:
    if lang == "it":
        if king:
            return "una dama" if n == 1 else "nessuna dama" if n == 0 else f"{n} dame"
        return "un pezzo" if n == 1 else f"{n} pezzi"
    if king:
        return "one king" if n == 1 else "no king" if n == 0 else f"{n} kings"
    return "one piece" if n == 1 else f"{n} pieces"


def line_material(board: Board, line: Iterable[Move]) -> dict[str, int]:
    """What ``line`` (played from ``board``) does to the material of the side to move,
    counted by the engine: "gave" (pieces the opponent takes), "took" (pieces the side takes),
    "gain" (the change in the difference of pieces, a king counting one) and "lead" (the
    difference at the end: positive when the side is ahead)."""
    side = board.turn
    after = board.copy()
    gave = took = 0
    start = sum(1 if p.colour == side else -1 for p in after.pieces().values())
    for move in line:
        if after.turn == side:
            took += len(move.captures)
        else:
            gave += len(move.captures)
        after.push(move)
    lead = sum(1 if p.colour == side else -1 for p in after.pieces().values())
    return {"gave": gave, "took": took, "gain": lead - start, "lead": lead}


def final_material(board: Board, line: Iterable[Move]) -> tuple[str, str]:
    """The sentence that says who is ahead at the end of ``line``, from the engine's count:
    "Alla fine i pezzi sono pari.", "Alla fine il Nero ha un pezzo in più.", "Alla fine il
    Bianco ha ancora 2 pezzi in più." (the side was behind and still is)."""
    side, other = board.turn, OTHER[board.turn]
    lead = line_material(board, line)["lead"]
    if lead == 0:
        return "Alla fine i pezzi sono pari.", "In the end the pieces are level."
    who = side if lead > 0 else other
    still_it, still_en = ("", "") if lead > 0 else ("ancora ", "still ")
    n = abs(lead)
    return (f"Alla fine {SIDE[who][0]} ha {still_it}{pieces_n(n, 'it')} in più.",
            f"In the end {SIDE[who][1]} is {still_en}{pieces_n(n, 'en')} up.")


def first_move_hint(board: Board, move: Move) -> tuple[str, str]:
    """A hint naming the piece of the right first move, and what the opponent is left with."""
    mover_it, mover_en = piece_words(board, move.start)
    other_it, other_en = SIDE[OTHER[board.turn]]
    after = board.copy()
    after.push(move)
    replies = after.legal_moves
    if replies and replies[0].captures:
        then_it = f"Dopo, {other_it} è obbligato a mangiare."
        then_en = f"Afterwards {other_en} is forced to capture."
    elif len(replies) == 1:
        then_it = f"Dopo, {other_it} ha una mossa sola."
        then_en = f"Afterwards {other_en} has a single move."
    else:
        then_it = f"Poi pensa a che cosa può rispondere {other_it}."
        then_en = f"Then think about what {other_en} can answer."
    return (f"La prima mossa si fa con {mover_it}. {then_it}",
            f"The first move is made with {mover_en}. {then_en}")


def promotes(board: Board, move: Move) -> bool:
    piece = board.piece_at(move.start)
    geo = board.variant.geometry
    half = geo.half
    row = range(1, half + 1) if board.turn == WHITE else range(geo.squares - half + 1,
                                                               geo.squares + 1)
    return bool(piece) and not piece.king and move.end in row


def raw_captures(board: Board) -> list[tuple[Move, tuple]]:
    """Every capture chain before the precedence rules, with its record."""
    gen = movegen(board.variant)
    out = []
    for record in gen.raw_captures(*board.relative()):
        path = tuple(board.variant.geometry.square_of[b] for b in record[0])
        caps = tuple(board.variant.geometry.square_of[b] for b in record[1])
        out.append((Move(path, caps), record))
    return out


def signature(move: Move) -> tuple:
    return (move.start, move.end, frozenset(move.captures))


def turned_down(board: Board) -> list[tuple[Move, str]]:
    """The capture chains the precedence rules turn down, each with the rule that decides
    against it (the first criterion on which it loses to the legal captures). Chains that
    differ from a legal one only in the order of the same pieces are left out, and so are
    chains whose full text would name a legal move."""
    gen = movegen(board.variant)
    rel = board.relative()
    legal = [m for m in board.legal_moves if m.captures]
    if not legal:
        return []
    legal_sigs = {signature(m) for m in legal}
    records = {signature(m): r for m, r in raw_captures(board)}
    best = gen.precedence_key(records[signature(legal[0])], rel[3])
    rules = board.variant.rules
    names = board.variant.precedence
    out, seen = [], set()
    for move, record in raw_captures(board):
        sig = signature(move)
        if sig in legal_sigs or sig in seen:
            continue
        seen.add(sig)
        if board.matching(move.path):
            continue
        key = gen.precedence_key(record, rel[3])
        for name, a, b in zip(names, key, best):
            if a != b:
                out.append((move, rules[name]))
                break
    return out


def line_text(board: Board, line: list[Move]) -> str:
    """The moves of ``line`` as the puzzle files write them, from ``board``."""
    return " ".join(move_texts(board, line))


# -- a line of moves told in words, in the reader's language ---------------------------------

MESSAGES = {
    # what a wrong move would let happen: the opponent's answer, never the child's replies
    # (they could be the answer), and what the line would cost
    "would": N_("With {move}, {line}"),
    "would_lose": N_("you would lose {what}"),
    "would_lose_out": N_("you would come off worse"),
    "would_opp_king": N_("{opp} would make a king"),
    "in_the_end": N_("in the end {what}"),
    "and_then": N_("and so on"),
    "and": N_("and"),
}

#: The most plies of a line told in words: past them the line is told by its result only.
TOLD_PLIES = 7


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
        "opp_move": NC_("now opp_move", "{opp} plays {move}"),
        "opp_take": NC_("now opp_take", "{opp} takes {what} with {move}"),
        "you_king": NC_("now you_king", " and make a king"),
        "opp_king": NC_("now opp_king", " and makes a king"),
    },
    "past": {
        "you_move": NC_("past you_move", "you played {move}"),
        "you_take": NC_("past you_take", "you took {what} with {move}"),
        "opp_move": NC_("past opp_move", "{opp} played {move}"),
        "opp_take": NC_("past opp_take", "{opp} took {what} with {move}"),
        "you_king": NC_("past you_king", " and made a king"),
        "opp_king": NC_("past opp_king", " and made a king"),
    },
    "could": {
        "opp_move_first": NC_("could opp_move_first", "{opp} could have played {move}"),
        "opp_take_first": NC_("could opp_take_first", "{opp} could have taken {what} with {move}"),
        "opp_king_first": NC_("could opp_king_first", " and made a king"),
        "you_move": NC_("could you_move", "you would have played {move}"),
        "you_take": NC_("could you_take", "you would have taken {what} with {move}"),
        "opp_move": NC_("could opp_move", "{opp} would have played {move}"),
        "opp_take": NC_("could opp_take", "{opp} would have taken {what} with {move}"),
        "you_king": NC_("could you_king", " and made a king"),
        "opp_king": NC_("could opp_king", " and made a king"),
    },
    "would": {
        "opp_move_first": NC_("would opp_move_first", "{opp} could answer {move}"),
        "opp_take_first": NC_("would opp_take_first", "{opp} could take {what} with {move}"),
        "opp_king_first": NC_("would opp_king_first", " and make a king"),
    },
}


def material_words(men: int, kings: int, lang: str) -> str:
    """"una pedina", "due pedine e una dama" / "a man", "two men and a king"."""
    _ = translator(lang)
    parts = []
    if men:
        parts.append(_.plural("a man", "{count} men", men, count=number_word(men, lang)))
    if kings:
        parts.append(_.plural("a king", "{count} kings", kings, count=number_word(kings, lang)))
    return join(parts, lang)


def pieces_words(n: int, lang: str) -> str:
    """"un pezzo", "due pezzi" / "a piece", "two pieces"."""
    return translator(lang).plural("a piece", "{count} pieces", n, count=number_word(n, lang))


def opponent(side: str, lang: str) -> str:
    """The opponent of ``side`` as the subject of a sentence: «il Nero», "Black"."""
    return colour_word(BLACK if side == WHITE else WHITE, lang, "subject")


def pieces_balance(board: Board, side: str) -> int:
    """``side``'s pieces minus the opponent's (a king counts as one piece)."""
    return sum(1 if p.colour == side else -1 for p in board.pieces().values())


def told_plies(board: Board, line: tuple[Move, ...]) -> int:
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


def line_words(board: Board, line: tuple[Move, ...], child: str, lang: str,
                mood: str = "now") -> str:
    """``line`` from ``board`` told in words, the child as "tu" / "you": "il Nero mangia una
    pedina con 15x22, tu mangi due pedine con 27x9" (``mood`` "now"); "il Nero ha mangiato
    …" ("past"); "il Nero poteva mangiare …, tu avresti mangiato …" ("could"); "il Nero
    potrebbe mangiare …" ("would": the first ply only, the opponent's). The first capture
    forced by a quiet move names the rule (in words) that makes it compulsory."""
    words_of = LINE[mood]
    story = told_plies(board, line)
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
            what = material_words(len(pieces) - kings, kings, lang)
            words = _say_in_mood(words_of[f"{who}_take{first}"], lang, what=what, move=text,
                              opp=opponent(child, lang))
            if not named_rule and i > 0 and not line[i - 1].captures:
                words += f" ({rule_name(after.variant.rules['compulsory'], lang)})"
                named_rule = True
        else:
            words = _say_in_mood(words_of[f"{who}_move{first}"], lang, move=text,
                              opp=opponent(child, lang))
        if promotes(after, move):
            words += _say_in_mood(words_of[f"{who}_king{first}"], lang)
        parts.append(words)
        after.push(move)
    if told < story and mood != "would":
        parts.append(say(MESSAGES, "and_then", lang))
    return ", ".join(parts)


def _say_in_mood(message: tuple[str, str], lang: str, **params: Any) -> str:
    """A message of LINE (its mood, its English) in ``lang``."""
    return translator(lang).context(*message, **params)


def line_end(board: Board, line: tuple[Move, ...]) -> Board:
    after = board.copy()
    for move in line:
        after.push(move)
    return after


def plies_of(board: Board, line: tuple[Move, ...]) -> list[tuple[Board, Move]]:
    """Each move of ``line`` with the position it is played in."""
    after = board.copy()
    plies = []
    for move in line:
        plies.append((after.copy(), move))
        after.push(move)
    return plies


def what_it_lets_happen(board: Board, move: Move) -> dict[str, str] | None:
    """«Con 18-13, il Nero potrebbe mangiare una pedina con 10x17: perderesti un pezzo.», by
    language, when ``move`` loses material by force (the opponent's best answer, searched);
    None when it loses nothing. Only the opponent's answer is named: the child's own replies
    along the line could be the puzzle's answer."""
    side = board.turn
    line = refutation(board, move)
    if material(line_end(board, (move, *line)), side) >= material(board, side):
        return None
    return would_text(board, move, line)


def would_text(board: Board, move: Move, line: tuple[Move, ...]) -> dict[str, str]:
    """What ``move`` would let happen along ``line`` (the opponent's best answer and what
    follows), in the conditional: the answer, then the cost of the told line."""
    side = board.turn
    after = line_end(board, (move,))
    told = line[:told_plies(after, line)]
    end = line_end(after, told)
    lost = pieces_balance(board, side) - pieces_balance(end, side)
    late_king = any(promotes(b, m) for b, m in plies_of(after, told)[1:] if b.turn != side)
    texts = {}
    for lang in spoken():
        answer = line_words(after, told, side, lang, "would")
        costs = []
        if lost > 0:
            costs.append(say(MESSAGES, "would_lose", lang, what=pieces_words(lost, lang)))
        if late_king:
            costs.append(say(MESSAGES, "would_opp_king", lang, opp=opponent(side, lang)))
        said = say(MESSAGES, "would", lang, move=board.move_text(move), line=answer)
        if not costs and promotes(after, told[0]):   # "… e fare dama" says it all
            texts[lang] = f"{said}."
            continue
        cost = f" {say(MESSAGES, 'and', lang)} ".join(costs) or say(MESSAGES, "would_lose_out", lang)
        if len(told) > 1:
            cost = say(MESSAGES, "in_the_end", lang, what=cost)
        texts[lang] = f"{said}: {cost}."
    return texts
