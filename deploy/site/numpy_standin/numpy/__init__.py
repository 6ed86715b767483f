"""A pure-Python stand-in for the small part of numpy that the board draws with.

This is NOT numpy. It is used only by the browser-only (JupyterLite/Pyodide) edition of the
course, where no WebAssembly build of numpy is available. ipycanvas imports numpy at import
time but uses it only to pack drawing arguments into bytes, and ``dama.core.board.canvas`` builds its
crowns and line segments with ``np.array``. This module covers exactly that:

- ``ndarray``: a C-contiguous array of int32, int64, uint8, float32 or float64 with
  ``shape``, ``dtype``, ``ndim``, ``size``, ``flags``, ``len``, iteration and indexing on the
  first axis, ``astype``, ``ravel``/``flatten``, ``reshape``, ``tolist``, ``tobytes`` and the
  buffer protocol (``memoryview(a)`` gives the raw bytes, as ipycanvas's ``array_to_binary``
  and the kernel's comm expect);
- ``array``, ``asarray``, ``ascontiguousarray``, ``require``, ``concatenate`` (axis 0),
  ``frombuffer``, ``zeros``, ``sum``;
- ``dtype`` and the dtype names ``int32``, ``int64``, ``uint8``, ``uint32``, ``float16``,
  ``float32``, ``float64`` (``float16`` only to compare with: no array holds it).

The dtype inference follows 64-bit numpy, which the tests compare it with byte for byte:
Python ints give int64 (ipycanvas then casts to int32), floats or a mix give float64, an empty
list gives float64, nested lists give an N-dimensional shape, ragged ones raise ValueError.
Anything else raises a ``NotImplementedError`` naming what is missing: this is a stand-in,
not a partial numpy to build on. Tested by tests/test_numpy_standin.py against real numpy.
"""

from __future__ import annotations

import array as _array
import builtins as _builtins

__version__ = "0.0.0+dama-standin"

__all__ = ["ndarray", "dtype", "array", "asarray", "ascontiguousarray", "require",
           "concatenate", "frombuffer", "zeros", "sum", "int32", "int64", "uint8", "uint32",
           "float16", "float32", "float64"]


class StandinNotImplementedError(NotImplementedError, AttributeError):
    """Raised for any numpy feature the stand-in does not cover. Also an AttributeError, so
    that ``hasattr(numpy, name)`` and ``getattr(numpy, name, default)`` keep working."""


def _missing(what: str) -> StandinNotImplementedError:
    return StandinNotImplementedError(
        f"{what}: not available in the course's numpy stand-in ({__version__}), which covers "
        f"only what ipycanvas and the board draw with (browser-only edition).")


class dtype:  # noqa: N801 - numpy's name
    """A data type: ``name`` (``"float64"``), ``kind`` (``"i"``, ``"u"``, ``"f"``),
    ``itemsize`` in bytes, and ``char``, the ``array`` module's type code."""

    def __new__(cls, spec: object = None) -> dtype:
        if isinstance(spec, dtype):
            return spec
        if spec is None or spec is float:
            return _DTYPES["float64"]
        if spec is int:
            return _DTYPES["int64"]
        if isinstance(spec, str) and spec in _DTYPES:
            return _DTYPES[spec]
        raise _missing(f"numpy.dtype({spec!r})")

    @classmethod
    def _make(cls, name: str, kind: str, itemsize: int, char: str | None) -> dtype:
        self = object.__new__(cls)
        self.name, self.kind, self.itemsize, self.char = name, kind, itemsize, char
        if char is not None and _array.array(char).itemsize != itemsize:
            raise ImportError(f"numpy stand-in: array type code {char!r} is not {itemsize} "
                              f"bytes on this platform")
        return self

    def __eq__(self, other: object) -> bool:
        try:
            return self is dtype(other)
        except NotImplementedError:
            return False

    def __hash__(self) -> int:
        return hash(self.name)

    def __call__(self, *args: object) -> object:
        raise _missing(f"numpy.{self.name}(...) scalars")

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"dtype('{self.name}')"


_as_dtype = dtype
_DTYPES = {name: dtype._make(name, kind, size, char) for name, kind, size, char in (
    ("int32", "i", 4, "i"), ("int64", "i", 8, "q"), ("uint8", "u", 1, "B"),
    ("uint32", "u", 4, "I"), ("float16", "f", 2, None), ("float32", "f", 4, "f"),
    ("float64", "f", 8, "d"))}
