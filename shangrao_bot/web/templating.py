"""The pages' HTML: Jinja2 templates from the package's ``templates/`` folder, with
autoescaping on for every template, so every value a page shows (a player's name, a session's
note) is text, whatever characters it holds. No template marks a value safe: the only markup
is the templates' own.

A template reads the page's words through ``t(key, **args)`` (the catalogs, in the page's
language) and ``term(name)`` (a pattern's or a way of winning's name), files through
``static(name)`` (their content-hashed address) and links through ``url(path, **query)``
(under the server's address, keeping a language the reader chose). Everything else a page
shows is data its handler passes (:meth:`~.site_pages.PageContext.page`), never a function:
the rendered page is kept by a fingerprint of that data (:mod:`.rendered_pages`).
"""

from __future__ import annotations

from typing import Any

import jinja2

ENV = jinja2.Environment(
    loader=jinja2.PackageLoader("shangrao_bot.web", "templates"),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
    auto_reload=False,
)


def render(template: str, values: dict[str, Any]) -> str:
    """``template`` filled with ``values``."""
    return ENV.get_template(template).render(values)
