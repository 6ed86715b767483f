"""The rules named in words, for what a child reads (RULES.md, "Naming the rules for a child").

Rule ids (IT-P1, …) are for teachers and tests; a child reads "la regola della quantità".
Every text that cites a rule takes ``cite``: ``"id"`` (the default of the library: "(IT-P1)"),
``"name"`` (the rule in words: "(la regola della quantità)") or ``"none"`` (no citation).

>>> rule_name("IT-P1", "it")
'la regola della quantità'
>>> cite_rule("IT-P1", "en", "name")
'the quantity rule'
"""

from __future__ import annotations

CITE_MODES = ("id", "name", "none")

#: Each rule id cited by damalib, in Italian and English words.
RULE_NAMES: dict[str, tuple[str, str]] = {
    "IT-B1": ("si gioca sulle caselle scure", "the game is played on the dark squares"),
    "IT-B2": ("le caselle sono numerate da 1 a 32", "the squares are numbered 1 to 32"),
    "IT-B3": ("dodici pedine a testa", "twelve men each"),
    "IT-B4": ("si muove a turno, un pezzo alla volta", "the players take turns"),
    "IT-M1": ("la pedina va avanti di una casella", "a man steps forward"),
    "IT-M2": ("la dama va avanti e indietro di una casella", "a king steps any way"),
    "IT-C1": ("mangiare è obbligatorio", "capturing is compulsory"),
    "IT-C2": ("si salta un pezzo vicino e si atterra subito dietro",
              "you jump a piece next to you and land just behind it"),
    "IT-C3": ("la pedina mangia solo in avanti e non mangia la dama",
              "a man takes only forwards and never takes a king"),
    "IT-C4": ("la dama mangia in tutte le direzioni", "a king takes in every direction"),
    "IT-C5": ("la presa continua finché si può", "the capture goes on while it can"),
    "IT-C6": ("i pezzi presi si tolgono alla fine della presa",
              "the pieces taken come off when the capture is over"),
    "IT-C7": ("arrivata in fondo, la pedina diventa dama e si ferma",
              "at the far row a man becomes a king and stops"),
    "IT-K1": ("arrivata in fondo, la pedina diventa dama", "at the far row a man becomes a king"),
    "IT-P1": ("la regola della quantità", "the quantity rule"),
    "IT-P2": ("la regola della dama", "the king rule"),
    "IT-P3": ("la regola della qualità", "the quality rule"),
    "IT-P4": ("la regola della precedenza", "the order rule"),
    "IT-P5": ("la libera scelta", "free choice"),
    "IT-E1": ("vince chi mangia o blocca tutti i pezzi",
              "you win by taking or blocking every piece"),
    "IT-D1": ("la patta d'accordo", "a draw by agreement"),
    "IT-D2": ("il conteggio delle 40 mosse", "the 40-move count"),
    "IT-D3": ("la stessa posizione tre volte", "the same position three times"),
    "IT-N": ("come si scrivono le mosse", "how moves are written"),
    "INT-B1": ("la damiera di 10 per 10 e i suoi numeri", "the 10 by 10 board and its numbers"),
    "INT-B2": ("si muove a turno, comincia il Bianco", "the players take turns, White first"),
    "INT-M1": ("la pedina va avanti di una casella", "a man steps forward"),
    "INT-M2": ("la dama vola lungo la diagonale", "a king flies along the diagonal"),
    "INT-C1": ("mangiare è obbligatorio, anche all'indietro",
               "capturing is compulsory, backwards too"),
    "INT-C2": ("la dama mangia anche da lontano", "a king captures from a distance"),
    "INT-C3": ("i pezzi presi si tolgono alla fine, e non si salta due volte lo stesso pezzo",
               "the pieces taken come off at the end, and none is jumped twice"),
    "INT-P1": ("si prendono più pezzi possibile", "take the most pieces"),
    "INT-K1": ("diventa dama solo chi finisce la mossa in fondo",
               "a man becomes a king only if it ends its move on the far row"),
    "INT-E1": ("vince chi mangia o blocca tutti i pezzi",
               "you win by taking or blocking every piece"),
    "INT-D1": ("la patta d'accordo", "a draw by agreement"),
    "INT-D2": ("la stessa posizione tre volte", "the same position three times"),
    "INT-D3": ("troppe mosse di sole dame", "too many king moves"),
    "INT-D4": ("il limite di mosse dei finali", "the move limit of endgames"),
    "BR-B1": ("si gioca sulle caselle scure", "the game is played on the dark squares"),
    "BR-B2": ("le caselle della damiera brasiliana", "the squares of the Brazilian board"),
    "BR-D1": ("le regole della patta", "the draw rules"),
}


def rule_name(rule: str, lang: str = "it") -> str:
    """The rule ``rule`` (an id such as "IT-P1") in words; the id itself when unknown."""
    names = RULE_NAMES.get(rule)
    if names is None:
        return rule
    return names[1 if lang == "en" else 0]


def cite_rule(rule: str | None, lang: str = "it", cite: str = "id") -> str:
    """How a text cites ``rule``: its id, its name, or nothing (see the module docs)."""
    if cite not in CITE_MODES:
        raise ValueError(f"cite must be one of {CITE_MODES}, not {cite!r}")
    if not rule or cite == "none":
        return ""
    return rule if cite == "id" else rule_name(rule, lang)


def drop_empty_citation(text: str) -> str:
    """A message whose citation was left empty: "… ()." becomes "…."."""
    return text.replace(" ()", "").replace("()", "")


__all__ = ["CITE_MODES", "RULE_NAMES", "cite_rule", "drop_empty_citation", "rule_name"]
