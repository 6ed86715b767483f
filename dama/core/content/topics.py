"""The topics of the puzzle collection, named in the reader's language (the catalogues).

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

from damalib.i18n import N_, NC_, spoken, translator

#: Each topic: its name as the command line takes it (the English name is its id) and its
#: words for a page or a heading, in course order, from the catalogues.
TOPICS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "examples": (NC_("topic name", "examples"), NC_("topic", "examples")),
    "movement": (NC_("topic name", "movement"), NC_("topic", "moving")),
    "capture": (NC_("topic name", "capture"), NC_("topic", "capturing")),
    "multiple-capture": (NC_("topic name", "multiple-capture"), NC_("topic", "multiple captures")),
    "promotion": (NC_("topic name", "promotion"), NC_("topic", "promotion")),
    "kings": (NC_("topic name", "kings"), NC_("topic", "kings")),
    "precedence-quantity": (NC_("topic name", "precedence-quantity"),
                            NC_("topic", "precedence: quantity")),
    "precedence-king": (NC_("topic name", "precedence-king"),
                        NC_("topic", "precedence: the king takes")),
    "precedence-quality": (NC_("topic name", "precedence-quality"),
                           NC_("topic", "precedence: quality")),
    "precedence-order": (NC_("topic name", "precedence-order"),
                         NC_("topic", "precedence: the king met first")),
    "free-choice": (NC_("topic name", "free-choice"), NC_("topic", "free choice")),
    "end-of-game": (NC_("topic name", "end-of-game"), NC_("topic", "the end of the game")),
    "forty-moves": (NC_("topic name", "forty-moves"), NC_("topic", "the 40-move count")),
    "notation": (NC_("topic name", "notation"), NC_("topic", "writing moves")),
    "tactics": (NC_("topic name", "tactics"), NC_("topic", "tactics")),
    "endgames": (NC_("topic name", "endgames"), NC_("topic", "endgames")),
    "basic-endings": (NC_("topic name", "basic-endings"), NC_("topic", "basic endings")),
    "openings": (NC_("topic name", "openings"), NC_("topic", "the shot in the opening")),
    "championship": (NC_("topic name", "championship"),
                     NC_("topic", "the champions' shots")),
    "fork": (NC_("topic name", "fork"), NC_("topic", "the king's fork")),
    "simplify": (NC_("topic name", "simplify"), NC_("topic", "simplifying when ahead")),
    "waiting": (NC_("topic name", "waiting"), NC_("topic", "the waiting move")),
    "opening-exchange": (NC_("topic name", "opening-exchange"),
                         NC_("topic", "the exchange in the opening")),
    "majority": (NC_("topic name", "majority"), NC_("topic", "the majority capture")),
    "flying-king": (NC_("topic name", "flying-king"), NC_("topic", "the flying king")),
    "back-row": (NC_("topic name", "back-row"), NC_("topic", "passing the back row")),
}

#: Other names a teacher may write for a topic.
ALIASES = {"presa": "capture", "catture": "capture", "prese-multiple": "multiple-capture",
           "dama": "kings", "40-mosse": "forty-moves", "maggioranza": "majority",
           "tiro": "tactics", "tattiche": "tactics", "finale": "endgames"}

_UNKNOWN = N_("Unknown topic: \u201c{text}\u201d. The topics are: {known}.")


def _key(text: str) -> str:
    """Lower case, without accents, words joined by hyphens: "Precedenza Quantità" and
    "precedenza-quantita" are the same key."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text.strip().lower())
                    if not unicodedata.combining(c))
    return "-".join(plain.replace("_", " ").replace("-", " ").split())


_LOOKUP: dict[str, str] = {_key(a): t for a, t in ALIASES.items()}
for _topic, (_name, _) in TOPICS.items():
    # A teacher may write a topic's name in any language the programs speak.
    _LOOKUP.update({_key(_topic): _topic, **{_key(translator(_lang).context(*_name)): _topic
                                             for _lang in spoken()}})


class UnknownTopic(ValueError):
    """A topic name that is none of the collection's; ``text(lang)`` lists the known ones."""

    def __init__(self, given: str):
        self.given = given
        super().__init__(self.text("it"))

    def text(self, lang: str = "it") -> str:
        known = ", ".join(topic_name(t, lang) for t in TOPICS)
        return translator(lang)(_UNKNOWN, text=self.given, known=known)


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
    return translator(lang).context(*names[0]) if names else topic


def topic_label(topic: str, lang: str = "it") -> str:
    """The topic in words, for a heading or a table ("la presa multipla")."""
    names = TOPICS.get(topic)
    return translator(lang).context(*names[1]) if names else topic
