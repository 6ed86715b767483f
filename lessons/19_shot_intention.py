"""The second year's tactics: the shot measured by its «intenzione», the moves a player
makes before the final capture (FID, «Corso elementare di Dama Italiana», motivi tattici).
Every fact is replayed by tests/test_second_year_lessons.py."""

from .kit import LessonSource, T, board, call, diagram, figures, md

#: The shot of the first intention (it-tir-002's position) and of the second (it-tir-029's).
FIRST = "B:W10,17,21,23,27,28,32:B1,7,9,11,14,16"
SECOND = "W:W14,17,20,24-26,28,29,31,32:B1,4,5,7-12,19"
#: The board to try: a shot of the second intention (it-tir-036's position).
TRY = "W:W20-26,28,29,31,32:B1-4,6,7,11-15,17"

LESSON = LessonSource(
    number=19,
    slug=T(it="intenzione-del-tiro", en="shot-intention"),
    title=T(it="Il tiro e la sua intenzione", en="The shot and its intention"),
    learn=(
        T(it="che cos'è l'**intenzione** di un tiro;",
          en="what the **intention** of a shot is;"),
        T(it="a vedere un tiro di **seconda intenzione**, due mosse prima della presa finale;",
          en="to see a shot of the **second intention**, two moves before the final capture;"),
        T(it="a contare i pezzi che dai e quelli che prendi.",
          en="to count the pieces you give and the ones you take."),
    ),
    cells=[
        md(
            it="""
            ## Il tiro, di nuovo

            Ricordi il **tiro**? Dai un pezzo, l'avversario deve mangiarlo, perché mangiare è
            obbligatorio, e poi mangi tu, di più. I giocatori di dama misurano un tiro con la
            sua **intenzione**: quante mosse devi fare **prima** della presa finale.

            ## Prima intenzione

            Qui tocca al Nero. Il Nero gioca **14-19**: il Bianco deve mangiare, 23x14. Ora
            la pedina nera in 11 mangia due pedine: **11x25**. Prima della presa finale il
            Nero ha fatto una mossa sola: è un tiro di **prima intenzione**.
            """,
            en="""
            ## The shot, again

            Do you remember the **shot**? You give a piece, your opponent must capture it,
            because capturing is compulsory, and then you capture, more. Draughts players
            measure a shot by its **intention** (in Italian, *intenzione*): how many moves you
            make **before** the final capture.

            ## First intention

            Here it is Black's turn. Black plays **14-19**: White must capture, 23x14. Now
            the black man on 11 captures two men: **11x25**. Before the final capture Black
            made one move only: it is a shot of the **first intention**.
            """,
        ),
        figures(
            diagram(FIRST, arrows=["14-19"], size=220,
                    caption=T(it="1. Il Nero gioca 14-19.", en="1. Black plays 14-19.")),
            diagram(FIRST, moves=["14-19", "23x14"], arrows=["11x25"], size=220,
                    caption=T(it="2. Il Bianco deve mangiare: 23x14. Poi 11x25.",
                              en="2. White must capture: 23x14. Then 11x25.")),
        ),
        md(
            it="""
            ## Seconda intenzione

            Un tiro di **seconda intenzione** chiede due mosse prima della presa finale. È
            più difficile da vedere: devi immaginare la damiera due volte più avanti.

            Qui tocca al Bianco. Il Bianco gioca **31-27**: il Nero deve mangiare, 11x18. Poi
            il Bianco gioca **26-22**: il Nero deve mangiare ancora, 19x26. Ora la pedina
            bianca in 29 mangia tre pezzi: **29x6**. Il Bianco ha dato due pedine e ne ha
            prese tre.

            Il segreto: ogni volta l'avversario ha **una mossa sola**, una presa. Così sai già
            dove andranno i suoi pezzi, e dove atterrerà la tua presa finale.
            """,
            en="""
            ## Second intention

            A shot of the **second intention** takes two moves before the final capture. It
            is harder to see: you have to imagine the board two moves ahead.

            Here it is White's turn. White plays **31-27**: Black must capture, 11x18. Then
            White plays **26-22**: Black must capture again, 19x26. Now the white man on 29
            captures three pieces: **29x6**. White gave two men and took three.

            The secret: each time your opponent has **a single move**, a capture. So you
            already know where their pieces will go, and where your final capture will land.
            """,
        ),
        figures(
            diagram(SECOND, arrows=["31-27"], size=200,
                    caption=T(it="1. 31-27: il Nero deve mangiare, 11x18.",
                              en="1. 31-27: Black must capture, 11x18.")),
            diagram(SECOND, moves=["31-27", "11x18"], arrows=["26-22"], size=200,
                    caption=T(it="2. 26-22: il Nero deve mangiare, 19x26.",
                              en="2. 26-22: Black must capture, 19x26.")),
            diagram(SECOND, moves=["31-27", "11x18", "26-22", "19x26"], arrows=["29x6"],
                    size=200,
                    caption=T(it="3. La presa finale: 29x6, tre pezzi.",
                              en="3. The final capture: 29x6, three pieces.")),
        ),
        md(
            it="""
            ## Come si cerca un tiro

            1. Guarda i pezzi dell'avversario che hanno una casella vuota dietro: lì potrebbe
               atterrare la tua presa finale.
            2. Cerca le mosse che **obbligano** l'avversario a mangiare, con una presa sola.
            3. **Conta**: quanti pezzi dai, e quanti ne prendi alla fine. Il tiro è buono se
               ne prendi di più.

            ## Prova tu: un tiro di seconda intenzione

            Tocca a te, con il Bianco, contro il computer. C'è un tiro di seconda intenzione:
            trovalo! Se non lo trovi, premi **Ricomincia** e riprova.
            """,
            en="""
            ## How to look for a shot

            1. Look at your opponent's pieces with an empty square behind them: your final
               capture could land there.
            2. Look for the moves that **force** your opponent to capture, with one capture
               only.
            3. **Count**: how many pieces you give, and how many you take in the end. The shot
               is good if you take more.

            ## Your turn: a shot of the second intention

            It is your turn, with White, against the computer. There is a shot of the second
            intention: find it! If you don't, press **Restart** and try again.
            """,
        ),
        board(TRY, mode="computer", computer_side="B",
              chooser=call("ComputerPlayer", level=6, lang=False)),
    ],
    exercises=["it-dti-004", "it-dti-009", "it-tir-021", "it-tir-022", "it-tir-031",
               "it-tir-032", "it-tir-025", "it-tir-026"],
    rules=("IT-C1", "IT-C5"),
    exercises_intro=T(
        it="Tiri di seconda intenzione: due mosse, poi la presa finale. Nel primo esercizio "
        "conta quanti pezzi prende la presa finale; nel secondo scegli la mossa che comincia "
        "il tiro; negli altri gioca tu tutto il tiro. Prima di muovere, pensa a tutte le "
        "prese che l'avversario sarà obbligato a fare!",
        en="Shots of the second intention: two moves, then the final capture. In the first "
        "exercise, count how many pieces the final capture takes; in the second, choose the "
        "move that starts the shot; in the others, play the whole shot yourself. Before you "
        "move, think of every capture your opponent will be forced to make!"),
    remember=(
        T(it="L'intenzione di un tiro è il numero di mosse che fai prima della presa finale.",
          en="The intention of a shot is the number of moves you make before the final "
          "capture."),
        T(it="Prima intenzione: una mossa, poi la presa. Seconda intenzione: due mosse, poi "
          "la presa.",
          en="First intention: one move, then the capture. Second intention: two moves, then "
          "the capture."),
        T(it="Un tiro funziona quando ogni presa dell'avversario è obbligata.",
          en="A shot works when each of your opponent's captures is forced."),
        T(it="Conta sempre quanti pezzi dai e quanti ne prendi.",
          en="Always count how many pieces you give and how many you take."),
    ),
)
