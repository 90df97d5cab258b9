"""pyrsistent's `freeze` and `thaw`, the same conversions made faster for the data a game keeps (JSON-like:
dicts, lists, strings, numbers): every input thaws the game's data for its handler and freezes it back.

pyrsistent's own functions test each value against its abstract classes (an isinstance through ABCMeta) and call
themselves through a lambda per item; these look at the exact type first and hand anything else (a tuple, a
set, a subclass) to pyrsistent's, so what comes out is what pyrsistent's would give.
"""

from __future__ import annotations

from typing import Any

from pyrsistent import freeze as _freeze
from pyrsistent import pmap, pvector
from pyrsistent import thaw as _thaw

_PMAP, _PVECTOR = type(pmap()), type(pvector())
_ATOMS = frozenset({str, int, bool, float, type(None)})


def freeze(o: Any) -> Any:
    """dicts (and maps) to persistent maps, lists (and vectors) to persistent vectors, all the way down."""
    kind = type(o)
    if kind in _ATOMS:
        return o
    if kind is dict or kind is _PMAP:
        return pmap({k: freeze(v) for k, v in o.items()})
    if kind is list or kind is _PVECTOR:
        return pvector([freeze(v) for v in o])
    return _freeze(o)


def thaw(o: Any) -> Any:
    """Persistent maps (and dicts) to dicts, vectors (and lists) to lists, all the way down."""
    kind = type(o)
    if kind in _ATOMS:
        return o
    if kind is _PMAP or kind is dict:
        return {k: thaw(v) for k, v in o.items()}
    if kind is _PVECTOR or kind is list:
        return [thaw(v) for v in o]
    return _thaw(o)
