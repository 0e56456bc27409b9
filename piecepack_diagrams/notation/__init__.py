"""Reading and writing PPN records: container, metadata and movetext (no rules)."""

from .container import (
    MAX_GAME_BYTES,
    MAX_LINE_BYTES,
    MAX_METADATA_BYTES,
    Record,
    format_record,
    format_records,
    iter_records,
    parse_records,
    read_records,
)
from ..annotations import ANNOTATIONS, split_annotation
from .movetext import PREAMBLE_LABEL, SETUP_LABEL, MoveGroup, Token, is_move_number, parse_movetext

__all__ = [
    "ANNOTATIONS", "MAX_GAME_BYTES", "MAX_LINE_BYTES", "MAX_METADATA_BYTES", "MoveGroup", "PREAMBLE_LABEL",
    "Record", "SETUP_LABEL", "Token", "format_record", "format_records", "is_move_number",
    "iter_records", "parse_movetext", "parse_records", "read_records", "split_annotation",
]
