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

from .i18n import N_, translator

CITE_MODES = ("id", "name", "none")

#: Each rule id cited by damalib, in words (English; translated by the catalogues).
RULE_NAMES: dict[str, str] = {
    "IT-B1": N_("the game is played on the dark squares"),
    "IT-B2": N_("the squares are numbered 1 to 32"),
    "IT-B3": N_("twelve men each"),
    "IT-B4": N_("the players take turns"),
    "IT-M1": N_("a man steps forward"),
    "IT-M2": N_("a king steps any way"),
    "IT-C1": N_("capturing is compulsory"),
    "IT-C2": N_("you jump a piece next to you and land just behind it"),
    "IT-C3": N_("a man takes only forwards and never takes a king"),
    "IT-C4": N_("a king takes in every direction"),
    "IT-C5": N_("the capture goes on while it can"),
    "IT-C6": N_("the pieces taken come off when the capture is over"),
    "IT-C7": N_("at the far row a man becomes a king and stops"),
    "IT-K1": N_("at the far row a man becomes a king"),
    "IT-P1": N_("the quantity rule"),
    "IT-P2": N_("the king rule"),
    "IT-P3": N_("the quality rule"),
    "IT-P4": N_("the order rule"),
    "IT-P5": N_("free choice"),
    "IT-E1": N_("you win by taking or blocking every piece"),
    "IT-D1": N_("a draw by agreement"),
    "IT-D2": N_("the 40-move count"),
    "IT-D3": N_("the same position three times"),
    "IT-N": N_("how moves are written"),
    "INT-B1": N_("the 10 by 10 board and its numbers"),
    "INT-B2": N_("the players take turns, White first"),
    "INT-M1": N_("a man steps forward"),
    "INT-M2": N_("a king flies along the diagonal"),
    "INT-C1": N_("capturing is compulsory, backwards too"),
    "INT-C2": N_("a king captures from a distance"),
    "INT-C3": N_("the pieces taken come off at the end, and none is jumped twice"),
    "INT-P1": N_("take the most pieces"),
    "INT-K1": N_("a man becomes a king only if it ends its move on the far row"),
    "INT-E1": N_("you win by taking or blocking every piece"),
    "INT-D1": N_("a draw by agreement"),
    "INT-D2": N_("the same position three times"),
    "INT-D3": N_("too many king moves"),
    "INT-D4": N_("the move limit of endgames"),
    "BR-B1": N_("the game is played on the dark squares"),
    "BR-B2": N_("the squares of the Brazilian board"),
    "BR-D1": N_("the draw rules"),
}

def rule_name(rule: str, lang: str = "it") -> str:
    """The rule ``rule`` (an id such as "IT-P1") in words; the id itself when unknown."""
    name = RULE_NAMES.get(rule)
    return rule if name is None else translator(lang)(name)


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
