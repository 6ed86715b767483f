from .kit import LessonSource, T, board, diagram, figures, md

LESSON = LessonSource(
    number=6,
    slug=T(it="la-dama", en="the-king"),
    title=T(it="La dama", en="The king"),
    learn=(
        T(it="come si muove la dama: un passo, avanti o indietro;",
          en="how a king moves: one step, forwards or backwards;"),
        T(it="come mangia la dama: in tutte le direzioni, pedine e dame;",
          en="how a king captures: in every direction, men and kings;"),
        T(it="perché una dama vale tanto.", en="why a king is worth a lot."),
    ),
    cells=[
        md(
            it="""
            ## Un passo, in tutte le direzioni

            La **dama** si muove di **una casella in diagonale**, come la pedina, ma può
            andare **avanti e indietro**: ha quattro direzioni invece di due. Nella Dama
            Italiana la dama fa **un passo solo** alla volta: non corre lontano.
            """,
            en="""
            ## One step, in every direction

            The **king** moves **one square diagonally**, like a man, but it can go
            **forwards and backwards**: it has four directions instead of two. In Dama
            Italiana the king takes **just one step** at a time: it does not run far.
            """,
        ),
        figures(
            diagram("W:WK18:B3", arrows=["18-13", "18-14", "18-21", "18-22"],
                    caption=T(it="La dama in 18 ha quattro mosse.",
                              en="The king on 18 has four moves.")),
            diagram("W:W18:B3", arrows=["18-13", "18-14"],
                    caption=T(it="Una pedina in 18 ne ha solo due.",
                              en="A man on 18 has only two.")),
        ),
        md(
            it="""
            ## La dama mangia dappertutto

            La dama mangia **in avanti e all'indietro**, e mangia **tutto**: le pedine e anche
            le dame dell'avversario. Come la pedina, salta un pezzo che è proprio accanto a
            lei, se dietro c'è una casella vuota, e se può continua a saltare: la presa
            continua finché si può.

            Ricorda invece: una **pedina** non può mangiare una dama. Per questo una dama è un
            pezzo forte, e fare dama è spesso un bel vantaggio.
            """,
            en="""
            ## The king captures everywhere

            The king captures **forwards and backwards**, and it captures **everything**: your
            opponent's men and kings too. Like a man, it jumps a piece right next to it if the
            square behind is empty, and goes on jumping if it can: the capture goes on while it
            can.

            Remember, though: a **man** cannot capture a king. That is why a king is a strong
            piece, and making a king is often a big advantage.
            """,
        ),
        figures(
            diagram("W:WK18:B22,14", arrows=["18x11", "18x27"],
                    caption=T(it="La dama può mangiare in avanti (18x11) o indietro (18x27).",
                              en="The king can capture forwards (18x11) or backwards (18x27).")),
            diagram("W:WK18,29:B6,7,14", arrows=["18x11x4"],
                    caption=T(it="Una presa di due pezzi: 18x11x4.",
                              en="A capture of two pieces: 18x11x4.")),
        ),
        md(
            it="""
            ## Prova tu!

            La dama bianca in 18 deve mangiare, e può farlo in due modi: prima prende la pedina
            in 14, poi la pedina in 6 **oppure** quella in 7. Clicca o tocca la dama, poi le
            caselle dove atterra, una alla volta: prima la 11, poi la 2 o la 4.
            """,
            en="""
            ## Try it!

            The white king on 18 must capture, and it can do it in two ways: first it takes the
            man on 14, then the man on 6 **or** the one on 7. Click or tap the king, then the
            squares where it lands, one at a time: first 11, then 2 or 4.
            """,
        ),
        board("W:WK18,29:B6,7,14"),
        md(
            it="""
            Ora un'altra damiera: qui tocca al Bianco, e non c'è niente da mangiare. Prova a
            muovere la dama bianca in 11 **all'indietro**, verso le caselle 29–32: può andare in
            14 o in 15.
            """,
            en="""
            Now another board: here it is White's turn, and there is nothing to capture. Try
            moving the white king on 11 **backwards**, towards squares 29–32: it can go to 14
            or to 15.
            """,
        ),
        board("W:WK11:B3"),
    ],
    exercises=["it-kin-001", "it-kin-002", "it-kin-005", "it-kin-006", "it-kin-007",
               "it-kin-008", "it-kin-010"],
    rules=("IT-M2", "IT-C3", "IT-C4", "IT-C5"),
    remember=(
        T(it="La dama fa un passo in diagonale, avanti o indietro.",
          en="The king takes one diagonal step, forwards or backwards."),
        T(it="La dama mangia in tutte le direzioni, sia le pedine sia le dame.",
          en="The king captures in every direction, both men and kings."),
        T(it="Una pedina non può mangiare una dama.", en="A man cannot capture a king."),
    ),
)
