"""The second year's tactical elements, as the federation's course names them (FID, «Corso
elementare di Dama Italiana», «Elementi tattici»): il cambio and il baratto (giving a piece
and taking back the one that captured, or another), l'attacco (the threat to take a piece)
and la forchetta (a king that attacks two men at once). The forks are it-21-fork.toml's.
Every fact is replayed by tests/test_second_year_lessons.py."""

from .kit import LessonSource, T, board, call, diagram, figures, md

#: Il cambio: 19-15 gives a man, 11x20 takes it, 24x15 takes back the man that captured.
EXCHANGE = "W:W17,19,24:B5,7,11"
EXCHANGE_LINE = ("19-15", "11x20", "24x15")
#: Il baratto: 28-23 leaves the man on 21, 17x26 takes it, 23x16 takes another man.
TRADE = "W:W21,27,28:B6,17,20"
TRADE_LINE = ("28-23", "17x26", "23x16")
#: La forchetta: it-frc-005's position and its king's move.
FORK = "W:WK12:B19,20"
FORK_MOVE = "12-15"
#: The board to try: it-frc-002's position.
TRY = "B:W18,26:B15,23,K25"

LESSON = LessonSource(
    number=22,
    slug=T(it="elementi-tattici", en="tactical-elements"),
    title=T(it="Cambio, baratto e forchetta", en="Exchange, trade and fork"),
    learn=(
        T(it="la differenza fra un **cambio** e un **baratto**;",
          en="the difference between an **exchange** (*cambio*) and a **trade** (*baratto*);"),
        T(it="che cos'è un **attacco**, e perché va fatto con attenzione;",
          en="what an **attack** (*attacco*) is, and why it needs care;"),
        T(it="a vincere una pedina con la **forchetta** della dama.",
          en="to win a man with the king's **fork** (*forchetta*)."),
    ),
    cells=[
        md(
            it="""
            ## Il cambio

            I giocatori di dama danno un nome alle mosse che si vedono spesso. Il primo è
            il **cambio**: dai un pezzo all'avversario, e poi mangi **proprio il pezzo che
            ha mangiato**.

            Qui il Bianco gioca 19-15. Il Nero deve mangiare, 11x20, e la pedina nera
            arriva in 20. Il Bianco la mangia subito: 24x15. Un pezzo per uno.
            """,
            en="""
            ## The exchange

            Draughts players give names to the moves they see often. The first is the
            **exchange** (*il cambio*): you give your opponent a piece, then you take
            **the very piece that captured**.

            Here White plays 19-15. Black must capture, 11x20, and the black man lands on
            20. White takes it at once: 24x15. One piece for one.
            """,
        ),
        figures(
            diagram(EXCHANGE, arrows=["19-15"], size=200,
                    caption=T(it="1. Il Bianco gioca 19-15.", en="1. White plays 19-15.")),
            diagram(EXCHANGE, moves=["19-15", "11x20"], arrows=["24x15"], size=200,
                    caption=T(it="2. Il Nero ha mangiato: 24x15 lo riprende.",
                              en="2. Black has captured: 24x15 takes it back.")),
        ),
        md(
            it="""
            ## Il baratto

            Nel **baratto** dai un pezzo, o lo lasci in presa, e poi mangi **un altro
            pezzo**, non quello che ha mangiato.

            Qui la pedina bianca in 21 è già in presa. Il Bianco gioca 28-23 e la lascia al
            Nero: 17x26. Ma ora il Bianco mangia un'altra pedina: 23x16. La pedina nera in
            26 resta sulla damiera. Anche questo è un pezzo per uno.
            """,
            en="""
            ## The trade

            In a **trade** (*il baratto*) you give a piece, or leave it where it can be
            taken, and then you take **another piece**, not the one that captured.

            Here the white man on 21 can already be taken. White plays 28-23 and leaves it
            to Black: 17x26. But now White takes another man: 23x16. The black man on 26
            stays on the board. This too is one piece for one.
            """,
        ),
        figures(
            diagram(TRADE, arrows=["28-23"], size=200,
                    caption=T(it="1. Il Bianco gioca 28-23.", en="1. White plays 28-23.")),
            diagram(TRADE, moves=["28-23", "17x26"], arrows=["23x16"], size=200,
                    caption=T(it="2. Il Nero ha mangiato in 21: il Bianco mangia in 20.",
                              en="2. Black has captured on 21: White captures on 20.")),
        ),
        md(
            it="""
            ## L'attacco

            **Attaccare** vuol dire minacciare di mangiare un pezzo. Ma attenzione: se al tuo
            turno la presa c'è ancora, la devi fare, perché mangiare è obbligatorio. Prima di
            attaccare, guarda dove finirà il tuo pezzo dopo la presa.

            ## La forchetta

            La **forchetta** è l'attacco della dama a **due pedine insieme**. L'avversario
            può spostarne una, ma non tutte e due: la dama mangia quella che resta.

            Qui il Bianco gioca **12-15**. Ora la dama bianca attacca le pedine in 19 e 20:
            il Nero non può salvarle tutte e due.
            """,
            en="""
            ## The attack

            To **attack** (*attaccare*) means to threaten to take a piece. But watch out: if
            on your turn the capture is still there, you must make it, because capturing is
            compulsory. Before you attack, look where your piece will end up after the
            capture.

            ## The fork

            The **fork** (*la forchetta*) is the king's attack on **two men at once**. Your
            opponent can move one of them, but not both: the king takes the one left.

            Here White plays **12-15**. Now the white king attacks the men on 19 and 20:
            Black cannot save them both.
            """,
        ),
        figures(
            diagram(FORK, arrows=["12-15"], size=200,
                    caption=T(it="Tocca al Bianco: la dama va in 15.",
                              en="White to play: the king goes to 15.")),
            diagram(FORK, moves=["12-15"], highlight=[19, 20], size=200,
                    caption=T(it="La dama attacca le pedine in 19 e 20.",
                              en="The king attacks the men on 19 and 20.")),
        ),
        md(
            it="""
            ## Prova tu: una forchetta

            Ora hai tu la dama, con il Nero, contro il computer. Trova la casella da cui la
            tua dama attacca due pedine bianche insieme! Se non ci riesci, premi
            **Ricomincia** e riprova.
            """,
            en="""
            ## Your turn: a fork

            Now you have the king, with Black, against the computer. Find the square from
            which your king attacks two white men at once! If you don't manage, press
            **Restart** and try again.
            """,
        ),
        board(TRY, mode="computer", computer_side="W", flipped=True,
              chooser=call("ComputerPlayer", level=6, lang=False)),
    ],
    exercises=["it-dfo-001", "it-dfo-008", "it-frc-001", "it-frc-003", "it-frc-011",
               "it-frc-014", "it-frc-018", "it-frc-021"],
    rules=("IT-M2", "IT-C1", "IT-C5"),
    exercises_intro=T(
        it="In ogni esercizio hai una dama. Nel primo conta le sue mosse; nel secondo scegli "
        "la mossa che attacca due pedine insieme; negli altri trovala e giocala. Tocca a volte "
        "al Bianco, a volte al Nero!",
        en="In each exercise you have a king. In the first, count its moves; in the second, "
        "choose the move that attacks two men at once; in the others, find it and play it. "
        "Sometimes it is White's turn, sometimes Black's!"),
    remember=(
        T(it="Nel cambio mangi il pezzo che ha mangiato; nel baratto ne mangi un altro.",
          en="In an exchange you take the piece that captured; in a trade you take another "
          "one."),
        T(it="Se attacchi, al tuo turno dovrai mangiare: guarda prima dove finirai.",
          en="If you attack, on your turn you will have to capture: look first where you "
          "will end up."),
        T(it="Con la forchetta la dama attacca due pedine: l'avversario ne salva una sola.",
          en="With the fork the king attacks two men: your opponent saves only one."),
    ),
)
