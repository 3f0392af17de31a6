"""The fake's multipart reader against bodies written by aiohttp's own client writer (what
discord.py sends), and against malformed ones."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from tests.e2e.form_data import FormDataError, FormPart, media_type, parse_form


def written(form: aiohttp.FormData) -> tuple[str, bytes]:
    """The content type and body aiohttp's client would send for ``form``."""

    class Sink:
        def __init__(self) -> None:
            self.chunks: list[bytes] = []

        async def write(self, chunk: bytes) -> None:
            self.chunks.append(bytes(chunk))

    writer = form()
    sink = Sink()
    asyncio.run(writer.write(sink))  # type: ignore[arg-type]
    return writer.content_type, b"".join(sink.chunks)


def test_reads_what_the_client_writes() -> None:
    form = aiohttp.FormData(quote_fields=True)
    form.add_field("payload_json", '{"content": "五万"}', content_type="application/json")
    png = bytes(range(256)) * 40 + b"\r\n--not-a-boundary\r\n"
    form.add_field("files[0]", png, filename="hand.png", content_type="image/png")
    form.add_field("files[1]", b"", filename="牌 表.png", content_type="image/png")
    ctype, body = written(form)
    kind, params = media_type(ctype)
    assert kind == "multipart/form-data"
    parts = parse_form(body, params["boundary"])
    assert parts == [
        FormPart("payload_json", None, '{"content": "五万"}'.encode()),
        FormPart("files[0]", "hand.png", png),
        FormPart("files[1]", "牌 表.png", b""),
    ]


def test_media_type() -> None:
    assert media_type(None) == ("application/octet-stream", {})
    assert media_type("Application/JSON") == ("application/json", {})
    assert media_type('multipart/form-data; boundary="a b"; x=1') == (
        "multipart/form-data",
        {"boundary": "a b", "x": "1"},
    )


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (b"garbage", "start with its boundary"),
        (b"--b\r\nContent-Disposition: form-data; name=x\r\n\r\ndata", "closing boundary"),
        (b"--b\r\nContent-Disposition: form-data; name=x\r\ndata\r\n--b--", "blank line"),
        (b"--b\r\nX: 1\r\n\r\ndata\r\n--b--", "no Content-Disposition"),
        (b"--b\r\nContent-Disposition: attachment; name=x\r\n\r\nd\r\n--b--", "not form-data"),
        (b"--b\r\nContent-Disposition: form-data\r\n\r\nd\r\n--b--", "no name"),
        (b"--b\r\nbroken header\r\n\r\nd\r\n--b--", "no colon"),
    ],
)
def test_malformed_bodies_are_refused(body: bytes, error: str) -> None:
    with pytest.raises(FormDataError, match=error):
        parse_form(body, "b")


def test_no_boundary_is_refused() -> None:
    with pytest.raises(FormDataError, match="no boundary"):
        parse_form(b"--\r\n", "")
