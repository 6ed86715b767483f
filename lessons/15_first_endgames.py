from textwrap import dedent

from .kit import LessonSource, T, board, call, code, diagram, figures, md

LINE = T(
    it="""
    [Event "Due dame contro una"]
    [SetUp "1"]
    [FEN "W:WK14,K15:BK4"]
    [Result "1-0"]

    {La dama nera si nasconde nel suo angolo doppio, tra 4 e 8.}
    1. 15-11 4-8 2. 11-7 {Le due dame bianche si avvicinano.} 8-4
    3. 14-11 4-8 4. 7-4 {Una dama bianca entra nell'angolo: la dama nera deve uscire.} 8-12
    5. 4-8 12-16 6. 11-14 16-20 7. 14-19 {Lungo il bordo non ha più strada.} 20-16
    8. 19-23 16-12 9. 8x15 {Presa! Il Nero non ha più pezzi: ha vinto il Bianco.} 1-0
    """,
    en="""
    [Event "Two kings against one"]
    [SetUp "1"]
    [FEN "W:WK14,K15:BK4"]
    [Result "1-0"]

    {The black king hides in its double corner, between 4 and 8.}
    1. 15-11 4-8 2. 11-7 {The two white kings come closer.} 8-4
    3. 14-11 4-8 4. 7-4 {A white king steps into the corner: the black king must come out.} 8-12
    5. 4-8 12-16 6. 11-14 16-20 7. 14-19 {Along the edge it has nowhere left to go.} 20-16
    8. 19-23 16-12 9. 8x15 {Captured! Black has no pieces left: White has won.} 1-0
    """,
)


#: The line as the replay reads it, in each language.
LINE_TEXT = T(**{lang: dedent(LINE(lang)).strip() for lang in LINE.languages})


LESSON = LessonSource(
    number=15,
    slug=T(it="primi-finali", en="first-endgames"),
    title=T(it="Primi finali: due dame contro una", en="First endgames: two kings against one"),
    learn=(
        T(it="che due dame battono una dama sola;", en="that two kings beat a lone king;"),
        T(it="dove si nasconde la dama sola, e come la si fa uscire;",
          en="where the lone king hides, and how to drive it out;"),
        T(it="a giocare un finale contro il computer.", en="to play an endgame against the computer."),
    ),
    cells=[
        md(
            it="""
            ## Il finale

            Alla fine di una partita restano spesso pochi pezzi: è il **finale**. Il finale più
            importante da conoscere è **due dame contro una**: chi ha due dame **vince**, ma
            deve sapere come fare. Attenzione: se l'avversario chiama le mosse, hai 40 mosse
            per riuscirci. Bastano, se non perdi tempo!

            ## Dove si nasconde la dama sola

            La dama sola scappa nell'**angolo doppio**, il biscacco: due caselle scure vicine
            nell'angolo (qui la **4** e l'**8**, per la dama nera). Lì fa avanti e indietro e
            non si fa prendere facilmente. L'angolo singolo, il **cantone** (la casella 1 o la
            32), invece è una trappola: lì una dama sola si cattura in fretta.
            """,
            en="""
            ## The endgame

            At the end of a game only a few pieces are often left: that is the **endgame**. The
            most important endgame to know is **two kings against one**: the player with two
            kings **wins**, but has to know how. Careful: if your opponent calls the count, you
            have 40 moves to do it. That is enough, if you don't waste time!

            ## Where the lone king hides

            The lone king runs to the **double corner** (in Italian *biscacco*): two dark
            squares side by side in the corner (here **4** and **8**, for the black king). There
            it goes back and forth and is not easy to catch. The single corner, the **cantone**
            (square 1 or 32), on the other hand is a trap: a lone king is caught there quickly.
            """,
        ),
        figures(
            diagram("W:WK14,K15:BK4", highlight=[4, 8],
                    caption=T(it="La dama nera nell'angolo doppio: 4 e 8.",
                              en="The black king in the double corner: 4 and 8.")),
        ),
        md(
            it="""
            ## Come si vince

            1. Porta **le due dame vicine** all'angolo, una accanto all'altra, così che la dama
               nera non possa scappare (qui in 7 e 11).
            2. Quando la dama nera va in 8, **entra nell'angolo** con una delle tue dame (7-4):
               la dama nera deve uscire.
            3. **Inseguila lungo il bordo**, senza lasciarle una strada libera, finché puoi
               mangiarla.

            Guarda come si fa, mossa dopo mossa. In fondo all'elenco delle mosse c'è il
            risultato, **1-0**: vuol dire che ha vinto il Bianco. Se vince il Nero si scrive
            **0-1**, e se la partita è patta **1/2-1/2**.
            """,
            en="""
            ## How to win

            1. Bring **your two kings close** to the corner, side by side, so that the black
               king cannot escape (here on 7 and 11).
            2. When the black king goes to 8, **step into the corner** with one of your kings
               (7-4): the black king has to come out.
            3. **Chase it along the edge**, leaving it no free way, until you can capture it.

            Watch how it is done, move by move. At the end of the list of moves comes the
            result, **1-0**: it means that White has won. If Black wins you write **0-1**, and
            if the game is a draw **1/2-1/2**.
            """,
        ),
        code(call("replay", LINE_TEXT)),
        md(
            it="""
            ## Prova tu!

            Ora tocca a te, contro il computer: tu hai le due dame bianche, il computer la dama
            nera, e si difende al meglio. Riesci a vincere? Se la dama nera scappa, premi
            **Ricomincia** e riprova, ricordando i tre passi.
            """,
            en="""
            ## Try it!

            Now it is your turn, against the computer: you have the two white kings, the
            computer has the black king, and it defends as well as it can. Can you win? If the
            black king escapes, press **Restart** and try again, remembering the three steps.
            """,
        ),
        board("W:WK22,K23:BK4", mode="computer", computer_side="B",
              chooser=call("ComputerPlayer", level=6, lang=False)),
    ],
    exercises=["it-fin-005", "it-fin-007", "it-fin-008", "it-fin-011", "it-fin-012"],
    rules=("IT-D2",),
    exercises_intro=T(
        it="Finali con poche dame e pedine: trova la prima mossa giusta. Pensa anche alle "
        "risposte dell'avversario!",
        en="Endgames with a few kings and men: find the right first move. Think about your "
        "opponent's answers too!"),
    remember=(
        T(it="Due dame contro una vincono, se sai come fare.",
          en="Two kings beat one, if you know how."),
        T(it="La dama sola si nasconde nell'angolo doppio; nel cantone è in trappola.",
          en="The lone king hides in the double corner; in the single corner it is trapped."),
        T(it="Avvicina le tue dame, entra nell'angolo, poi insegui la dama nera lungo il bordo.",
          en="Bring your kings close, step into the corner, then chase the black king along the "
          "edge."),
        T(it="Se l'avversario chiama le mosse, hai 40 mosse per vincere.",
          en="If your opponent calls the count, you have 40 moves to win."),
    ),
)
