"""Every starting layout of the piecepackr project's setup package (R ppdf), by name.

>>> from piecepack_diagrams.setups import build_frame
>>> info, frame = build_frame("Fuji-san", seed=42)
>>> info.function, len(frame)
('piecepack_fujisan', 52)
"""

from .arguments import Argument, argument_key
from .frame import Frame
from .registry import DEFAULT_SEED, SetupInfo, build_frame, find_setup, is_known_setup, name_key, setup_infos

# The ports register themselves when their module is imported, which the registry does
# when a setup is first asked for (see index.MODULES).

__all__ = ["Argument", "DEFAULT_SEED", "Frame", "SetupInfo", "argument_key", "build_frame", "find_setup",
           "is_known_setup", "name_key", "setup_infos"]
