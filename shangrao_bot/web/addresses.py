"""The addresses of a server's pages, as links carry them: under the server's token, after the
web server's public address (``WEB_PUBLIC_URL``, or where it listens). Pure: the Discord side
builds its 🌐 links with these, the pages their links between each other.

* ``/s/<token>/`` the league; ``/s/<token>/leaderboard.csv``;
* ``/s/<token>/player/<id>``, ``/s/<token>/session/<id>``, ``/s/<token>/hand/<id>`` (a
  bot-table hand's replay);
* ``/s/<token>/review/<hand>/<seat>/<key>``: a review, ``key`` a secret derived from the
  token for that hand and seat (:func:`review_key`), given privately to its player.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlencode

from shangrao_bot.store.web_sites import WebSite, derived_secret, derived_secret_matches

SITE_PREFIX = "/s/"


def site_path(token: str, path: str = "") -> str:
    """The path of a page of the site ``token`` (``path`` without its leading slash)."""
    return f"{SITE_PREFIX}{token}/{path.lstrip('/')}"


def with_query(path: str, query: Mapping[str, str | int]) -> str:
    return f"{path}?{urlencode(query)}" if query else path


def absolute(public_url: str, path: str) -> str:
    return public_url.rstrip("/") + path


def review_key(site: WebSite, hand_id: int, seat: int) -> str:
    return derived_secret(site, f"review:{hand_id}:{seat}")


def review_key_matches(site: WebSite, hand_id: int, seat: int, given: str) -> bool:
    return derived_secret_matches(site, f"review:{hand_id}:{seat}", given)


def review_path(site: WebSite, hand_id: int, seat: int) -> str:
    return site_path(site.token, f"review/{hand_id}/{seat}/{review_key(site, hand_id, seat)}")
