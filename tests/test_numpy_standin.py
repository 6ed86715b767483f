"""The numpy stand-in of the browser-only edition (deploy/site/numpy_standin) against real numpy.

The board's drawing messages must be byte-for-byte the same with both: every message the
canvas manager of ipycanvas sends to the front end (its JSON content and every binary buffer)
is recorded in two child processes, one with real numpy and one with the stand-in first on
``sys.path``, through the same clicks, and the two recordings are compared. The stand-in's
dtype inference is also checked against numpy's directly.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("ipycanvas")

ROOT = Path(__file__).resolve().parent.parent
STANDIN = ROOT / "deploy" / "site" / "numpy_standin"
STANDIN_VERSION = "0.0.0+dama-standin"

# Run in a child process: argv = [side, stand-in folder, repository root]. Prints one JSON
# line per message sent by ipycanvas's canvas manager.
RECORDER = r"""
import itertools, json, sys, uuid
side, standin, root = sys.argv[1:4]
sys.path.insert(0, root)
if side == "standin":
    sys.path.insert(0, standin)
# Widget ids (comm ids) from a counter: the same ids on both sides, so that the switchCanvas
# commands inside the binary command buffers can be compared byte for byte.
_ids = itertools.count(1)
uuid.uuid4 = lambda: uuid.UUID(int=next(_ids))

import numpy, PIL
if side == "standin":
    assert numpy.__version__ == "0.0.0+dama-standin", numpy.__file__
    assert PIL.__version__ == "0.0.0+dama-standin", PIL.__file__
else:
    assert "standin" not in numpy.__version__ and "standin" not in numpy.__file__

import ipycanvas.canvas, ipycanvas.utils
from ipycanvas.canvas import _CanvasManager
from dama.core.board import immediate
from dama.core.board.canvas import BoardWidget
import dama.core.board.canvas
assert ipycanvas.utils.np is numpy and ipycanvas.canvas.np is numpy
assert dama.core.board.canvas.np is numpy

records = []
scenario = None
_send = _CanvasManager.send

def send(self, content, buffers=None):
    buffers = list(buffers or ())
    for b in buffers:
        assert bytes(b) == memoryview(b).tobytes()  # what the Pyodide kernel's comm sends
    records.append({"scenario": scenario,
                    "content": json.dumps(content, sort_keys=True),
                    "types": [type(b).__name__ for b in buffers],
                    "buffers": [bytes(b).hex() for b in buffers]})
    return _send(self, content, buffers)

_CanvasManager.send = send

scenario = "start"
w = BoardWidget(scheduler=immediate)
w._on_client_ready()
scenario = "move"
w.controller.click(22)
w.controller.click(19)
scenario = "flip"
w.flip_button.click()
scenario = "numbers"
w.numbers_button.value = not w.numbers_button.value
scenario = "kings"
k = BoardWidget("W:W27,K29:B23,15,K4", scheduler=immediate)
k._on_client_ready()
scenario = "capture_chain"
for square in (29, 27, 20, 11):  # refused (27 must capture), then 27x20x11
    k.controller.click(square)
assert k.board.fen() == "B:W11,K29:BK4", k.board.fen()
scenario = "international"
i = BoardWidget(variant="international", scheduler=immediate)
i._on_client_ready()
i.controller.click(32)
i.controller.click(28)
i.flip_button.click()
assert i.board.fen().startswith("B:"), i.board.fen()
# Beyond the board: ipycanvas's other packing paths (Python ints cast to int32, a list of
# polygons joined with np.concatenate, colours made uint8 by np.require).
scenario = "ipycanvas_paths"
from ipycanvas import Canvas, hold_canvas
c = Canvas(width=50, height=50)
with hold_canvas():
    c.fill_rects([1, 2, 3], [4, 5, 6], 7)
    c.set_line_dash([3, 2, 1])
    c.fill_polygons([numpy.array([[0, 0], [9, 0], [0, 9]]),
                     numpy.array([[1.5, 1], [8, 2], [3, 7], [2, 2]])])
    c.stroke_styled_circles([10, 20.5], [10, 20], [3, 4], [[255, 0, 0], [0, 128, 255]], [1, 0.5])
    c.fill_styled_polygons([[(0, 0), (5, 0), (0, 5)], [(1, 1), (4, 1), (1, 4)]],
                           [[255, 0, 0], [0, 128, 255]], 0.5)
