"""The club's analysis board of each language (corso.analysis_board), reached from the index
and the teacher's guide: a game file's games replayed, a position set up, the computer's
advice."""

from __future__ import annotations

from .kit import T, md, tool_page


INTRO = md(
    it="""
    # Analisi

    La damiera del circolo: per rivedere le partite, studiare una posizione e chiedere
    consiglio al computer.

    - **Partite.** Apri un file di partite (`.pdn`), oppure scegli la partita di esempio:
      nell'elenco trovi i giocatori, il torneo, la data e il risultato. Clicca o tocca una
      mossa per vedere la posizione; le varianti sono in corsivo, tra parentesi. Con i
      quattro bottoni sopra le mosse vai all'inizio, indietro, avanti e alla fine. Se una
      partita ha un errore, si ferma lì e ti dice perché.
    - **Che dama.** Il titolo sopra le mosse dice a quale dama si gioca: italiana,
      internazionale (10x10) o brasiliana. Se il file non lo dice, lo capisce dalle caselle
      e te lo scrive. Puoi cambiarla tu nel menu **«Tipo di dama»**.
    - **Problemi.** Un file di problemi apre ogni problema sulla sua posizione, con il
      compito («Il Bianco muove e vince»). La soluzione resta nascosta: prova le tue mosse,
      poi premi **«Mostra la soluzione»**.
    - **Posizioni.** Incolla una posizione in FEN, oppure premi **«Prepara una posizione»**:
      scegli il pezzo (per esempio la dama nera) e tocca le caselle dove va.
    - **Il consiglio del computer.** Premi **«Migliore mossa»**: il computer pensa un
      momento, poi ti dice la mossa migliore, come può continuare la partita e chi sta
      meglio. Conta i pezzi come li vedi sulla damiera; il resto è una stima del computer, e
      lo dice. Dà lo stesso consiglio per la stessa posizione, anche su un computer lento.
      Se ci mette troppo, premi **«Ferma»**; per farlo pensare più a lungo, **«Pensa di
      più»**.

    Puoi anche muovere i pezzi sulla damiera: le tue mosse diventano una nuova variante.
    """,
    en="""
    # Analysis

    The club's board: to go over games, study a position and ask the computer for advice.

    - **Games.** Open a game file (`.pdn`), or choose the sample game file: the list shows
      the players, the event, the date and the result. Click or tap a move to see its
      position; variations are in italics, in brackets. With the four buttons above the
      moves you go to the start, back, forward and to the end. If a game has a mistake in
      it, it stops there and tells you why.
    - **Which draughts.** The title above the moves says which draughts is played:
      Italian, International (10x10) or Brazilian. If the file does not say, the page tells
      it from the squares and writes so. You can change it in the **"Draughts"** menu.
    - **Problems.** A file of problems opens each problem on its position, with its task
      ("White to play and win"). The solution stays hidden: try your moves, then press
      **"Show the solution"**.
    - **Positions.** Paste a position as a FEN, or press **"Set up a position"**: choose the
      piece (the black king, say) and tap the squares where it goes.
    - **The computer's advice.** Press **"Best move"**: the computer thinks for a moment,
      then tells you the best move, how the game could go on and who stands better. It
      counts the pieces as you see them on the board; the rest is the computer's estimate,
      and it says so. The same position gets the same advice, even on a slow computer. If it
      takes too long, press **"Stop"**; to make it think longer, **"Think more"**.

    You can also move the pieces on the board: your moves become a new variation.
    """,
)


ANALYSIS = tool_page(T(it="analisi", en="analysis"), T(it="Analisi", en="Analysis"), INTRO,
                     "analysis_board")
