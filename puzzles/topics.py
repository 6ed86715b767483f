"""The topics of the puzzle collection, named in Italian and in English.

A puzzle file names its topic in English (``topic = "capture"``); a teacher may write it either
way, with or without accents, in any case: ``cattura``, ``Capture``, ``precedenza-quantita``.

>>> topic_name("multiple-capture", "it")
'presa-multipla'
>>> topic_label("precedence-quantity", "it")
'precedenza: la quantità'
>>> resolve_topic("Precedenza-Quantita")
'precedence-quantity'
>>> resolve_topic("cattura") == resolve_topic("capture") == "capture"
True
"""

from __future__ import annotations

import unicodedata

#: Each topic: (Italian name, English name, Italian words, English words), in course order.
#: The names are what the command line takes; the words are for a page or a heading.
TOPICS: dict[str, tuple[str, str, str, str]] = {
    "examples": ("esempi", "examples", "esempi", "examples"),
    "movement": ("movimento", "movement", "il movimento", "moving"),
    "capture": ("cattura", "capture", "la presa", "capturing"),
    "multiple-capture": ("presa-multipla", "multiple-capture", "la presa multipla",
                         "multiple captures"),
    "promotion": ("damatura", "promotion", "la damatura", "promotion"),
    "kings": ("dame", "kings", "la dama", "kings"),
    "precedence-quantity": ("precedenza-quantità", "precedence-quantity",
                            "precedenza: la quantità", "precedence: quantity"),
    "precedence-king": ("precedenza-dama", "precedence-king", "precedenza: prende la dama",
                        "precedence: the king takes"),
    "precedence-quality": ("precedenza-qualità", "precedence-quality",
                           "precedenza: la qualità", "precedence: quality"),
    "precedence-order": ("precedenza-ordine", "precedence-order",
                         "precedenza: la dama incontrata prima", "precedence: the king met first"),
    "free-choice": ("libera-scelta", "free-choice", "la libera scelta", "free choice"),
    "end-of-game": ("fine-partita", "end-of-game", "la fine della partita", "the end of the game"),
    "forty-moves": ("quaranta-mosse", "forty-moves", "le 40 mosse", "the 40-move count"),
    "notation": ("notazione", "notation", "scrivere le mosse", "writing moves"),
    "tactics": ("tattica", "tactics", "la tattica", "tactics"),
    "endgames": ("finali", "endgames", "i finali", "endgames"),
    "majority": ("presa-maggiore", "majority", "la presa maggiore", "the majority capture"),
    "flying-king": ("dama-volante", "flying-king", "la dama volante", "the flying king"),
    "back-row": ("ultima-riga", "back-row", "passare sull'ultima riga", "passing the back row"),
}

#: Other names a teacher may write for a topic.
ALIASES = {"presa": "capture", "catture": "capture", "prese-multiple": "multiple-capture",
           "dama": "kings", "40-mosse": "forty-moves", "maggioranza": "majority",
           "tiro": "tactics", "tattiche": "tactics", "finale": "endgames"}

_UNKNOWN = ("Argomento sconosciuto: «{text}». Gli argomenti sono: {known}.",
            "Unknown topic: \u201c{text}\u201d. The topics are: {known}.")


def _key(text: str) -> str:
    """Lower case, without accents, words joined by hyphens: "Precedenza Quantità" and
    "precedenza-quantita" are the same key."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text.strip().lower())
                    if not unicodedata.combining(c))
    return "-".join(plain.replace("_", " ").replace("-", " ").split())


_LOOKUP: dict[str, str] = {_key(a): t for a, t in ALIASES.items()}
for _topic, (_it, _en, _, _) in TOPICS.items():
    _LOOKUP.update({_key(_topic): _topic, _key(_it): _topic, _key(_en): _topic})


class UnknownTopic(ValueError):
    """A topic name that is none of the collection's; ``text(lang)`` lists the known ones."""

    def __init__(self, given: str):
        self.given = given
        super().__init__(self.text("it"))

    def text(self, lang: str = "it") -> str:
        en = lang == "en"
        known = ", ".join(topic_name(t, lang) for t in TOPICS)
        return _UNKNOWN[en].format(text=self.given, known=known)


def resolve_topic(text: str) -> str:
    """The collection's topic (its English id) for a name in either language; UnknownTopic
    if there is none."""
    topic = _LOOKUP.get(_key(text)) if isinstance(text, str) else None
    if topic is None:
        raise UnknownTopic(str(text))
    return topic


def topic_name(topic: str, lang: str = "it") -> str:
    """The topic's name as the command line takes it ("cattura", "capture"); a topic the
    table does not know is given back as it is."""
    names = TOPICS.get(topic)
    return names[1 if lang == "en" else 0] if names else topic


def topic_label(topic: str, lang: str = "it") -> str:
    """The topic in words, for a heading or a table ("la presa multipla")."""
    names = TOPICS.get(topic)
    return names[3 if lang == "en" else 2] if names else topic
