from .kit import LessonSource, T, board, diagram, figures, md

LESSON = LessonSource(
    number=7,
    slug=T(it="prendere-di-piu", en="take-the-most"),
    title=T(it="Precedenza 1: prendi di più", en="Precedence 1: take the most"),
    learn=(
        T(it="che cosa fare quando si può mangiare in più modi;",
          en="what to do when you can capture in more than one way;"),
        T(it="la prima regola: si prende il maggior numero di pezzi.",
          en="the first rule: you take the greatest number of pieces."),
    ),
    cells=[
        md(
            it="""
            ## Quando le prese sono tante

            A volte puoi mangiare in **più modi**. Allora non sempre scegli tu: ci sono
            **quattro regole**, dette **precedenze**, che dicono quale presa devi fare. Si
            guardano **una dopo l'altra**, in ordine. E se alla fine, per tutte e quattro, le
            prese sono ancora pari? Allora puoi scegliere tu: è la **libera scelta**, e
            la vedrai nella lezione 10. In questa lezione c'è la prima regola, la più
            importante.

            ## Regola 1: la quantità

            Devi fare la presa che **mangia più pezzi**: è la **regola della quantità**. Pedine
            e dame contano uguale: **un pezzo è un pezzo**.

            Qui sotto il Bianco può mangiare **un** pezzo con 22x13, oppure **due** pezzi con
            27x11. Deve fare 27x11.
            """,
            en="""
            ## When there are many captures

            Sometimes you can capture in **more than one way**. Then you do not always choose:
            there are **four rules**, called **precedence** rules, that say which capture you
            must make. They are looked at **one after the other**, in order. And if in the end
            the captures are still equal for all four? Then you are free to choose: that is
            **free choice**, and you will see it in lesson 10. This lesson has the first rule,
            the most important one.

            ## Rule 1: quantity

            You must make the capture that **takes the most pieces**: this is the **quantity
            rule**. Men and kings count the same: **a piece is a piece**.

            Below, White can capture **one** piece with 22x13, or **two** pieces with 27x11. It
            must play 27x11.
            """,
        ),
        figures(
            diagram("W:W27,22:B23,15,18,3", arrows=["27x11", (22, 13)],
                    caption=T(it="Un pezzo (22x13) o due (27x11)? Si prendono due.",
                              en="One piece (22x13) or two (27x11)? You take two.")),
            diagram("W:W27,22:B23,15,18,3", moves=["27x11"],
                    caption=T(it="Dopo 27x11.", en="After 27x11.")),
        ),
        md(
            it="""
            ## La quantità viene prima di tutto

            Questa regola è la prima, e conta anche più della dama. Qui il Bianco ha una
            **dama** in 9 che può mangiare **un** pezzo, e una **pedina** in 32 che può
            mangiarne **due**. Vince la quantità: mangia la pedina, 32x14.
            """,
            en="""
            ## Quantity comes first

            This rule comes first, even before the king. Here White has a **king** on 9 that
            can capture **one** piece, and a **man** on 32 that can capture **two**. Quantity
            wins: the man captures, 32x14.
            """,
        ),
        figures(
            diagram("W:W32,K9:B28,19,13,3", arrows=["32x14", (9, 18)],
                    caption=T(it="La pedina prende due pezzi, la dama uno: tocca alla pedina.",
                              en="The man takes two pieces, the king one: the man must capture.")),
        ),
        md(
            it="""
            ## Prova tu!

            Il Bianco deve mangiare, e ha due prese. Prova prima quella piccola: scrivi
            **22x13** nella casella sotto la damiera e premi **Gioca**. Leggi che cosa ti
            risponde la damiera. Poi fai la presa giusta sulla damiera: quanti pezzi mangia?
            """,
            en="""
            ## Try it!

            White must capture, and has two captures. Try the small one first: type **22x13** in
            the box under the board and press **Play**. Read what the board answers. Then make
            the right capture on the board: how many pieces does it take?
            """,
        ),
        board("W:W22,27,30:B6,15,18,23"),
    ],
    exercises=["it-qty-001", "it-qty-002", "it-qty-003", "it-qty-004", "it-qty-005"],
    rules=("IT-P1",),
    exercises_intro=T(
        it="In ogni esercizio conta i pezzi che prende ciascuna presa, poi gioca quella che ne "
        "prende di più. Ogni risposta viene controllata subito; «Suggerimento» ti aiuta (ma "
        "costa una stella).",
        en="In each exercise count the pieces each capture takes, then play the one that takes "
        "the most. Every answer is checked at once; \u201cHint\u201d helps you (but costs a "
        "star)."),
    remember=(
        T(it="Se puoi mangiare in più modi, decidono le quattro regole delle precedenze, una "
          "dopo l'altra; se restano pari, scegli tu.",
          en="If you can capture in several ways, the four precedence rules decide, one after "
          "the other; if the captures are still equal, you choose."),
        T(it="Regola 1, la regola della quantità: si prende il maggior numero di pezzi.",
          en="Rule 1, the quantity rule: you take the greatest number of pieces."),
        T(it="Una dama conta come un pezzo, come una pedina.",
          en="A king counts as one piece, like a man."),
    ),
)
