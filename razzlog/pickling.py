"""Pickling razzlog's objects for the trip between processes (see :mod:`razzlog.parallel`).

razzlog's dataclasses pickle as (class, field values), rebuilt by the class's
``__init__``: each defining module registers them with :mod:`copyreg` when it
is imported (:mod:`razzlog.reducers`, which says why), so a plain pickler
uses those reducers; this module only fixes the protocol.
"""

from __future__ import annotations

import pickle


def dumps(obj: object) -> bytes:
    """``pickle.dumps(obj)`` at the highest protocol (dataclasses as constructor calls)."""
    return pickle.dumps(obj, pickle.HIGHEST_PROTOCOL)
