from .kit import LessonSource, T, board, figure, md

LESSON = LessonSource(
    number=0,
    slug=T(it="benvenuti", en="welcome"),
    title=T(it="Benvenuti!", en="Welcome!"),
    learn=(
        T(it="che cos'è la dama e che cosa trovi in questo corso;",
          en="what draughts is and what you will find in this course;"),
        T(it="come si muove un pezzo sulla damiera, con due clic o due tocchi;",
          en="how to move a piece on the board, with two clicks or two taps;"),
        T(it="come funzionano gli esercizi e le stelle.",
          en="how the exercises and the stars work."),
    ),
    cells=[
        md(
            it="""
            ## Ciao!

            La **dama** è un gioco antichissimo: si gioca in due, su una damiera a quadretti,
            con 12 pezzi ciascuno. Uno ha i pezzi **bianchi**, l'altro i pezzi **neri**.
            Vince chi mangia tutti i pezzi dell'avversario, o lo blocca così che non possa più
            muovere.

            In Italia si gioca la **Dama Italiana**: è quella che impari qui. Lezione dopo
            lezione scoprirai tutte le sue regole, e alla fine giocherai una partita intera
            contro il computer.
            """,
            en="""
            ## Hello!

            **Draughts** (in Italian *dama*) is a very old game for two players, played on a
            chequered board with 12 pieces each. One player has the **white** pieces, the other
            the **black** ones. You win by capturing all your opponent's pieces, or by blocking
            them so that they cannot move any more.

            In Italy people play **Dama Italiana** (Italian draughts): that is the game you
            learn here. Lesson by lesson you will discover all its rules, and at the end you
            will play a whole game against the computer.
            """,
        ),
        md(
            it="""
            ## Come si muove un pezzo

            Per muovere bastano **due clic** con il mouse, o **due tocchi** con il dito su un
            tablet:

            1. clicca o tocca **un tuo pezzo**: si accende un quadrato blu intorno a lui (e
               sulle damiere per provare, come quella di «Prova tu!» più sotto, dei pallini
               arancioni ti mostrano dove può andare);
            2. clicca o tocca **la casella dove vuoi andare**. Fatto!

            Hai cambiato idea? Scegli di nuovo il pezzo, oppure un altro. Ogni casella ha il
            suo numero: per esempio la mossa qui sotto va dalla casella 22 alla casella 19 e si
            scrive **22-19**.
            """,
            en="""
            ## How to move a piece

            Moving takes **two clicks** with the mouse, or **two taps** of your finger on a
            tablet:

            1. click or tap **one of your pieces**: a blue square lights up around it (and on
               the boards for trying things, like the one in "Try it!" further down, orange
               dots show you where it can go);
            2. click or tap **the square you want to go to**. Done!

            Changed your mind? Choose the piece again, or another one. Every square has a
            number: the move below, for example, goes from square 22 to square 19 and is written
            **22-19**.
            """,
        ),
        figure(None, arrows=["22-19"],
               caption=T(it="La mossa 22-19: la pedina va dalla casella 22 alla 19.",
                         en="The move 22-19: the man goes from square 22 to 19.")),
        md(
            it="""
            ## Prova tu!

            Ecco una damiera pronta per cominciare. Il **Bianco muove sempre per primo**, poi
            tocca al Nero, poi di nuovo al Bianco: una mossa a testa. Qui giochi tu con tutti e
            due i colori: prova qualche mossa!

            Sotto la damiera trovi dei pulsanti:

            - **Annulla** riporta indietro l'ultima mossa; **Ricomincia** rimette tutti i pezzi
              al loro posto;
            - **Gira** fa vedere la damiera dalla parte del Nero;
            - **Numeri** mostra o nasconde i numeri delle caselle; **Mostra mosse** accende o
              spegne i pallini arancioni;
            - **IT / EN** cambia la lingua;
            - nella casella bianca puoi anche **scrivere** una mossa, come `22-19`, e premere
              **Gioca**.

            Se provi una mossa che non si può fare, la damiera ti spiega perché e ti dice quale
            regola non la permette, per esempio *«la pedina va avanti di una casella»*.
            """,
            en="""
            ## Try it!

            Here is a board ready to start. **White always moves first**, then Black, then
            White again: one move each. Here you play both colours: try a few moves!

            Under the board there are some buttons:

            - **Undo** takes back the last move; **Restart** puts every piece back in its place;
            - **Flip** shows the board from Black's side;
            - **Numbers** shows or hides the square numbers; **Show moves** turns the orange
              dots on and off;
            - **IT / EN** changes the language;
            - in the white box you can also **type** a move, such as `22-19`, and press **Play**.

            If you try a move that is not allowed, the board tells you why and which rule says
            no, for example *“a man steps forward”*.
            """,
        ),
        board(None),
        md(
            it="""
            ## Gli esercizi e le stelle

            Alla fine di ogni lezione ci sono degli **esercizi**. Si risponde in tre modi:

            - **muovendo sulla damiera**, come hai appena fatto;
            - **scegliendo** una risposta tra quelle proposte;
            - **scrivendo** un numero o delle mosse nella casella, e premendo «Rispondi».

            La risposta viene controllata subito. Giusta al primo colpo, senza aiuti: **tre
            stelle** ★★★. Ogni suggerimento e ogni risposta sbagliata costano una stella, ma un
            esercizio risolto ne vale sempre almeno una. Una mossa che le regole non permettono
            non costa niente: la damiera non la fa e ti spiega perché. Le stelle si salvano con
            il tuo nome (lo scrivi nell'indice).
            """,
            en="""
            ## Exercises and stars

            At the end of every lesson there are some **exercises**. You answer in three ways:

            - **by moving on the board**, as you have just done;
            - **by choosing** one of the answers offered;
            - **by typing** a number or some moves in the box and pressing "Answer".

            Your answer is checked at once. Right first time, with no help: **three stars**
            ★★★. Each hint and each wrong answer costs a star, but a solved exercise is always
            worth at least one. A move the rules do not allow costs nothing: the board does not
            make it, and tells you why. The stars are saved under your name (you type it in the
            index).
            """,
        ),
    ],
    exercises=["it-mov-030", "it-mov-009", "it-mov-001"],
    rules=("IT-B4", "IT-M1"),
    exercises_intro=T(
        it="Tre esercizi per cominciare: nei primi due scegli la risposta giusta, nel terzo "
        "scrivi un numero. Rispondere muovendo sulla damiera lo proverai nelle prossime "
        "lezioni. Non conosci ancora le regole? Non importa: guarda bene la damiera, e se "
        "serve premi «Suggerimento» o riprova.",
        en="Three exercises to start with: in the first two you choose the right answer, in the "
        "third you type a number. Answering by moving on the board comes in the next lessons. "
        "You don't know the rules yet? Never mind: look carefully at the board, and if you "
        "need to, press \u201cHint\u201d or try again."),
    remember=(
        T(it="Si gioca in due: il Bianco muove per primo, poi una mossa a testa.",
          en="Two players: White moves first, then one move each."),
        T(it="Per muovere: clicca o tocca il tuo pezzo, poi la casella dove va.",
          en="To move: click or tap your piece, then the square it goes to."),
        T(it="Se una mossa non si può fare, la damiera ti spiega perché.",
          en="If a move is not allowed, the board tells you why."),
        T(it="Negli esercizi: tre stelle al primo colpo, senza suggerimenti.",
          en="In the exercises: three stars at the first try, with no hints."),
    ),
)