_DTYPES.update({"float": _DTYPES["float64"], "int": _DTYPES["int64"]})
int32, int64, uint8, uint32 = (_DTYPES[n] for n in ("int32", "int64", "uint8", "uint32"))
float16, float32, float64 = (_DTYPES[n] for n in ("float16", "float32", "float64"))


def _promote(a: dtype, b: dtype) -> dtype:
    """numpy's result type for two array dtypes, for the pairs that can occur here."""
    if a is b:
        return a
    if a.kind == b.kind:
        return a if a.itemsize > b.itemsize else b
    if a.kind in "iu" and b.kind in "iu":  # a signed and an unsigned int (uint8, uint32)
        signed, unsigned = (a, b) if a.kind == "i" else (b, a)
        return signed if signed.itemsize > unsigned.itemsize else int64
    integer, floating = (a, b) if a.kind in "iu" else (b, a)
    return floating if floating.itemsize > integer.itemsize else float64


def _convert(values: list, dt: dtype) -> list:
    """Cast Python numbers to ``dt``'s values as a C cast does (ints wrap around)."""
    if dt.char is None:
        raise _missing(f"{dt} arrays")
    if dt.kind == "f":
        return [float(v) for v in values]
    bits = 8 * dt.itemsize
    out = []
    for v in values:
        v = int(v) & ((1 << bits) - 1)  # int() truncates floats toward zero
        out.append(v - (1 << bits) if dt.kind == "i" and v >> (bits - 1) else v)
    return out


class _Flags(dict):
    def __repr__(self) -> str:
        return "".join(f"  {k} : {v}\n" for k, v in self.items())


