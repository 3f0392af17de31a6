"""A small, strict reader of ``multipart/form-data`` bodies for the fake Discord.

aiohttp's own reader parses every part's headers with the standard library's e-mail parser
and every content type again on each access: with many tables uploading pictures at once it
was a third of the fake's time, time the fake then took from the bot it is measuring. The
bodies here come from aiohttp's client (discord.py's uploads): CRLF line ends, a boundary
from the request's content type, each part a ``Content-Disposition: form-data`` with a
``name`` and perhaps a ``filename`` (percent-quoted, or RFC 5987 ``filename*=utf-8''…``).
Anything else is refused with :class:`FormDataError`, which the fake answers like Discord
answers a body it cannot read (400).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import unquote

_PARAM = re.compile(r';\s*([A-Za-z0-9_.*-]+)=("(?:[^"\\]|\\.)*"|[^;]*)')


class FormDataError(ValueError):
    """The body is not the multipart form its content type says."""


@dataclass(frozen=True)
class FormPart:
    """One part: its form field ``name``, ``filename`` (None for a plain field) and bytes."""

    name: str
    filename: str | None
    data: bytes


def media_type(content_type: str | None) -> tuple[str, dict[str, str]]:
    """``multipart/form-data; boundary=x`` → ("multipart/form-data", {"boundary": "x"})."""
    if not content_type:
        return "application/octet-stream", {}
    head, _, rest = content_type.partition(";")
    return head.strip().lower(), _params(";" + rest if rest else "")


def _params(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in _PARAM.findall(text):
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] == '"':
            value = re.sub(r"\\(.)", r"\1", value[1:-1])
        out[key.lower()] = value
    return out


def _disposition(value: str) -> tuple[str, str | None]:
    kind, _, rest = value.partition(";")
    if kind.strip().lower() != "form-data":
        raise FormDataError(f"a part's Content-Disposition is {kind.strip()!r}, not form-data")
    params = _params(";" + rest)
    if "name" not in params:
        raise FormDataError("a part has no name")
    filename: str | None = None
    if "filename*" in params:
        charset, _, encoded = params["filename*"].partition("''")
        filename = unquote(encoded, encoding=charset or "utf-8")
    elif "filename" in params:
        filename = unquote(params["filename"])
    return unquote(params["name"]), filename


def parse_form(body: bytes, boundary: str) -> list[FormPart]:
    """The parts of ``body`` in order (raises :class:`FormDataError` on a malformed body)."""
    if not boundary:
        raise FormDataError("the multipart content type has no boundary")
    delimiter = b"--" + boundary.encode("latin-1")
    chunks = body.split(b"\r\n" + delimiter)
    first = chunks[0]
    if not first.startswith(delimiter):
        raise FormDataError("the body does not start with its boundary")
    chunks[0] = first[len(delimiter) :]
    if not chunks[-1].startswith(b"--"):
        raise FormDataError("the body does not end with its closing boundary")
    parts = []
    for chunk in chunks[:-1]:
        if not chunk.startswith(b"\r\n"):
            raise FormDataError("a boundary is not followed by a line end")
        head, sep, data = chunk[2:].partition(b"\r\n\r\n")
        if not sep:
            raise FormDataError("a part has no blank line after its headers")
        headers: dict[str, str] = {}
        for line in head.decode("utf-8").split("\r\n"):
            key, colon, value = line.partition(":")
            if not colon:
                raise FormDataError(f"a part's header line {line!r} has no colon")
            headers[key.strip().lower()] = value.strip()
        if "content-disposition" not in headers:
            raise FormDataError("a part has no Content-Disposition")
        name, filename = _disposition(headers["content-disposition"])
        parts.append(FormPart(name, filename, data))
    return parts
