from textwrap import dedent

from .kit import LessonSource, T, board, call, code, diagram, figures, md

GAME = T(
    it="""
    [Event "Partita di esempio"]
    [White "Anna"]
    [Black "Luca"]
    [Result "1-0"]

    1. 21-17 9-13 2. 25-21 12-16 3. 21-18 7-12
    4. 18x9 {Il Bianco mangia la pedina in 13.} 16-20
    5. 23x7 {Una presa doppia: 23x16x7.} 3x12 {Il Nero abbandona: ha due pezzi in meno.} 1-0
    """,
    en="""
    [Event "A sample game"]
    [White "Anna"]
    [Black "Luca"]
    [Result "1-0"]

    1. 21-17 9-13 2. 25-21 12-16 3. 21-18 7-12
    4. 18x9 {White captures the man on 13.} 16-20
    5. 23x7 {A double capture: 23x16x7.} 3x12 {Black resigns: two pieces down.} 1-0
    """,
)


def _pdn(lang: str) -> str:
    return dedent(GAME(lang)).strip("\n")


def _game_block(lang: str) -> str:
    return "```\n" + _pdn(lang) + "\n```"


GAME_BLOCK = {lang: _game_block(lang) for lang in GAME.languages}


LESSON = LessonSource(
    number=13,
    slug=T(it="scrivere-le-mosse", en="writing-moves"),
    title=T(it="Leggere e scrivere le mosse", en="Reading and writing moves"),
    learn=(
        T(it="come si scrivono le mosse e le prese;", en="how moves and captures are written;"),
        T(it="come si scrive una partita intera;", en="how a whole game is written down;"),
        T(it="come si rigioca una partita, mossa dopo mossa.",
          en="how to replay a game, move by move."),
    ),
    cells=[
        md(
            it="""
            ## Le mosse con i numeri

            Ricordi i numeri delle caselle, da 1 a 32? Servono per **scrivere le mosse**:

            - una mossa semplice: la casella di partenza, un trattino, la casella di arrivo:
              **22-19**;
            - una presa: con una **x** al posto del trattino: **27x18**;
            - una presa multipla: si scrivono solo la partenza e l'arrivo, **32x5**. Ma se due
              prese diverse partono dalla stessa casella e arrivano nella stessa casella, non
              si capirebbe quale delle due è: allora si scrivono tutte le caselle dove il pezzo
              atterra, **32x23x14x5**.
            """,
            en="""
            ## Moves with numbers

            Remember the numbers of the squares, from 1 to 32? They are used to **write the
            moves**:

            - a simple move: the starting square, a dash, the square it goes to: **22-19**;
            - a capture: with an **x** instead of the dash: **27x18**;
            - a multiple capture: you write only the start and the end, **32x5**. But if two
              different captures start on the same square and end on the same square, nobody
              could tell which one you mean: then you write every square where the piece lands,
              **32x23x14x5**.
            """,
        ),
        figures(
            diagram(None, arrows=["22-19"], size=220,
                    caption=T(it="22-19", en="22-19")),
            diagram("W:W27:B23,15,3", arrows=["27x11"], size=220,
                    caption=T(it="27x11 (cioè 27x20x11)", en="27x11 (that is 27x20x11)")),
            diagram("B:W18,26:B8,22", arrows=["22x29"], size=220,
                    caption=T(it="Il Nero: 22x29", en="Black: 22x29")),
        ),
        md(
            it="""
            ## Una partita scritta

            Una partita si scrive come un elenco numerato. Ogni numero ha **due mosse**: prima
            quella del Bianco, poi quella del Nero. Per esempio **1. 22-19 11-15** vuol dire: il
            Bianco gioca 22-19, il Nero risponde 11-15.

            Alla fine si scrive il risultato: **1-0** se vince il Bianco, **0-1** se vince il
            Nero, **1/2-1/2** per la patta. Le note tra parentesi graffe `{...}` sono commenti.
            In testa, tra parentesi quadre, ci sono le informazioni: il torneo, i nomi dei
            giocatori, il risultato. Questo modo di scrivere le partite si chiama **PDN**, e lo
            usano anche i programmi di dama.

            Ecco una partita breve tra Anna e Luca:
            """,
            en="""
            ## A game written down

            A game is written as a numbered list. Each number has **two moves**: White's first,
            then Black's. For example **1. 22-19 11-15** means: White plays 22-19, Black answers
            11-15.

            At the end you write the result: **1-0** if White wins, **0-1** if Black wins,
            **1/2-1/2** for a draw. Notes in curly brackets `{...}` are comments. At the top, in
            square brackets, comes the information: the event, the players' names, the result.
            This way of writing games is called **PDN**, and draughts programs use it too.

            Here is a short game between Anna and Luca:
            """,
        ),
        md(**GAME_BLOCK),
        md(
            it="""
            ## Rigiochiamola!

            Con i pulsanti **Avanti** e **Indietro** (o con la barra) rivedi la partita mossa
            dopo mossa. La mossa appena giocata è evidenziata sulla damiera e nell'elenco.
            """,
            en="""
            ## Let's replay it!

            With the **Forward** and **Back** buttons (or the slider) you go through the game
            move by move. The move just played is marked on the board and in the list.
            """,
        ),
        code(call("replay", T(**{lang: _pdn(lang) for lang in GAME.languages}))),
        md(
            it="""
            ## Prova tu!

            Su questa damiera puoi anche **scrivere** le mosse, invece di farle con i pezzi:
            scrivi una mossa nella casella bianca (per esempio `21-17`) e premi **Gioca**. Prova
            a rigiocare così la partita di Anna e Luca, fino al 5° numero! A destra, sotto «Mosse», la damiera
            scrive la partita per te.
            """,
            en="""
            ## Try it!

            On this board you can also **type** the moves, instead of making them with the
            pieces: type a move in the white box (for example `21-17`) and press **Play**. Try
            replaying Anna and Luca's game that way, up to move 5! On the right, under "Moves", the board writes
            the game down for you.
            """,
        ),
        board(None),
    ],
    exercises=["it-not-001", "it-not-003", "it-not-004", "it-not-005", "it-not-006",
               "it-not-009", "it-not-010"],
    rules=("IT-N",),
    remember=(
        T(it="Una mossa si scrive partenza-arrivo (22-19); una presa con la x (27x18).",
          en="A move is written from-to (22-19); a capture with an x (27x18)."),
        T(it="Se non si capisce quale presa è, si scrivono tutte le caselle dove il pezzo "
          "atterra: 32x23x14x5.",
          en="If it is not clear which capture it is, write every square where the piece lands: "
          "32x23x14x5."),
        T(it="Una partita si scrive numerata: a ogni numero la mossa del Bianco e quella del "
          "Nero; alla fine il risultato.",
          en="A game is written with numbers: at each number White's move and Black's move; at "
          "the end the result."),
    ),
)
