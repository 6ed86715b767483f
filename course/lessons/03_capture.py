from .kit import Lesson, T, board, diagram, figures, md

LESSON = Lesson(
    number=3,
    slug=T("la-presa", "capturing"),
    title=T("La presa", "Capturing"),
    learn=(
        T("come si mangia un pezzo dell'avversario;", "how to capture an opponent's piece;"),
        T("che mangiare è obbligatorio;", "that capturing is compulsory;"),
        T("che le pedine mangiano solo in avanti, e mai una dama.",
          "that men capture forwards only, and never a king."),
    ),
    cells=[
        md(
            """
            ## Il salto

            Quando un pezzo avversario è **attaccato** al tuo, in diagonale, e la casella
            **subito dietro** è **vuota**, puoi **saltarlo**: il tuo pezzo atterra nella
            casella vuota e il pezzo saltato esce dalla damiera. Questo si chiama **mangiare**,
            o fare una **presa** (IT-C2).

            Nella figura la pedina bianca in 22 salta la pedina nera in 18 e arriva in 13. Le
            prese si scrivono con una **x**: **22x13**.
            """,
            """
            ## The jump

            When an opponent's piece is **right next to** yours, diagonally, and the square
            **just behind it** is **empty**, you can **jump** over it: your piece lands on the
            empty square and the piece jumped over leaves the board. This is called
            **capturing** (IT-C2).

            In the picture the white man on 22 jumps the black man on 18 and lands on 13.
            Captures are written with an **x**: **22x13**.
            """,
        ),
        figures(
            diagram("W:W22:B18,3", arrows=["22x13"],
                    caption=T("Prima: il Bianco mangia 22x13.", "Before: White captures 22x13.")),
            diagram("W:W22:B18,3", moves=["22x13"],
                    caption=T("Dopo: la pedina nera in 18 non c'è più.",
                              "After: the black man on 18 has gone.")),
        ),
        md(
            """
            ## Mangiare è obbligatorio

            Se puoi mangiare, **devi mangiare** (IT-C1), anche se preferiresti fare un'altra
            mossa. Qui sotto il Bianco vorrebbe giocare 28-24, ma non può: c'è una presa da
            fare, e la presa viene prima di tutto.

            Se le prese possibili sono più di una, per ora scegli tu quale fare. Nelle lezioni
            7–10 scoprirai le regole che, a volte, decidono quale presa è obbligatoria.
            """,
            """
            ## Capturing is compulsory

            If you can capture, **you must capture** (IT-C1), even if you would rather make
            another move. Below, White would like to play 28-24, but cannot: there is a capture
            to make, and the capture comes first.

            If more than one capture is possible, for now you choose which one. In lessons 7–10
            you will find the rules that sometimes decide which capture is compulsory.
            """,
        ),
        figures(
            diagram("W:W22,28:B18,3", arrows=["22x13"], highlight=[28],
                    caption=T("Il Bianco deve mangiare: 22x13. La mossa 28-24 non si può fare.",
                              "White must capture: 22x13. The move 28-24 is not allowed.")),
        ),
        md(
            """
            ## Le pedine mangiano solo in avanti, e mai la dama

            Una **pedina** mangia solo **in avanti**, nello stesso verso in cui cammina, e
            mangia solo **pedine**: una pedina **non può mai mangiare una dama** (IT-C3). La dama
            (un pezzo speciale, con la corona) la conoscerai nella lezione 6.

            - Nella prima figura la pedina bianca in 18 e la pedina nera in 22 si toccano, ma
              nessuna delle due può mangiare l'altra: ognuna dovrebbe mangiare all'indietro.
            - Nella seconda la pedina bianca in 22 ha davanti una **dama** nera: non può
              mangiarla, e deve fare un'altra mossa.
            """,
            """
            ## Men capture forwards only, and never a king

            A **man** captures **forwards** only, the same way it walks, and it captures only
            **men**: a man **can never capture a king** (IT-C3). You will meet the king (a
            special piece, with a crown) in lesson 6.

            - In the first picture the white man on 18 and the black man on 22 touch, but
              neither can capture the other: each would have to capture backwards.
            - In the second, the white man on 22 has a black **king** in front of it: it cannot
              capture it, and has to make another move.
            """,
        ),
        figures(
            diagram("W:W18:B22",
                    caption=T("Nessuno può mangiare: si dovrebbe mangiare all'indietro.",
                              "No one can capture: it would be backwards.")),
            diagram("W:W22:BK18", arrows=["22-19"],
                    caption=T("La pedina non mangia la dama: gioca 22-19.",
                              "The man does not take the king: it plays 22-19.")),
        ),
        md(
            """
            ## Prova tu!

            Tocca al Bianco, e c'è da mangiare. La damiera segna con un punto esclamativo
            rosso i pezzi che **devono** mangiare. Prova prima una mossa qualsiasi, per esempio
            **24-20**: leggi che cosa ti risponde la damiera. Poi fai una presa, e gioca anche
            le risposte del Nero.
            """,
            """
            ## Try it!

            It is White's turn, and there is something to capture. The board marks with a red
            exclamation mark the pieces that **must** capture. First try any other move, say
            **24-20**: read what the board answers. Then make a capture, and play Black's
            answers too.
            """,
        ),
        board("W:W21,22,24,27:B7,11,18"),
    ],
    exercises=["it-cap-001", "it-cap-002", "it-cap-003", "it-cap-004", "it-cap-005",
               "it-cap-025", "it-cap-026"],
    remember=(
        T("Si mangia saltando un pezzo attaccato al tuo, se dietro c'è una casella vuota "
          "(IT-C2).",
          "You capture by jumping a piece next to yours, if the square behind it is empty "
          "(IT-C2)."),
        T("Se puoi mangiare, devi mangiare (IT-C1).", "If you can capture, you must (IT-C1)."),
        T("Le pedine mangiano solo in avanti, e non mangiano mai le dame (IT-C3).",
          "Men capture forwards only, and never capture kings (IT-C3)."),
    ),
)
