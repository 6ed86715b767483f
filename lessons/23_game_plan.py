"""The second year's lesson on planning a game: the centre (a man there has two ways forward,
on the edge one), the base (back row) kept or given up (the men on it bar the way to a king), and
simplifying when ahead (an exchange of a man for a man keeps the lead with fewer pieces, and
the endgame tables then say who wins). The exchanges are it-22-simplify.toml's. Every fact
is replayed by tests/test_second_year_lessons.py."""

from .kit import LessonSource, T, board, call, diagram, figures, md

#: Il centro: the man on 17, on the edge, has one move; the man on 19, in the centre, two.
CENTRE = "W:W17,19:B1,4"
#: La fila di base: the men on 30 and 31 bar the black man on 23. 22-18 keeps them; 31-27
#: gives the row up, and 23-28 then 28-32 makes a king.
BACK_ROW = "W:W22,30,31:B23,1"
KEEP = "22-18"
GIVE_UP = ("31-27", "23-28")
KING_MOVE = "28-32"
#: Drawn as a (from, to) pair: after 23-28 it is White's turn, and Black's next move is shown.
KING_ARROW = (28, 32)
#: Semplificare: three men against two; the exchange leaves two against one, which the
#: endgame tables say White wins.
SIMPLIFY = "W:W17,22,25:B9,14"
SIMPLIFY_LINE = ("22-18", "14x21", "25x18")
#: The board to try: three against two again, one exchange to find (26-22 19x26 29x22).
TRY = "W:W17,26,29:B9,19"

