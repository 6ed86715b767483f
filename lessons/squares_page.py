"""The square-number trainer's page of each language (dama.squares.game, corso.square_trainer):
the FID numbering learnt by play, reached from the index."""

from __future__ import annotations

from .kit import T, md, tool_page


INTRO = md(
    it="""
    # Allenati con i numeri delle caselle

    Ogni casella scura della damiera ha un numero, da 1 a 32: si contano dall'alto a
    sinistra, riga per riga, come le vede il Bianco. Chi li sa a memoria scrive e legge le
    mosse in un lampo. Due giochi, 30 secondi ciascuno:

    - **Trova la casella**: compare un numero, clicca o tocca la sua casella;
    - **Che numero è?**: una casella si accende, scrivi il suo numero.

    Puoi guardare la damiera dal lato del Bianco o dal lato del Nero: dal Nero i numeri
    sono gli stessi, ma la damiera è girata. Il tuo record resta salvato con il tuo nome.
    """,
    en="""
    # Practise the squares' numbers

    Every dark square of the board has a number, from 1 to 32: they are counted from the top
    left, row by row, as White sees them. Whoever knows them by heart writes and reads moves
    in a flash. Two games, 30 seconds each:

    - **Find the square**: a number appears, click or tap its square;
    - **What number is it?**: a square lights up, type its number.

    You can look at the board from White's side or from Black's: from Black the numbers are
    the same, but the board is turned round. Your best score is kept under your name.
    """,
)


SQUARES = tool_page(T(it="caselle", en="squares"), T(it="Allenati con le caselle", en="Practise the squares"), INTRO,
                    "square_trainer")
