"""The second year's first lesson: who wins the endings of three pieces or fewer, the
opposition («la mossa») of one man against one, and the lone king that holds the draw
against a king and a man by shutting the other king in the single corner. Every fact is
computed by the endgame tables (tests/test_second_year_lessons.py)."""

from textwrap import dedent

from .kit import LessonSource, T, board, call, code, diagram, figures, md

HOLD = T(
    it="""
    [Event "Dama e pedina contro dama"]
    [SetUp "1"]
    [FEN "B:W5,K1:BK19"]
    [Result "1/2-1/2"]

    {La dama bianca è nel cantone, in 1. Tocca al Nero.}
    1... 19-14 {L'unica mossa che salva il Nero.} 2. 5-2 {La pedina bianca fa dama.}
    14-10 {Ora la dama in 1 non può uscire: in 5 la dama nera la mangerebbe.}
    3. 2-5 10-6 4. 5-2 6-10 5. 2-5 10-6 6. 5-2 6-10
    {La stessa posizione per la terza volta: è patta.} 1/2-1/2
    """,
    en="""
    [Event "King and man against king"]
    [SetUp "1"]
    [FEN "B:W5,K1:BK19"]
    [Result "1/2-1/2"]

    {The white king is in the single corner, on 1. Black to play.}
    1... 19-14 {The only move that saves Black.} 2. 5-2 {The white man becomes a king.}
    14-10 {Now the king on 1 cannot come out: on 5 the black king would capture it.}
    3. 2-5 10-6 4. 5-2 6-10 5. 2-5 10-6 6. 5-2 6-10
    {The same position for the third time: it is a draw.} 1/2-1/2
    """,
)

#: The line as the replay reads it, in each language.
HOLD_TEXT = T(**{lang: dedent(HOLD(lang)).strip() for lang in HOLD.languages})


