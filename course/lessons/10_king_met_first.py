from .kit import Lesson, T, board, diagram, figures, md

LESSON = Lesson(
    number=10,
    slug=T("la-dama-incontrata-prima", "the-king-met-first"),
    title=T("Precedenza 4: la dama prima, e la libera scelta",
            "Precedence 4: the king first, and free choice"),
    learn=(
        T("la quarta regola: si mangia prima la dama;",
          "the fourth rule: you take the king first;"),
        T("quando puoi scegliere tu la presa.", "when you may choose the capture yourself."),
    ),
    cells=[
        md(
            """
            ## Regola 4: l'ordine

            A volte le prime tre regole non bastano: due prese mangiano lo stesso numero di
            pezzi, le fa la dama, e prendono lo stesso numero di dame. Allora si guarda **quando**
            si incontra la dama: bisogna fare la presa in cui la dama avversaria viene saltata
            **prima** (IT-P4).

            Qui la dama bianca in 23 può fare due prese di due pezzi, con una dama ciascuna:

            - **23x7**: salta **subito** la dama in 19, poi la pedina in 11;
            - **23x21**: salta prima la pedina in 27, e solo dopo la dama in 26.

            La dama si incontra prima con 23x7: è quella obbligatoria.
            """,
            """
            ## Rule 4: order

            Sometimes the first three rules are not enough: two captures take the same number of
            pieces, both are made by the king, and both take the same number of kings. Then you
            look at **when** you meet the king: you must make the capture in which the
            opponent's king is jumped **first** (IT-P4).

            Here the white king on 23 can make two captures of two pieces, with one king each:

            - **23x7**: it jumps the king on 19 **at once**, then the man on 11;
            - **23x21**: it jumps the man on 27 first, and only then the king on 26.

            The king is met first with 23x7: that one is compulsory.
            """,
        ),
        figures(
            diagram("W:WK23:B11,K19,K26,27", arrows=["23x14x7", (23, 30), (30, 21)],
                    caption=T("23x7 incontra la dama al primo salto: si fa questa.",
                              "23x7 meets the king at the first jump: play this one.")),
        ),
        md(
            """
            ## Regola 5: la libera scelta

            E se dopo **tutte e quattro** le regole restano ancora due o più prese? Allora
            scegli **tu** (IT-P5). Qui la dama bianca può mangiare la pedina in 18 o quella in
            19: un pezzo, una pedina, stessa dama, nessuna dama da prendere. Sono uguali per
            tutte le regole: va bene 22x13 e va bene 22x15.
            """,
            """
            ## Rule 5: free choice

            And if after **all four** rules there are still two or more captures? Then **you**
            choose (IT-P5). Here the white king can capture the man on 18 or the one on 19: one
            piece, a man, the same king, no king to take. They are equal for every rule: 22x13
            is fine and so is 22x15.
            """,
        ),
        figures(
            diagram("W:WK22:B18,19,3", arrows=["22x13", "22x15"],
                    caption=T("Libera scelta: 22x13 o 22x15.", "Free choice: 22x13 or 22x15.")),
        ),
        md(
            """
            ## Tutte le regole delle prese, in ordine

            1. **Quantità**: più pezzi (IT-P1).
            2. **Dama**: a parità, mangia la dama (IT-P2).
            3. **Qualità**: a parità, più dame (IT-P3).
            4. **Ordine**: a parità, la dama incontrata prima (IT-P4).
            5. **Libera scelta**: quello che resta, lo scegli tu (IT-P5).

            ## Prova tu!

            La dama bianca in 27 ha due prese, tutte e due di due pezzi con una dama. Prova
            **27x11**: la damiera ti spiega perché no. Qual è la presa giusta?
            """,
            """
            ## Every capture rule, in order

            1. **Quantity**: more pieces (IT-P1).
            2. **King**: in a tie, the king captures (IT-P2).
            3. **Quality**: in a tie, more kings (IT-P3).
            4. **Order**: in a tie, the king met first (IT-P4).
            5. **Free choice**: whatever is left, you choose (IT-P5).

            ## Try it!

            The white king on 27 has two captures, both of two pieces with one king. Try
            **27x11**: the board explains why not. Which is the right capture?
            """,
        ),
        board("W:WK27:B13,K15,23,K22"),
    ],
    exercises=["it-fre-001", "it-fre-002", "it-ord-001", "it-ord-002", "it-ord-003"],
    exercises_intro=T(
        "Nei primi due esercizi scrivi **tutte** le prese permesse (per esempio «18x11 18x25») "
        "e premi «Rispondi»; negli altri trova la presa obbligatoria sulla damiera.",
        "In the first two exercises type **every** allowed capture (for example \u201c18x11 "
        "18x25\u201d) and press \u201cAnswer\u201d; in the others find the compulsory capture "
        "on the board."),
    remember=(
        T("Regola 4: a parità di tutto, si prende la presa che incontra prima la dama (IT-P4).",
          "Rule 4: when all else is equal, make the capture that meets the king first (IT-P4)."),
        T("Regola 5: quello che resta pari dopo le quattro regole lo scegli tu (IT-P5).",
          "Rule 5: whatever is still equal after the four rules, you choose (IT-P5)."),
        T("Ordine delle regole: quantità, dama, qualità, ordine, scelta.",
          "Order of the rules: quantity, king, quality, order, choice."),
    ),
)
