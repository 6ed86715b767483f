from .kit import Lesson, T, board, diagram, figures, md

LESSON = Lesson(
    number=14,
    slug=T("prima-tattica", "first-tactics"),
    title=T("Prima tattica: il cambio e il tiro", "First tactics: the exchange and the shot"),
    learn=(
        T("come la presa obbligatoria diventa un'arma;",
          "how compulsory capture becomes a weapon;"),
        T("il **cambio**: dai un pezzo e ne prendi uno;",
          "the **exchange**: give a piece and take one;"),
        T("il **tiro**: dai un pezzo e ne prendi di più.",
          "the **shot**: give a piece and take more."),
    ),
    cells=[
        md(
            """
            ## Obbligare l'avversario

            Mangiare è obbligatorio: vale anche per il tuo avversario! Se metti un tuo pezzo
            davanti a un suo, e dietro c'è una casella vuota, **deve** mangiarlo. Così puoi
            decidere tu dove andrà il suo pezzo... e prepararti a mangiarlo. Questa è la
            **tattica**.

            ## Il cambio

            Nel **cambio** dai un pezzo e subito ne prendi uno. Qui il Bianco gioca **23-19**:
            il Nero deve mangiare, 14x23, e il Bianco riprende con **28x19**. Un pezzo a testa.
            Il cambio serve per liberare la strada, per togliere di mezzo un pezzo pericoloso,
            o per lasciare meno pezzi sulla damiera quando sei in vantaggio.
            """,
            """
            ## Making your opponent move

            Capturing is compulsory: for your opponent too! If you put one of your pieces in
            front of one of theirs, with an empty square behind it, they **must** capture it.
            So you can decide where their piece will go... and get ready to capture it. That is
            **tactics**.

            ## The exchange

            In an **exchange** you give a piece and at once take one. Here White plays
            **23-19**: Black must capture, 14x23, and White takes back with **28x19**. One
            piece each. An exchange clears the way, removes a dangerous piece, or leaves fewer
            pieces on the board when you are ahead.
            """,
        ),
        figures(
            diagram("W:W23,28,32:B14,3", arrows=["23-19"], size=220,
                    caption=T("1. Il Bianco gioca 23-19.", "1. White plays 23-19.")),
            diagram("W:W23,28,32:B14,3", moves=["23-19", "14x23"], arrows=["28x19"], size=220,
                    caption=T("2. Il Nero deve mangiare: 14x23. Poi 28x19.",
                              "2. Black must capture: 14x23. Then 28x19.")),
            diagram("W:W23,28,32:B14,3", moves=["23-19", "14x23", "28x19"], size=220,
                    caption=T("3. Un pezzo a testa.", "3. One piece each.")),
        ),
        md(
            """
            ## Il tiro

            Nel **tiro** regali un pezzo (a volte più di uno) per **mangiarne di più**, o per
            fare dama. È la mossa più bella della dama!

            Qui il Bianco gioca **27-23** e regala una pedina. Il Nero deve mangiare: 20x27.
            Ma adesso la pedina nera in 27 è proprio davanti alla pedina bianca in 31, che fa
            una presa doppia: **31x13**, e prende anche la pedina in 18. Il Bianco ha dato un
            pezzo e ne ha presi due.
            """,
            """
            ## The shot

            In a **shot** you give away a piece (sometimes more than one) to **take more**, or
            to make a king. It is the most beautiful move in draughts!

            Here White plays **27-23** and gives away a man. Black must capture: 20x27. But now
            the black man on 27 is right in front of the white man on 31, which makes a double
            capture: **31x13**, taking the man on 18 as well. White gave one piece and took
            two.
            """,
        ),
        figures(
            diagram("W:W26,27,31:B11,18,20", arrows=["27-23"], size=220,
                    caption=T("1. Il Bianco regala: 27-23!", "1. White gives one: 27-23!")),
            diagram("W:W26,27,31:B11,18,20", moves=["27-23", "20x27"], arrows=["31x13"],
                    size=220,
                    caption=T("2. 20x27 è obbligatoria. Poi 31x13.",
                              "2. 20x27 is forced. Then 31x13.")),
            diagram("W:W26,27,31:B11,18,20", moves=["27-23", "20x27", "31x13"], size=220,
                    caption=T("3. Uno dato, due presi.", "3. One given, two taken.")),
        ),
        md(
            """
            ## Prova tu!

            Gioca tu il tiro sulla damiera: prima la mossa del Bianco, poi la presa obbligata
            del Nero, poi la presa doppia del Bianco. Poi premi **Ricomincia** e prova una mossa
            diversa: il tiro funziona ancora?

            **Un consiglio:** prima di ogni mossa chiediti «se gioco qui, l'avversario deve
            mangiare? E dopo, chi mangia di più?»
            """,
            """
            ## Try it!

            Play the shot yourself on the board: White's move first, then Black's forced
            capture, then White's double capture. Then press **Restart** and try a different
            move: does the shot still work?

            **A tip:** before each move ask yourself "if I play here, must my opponent capture?
            And afterwards, who captures more?"
            """,
        ),
        board("W:W26,27,31:B11,18,20"),
    ],
    exercises=["it-tir-001", "it-tir-002", "it-tir-003", "it-tir-004", "it-tir-005",
               "it-tir-006"],
    rules=("IT-C1",),
    exercises_intro=T(
        "Trova il tiro e gioca **tutta** la combinazione sulla damiera: dopo la tua mossa il "
        "computer gioca la presa obbligata dell'avversario, poi tocca di nuovo a te.",
        "Find the shot and play the **whole** combination on the board: after your move the "
        "computer plays your opponent's forced capture, then it is your turn again."),
    remember=(
        T("Mangiare è obbligatorio anche per l'avversario: così puoi decidere tu dove andrà "
          "il suo pezzo.",
          "Capturing is compulsory for your opponent too: so you can decide where their piece "
          "will go."),
        T("Nel cambio dai un pezzo e ne prendi uno.",
          "In an exchange you give one piece and take one."),
        T("Nel tiro dai uno o più pezzi, e poi ne prendi di più, oppure fai dama.",
          "In a shot you give one or more pieces, and then you take more, or make a king."),
    ),
)
