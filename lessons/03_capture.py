from .kit import LessonSource, T, board, diagram, figures, md

LESSON = LessonSource(
    number=3,
    slug=T(it="la-presa", en="capturing"),
    title=T(it="La presa", en="Capturing"),
    learn=(
        T(it="come si mangia un pezzo dell'avversario;", en="how to capture an opponent's piece;"),
        T(it="che mangiare è obbligatorio;", en="that capturing is compulsory;"),
        T(it="che le pedine mangiano solo in avanti, e mai una dama.",
          en="that men capture forwards only, and never a king."),
    ),
    cells=[
        md(
            it="""
            ## Il salto

            Quando un pezzo dell'avversario è **proprio accanto** al tuo, sulla stessa
            diagonale, e la casella **subito dietro** di lui è **vuota**, puoi **saltarlo**: il
            tuo pezzo atterra nella casella vuota e il pezzo saltato esce dalla damiera. Questo
            si chiama **mangiare**, o fare una **presa**.

            Nella figura la pedina bianca in 22 salta la pedina nera in 18 e arriva in 13. Le
            prese si scrivono con una **x**: **22x13**.
            """,
            en="""
            ## The jump

            When an opponent's piece is **right next to** yours, on the same diagonal, and the
            square **just behind it** is **empty**, you can **jump** over it: your piece lands
            on the empty square and the piece jumped over leaves the board. This is called
            **capturing**.

            In the picture the white man on 22 jumps the black man on 18 and lands on 13.
            Captures are written with an **x**: **22x13**.
            """,
        ),
        figures(
            diagram("W:W22:B18,3", arrows=["22x13"],
                    caption=T(it="Prima: il Bianco mangia 22x13.", en="Before: White captures 22x13.")),
            diagram("W:W22:B18,3", moves=["22x13"],
                    caption=T(it="Dopo: la pedina nera in 18 non c'è più.",
                              en="After: the black man on 18 has gone.")),
        ),
        md(
            it="""
            ## Mangiare è obbligatorio

            Se puoi mangiare, **devi mangiare**, anche se preferiresti fare un'altra
            mossa. Qui sotto il Bianco vorrebbe giocare 28-24, ma non può: c'è una presa da
            fare, e la presa viene prima di tutto.

            Se le prese possibili sono più di una, per ora scegli tu quale fare. Nelle lezioni
            dalla 7 alla 10 scoprirai le regole che, a volte, decidono al posto tuo quale presa
            fare.
            """,
            en="""
            ## Capturing is compulsory

            If you can capture, **you must capture**, even if you would rather make
            another move. Below, White would like to play 28-24, but cannot: there is a capture
            to make, and the capture comes first.

            If more than one capture is possible, for now you choose which one. In lessons 7 to
            10 you will find the rules that sometimes decide for you which capture to make.
            """,
        ),
        figures(
            diagram("W:W22,28:B18,3", arrows=["22x13"], highlight=[28],
                    caption=T(it="Il Bianco deve mangiare: 22x13. La mossa 28-24 non si può fare.",
                              en="White must capture: 22x13. The move 28-24 is not allowed.")),
        ),
        md(
            it="""
            ## Le pedine mangiano solo in avanti, e mai la dama

            Una **pedina** mangia solo **in avanti**, nello stesso verso in cui cammina, e
            mangia solo **pedine**: una pedina **non può mai mangiare una dama**. La dama (un
            pezzo speciale, con la corona) la conoscerai nella lezione 6.

            - Nella prima figura la pedina bianca in 18 e la pedina nera in 22 sono vicine, ma
              nessuna delle due può mangiare l'altra: tutte e due dovrebbero mangiare
              all'indietro.
            - Nella seconda la pedina bianca in 22 ha davanti una **dama** nera: non può
              mangiarla, e deve fare un'altra mossa.
            """,
            en="""
            ## Men capture forwards only, and never a king

            A **man** captures **forwards** only, the same way it walks, and it captures only
            **men**: a man **can never capture a king**. You will meet the king (a special
            piece, with a crown) in lesson 6.

            - In the first picture the white man on 18 and the black man on 22 are next to each
              other, but neither can capture the other: both would have to capture backwards.
            - In the second, the white man on 22 has a black **king** in front of it: it cannot
              capture it, and has to make another move.
            """,
        ),
        figures(
            diagram("W:W18:B22",
                    caption=T(it="Nessuno può mangiare: si dovrebbe mangiare all'indietro.",
                              en="No one can capture: it would have to be backwards.")),
            diagram("W:W22:BK18", arrows=["22-19"],
                    caption=T(it="La pedina non mangia la dama: gioca 22-19.",
                              en="The man does not take the king: it plays 22-19.")),
        ),
        md(
            it="""
            ## Prova tu!

            Tocca al Bianco, e c'è da mangiare. La damiera segna con un punto esclamativo
            rosso i pezzi che **devono** mangiare. Prova prima una mossa che non mangia, per
            esempio **24-20**, e leggi che cosa ti risponde la damiera. Poi fai una presa, e
            gioca anche le risposte del Nero.
            """,
            en="""
            ## Try it!

            It is White's turn, and there is something to capture. The board marks with a red
            exclamation mark the pieces that **must** capture. First try a move that does not
            capture, say **24-20**, and read what the board answers. Then make a capture, and
            play Black's answers too.
            """,
        ),
        board("W:W21,22,24,27:B7,11,18"),
    ],
    exercises=["it-cap-001", "it-cap-002", "it-cap-003", "it-cap-004", "it-cap-005",
               "it-cap-025", "it-cap-026"],
    rules=("IT-C1", "IT-C2", "IT-C3"),
    remember=(
        T(it="Si mangia saltando un pezzo avversario che è proprio accanto al tuo, se dietro di "
          "lui c'è una casella vuota.",
          en="You capture by jumping an opponent's piece right next to yours, if the square "
          "behind it is empty."),
        T(it="Mangiare è obbligatorio: se puoi mangiare, devi mangiare.",
          en="Capturing is compulsory: if you can capture, you must."),
        T(it="Le pedine mangiano solo in avanti, e non mangiano mai le dame.",
          en="Men capture forwards only, and never capture kings."),
    ),
)
