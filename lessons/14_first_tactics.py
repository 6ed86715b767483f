from .kit import LessonSource, T, board, diagram, figures, md

LESSON = LessonSource(
    number=14,
    slug=T(it="prima-tattica", en="first-tactics"),
    title=T(it="Prima tattica: il cambio e il tiro", en="First tactics: the exchange and the shot"),
    learn=(
        T(it="come la presa obbligatoria diventa un'arma;",
          en="how compulsory capture becomes a weapon;"),
        T(it="il **cambio**: dai un pezzo e ne prendi uno;",
          en="the **exchange**: give a piece and take one;"),
        T(it="il **tiro**: dai un pezzo e ne prendi di più;",
          en="the **shot**: give a piece and take more;"),
        T(it="il **colpo di dama**: dai un pezzo e la tua pedina arriva in fondo.",
          en="the **king shot**: give a piece and your man reaches the far row."),
    ),
    cells=[
        md(
            it="""
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
            en="""
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
                    caption=T(it="1. Il Bianco gioca 23-19.", en="1. White plays 23-19.")),
            diagram("W:W23,28,32:B14,3", moves=["23-19", "14x23"], arrows=["28x19"], size=220,
                    caption=T(it="2. Il Nero deve mangiare: 14x23. Poi 28x19.",
                              en="2. Black must capture: 14x23. Then 28x19.")),
            diagram("W:W23,28,32:B14,3", moves=["23-19", "14x23", "28x19"], size=220,
                    caption=T(it="3. Un pezzo a testa.", en="3. One piece each.")),
        ),
        md(
            it="""
            ## Il tiro

            Nel **tiro** regali un pezzo (a volte più di uno) per **mangiarne di più**, o per
            fare dama. È la mossa più bella della dama!

            Qui il Bianco gioca **27-23** e regala una pedina. Il Nero deve mangiare: 20x27.
            Ma adesso la pedina nera in 27 è proprio davanti alla pedina bianca in 31, che fa
            una presa doppia: **31x13**, e prende anche la pedina in 18. Il Bianco ha dato un
            pezzo e ne ha presi due.
            """,
            en="""
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
                    caption=T(it="1. Il Bianco regala: 27-23!", en="1. White gives one: 27-23!")),
            diagram("W:W26,27,31:B11,18,20", moves=["27-23", "20x27"], arrows=["31x13"],
                    size=220,
                    caption=T(it="2. 20x27 è obbligatoria. Poi 31x13.",
                              en="2. 20x27 is forced. Then 31x13.")),
            diagram("W:W26,27,31:B11,18,20", moves=["27-23", "20x27", "31x13"], size=220,
                    caption=T(it="3. Uno dato, due presi.", en="3. One given, two taken.")),
        ),
        md(
            it="""
            ## Prova tu!

            Gioca tu il tiro sulla damiera: prima la mossa del Bianco, poi la presa obbligata
            del Nero, poi la presa doppia del Bianco. Poi premi **Ricomincia** e prova una mossa
            diversa: il tiro funziona ancora?

            **Un consiglio:** prima di ogni mossa chiediti «se gioco qui, l'avversario deve
            mangiare? E dopo, chi mangia di più?»
            """,
            en="""
            ## Try it!

            Play the shot yourself on the board: White's move first, then Black's forced
            capture, then White's double capture. Then press **Restart** and try a different
            move: does the shot still work?

            **A tip:** before each move ask yourself "if I play here, must my opponent capture?
            And afterwards, who captures more?"
            """,
        ),
        board("W:W26,27,31:B11,18,20"),
        md(
            it="""
            ## Il colpo di dama

            A volte il regalo serve ad **aprire la strada** verso l'ultima riga. Qui il Bianco
            gioca **13-10** e regala una pedina. Il Nero deve mangiare: 6x13. Ma così la
            pedina bianca in 17 può saltare due volte: **17x1** prende le pedine in 13 e in 5
            e arriva in fondo, dove diventa **dama**. Il Bianco ha dato un pezzo, ne ha presi
            due e ha fatto dama: questo è un **colpo di dama**.
            """,
            en="""
            ## The king shot

            Sometimes the gift **opens the way** to the far row. Here White plays **13-10** and
            gives away a man. Black must capture: 6x13. But now the white man on 17 can jump
            twice: **17x1** takes the men on 13 and 5 and reaches the far row, where it becomes
            a **king**. White gave one piece, took two and made a king: that is a **king
            shot**.
            """,
        ),
        figures(
            diagram("W:W13,14,17:B5,6,7", arrows=["13-10"], size=220,
                    caption=T(it="1. Il Bianco regala: 13-10!", en="1. White gives one: 13-10!")),
            diagram("W:W13,14,17:B5,6,7", moves=["13-10", "6x13"], arrows=["17x1"], size=220,
                    caption=T(it="2. 6x13 è obbligatoria. Poi 17x1.",
                              en="2. 6x13 is forced. Then 17x1.")),
            diagram("W:W13,14,17:B5,6,7", moves=["13-10", "6x13", "17x1"], size=220,
                    caption=T(it="3. Due presi, e una dama!", en="3. Two taken, and a king!")),
        ),
    ],
    exercises=["it-tir-001", "it-tir-002", "it-tir-003", "it-tir-004", "it-tir-005",
               "it-tir-006", "it-cam-012", "it-cdd-006"],
    rules=("IT-C1", "IT-C7"),
    exercises_intro=T(
        it="Trova il tiro e gioca **tutta** la combinazione sulla damiera: dopo la tua mossa il "
        "computer gioca la presa obbligata dell'avversario, poi tocca di nuovo a te. Gli "
        "ultimi due sono un cambio vantaggioso e un colpo di dama.",
        en="Find the shot and play the **whole** combination on the board: after your move the "
        "computer plays your opponent's forced capture, then it is your turn again. The last "
        "two are a good exchange and a king shot."),
    remember=(
        T(it="Mangiare è obbligatorio anche per l'avversario: così puoi decidere tu dove andrà "
          "il suo pezzo.",
          en="Capturing is compulsory for your opponent too: so you can decide where their piece "
          "will go."),
        T(it="Nel cambio dai un pezzo e ne prendi uno.",
          en="In an exchange you give one piece and take one."),
        T(it="Nel tiro dai uno o più pezzi, e poi ne prendi di più, oppure fai dama.",
          en="In a shot you give one or more pieces, and then you take more, or make a king."),
        T(it="Nel colpo di dama il regalo apre la strada: la tua pedina arriva in fondo.",
          en="In a king shot the gift opens the way: your man reaches the far row."),
    ),
)
