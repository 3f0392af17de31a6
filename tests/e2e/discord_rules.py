"""Discord's documented limits on message, modal, command and emoji bodies, checked by the fake.

Each check returns a list of :class:`FieldError` (a JSON path into the request body plus
Discord's error code and message); :func:`form_body_errors` nests them into the ``errors``
object of Discord's ``50035 Invalid Form Body`` reply, e.g.::

    {"code": 50035, "message": "Invalid Form Body",
     "errors": {"content": {"_errors": [{"code": "BASE_TYPE_MAX_LENGTH",
                                         "message": "Must be 2000 or fewer in length."}]}}}

The OpenAPI description does not encode these rules (the 2000-character content limit, 5 rows
of 5 buttons or one select, unique custom_ids, the 6000-character embed total, ...): they come
from Discord's documentation and DISCORD-NOTES.md.
"""

from __future__ import annotations

import base64
import binascii
import io
import re
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

# Message flags.
EPHEMERAL = 1 << 6
LOADING = 1 << 7
IS_COMPONENTS_V2 = 1 << 15

# Component types.
ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
USER_SELECT = 5
ROLE_SELECT = 6
MENTIONABLE_SELECT = 7
CHANNEL_SELECT = 8
SECTION = 9
TEXT_DISPLAY = 10
THUMBNAIL = 11
MEDIA_GALLERY = 12
FILE = 13
SEPARATOR = 14
CONTAINER = 17
LABEL = 18
SELECT_TYPES = frozenset(
    {STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT}
)
LINK_STYLE = 5
PREMIUM_STYLE = 6

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_FILES = 10
MAX_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_SELECT_OPTIONS = 25
MAX_V2_COMPONENTS = 40
MAX_V2_TEXT = 4000

# Locales Discord accepts as keys of name_localizations / description_localizations.
DISCORD_LOCALES = frozenset(
    {
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    }
)

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class FieldError:
    """One problem in a request body: where it is, Discord's error code and message."""

    path: Path
    code: str
    message: str

    def __str__(self) -> str:
        where = ".".join(str(p) for p in self.path) or "<body>"
        return f"{where}: {self.code} ({self.message})"


def form_body_errors(errors: Sequence[FieldError]) -> dict[str, Any]:
    """Nest field errors the way Discord does: ``{"a": {"0": {"_errors": [...]}}}``."""
    root: dict[str, Any] = {}
    for err in errors:
        node = root
        for part in err.path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": err.code, "message": err.message})
    return root


