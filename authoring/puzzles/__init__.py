"""Make the puzzle collection: ``python -m authoring.puzzles [--out FOLDER]``.

One module per topic, in the order of the collection's files (the list :data:`TOPICS` below):
:mod:`.movement`, :mod:`.capture` (and the multiple capture), :mod:`.promotion` (and the
kings), :mod:`.precedence` (IT-P1 to IT-P5), :mod:`.end_of_game` (and the endgames),
:mod:`.forty_moves`, :mod:`.notation`, :mod:`.tactics`, :mod:`.other_variants`; what they share
is in :mod:`.common`.

Every puzzle comes from a position that ``damalib`` checks: the answers are computed from the
rules (the legal moves, the captures the precedence rules keep, the 40-move count), and the
goal puzzles (tactics, endgames, end of game) are proved by :mod:`damalib.solver` and, for the
tactics, cross-checked by a small search of our own. The output is reproducible: fixed seeds,
a fixed order, the same bytes at every run (``tests/test_collection.py`` checks it).

Where the positions come from:

* *games*: short games played from the start by a simple, sensible player (it takes what
  it can, avoids leaving pieces en prise one move deep, and now and then plays a plain
  random move, the kind of slip a young player makes); the tactics ("il tiro"), the
  captures and the precedence of the quantity (IT-P1, INT-P1) are found in them;
* *small positions*: a few pieces placed at random under plausibility rules (men never on
  their own promotion row, men of each side mostly in their own half, material not
  absurdly unbalanced) for the first lessons and the king rules (IT-P2..P4), which real
  games reach too seldom.

A teacher may edit the files by hand; rerunning the generator rewrites them, so keep lasting
edits in the generator or in a hand-written file such as ``it-00-examples.toml``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from dama.core.content.puzzle import COLLECTIONS
from authoring.puzzles.basic_endings import (build_basic_endings, build_opposition,
                                             later_basic_endings, later_row_counts)
from authoring.puzzles.championship import later_championship
from authoring.puzzles.capture import build_capture, build_multiple, more_capture, more_multiple
from authoring.puzzles.common import IT, Context, Topic, render
from authoring.puzzles.end_of_game import build_end, build_endgames, more_end, more_endgames
from authoring.puzzles.fork import later_fork
from authoring.puzzles.forty_moves import build_forty, more_forty
from authoring.puzzles.movement import build_movement, later_movement, more_movement
from authoring.puzzles.notation import build_notation, more_notation
from authoring.puzzles.openings import later_openings
from authoring.puzzles.other_variants import variant_topics
from authoring.puzzles.precedence import build_free_choice, build_precedence, more_free_choice
from authoring.puzzles.promotion import build_kings, build_promotion, more_kings, more_promotion
from authoring.puzzles.opening_exchange import later_opening_exchange
from authoring.puzzles.shot_questions import (later_championship_choices,
                                              later_championship_questions,
                                              later_fork_questions, later_opening_questions,
                                              later_shot_questions)
from authoring.puzzles.simplify import later_simplify, later_simplify_counts
from authoring.puzzles.tactics import (build_exchanges, build_king_shots, build_tactics,
                                       later_tactics, more_tactics)
from authoring.puzzles.waiting import later_waiting, later_waiting_choices

__all__ = ["TOPICS", "build_all", "main"]

#: Where the positions of a file come from, said in its header (by language), when not the
#: simulated games and small positions of the first sets.
OPENING_TREE = ("a poche mosse dall'inizio della partita: tutte, fino all'ottava semimossa",
                "every position a few moves from the start of the game, up to the eighth ply")
CHAMPIONSHIP_GAMES = ("dalle 53 partite del 69° Campionato Italiano Assoluto (2005), "
                      "authoring/games/campionato-assoluto-2005.pdn",
                      "the 53 games of the 69th Italian absolute championship (2005), "
                      "authoring/games/campionato-assoluto-2005.pdn")
BUILT = ("piccole posizioni costruite con un seme fisso", "small built positions (a fixed seed)")

#: The collection's files, in order; each topic's builder makes its puzzles.
TOPICS: list[Topic] = [
    Topic("it-01-movement.toml", IT, "movement", "it-mov",
          ("Come si muovono le pedine e le dame", "How men and kings move"),
          "IT-M1, IT-M2, IT-B4", build_movement, more_movement, later_movement),
    Topic("it-02-capture.toml", IT, "capture", "it-cap",
          ("La presa e l'obbligo di mangiare", "Capturing, and why you must"),
          "IT-C1, IT-C2, IT-C3", build_capture, more_capture),
    Topic("it-03-multiple-capture.toml", IT, "multiple-capture", "it-mul",
          ("La presa multipla", "Multiple captures"), "IT-C5, IT-C6", build_multiple,
          more_multiple),
    Topic("it-04-promotion.toml", IT, "promotion", "it-pro",
          ("La damatura", "Promotion"), "IT-K1, IT-C7", build_promotion, more_promotion),
    Topic("it-05-kings.toml", IT, "kings", "it-kin",
          ("La dama", "The king"), "IT-M2, IT-C4, IT-C3", build_kings, more_kings),
    Topic("it-06-quantity.toml", IT, "precedence-quantity", "it-qty",
          ("Prima regola della presa: la quantità", "First capture rule: quantity"),
          "IT-P1", build_precedence("IT-P1"), build_precedence("IT-P1", more=True)),
    Topic("it-07-king-captures.toml", IT, "precedence-king", "it-pkg",
          ("Seconda regola: si mangia con la dama", "Second rule: capture with the king"),
          "IT-P2", build_precedence("IT-P2"), build_precedence("IT-P2", more=True)),
    Topic("it-08-quality.toml", IT, "precedence-quality", "it-qly",
          ("Terza regola: la qualità (più dame)", "Third rule: quality (more kings)"),
          "IT-P3", build_precedence("IT-P3"), build_precedence("IT-P3", more=True)),
    Topic("it-09-order.toml", IT, "precedence-order", "it-ord",
          ("Quarta regola: prima la dama", "Fourth rule: the king first"),
          "IT-P4", build_precedence("IT-P4"), build_precedence("IT-P4", more=True)),
    Topic("it-10-free-choice.toml", IT, "free-choice", "it-fre",
          ("Quando la scelta è libera", "When the choice is free"), "IT-P5", build_free_choice,
          more_free_choice),
    Topic("it-11-end-of-game.toml", IT, "end-of-game", "it-end",
          ("La fine della partita e il blocco", "The end of the game, and blocking"),
          "IT-E1", build_end, more_end),
    Topic("it-12-forty-moves.toml", IT, "forty-moves", "it-cnt",
          ("Chiamare le mosse: il conteggio delle 40", "Calling the count: the 40 moves"),
          "IT-D2", build_forty, more_forty),
    Topic("it-13-notation.toml", IT, "notation", "it-not",
          ("Scrivere le mosse", "Writing the moves down"), "IT-N, IT-B2", build_notation,
          more_notation),
    Topic("it-14-tactics.toml", IT, "tactics", "it-tir",
          ("Il tiro: regalare un pezzo per prenderne di più",
           "The shot: give one piece to take more"), "IT-C1, IT-C5", build_tactics,
          more_tactics, later_tactics),
    Topic("it-15-endgames.toml", IT, "endgames", "it-fin",
          ("I finali", "Endgames"), "IT-E1, IT-K1", build_endgames, more_endgames),
    Topic("it-16-exchange.toml", IT, "tactics", "it-cam",
          ("Il cambio vantaggioso: dare un pezzo per prenderne due",
           "The good exchange: give one, take two"),
          "IT-C1, IT-C5", build_exchanges),
    Topic("it-17-king-shot.toml", IT, "tactics", "it-cdd",
          ("Il colpo di dama: un sacrificio per fare dama",
           "The king shot: a sacrifice to make a king"), "IT-C1, IT-C7, IT-K1", build_king_shots),
    # The second year: the basic endings, held to the end by the exact tables.
    Topic("it-18-basic-endings.toml", IT, "basic-endings", "it-bas",
          ("I finali di base: tenere la patta, tenere la vittoria",
           "Basic endings: hold the draw, keep the win"), "IT-E1, IT-M1, IT-M2",
          build_basic_endings, build_opposition, later_basic_endings),
    # All made in the ``later`` phase (see LATER_ORDER): positions of their own, taken
    # after the first sets took theirs, so that no other file's puzzle changes.
    Topic("it-19-openings.toml", IT, "openings", "it-ape",
          ("Il tiro in apertura: le prime mosse di una partita",
           "The shot in the opening: the first moves of a game"), "IT-C1, IT-C5",
          None, None, later_openings,
          origin=OPENING_TREE),
    Topic("it-20-championship.toml", IT, "championship", "it-cmp",
          ("Il tiro dei campioni: le partite del campionato italiano 2005",
           "The champions' shots: the games of the 2005 Italian championship"),
          "IT-C1, IT-C5", None, None, later_championship,
          origin=CHAMPIONSHIP_GAMES),
    Topic("it-21-fork.toml", IT, "fork", "it-frc",
          ("La forchetta: la dama attacca due pedine insieme",
           "The fork: the king attacks two men at once"), "IT-M2, IT-C1",
          None, None, later_fork,
          origin=BUILT),
    Topic("it-22-simplify.toml", IT, "simplify", "it-smp",
          ("Semplificare quando sei avanti: il cambio di una pedina per una",
           "Simplify when you are ahead: the exchange of a man for a man"), "IT-C1, IT-M1",
          None, None, later_simplify),
    Topic("it-23-waiting.toml", IT, "waiting", "it-att",
          ("La mossa di attesa: ogni mossa dell'avversario perde un pezzo",
           "The waiting move: every move of the opponent loses a piece"), "IT-M1, IT-C1",
          None, None, later_waiting,
          origin=BUILT),
    Topic("it-24-opening-exchange.toml", IT, "opening-exchange", "it-cia",
          ("Il cambio in apertura: dare una pedina e riprenderne una",
           "The exchange in the opening: give a man, take one back"), "IT-C1, IT-M1",
          None, None, later_opening_exchange,
          origin=("a poche mosse dall'inizio della partita: tutte, fino alla sesta semimossa",
                  "every position a few moves from the start of the game, up to the "
                  "sixth ply")),
    # Counts and choices about the combinations of lessons 19 to 22
    # (authoring/puzzles/shot_questions.py), each file with its lesson's topic.
    Topic("it-25-shot-questions.toml", IT, "tactics", "it-dti",
          ("Domande sul tiro: quanti pezzi prende, quale mossa lo comincia",
           "Questions on the shot: how many pieces it takes, which move starts it"),
          "IT-C1, IT-C5", None, None, later_shot_questions),
    Topic("it-26-opening-questions.toml", IT, "openings", "it-dap",
          ("Domande sul tiro in apertura", "Questions on the shot in the opening"),
          "IT-C1, IT-C5", None, None, later_opening_questions,
          origin=OPENING_TREE),
    Topic("it-27-championship-questions.toml", IT, "championship", "it-dcp",
          ("Le prese dei campioni: quanti pezzi?", "The champions' captures: how many pieces?"),
          "IT-C1, IT-C5, IT-P1", None, None, later_championship_questions,
          origin=CHAMPIONSHIP_GAMES),
    Topic("it-28-fork-questions.toml", IT, "fork", "it-dfo",
          ("Domande sulla forchetta: le mosse della dama", "Questions on the fork: the king's moves"),
          "IT-M2, IT-C1", None, None, later_fork_questions,
          origin=BUILT),
    Topic("it-29-simplify-counts.toml", IT, "simplify", "it-csm",
          ("Prima di semplificare: conta le tue mosse", "Before you simplify: count your moves"),
          "IT-M1, IT-M2", None, None, later_simplify_counts, origin=BUILT),
    Topic("it-30-waiting-choices.toml", IT, "waiting", "it-sat",
          ("Scegli la mossa di attesa", "Choose the waiting move"), "IT-M1, IT-C1",
          None, None, later_waiting_choices, origin=BUILT),
    Topic("it-31-row-counts.toml", IT, "basic-endings", "it-rig",
          ("Una pedina contro una: conta le righe", "A man against a man: count the rows"),
          "IT-E1, IT-M1", None, None, later_row_counts),
    Topic("it-32-championship-choices.toml", IT, "championship", "it-scp",
          ("Le prese dei campioni: quale presa?", "The champions' captures: which capture?"),
          "IT-C1, IT-P5", None, None, later_championship_choices, origin=CHAMPIONSHIP_GAMES),
    # How many puzzles of the majority, the flying king and the back row, and their rules.
    *variant_topics("international", "int", (10, 8, 6),
                    ("INT-P1, INT-C1", "INT-C2, INT-M2", "INT-K1")),
    *variant_topics("brazilian", "br", (8, 6, 6),
                    ("INT-P1, BR-B1", "INT-C2, BR-B1", "INT-K1, BR-B1")),
]


#: The files whose ``later`` builders run, in the order the builders were written (not the
#: files' order): a builder written after another takes the positions and hints it left, so
#: that adding one never changes the puzzles of those before it.
LATER_ORDER = ("it-01-movement.toml", "it-19-openings.toml", "it-18-basic-endings.toml",
               "it-14-tactics.toml", "it-20-championship.toml", "it-21-fork.toml",
               "it-22-simplify.toml", "it-23-waiting.toml",
               "it-24-opening-exchange.toml", "it-25-shot-questions.toml",
               "it-26-opening-questions.toml", "it-27-championship-questions.toml",
               "it-28-fork-questions.toml", "it-29-simplify-counts.toml",
               "it-30-waiting-choices.toml", "it-31-row-counts.toml",
               "it-32-championship-choices.toml")


def build_all(log=None) -> dict[str, str]:
    """Every file's text, by file name.

    Every topic makes its first set, numbered from 1, easy to hard; then the topics with
    more (``Topic.more``) add theirs, numbered after the last, easy to hard; then the
    puzzles added later (``Topic.later``), numbered in the order they are made. So an id
    keeps its puzzle whatever is added. A file lists its puzzles easy to hard; within a
    level the first set comes first."""
    ctx = Context()
    made: dict[str, list[dict]] = {}
    for phase in ("build", "more", "later"):
        order = TOPICS if phase != "later" else sorted(
            (t for t in TOPICS if t.later is not None), key=lambda t: LATER_ORDER.index(t.file))
        for topic in order:
            builder = getattr(topic, phase)
            if builder is None:
                continue
            started = time.perf_counter()
            new = builder(ctx)
            if phase != "later":
                # Easy puzzles first; within a level, the order in which they were made.
                new = sorted(new, key=lambda p: p["level"])
            # The hints said so far, for the builders that say each hint once
            # (Context.say_hints).
            ctx.seen("hints").update(h for p in new for lang in ("it", "en")
                                     for h in p.get(f"hints.{lang}", ()))
            before = made.setdefault(topic.file, [])
            for n, p in enumerate(new, len(before) + 1):
                p["id"] = f"{topic.prefix}-{n:03d}"
            made[topic.file] = sorted(before + new, key=lambda p: p["level"])
            if log:
                log(f"{topic.file}: {len(new)} {'' if phase == 'build' else phase + ' '}puzzles "
                    f"({time.perf_counter() - started:.1f} s)")
    return {topic.file: render(topic, made[topic.file]) for topic in TOPICS}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m authoring.puzzles",
                                     description="Generate the puzzle collection.")
    parser.add_argument("--out", default=str(COLLECTIONS),
                        help="folder to write the TOML files into (default: the collection)")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    log = None if args.quiet else (lambda text: print(text, file=sys.stderr))
    files = build_all(log)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (out / name).write_bytes(text.encode("utf-8"))
    if log:
        log(f"{len(files)} files written to {out}")
    return 0

