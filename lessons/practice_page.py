"""The Palestra's page of each language (dama.palestra.practice, corso.practice): puzzles after the
lessons, chosen by the child's rating, a streak, and the mistakes reviewed; reached from the
index."""

from __future__ import annotations

from .kit import T, md, tool_page


INTRO = md(
    it="""
    # La Palestra

    Hai finito le lezioni? Qui ti alleni con tutti gli esercizi del corso, quanti ne vuoi.

    - **Allenamento**: ogni esercizio risolto al primo colpo, senza suggerimenti, fa salire
      il tuo punteggio; uno sbagliato, o risolto con un suggerimento, lo fa scendere. Nei
      primi esercizi il punteggio sale e scende di tanto, poi sempre meno: più ne fai, più
      dice quanto sei bravo. Il prossimo esercizio è scelto per te: né troppo facile né
      troppo difficile. Puoi scegliere l'argomento.
    - **Serie**: esercizi sempre un po' più difficili, uno dopo l'altro. Quanti ne risolvi di
      fila? Al primo errore la serie finisce.
    - **Ripassa gli errori**: gli esercizi che hai sbagliato tornano dopo un po', per vedere
      se adesso li sai. Ogni volta che ne risolvi uno, torna più tardi; dopo qualche volta
      giusto, lo sai davvero e non torna più.
    """,
    en="""
    # Practice

    Finished the lessons? Here you practise with all the course's puzzles, as many as you
    like.

    - **Training**: every puzzle solved at the first go, without hints, raises your rating;
      one you miss, or solve with a hint, lowers it. In the first puzzles it moves a lot,
      then less and less: the more you do, the better it tells how good you are. The next
      puzzle is chosen for you: not too easy, not too hard. You can choose the topic.
    - **Streak**: puzzles a little harder each time, one after another. How many can you
      solve in a row? The first mistake ends the streak.
    - **Review my mistakes**: the puzzles you missed come back after a while, to see whether
      you know them now. Each time you solve one it comes back later; after a few right
      answers you really know it and it does not come back.
    """,
)


PRACTICE = tool_page(T(it="palestra", en="practice"), T(it="La Palestra", en="Practice"), INTRO,
                     "practice")
