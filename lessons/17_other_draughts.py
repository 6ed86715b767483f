from .kit import LessonSource, T, board, diagram, figures, md

LESSON = LessonSource(
    number=17,
    slug=T(it="altre-dame", en="other-draughts"),
    title=T(it="Le altre dame del mondo", en="Other draughts around the world"),
    learn=(
        T(it="che nel mondo si gioca a dama in tanti modi;",
          en="that draughts is played in many ways around the world;"),
        T(it="che cosa cambia nella dama **internazionale** (10x10), **brasiliana** e "
          "**filippina**;",
          en="what changes in **international** (10x10), **Brazilian** and **Filipino** "
          "draughts;"),
        T(it="la dama che «vola».", en="the \u201cflying\u201d king."),
    ),
    cells=[
        md(
            it="""
            ## Tante dame

            La Dama Italiana è una delle tante dame del mondo. Nelle gare tra paesi diversi si
            gioca la **dama internazionale**, su una damiera grande, **10x10**, con **20
            pedine** a testa e 50 caselle numerate. In Brasile si gioca su una damiera 8x8,
            come da noi, con 12 pedine, ma con le regole della dama internazionale: è la **dama
            brasiliana**. Nelle Filippine si gioca una dama molto simile, la **dama
            filippina**.
            """,
            en="""
            ## Many kinds of draughts

            Dama Italiana is one of many kinds of draughts in the world. In competitions
            between countries people play **international draughts**, on a big **10x10** board,
            with **20 men** each and 50 numbered squares. In Brazil the game is played on an
            8x8 board, as in Italy, with 12 men, but with the rules of international draughts:
            that is **Brazilian draughts**. In the Philippines people play a very similar game,
            **Filipino draughts**.
            """,
        ),
        figures(
            diagram(None, variant="international", size=300,
                    caption=T(it="La dama internazionale: 10x10, 20 pedine a testa.",
                              en="International draughts: 10x10, 20 men each.")),
            diagram(None, variant="brazilian", size=240,
                    caption=T(it="La dama brasiliana: 8x8, ma la casella scura è in basso a "
                              "sinistra.",
                              en="Brazilian draughts: 8x8, but the dark square is bottom left.")),
        ),
        md(
            it="""
            ## Che cosa cambia

            | | Dama Italiana | internazionale, brasiliana, filippina |
            |---|---|---|
            | la pedina mangia | solo in avanti, solo pedine | **anche all'indietro**, anche le dame |
            | la dama si muove | un passo | **vola**: quante caselle vuole, in diagonale |
            | la dama mangia | il pezzo proprio accanto a lei | **da lontano**, e si ferma dove vuole dietro il pezzo |
            | quale presa | quantità, dama, qualità, precedenza | **solo la quantità**, poi scegli tu |
            | si fa dama | appena si arriva in fondo | solo se la mossa **finisce** in fondo |

            Le regole che non cambiano: si gioca sulle caselle scure, il Bianco muove per primo,
            mangiare è obbligatorio, i pezzi presi si tolgono alla fine della presa.
            """,
            en="""
            ## What changes

            | | Dama Italiana | international, Brazilian, Filipino |
            |---|---|---|
            | a man captures | forwards only, men only | **backwards too**, kings too |
            | a king moves | one step | it **flies**: as many squares as it likes, diagonally |
            | a king captures | the piece right next to it | **from afar**, stopping anywhere behind the piece |
            | which capture | quantity, king, quality, order | **quantity only**, then you choose |
            | a man becomes a king | as soon as it reaches the far end | only if its move **ends** there |

            What stays the same: you play on the dark squares, White moves first, capturing is
            compulsory, captured pieces are lifted when the capture is over.
            """,
        ),
        md(
            it="""
            ## Tre esempi sulla damiera brasiliana

            1. La pedina bianca in 18 può mangiare in avanti (18x9) **o all'indietro**, e
               perfino una dama (18x27). Qui sceglie il giocatore, perché tutte e due le prese
               mangiano un pezzo solo.
            2. La **dama vola**: da 29 salta da lontano la pedina in 18, e può fermarsi in 15,
               in 11, in 8 o in 4.
            3. La pedina (14x5) e la dama (24x31) mangiano un pezzo ciascuna. Nella Dama
               Italiana dovrebbe mangiare la dama (è la regola della dama); qui invece si
               sceglie liberamente.
            """,
            en="""
            ## Three examples on the Brazilian board

            1. The white man on 18 can capture forwards (18x9) **or backwards**, and even a
               king (18x27). Here the player chooses, since both captures take just one piece.
            2. The **king flies**: from 29 it jumps the man on 18 from afar, and may stop on
               15, 11, 8 or 4.
            3. The man (14x5) and the king (24x31) take one piece each. In Dama Italiana the
               king would have to capture (that is the king rule); here you choose freely.
            """,
        ),
        figures(
            diagram("W:W18:B14,K23", variant="brazilian", arrows=["18x9", "18x27"], size=220,
                    caption=T(it="1. Avanti o indietro.", en="1. Forwards or backwards.")),
            diagram("W:WK29:B18,3", variant="brazilian", arrows=[(29, 15), (29, 4)], size=220,
                    caption=T(it="2. La dama vola.", en="2. The king flies.")),
            diagram("W:W14,K24:B13,9,27", variant="brazilian", arrows=["14x5", "24x31"],
                    size=220,
                    caption=T(it="3. Scelta libera.", en="3. Free choice.")),
        ),
        md(
            it="""
            ## E la dama filippina?

            Nella **dama filippina** si gioca con le stesse regole della brasiliana: pedine che
            mangiano all'indietro, dame che volano, la presa più grande obbligatoria. Anche le
            caselle si contano da 1 a 32, con le caselle 1–4 come base del Nero e 29–32 come
            base del Bianco. Le usanze cambiano un po' da un posto all'altro: prima di giocare,
            mettetevi d'accordo sulle regole!

            ## Prova tu!

            Una damiera **10x10** della dama internazionale. La dama bianca in 46 **deve**
            mangiare: vola lungo la diagonale, salta la pedina in 23, atterra in 19, poi salta
            la pedina in 24 e si ferma in 30 o in 35. Clicca o tocca la dama e poi le caselle
            dove atterra. Poi gioca qualche mossa con le pedine, e prova a mangiare all'indietro!
            """,
            en="""
            ## And Filipino draughts?

            **Filipino draughts** is played with the same rules as Brazilian draughts: men that
            capture backwards, flying kings, the biggest capture compulsory. The squares are
            numbered 1 to 32 too, with squares 1–4 as Black's back row and 29–32 as White's.
            Customs change a little from place to place: agree on the rules before you play!

            ## Try it!

            A **10x10** board of international draughts. The white king on 46 **must** capture:
            it flies along the diagonal, jumps the man on 23, lands on 19, then jumps the man on
            24 and stops on 30 or 35. Click or tap the king and then the squares where it
            lands. Then play a few moves with the men, and try capturing backwards!
            """,
        ),
        board("W:WK46,38,39:B23,24,17,7", variant="international", size=440),
    ],
    exercises=["br-maj-002", "br-fly-002", "int-maj-002", "int-fly-002", "br-row-002",
               "int-row-002"],
    rules=("IT-M2", "IT-C3", "IT-C7", "IT-P1", "IT-P2", "INT-B1", "INT-B2", "INT-M2",
           "INT-C1", "INT-C2", "INT-C3", "INT-K1", "INT-P1", "BR-B1"),
    exercises_intro=T(
        it="Esercizi di dama brasiliana e internazionale: attenzione, qui valgono le loro regole! "
        "La pedina mangia anche all'indietro, la dama vola, e conta solo prendere più pezzi.",
        en="Exercises in Brazilian and international draughts: careful, their rules apply here! "
        "Men capture backwards too, kings fly, and only taking the most pieces counts."),
    remember=(
        T(it="Internazionale (10x10), brasiliana e filippina hanno le stesse regole di presa.",
          en="International (10x10), Brazilian and Filipino draughts share the same capture "
          "rules."),
        T(it="Lì le pedine mangiano anche all'indietro e anche le dame, e le dame volano.",
          en="There men capture backwards and capture kings too, and kings fly."),
        T(it="Si deve prendere il maggior numero di pezzi, poi si sceglie; una pedina diventa "
          "dama solo se finisce la mossa in fondo.",
          en="You must take the most pieces, then you choose; a man becomes a king only if its "
          "move ends on the far row."),
    ),
)
