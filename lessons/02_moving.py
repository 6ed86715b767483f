from .kit import LessonSource, T, board, diagram, figure, figures, md

LESSON = LessonSource(
    number=2,
    slug=T(it="muovere-le-pedine", en="moving-the-men"),
    title=T(it="Muovere le pedine", en="Moving the men"),
    learn=(
        T(it="come si muove una pedina: un passo in diagonale, sempre in avanti;",
          en="how a man moves: one step diagonally, always forwards;"),
        T(it="quando una pedina non può muoversi;", en="when a man cannot move;"),
        T(it="che si gioca a turno, una mossa a testa.", en="that players take turns, one move each."),
    ),
    cells=[
        md(
            it="""
            ## Un passo in diagonale, in avanti

            I pezzi con cui si comincia si chiamano **pedine**. Una pedina si muove di **una
            sola casella**, **in diagonale**, **in avanti**, su una casella scura **vuota**.

            *In avanti* vuol dire verso il campo dell'avversario: le pedine bianche salgono
            verso le caselle 1–4, le pedine nere scendono verso le caselle 29–32. Una pedina non
            torna mai indietro e non va mai di lato.
            """,
            en="""
            ## One step diagonally, forwards

            The pieces you start with are called **men**. A man moves **one square only**,
            **diagonally**, **forwards**, onto an **empty** dark square.

            *Forwards* means towards your opponent's side: white men go up towards squares 1–4,
            black men go down towards squares 29–32. A man never goes back and never goes
            sideways.
            """,
        ),
        figures(
            diagram("W:W22:B3", arrows=["22-18", "22-19"],
                    caption=T(it="La pedina bianca in 22 può andare in 18 o in 19.",
                              en="The white man on 22 can go to 18 or 19.")),
            diagram("B:W30:B10", arrows=["10-13", "10-14"],
                    caption=T(it="La pedina nera in 10 scende: può andare in 13 o in 14.",
                              en="The black man on 10 goes down: it can go to 13 or 14.")),
        ),
        md(
            it="""
            ## Sul bordo, e quando la strada è chiusa

            Una pedina sul **bordo** della damiera ha una sola strada: la pedina in 17 qui sotto
            può andare solo in 13.

            Una pedina non può saltare sopra i suoi compagni: se le caselle davanti a lei sono
            **occupate**, per ora resta ferma. Nella seconda figura la pedina in 22 è chiusa
            dai compagni in 18 e 19: per ora possono muovere solo loro.
            """,
            en="""
            ## On the edge, and when the way is shut

            A man on the **edge** of the board has only one way to go: the man on 17 below can
            only go to 13.

            A man cannot jump over its friends: if the squares in front of it are **taken**, it
            stays where it is for now. In the second picture the man on 22 is shut in by its
            friends on 18 and 19: for now only they can move.
            """,
        ),
        figures(
            diagram("W:W17:B3", arrows=["17-13"],
                    caption=T(it="Dal bordo, una strada sola.", en="From the edge, only one way.")),
            diagram("W:W18,19,22:B3", highlight=[22],
                    caption=T(it="La pedina in 22 per ora non può muovere.",
                              en="The man on 22 cannot move for now.")),
        ),
        md(
            it="""
            ## A turno

            Si gioca **a turno**: una mossa il Bianco, una mossa il Nero, e così via.
            Non si può passare il turno, e non si possono fare due mosse di fila.
            """,
            en="""
            ## Taking turns

            Players **take turns**: one move for White, one move for Black, and so on.
            You cannot skip your turn, and you cannot make two moves in a row.
            """,
        ),
        figure(None, moves=["22-19", "11-15"],
               caption=T(it="Il Bianco ha giocato 22-19, il Nero ha risposto 11-15.",
                         en="White played 22-19, Black answered 11-15.")),
        md(
            it="""
            ## Prova tu!

            Muovi le pedine bianche e nere, a turno. Prova anche a fare una mossa **sbagliata**
            (una pedina all'indietro, o di due caselle): la damiera ti spiega quale regola non
            lo permette. Con **Mostra mosse** puoi spegnere i pallini arancioni e cercare le
            mosse da solo.
            """,
            en="""
            ## Try it!

            Move the white and the black men, taking turns. Try a **wrong** move too (a man
            going backwards, or two squares at once): the board tells you which rule says no.
            With **Show moves** you can turn the orange dots off and look for the moves
            yourself.
            """,
        ),
        board("W:W21,22,23,26,27:B6,7,10,11,12"),
    ],
    exercises=["it-mov-002", "it-mov-003", "it-mov-004", "it-mov-006", "it-mov-008",
               "it-mov-043", "it-mov-011"],
    rules=("IT-B4", "IT-M1"),
    remember=(
        T(it="Una pedina si muove di una casella, in diagonale, in avanti, su una casella vuota.",
          en="A man moves one square, diagonally, forwards, onto an empty square."),
        T(it="Il Bianco sale verso 1–4, il Nero scende verso 29–32.",
          en="White goes up towards 1–4, Black goes down towards 29–32."),
        T(it="Si gioca a turno, una mossa a testa.", en="Players take turns, one move each."),
    ),
)
