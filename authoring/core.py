"""The engine's compiled core: damacore/draughts.c built to WebAssembly by zig's C compiler
(the ziglang package), for make and for the school's server's install.

    python -m authoring.core                  build damacore/draughts.wasm
    python -m authoring.core SOURCE OUT       build SOURCE into OUT (an installed package's)

The module imports nothing from the host (no C library): the clock is the one function the
host gives it (``env.now``). The compiler's cache stays in the checkout's build/ folder.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "damacore" / "draughts.c"
MODULE = ROOT / "damacore" / "draughts.wasm"
CACHE = ROOT / "build" / "zig-cache"
#: freestanding WebAssembly, no C library, no start function: a module of exports
FLAGS = ("--target=wasm32-freestanding", "-O3", "-nostdlib", "-Wl,--no-entry")


def build(source: Path = SOURCE, out: Path = MODULE) -> Path:
    """Compile ``source`` into ``out`` with this interpreter's ziglang; return ``out``."""
    environment = {**os.environ, "ZIG_GLOBAL_CACHE_DIR": str(CACHE),
                   "ZIG_LOCAL_CACHE_DIR": str(CACHE)}
    subprocess.run([sys.executable, "-m", "ziglang", "cc", *FLAGS, "-o", str(out),
                    str(source)], check=True, env=environment)
    return out


if __name__ == "__main__":
    arguments = [Path(a) for a in sys.argv[1:]]
    print(build(*arguments) if len(arguments) in (0, 2) else __doc__)
