"""The second year's lesson on forcing and waiting, two more tactical elements of the
federation's course (FID, «Corso elementare di Dama Italiana», «Elementi tattici»): la
forzatura (an attack with one answer only, or a piece is lost) and la mossa di attesa (a move
that threatens nothing, after which every move of the opponent loses a piece). The waiting
moves are it-23-waiting.toml's. Every fact is replayed by tests/test_second_year_lessons.py."""

from .kit import LessonSource, T, board, call, diagram, figures, md

#: La forzatura: 26-22 attacks the man on 19; 19-23 is Black's only move that loses nothing,
#: and after 10-13 or 10-14 the king takes it, 22x15.
FORCING = "W:W11,K26:B10,19"
FORCING_MOVE = "26-22"
FORCED_REPLY = "19-23"
PUNISHED = ("10-13", "10-14")
TAKES = "22x15"
#: La mossa di attesa: it-att-003's position and its waiting move; after it White has two
#: moves, and each loses a man: (White's move, Black's answer that wins it).
WAIT_ID = "it-att-003"
WAIT = "B:W21,25:B5,13,19"
WAIT_MOVE = "5-10"
WAIT_LINES = (("21-17", "13-18"), ("21-18", "13x22"))
#: The board to try: it-att-010's position (White's waiting move is 29-26).
TRY_ID = "it-att-010"
TRY = "W:W18,28,K29:B11,19"

LESSON = LessonSource(
    number=24,
    slug=T(it="mossa-di-attesa", en="waiting-move"),
    title=T(it="Forzatura e mossa di attesa", en="Forcing and waiting moves"),
    learn=(
        T(it="che cos'è una **forzatura**: un attacco con una sola risposta;",
          en="what a **forcing move** (*forzatura*) is: an attack with one answer only;"),
        T(it="a trovare la **mossa di attesa**: una mossa che non minaccia niente, ma lascia "
          "l'avversario senza mosse buone.",
          en="to find the **waiting move** (*mossa di attesa*): a move that threatens "
          "nothing, but leaves your opponent without a good move."),
    ),
    cells=[
        md(
            it="""
            ## La forzatura

            Nella lezione 22 hai visto l'attacco: la minaccia di mangiare un pezzo. Una
            **forzatura** è un attacco a cui l'avversario deve rispondere con **una mossa
            sola**: se ne sceglie un'altra, perde un pezzo.

            Qui il Bianco gioca 26-22: la dama attacca la pedina in 19. Il Nero ha tre
            mosse, ma una sola salva la pedina: 19-23. Se gioca 10-13 o 10-14, la dama
            mangia: 22x15.
            """,
            en="""
            ## The forcing move

            In lesson 22 you saw the attack: the threat to take a piece. A **forcing move**
            (*la forzatura*) is an attack your opponent must answer with **one move only**:
            with any other move, a piece is lost.

            Here White plays 26-22: the king attacks the man on 19. Black has three moves,
            but only one saves the man: 19-23. If it plays 10-13 or 10-14, the king takes:
            22x15.
            """,
        ),
        figures(
            diagram(FORCING, arrows=[FORCING_MOVE], size=200,
                    caption=T(it="1. La dama va in 22 e attacca.",
                              en="1. The king goes to 22 and attacks.")),
            diagram(FORCING, moves=[FORCING_MOVE], arrows=[FORCED_REPLY], size=200,
                    caption=T(it="2. L'unica risposta che salva la pedina.",
                              en="2. The only answer that saves the man.")),
        ),
        md(
            it="""
            ## La mossa di attesa

            A volte nessuna mossa vince subito, e nessun attacco serve. Allora cerca una
            **mossa di attesa**: una mossa che non minaccia niente, ma dopo la quale ogni
            mossa dell'avversario gli fa perdere un pezzo. Vinci perché **tocca a lui**.

            Qui tocca al Nero. Il Nero gioca 5-10: se toccasse ancora al Nero, non potrebbe
            vincere niente. Ma tocca al Bianco, che ha due mosse. Se gioca 21-18, il Nero
            mangia: 13x22. Se gioca 21-17, il Nero risponde 13-18, e il Bianco deve muovere
            di nuovo: qualunque mossa faccia, perde una pedina.
            """,
            en="""
            ## The waiting move

            Sometimes no move wins straight away, and no attack helps. Then look for a
            **waiting move** (*la mossa di attesa*): a move that threatens nothing, but after
            which every move of your opponent loses a piece. You win because **it is their
            turn**.

            Here it is Black's turn. Black plays 5-10: were it Black's turn again, it could
            win nothing. But it is White's turn, and White has two moves. If White plays
            21-18, Black takes: 13x22. If White plays 21-17, Black answers 13-18, and White
            must move again: whatever it plays, it loses a man.
            """,
        ),
        figures(
            diagram(WAIT, arrows=[WAIT_MOVE], size=200,
                    caption=T(it="1. Il Nero aspetta: 5-10.",
                              en="1. Black waits: 5-10.")),
            diagram(WAIT, moves=[WAIT_MOVE], arrows=[m for m, _ in WAIT_LINES], size=200,
                    caption=T(it="2. Tocca al Bianco: tutte e due le mosse perdono.",
                              en="2. White to move: both moves lose.")),
        ),
        md(
            it="""
            ## Prova tu: aspetta!

            Ora hai il Bianco, contro il computer. Nessuna mossa vince subito: trova la
            mossa di attesa, e poi mangia il pezzo che il Nero non può salvare! Se non ci
            riesci, premi **Ricomincia** e riprova.
            """,
            en="""
            ## Your turn: wait!

            Now you have White, against the computer. No move wins straight away: find the
            waiting move, then take the piece Black cannot save! If you don't manage, press
            **Restart** and try again.
            """,
        ),
        board(TRY, mode="computer", computer_side="B",
              chooser=call("ComputerPlayer", level=6, lang=False)),
    ],
    exercises=["it-att-029", "it-sat-001", "it-att-001", "it-att-008", "it-att-012",
               "it-att-016", "it-att-021", "it-att-026"],
    rules=("IT-M1", "IT-M2", "IT-C1"),
    exercises_intro=T(
        it="Nel primo esercizio conta le mosse che restano dopo una mossa di attesa; nel "
        "secondo sceglila fra tre mosse; negli altri trovala tu. Tocca a volte al Bianco, a "
        "volte al Nero!",
        en="In the first exercise count the moves left after a waiting move; in the second "
        "choose it among three moves; in the others find it yourself. Sometimes it is "
        "White's turn, sometimes Black's!"),
    remember=(
        T(it="Nella forzatura attacchi un pezzo, e l'avversario ha una sola mossa per "
          "salvarlo.",
          en="In a forcing move you attack a piece, and your opponent has only one move to "
          "save it."),
        T(it="Se nessuna mossa vince subito, cerca una mossa di attesa: a volte chi deve "
          "muovere perde.",
          en="If no move wins straight away, look for a waiting move: sometimes the side "
          "that must move loses."),
    ),
)
