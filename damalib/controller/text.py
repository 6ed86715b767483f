"""Every string the interactive board shows, in Italian and English, and how it is rendered.

A message is kept as a key of :data:`TEXT` and its parameters (:class:`Msg`), or as an
:class:`~damalib.explain.Explanation`, and rendered in the current language each time a snapshot
is taken, so switching the language re-renders every string. A child reads the rules in words
("la regola della quantità"); the rule's id stays on the message (:func:`rule_of`) for tests and
for a teacher's view.
"""

from __future__ import annotations

import re

from typing import Any

from ..board import BLACK, WHITE, Outcome
from ..explain import Explanation
from ..rulenames import cite_rule

LANGUAGES = ("it", "en")

# Every student-facing string, (Italian, English). Fields in braces are filled when rendered;
# {turn}, {side}, {who}, {colour} hold colours and are named in the language being rendered.
TEXT: dict[str, tuple[str, str]] = {
    # colours
    "W": ("Bianco", "White"),
    "B": ("Nero", "Black"),
    "W_adj_man": ("bianca", "white"),
    "B_adj_man": ("nera", "black"),
    # buttons and labels
    "undo": ("Annulla", "Undo"),
    "restart": ("Ricomincia", "Restart"),
    "flip": ("Gira", "Flip"),
    "numbers": ("Numeri", "Numbers"),
    "show_legal": ("Mostra mosse", "Show moves"),
    "call_count": ("Chiama le mosse", "Call the count"),
    "play": ("Gioca", "Play"),
    "move_placeholder": ("es. 22-19 o 27x18", "e.g. 22-19 or 27x18"),
    "moves_title": ("Mosse", "Moves"),
    "setup_turn_label": ("Tocca al", "To move"),
    "setup_clear": ("Svuota", "Clear"),
    "setup_start": ("Posizione iniziale", "Start position"),
    "setup_export": ("Esporta FEN", "Export FEN"),
    "setup_done": ("Fatto", "Done"),
    # the game
    # «scegli», not «clicca»: on a touch screen «tocca» would follow «Tocca al Bianco».
    "welcome": ("Tocca al {turn}: scegli un tuo pezzo, poi la casella dove vuoi andare.",
                "{turn} to move: click one of your pieces, then the square to go to."),
    "to_move": ("Tocca al {turn}.", "{turn} to move."),
    "your_turn": ("Tocca a te ({turn}).", "Your turn ({turn})."),
    "selected": ("Hai scelto il pezzo in {square}: ora clicca la casella dove va.",
                 "You picked the piece on {square}: now click the square it goes to."),
    "selected_capture": ("Il pezzo in {square} deve mangiare: clicca la casella dove arriva.",
                         "The piece on {square} must capture: click the square where it lands."),
    "deselected": ("Hai lasciato il pezzo in {square}. Tocca al {turn}.",
                   "You put the piece on {square} back. {turn} to move."),
    "moved": ("Il {who} ha giocato {move}.", "{who} played {move}."),
    "chain": ("Presa in corso: {path}. Clicca la prossima casella dove il pezzo atterra "
              "({rule}).",
              "Capture under way: {path}. Click the next square where the piece lands "
              "({rule})."),
    "ambiguous": ("In {square} si arriva in più modi ({options}): clicca una per una le caselle "
                  "dove il pezzo atterra ({rule}).",
                  "There is more than one way to reach {square} ({options}): click the squares "
                  "where the piece lands one at a time ({rule})."),
    "ambiguous_text": ("«{text}» va bene per più mosse ({options}): scrivi tutte le caselle "
                       "di arrivo ({rule}).",
                       "\u201c{text}\u201d fits more than one move ({options}): write every "
                       "landing square ({rule})."),
    "outside": ("Hai cliccato fuori dalla damiera.", "That click was outside the board."),
    "light_square": ("Le caselle chiare non si usano: si gioca solo sulle caselle scure ({rule}).",
                     "The light squares are not used: the game is played on the dark squares "
                     "only ({rule})."),
    "blocked_piece": ("Il pezzo in {square} non può muoversi: le caselle dove andrebbe sono "
                      "occupate ({rule}).",
                      "The piece on {square} cannot move: the squares it could go to are "
                      "taken ({rule})."),
    "game_over": ("La partita è finita. Premi «Ricomincia» per giocarne un'altra, o «Annulla».",
                  "The game is over. Press \u201cRestart\u201d for a new one, or \u201cUndo\u201d."),
    "banner": ("Fine della partita! {outcome}", "Game over! {outcome}"),
    "undone": ("Mossa {move} annullata.", "Move {move} taken back."),
    "nothing_to_undo": ("Non c'è nessuna mossa da annullare.", "There is no move to take back."),
    "restarted": ("Nuova partita!", "New game!"),
    "flipped": ("Damiera girata.", "Board flipped."),
    "numbers_on": ("Numeri delle caselle visibili.", "Square numbers shown."),
    "numbers_off": ("Numeri delle caselle nascosti.", "Square numbers hidden."),
    "hints_on": ("Le mosse possibili vengono mostrate.", "Possible moves are shown."),
    "hints_off": ("Le mosse possibili sono nascoste: trovale tu!",
                  "Possible moves are hidden: find them yourself!"),
    "position_set": ("Nuova posizione.", "New position."),
    "oops": ("Qualcosa non ha funzionato: riprova.", "Something went wrong: please try again."),
    "bad_fen": ("Non riesco a leggere la posizione «{fen}»: la damiera non è cambiata. "
                "(Dettaglio tecnico: {error})",
                "I cannot read the position \u201c{fen}\u201d: the board has not changed. "
                "(Technical detail: {error})"),
    # the 40-move count (IT-D2)
    "count_called": ("Il {who} ha chiamato le mosse: da ora si contano le sue mosse; alla 40ª "
                     "senza vincitore è patta.",
                     "{who} called the count: from now on their moves are counted; at the 40th "
                     "with no winner the game is a draw."),
    "count_text": ("Mosse contate: {n} su 40 (le ha chiamate il {who})",
                   "Counted moves: {n} of 40 (called by {who})"),
    "count_restart_man": ("Il conteggio riparte da zero: è stata mossa una pedina.",
                          "The count starts again from zero: a man was moved."),
    "count_restart_capture": ("Il conteggio riparte da zero: c'è stata una presa.",
                              "The count starts again from zero: there was a capture."),
    "count_wrong_variant": ("Il conteggio delle 40 mosse è una regola della Dama Italiana "
                            "({rule}).",
                            "The 40-move count is a rule of Dama Italiana ({rule})."),
    "count_running": ("Le mosse sono già state chiamate dal {who}.",
                      "The count has already been called by {who}."),
    "count_game_over": ("La partita è finita: non si possono più chiamare le mosse.",
                        "The game is over: the count can no longer be called."),
    # playing the computer
    "computer_thinking": ("Il computer sta pensando…", "The computer is thinking…"),
    "wait_computer": ("Aspetta: ora tocca al computer.", "Wait: it is the computer's turn."),
    "computer_moved": ("Il computer ha giocato {move}.", "The computer played {move}."),
    "computer_failed": ("Il computer non è riuscito a scegliere una mossa ({error}).",
                        "The computer could not choose a move ({error})."),
    "computer_mode": ("Giochi contro il computer: tu hai il {side}.",
                      "You are playing the computer: you have {side}."),
    "two_players_mode": ("Partita a due giocatori.", "Two-player game."),
    # puzzles
    "puzzle_mode": ("Esercizio: muove il {side}. Trova la mossa giusta!",
                    "Puzzle: {side} to move. Find the right move!"),
    "puzzle_locked": ("In questo esercizio muovi solo il {side}.",
                      "In this puzzle you move {side} only."),
    "puzzle_wait": ("Aspetta la risposta dell'avversario.", "Wait for the opponent's reply."),
    "puzzle_wrong": ("Non è la mossa giusta: riprova!", "That is not the right move: try again!"),
    "puzzle_solved": ("Esercizio risolto!", "Puzzle solved!"),
    "puzzle_over": ("L'esercizio è finito.", "The puzzle is over."),
    "puzzle_restarted": ("Di nuovo dall'inizio: prova!", "From the start again: have a go!"),
    "look_mode": ("Guarda la damiera: la risposta si dà qui sotto, non muovendo i pezzi.",
                  "Look at the board: the answer goes below, not by moving the pieces."),
    # the square-number trainer
    "squares_mode": ("Clicca una casella scura.", "Click a dark square."),
    # setting up a position (teachers)
    "setup_mode": ("Prepara la posizione: clicca una casella per cambiarla (vuota → pedina "
                   "bianca → dama bianca → pedina nera → dama nera → vuota).",
                   "Set up the position: click a square to change it (empty → white man → "
                   "white king → black man → black king → empty)."),
    "setup_square": ("Casella {square}: {what}.", "Square {square}: {what}."),
    "setup_empty": ("vuota", "empty"),
    "setup_wm": ("pedina bianca", "white man"),
    "setup_wk": ("dama bianca", "white king"),
    "setup_bm": ("pedina nera", "black man"),
    "setup_bk": ("dama nera", "black king"),
    "setup_no_man": ("Una pedina {colour} non può stare in {square}: è l'ultima riga, dove "
                     "diventa dama ({rule}).",
                     "A {colour} man cannot stand on {square}: it is the far row, where it "
                     "becomes a king ({rule})."),
    "setup_turn": ("Nella posizione tocca al {turn}.", "In the position {turn} is to move."),
    "setup_cleared": ("Damiera svuotata.", "Board cleared."),
    "setup_started": ("Posizione iniziale.", "Start position."),
    "setup_fen": ("La posizione in FEN: {fen}", "The position in FEN: {fen}"),
    "setup_finished": ("Posizione pronta: si gioca!", "Position ready: let's play!"),
}


