"""The second year's master game: Borghetti–Mascolo, first round of the 69th Italian absolute
championship (2005), replayed move by move with comments the engine's facts back up: the
exchanges, the man left en prise on move 17 and the only move that defended it, the kings
made, and the material at the end. The moves are those of
authoring/games/campionato-assoluto-2005.pdn (its first game); every comment is replayed by
tests/test_second_year_lessons.py."""

from .kit import LessonSource, T, board, call, code, diagram, figures, md

#: The game's moves, ply by ply, as the score gives them (authoring/games/, game 1).
MOVES = (
    "21-17 12-15 23-19 11-14 19x12 8x15 28-23 14-18 22x13 9x18 23-20 10-14 20x11 6x15 "
    "17-13 3-6 13-9 5-10 32-28 1-5 26-21 7-12 21-17 12-16 30-26 6-11 26-21 4-7 29-26 14-19 "
    "21x14 11x18 26-21 16-20 21x14 19-22 27x18 10x19 31-27 19-22 28-23 22x31 23x16 31-27 "
    "18-14 27-23 25-21 23-20 17-13 15-19 21-18 19-22 13-10 22-26 10x1 26-30 1-5 30-27 "
    "5-10 27-22 10-13 22-19 14-10 19-15 10-5 20-23 5-1 23-20 1-5 7-11 5-10 15-12 10-6 "
    "11-15 6-11"
).split()

#: What the replay says after a ply (0: after White's first move), in each language.
COMMENTS = {
    5: T(it="Primo cambio: un pezzo per uno. Undici contro undici.",
         en="First exchange: one piece for one. Eleven against eleven."),
    9: T(it="Secondo cambio: dieci contro dieci.", en="Second exchange: ten against ten."),
    13: T(it="Terzo cambio: nove contro nove.", en="Third exchange: nine against nine."),
    31: T(it="Quarto cambio: otto contro otto.", en="Fourth exchange: eight against eight."),
    32: T(it="Attenzione: la pedina nera in 18 è in presa. Il Nero può difenderla con 10-14.",
          en="Watch out: the black man on 18 can be taken. Black can defend it with 10-14."),
    33: T(it="Un errore: il Nero non difende la pedina in 18.",
          en="A mistake: Black does not defend the man on 18."),
    34: T(it="Il Bianco mangia la pedina in 18.", en="White takes the man on 18."),
    37: T(it="Il Nero riprende un pezzo, ma ne ha perso due: sette contro sei.",
          en="Black takes a piece back, but it has lost two: seven against six."),
    41: T(it="Il Nero mangia in 27 e fa dama in 31.",
          en="Black captures on 27 and makes a king on 31."),
    42: T(it="Il Bianco mangia la pedina in 20: sei pedine contro quattro pedine e una dama.",
          en="White takes the man on 20: six men against four men and a king."),
    49: T(it="Un altro errore: con la dama, 20-23, il Nero non avrebbe perso niente.",
          en="Another mistake: with the king, 20-23, Black would have lost nothing."),
    54: T(it="Il Bianco mangia la pedina in 5 e fa dama in 1.",
          en="White takes the man on 5 and makes a king on 1."),
    55: T(it="Anche il Nero fa la sua seconda dama, in 30.",
          en="Black makes its second king too, on 30."),
    66: T(it="Il Bianco fa la sua seconda dama, in 1.",
          en="White makes its second king, on 1."),
    74: T(it="Il Nero si arrende. Il Bianco ha sei pezzi, due sono dame; il Nero quattro, due "
          "sono dame.",
          en="Black resigns. White has six pieces, two of them kings; Black has four, two of "
          "them kings."),
}

HEADER = T(
    it='[Event "69° Campionato Italiano Assoluto"]\n[Round "1"]\n[Date "2005.??.??"]\n'
       '[White "Borghetti, Michele"]\n[Black "Mascolo, Luca"]\n[Result "1-0"]\n',
    en='[Event "69th Italian absolute championship"]\n[Round "1"]\n[Date "2005.??.??"]\n'
       '[White "Borghetti, Michele"]\n[Black "Mascolo, Luca"]\n[Result "1-0"]\n',
)


def game_text(lang: str) -> str:
    """The game as the replay reads it: the moves, the comments after theirs, the result."""
    out = []
    for ply, move in enumerate(MOVES):
        if ply % 2 == 0:
            out.append(f"{ply // 2 + 1}.")
        elif ply - 1 in COMMENTS:
            out.append(f"{ply // 2 + 1}...")
        out.append(move)
        if ply in COMMENTS:
            out.append("{" + COMMENTS[ply](lang) + "}")
    return HEADER(lang) + "\n" + " ".join(out) + " 1-0"


