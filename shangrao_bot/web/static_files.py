"""The pages' own files (style, scripts, icon) and pictures made once (tile faces), each at an
address holding a hash of its content: ``/static/site.3f9a0c2b71de.css``. A file's address
changes whenever its content does, so every answer may be kept by the browser for a year
(``immutable``), and a page always names the version it was written for.

The files are read from the package's ``static/`` folder when first asked for; a picture is
added with :meth:`StaticFiles.add`. An address that names no file, or a file with another
hash, is the one 404 (:mod:`.page_guard`).
"""

from __future__ import annotations

import hashlib
import mimetypes
from dataclasses import dataclass
from importlib import resources
from pathlib import PurePosixPath

from aiohttp import web

PREFIX = "/static/"
LIFETIME = "public, max-age=31536000, immutable"
TYPES = {
    ".css": "text/css",
    ".js": "text/javascript",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".json": "application/json",
}


@dataclass(frozen=True)
class StaticFile:
    name: str  # the logical name: "site.css", "tiles/5m.png"
    body: bytes
    content_type: str
    address: str  # "/static/site.3f9a0c2b71de.css"


def hashed_address(name: str, body: bytes) -> str:
    path = PurePosixPath(name)
    digest = hashlib.sha256(body).hexdigest()[:12]
    return f"{PREFIX}{path.with_name(f'{path.stem}.{digest}{path.suffix}')}"


class StaticFiles:
    """Every file by its logical name and by its address."""

    def __init__(self) -> None:
        self._by_name: dict[str, StaticFile] = {}
        self._by_address: dict[str, StaticFile] = {}
        self._loaded = False

    def load(self) -> None:
        """Read the package's files (once; every lookup does it when it has not been done)."""
        if self._loaded:
            return
        self._loaded = True
        folder = resources.files("shangrao_bot.web").joinpath("static")
        for entry in folder.iterdir():
            if entry.is_file() and not entry.name.startswith("."):
                self.add(entry.name, entry.read_bytes())

    def add(self, name: str, body: bytes, content_type: str | None = None) -> StaticFile:
        """Serve ``body`` as ``name`` (again the same: nothing new)."""
        suffix = PurePosixPath(name).suffix
        kind = content_type or TYPES.get(suffix) or mimetypes.guess_type(name)[0]
        found = StaticFile(
            name, body, kind or "application/octet-stream", hashed_address(name, body)
        )
        self._by_name[name] = found
        self._by_address[found.address] = found
        return found

    def address(self, name: str) -> str:
        """The address of the file ``name`` (KeyError for a name that is no file)."""
        self.load()
        return self._by_name[name].address

    def has(self, name: str) -> bool:
        self.load()
        return name in self._by_name

    def routes(self) -> list[web.RouteDef]:
        return [web.get(PREFIX + "{path:.+}", self._serve)]

    async def _serve(self, request: web.Request) -> web.StreamResponse:
        self.load()
        found = self._by_address.get(request.path)
        if found is None:
            raise web.HTTPNotFound()
        response = web.Response(body=found.body, content_type=found.content_type)
        if found.content_type.startswith("text/") or found.content_type.endswith(("json", "xml")):
            response.charset = "utf-8"
        response.headers["Cache-Control"] = LIFETIME
        return response


STATIC = StaticFiles()
"""The process's files (the pages of every server share them)."""