_COLOUR_PARAMS = ("turn", "side", "who")


class Msg:
    """A message from TEXT, rendered in the language asked for; a ``rule`` parameter (a rule
    id) is shown in words."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params

    @property
    def rule(self) -> str | None:
        return self.params.get("rule") or None

    def text(self, lang: str) -> str:
        i = LANGUAGES.index(lang)
        params = {}
        for name, value in self.params.items():
            if name in _COLOUR_PARAMS and value in (WHITE, BLACK):
                params[name] = TEXT[value][i]
            elif name == "rule":
                params[name] = cite_rule(value, lang, "name")
            else:
                params[name] = render(value, lang)
        return TEXT[self.key][i].format(**params)

    def __repr__(self) -> str:
        return f"Msg({self.key!r})"


class Seq:
    """Several messages shown one after the other."""

    __slots__ = ("parts",)

    def __init__(self, *parts: Any) -> None:
        self.parts = [p for p in parts if p is not None]

    @property
    def rule(self) -> str | None:
        return next((r for r in map(rule_of, self.parts) if r), None)

    def text(self, lang: str) -> str:
        return " ".join(t for t in (render(p, lang) for p in self.parts) if t)


class Concealed:
    """An explanation shown in an exercise: it says what is wrong but never which piece or
    capture was required (that would be the answer)."""

    __slots__ = ("explanation",)

    def __init__(self, explanation: Explanation) -> None:
        self.explanation = explanation

    @property
    def rule(self) -> str | None:
        return self.explanation.rule

    def text(self, lang: str) -> str:
        return self.explanation.text(lang, cite="name", reveal=False)


def render(value: Any, lang: str) -> str:
    """Text of a message part: a TEXT message, an Explanation or Outcome (rules in words), any
    object with ``text(lang)``, an {"it": .., "en": ..} dict, an (Italian, English) pair, or
    plain text."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, Explanation):
        return value.text(lang, cite="name")
    if isinstance(value, Outcome):
        return value.text(lang, cite="none")
    text = getattr(value, "text", None)
    if callable(text):
        return text(lang)
    if isinstance(value, dict):
        return str(value.get(lang) or value.get("it") or next(iter(value.values()), ""))
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, str) for v in value):
        return value[LANGUAGES.index(lang)]
    return str(value)