c.stroke_lines([(1, 2), (3, 4.5)])
for record in records:
    print(json.dumps(record))
"""

SCENARIOS = ["start", "move", "flip", "numbers", "kings", "capture_chain", "international",
             "ipycanvas_paths"]


def _record(side: str) -> list[dict]:
    env = dict(os.environ, PYTHONHASHSEED="0")
    env.pop("PYTHONPATH", None)
    result = subprocess.run([sys.executable, "-c", RECORDER, side, str(STANDIN), str(ROOT)],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, f"{side} side failed:\n{result.stderr}"
    return [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]


def _commands(record: dict) -> list:
    """The drawing commands in a message's first buffer (a JSON list, batched or not)."""
    commands = json.loads(bytes.fromhex(record["buffers"][0]))
    return [commands] if isinstance(commands[0], int) else commands


@pytest.fixture(scope="module")
def recordings() -> tuple[list[dict], list[dict]]:
    return _record("numpy"), _record("standin")


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_drawing_messages_are_byte_for_byte_those_of_real_numpy(recordings, scenario):
    real, standin = ([r for r in side if r["scenario"] == scenario] for side in recordings)
    assert real, f"nothing drawn in {scenario}"
    assert len(standin) == len(real)
    for number, (a, b) in enumerate(zip(real, standin)):
        assert b["content"] == a["content"], f"message {number}"
        assert b["types"] == a["types"] == ["memoryview"] * len(a["buffers"]), f"message {number}"
        assert b["buffers"] == a["buffers"], f"message {number}"


def test_the_scenarios_draw_what_they_are_meant_to(recordings):
    """The comparison covers 1-D and 2-D float arrays, empty lists (no dots yet on a capture
    chain: numpy makes them float64), the crowns (np.array of polygons), the capture crosses
    (np.array of line segments) and ipycanvas's int32 and uint8 arrays."""
    from ipycanvas.canvas import COMMANDS

    real, _ = recordings
    used: dict[str, set] = {name: set() for name in SCENARIOS}
    dtypes = set()
    for record in real:
        for name, args, *_ in _commands(record):
            used[record["scenario"]].add(name)
            for arg in args:
                if isinstance(arg, dict) and "dtype" in arg:
                    dtypes.add((arg["dtype"], len(arg["shape"]), arg["shape"][0] == 0))
    assert {("float64", 1, False), ("float64", 2, False), ("float64", 1, True)} <= dtypes
    # The board itself sends floats only; ipycanvas's integer and colour paths are covered
    # by the last scenario.
    assert {("int32", 1, False), ("uint8", 1, False), ("int32", 2, False)} <= dtypes
    assert COMMANDS["fillPolygons"] in used["kings"]
    assert COMMANDS["strokeLineSegments"] in used["capture_chain"]
    assert COMMANDS["setLineDash"] in used["move"]
    assert COMMANDS["fillText"] in used["numbers"] | used["start"]


# -- the stand-in's arrays against numpy's, in this process -----------------------------------

