from .kit import LessonSource, T, board, diagram, figures, md

LESSON = LessonSource(
    number=10,
    slug=T(it="la-dama-incontrata-prima", en="the-king-met-first"),
    title=T(it="Precedenza 4: la dama prima, e la libera scelta",
            en="Precedence 4: the king first, and free choice"),
    learn=(
        T(it="la quarta regola: si mangia prima la dama;",
          en="the fourth rule: you take the king first;"),
        T(it="quando puoi scegliere tu la presa.", en="when you may choose the capture yourself."),
    ),
    cells=[
        md(
            it="""
            ## Regola 4: la precedenza

            A volte le prime tre regole non bastano: due prese mangiano lo stesso numero di
            pezzi, tutte e due le fa la dama, e prendono lo stesso numero di dame. Allora si
            guarda **quando** si incontra la dama: bisogna fare la presa in cui la dama
            avversaria viene saltata **prima**. È la **regola della precedenza**.

            Qui la dama bianca in 23 può fare due prese di due pezzi, con una dama ciascuna:

            - **23x7**: salta **subito** la dama in 19, poi la pedina in 11;
            - **23x21**: salta prima la pedina in 27, e solo dopo la dama in 26.

            Con 23x7 la dama nera si incontra prima: è questa la presa da fare.
            """,
            en="""
            ## Rule 4: order

            Sometimes the first three rules are not enough: two captures take the same number of
            pieces, both are made by the king, and both take the same number of kings. Then you
            look at **when** you meet the king: you must make the capture in which the
            opponent's king is jumped **first**. This is the **order rule**.

            Here the white king on 23 can make two captures of two pieces, with one king each:

            - **23x7**: it jumps the king on 19 **at once**, then the man on 11;
            - **23x21**: it jumps the man on 27 first, and only then the king on 26.

            With 23x7 the black king is met first: that is the capture to make.
            """,
        ),
        figures(
            diagram("W:WK23:B11,K19,K26,27", arrows=["23x14x7", (23, 30), (30, 21)],
                    caption=T(it="23x7 incontra la dama al primo salto: si fa questa.",
                              en="23x7 meets the king at the first jump: play this one.")),
        ),
        md(
            it="""
            ## E alla fine: la libera scelta

            Le regole per scegliere la presa sono **quattro**. E se dopo **tutte e quattro**
            restano ancora due o più prese? Allora scegli **tu**: è la **libera scelta**.

            Qui la dama bianca può mangiare la pedina in 18 oppure quella in 19. Guardiamo le
            regole una per una: tutte e due le prese mangiano **un pezzo solo**; le fa **la
            stessa dama**; il pezzo mangiato è sempre **una pedina**, e quindi non c'è nessuna
            dama nera da prendere, né prima né dopo. Per tutte e quattro le regole le due prese
            sono pari: puoi giocare 22x13 oppure 22x15, come preferisci.
            """,
            en="""
            ## And in the end: free choice

            There are **four** rules for choosing the capture. And if after **all four** there
            are still two or more captures? Then **you** choose: this is **free choice**.

            Here the white king can capture the man on 18 or the one on 19. Let's look at the
            rules one by one: both captures take **just one piece**; **the same king** makes
            them; the piece taken is a **man** both times, so there is no black king to take,
            first or later. For all four rules the two captures are equal: you may play 22x13
            or 22x15, whichever you like.
            """,
        ),
        figures(
            diagram("W:WK22:B18,19,3", arrows=["22x13", "22x15"],
                    caption=T(it="Libera scelta: 22x13 o 22x15.", en="Free choice: 22x13 or 22x15.")),
        ),
        md(
            it="""
            ## Tutte le regole delle prese, in ordine

            1. **La quantità**: si fa la presa che mangia più pezzi.
            2. **La dama**: se sono pari, mangia la dama.
            3. **La qualità**: se sono ancora pari, si prendono più dame.
            4. **La precedenza**: se sono ancora pari, si prende prima la dama.

            E se dopo le quattro regole le prese sono ancora pari, c'è la **libera scelta**:
            scegli tu.

            ## Prova tu!

            La dama bianca in 27 ha due prese: tutte e due mangiano due pezzi, e tra quei due
            pezzi c'è una dama. Prova **27x11**: la damiera ti spiega perché no. Qual è la
            presa giusta?
            """,
            en="""
            ## Every capture rule, in order

            1. **Quantity**: make the capture that takes the most pieces.
            2. **The king**: if it is a tie, the king captures.
            3. **Quality**: if it is still a tie, take the most kings.
            4. **Order**: if it is still a tie, take the king first.

            And if the captures are still equal after the four rules, there is **free
            choice**: you choose.

            ## Try it!

            The white king on 27 has two captures: both take two pieces, and one of those two
            pieces is a king. Try **27x11**: the board explains why not. Which is the right
            capture?
            """,
        ),
        board("W:WK27:B13,K15,23,K22"),
    ],
    exercises=["it-fre-001", "it-fre-002", "it-ord-001", "it-ord-002", "it-ord-003"],
    rules=("IT-P1", "IT-P2", "IT-P3", "IT-P4", "IT-P5"),
    exercises_intro=T(
        it="Nei primi due esercizi scrivi **tutte** le prese permesse (per esempio «18x11 18x25») "
        "e premi «Rispondi»; negli altri trova la presa obbligatoria sulla damiera.",
        en="In the first two exercises type **every** allowed capture (for example \u201c18x11 "
        "18x25\u201d) and press \u201cAnswer\u201d; in the others find the compulsory capture "
        "on the board."),
    remember=(
        T(it="Regola 4, la precedenza: se tutto il resto è pari, si fa la presa che incontra "
          "prima la dama.",
          en="Rule 4, order: when all else is equal, make the capture that meets the king first."),
        T(it="Le quattro regole, in ordine: la quantità, la dama, la qualità, la precedenza.",
          en="The four rules, in order: quantity, the king, quality, order."),
        T(it="Se le prese sono pari anche dopo le quattro regole, scegli tu: è la libera scelta.",
          en="If the captures are still equal after the four rules, you choose: that is free "
          "choice."),
    ),
)
