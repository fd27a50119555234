"""The roll log's payloads, packed: JSON compressed against a dictionary of its own words.

A big campaign's file is nearly all roll log, and 400 of a logged roll's 610 bytes were its
payload (docs/performance.md, growth). The payload is JSON with the same keys in every row of
a kind ("request", "attacker", "damage_type"...), which plain zlib cannot share between rows of
a few hundred bytes each. Deflate's preset dictionary holds those words once, in the program:
a payload then packs to about a third of its JSON.

A packed payload is one format byte, then the raw deflate stream. Format 1's dictionary is
frozen: every payload written with it needs exactly these bytes to be read again
(``tests/store/test_packing.py`` pins its digest). To compress better later, add format 2 and
keep reading 1. A payload stored as JSON text, as files before migration 0007 held it, still
reads.
"""

from __future__ import annotations

import json
import zlib

from encounter_app.domain.json_data import JSON

FORMAT_1 = 1

# The skeletons of the three Daggerheart payloads (attack, reaction, free dice) with empty
# values, then the other systems' keys: the words that repeat in every row. Never edit.
_DICTIONARY_1 = (
    b'"skill":0,"skill_name":"","grade":"SUCCESS","trait":0,"challenge":0,"trait_name":"",'
    b'"reason":"","wound_base":0,"target":null,"mox":0,"dc":0,"label":"","level":"SUCCESS",'
    b'"dcs":[0],"levels":["SUCCESS"],"hitter":"attacker","maneuvers":0,"fumbled":[],'
    b'"initiants":[{"combatant_id":null,"name":"","bonus":0,"rolls":0}],"system":"",'
    b'"kind":"fear","party_size":0,"request_id":0,'
    b'{"request":{"expression":"","label":""},"result":{"expression":"","total":0,"dice":[0],'
    b'"text":"","damage_type":null,"direct":false,"dropped":[],"bonus":0}}'
    b'{"request":{"actor":"","difficulty":0,"bonus":0,"advantage":false,"disadvantage":false,'
    b'"combatant_id":null,"kind":"reaction","experience_name":""},"result":{"d20s":[0],'
    b'"natural":0,"total":0,"success":true,"critical":false,"difficulty":0,"bonus":0}}'
    b'{"request":{"attacker":"","modifier":0,"damage":"","targets":[{"name":"","evasion":0,'
    b'"combatant_id":null}],"attack_name":"","advantage":false,"disadvantage":false,'
    b'"experience":0,"combatant_id":null,"experience_name":""},"result":{"d20s":[0],'
    b'"natural":0,"total":0,"critical":false,"hits":[true],"damage":{"expression":"",'
    b'"total":0,"dice":[0],"text":"","damage_type":"phy","direct":false,"dropped":[],'
    b'"bonus":0},"damage_total":0,"evasions":[0],"modifier":0,"experience":0}}'
)

_RAW_DEFLATE = -15  # no zlib header or checksum: SQLite's pages carry their own


class UnreadablePayload(ValueError):
    """Stored bytes that are not a payload this program wrote."""


def pack(value: JSON) -> bytes:
    """``value`` (JSON-able) as compact JSON, deflated against format 1's dictionary."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, _RAW_DEFLATE, 9, zlib.Z_DEFAULT_STRATEGY,
                              _DICTIONARY_1)
    return bytes((FORMAT_1,)) + packer.compress(text) + packer.flush()


def unpack(stored: bytes | str) -> JSON:
    """The value :func:`pack` was given; JSON text (an older file's) is read as it is."""
    if isinstance(stored, str):
        return _loads(stored)
    if stored[:1] == b"{" or stored[:1] == b"[":
        return _loads(stored)  # JSON text SQLite handed back as bytes
    if stored[:1] != bytes((FORMAT_1,)):
        raise UnreadablePayload(f"unknown payload format {stored[:1]!r}")
    try:
        unpacker = zlib.decompressobj(_RAW_DEFLATE, _DICTIONARY_1)
        text = unpacker.decompress(stored[1:]) + unpacker.flush()
        if not unpacker.eof:
            raise UnreadablePayload("the packed payload is cut short")
        return _loads(text)
    except (zlib.error, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise UnreadablePayload(f"the packed payload cannot be read: {exc}") from exc


def _loads(text: str | bytes) -> JSON:
    value: JSON = json.loads(text)  # json reads nothing but JSON's own types
    return value
