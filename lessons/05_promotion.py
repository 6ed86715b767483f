from .kit import LessonSource, T, board, diagram, figures, md

LESSON = LessonSource(
    number=5,
    slug=T(it="la-damatura", en="promotion"),
    title=T(it="Fare dama", en="Making a king"),
    learn=(
        T(it="quando una pedina diventa **dama**;", en="when a man becomes a **king**;"),
        T(it="che la mossa finisce lì, anche se si potrebbe ancora mangiare.",
          en="that the move ends there, even if more could be captured."),
    ),
    cells=[
        md(
            it="""
            ## In fondo alla damiera

            Quando una tua pedina arriva **in fondo**, cioè sulla base dell'avversario (la riga
            più lontana da te), diventa una **dama**: sopra di lei si mette un'altra pedina
            dello stesso colore.
            Nei disegni la dama ha due dischi e una **corona**.

            - Le pedine **bianche** diventano dame sulle caselle **1, 2, 3, 4**.
            - Le pedine **nere** diventano dame sulle caselle **29, 30, 31, 32**.

            Questo si chiama **fare dama** (o *damatura*).
            """,
            en="""
            ## At the far end of the board

            When one of your men reaches **the far end**, your opponent's back row, it becomes a
            **king**: another man of the same colour is put on top of it. In the
            pictures a king has two discs and a **crown**.

            - **White** men become kings on squares **1, 2, 3, 4**.
            - **Black** men become kings on squares **29, 30, 31, 32**.

            This is called **promotion**, or *crowning* a man.
            """,
        ),
        figures(
            diagram("W:W6:B28", arrows=["6-2", "6-3"],
                    caption=T(it="La pedina in 6 può arrivare in fondo: 6-2 o 6-3.",
                              en="The man on 6 can reach the end: 6-2 or 6-3.")),
            diagram("W:W6:B28", moves=["6-2"],
                    caption=T(it="Dopo 6-2: è una dama!", en="After 6-2: it is a king!")),
            diagram("B:W14:B26", arrows=["26-29", "26-30"],
                    caption=T(it="Il Nero fa dama in 29 o in 30.",
                              en="Black crowns on 29 or 30.")),
        ),
        md(
            it="""
            ## La mossa finisce lì

            Una pedina può arrivare in fondo anche **mangiando**. Appena arriva in fondo
            diventa dama, e **la mossa finisce subito**, anche se da lì la nuova dama
            potrebbe mangiare ancora. Comincerà a muovere come una dama **dalla mossa
            successiva**.

            Qui sotto la pedina bianca in 9 mangia 9x2 e diventa dama. Da 2 la dama potrebbe
            saltare la pedina in 6... ma non lo fa: la mossa è già finita, e tocca al Nero.
            """,
            en="""
            ## The move ends there

            A man can also reach the far end **by capturing**. As soon as it gets there it
            becomes a king, and **the move ends at once**, even if from there the new
            king could capture again. It starts moving like a king **from the next move**.

            Below, the white man on 9 captures 9x2 and becomes a king. From 2 the king could
            jump the man on 6... but it does not: the move is already over, and it is Black's
            turn.
            """,
        ),
        figures(
            diagram("W:W9:B5,6", arrows=["9x2"],
                    caption=T(it="Il Bianco mangia 9x2...", en="White captures 9x2...")),
            diagram("W:W9:B5,6", moves=["9x2"], highlight=[6],
                    caption=T(it="...e si ferma: la pedina in 6 resta dov'è.",
                              en="...and stops: the man on 6 stays where it is.")),
        ),
        md(
            it="""
            ## Prova tu!

            Tocca al Bianco, e deve mangiare: la pedina in 10 salta in 3 e diventa dama. La
            mossa finisce lì. Poi gioca una mossa del Nero (per esempio **19-23**) e guarda:
            alla mossa dopo, la nuova dama **può** mangiare la pedina in 7!
            """,
            en="""
            ## Try it!

            It is White's turn, and White must capture: the man on 10 jumps to 3 and becomes a
            king. The move ends there. Then play a move for Black (say **19-23**) and look: on
            the next move, the new king **can** capture the man on 7!
            """,
        ),
        board("W:W10,26:B6,7,19"),
    ],
    exercises=["it-pro-002", "it-pro-003", "it-pro-004", "it-pro-007", "it-pro-008",
               "it-pro-011"],
    rules=("IT-C7", "IT-K1"),
    remember=(
        T(it="Una pedina che arriva in fondo diventa dama: quelle bianche in 1–4, quelle nere in "
          "29–32.",
          en="A man that reaches the far end becomes a king: white men on 1–4, black men on "
          "29–32."),
        T(it="Arrivata in fondo, la pedina diventa dama e si ferma: la mossa finisce lì, anche "
          "in mezzo a una presa.",
          en="At the far row a man becomes a king and stops: the move ends there, even in the "
          "middle of a capture."),
        T(it="La nuova dama muove da dama dalla mossa dopo.",
          en="The new king moves as a king from the next move."),
    ),
)
