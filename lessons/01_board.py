from .kit import LessonSource, T, board, diagram, figure, figures, md

LESSON = LessonSource(
    number=1,
    slug=T(it="la-damiera", en="the-board"),
    title=T(it="La damiera", en="The board"),
    learn=(
        T(it="come si mette la damiera: la casella scura in basso a destra;",
          en="how to place the board: the dark square bottom right;"),
        T(it="i numeri delle caselle, da 1 a 32;", en="the numbers of the squares, from 1 to 32;"),
        T(it="dove stanno i pezzi all'inizio della partita.",
          en="where the pieces stand at the start of the game."),
    ),
    cells=[
        md(
            it="""
            ## Le caselle scure

            La damiera ha 64 caselle, chiare e scure, come quella degli scacchi. Ma nella dama
            si gioca **solo sulle caselle scure**: i pezzi non vanno mai su quelle chiare. Le
            caselle scure sono 32.

            Prima di giocare, gira la damiera nel verso giusto: ogni giocatore deve avere una
            **casella scura nell'angolo in basso a destra**. Qui sotto è segnata con le righe
            gialle.
            """,
            en="""
            ## The dark squares

            The board has 64 squares, light and dark, like a chessboard. But in draughts you
            play **on the dark squares only**: the pieces never go on the light ones. There are
            32 dark squares.

            Before playing, turn the board the right way round: each player must have a **dark
            square in the bottom right-hand corner**. It is marked with yellow stripes below.
            """,
        ),
        figure("W:W:B", numbers=False, highlight=[32],
               caption=T(it="L'angolo in basso a destra è scuro.",
                         en="The bottom right-hand corner is dark.")),
        md(
            it="""
            ## I numeri delle caselle

            Ogni casella scura ha un **numero**, da 1 a 32. Si conta come quando si
            legge un libro: si parte dalla **prima casella scura in alto a sinistra** (la 1) e
            si va verso destra, riga dopo riga, fino all'**ultima in basso a destra** (la 32).
            Ogni riga ha 4 caselle scure: la prima riga ha 1, 2, 3, 4; la seconda 5, 6, 7, 8; e
            così via.

            I numeri si leggono sempre **come li vede il Bianco**, anche quando giri la
            damiera. Servono per dire le mosse: «la pedina va da 22 a 19» si scrive **22-19**.
            """,
            en="""
            ## The numbers of the squares

            Every dark square has a **number**, from 1 to 32. You count as when you read
            a book: start from the **first dark square at the top left** (number 1) and go to
            the right, row by row, down to the **last one at the bottom right** (number 32).
            Each row has 4 dark squares: the first row has 1, 2, 3, 4; the second 5, 6, 7, 8;
            and so on.

            The numbers are always read **as White sees them**, even when you turn the board
            round. They are used to say the moves: "the man goes from 22 to 19" is written
            **22-19**.
            """,
        ),
        figures(
            diagram("W:W:B", highlight=[1, 2, 3, 4],
                    caption=T(it="La prima riga: 1, 2, 3, 4.", en="The first row: 1, 2, 3, 4.")),
            diagram("W:W:B", highlight=[29, 30, 31, 32],
                    caption=T(it="L'ultima riga: 29, 30, 31, 32.",
                              en="The last row: 29, 30, 31, 32.")),
        ),
        md(
            it="""
            ## I pezzi all'inizio

            Ogni giocatore ha **12 pedine**:

            - il **Nero** le mette sulle caselle da **1 a 12**, in alto;
            - il **Bianco** sulle caselle da **21 a 32**, in basso;
            - le caselle da **13 a 20**, in mezzo, all'inizio sono vuote.

            La riga più vicina a te si chiama la tua **base**: per il Bianco sono le caselle
            29–32, per il Nero le caselle 1–4. Muove per primo il **Bianco**.

            Due nomi da sapere: la casella scura da sola nell'angolo alla tua destra si chiama
            **cantone**; le due caselle scure vicine nell'angolo alla tua sinistra si chiamano
            **biscacco** (per il Bianco sono la 29 e la 25).
            """,
            en="""
            ## The pieces at the start

            Each player has **12 men**:

            - **Black** puts them on squares **1 to 12**, at the top;
            - **White** on squares **21 to 32**, at the bottom;
            - squares **13 to 20**, in the middle, are empty at the start.

            The row nearest to you is your **base** (back row): for White it is squares 29–32,
            for Black squares 1–4. **White** moves first.

            Two names worth knowing: the single dark square in the corner on your right is the
            **cantone** (single corner); the pair of dark squares in the corner on your left is
            the **biscacco** (double corner: for White, squares 29 and 25).
            """,
        ),
        figure(None, caption=T(it="La posizione di partenza.", en="The starting position.")),
        md(
            it="""
            ## Prova tu!

            Sulla damiera qui sotto:

            1. premi **Numeri** per nascondere i numeri, e di nuovo per farli tornare: riesci a
               indovinare il numero di una casella prima di guardare?
            2. premi **Gira**: vedi la damiera come la vede il Nero. I numeri restano gli stessi!
            3. gioca qualche mossa, per esempio **22-19** e poi **11-15**.
            """,
            en="""
            ## Try it!

            On the board below:

            1. press **Numbers** to hide the numbers, and again to bring them back: can you
               guess a square's number before looking?
            2. press **Flip**: you see the board as Black sees it. The numbers stay the same!
            3. play a few moves, for example **22-19** and then **11-15**.
            """,
        ),
        board(None),
    ],
    exercises=["it-ex-005", "it-not-002", "it-not-007", "it-not-008"],
    rules=("IT-B1", "IT-B2", "IT-B3", "IT-B4"),
    remember=(
        T(it="Si gioca sulle 32 caselle scure; la damiera si mette con una casella scura in basso "
          "a destra.",
          en="You play on the 32 dark squares; the board is placed with a dark square at the "
          "bottom right."),
        T(it="Le caselle si contano da 1 (in alto a sinistra) a 32 (in basso a destra), come le "
          "vede il Bianco.",
          en="The squares are numbered from 1 (top left) to 32 (bottom right), as White sees "
          "them."),
        T(it="All'inizio il Nero è sulle caselle da 1 a 12 e il Bianco da 21 a 32; muove per "
          "primo il Bianco.",
          en="At the start Black is on squares 1 to 12 and White on 21 to 32; White moves "
          "first."),
    ),
)
