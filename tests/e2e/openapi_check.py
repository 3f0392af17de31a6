"""Validation of request bodies against Discord's OpenAPI description.

The description (``openapi.json`` from discord/discord-api-spec, OpenAPI 3.1 = JSON Schema
2020-12) is ~1.2 MB. It is loaded once per process per path and wrapped in a ``referencing``
registry, so ``#/components/schemas/...`` references resolve lazily; one compiled validator is
cached per (method, path template). A body validates in a millisecond to tens of milliseconds
(a command sync's); a body already checked (each test's bot syncs the same commands and uploads
the same emoji) is answered from a memo of its verdict, which is what validating it again would
give.

The fake uses it when the environment variable ``DISCORD_OPENAPI_SPEC`` names the file (``.ci/run``
and ``make test`` set ``DISCORD_OPENAPI_SPEC=../shared/discord-api-spec/openapi.json`` when that
file exists). The file is read from there; it is never copied into the project.
"""

from __future__ import annotations

import functools
import json
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from tests.e2e.discord_rules import FieldError

if TYPE_CHECKING:  # jsonschema (a dev dependency) is imported only when a spec is used
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry

ENV_VAR = "DISCORD_OPENAPI_SPEC"
MEMO_SIZE = 4096  # verdicts remembered (forgotten all at once when full)
_URI = "urn:discord-openapi"


def spec_path_from_env() -> Path | None:
    """The spec named by ``DISCORD_OPENAPI_SPEC`` (relative paths from the working directory),
    or None when the variable is unset or empty. A name that does not exist is an error: a
    misconfigured CI must not silently skip validation."""
    value = os.environ.get(ENV_VAR, "").strip()
    if not value:
        return None
    path = Path(value).expanduser()
    if not path.is_file():
        raise FileNotFoundError(f"{ENV_VAR}={value!r}: no such file (from {Path.cwd()})")
    return path.resolve()


def _pointer(*parts: str) -> str:
    return "/".join(p.replace("~", "~0").replace("/", "~1") for p in parts)


def _leaves(error: ValidationError) -> list[ValidationError]:
    if not error.context:
        return [error]
    out: list[ValidationError] = []
    for sub in error.context:
        out += _leaves(sub)
    return out


def _most_relevant(errors: list[ValidationError]) -> ValidationError:
    """In a oneOf of component/request shapes, the branch that got furthest (deepest path,
    not a mere type/enum mismatch) tells what is really wrong."""
    leaves = [leaf for err in errors for leaf in _leaves(err)]

    def rank(err: ValidationError) -> tuple[int, int]:
        weak = err.validator in ("enum", "const", "type", "required", "additionalProperties")
        return (len(err.absolute_path), 0 if weak else 1)

    return max(leaves, key=rank)


class OpenApiSpec:
    """Discord's OpenAPI description, with one cached validator per route."""

    def __init__(self, document: dict[str, Any], source: str = "") -> None:
        from referencing import Registry
        from referencing.jsonschema import DRAFT202012

        schemas = document.get("components", {}).get("schemas", {})
        if "SnowflakeType" in schemas:
            # The description types snowflakes as strings only, but Discord also accepts JSON
            # integers, and discord.py sends new attachments as {"id": 0} (the files[0] index).
            document = {
                **document,
                "components": {
                    **document["components"],
                    "schemas": {
                        **schemas,
                        "SnowflakeType": {
                            "anyOf": [schemas["SnowflakeType"], {"type": "integer", "minimum": 0}]
                        },
                    },
                },
            }
        self.document = document
        self.source = source
        self._registry: Registry[Any] = Registry().with_resource(
            _URI, DRAFT202012.create_resource(document)
        )
        self._validators: dict[tuple[str, str], Draft202012Validator | None] = {}
        self._verdicts: dict[tuple[str, str, bytes], list[FieldError]] = {}

    @classmethod
    @functools.cache
    def load(cls, path: Path) -> OpenApiSpec:
        """Load (once per process) the description at ``path``."""
        with open(path, encoding="utf-8") as fh:
            return cls(json.load(fh), source=str(path))

    def has_route(self, method: str, template: str) -> bool:
        return method.lower() in self.document.get("paths", {}).get(template, {})

    def template_for(self, method: str, path: str) -> str | None:
        """The described path template matching a concrete ``path`` (without /api/v10) for
        ``method``, e.g. ``/guilds/1/audit-logs`` -> ``/guilds/{guild_id}/audit-logs``."""
        for template, operations in self.document.get("paths", {}).items():
            pattern = re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(template))
            if re.fullmatch(pattern, path) and method.lower() in operations:
                return str(template)
        return None

    def validator(self, method: str, template: str) -> Draft202012Validator | None:
        """The validator of the JSON request body of ``METHOD template``, or None when the
        operation takes no body."""
        key = (method.upper(), template)
        if key not in self._validators:
            operation = self.document.get("paths", {}).get(template, {}).get(method.lower(), {})
            content = operation.get("requestBody", {}).get("content", {})
            if "application/json" not in content:
                self._validators[key] = None
            else:
                from jsonschema import Draft202012Validator

                ref = _pointer(
                    "paths",
                    template,
                    method.lower(),
                    "requestBody",
                    "content",
                    "application/json",
                    "schema",
                )
                schema = {"$ref": f"{_URI}#/{ref}"}
                self._validators[key] = Draft202012Validator(schema, registry=self._registry)
        return self._validators[key]

    def check(self, method: str, template: str, body: Any) -> list[FieldError]:
        """Field errors of ``body`` (the JSON body, or the ``payload_json`` of a multipart
        body) for ``METHOD template``; empty when it conforms."""
        key = (method.upper(), template, orjson.dumps(body, option=orjson.OPT_SORT_KEYS))
        verdict = self._verdicts.get(key)
        if verdict is None:
            if len(self._verdicts) >= MEMO_SIZE:
                self._verdicts.clear()
            verdict = self._verdicts[key] = self._validate(method, template, body)
        return list(verdict)

    def _validate(self, method: str, template: str, body: Any) -> list[FieldError]:
        validator = self.validator(method, template)
        if validator is None:
            return []
        errors = list(validator.iter_errors(body))
        if not errors:
            return []
        worst = _most_relevant(errors)
        return [
            FieldError(
                tuple(worst.absolute_path),
                "OPENAPI_" + str(worst.validator).upper(),
                f"{worst.message[:300]} (Discord's OpenAPI description, {method} {template})",
            )
        ]
