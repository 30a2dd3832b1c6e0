"""Bytes to text and back: strict UTF-8 with the place of a bad byte, or lenient with bad bytes kept."""
from __future__ import annotations

import codecs
import sys


class InputError(Exception):
    """A file that cannot be read as text."""


def decode(data: bytes) -> str:
    """UTF-8 text, or an error naming the line and column (in characters) of the first bad byte.

    >>> decode(b"deal 1\\nN \\xe9")
    Traceback (most recent call last):
    seeplog.text.InputError: 2:3: E-SYNTAX the file is not UTF-8 text (byte 0xe9)
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        start = data.rfind(b"\n", 0, exc.start) + 1
        line = data.count(b"\n", 0, exc.start) + 1
        column = len(data[start:exc.start].decode("utf-8", "replace").lstrip("\ufeff")) + 1
        raise InputError(f"{line}:{column}: E-SYNTAX the file is not UTF-8 text "
                         f"(byte 0x{data[exc.start]:02x})") from None


UTF16_MARKS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
"""How a file saved as "Unicode" (UTF-16, as Windows' Notepad calls it) begins."""


def utf16_text(data: bytes) -> str | None:
    """The text of a UTF-16 file that begins with its byte order mark (the mark dropped), else None.

    :raises InputError: when such a file does not decode as UTF-16.
    """
    if not data.startswith(UTF16_MARKS):
        return None
    try:
        return data.decode("utf-16").lstrip("\ufeff")
    except UnicodeDecodeError as exc:
        raise InputError(f"1:1: E-SYNTAX the file begins as UTF-16 text but is not ({exc.reason})") from None


def decode_lenient(data: bytes) -> str:
    """UTF-8 text where every byte that is not UTF-8 becomes a lone surrogate (``surrogateescape``):
    `parse` reports its line as unreadable, and `encode_back` writes the byte back as it was."""
    return data.decode("utf-8", "surrogateescape")


def encode_back(text: str) -> bytes:
    """The bytes `decode_lenient` read, bytes that were not UTF-8 included."""
    return text.encode("utf-8", "surrogateescape")


def printable(text: str) -> str:
    """Text safe to print: a byte that was not UTF-8 shows as U+FFFD."""
    return encode_back(text).decode("utf-8", "replace")


def read_bytes(path: str) -> bytes:
    """The bytes of a file (`-`: standard input).

    :raises InputError: a file that is missing, a folder, or cannot be read.
    """
    try:
        if path == "-":
            return sys.stdin.buffer.read()
        with open(path, "rb") as handle:  # not pathlib, which would take a command's start-up 2 ms to load
            return handle.read()
    except FileNotFoundError:
        raise InputError("no such file") from None
    except IsADirectoryError:
        raise InputError("this is a folder, not a file") from None
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror or exc}") from None


def marked_words(line: str, columns: list[int]) -> tuple[tuple[str, bool], ...]:
    """The line in pieces, the word at each column (from 1, to the next space) marked, as the command line's
    caret points at it: "W 3h x 3e" with column 8 -> ("W 3h x ", False), ("3e", True)."""
    pieces: list[tuple[str, bool]] = []
    start = 0
    for column in sorted(set(c for c in columns if 0 < c <= len(line))):
        at = column - 1
        if at < start:
            continue
        end = next((i for i in range(at + 1, len(line)) if line[i].isspace()), len(line))
        pieces += [(line[start:at], False)] if at > start else []
        pieces.append((line[at:end], True))
        start = end
    return tuple(pieces + ([(line[start:], False)] if start < len(line) else []))
