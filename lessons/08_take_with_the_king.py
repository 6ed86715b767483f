from .kit import LessonSource, T, board, diagram, figures, md

LESSON = LessonSource(
    number=8,
    slug=T(it="prendere-con-la-dama", en="take-with-the-king"),
    title=T(it="Precedenza 2: prendi con la dama", en="Precedence 2: take with the king"),
    learn=(
        T(it="la seconda regola delle prese: a parità di pezzi, mangia la dama;",
          en="the second capture rule: when the counts are equal, the king captures;"),
        T(it="che la prima regola (la quantità) viene sempre prima.",
          en="that the first rule (quantity) always comes first."),
    ),
    cells=[
        md(
            it="""
            ## Regola 2: con la dama

            Ricordi la regola 1, la regola della quantità? Si prende il maggior numero di
            pezzi. Ma se due prese mangiano **lo stesso numero** di pezzi, e una la fa una
            **dama** e l'altra una **pedina**, allora **deve mangiare la dama**: è la **regola
            della dama**.

            Qui sotto sia la pedina in 23 sia la dama in 30 possono mangiare un pezzo. Un pezzo
            contro un pezzo: pari. Allora mangia la dama: **30x21**.
            """,
            en="""
            ## Rule 2: with the king

            Remember rule 1, the quantity rule? You take the greatest number of pieces. But if
            two captures take **the same number** of pieces, and one is made by a **king** and
            the other by a **man**, then **the king must capture**: this is the **king
            rule**.

            Below, both the man on 23 and the king on 30 can capture one piece. One piece
            against one piece: a tie. So the king captures: **30x21**.
            """,
        ),
        figures(
            diagram("W:W23,K30:B19,26,5", arrows=["30x21", (23, 14)],
                    caption=T(it="Un pezzo a testa: mangia la dama, 30x21.",
                              en="One piece each: the king captures, 30x21.")),
            diagram("W:W23,K30:B19,26,5", moves=["30x21"],
                    caption=T(it="Dopo 30x21.", en="After 30x21.")),
        ),
        md(
            it="""
            ## Sempre in ordine

            Le regole si guardano **in ordine**: prima la quantità, poi la dama. Se la pedina
            può mangiare **più** pezzi della dama, mangia la pedina (lo hai visto nella lezione
            7). La regola 2 serve solo quando il numero dei pezzi è **uguale**.

            Per decidere, fatti due domande:

            1. Quale presa mangia più pezzi? Se è una sola, fai quella.
            2. Sono pari? Allora, se una dama può fare la presa, la fa la dama.
            """,
            en="""
            ## Always in order

            The rules are looked at **in order**: first quantity, then the king. If the man can
            capture **more** pieces than the king, the man captures (you saw it in lesson 7).
            Rule 2 is only used when the numbers of pieces are **equal**.

            To decide, ask yourself two questions:

            1. Which capture takes the most pieces? If there is only one, make that one.
            2. Is it a tie? Then, if a king can make the capture, the king makes it.
            """,
        ),
        md(
            it="""
            ## Prova tu!

            Qui la pedina in 22 e la dama in 23 possono mangiare **gli stessi due pezzi**
            (19 e 11). Prova con la pedina: scrivi **22x6** nella casella sotto la damiera e
            premi **Gioca**. Che cosa dice la damiera? Poi mangia con la dama.
            """,
            en="""
            ## Try it!

            Here the man on 22 and the king on 23 can capture **the same two pieces** (19 and
            11). Try with the man: type **22x6** in the box under the board and press **Play**.
            What does the board say? Then capture with the king.
            """,
        ),
        board("W:W22,K23:B11,13,19,28"),
    ],
    exercises=["it-pkg-001", "it-pkg-002", "it-pkg-003", "it-pkg-006", "it-pkg-007"],
    rules=("IT-P1", "IT-P2"),
    exercises_intro=T(
        it="Prima conta i pezzi di ogni presa (regola 1); se sono pari, guarda se può mangiare "
        "una dama (regola 2). Ogni risposta viene controllata subito.",
        en="First count the pieces of each capture (rule 1); if it is a tie, see whether a king "
        "can capture (rule 2). Every answer is checked at once."),
    remember=(
        T(it="Prima regola, la quantità: si prendono più pezzi possibile.",
          en="First rule, quantity: take as many pieces as possible."),
        T(it="Seconda regola, la dama: se i pezzi sono pari e una dama può mangiare, mangia la "
          "dama.",
          en="Second rule, the king: if the counts are equal and a king can capture, the king "
          "captures."),
    ),
)
