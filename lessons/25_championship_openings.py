"""The second year's lesson on the openings of the championships: the draw of the first two
or three moves (FID, «Il sorteggio delle aperture»), the nine pairs of first moves that start
with an exchange, the opening 23-19 12-15 move by move as a game of the 1999 Italian
championship played it (Fero-Borghetti, the first ten plies, as Damasport published them),
with what each move aims for (the centre, the base, the exchange), and the exchange in the
opening (it-24-opening-exchange.toml). Every fact is replayed by
tests/test_second_year_lessons.py."""

from .kit import LessonSource, T, board, call, diagram, figures, md

START = "W:W21-32:B1-12"
#: The first ten plies of Fero-Borghetti, Italian championship 1999 (Damasport): the
#: opening 23-19 12-15 drawn, then both sides bring their men forward and keep their base.
GAME = ("23-19", "12-15", "19x12", "8x15", "21-18", "10-14", "25-21", "6-10", "27-23", "7-12")
#: The board to try: the position after those ten plies, White to play.
TRY = "W:W18,21-24,26,28-32:B1-5,9-12,14,15"
#: The exchange in the opening: after 23-19 11-15 (an opening of the draw), White's one quiet
#: move that forces a man for a man and loses nothing; the retake takes the capturer.
EXCHANGE_LINE = ("23-19", "11-15")
EXCHANGE = ("22-18", "15x22", "26x19")

