"""Still pictures: a position drawn as SVG with its caption, and pictures side by side."""

from IPython.display import HTML

from damalib import Board
from damalib.svg import board as _svg

class Figure:
    """A diagram with its caption; shown as HTML in a notebook."""

    def __init__(self, svg, caption="", width=260):
        self.svg = svg
        self.caption = caption
        self.width = width

    def html(self):
        caption = (f'<figcaption style="display:block;width:{self.width}px;margin:0.3em 0 0 0;'
                   f'padding:0;font-size:1.05em;line-height:1.35;text-align:center">'
                   f'{self.caption}</figcaption>') if self.caption else ""
        return (f'<figure class="dama-diagram" style="display:inline-block;vertical-align:top;'
                f'width:{self.width}px;margin:0.4em 1.4em 0.6em 0;padding:0">'
                f'{self.svg}{caption}</figure>')

    def _repr_html_(self):
        return self.html()


def _position(position, variant="italian"):
    if isinstance(position, Board):
        return position.copy()
    return Board(position, variant)


def diagram(position=None, lang="it", *, moves=(), arrows=(), highlight=(), caption="",
            size=260, numbers=True, flipped=False, variant="italian", coordinates=False):
    """A still picture: ``position`` a FEN (None: the start), ``moves`` played first (the last
    one is shown), ``arrows`` move texts ("27x18x9") or (from, to) pairs drawn on the position,
    ``highlight`` squares to mark. The caption may hold simple HTML (<b>, <i>)."""
    board = _position(position, variant)
    last = None
    for text in moves:
        last = board.parse_move(text) if isinstance(text, str) else text
        board.push(last)
    drawn = []
    for arrow in arrows:
        drawn.append(board.parse_move(arrow) if isinstance(arrow, str) else tuple(arrow))
    svg = _svg(board, size=size, numbers=numbers, flipped=flipped, highlight=list(highlight),
               arrows=drawn, last_move=last, lang=lang, coordinates=coordinates)
    return Figure(svg, caption, size)


def row(*figures):
    """Pictures side by side."""
    return HTML('<div class="dama-row">' + "".join(f.html() for f in figures) + "</div>")
