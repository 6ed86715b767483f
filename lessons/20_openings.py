"""The second year's openings: White's seven first moves as the federation's course ranks
them, the draw of openings in championships and the two first pairs it leaves out, an
opening drawn in Italian championships (23-19 12-15), and the shot that is already there in
the first moves (it-19-openings.toml). Every fact is replayed by
tests/test_second_year_lessons.py."""

from .kit import LessonSource, T, board, call, diagram, figures, md

START = "W:W21-32:B1-12"
#: A shot in the first moves (it-ape-001's line): 22-19 9-13, 26-22 11-14.
SHOT = "W:W19,21-25,27-32:B1-8,10,12-14"
SHOT_LINE = ("22-19", "9-13", "26-22", "11-14")
#: The board to try: it-ape-030's position, after 22-19 11-14, 19-15 12x19, 23-20 6-11,
#: 27-23 8-12 (a shot giving two men).
TRY = "W:W20,21,23-26,28-32:B1-5,7,9-12,14,19"

LESSON = LessonSource(
    number=20,
    slug=T(it="aperture", en="openings"),
    title=T(it="Le prime mosse: le aperture", en="The first moves: the openings"),
    learn=(
        T(it="quali sono le sette mosse con cui il Bianco può cominciare;",
          en="which seven moves White can start with;"),
        T(it="perché nei campionati le prime mosse si **sorteggiano**;",
          en="why in championships the first moves are **drawn by lot**;"),
        T(it="a vedere un tiro già nelle prime mosse, e a non lasciarlo all'avversario.",
          en="to see a shot already in the first moves, and not to leave one to your "
          "opponent."),
    ),
    cells=[
        md(
            it="""
            ## Sette mosse per cominciare

            All'inizio della partita il Bianco può giocare **sette mosse**: 21-17, 21-18,
            22-18, 22-19, 23-19, 23-20 e 24-20. Le pedine delle altre righe sono chiuse
            dietro alle prime.

            Il corso della Federazione Italiana Dama dice che la mossa più forte è **23-19**.
            Poi vengono 21-18, 23-20 e 22-19. Le più deboli sono 22-18, 24-20 e 21-17.
            Per questo, quando la prima mossa è libera, quasi tutti i giocatori forti
            cominciano con 23-19.
            """,
            en="""
            ## Seven moves to start

            At the start of the game White can play **seven moves**: 21-17, 21-18, 22-18,
            22-19, 23-19, 23-20 and 24-20. The men of the other rows are shut in behind the
            first ones.

            The course of the Italian Draughts Federation says that the strongest move is
            **23-19**. Then come 21-18, 23-20 and 22-19. The weakest are 22-18, 24-20 and
            21-17. That is why, when the first move is free, nearly every strong player
            starts with 23-19.
            """,
        ),
        figures(
            diagram(START, arrows=["23-19"], size=220,
                    caption=T(it="La mossa più giocata: 23-19.",
                              en="The move played most: 23-19.")),
        ),
        md(
            it="""
            ## Il sorteggio delle aperture

            Se tutti giocassero sempre le mosse migliori, le partite dei campioni sarebbero
            quasi tutte uguali, e quasi tutte patte. Per questo nei campionati le prime mosse
            non si scelgono: si **sorteggiano**. Il Bianco ha sette mosse e il Nero sette
            risposte: fanno **49** coppie.

            Due coppie però non si sorteggiano mai: 21-18 9-13 e 22-18 9-13. Il Nero
            perderebbe subito una pedina: il Bianco deve mangiare, 18x9, e il Nero non può
            riprendere.
            """,
            en="""
            ## The draw of openings

            If everyone always played the best moves, the champions' games would almost all
            be the same, and almost all draws. That is why in championships the first moves
            are not chosen: they are **drawn by lot**. White has seven moves and Black seven
            replies: that makes **49** pairs.

            Two pairs, though, are never drawn: 21-18 9-13 and 22-18 9-13. Black would lose
            a man at once: White must capture, 18x9, and Black cannot take back.
            """,
        ),
        figures(
            diagram(START, moves=["22-18", "9-13"], arrows=["18x9"], size=220,
                    caption=T(it="Dopo 22-18 9-13 il Bianco deve mangiare: 18x9.",
                              en="After 22-18 9-13 White must capture: 18x9.")),
            diagram(START, moves=["22-18", "9-13", "18x9"], size=220,
                    caption=T(it="Il Nero non può riprendere: ha una pedina in meno.",
                              en="Black cannot take back: it is a man down.")),
        ),
        md(
            it="""
            ## Un'apertura dei campionati: 23-19 12-15

            Questa apertura è uscita al sorteggio in molti campionati italiani assoluti.
            Dopo 23-19 12-15 il Bianco ha una mossa sola: deve mangiare, **19x12**. Poi il
            Nero riprende, con 7x16 o con 8x15. È un **cambio**: un pezzo per uno, e si
            resta in undici contro undici.

            Con 12-15 il Nero cambia subito un pezzo: dopo 8x15 ha una pedina in 15, a metà
            della damiera, e il gioco si apre già alla seconda mossa.
            """,
            en="""
            ## An opening of the championships: 23-19 12-15

            This opening has been drawn in many Italian championships. After 23-19 12-15
            White has a single move: it must capture, **19x12**. Then Black takes back, with
            7x16 or with 8x15. It is an **exchange**: one piece for one, and it stays eleven
            against eleven.

            With 12-15 Black exchanges a piece at once: after 8x15 it has a man on 15, halfway
            up the board, and the game opens on the second move already.
            """,
        ),
        figures(
            diagram(START, moves=["23-19", "12-15"], arrows=["19x12"], size=200,
                    caption=T(it="23-19 12-15: il Bianco deve mangiare, 19x12.",
                              en="23-19 12-15: White must capture, 19x12.")),
            diagram(START, moves=["23-19", "12-15", "19x12"], arrows=["8x15"], size=200,
                    caption=T(it="Il Nero riprende: 8x15 (o 7x16).",
                              en="Black takes back: 8x15 (or 7x16).")),
        ),
        md(
            it="""
            ## Il tiro c'è già nelle prime mosse

            Anche all'inizio, con tutti i pezzi sulla damiera, una mossa sbagliata può
            lasciare un **tiro** all'avversario. Guarda: 22-19 9-13, 26-22 11-14. Ora tocca al
            Bianco, che gioca **21-18**. Il Nero deve mangiare, 14x21, e la pedina bianca in
            25 mangia due pezzi: **25x9**.

            Prima di ogni mossa, anche la prima, chiediti: *se gioco qui, l'avversario può
            regalarmi un pezzo e poi mangiarne due?*
            """,
            en="""
            ## The shot is there already in the first moves

            Even at the start, with every piece on the board, a wrong move can leave your
            opponent a **shot**. Look: 22-19 9-13, 26-22 11-14. Now it is White's turn, and
            White plays **21-18**. Black must capture, 14x21, and the white man on 25 captures
            two pieces: **25x9**.

            Before each move, even the first, ask yourself: *if I play here, can my opponent
            give me a piece and then take two?*
            """,
        ),
        figures(
            diagram(SHOT, arrows=["21-18"], size=200,
                    caption=T(it="1. Il Bianco gioca 21-18.", en="1. White plays 21-18.")),
            diagram(SHOT, moves=["21-18", "14x21"], arrows=["25x9"], size=200,
                    caption=T(it="2. Il Nero deve mangiare: 14x21. Poi 25x9.",
                              en="2. Black must capture: 14x21. Then 25x9.")),
        ),
        md(
            it="""
            ## Prova tu: un tiro in apertura

            Le prime mosse: 22-19 11-14, 19-15 12x19, 23-20 6-11, 27-23 8-12.
            Ora tocca a te, con il Bianco, contro il computer. C'è un tiro: trovalo! Se non
            lo trovi, premi **Ricomincia** e riprova.
            """,
            en="""
            ## Your turn: a shot in the opening

            The first moves: 22-19 11-14, 19-15 12x19, 23-20 6-11, 27-23 8-12.
            Now it is your turn, with White, against the computer. There is a shot: find it!
            If you don't, press **Restart** and try again.
            """,
        ),
        board(TRY, mode="computer", computer_side="B",
              chooser=call("ComputerPlayer", level=6, lang=False)),
    ],
    exercises=["it-dap-001", "it-dap-008", "it-ape-004", "it-ape-007", "it-ape-012",
               "it-ape-035", "it-ape-038", "it-ape-043"],
    rules=("IT-C1", "IT-C5"),
    exercises_intro=T(
        it="Ogni esercizio comincia dall'inizio della partita: leggi le prime mosse. Nel primo "
        "conta quanti pezzi prende il tiro; nel secondo scegli la mossa che lo comincia; negli "
        "altri trova il tiro e giocalo. Tocca a volte al Bianco, a volte al Nero!",
        en="Each exercise starts from the beginning of the game: read the first moves. In the "
        "first, count how many pieces the shot takes; in the second, choose the move that "
        "starts it; in the others, find the shot and play it. Sometimes it is White's turn, "
        "sometimes Black's!"),
    remember=(
        T(it="Il Bianco può cominciare con sette mosse; quando la prima mossa è libera, i "
          "giocatori forti giocano quasi sempre 23-19.",
          en="White can start with seven moves; when the first move is free, strong players "
          "nearly always play 23-19."),
        T(it="Nei campionati le prime mosse si sorteggiano, perché le partite siano diverse.",
          en="In championships the first moves are drawn by lot, so that the games are "
          "different."),
        T(it="Dopo 21-18 9-13 o 22-18 9-13 il Nero perde subito una pedina: queste due non "
          "si sorteggiano.",
          en="After 21-18 9-13 or 22-18 9-13 Black loses a man at once: these two are never "
          "drawn."),
        T(it="Anche nelle prime mosse può esserci un tiro: prima di muovere, guarda che cosa "
          "lasci all'avversario.",
          en="Even in the first moves there can be a shot: before you move, look at what you "
          "leave your opponent."),
    ),
)
