"""One exception root for the project.

Every error says what went wrong and what to do about it, so a message can be
shown to a player as it is.
"""


class CompanionError(Exception):
    """Root of every error the companion raises on purpose."""


class SettingsError(CompanionError):
    """A settings file is missing, unreadable, or has an unknown key or bad value."""


class JournalError(CompanionError):
    """The journal file cannot be used (corrupt, newer version, unwritable)."""


class SheetError(CompanionError):
    """A score sheet is not valid; the message names the field."""
