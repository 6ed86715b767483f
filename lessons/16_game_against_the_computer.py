from .kit import LessonSource, T, call, code, md

LESSON = LessonSource(
    number=16,
    slug=T(it="partita-col-computer", en="game-against-the-computer"),
    title=T(it="Una partita contro il computer", en="A game against the computer"),
    learn=(
        T(it="qualche consiglio per giocare bene una partita intera;",
          en="a few tips for playing a whole game well;"),
        T(it="a giocare contro il computer, scegliendo il livello;",
          en="to play the computer, choosing its level;"),
        T(it="a rivedere la partita per trovare i tuoi errori e la mossa migliore.",
          en="to review the game, to find your mistakes and the better move."),
    ),
    cells=[
        md(
            it="""
            ## Tutto insieme

            Ora conosci tutte le regole della Dama Italiana: come si muovono le pedine e le
            dame, che mangiare è obbligatorio, le quattro regole per scegliere la presa (e la
            libera scelta), come si fa dama, come si vince e quando la partita è patta. È il
            momento di giocare una **partita intera**!

            ## Cinque consigli

            1. **Guarda prima le prese.** Prima di ogni mossa: devo mangiare? E dopo la mia
               mossa, l'avversario potrà mangiare qualcosa?
            2. **Tieni la tua base.** Le pedine sulla tua ultima riga (29–32 per il Bianco)
               impediscono all'avversario di fare dama: non muoverle troppo presto.
            3. **Occupa il centro.** Le pedine al centro hanno più strade; quelle sul bordo ne
               hanno una sola.
            4. **Tieni le pedine vicine.** Muovi le pedine insieme, vicine tra loro: una
               pedina da sola in mezzo agli avversari è facile da mangiare.
            5. **Cerca il tiro.** Se l'avversario è obbligato a mangiare, dove andrà il suo
               pezzo? Potresti mangiarne di più (lezione 14).
            """,
            en="""
            ## Everything together

            Now you know every rule of Dama Italiana: how men and kings move, that capturing is
            compulsory, the four rules for choosing the capture (and free choice), how a man
            becomes a king, how you win and when the game is a draw. Time to play a **whole
            game**!

            ## Five tips

            1. **Look at the captures first.** Before every move: must I capture? And after my
               move, will my opponent be able to capture something?
            2. **Keep your back row.** The men on your last row (29–32 for White) stop your
               opponent from making kings: don't move them too early.
            3. **Take the centre.** Men in the centre have more ways to go; those on the edge
               have only one.
            4. **Keep your men together.** Move them as a group, close to each other: a man
               alone among the enemy is easy to capture.
            5. **Look for a shot.** If your opponent must capture, where will their piece go?
               You might take more (lesson 14).
            """,
        ),
        md(
            it="""
            ## Gioca!

            Tu hai il **Bianco** e muovi per primo; il computer ha il Nero e risponde dopo una
            breve pausa. Sopra la damiera scegli:

            - il **livello** del computer: **1** è il più facile, **6** il più forte;
            - il tuo **colore**: con il Nero, il computer comincia.

            **Ricomincia** fa una nuova partita; **Annulla** toglie la tua ultima mossa (e la
            risposta del computer). Se la partita non finisce più (per esempio quando restano
            solo dame), puoi **chiamare le mosse**. A destra, sotto «Mosse», trovi la partita
            scritta: la puoi copiare su un quaderno!

            ## Rivedi la partita

            Dopo qualche mossa, o alla fine della partita, premi **Rivedi la partita** sotto la
            damiera. Il computer ripassa le tue mosse e cerca gli errori più importanti: un
            tiro che non hai visto, un pezzo lasciato da mangiare, una presa scelta male
            quando potevi scegliere. Ogni errore compare su una damiera sua, nella posizione
            di quel momento: prova tu a trovare la mossa migliore! Se ti serve, chiedi un
            suggerimento. Se non trova errori gravi, te lo dice: ben giocato!
            """,
            en="""
            ## Play!

            You have **White** and move first; the computer has Black and answers after a short
            pause. Above the board choose:

            - the computer's **level**: **1** is the easiest, **6** the strongest;
            - your **colour**: with Black, the computer starts.

            **Restart** begins a new game; **Undo** takes back your last move (and the
            computer's answer). If the game never seems to end (when only kings are left, for
            example), you can **call the count**. On the right, under "Moves", you will find
            the game written down: copy it into a notebook!

            ## Review the game

            After a few moves, or at the end of the game, press **Review the game** under the
            board. The computer goes back over your moves and looks for the mistakes that
            matter most: a shot you did not see, a piece left to be taken, a capture chosen
            badly when you could choose. Each mistake appears on a board of its own, in the
            position of that moment: try to find the better move yourself! Ask for a hint if
            you need one. If it finds no big mistake, it tells you so: well played!
            """,
        ),
        code(call("computer_game", level=1)),
    ],
    exercises=["it-mov-017", "it-cap-006", "it-end-004", "it-end-005", "it-mul-008"],
    rules=("IT-M1", "IT-M2", "IT-C1", "IT-K1", "IT-P1", "IT-P2", "IT-P3", "IT-P4", "IT-P5",
           "IT-E1", "IT-D2"),
    exercises_intro=T(
        it="Cinque momenti di partita: contare le mosse, trovare la presa, chiudere la partita. "
        "Ogni risposta viene controllata subito.",
        en="Five moments from real games: counting moves, finding the capture, finishing the "
        "game. Every answer is checked at once."),
    remember=(
        T(it="Prima di muovere, guarda le prese: le tue e quelle dell'avversario.",
          en="Before moving, look at the captures: yours and your opponent's."),
        T(it="Tieni la base, occupa il centro, muovi le pedine insieme.",
          en="Keep your back row, take the centre, move your men together."),
        T(it="Cerca il tiro, e stai attento ai tiri dell'avversario.",
          en="Look for shots, and watch out for your opponent's."),
        T(it="Dopo la partita, rivedila: dai tuoi errori impari di più.",
          en="After the game, review it: your mistakes teach you the most."),
    ),
)