def rule_of(value: Any) -> str | None:
    """The rule id behind a message, if it cites one."""
    rule = getattr(value, "rule", None)
    return rule if isinstance(rule, str) and rule else None


_CLICK_WORDS = re.compile(r"\b([Cc])licc(a|ato|are|arle|ala)\b|\b([Cc])lick(s|ed)?\b")
_TAP = {"a": "a", "ato": "ato", "are": "are", "arle": "arle", "ala": "ala"}


def for_touch(html_text: str) -> str:
    """``html_text`` with each «clicca» / "click" written both ways, the touch-screen word
    («tocca» / "tap") shown instead where the pointer is a finger (the CSS classes
    ``dama-click`` and ``dama-tap``, in :data:`damalib.widget.STYLE`)."""

    def both(m: re.Match) -> str:
        if m.group(1):
            tap = ("T" if m.group(1) == "C" else "t") + "occ" + _TAP[m.group(2)]
        else:
            tap = ("T" if m.group(3) == "C" else "t") + "ap" + {None: "", "s": "s",
                                                                 "ed": "ped"}[m.group(4)]
        return (f"<span class='dama-click'>{m.group(0)}</span>"
                f"<span class='dama-tap'>{tap}</span>")

    return _CLICK_WORDS.sub(both, html_text)
