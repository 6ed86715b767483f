from .kit import LessonSource, T, board, call, code, figure, md

#: The 40-move count, 37 moves in (IT-D2): White has called the count on "W:WK29:BK4" and
#: its king chases the black king around the board, neither able to take the other; no
#: position comes twice (tests/test_lesson_positions.py replays it).
START = "W:WK29:BK4"
CHASE_WHITE = ["29-26", "26-22", "22-19", "19-14", "14-11", "11-15", "15-20", "20-16", "16-12",
               "12-7", "7-3", "3-6", "6-10", "10-13", "13-18", "18-14", "14-19", "19-22",
               "22-27", "27-30", "30-26", "26-21", "21-18", "18-13", "13-17", "17-21", "21-25",
               "25-29", "29-26", "26-30", "30-27", "27-23", "23-20", "20-16", "16-12", "12-15",
               "15-11"]
CHASE_BLACK = ["4-8", "8-12", "12-16", "16-20", "20-23", "23-27", "27-31", "31-28", "28-24",
               "24-20", "20-23", "23-28", "28-31", "31-27", "27-30", "30-26", "26-29", "29-25",
               "25-21", "21-18", "18-14", "14-11", "11-6", "6-2", "2-5", "5-10", "10-13",
               "13-9", "9-5", "5-2", "2-6", "6-3", "3-7", "7-11", "11-14", "14-18", "18-22"]
COUNTED = len(CHASE_WHITE)


LESSON = LessonSource(
    number=12,
    slug=T(it="la-patta", en="draws"),
    title=T(it="La patta e le 40 mosse", en="Draws and the 40-move count"),
    learn=(
        T(it="quando una partita finisce **patta**, senza vincitori;",
          en="when a game ends in a **draw**, with no winner;"),
        T(it="come si «chiamano le mosse» e come si contano fino a 40;",
          en="how to \u201ccall the count\u201d and count up to 40;"),
        T(it="la regola della posizione ripetuta tre volte.",
          en="the rule of the position repeated three times."),
    ),
    cells=[
        md(
            it="""
            ## Patta: nessuno vince

            Non tutte le partite hanno un vincitore. Una partita senza vincitori si chiama
            **patta**. Il modo più semplice: i due giocatori sono **d'accordo** e si stringono la
            mano.

            A volte restano solo poche dame che girano per la damiera e nessuno riesce più a
            vincere. Qui sotto, per esempio, ogni dama è nel suo angolo doppio (il biscacco): la
            partita potrebbe andare avanti per sempre!
            """,
            en="""
            ## A draw: nobody wins

            Not every game has a winner. A game with no winner is a **draw**. The simplest way:
            the two players **agree** and shake hands.

            Sometimes only a few kings are left wandering round the board and nobody can win
            any more. Below, for example, each king sits in its own double corner: the game
            could go on for ever!
            """,
        ),
        figure("W:WK29:BK4", caption=T(it="Dama contro dama: nessuno può vincere.",
                                       en="King against king: nobody can win.")),
        md(
            it="""
            ## Chiamare le mosse

            Per non giocare all'infinito c'è una regola speciale della Dama Italiana:
            **chiamare le mosse**, cioè il conteggio delle 40 mosse.

            1. Quando tocca a lui, un giocatore dice «**chiamo le mosse**».
            2. Da quel momento si contano **le sue mosse**: 1, 2, 3...
            3. Il conteggio **torna a zero** ogni volta che uno dei due giocatori **muove una
               pedina** o **mangia**. Le mosse restano chiamate: si ricomincia a contare da
               zero.
            4. Se chi ha chiamato arriva alla **40ª mossa contata** e nessuno ha vinto, la
               partita è **patta**.

            Quaranta mosse sono tante: chi è davvero più forte riesce a vincere prima.

            ## Prova tu!

            Premi **Chiama le mosse** sotto la damiera: chiama il giocatore di turno, il
            Bianco. Muovi una **dama** e guarda la riga «Mosse contate»: il numero cresce. Poi
            muovi una **pedina**: il conteggio torna a zero!
            """,
            en="""
            ## Calling the count

            So that nobody plays for ever, Dama Italiana has a special rule: **calling the
            count** (in Italian *chiamare le mosse*), the 40-move count.

            1. At their turn, a player says "**I call the count**".
            2. From then on **their moves** are counted: 1, 2, 3...
            3. The count **goes back to zero** every time either player **moves a man** or
               **captures**. The count stays called: you just start counting again from zero.
            4. If the player who called it reaches the **40th counted move** and nobody has
               won, the game is a **draw**.

            Forty moves are a lot: a player who is really stronger manages to win before that.

            ## Try it!

            Press **Call the count** under the board: the player to move, White, calls it.
            Move a **king** and watch the line "Counted moves": the number grows. Then move a
            **man**: the count goes back to zero!
            """,
        ),
        board("W:W27,K29:B6,K4", show_count=True),
        md(
            it="""
            ## Fino a 40

            Su questa damiera il Bianco ha già chiamato le mosse. Poi la sua dama ha inseguito
            la dama nera in giro per la damiera, ma nessuna delle due è riuscita a prendere
            l'altra: il conteggio è già a **37**. Gioca tu le ultime mosse del Bianco (e le
            risposte del Nero) e guarda che cosa succede alla 40ª!
            """,
            en="""
            ## Up to 40

            On this board White has already called the count. Then its king chased the black
            king all around the board, but neither king managed to capture the other: the count
            is already at **37**. Play White's last moves yourself (and Black's answers) and see
            what happens at the 40th!
            """,
        ),
        code(call("count_demo", START, CHASE_WHITE, CHASE_BLACK, COUNTED)),
        md(
            it="""
            ## La stessa posizione tre volte

            C'è ancora una regola: se la **stessa posizione** (gli stessi pezzi sulle stesse
            caselle, e tocca allo stesso giocatore) si ripete per la **terza volta**, si può
            chiedere la patta.
            """,
            en="""
            ## The same position three times

            There is one more rule: if the **same position** (the same pieces on the same
            squares, with the same player to move) comes up for the **third time**, a draw can
            be claimed.
            """,
        ),
    ],
    exercises=["it-cnt-001", "it-cnt-002", "it-cnt-003", "it-cnt-004"],
    rules=("IT-D1", "IT-D2", "IT-D3"),
    exercises_intro=T(
        it="In questi esercizi si contano le mosse dopo la chiamata. Leggi le mosse una alla "
        "volta e conta con le dita; la damiera mostra la posizione dopo quelle mosse. Poi "
        "scrivi il numero e premi «Rispondi».",
        en="In these exercises you count the moves after the call. Read the moves one at a time "
        "and count on your fingers; the board shows the position after those moves. Then "
        "type the number and press \u201cAnswer\u201d."),
    remember=(
        T(it="Patta vuol dire che nessuno vince; i giocatori possono fare patta d'accordo.",
          en="A draw means nobody wins; the players may agree to a draw."),
        T(it="Chi chiama le mosse conta le sue: se arriva a 40 e nessuno ha vinto, è patta.",
          en="Whoever calls the count counts their own moves: if they reach 40 and nobody has "
          "won, it is a draw."),
        T(it="Il conteggio torna a zero quando si muove una pedina o si mangia.",
          en="The count goes back to zero when a man moves or there is a capture."),
        T(it="Se la stessa posizione torna per la terza volta, si può chiedere la patta.",
          en="If the same position comes up for the third time, a draw can be claimed."),
    ),
)
