from .kit import LessonSource, T, board, diagram, figures, md

LESSON = LessonSource(
    number=9,
    slug=T(it="prendere-piu-dame", en="take-the-most-kings"),
    title=T(it="Precedenza 3: prendi più dame", en="Precedence 3: take the most kings"),
    learn=(
        T(it="la terza regola delle prese: si mangiano più dame possibile;",
          en="the third capture rule: take as many kings as possible;"),
        T(it="come si usano insieme le prime tre regole.",
          en="how to use the first three rules together."),
    ),
    cells=[
        md(
            it="""
            ## Regola 3: la qualità

            Se dopo le prime due regole ci sono ancora più prese possibili, si guarda **che
            cosa** si mangia: bisogna fare la presa che prende **più dame**. È la **regola
            della qualità**: una dama vale più di una pedina, e le regole vogliono che la si
            prenda.

            Qui sotto la dama bianca in 22 può mangiare la **pedina** in 18 oppure la **dama**
            in 19. Tutte e due le prese mangiano un pezzo solo (regola 1: pari), e in tutte e
            due mangia la stessa dama bianca (regola 2: pari). Allora conta la qualità: si
            mangia la dama nera, **22x15**.
            """,
            en="""
            ## Rule 3: quality

            If after the first two rules there is still more than one capture, you look at
            **what** you capture: you must make the capture that takes **the most kings**. This
            is the **quality rule**: a king is worth more than a man, and the rules want it
            taken.

            Below, the white king on 22 can capture the **man** on 18 or the **king** on 19.
            Both captures take just one piece (rule 1: a tie), and the same white king captures
            in both (rule 2: a tie). So quality counts: take the black king, **22x15**.
            """,
        ),
        figures(
            diagram("W:WK22:B18,K19,3", arrows=["22x15", (22, 13)],
                    caption=T(it="Una pedina o una dama? Si prende la dama: 22x15.",
                              en="A man or a king? Take the king: 22x15.")),
            diagram("W:WK22:B18,K19,3", moves=["22x15"],
                    caption=T(it="Dopo 22x15.", en="After 22x15.")),
        ),
        md(
            it="""
            ## Tre domande, in ordine

            Quando puoi mangiare in più modi:

            1. Quale presa mangia **più pezzi**? (la quantità)
            2. Se sono pari: può mangiare una **dama**? Allora mangia lei. (la dama)
            3. Se sono ancora pari: quale presa mangia **più dame**? (la qualità)

            Ti fermi appena una domanda lascia una presa sola: è quella obbligatoria.
            """,
            en="""
            ## Three questions, in order

            When you can capture in more than one way:

            1. Which capture takes **the most pieces**? (quantity)
            2. If it is a tie: can a **king** capture? Then it does. (the king)
            3. If it is still a tie: which capture takes **the most kings**? (quality)

            Stop as soon as a question leaves only one capture: that one is compulsory.
            """,
        ),
        md(
            it="""
            ## Prova tu!

            La dama bianca in 18 ha due prese, tutte e due di **due pezzi**. Una prende due
            pedine (18x4), l'altra una pedina e una **dama** (18x20). Prova prima **18x4**, poi
            fai la presa giusta.
            """,
            en="""
            ## Try it!

            The white king on 18 has two captures, both of **two pieces**. One takes two men
            (18x4), the other a man and a **king** (18x20). Try **18x4** first, then make the
            right capture.
            """,
        ),
        board("W:WK18:B7,10,14,K15"),
    ],
    exercises=["it-qly-001", "it-qly-002", "it-qly-003", "it-qly-004", "it-qly-005"],
    rules=("IT-P1", "IT-P2", "IT-P3"),
    exercises_intro=T(
        it="Usa le tre domande, in ordine: più pezzi, poi la dama, poi più dame. Ogni risposta "
        "viene controllata subito.",
        en="Use the three questions, in order: more pieces, then the king, then more kings. "
        "Every answer is checked at once."),
    remember=(
        T(it="Le regole si usano in ordine: prima la quantità, poi la dama, poi la qualità.",
          en="The rules are used in order: first quantity, then the king, then quality."),
        T(it="Regola 3, la qualità: se sono ancora pari, si fa la presa che prende più dame.",
          en="Rule 3, quality: if it is still a tie, make the capture that takes more kings."),
    ),
)
