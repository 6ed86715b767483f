"""it-20-championship: the shots of the 69th Italian absolute championship (2005), for the
second year's lesson that reviews a master game (lessons/21_master_game.py).

Every position of the championship's 53 games (authoring/games/campionato-assoluto-2005.pdn)
is searched for a shot (:func:`authoring.puzzles.tactics.tiro`: the one first move that wins
material, every reply forced, proved by the solver and by a small search of our own). The
question names the game (the players and the round); the explanation says what the player
did in the game: the shot, or the move played instead. tests/test_championship.py replays
each game to the position and checks the move said."""

from __future__ import annotations

import re
from pathlib import Path

from damalib import Board
from damalib.pdn import Game, load_games

from authoring.puzzles.common import IT, Context
from authoring.puzzles.tactics import has_forced_line, shot_level, tiro, tiro_puzzle

#: The championship's games, as published.
GAMES = Path(__file__).resolve().parent.parent / "games" / "campionato-assoluto-2005.pdn"
#: The event, in each language, as the questions name it.
EVENT = ("Campionato Italiano Assoluto 2005", "Italian championship 2005")


def championship_games() -> list[Game]:
    """The 53 games, in the file's order."""
    return list(load_games(GAMES))


def player(name: str) -> str:
    """«BORGHETTI Michele» as a child reads it: «Michele Borghetti»."""
    parts = name.split()
    surname = [p for p in parts if p.isupper()]
    given = [p for p in parts if not p.isupper()]
    return " ".join(given + [p.capitalize() for p in surname])


def round_of(game: Game) -> int:
    """The round, from the tag «69° ASSOLUTO 1° TURNO»."""
    found = re.search(r"(\d+)° TURNO", game.tag("Dati", "") or "")
    return int(found.group(1)) if found else 0


def championship_shots(games: list[Game] | None = None) -> list[tuple[int, int, Board, tuple]]:
    """(game's index, ply, board, shot) of every shot of ``games`` (default: the
    championship's), in the file's order."""
    out = []
    for index, game in enumerate(championship_games() if games is None else games):
        for ply, board in enumerate(game.positions()):
            if ply >= len(game.moves):
                break
            if has_forced_line(board, 3) or has_forced_line(board, 5):
                found = tiro(board)
                if found is not None:
                    out.append((index, ply, board, found))
    return out


def game_words(game: Game) -> tuple[str, str]:
    """«Campionato Italiano Assoluto 2005, turno 1: Michele Borghetti (Bianco) contro Luca
    Mascolo (Nero).»"""
    white, black = player(game.tag("Bianco", "?")), player(game.tag("Nero", "?"))
    n = round_of(game)
    return (f"{EVENT[0]}, turno {n}: {white} (Bianco) contro {black} (Nero).",
            f"{EVENT[1]}, round {n}: {white} (White) against {black} (Black).")


def later_championship(ctx: Context) -> list[dict]:
    """The championship's shots, in the order of the games; a position already in the
    collection left out. Each hint is the shot's own: not checked against the others, as a
    real game's position is told by its game."""
    games = championship_games()
    out: list[dict] = []
    for index, ply, board, shot in championship_shots(games):
        if not ctx.free(IT, board.fen()):
            continue
        game = games[index]
        made = tiro_puzzle(board, shot, shot_level(board, shot[0], shot[2]), len(out))
        about_it, about_en = game_words(game)
        made["prompt.it"] = f"{about_it} {made['prompt.it']}"
        made["prompt.en"] = f"{about_en} {made['prompt.en']}"
        played = game.moves[ply]
        name = player(game.tag("Bianco" if board.turn == "W" else "Nero", "?"))
        if played == shot[1][0][0]:
            said = (f" Nella partita {name} ha giocato proprio questo tiro.",
                    f" In the game {name} played this very shot.")
        else:
            text = board.move_text(played)
            said = (f" Nella partita {name} non l'ha visto: ha giocato {text}.",
                    f" In the game {name} missed it and played {text}.")
        made["explanation.it"] += said[0]
        made["explanation.en"] += said[1]
        ctx.take(IT, board.fen())
        out.append(made)
    return out