class ndarray(_array.array):  # noqa: N801 - numpy's name
    """A C-contiguous N-dimensional array: the flat values live in an ``array.array`` (this
    class's base, which gives the buffer protocol), with ``shape`` and ``dtype`` on top."""

    def __new__(cls, shape: int | tuple = (), dtype: object = float, buffer: object = None):
        if buffer is not None:
            raise _missing("numpy.ndarray(buffer=...)")
        shape = _shape(shape)
        return cls._new([0] * _prod(shape), shape, _as_dtype(dtype))

    @classmethod
    def _new(cls, flat: list, shape: tuple, dt: dtype) -> ndarray:
        if dt.char is None:
            raise _missing(f"{dt} arrays")
        self = _array.array.__new__(cls, dt.char, flat)
        self._shape, self._dtype = shape, dt
        return self

    shape = property(lambda self: self._shape)
    dtype = property(lambda self: self._dtype)
    ndim = property(lambda self: len(self._shape))
    size = property(lambda self: _array.array.__len__(self))
    itemsize = property(lambda self: self._dtype.itemsize)
    nbytes = property(lambda self: self.size * self._dtype.itemsize)
    flags = property(lambda self: _Flags(C_CONTIGUOUS=True, F_CONTIGUOUS=self.ndim <= 1 or
                                         self.size == 0, OWNDATA=True, WRITEABLE=True,
                                         ALIGNED=True, WRITEBACKIFCOPY=False))

    def _flat(self) -> list:
        return _array.array.tolist(self)

    def astype(self, dtype: object, copy: bool = True) -> ndarray:
        dt = _as_dtype(dtype)
        if dt is self._dtype and not copy:
            return self
        return ndarray._new(_convert(self._flat(), dt), self._shape, dt)

    def ravel(self) -> ndarray:
        return ndarray._new(self._flat(), (self.size,), self._dtype)

    flatten = ravel

    def reshape(self, *shape: object) -> ndarray:
        shape = _shape(shape[0] if len(shape) == 1 else shape)
        if -1 in shape:
            known = _prod(s for s in shape if s != -1)
            shape = tuple(self.size // known if s == -1 else s for s in shape)
        if _prod(shape) != self.size:
            raise ValueError(f"cannot reshape array of size {self.size} into shape {shape}")
        return ndarray._new(self._flat(), shape, self._dtype)

    def tobytes(self, order: str = "C") -> bytes:
        return _array.array.tobytes(self)

    def tolist(self) -> object:
        return _nest(self._flat(), self._shape)

    def __len__(self) -> int:
        if not self._shape:
            raise TypeError("len() of unsized object")
        return self._shape[0]

    def __getitem__(self, index: object) -> object:
        if not self._shape:
            raise IndexError("too many indices for array: array is 0-dimensional")
        inner = self._shape[1:]
        step = _prod(inner)

        def rows(start: int, stop: int) -> list:
            return _array.array.__getitem__(self, slice(start * step, stop * step)).tolist()
        if isinstance(index, int) and not isinstance(index, bool):
            n = self._shape[0]
            if not -n <= index < n:
                raise IndexError(f"index {index} is out of bounds for axis 0 with size {n}")
            part = rows(index % n, index % n + 1)
            return part[0] if not inner else ndarray._new(part, inner, self._dtype)
        if isinstance(index, slice):
            picked = range(*index.indices(self._shape[0]))
            part = [v for r in picked for v in rows(r, r + 1)]
            return ndarray._new(part, (len(picked),) + inner, self._dtype)
        raise _missing(f"numpy.ndarray indexing with {type(index).__name__}")

    def __iter__(self):
        if self.ndim == 1:
            return iter(self._flat())
        return (self[i] for i in range(len(self)))

    def __bool__(self) -> bool:
        if self.size != 1:
            raise ValueError("The truth value of an array with more than one element (or "
                             "none) is ambiguous.")
        return bool(self._flat()[0])

    def __repr__(self) -> str:
        body = repr(self.tolist())
        if self._dtype in (int64, float64) and self.size:
            return f"array({body})"
        return f"array({body}, dtype={self._dtype})"

    __str__ = __repr__

    def __reduce_ex__(self, protocol: object):
        return (_rebuild, (self._flat(), self._shape, self._dtype.name))

    def __copy__(self) -> ndarray:
        return ndarray._new(self._flat(), self._shape, self._dtype)

    def __deepcopy__(self, memo: object) -> ndarray:
        return self.__copy__()


def _rebuild(flat: list, shape: tuple, name: str) -> ndarray:
    return ndarray._new(flat, shape, _DTYPES[name])


def _unsupported(name: str):
    def method(self, *args, **kwargs):
        raise _missing(f"numpy.ndarray.{name}")
    method.__name__ = name
    return method


# The base class's list-like API (append, +, *, ==, item assignment, ...) has other meanings
# in numpy: none of it is offered.
for _name in ("append", "extend", "insert", "pop", "remove", "reverse", "byteswap", "count",
              "index", "buffer_info", "fromlist", "frombytes", "fromfile", "fromunicode",
              "tofile", "tounicode", "__add__", "__iadd__", "__mul__", "__rmul__", "__imul__",
              "__contains__", "__setitem__", "__delitem__", "__eq__", "__ne__", "__lt__",
              "__le__", "__gt__", "__ge__"):
    setattr(ndarray, _name, _unsupported(_name))
del _name


def _prod(values) -> int:
    result = 1
    for v in values:
        result *= v
    return result


def _shape(shape: object) -> tuple:
    if isinstance(shape, int):
        return (shape,)
    return tuple(int(s) for s in shape)  # type: ignore[union-attr]


def _nest(flat: list, shape: tuple) -> object:
    if not shape:
        return flat[0]
    if len(shape) == 1:
        return list(flat)
    step = _prod(shape[1:])
    return [_nest(flat[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])]


def _gather(obj: object, flat: list, kinds: set) -> tuple:
    """Append ``obj``'s leaves to ``flat`` and return its shape; ``kinds`` collects the
    leaves' types: the dtypes of arrays met, and ``int`` or ``float`` for Python numbers."""
    if isinstance(obj, ndarray):
        flat.extend(obj._flat())
        kinds.add(obj.dtype)
        return obj.shape
    if isinstance(obj, (list, tuple)):
        shapes = [_gather(item, flat, kinds) for item in obj]
        if any(s != shapes[0] for s in shapes):
            raise ValueError("setting an array element with a sequence. The requested array "
                             "has an inhomogeneous shape.")
        return (len(obj),) + (shapes[0] if shapes else ())
    if isinstance(obj, bool) or not isinstance(obj, (int, float)):
        raise _missing(f"numpy.array of {type(obj).__name__} values")
    flat.append(obj)
    kinds.add(float if isinstance(obj, float) else int)
    return ()


def array(obj: object, dtype: object = None, copy: bool = True) -> ndarray:  # noqa: A002
    """A new array from nested lists/tuples of numbers or from arrays."""
    if isinstance(obj, (bytes, bytearray, memoryview, str)):
        raise _missing(f"numpy.array({type(obj).__name__})")
    flat: list = []
    kinds: set = set()
    shape = _gather(obj, flat, kinds)
    if dtype is not None:
        dt = _as_dtype(dtype)
    elif kinds <= {int, float}:
        dt = float64 if (float in kinds or not kinds) else int64
        if dt is int64 and any(not -2**63 <= v < 2**63 for v in flat):
            raise OverflowError("Python integer out of bounds for int64")
    elif int in kinds or float in kinds:
        raise _missing("numpy.array() mixing arrays with Python numbers")
    else:
        dt = None
        for kind in kinds:
            dt = kind if dt is None else _promote(dt, kind)
    return ndarray._new(_convert(flat, dt), shape, dt)


def asarray(obj: object, dtype: object = None) -> ndarray:  # noqa: A002
    """``obj`` itself if it is already an array of that dtype, else a new array."""
    if isinstance(obj, ndarray):
        return obj if dtype is None else obj.astype(dtype, copy=False)
    return array(obj, dtype)


def ascontiguousarray(obj: object, dtype: object = None) -> ndarray:  # noqa: A002
    """Every array here is C-contiguous: the same as :func:`asarray`."""
    return asarray(obj, dtype)


_REQUIREMENTS = {"C", "C_CONTIGUOUS", "CONTIGUOUS", "A", "ALIGNED", "W", "WRITEABLE"}


def require(obj: object, dtype: object = None,  # noqa: A002
            requirements: object = None) -> ndarray:
    """:func:`asarray`; the requirements C, A and W always hold, others are not offered."""
    if isinstance(requirements, str):
        requirements = [requirements] if requirements.upper() in _REQUIREMENTS \
            else list(requirements)
    for requirement in requirements or ():
        if requirement.upper() not in _REQUIREMENTS:
            raise _missing(f"numpy.require(requirements={requirement!r})")
    return asarray(obj, dtype)


def concatenate(arrays: object, axis: int = 0) -> ndarray:
    """Join arrays along the first axis."""
    if axis != 0:
        raise _missing(f"numpy.concatenate(axis={axis!r})")
    parts = [asarray(a) for a in arrays]  # type: ignore[union-attr]
    if not parts:
        raise ValueError("need at least one array to concatenate")
    if any(p.ndim == 0 for p in parts):
        raise ValueError("zero-dimensional arrays cannot be concatenated")
    if any(p.shape[1:] != parts[0].shape[1:] for p in parts):
        raise ValueError("all the input array dimensions except for the concatenation axis "
                         "must match exactly")
    dt = parts[0].dtype
    for p in parts[1:]:
        dt = _promote(dt, p.dtype)
    flat = [v for p in parts for v in p._flat()]
    shape = (_builtins.sum(p.shape[0] for p in parts),) + parts[0].shape[1:]
    return ndarray._new(_convert(flat, dt), shape, dt)


def frombuffer(buffer: object, dtype: object = float, count: int = -1,  # noqa: A002
               offset: int = 0) -> ndarray:
    """A 1-D array of the buffer's bytes read as ``dtype`` (a copy, not a view)."""
    dt = _as_dtype(dtype)
    if dt.char is None:
        raise _missing(f"{dt} arrays")
    data = memoryview(buffer).cast("B")[offset:]  # type: ignore[arg-type]
    if count >= 0:
        data = data[:count * dt.itemsize]
    if len(data) % dt.itemsize:
        raise ValueError("buffer size must be a multiple of element size")
    values = _array.array(dt.char)
    values.frombytes(data)
    return ndarray._new(values.tolist(), (len(values),), dt)


def zeros(shape: object, dtype: object = float) -> ndarray:  # noqa: A002
    """An array of zeros."""
    return ndarray(shape, dtype)


def sum(a: object, axis: object = None) -> object:  # noqa: A001 - numpy's name
    """The sum of all the elements (a Python number), numpy's ``sum`` without ``axis``."""
    if axis is not None:
        raise _missing("numpy.sum(axis=...)")
    values = asarray(a)
    return _builtins.sum(values._flat(), 0.0 if values.dtype.kind == "f" else 0)


def __getattr__(name: str) -> object:
    if name.startswith("__"):
        raise AttributeError(f"module 'numpy' has no attribute {name!r}")
    raise _missing(f"numpy.{name}")