@pytest.fixture(scope="module")
def standin():
    spec = importlib.util.spec_from_file_location("dama_numpy_standin",
                                                  STANDIN / "numpy" / "__init__.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.__version__ == STANDIN_VERSION
    return module


def _same(ours, theirs) -> None:
    assert str(ours.dtype) == theirs.dtype.name
    assert ours.shape == theirs.shape and ours.ndim == theirs.ndim
    assert ours.tobytes() == theirs.tobytes()
    assert memoryview(ours).tobytes() == memoryview(theirs).tobytes()
    assert ours.tolist() == theirs.tolist()


CROWNS = [[(1.5 + k, 2.25 * k) for k in range(7)] for _ in range(3)]
INPUTS = [[1, 2, 3], [-(2 ** 40), 7], [1.5, 2.0], [1, 2.5], [], [[]], [[1, 2], [3, 4]],
          [[1.0, 2], [3, 4]], [(0.5, 1), (2, 3.25)], CROWNS, [[[0.1, 0.2], [0.3, 0.4]]]]


@pytest.mark.parametrize("value", INPUTS, ids=range(len(INPUTS)))
def test_dtype_inference_matches_numpy(standin, value):
    _same(standin.array(value), np.array(value))
    _same(standin.asarray(value), np.asarray(value))
    _same(standin.require(value, requirements=["C"]).ravel(),
          np.require(value, requirements=["C"]).ravel())


def test_casts_and_constructors_match_numpy(standin):
    s = standin
    _same(s.array([1, -2, 2 ** 33]).astype(s.int32), np.array([1, -2, 2 ** 33]).astype(np.int32))
    _same(s.array([1.75, -2.5]).astype(s.int32), np.array([1.75, -2.5]).astype(np.int32))
    _same(s.array([0.1, 1e10]).astype(s.float32), np.array([0.1, 1e10]).astype(np.float32))
    _same(s.array([300, -1]).astype(s.uint8), np.array([300, -1]).astype(np.uint8))
    _same(s.require([255, 0, 7], requirements=["C"], dtype="uint8"),
          np.require([255, 0, 7], requirements=["C"], dtype="uint8"))
    _same(s.frombuffer(b'[1, "a\\u00e9"]', dtype=s.uint8),
          np.frombuffer(b'[1, "a\\u00e9"]', dtype=np.uint8))
    _same(s.concatenate([s.array([1.0, 2.0]), s.array([3, 4.5])]),
          np.concatenate([np.array([1.0, 2.0]), np.array([3, 4.5])]))
    _same(s.concatenate([s.array([1, 2]), s.array([0.5])]),
          np.concatenate([np.array([1, 2]), np.array([0.5])]))
    _same(s.zeros((2, 3, 4), dtype=int), np.zeros((2, 3, 4), dtype=int))
    _same(s.zeros(3), np.zeros(3))
    _same(s.ascontiguousarray(CROWNS), np.ascontiguousarray(CROWNS))
    _same(s.array(CROWNS)[1], np.array(CROWNS)[1])
    assert s.sum([1, 2, 3]) == np.sum([1, 2, 3]) and s.sum([]) == np.sum([]) == 0.0
    a = s.array([[1, 2], [3, 4]])
    assert s.asarray(a) is a and len(a) == 2 and a[-1][0] == 3
    assert [row.tolist() for row in a] == [[1, 2], [3, 4]]
    assert a.flags["C_CONTIGUOUS"] and a.dtype == s.int64 and a.dtype == "int64"
    assert a.dtype != s.float16 and str(a.astype(s.int32).dtype) == "int32"
    assert isinstance(a.ravel(), s.ndarray) and a.ravel().shape == (4,)


def test_anything_else_is_refused_clearly(standin):
    with pytest.raises(ValueError, match="inhomogeneous"):
        standin.array([[1, 2], [3]])
    with pytest.raises(ValueError, match="at least one array"):
        standin.concatenate([])
    for attempt, name in ((lambda: standin.linalg, "numpy.linalg"),
                          (lambda: standin.array([True]), "bool"),
                          (lambda: standin.array([1.0]).astype(standin.float16), "float16"),
                          (lambda: standin.array([1]).append(2), "ndarray.append"),
                          (lambda: standin.concatenate([[1]], axis=1), "axis=1")):
        with pytest.raises(NotImplementedError, match=name) as error:
            attempt()
        assert "stand-in" in str(error.value)
    assert getattr(standin, "bool_", None) is None  # hasattr/getattr probes still work


def test_the_pil_stand_in_imports_and_refuses_every_use():
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    code = ("import sys; sys.path.insert(0, sys.argv[1])\n"
            "from PIL import Image\nimport PIL.Image\n"
            "try:\n    Image.open('x.png')\nexcept NotImplementedError as e:\n    print(e)\n")
    result = subprocess.run([sys.executable, "-c", code, str(STANDIN)], env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "PIL.Image.open is not available" in result.stdout
