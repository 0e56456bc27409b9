"""Every starting layout of the piecepackr project's setup package (R ppdf), by name.

>>> from piecepack_diagrams.setups import build_frame
>>> info, frame = build_frame("Fuji-san", seed=42)
>>> info.function, len(frame)
('piecepack_fujisan', 52)
"""

from .arguments import Argument, argument_key
from .frame import Frame
from .registry import DEFAULT_SEED, SetupInfo, build_frame, find_setup, is_known_setup, name_key, setup_infos

# The ports register themselves when imported.
from . import components  # noqa: E402,F401  isort: skip
from . import checkers, chess, original_a_to_f, original_f_to_r, original_s_to_w, other, solitaires, traditional  # noqa: E402,F401,I001  isort: skip

__all__ = ["Argument", "DEFAULT_SEED", "Frame", "SetupInfo", "argument_key", "build_frame", "find_setup",
           "is_known_setup", "name_key", "setup_infos"]