LESSON = LessonSource(
    number=18,
    slug=T(it="finali-di-base", en="basic-endings"),
    title=T(it="Finali di base: la mossa e la patta",
            en="Basic endings: the opposition and the draw"),
    learn=(
        T(it="chi vince, di solito, quando restano pochi pezzi;",
          en="who usually wins when only a few pieces are left;"),
        T(it="**la mossa**: con una pedina contro una, contare le righe per sapere chi vince;",
          en="**the opposition**: with one man against one, counting the rows to know who "
          "wins;"),
        T(it="come una dama sola si salva contro dama e pedina.",
          en="how a lone king saves itself against a king and a man."),
    ),
    cells=[
        md(
            it="""
            ## Chi vince, con pochi pezzi?

            Hai già visto che due dame battono una dama sola. E gli altri finali? Il computer
            ha guardato **tutte** le posizioni con tre pezzi o meno, quando tocca a chi ha più
            pezzi. Ecco come vanno, se si gioca bene:

            | i pezzi | come va |
            |---|---|
            | due dame contro una dama | vince chi ha due dame, quasi sempre |
            | dama e pedina contro dama | vince chi ha due pezzi, quasi sempre: a volte la dama sola si salva |
            | due pedine contro una pedina | vince chi ha due pedine, quasi sempre |
            | dama e pedina contro pedina | vince chi ha la dama, quasi sempre |
            | dama contro dama | di solito è patta |
            | pedina contro pedina | di solito è patta, ma a volte decide **la mossa** |

            *Quasi sempre* vuol dire: in più di 95 posizioni su 100. Un pezzo in più, alla fine,
            di solito basta per vincere. Ma bisogna saper giocare: vediamo come.
            """,
            en="""
            ## Who wins, with few pieces?

            You have already seen that two kings beat a lone king. What about the other
            endings? The computer looked at **every** position with three pieces or fewer, when
            it is the turn of the side with more pieces. This is how they go, with good play:

            | the pieces | how it goes |
            |---|---|
            | two kings against a king | the side with two kings wins, almost always |
            | a king and a man against a king | the side with two pieces wins, almost always: sometimes the lone king saves itself |
            | two men against a man | the side with two men wins, almost always |
            | a king and a man against a man | the side with the king wins, almost always |
            | a king against a king | usually a draw |
            | a man against a man | usually a draw, but sometimes **the opposition** decides |

            *Almost always* means: in more than 95 positions out of 100. One piece more, at the
            end, is usually enough to win. But you have to know how to play: let's see.
            """,
        ),
        md(
            it="""
            ## La mossa

            Guarda la pedina bianca in 14 e la pedina nera in 6: sono nella stessa colonna, e
            tra loro c'è **una riga** vuota. Se tocca al Bianco, la sua pedina deve andare
            avanti, in 10 o in 11: in tutti e due i casi la pedina nera la mangia. Se tocca al
            Nero, succede lo stesso alla pedina nera.

            Chi deve muovere perde la pedina! Quando puoi aspettare e l'avversario invece deve
            venirti incontro, si dice che **hai la mossa**.
            """,
            en="""
            ## The opposition

            Look at the white man on 14 and the black man on 6: they are in the same column,
            with **one row** empty between them. If it is White's turn, the white man must go
            forward, to 10 or to 11: either way the black man captures it. If it is Black's
            turn, the same happens to the black man.

            Whoever has to move loses the man! When you can wait and your opponent instead has
            to come towards you, you **have the opposition** (in Italian, *la mossa*).
            """,
        ),
        figures(
            diagram("W:W14:B6", arrows=["14-10", "14-11"], size=220,
                    caption=T(it="Tocca al Bianco: 14-10 o 14-11, e la pedina nera mangia.",
                              en="White to play: 14-10 or 14-11, and the black man captures.")),
            diagram("W:W14:B6", moves=["14-10"], arrows=["6x13"], size=220,
                    caption=T(it="Dopo 14-10 il Nero mangia: 6x13.",
                              en="After 14-10 Black captures: 6x13.")),
        ),
        md(
            it="""
            ## Contare le righe

            Non serve aspettare che le pedine si tocchino: puoi saperlo prima, **contando**.
            Conta le righe vuote tra la tua pedina e quella avversaria:

            - se sono **dispari** (1, 3 o 5), chi deve muovere **non può vincere**;
            - se sono **pari** (2, 4 o 6), chi deve muovere **non può perdere**.

            Il computer ha provato la regola su tutte le posizioni con una pedina per parte:
            non sbaglia mai. A volte la partita finisce patta lo stesso, per esempio quando una
            pedina scappa sul bordo e fa dama.

            Qui tocca al Bianco, e tra 22 e 3 ci sono **quattro righe**. Il Bianco gioca
            **22-19**: ora le righe in mezzo sono tre, un numero dispari, e tocca al Nero. Il
            Nero non può vincere: vince il Bianco. Con **22-18** la pedina bianca non andrebbe
            incontro a quella nera, e la vittoria sfumerebbe: sarebbe patta. La regola del
            conto, allora, ha un consiglio: **va' incontro** alla pedina avversaria, non
            lasciarla passare di lato.
            """,
            en="""
            ## Counting the rows

            You need not wait for the men to meet: you can know it before, by **counting**.
            Count the empty rows between your man and your opponent's:

            - if they are **odd** (1, 3 or 5), the side to move **cannot win**;
            - if they are **even** (2, 4 or 6), the side to move **cannot lose**.

            The computer tried the rule on every position with one man each: it is never wrong.
            Sometimes the game is a draw all the same, for instance when a man escapes along
            the edge and becomes a king.

            Here it is White's turn, and between 22 and 3 there are **four rows**. White plays
            **22-19**: now three rows are in between, an odd number, and it is Black's turn.
            Black cannot win: White wins. With **22-18** the white man would not go to meet
            the black one, and the win would slip away: it would be a draw. So the counting
            rule comes with a piece of advice: **go to meet** your opponent's man, do not let
            it slip past at the side.
            """,
        ),
        figures(
            diagram("W:W22:B3", arrows=["22-19"], size=220,
                    caption=T(it="22-19: tre righe in mezzo, tocca al Nero. Vince il Bianco.",
                              en="22-19: three rows in between, Black to play. White wins.")),
            diagram("W:W22:B3", arrows=["22-18"], size=220,
                    caption=T(it="22-18: la vittoria sfuma, è patta.",
                              en="22-18: the win slips away, it is a draw.")),
        ),
        md(
            it="""
            ## Prova tu: la mossa

            Tu hai la pedina bianca in 29, il computer la pedina nera in 2. Tocca a te. A ogni
            mossa conta le righe e va' incontro alla pedina nera: riesci a vincere? Se non ci
            riesci, premi **Ricomincia** e riprova.
            """,
            en="""
            ## Your turn: the opposition

            You have the white man on 29, the computer has the black man on 2. It is your turn.
            At each move count the rows and go to meet the black man: can you win? If you
            don't, press **Restart** and try again.
            """,
        ),
        board("W:W29:B2", mode="computer", computer_side="B",
              chooser=call("ComputerPlayer", level=6, lang=False)),
        md(
            it="""
            ## La dama sola si salva

            Con dama e pedina contro dama vince quasi sempre chi ha due pezzi. Ma la dama
            sola a volte si salva: se riesce a chiudere la dama avversaria nel **cantone**,
            l'angolo con una casella sola.

            Qui il Bianco ha la dama nel cantone, in 1, e una pedina in 5 che sta per fare
            dama. Tocca al Nero, che ha quattro mosse: solo **19-14** lo salva, con le altre
            perderebbe. Dopo 19-14 e 5-2 la dama nera va in **10**: da lì tiene chiusa la dama
            in 1, perché se uscisse in 5 verrebbe mangiata. Il Bianco ha due dame, ma non
            riesce a vincere: le dame vanno avanti e indietro, e la stessa posizione torna
            per la terza volta. È patta!

            Guarda la partita, mossa dopo mossa.
            """,
            en="""
            ## The lone king saves itself

            With a king and a man against a king, the side with two pieces almost always wins.
            But the lone king sometimes saves itself: if it can shut the other king in the
            **single corner**, the corner with one square only.

            Here White has its king in the single corner, on 1, and a man on 5 that is about to
            become a king. It is Black's turn, and Black has four moves: only **19-14** saves
            it, with the others it would lose. After 19-14 and 5-2 the black king goes to
            **10**: from there it keeps the king on 1 shut in, because if it came out to 5 it
            would be captured. White has two kings, but cannot win: the kings go back and
            forth, and the same position comes back for the third time. It is a draw!

            Watch the game, move by move.
            """,
        ),
        code(call("replay", HOLD_TEXT)),
    ],
    exercises=["it-rig-001", "it-bas-032", "it-bas-035", "it-bas-042", "it-bas-044",
               "it-bas-001", "it-bas-009", "it-bas-016"],
    rules=("IT-E1", "IT-M1", "IT-D3"),
    exercises_intro=T(
        it="Prima conta le righe tra due pedine, poi di' chi vince; poi tieni la patta, o la "
        "vittoria, con pochi pezzi. Pensa sempre a tutte le risposte dell'avversario!",
        en="First count the rows between two men, then say who wins; then hold the draw, or "
        "the win, with a few pieces. Always think of all your opponent's answers!"),
    remember=(
        T(it="Alla fine, un pezzo in più di solito basta per vincere; dama contro dama di "
          "solito è patta.",
          en="At the end, one piece more is usually enough to win; a king against a king is "
          "usually a draw."),
        T(it="Una pedina contro una: conta le righe tra le pedine. Dispari: chi deve muovere "
          "non può vincere. Pari: non può perdere.",
          en="A man against a man: count the rows between the men. Odd: the side to move "
          "cannot win. Even: it cannot lose."),
        T(it="Va' incontro alla pedina avversaria: non lasciarla passare di lato.",
          en="Go to meet your opponent's man: do not let it slip past at the side."),
        T(it="Una dama sola si salva se chiude la dama avversaria nel cantone.",
          en="A lone king saves itself if it shuts the other king in the single corner."),
    ),
)
