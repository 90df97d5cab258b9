"""The tabletop companion: a pure game core, a journal and a runtime.

``companion.core`` is pure (no hardware, threads or clocks); ``companion.games``
defines the games on top of it; ``companion.runtime`` and ``companion.journal``
are the only places with threads and files.
"""

__version__ = "0.2.0"
