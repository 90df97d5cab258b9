"""The reference firmware for a Raspberry Pi Pico (see README.md here).

The companion imports `protocol` from here for its simulator; this file is
not copied to the Pico.
"""
