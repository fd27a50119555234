"""The words of a menu entry, as a person reads them."""

from __future__ import annotations


def plain(text: str) -> str:
    """A menu entry's words without its mnemonic ampersand or trailing ellipsis mark."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").strip()
