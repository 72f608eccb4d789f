"""The HTML of the display's pages: ``page/index.html`` with the page's data in JSON blocks,
the words a page says with no server, and, for a seat's own page, its parts put in."""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from typing import Any

from narrator.prompts import LANGUAGES, words


def page_words() -> dict[str, str]:
    """What the page says with no server ("Reconnecting…"), in each language: the page picks
    its own language's."""
    return {lang: words(lang, None).format("display.reconnecting") for lang in LANGUAGES}


def page_html(data: Mapping[str, Any], head: str = "", body: str = "") -> str:
    """index.html with ``data`` in JSON blocks (by id; never run as a script, and no "</" in
    them), with the words it needs with no server, and a seat's own parts (``head``, ``body``)."""
    html = resources.files(__package__).joinpath("page", "index.html").read_text("utf-8")
    blocks = ""
    for name, value in {**data, "words": page_words()}.items():
        text = value.decode() if isinstance(value, bytes) else json.dumps(value, ensure_ascii=False)
        text = text.replace("</", "<\\/")
        blocks += f'<script id="{name}" type="application/json">{text}</script>'
    html = html.replace("<!--seat-head-->", head).replace("<!--seat-body-->", body)
    return html.replace("<!--page-->", blocks)