LESSON = LessonSource(
    number=23,
    slug=T(it="piano-di-gioco", en="game-plan"),
    title=T(it="Il piano di gioco", en="Planning your game"),
    learn=(
        T(it="perché le pedine al **centro** valgono di più;",
          en="why men in the **centre** are worth more;"),
        T(it="a tenere ferme le pedine della tua **base**, per non far passare "
          "l'avversario;",
          en="to keep the men of your **base** (back row) still, so that your opponent "
          "cannot pass;"),
        T(it="a **semplificare** quando sei avanti: dai una pedina, ne riprendi una, e il "
          "vantaggio resta tuo.",
          en="to **simplify** when you are ahead: give a man, take one back, and keep your "
          "lead."),
    ),
    cells=[
        md(
            it="""
            ## Il centro

            Una partita non si gioca una mossa alla volta, senza un'idea. I giocatori
            forti hanno un **piano**. La prima idea del piano è il **centro**.

            Guarda le due pedine bianche. Quella in 17 è sul bordo: ha una sola mossa,
            17-13. Quella in 19 è al centro: ha due mosse, 19-14 e 19-15. Al centro una
            pedina ha più strade, e può aiutare le compagne da tutte e due le parti.
            """,
            en="""
            ## The centre

            A game is not played one move at a time, with no idea. Strong players have a
            **plan**. The plan's first idea is the **centre**.

            Look at the two white men. The one on 17 is on the edge: it has only one move,
            17-13. The one on 19 is in the centre: it has two moves, 19-14 and 19-15. In
            the centre a man has more ways to go, and it can help its friends on both
            sides.
            """,
        ),
        figures(
            diagram(CENTRE, arrows=["17-13", "19-14", "19-15"], size=200,
                    caption=T(it="Sul bordo una strada, al centro due.",
                              en="On the edge one way, in the centre two.")),
        ),
        md(
            it="""
            ## La base

            La tua **base** è la riga più vicina a te: per il Bianco le caselle da 29 a 32.
            Finché le tue pedine restano lì, l'avversario non può arrivarci e fare dama.

            Qui la pedina nera in 23 vuole arrivare in fondo. Le pedine bianche in 30 e 31
            le chiudono la strada. Se il Bianco gioca 22-18, le tiene ferme e la pedina
            nera non passa.

            Ma se il Bianco gioca 31-27, la strada si apre: il Nero gioca 23-28, e alla
            mossa dopo va in 32 e fa dama. Il Bianco non può fermarlo.

            Muovere una pedina della base si dice **sdamare**. Prima o poi dovrai farlo:
            fallo tardi. E di solito comincia dalla pedina del **cantone** (la 32 per il
            Bianco): da quella parte la base si difende meglio.
            """,
            en="""
            ## The base

            Your **base** (back row) is the row nearest to you: for White, squares 29 to 32.
            While your men stay there, your opponent cannot get there and make a king.

            Here the black man on 23 wants to reach the end. The white men on 30 and 31 bar
            its way. If White plays 22-18, they stay still and the black man cannot pass.

            But if White plays 31-27, the way opens: Black plays 23-28, and on the next move
            it goes to 32 and makes a king. White cannot stop it.

            Moving a man off your base is called *sdamare* in Italian. Sooner or later you
            will have to: do it late. And usually start with the man in the **cantone**, the
            single corner (32 for White): on that side the base is easier to defend.
            """,
        ),
        figures(
            diagram(BACK_ROW, arrows=[KEEP], highlight=[30, 31], size=200,
                    caption=T(it="22-18: la base resta chiusa.",
                              en="22-18: the base stays closed.")),
            diagram(BACK_ROW, moves=list(GIVE_UP), arrows=[KING_ARROW], size=200,
                    caption=T(it="Dopo 31-27 e 23-28 il Nero va a dama in 32.",
                              en="After 31-27 and 23-28 Black goes to 32 for a king.")),
        ),
        md(
            it="""
            ## Semplificare quando sei avanti

            Quando hai un pezzo in più, conviene **semplificare**: dare una pedina e
            riprenderne una, con un cambio o con un baratto. Il pezzo in più resta tuo, e
            con meno pezzi sulla damiera è più facile vincere.

            Qui il Bianco ha tre pedine e il Nero due. Il Bianco gioca 22-18. Il Nero deve
            mangiare, 14x21, e il Bianco riprende con 25x18: è un cambio. Ora sono due pedine
            bianche contro una nera, e con due contro una, qui, il Bianco vince se gioca
            bene.
            """,
            en="""
            ## Simplify when you are ahead

            When you are a piece up, it pays to **simplify**: to give a man and take one
            back, with an exchange or a trade. The extra piece stays yours, and with fewer
            pieces on the board it is easier to win.

            Here White has three men and Black two. White plays 22-18. Black must capture,
            14x21, and White takes back with 25x18: it is an exchange. Now it is two white
            men against one black man, and with two against one, here, White wins with good
            play.
            """,
        ),
        figures(
            diagram(SIMPLIFY, arrows=[SIMPLIFY_LINE[0]], size=200,
                    caption=T(it="1. Tre contro due: il Bianco gioca 22-18.",
                              en="1. Three against two: White plays 22-18.")),
            diagram(SIMPLIFY, moves=list(SIMPLIFY_LINE), size=200,
                    caption=T(it="2. Dopo il cambio: due contro una.",
                              en="2. After the exchange: two against one.")),
        ),
        md(
            it="""
            ## Prova tu: semplifica

            Ora tocca a te, con il Bianco, contro il computer. Sei avanti di un pezzo: dai
            una pedina e riprendine una, e poi porta a casa la vittoria! Se non ci riesci,
            premi **Ricomincia** e riprova.
            """,
            en="""
            ## Your turn: simplify

            Now it is your turn, with White, against the computer. You are a piece up: give
            a man and take one back, then go on and win! If you don't manage, press
            **Restart** and try again.
            """,
        ),
        board(TRY, mode="computer", computer_side="B",
              chooser=call("ComputerPlayer", level=6, lang=False)),
    ],
    exercises=["it-csm-001", "it-smp-003", "it-smp-004", "it-smp-009", "it-smp-012",
               "it-smp-022", "it-smp-027", "it-smp-030"],
    rules=("IT-M1", "IT-C1", "IT-E1"),
    exercises_intro=T(
        it="In ogni esercizio sei avanti. Nel primo conta le tue mosse. Poi trova la mossa con "
        "cui dai una pedina e ne riprendi una: nei due dopo la scegli fra tre mosse, negli "
        "altri giochi tu, fino alla ripresa.",
        en="In each exercise you are ahead. In the first, count your moves. Then find the "
        "move with which you give a man and take one back: in the next two you choose it "
        "among three moves, in the others you play, up to the retake."),
    remember=(
        T(it="Al centro una pedina ha più strade che sul bordo.",
          en="In the centre a man has more ways to go than on the edge."),
        T(it="Le pedine della tua base chiudono all'avversario la strada per fare dama: "
          "muovile tardi.",
          en="The men of your base bar your opponent's way to a king: move them late."),
        T(it="Quando sei avanti, semplifica: una pedina per una, e il vantaggio resta tuo.",
          en="When you are ahead, simplify: a man for a man, and the lead stays yours."),
    ),
)
