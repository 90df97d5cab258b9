"""The serial link to the NFC and dice reader (pyserial). Built in the reader-bridge issue."""
