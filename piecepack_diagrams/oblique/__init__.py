"""The oblique view: a scene's pieces as solids (:mod:`.solids`), projected as piecepackr's
``op_transform`` projects them (:mod:`.projection`), drawn back to front in an order worked
out exactly from the solids' geometry (:mod:`.order`), as drawing primitives (:mod:`.draw`).

Imported only when a drawing asks for ``view="oblique"``.
"""