LESSON = LessonSource(
    number=25,
    slug=T(it="aperture-dei-campionati", en="championship-openings"),
    title=T(it="Le aperture dei campionati", en="The openings of the championships"),
    learn=(
        T(it="quante prime mosse si sorteggiano nei campionati;",
          en="how many first moves are drawn in championships;"),
        T(it="che cosa cerca un'apertura: il **centro**, la **base**, il **cambio**;",
          en="what an opening aims for: the **centre**, the **base**, the **exchange**;"),
        T(it="a trovare un cambio in apertura che non perde niente.",
          en="to find an exchange in the opening that loses nothing."),
    ),
    cells=[
        md(
            it="""
            ## Due o tre mosse sorteggiate

            Nella lezione 20 hai visto che nei campionati le prime mosse si **sorteggiano**.
            La Federazione Italiana Dama ha due elenchi di aperture. Con il primo si
            sorteggiano **due** mosse: la prima del Bianco e la prima del Nero. Con il
            secondo se ne sorteggiano **tre**: il Bianco, il Nero, e di nuovo il Bianco.
            Dopo, ognuno gioca le sue mosse.

            Un buon giocatore sa che cosa **cerca** ogni apertura. Le idee sono quelle della
            lezione 23: prendere il **centro**, tenere la **base**, e fare un **cambio**
            quando serve.
            """,
            en="""
            ## Two or three moves drawn

            In lesson 20 you saw that in championships the first moves are **drawn by lot**.
            The Italian Draughts Federation has two lists of openings. With the first, **two**
            moves are drawn: White's first and Black's first. With the second, **three** are
            drawn: White, Black, and White again. After that, each player chooses.

            A good player knows what each opening **aims for**. The ideas are those of lesson
            23: take the **centre**, keep the **base**, and make an **exchange** when it helps.
            """,
        ),
        md(
            it="""
            ## Le aperture che cominciano con un cambio

            Il Bianco ha sette prime mosse e il Nero sette risposte: 49 coppie. In **11**
            di queste il Bianco deve mangiare subito. In due il Nero perde una pedina: sono
            le due coppie che non si sorteggiano. Nelle altre **9** il Nero riprende, e in
            due modi diversi: è un **cambio**, e si resta undici contro undici.

            Con un cambio il Nero apre il gioco già alla seconda mossa. La più famosa è
            **23-19 12-15**: il Bianco mangia, 19x12, e il Nero sceglie fra 7x16 e 8x15.
            """,
            en="""
            ## The openings that start with an exchange

            White has seven first moves and Black seven replies: 49 pairs. In **11** of them
            White must capture at once. In two Black loses a man: they are the two pairs that
            are never drawn. In the other **9** Black takes back, in two different ways: it
            is an **exchange**, and it stays eleven against eleven.

            With an exchange Black opens the game on the second move already. The best known
            is **23-19 12-15**: White captures, 19x12, and Black chooses between 7x16 and
            8x15.
            """,
        ),
        md(
            it="""
            ## 23-19 12-15, mossa per mossa

            Ecco le prime dieci mosse di una partita del campionato italiano del 1999, fra
            Fero (Bianco) e Borghetti (Nero): 23-19 12-15, 19x12 8x15, 21-18 10-14,
            25-21 6-10, 27-23 7-12.

            - Con **23-19** il Bianco mette una pedina al **centro**.
            - Con **12-15** il Nero la fa mangiare, e riprende con **8x15**: ora la pedina
              nera in 15 è a metà della damiera.
            - Il Bianco porta avanti le pedine di lato, 21-18 e 25-21, poi con **27-23**
              rimette una pedina in 23, la casella della prima mossa.
            - Il Nero risponde con 10-14, 6-10 e 7-12: le sue pedine stanno dietro a
              quelle in 14 e in 15, e le sostengono.

            Dopo dieci mosse nessuno ha mosso la sua ultima riga: il Bianco ha ancora le
            pedine in 29, 30, 31 e 32, il Nero in 1, 2, 3 e 4. Tutti e due tengono la
            **base**.
            """,
            en="""
            ## 23-19 12-15, move by move

            Here are the first ten moves of a game of the 1999 Italian championship, between
            Fero (White) and Borghetti (Black): 23-19 12-15, 19x12 8x15, 21-18 10-14,
            25-21 6-10, 27-23 7-12.

            - With **23-19** White puts a man in the **centre**.
            - With **12-15** Black lets it capture, and takes back with **8x15**: now the
              black man on 15 is halfway up the board.
            - White brings the men of the side forward, 21-18 and 25-21, then with **27-23**
              puts a man on 23 again, the square of the first move.
            - Black answers with 10-14, 6-10 and 7-12: its men stand behind those on 14 and
              15, and support them.

            After ten moves nobody has moved its last row: White still has its men on 29,
            30, 31 and 32, Black on 1, 2, 3 and 4. Both keep their **base**.
            """,
        ),
        figures(
            diagram(START, moves=list(GAME[:4]), size=200,
                    caption=T(it="1. Dopo 23-19 12-15, 19x12 8x15: un cambio.",
                              en="1. After 23-19 12-15, 19x12 8x15: an exchange.")),
            diagram(START, moves=list(GAME), size=200,
                    caption=T(it="2. Dopo dieci mosse: le due basi sono intere.",
                              en="2. After ten moves: both bases are whole.")),
        ),
        md(
            it="""
            ## Un cambio che non perde niente

            Anche il Bianco può aprire il gioco con un cambio. Dopo 23-19 11-15 il Bianco
            gioca **22-18**. Il Nero deve mangiare, 15x22, e il Bianco riprende con 26x19:
            mangia proprio la pedina che ha mangiato. Nessun'altra mossa del Bianco
            costringe il Nero a mangiare senza perdere niente.

            Prima di fare un cambio, guarda bene dopo: l'avversario può mangiare ancora? Un
            buon cambio in apertura non perde niente, e si resta pari.
            """,
            en="""
            ## An exchange that loses nothing

            White too can open the game with an exchange. After 23-19 11-15 White plays
            **22-18**. Black must capture, 15x22, and White takes back with 26x19: it takes
            the very man that captured. White has no other move that makes Black capture
            and loses nothing.

            Before you exchange, look at what comes after: can your opponent capture again?
            A good exchange in the opening loses nothing, and it stays even.
            """,
        ),
        figures(
            diagram(START, moves=list(EXCHANGE_LINE), arrows=[EXCHANGE[0]], size=200,
                    caption=T(it="1. Il Bianco gioca 22-18.", en="1. White plays 22-18.")),
            diagram(START, moves=[*EXCHANGE_LINE, *EXCHANGE[:2]], arrows=[EXCHANGE[2]],
                    size=200,
                    caption=T(it="2. Il Nero ha mangiato: il Bianco riprende, 26x19.",
                              en="2. Black has captured: White takes back, 26x19.")),
        ),
        md(
            it="""
            ## Prova tu: continua la partita

            Ora la partita di Fero e Borghetti è tua: hai il Bianco, dopo le prime dieci
            mosse, contro il computer. Tieni la base, cerca il centro, e non lasciare tiri!
            Se le cose vanno male, premi **Ricomincia** e riprova.
            """,
            en="""
            ## Your turn: go on with the game

            Now Fero and Borghetti's game is yours: you have White, after the first ten
            moves, against the computer. Keep your base, look for the centre, and leave no
            shots! If things go wrong, press **Restart** and try again.
            """,
        ),
        board(TRY, mode="computer", computer_side="B",
              chooser=call("ComputerPlayer", level=6, lang=False)),
    ],
    exercises=["it-cia-003", "it-cia-008", "it-cia-013", "it-cia-016", "it-cia-017",
               "it-cia-021", "it-cia-026", "it-cia-030"],
    rules=("IT-C1", "IT-M1"),
    exercises_intro=T(
        it="Ogni esercizio comincia dalle prime mosse di una partita. Nel primo conta le "
        "mosse; nei due dopo scegli il cambio; negli altri giocalo tu. Tocca a volte al "
        "Bianco, a volte al Nero!",
        en="Each exercise starts from the first moves of a game. In the first, count the "
        "moves; in the next two, choose the exchange; in the others, play it yourself. "
        "Sometimes it is White's turn, sometimes Black's!"),
    remember=(
        T(it="Nei campionati si sorteggiano le prime due o tre mosse; poi giochi tu.",
          en="In championships the first two or three moves are drawn; then you play."),
        T(it="Un'apertura cerca il centro, tiene la base, e sa quando fare un cambio.",
          en="An opening looks for the centre, keeps the base, and knows when to exchange."),
        T(it="Un buon cambio in apertura non perde niente: dai una pedina, ne riprendi una, "
          "e si resta pari.",
          en="A good exchange in the opening loses nothing: you give a man, take one back, "
          "and it stays even."),
    ),
)