def _max_len(path: Path, value: Any, limit: int) -> list[FieldError]:
    if isinstance(value, str) and len(value) > limit:
        return [FieldError(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")]
    return []


def _len_between(path: Path, value: Any, low: int, high: int) -> list[FieldError]:
    if isinstance(value, str | list) and not low <= len(value) <= high:
        return [
            FieldError(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")
        ]
    return []


# ----------------------------------------------------------------------------- embeds


def embed_length(embed: dict[str, Any]) -> int:
    """Characters that count toward the 6000-character total (title, description, fields,
    footer text, author name)."""
    total = len(embed.get("title") or "") + len(embed.get("description") or "")
    for field in embed.get("fields") or []:
        total += len(field.get("name") or "") + len(field.get("value") or "")
    total += len((embed.get("footer") or {}).get("text") or "")
    total += len((embed.get("author") or {}).get("name") or "")
    return total


def check_embeds(embeds: Any, path: Path = ("embeds",)) -> list[FieldError]:
    if not isinstance(embeds, list):
        return []
    errors: list[FieldError] = []
    if len(embeds) > MAX_EMBEDS:
        errors.append(
            FieldError(path, "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_EMBEDS} or fewer in length.")
        )
    for i, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            continue
        at = (*path, i)
        errors += _max_len((*at, "title"), embed.get("title"), 256)
        errors += _max_len((*at, "description"), embed.get("description"), 4096)
        fields = embed.get("fields") or []
        if len(fields) > 25:
            errors.append(
                FieldError(
                    (*at, "fields"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."
                )
            )
        for j, field in enumerate(fields):
            if not isinstance(field, dict):
                continue
            for key, limit in (("name", 256), ("value", 1024)):
                value = field.get(key)
                if not value:
                    errors.append(
                        FieldError(
                            (*at, "fields", j, key), "BASE_TYPE_REQUIRED", "This field is required"
                        )
                    )
                errors += _max_len((*at, "fields", j, key), value, limit)
        errors += _max_len((*at, "footer", "text"), (embed.get("footer") or {}).get("text"), 2048)
        errors += _max_len((*at, "author", "name"), (embed.get("author") or {}).get("name"), 256)
    total = sum(embed_length(e) for e in embeds if isinstance(e, dict))
    if total > MAX_EMBED_TOTAL:
        errors.append(
            FieldError(
                path,
                "MAX_EMBED_SIZE_EXCEEDED",
                f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL}",
            )
        )
    return errors


# ----------------------------------------------------------------------------- components


def walk_components(components: Any) -> Iterator[dict[str, Any]]:
    """Every component, depth first: rows, their children, sections' accessories, containers'
    children, labels' components."""
    if not isinstance(components, list):
        return
    for comp in components:
        if not isinstance(comp, dict):
            continue
        yield comp
        yield from walk_components(comp.get("components"))
        for key in ("accessory", "component"):
            child = comp.get(key)
            if isinstance(child, dict):
                yield from walk_components([child])


def _check_button(path: Path, button: dict[str, Any]) -> list[FieldError]:
    errors: list[FieldError] = []
    style = button.get("style")
    errors += _max_len((*path, "label"), button.get("label"), 80)
    if style == LINK_STYLE:
        if not button.get("url"):
            errors.append(
                FieldError((*path, "url"), "BASE_TYPE_REQUIRED", "This field is required")
            )
        if button.get("custom_id") is not None:
            errors.append(
                FieldError(
                    (*path, "custom_id"),
                    "COMPONENT_INVALID_FIELD",
                    "Link buttons cannot have a custom_id",
                )
            )
    elif style == PREMIUM_STYLE:
        if not button.get("sku_id"):
            errors.append(
                FieldError((*path, "sku_id"), "BASE_TYPE_REQUIRED", "This field is required")
            )
    else:
        if not button.get("custom_id"):
            errors.append(
                FieldError((*path, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required")
            )
        if not button.get("label") and not button.get("emoji"):
            errors.append(
                FieldError(
                    (*path, "label"),
                    "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED",
                    "A label or an emoji is required",
                )
            )
    return errors


def _check_select(path: Path, select: dict[str, Any]) -> list[FieldError]:
    errors: list[FieldError] = []
    if not select.get("custom_id"):
        errors.append(
            FieldError((*path, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required")
        )
    errors += _max_len((*path, "placeholder"), select.get("placeholder"), 150)
    min_values = select.get("min_values", 1)
    max_values = select.get("max_values", 1)
    if isinstance(min_values, int) and not 0 <= min_values <= 25:
        errors.append(
            FieldError(
                (*path, "min_values"), "NUMBER_TYPE_MAX", "int value should be <= 25 and >= 0."
            )
        )
    if isinstance(max_values, int) and not 1 <= max_values <= 25:
        errors.append(
            FieldError(
                (*path, "max_values"), "NUMBER_TYPE_MAX", "int value should be <= 25 and >= 1."
            )
        )
    if select.get("type") == STRING_SELECT:
        options = select.get("options")
        if not isinstance(options, list):
            options = []
        errors += _len_between((*path, "options"), options, 1, MAX_SELECT_OPTIONS)
        values: set[Any] = set()
        for i, option in enumerate(options):
            if not isinstance(option, dict):
                continue
            at = (*path, "options", i)
            errors += _max_len((*at, "label"), option.get("label"), 100)
            errors += _max_len((*at, "value"), option.get("value"), 100)
            errors += _max_len((*at, "description"), option.get("description"), 100)
            if option.get("value") in values:
                errors.append(
                    FieldError(
                        (*at, "value"),
                        "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                        "Select component option values must be unique",
                    )
                )
            values.add(option.get("value"))
        if isinstance(max_values, int) and options and max_values > len(options):
            errors.append(
                FieldError(
                    (*path, "max_values"),
                    "SELECT_COMPONENT_MAX_VALUES_EXCEEDED",
                    "max_values must be less than or equal to the number of options",
                )
            )
    return errors


def _check_row(path: Path, row: dict[str, Any]) -> list[FieldError]:
    errors: list[FieldError] = []
    children = row.get("components")
    if not isinstance(children, list) or not children:
        return [
            FieldError(
                (*path, "components"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."
            )
        ]
    if len(children) > MAX_ROW_BUTTONS:
        errors.append(
            FieldError(
                (*path, "components"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."
            )
        )
    kinds = [c.get("type") for c in children if isinstance(c, dict)]
    if any(k in SELECT_TYPES for k in kinds) and len(kinds) > 1:
        errors.append(
            FieldError(
                (*path, "components"),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
            )
        )
    for i, child in enumerate(children):
        if not isinstance(child, dict):
            continue
        at = (*path, "components", i)
        kind = child.get("type")
        if kind == BUTTON:
            errors += _check_button(at, child)
        elif kind in SELECT_TYPES:
            errors += _check_select(at, child)
        else:
            errors.append(
                FieldError(
                    (*at, "type"),
                    "COMPONENT_TYPE_INVALID",
                    f"Component type {kind} is not allowed in an action row of a message",
                )
            )
    return errors


def check_components(components: Any, flags: int, path: Path = ("components",)) -> list[FieldError]:
    """Classic layout (no IS_COMPONENTS_V2 flag): at most 5 action rows, each with at most 5
    buttons or exactly one select. With the flag: at most 40 components in all. Always: every
    custom_id 1-100 characters and unique in the message."""
    if not isinstance(components, list):
        return []
    errors: list[FieldError] = []
    v2 = bool(flags & IS_COMPONENTS_V2)
    if not v2:
        if len(components) > MAX_ROWS:
            errors.append(
                FieldError(path, "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_ROWS} or fewer in length.")
            )
        for i, row in enumerate(components):
            if not isinstance(row, dict):
                continue
            if row.get("type") != ACTION_ROW:
                errors.append(
                    FieldError(
                        (*path, i, "type"),
                        "COMPONENT_TYPE_INVALID",
                        "Only action rows are allowed at the top level without IS_COMPONENTS_V2",
                    )
                )
                continue
            errors += _check_row((*path, i), row)
    else:
        count = sum(1 for _ in walk_components(components))
        if count > MAX_V2_COMPONENTS:
            errors.append(
                FieldError(
                    path,
                    "BASE_TYPE_MAX_LENGTH",
                    f"Must be {MAX_V2_COMPONENTS} or fewer components in total.",
                )
            )
        text = sum(
            len(c.get("content") or "")
            for c in walk_components(components)
            if c.get("type") == TEXT_DISPLAY
        )
        if text > MAX_V2_TEXT:
            errors.append(
                FieldError(
                    path, "BASE_TYPE_MAX_LENGTH", f"Text displays exceed {MAX_V2_TEXT} characters."
                )
            )
        for i, comp in enumerate(components):
            if isinstance(comp, dict) and comp.get("type") == ACTION_ROW:
                errors += _check_row((*path, i), comp)
        for comp in walk_components(components):
            if comp.get("type") == CONTAINER:
                for j, child in enumerate(comp.get("components") or []):
                    if isinstance(child, dict) and child.get("type") == ACTION_ROW:
                        errors += _check_row((*path, "container", j), child)
    seen: set[str] = set()
    for comp in walk_components(components):
        custom_id = comp.get("custom_id")
        if custom_id is None:
            continue
        if not isinstance(custom_id, str) or not 1 <= len(custom_id) <= 100:
            errors.append(
                FieldError(
                    (*path, "custom_id"),
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 100 in length.",
                )
            )
        elif custom_id in seen:
            errors.append(
                FieldError(
                    (*path, "custom_id"),
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    f"Component custom id cannot be duplicated: {custom_id!r}",
                )
            )
        seen.add(custom_id)
    return errors


# ----------------------------------------------------------------------------- messages


def check_message(
    body: dict[str, Any], *, path: Path = (), new_files: int = 0, creating: bool = True
) -> list[FieldError]:
    """Limits of a message create/edit body (channel message, interaction response data,
    follow-up or webhook edit). ``new_files`` is the number of ``files[n]`` parts."""
    errors: list[FieldError] = []
    flags = body.get("flags") or 0
    if not isinstance(flags, int):
        flags = 0
    content = body.get("content")
    errors += _max_len((*path, "content"), content, MAX_CONTENT)
    errors += check_embeds(body.get("embeds"), (*path, "embeds"))
    errors += check_components(body.get("components"), flags, (*path, "components"))
    if flags & IS_COMPONENTS_V2:
        for key in ("content", "embeds"):
            if body.get(key):
                errors.append(
                    FieldError(
                        (*path, key),
                        "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                        f"The '{key}' field cannot be used with MessageFlags.IS_COMPONENTS_V2",
                    )
                )
    attachments = body.get("attachments")
    count = len(attachments) if isinstance(attachments, list) else new_files
    if count > MAX_FILES or new_files > MAX_FILES:
        errors.append(
            FieldError(
                (*path, "attachments"),
                "BASE_TYPE_MAX_LENGTH",
                f"Must be {MAX_FILES} or fewer in length.",
            )
        )
    return errors


def is_empty_message(body: dict[str, Any], files: int) -> bool:
    """Discord's 50006 "Cannot send an empty message"."""
    return not (
        body.get("content")
        or body.get("embeds")
        or body.get("components")
        or body.get("sticker_ids")
        or body.get("poll")
        or files
    )


# ----------------------------------------------------------------------------- modals, choices


def check_modal(data: dict[str, Any], path: Path = ("data",)) -> list[FieldError]:
    errors: list[FieldError] = []
    title = data.get("title")
    if not title:
        errors.append(FieldError((*path, "title"), "BASE_TYPE_REQUIRED", "This field is required"))
    errors += _max_len((*path, "title"), title, 45)
    custom_id = data.get("custom_id")
    if not isinstance(custom_id, str) or not 1 <= len(custom_id) <= 100:
        errors.append(
            FieldError(
                (*path, "custom_id"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."
            )
        )
    components = data.get("components")
    errors += _len_between(
        (*path, "components"), components if isinstance(components, list) else [], 1, 5
    )
    seen: set[str] = set()
    for comp in walk_components(components):
        if comp.get("type") == LABEL:
            errors += _max_len((*path, "components", "label"), comp.get("label"), 45)
        if comp.get("type") == TEXT_INPUT:
            at = (*path, "components", str(comp.get("custom_id")))
            errors += _max_len((*at, "label"), comp.get("label"), 45)
            errors += _max_len((*at, "placeholder"), comp.get("placeholder"), 100)
            errors += _max_len((*at, "value"), comp.get("value"), 4000)
            for key, low in (("min_length", 0), ("max_length", 1)):
                value = comp.get(key)
                if isinstance(value, int) and not low <= value <= 4000:
                    errors.append(
                        FieldError(
                            (*at, key),
                            "NUMBER_TYPE_MAX",
                            f"int value should be <= 4000 and >= {low}.",
                        )
                    )
        cid = comp.get("custom_id")
        if isinstance(cid, str):
            if cid in seen:
                errors.append(
                    FieldError(
                        (*path, "components", "custom_id"),
                        "COMPONENT_CUSTOM_ID_DUPLICATED",
                        f"Component custom id cannot be duplicated: {cid!r}",
                    )
                )
            seen.add(cid)
    return errors


def check_choices(data: dict[str, Any], path: Path = ("data",)) -> list[FieldError]:
    choices = data.get("choices")
    if not isinstance(choices, list):
        return [FieldError((*path, "choices"), "BASE_TYPE_REQUIRED", "This field is required")]
    errors: list[FieldError] = []
    if len(choices) > 25:
        errors.append(
            FieldError((*path, "choices"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        )
    for i, choice in enumerate(choices):
        if isinstance(choice, dict):
            errors += _len_between((*path, "choices", i, "name"), choice.get("name") or "", 1, 100)
            errors += _max_len((*path, "choices", i, "value"), choice.get("value"), 100)
    return errors


# ----------------------------------------------------------------------------- commands


def _valid_command_name(name: Any, chat_input: bool) -> bool:
    if not isinstance(name, str) or not 1 <= len(name) <= 32:
        return False
    if not chat_input:
        return True
    return all((ch in "-_" or ch.isalnum()) and ch == ch.lower() for ch in name)


def _check_localizations(
    path: Path, value: Any, limit: int, name: bool, chat_input: bool
) -> list[FieldError]:
    if not value:
        return []
    errors: list[FieldError] = []
    if not isinstance(value, dict):
        return [
            FieldError(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
        ]
    for locale, text in value.items():
        if locale not in DISCORD_LOCALES:
            errors.append(
                FieldError((*path, locale), "LOCALE_INVALID", f"Invalid locale: {locale!r}")
            )
        elif name and not _valid_command_name(text, chat_input):
            errors.append(
                FieldError(
                    (*path, locale),
                    "APPLICATION_COMMAND_INVALID_NAME",
                    f"Command name is invalid: {text!r}",
                )
            )
        elif not name and (not isinstance(text, str) or not 1 <= len(text) <= limit):
            errors.append(
                FieldError(
                    (*path, locale),
                    "BASE_TYPE_BAD_LENGTH",
                    f"Must be between 1 and {limit} in length.",
                )
            )
    return errors


def _check_command_options(path: Path, options: Any, depth: int) -> list[FieldError]:
    if options is None:
        return []
    if not isinstance(options, list):
        return [FieldError(path, "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")]
    errors: list[FieldError] = []
    if len(options) > 25:
        errors.append(FieldError(path, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."))
    names: set[Any] = set()
    seen_optional = False
    for i, option in enumerate(options):
        if not isinstance(option, dict):
            continue
        at = (*path, i)
        errors += _check_named(at, option, chat_input=True)
        if option.get("name") in names:
            errors.append(
                FieldError(
                    (*at, "name"),
                    "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                    "Option names must be unique",
                )
            )
        names.add(option.get("name"))
        kind = option.get("type")
        if kind in (1, 2):
            if depth >= (2 if kind == 2 else 3):
                errors.append(
                    FieldError(
                        (*at, "type"),
                        "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                        "Too deeply nested",
                    )
                )
            errors += _check_command_options((*at, "options"), option.get("options"), depth + 1)
            continue
        if option.get("required"):
            if seen_optional:
                errors.append(
                    FieldError(
                        (*at, "required"),
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options",
                    )
                )
        else:
            seen_optional = True
        choices = option.get("choices")
        if isinstance(choices, list):
            if len(choices) > 25:
                errors.append(
                    FieldError(
                        (*at, "choices"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."
                    )
                )
            for j, choice in enumerate(choices):
                if isinstance(choice, dict):
                    errors += _len_between(
                        (*at, "choices", j, "name"), choice.get("name") or "", 1, 100
                    )
                    errors += _check_localizations(
                        (*at, "choices", j, "name_localizations"),
                        choice.get("name_localizations"),
                        100,
                        name=False,
                        chat_input=True,
                    )
    return errors


def _check_named(path: Path, item: dict[str, Any], *, chat_input: bool) -> list[FieldError]:
    errors: list[FieldError] = []
    if not _valid_command_name(item.get("name"), chat_input):
        errors.append(
            FieldError(
                (*path, "name"),
                "APPLICATION_COMMAND_INVALID_NAME",
                f"Command name is invalid: {item.get('name')!r}",
            )
        )
    errors += _check_localizations(
        (*path, "name_localizations"),
        item.get("name_localizations"),
        32,
        name=True,
        chat_input=chat_input,
    )
    if chat_input:
        errors += _len_between((*path, "description"), item.get("description") or "", 1, 100)
        errors += _check_localizations(
            (*path, "description_localizations"),
            item.get("description_localizations"),
            100,
            name=False,
            chat_input=True,
        )
    return errors


def check_commands(commands: Any) -> list[FieldError]:
    """Bulk overwrite body: names, descriptions, localizations, option nesting and order."""
    if not isinstance(commands, list):
        return [FieldError((), "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")]
    errors: list[FieldError] = []
    seen: set[tuple[Any, Any]] = set()
    for i, command in enumerate(commands):
        if not isinstance(command, dict):
            continue
        kind = command.get("type", 1)
        chat_input = kind == 1
        errors += _check_named((i,), command, chat_input=chat_input)
        key = (kind, command.get("name"))
        if key in seen:
            errors.append(
                FieldError(
                    (i, "name"),
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    f"Application command names must be unique: {command.get('name')!r}",
                )
            )
        seen.add(key)
        if chat_input:
            errors += _check_command_options((i, "options"), command.get("options"), 0)
    if sum(1 for c in commands if isinstance(c, dict) and c.get("type", 1) == 1) > 100:
        errors.append(
            FieldError((), "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer chat input commands.")
        )
    return errors


# ----------------------------------------------------------------------------- emoji
#
# Application emoji (Discord's Emoji resource: "an application can own up to 2000 emojis";
# "emojis and animated emojis have a maximum file size of 256 KiB"; formats JPEG, PNG, GIF,
# WebP and AVIF, told from the image data itself rather than the data URI's declared type).
# Names are 2-32 characters of [A-Za-z0-9_], unique among the application's emoji. The error
# codes are the ones Discord answers with: STRING_TYPE_REGEX, BASE_TYPE_BAD_LENGTH,
# APPLICATION_EMOJI_NAME_ALREADY_TAKEN, BINARY_TYPE_INVALID_DATA_URI and BINARY_TYPE_MAX_SIZE
# ("File cannot be larger than 256.0 kb.") inside a 50035 Invalid Form Body. IMAGE_INVALID
# (data that is no image of those formats) is the fake's own name for that refusal.

MAX_APPLICATION_EMOJIS = 2000
MAX_EMOJI_BYTES = 256 * 1024
_EMOJI_NAME = re.compile(r"[A-Za-z0-9_]+")
_DATA_URI = re.compile(r"data:(?P<mime>[A-Za-z0-9.+/-]*);base64,(?P<data>[A-Za-z0-9+/=\s]*)")


def check_emoji_name(name: Any, path: Path = ("name",)) -> list[FieldError]:
    """An emoji name: required, 2-32 characters, only letters, digits and underscores."""
    if not isinstance(name, str):
        return [FieldError(path, "BASE_TYPE_REQUIRED", "This field is required")]
    if not 2 <= len(name) <= 32:
        return [FieldError(path, "BASE_TYPE_BAD_LENGTH", "Must be between 2 and 32 in length.")]
    if not _EMOJI_NAME.fullmatch(name):
        return [
            FieldError(path, "STRING_TYPE_REGEX", "String value did not match validation regex.")
        ]
    return []


def image_format(data: bytes) -> str | None:
    """The MIME type of an emoji upload told from its bytes (png, jpeg, gif, webp, avif), or
    None when it is none of them or does not decode."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        kind = "image/png"
    elif data.startswith(b"\xff\xd8\xff"):
        kind = "image/jpeg"
    elif data.startswith((b"GIF87a", b"GIF89a")):
        kind = "image/gif"
    elif data.startswith(b"RIFF") and data[8:12] == b"WEBP":
        kind = "image/webp"
    elif data[4:12] in (b"ftypavif", b"ftypavis"):
        return "image/avif"  # not decoded: Pillow may lack AVIF support
    else:
        return None
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as image:
            image.load()
    except Exception:
        return None
    return kind


def is_animated(data: bytes) -> bool:
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as image:
            return bool(getattr(image, "is_animated", False))
    except Exception:
        return False


def decode_emoji_image(value: Any, path: Path = ("image",)) -> tuple[bytes, list[FieldError]]:
    """The bytes of an emoji's ``image`` (a ``data:<type>;base64,<data>`` URI) and the problems
    Discord would report: not a data URI, over 256 KiB, not an image it accepts."""
    match = _DATA_URI.fullmatch(value) if isinstance(value, str) else None
    data = b""
    if match is not None:
        try:
            data = base64.b64decode("".join(match.group("data").split()), validate=True)
        except (binascii.Error, ValueError):
            match = None
    if match is None:
        return b"", [
            FieldError(path, "BINARY_TYPE_INVALID_DATA_URI", "Only data uri strings can be used.")
        ]
    if len(data) > MAX_EMOJI_BYTES:
        return data, [
            FieldError(path, "BINARY_TYPE_MAX_SIZE", "File cannot be larger than 256.0 kb.")
        ]
    if image_format(data) is None:
        return data, [FieldError(path, "IMAGE_INVALID", "Invalid image data")]
    return data, []


def check_emoji_create(body: Any) -> list[FieldError]:
    """A create-application-emoji body (``name`` and ``image``), without the uniqueness and
    count checks (those need the application's emoji)."""
    if not isinstance(body, dict):
        return [FieldError((), "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")]
    return check_emoji_name(body.get("name")) + decode_emoji_image(body.get("image"))[1]


def check_emoji_edit(body: Any) -> list[FieldError]:
    """A modify-application-emoji body: only ``name``, optional."""
    if not isinstance(body, dict):
        return [FieldError((), "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")]
    return check_emoji_name(body["name"]) if "name" in body else []


# Emoji code points outside the symbol categories, and So symbols of blocks where only one
# character is an emoji (mahjong tiles: only 🀄; playing cards: only 🃏).
_EMOJI_EXTRA = frozenset("\u203c\u2049\u2139\u3030\u303d")
_NOT_EMOJI_BLOCKS = ((0x1F000, 0x1F0FF, frozenset("\U0001f004\U0001f0cf")),)
_EMOJI_MODIFIERS = frozenset("\u200d\ufe0e\ufe0f\u20e3")
_KEYCAP = re.compile("[0-9#*]\ufe0f?\u20e3")


def is_unicode_emoji(name: Any) -> bool:
    """Whether ``name`` can be a standard (Unicode) emoji in a component: emoji code points
    only (symbols, with joiners, variation selectors, skin tones, tags, keycaps). An
    approximation of Unicode's emoji list, strict on the mistakes a bot makes: a shortcode
    (``thumbsup``, ``:tada:``), a custom emoji's name without its id, a CJK character, a
    mahjong tile other than 🀄."""
    if not isinstance(name, str) or not name:
        return False
    if _KEYCAP.fullmatch(name):
        return True
    bases = 0
    for ch in name:
        point = ord(ch)
        if ch in _EMOJI_MODIFIERS or 0x1F3FB <= point <= 0x1F3FF or 0xE0020 <= point <= 0xE007F:
            continue
        if point < 0x80:
            return False
        if any(low <= point <= high and ch not in ok for low, high, ok in _NOT_EMOJI_BLOCKS):
            return False
        if unicodedata.category(ch) in ("So", "Sm", "Sk") or ch in _EMOJI_EXTRA:
            bases += 1
            continue
        return False
    return bases > 0


def walk_components_at(
    components: Any, path: Path = ("components",)
) -> Iterator[tuple[Path, dict[str, Any]]]:
    """Like :func:`walk_components`, with each component's JSON path."""
    if not isinstance(components, list):
        return
    for i, comp in enumerate(components):
        if not isinstance(comp, dict):
            continue
        at = (*path, i)
        yield at, comp
        yield from walk_components_at(comp.get("components"), (*at, "components"))
        for key in ("accessory", "component"):
            child = comp.get(key)
            if isinstance(child, dict):
                yield (*at, key), child
                yield from walk_components_at(child.get("components"), (*at, key, "components"))


def _check_component_emoji(
    emoji: Any, path: Path, custom_exists: Callable[[int], bool]
) -> list[FieldError]:
    if not isinstance(emoji, dict):
        return []
    raw_id = emoji.get("id")
    invalid = "BUTTON_COMPONENT_INVALID_EMOJI"  # Discord's code for selects' options too
    if raw_id is not None:
        try:
            emoji_id = int(raw_id)
        except (TypeError, ValueError):
            return [FieldError((*path, "id"), "NUMBER_TYPE_COERCE", "Value is not snowflake.")]
        if not custom_exists(emoji_id):
            return [FieldError((*path, "id"), invalid, "Invalid emoji")]
        return []
    if not is_unicode_emoji(emoji.get("name")):
        return [FieldError((*path, "name"), invalid, "Invalid emoji")]
    return []


def check_component_emojis(
    components: Any, custom_exists: Callable[[int], bool], path: Path = ("components",)
) -> list[FieldError]:
    """Emoji of buttons and select options: a custom emoji must exist (``custom_exists(id)``:
    an emoji the application may use), a standard one is given by ``name`` alone and must be
    an emoji. Discord refuses anything else with BUTTON_COMPONENT_INVALID_EMOJI at
    ``...emoji.id`` or ``...emoji.name``."""
    errors: list[FieldError] = []
    for at, comp in walk_components_at(components, path):
        if comp.get("type") == BUTTON and "emoji" in comp:
            errors += _check_component_emoji(comp["emoji"], (*at, "emoji"), custom_exists)
        elif comp.get("type") == STRING_SELECT:
            for i, option in enumerate(comp.get("options") or []):
                if isinstance(option, dict) and "emoji" in option:
                    errors += _check_component_emoji(
                        option["emoji"], (*at, "options", i, "emoji"), custom_exists
                    )
    return errors
