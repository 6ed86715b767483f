from .kit import LessonSource, T, board, call, diagram, figures, md

LESSON = LessonSource(
    number=11,
    slug=T(it="vincere-la-partita", en="winning-the-game"),
    title=T(it="Come si vince", en="How a game is won"),
    learn=(
        T(it="i due modi di vincere: mangiare tutto, o bloccare;",
          en="the two ways to win: capture everything, or block;"),
        T(it="che si può anche abbandonare.", en="that a player may also resign."),
    ),
    cells=[
        md(
            it="""
            ## Vince chi lascia l'avversario senza mosse

            La partita finisce quando tocca a un giocatore e lui **non può muovere**: allora ha
            perso. Succede in due modi:

            1. **non ha più pezzi**: li hai mangiati tutti;
            2. ha ancora dei pezzi, ma sono **bloccati**: nessuno può muoversi né mangiare.

            Nella prima figura il Bianco mangia l'ultima pedina nera: vince il Bianco. Nella
            seconda tocca al Nero, ma la sua pedina in 24 è chiusa: non può andare in 28, e non
            può mangiare perché la casella 31 dietro è occupata. Il Nero è bloccato: vince il
            Bianco.
            """,
            en="""
            ## You win when your opponent has no move

            The game ends when it is a player's turn and they **cannot move**: then they have
            lost. It happens in two ways:

            1. they **have no pieces left**: you captured them all;
            2. they still have pieces, but they are **blocked**: none can move or capture.

            In the first picture White captures Black's last man: White wins. In the second it is
            Black's turn, but the man on 24 is shut in: it cannot go to 28, and cannot capture
            because square 31 behind is taken. Black is blocked: White wins.
            """,
        ),
        figures(
            diagram("W:W22:B18", moves=["22x13"],
                    caption=T(it="Il Nero non ha più pezzi.", en="Black has no pieces left.")),
            diagram("B:W28,31:B24", highlight=[24],
                    caption=T(it="Il Nero è bloccato.", en="Black is blocked.")),
        ),
        md(
            it="""
            ## Bloccati da una dama

            Ricordi che una pedina non può mangiare una dama? Per questo una dama può
            **bloccare** una pedina. Qui tocca al Bianco: la sua unica pedina ha davanti una
            dama nera che non può mangiare, e nessun'altra casella libera. Il Bianco non può
            muovere: ha perso.

            ## Abbandonare

            Un giocatore può anche **abbandonare**, cioè arrendersi, quando vede che non c'è più
            niente da fare: vince l'altro. Tra amici ci si stringe la mano e si comincia
            un'altra partita!
            """,
            en="""
            ## Blocked by a king

            Remember that a man cannot capture a king? That is why a king can **block**
            a man. Here it is White's turn: its only man has a black king in front that it cannot
            capture, and no other free square. White cannot move: it has lost.

            ## Resigning

            A player may also **resign**, that is give up, when they see there is nothing left
            to do: the other player wins. Between friends you shake hands and start another
            game!
            """,
        ),
        figures(
            diagram("W:W24:BK20", highlight=[24],
                    caption=T(it="Tocca al Bianco, ma è bloccato dalla dama nera.",
                              en="White to move, but blocked by the black king.")),
        ),
        md(
            it="""
            ## Prova tu!

            Qui giochi contro il computer: tu hai il Bianco, con due dame e una pedina; il
            computer ha due pedine nere. **Vinci**: mangia tutti i pezzi neri, oppure bloccali.
            Attento a non lasciarli arrivare in fondo, dove diventerebbero dame! Se va male,
            premi **Ricomincia**.
            """,
            en="""
            ## Try it!

            Here you play the computer: you have White, with two kings and a man; the computer
            has two black men. **Win**: capture every black piece, or block them. Take care not
            to let them reach the far end, where they would become kings! If it goes wrong,
            press **Restart**.
            """,
        ),
        board("W:WK13,K14,31:B12,20", mode="computer", computer_side="B",
              chooser=call("ComputerPlayer", level=2, lang=False)),
    ],
    exercises=["it-end-001", "it-end-002", "it-end-003", "it-end-006", "it-end-007",
               "it-end-008"],
    rules=("IT-C3", "IT-E1"),
    remember=(
        T(it="Perde chi, quando tocca a lui, non ha più pezzi o non può muovere.",
          en="You lose if, at your turn, you have no pieces left or cannot move."),
        T(it="Vince chi mangia o blocca tutti i pezzi dell'avversario; anche una dama può "
          "bloccare una pedina.",
          en="You win by taking or blocking every piece of your opponent; a king can block a "
          "man too."),
        T(it="Chi abbandona perde.", en="A player who resigns loses."),
    ),
)
