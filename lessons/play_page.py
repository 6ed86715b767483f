"""The free game against the computer of each language (corso.computer_game, with the game
review under it), reached from the index: lesson 16's game, whenever a child wants one."""

from __future__ import annotations

from .kit import T, md, tool_page


INTRO = md(
    it="""
    # Gioca contro il computer

    Una partita intera, quando vuoi. Scegli il livello del computer, da 1 (impara anche
    lui) a 6 (il più forte), e con che colore giochi. Il Bianco muove per primo.

    Dopo qualche mossa, o a fine partita, premi **«Rivedi la partita»**: il computer ti
    mostra le mosse in cui c'era di meglio, e tu provi a trovare la mossa giusta.
    """,
    en="""
    # Play against the computer

    A whole game, whenever you like. Choose the computer's level, from 1 (it is learning
    too) to 6 (the strongest), and the colour you play. White moves first.

    After a few moves, or at the end of the game, press **"Review the game"**: the computer
    shows you the moves where there was something better, and you try to find the right
    move.
    """,
)


PLAY = tool_page(T(it="gioca", en="play"), T(it="Gioca contro il computer", en="Play against the computer"), INTRO,
                 "computer_game")