#: The game in PDN, in each language.
GAME = T(it=game_text("it"), en=game_text("en"))
#: After 17. 26-21, Black to move: the man on 18 is en prise.
BEFORE_MISTAKE = "B:W9,17,21,24,25,27,28,31:B2,5,7,10,15,16,18,19"
#: After 25. 17-13, Black to move: only the king's 20-23 loses nothing.
BEFORE_SECOND = "B:W9,13,14,16,21,24:B2,5,7,15,K20"

LESSON = LessonSource(
    number=21,
    slug=T(it="partita-di-campioni", en="master-game"),
    title=T(it="Una partita di campioni", en="A game between champions"),
    learn=(
        T(it="a rigiocare una partita vera, mossa per mossa;",
          en="to replay a real game, move by move;"),
        T(it="a vedere dove un campione ha sbagliato, e quale mossa lo avrebbe salvato;",
          en="to see where a champion went wrong, and which move would have saved him;"),
        T(it="come due errori, due pezzi persi, decidono una partita.",
          en="how two mistakes, two pieces lost, decide a game."),
    ),
    cells=[
        md(
            it="""
            ## Una partita vera

            Nel 2005 i migliori giocatori d'Italia si sono sfidati nel **69° Campionato
            Italiano Assoluto**. Al primo turno Michele Borghetti, con il Bianco, ha giocato
            contro Luca Mascolo, con il Nero. Ha vinto il Bianco.

            Le mosse di quella partita sono state scritte, come hai imparato a fare tu. Così
            oggi possiamo rigiocarla, e capire dove si è decisa.
            """,
            en="""
            ## A real game

            In 2005 the best players in Italy met in the **69th Italian absolute
            championship**. In the first round Michele Borghetti, with White, played against
            Luca Mascolo, with Black. White won.

            The moves of that game were written down, as you learned to do. So today we can
            replay it, and understand where it was decided.
            """,
        ),
        md(
            it="""
            ## L'apertura e i cambi

            La partita comincia con 21-17 12-15, 23-19 11-14. Il Bianco deve mangiare, 19x12,
            e il Nero riprende, 8x15: è un **cambio**, un pezzo per uno. Poi ne vengono altri
            due, alle mosse 5 e 7. Dopo tre cambi restano nove pezzi per parte, e la partita
            è ancora pari.
            """,
            en="""
            ## The opening and the exchanges

            The game begins with 21-17 12-15, 23-19 11-14. White must capture, 19x12, and
            Black takes back, 8x15: it is an **exchange**, one piece for one. Two more follow,
            on moves 5 and 7. After three exchanges nine pieces are left on each side, and the
            game is still level.
            """,
        ),
        figures(
            diagram(None, moves=MOVES[:4], arrows=["19x12"], size=200,
                    caption=T(it="21-17 12-15, 23-19 11-14: il Bianco deve mangiare.",
                              en="21-17 12-15, 23-19 11-14: White must capture.")),
            diagram(None, moves=MOVES[:14], size=200,
                    caption=T(it="Dopo tre cambi: nove contro nove.",
                              en="After three exchanges: nine against nine.")),
        ),
        md(
            it="""
            ## La mossa 17: una pedina in presa

            Dopo un altro cambio i pezzi sono otto per parte. Il Bianco gioca **26-21**. Ora
            la pedina nera in 18 è **in presa**: se il Nero non fa niente, il Bianco la mangia
            con 21x14.

            Il Nero aveva una sola mossa per non perdere un pezzo: **10-14**, che chiude la
            casella 14. Invece gioca 16-20. Il Bianco mangia, 21x14, e il Nero riesce a
            riprendere un pezzo solo: alla fine della mossa 19 sono **sette contro sei**.
            """,
            en="""
            ## Move 17: a man en prise

            After one more exchange there are eight pieces on each side. White plays
            **26-21**. Now the black man on 18 is **en prise**: if Black does nothing, White
            takes it with 21x14.

            Black had only one move that lost no piece: **10-14**, which closes square 14.
            Instead it plays 16-20. White captures, 21x14, and Black can take back only one
            piece: at the end of move 19 it is **seven against six**.
            """,
        ),
        figures(
            diagram(BEFORE_MISTAKE, arrows=["10-14"], size=200,
                    caption=T(it="Tocca al Nero: con 10-14 la pedina in 18 è al sicuro.",
                              en="Black to play: with 10-14 the man on 18 is safe.")),
            diagram(BEFORE_MISTAKE, moves=["16-20"], arrows=["21x14"], size=200,
                    caption=T(it="Dopo 16-20 il Bianco mangia: 21x14.",
                              en="After 16-20 White captures: 21x14.")),
        ),
        md(
            it="""
            ## Prova tu: salva la pedina

            Sei il Nero, nella posizione della mossa 17. Tocca a te, contro il computer.
            Trova la mossa che non perde la pedina in 18! Se la perdi, premi **Ricomincia**
            e riprova.
            """,
            en="""
            ## Your turn: save the man

            You are Black, in the position of move 17. It is your turn, against the
            computer. Find the move that does not lose the man on 18! If you lose it, press
            **Restart** and try again.
            """,
        ),
        board(BEFORE_MISTAKE, mode="computer", computer_side="W", flipped=True,
              chooser=call("ComputerPlayer", level=6, lang=False)),
        md(
            it="""
            ## Le dame

            Alla mossa 21 il Nero mangia e fa **dama** in 31. Ma il Bianco riprende subito
            un pezzo: ha sei pedine, il Nero quattro pedine e una dama.

            Alla mossa 25 il Nero sbaglia di nuovo: gioca 15-19. Con la dama, 20-23, non
            avrebbe perso niente. Il Bianco porta una pedina in avanti, e alla mossa 28 mangia
            la pedina in 5 e fa dama in 1.
            """,
            en="""
            ## The kings

            On move 21 Black captures and makes a **king** on 31. But White takes a piece
            back at once: it has six men, Black four men and a king.

            On move 25 Black goes wrong again: it plays 15-19. With the king, 20-23, it would
            have lost nothing. White brings a man forward, and on move 28 it takes the man on
            5 and makes a king on 1.
            """,
        ),
        figures(
            diagram(BEFORE_SECOND, arrows=["20-23"], size=200,
                    caption=T(it="Mossa 25, tocca al Nero: 20-23 non perde niente.",
                              en="Move 25, Black to play: 20-23 loses nothing.")),
            diagram(None, moves=MOVES[:55], size=200,
                    caption=T(it="Mossa 28: 10x1, il Bianco fa dama.",
                              en="Move 28: 10x1, White makes a king.")),
        ),
        md(
            it="""
            ## Rigioca tutta la partita

            Usa i pulsanti per andare avanti e indietro. Sotto la damiera leggi che cosa
            succede nei momenti importanti. Alla fine il Nero si arrende: il Bianco ha sei
            pezzi, il Nero quattro.
            """,
            en="""
            ## Replay the whole game

            Use the buttons to go forward and back. Under the board you can read what happens
            at the important moments. In the end Black resigns: White has six pieces, Black
            four.
            """,
        ),
        code(call("replay", GAME)),
    ],
    exercises=["it-dcp-001", "it-scp-001", "it-cmp-001", "it-cmp-005", "it-cmp-006",
               "it-cmp-003", "it-cmp-008", "it-cmp-009"],
    rules=("IT-C1", "IT-C5", "IT-K1", "IT-P1", "IT-P5"),
    exercises_intro=T(
        it="Ogni esercizio è una posizione vera del campionato italiano del 2005. Nel primo "
        "un campione deve mangiare: conta quanti pezzi prende. Nel secondo scegli la presa "
        "che non perde niente. Negli altri c'è un tiro: trovalo! Alla fine leggi che cosa ha "
        "giocato il campione.",
        en="Each exercise is a real position from the 2005 Italian championship. In the "
        "first, a champion must capture: count how many pieces he takes. In the second, "
        "choose the capture that loses nothing. In the others there is a shot: find it! At "
        "the end, read what the champion played."),
    remember=(
        T(it="Una partita scritta si può rigiocare, mossa per mossa, e studiare.",
          en="A written game can be replayed, move by move, and studied."),
        T(it="Dopo ogni mossa dell'avversario, guarda se uno dei tuoi pezzi è in presa.",
          en="After each move of your opponent, look whether one of your pieces is en "
          "prise."),
        T(it="In questa partita il Nero ha sbagliato due volte e ha perso due pezzi: alla fine "
          "aveva quattro pezzi contro sei, e si è arreso.",
          en="In this game Black went wrong twice and lost two pieces: in the end it had four "
          "pieces against six, and it resigned."),
    ),
)
