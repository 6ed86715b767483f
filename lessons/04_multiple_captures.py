from .kit import LessonSource, T, board, diagram, figures, md

LESSON = LessonSource(
    number=4,
    slug=T(it="la-presa-multipla", en="multiple-captures"),
    title=T(it="La presa multipla", en="Multiple captures"),
    learn=(
        T(it="che dopo un salto, se si può, si salta ancora;",
          en="that after a jump, if you can, you jump again;"),
        T(it="che tutti i salti insieme sono una mossa sola;",
          en="that all the jumps together make one move;"),
        T(it="che i pezzi presi si tolgono solo alla fine.",
          en="that the captured pieces are lifted only at the end."),
    ),
    cells=[
        md(
            it="""
            ## Salta, e salta ancora

            Dopo un salto, guarda bene: se dalla casella dove sei atterrato puoi **saltare un
            altro pezzo**, devi continuare, con lo **stesso pezzo**. Si va avanti così
            finché non ci sono più salti. Tutti i salti insieme sono **una mossa sola**: dopo,
            tocca all'avversario.

            Una pedina può mangiare al massimo **tre pezzi** in una mossa.

            Qui sotto la pedina bianca in 27 salta la pedina in 23 e arriva in 20; da lì salta
            la pedina in 15 e arriva in 11. Si scrive **27x11**: la casella di partenza, una x,
            la casella di arrivo.
            """,
            en="""
            ## Jump, and jump again

            After a jump, look carefully: if from the square where you landed you can **jump
            another piece**, you must go on, with the **same piece**. You keep going
            until there are no more jumps. All the jumps together are **one move**: after it,
            it is your opponent's turn.

            A man can capture at most **three pieces** in one move.

            Below, the white man on 27 jumps the man on 23 and lands on 20; from there it jumps
            the man on 15 and lands on 11. It is written **27x11**: the starting square, an x,
            the square where it ends.
            """,
        ),
        figures(
            diagram("W:W27:B23,15,3", arrows=["27x11"],
                    caption=T(it="Due salti, una mossa: 27x11.", en="Two jumps, one move: 27x11.")),
            diagram("W:W27:B23,15,3", moves=["27x11"],
                    caption=T(it="Dopo la presa: due pedine nere in meno.",
                              en="After the capture: two black men fewer.")),
        ),
        md(
            it="""
            ## I pezzi presi si tolgono alla fine

            Durante una presa multipla i pezzi saltati **restano sulla damiera** finché la mossa
            non è finita; si tolgono tutti insieme alla fine. Per questo:

            - non si può saltare **due volte** lo stesso pezzo;
            - un pezzo già saltato **fa da muro**: non ci si può passare sopra di nuovo.

            Nella figura la pedina bianca in 32 fa tre salti: 32x23, poi 23x14, poi 14x5. Tre
            pedine nere prese in una mossa sola!
            """,
            en="""
            ## Captured pieces are lifted at the end

            During a multiple capture the pieces jumped **stay on the board** until the move is
            over; they are all lifted together at the end. So:

            - you cannot jump the same piece **twice**;
            - a piece already jumped **acts as a wall**: you cannot pass over it again.

            In the picture the white man on 32 makes three jumps: 32x23, then 23x14, then 14x5.
            Three black men taken in a single move!
            """,
        ),
        figures(
            diagram("W:W31,32:B28,19,10,3", arrows=["32x5"],
                    caption=T(it="Tre salti: 32x5.", en="Three jumps: 32x5.")),
        ),
        md(
            it="""
            ## Prova tu!

            Sulla damiera puoi fare la presa in due modi:

            - clicca o tocca la pedina in 32 e poi **la casella finale**, la 5: la damiera fa
              tutti i salti da sola;
            - oppure scegli **una casella alla volta**: 32, poi 23, poi 14, poi 5. Sui pezzi
              già saltati compare una **croce**: sono ancora lì, e se ne vanno solo alla fine
              della mossa.

            Premi **Annulla** per riprovare nell'altro modo.
            """,
            en="""
            ## Try it!

            On the board you can make the capture in two ways:

            - click or tap the man on 32 and then **the last square**, 5: the board makes
              every jump by itself;
            - or choose **one square at a time**: 32, then 23, then 14, then 5. A **cross**
              appears on the pieces already jumped: they are still there, and go only at the
              end of the move.

            Press **Undo** to try the other way.
            """,
        ),
        board("W:W31,32:B28,19,10,3"),
    ],
    exercises=["it-mul-001", "it-mul-002", "it-mul-003", "it-mul-004", "it-mul-005",
               "it-mul-006"],
    rules=("IT-C5", "IT-C6"),
    remember=(
        T(it="La presa continua finché si può: se lo stesso pezzo può saltare ancora, deve "
          "continuare.",
          en="The capture goes on while it can: if the same piece can jump again, it must go on."),
        T(it="Tutti i salti insieme sono una mossa sola; una pedina prende al massimo tre pezzi.",
          en="All the jumps together are one move; a man takes at most three pieces."),
        T(it="I pezzi presi si tolgono alla fine: non si salta mai due volte lo stesso pezzo.",
          en="Captured pieces are lifted at the end: you never jump the same piece twice."),
    ),
)
