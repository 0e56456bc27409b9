"""Raster frames: the background of each position, then each actor's sprite moved, turned,
squashed and faded as its pose says, in drawing order (the flat view's, or for the oblique
view the order worked out from the frame's solids)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Hashable, Iterator, Sequence

from PIL import Image, ImageChops

from ..oblique.projection import Projection
from ..pieces import Piece
from ..render.primitives import Placed, annotation_stamp, piece_stamp
from ..scene import PieceMark, ScenePiece
from ..theme import Theme
from .actors import Look, Still, _rounded
from .frames import Camera, FrameTime
from .options import AnimationOptions
from .sprites import draw_sprites
from ..values import replace, value
from .timeline import Lane, Pose, drawing_order, ease, is_still, pose

if TYPE_CHECKING:
    from ..oblique.solids import Solid


class Painter:
    """Draws the frames of one animation (see :meth:`frames`)."""

    def __init__(self, lanes: Sequence[Lane], stills: Sequence[Still], camera: Camera, theme: Theme,
                 options: AnimationOptions) -> None:
        self.lanes, self.stills, self.camera, self.theme = lanes, stills, camera, theme
        self.projection = Projection(options.angle, options.depth) if options.view == "oblique" else None
        looks: dict[Hashable, Sequence[Placed]] = {}
        for lane in lanes:
            for actor in lane.states:
                if actor is not None:
                    # A piece of several solids (a pawn's foot and head) in the oblique view: a
                    # sprite of each part too, to draw each where the order puts it.
                    for part in (None, *range(self._parts(actor.look))):
                        key = self._sprite_key(actor.look, actor.angle, part)
                        if key not in looks:
                            looks[key] = self._stamps(actor.look, actor.angle, part)
        self.sprites = draw_sprites(looks, ppi=camera.ppi, theme=theme)
        self._backgrounds: dict[Hashable, Image.Image] = {}

    def _parts(self, look: Look) -> int:
        """How many solids ``look`` is drawn as part by part: 0 for one solid drawn whole."""
        if self.projection is None or not isinstance(look, Piece):
            return 0
        from ..oblique.solids import piece_parts

        parts = len(piece_parts(look, 0.0))
        return parts if parts > 1 else 0

    def _sprite_key(self, look: Look, angle: float, part: int | None = None) -> Hashable:
        return (look if isinstance(look, Piece) else _rounded(look), round(angle % 360, 6), part)

    def _stamps(self, look: Look, angle: float, part: int | None = None) -> Sequence[Placed]:
        """``look`` turned ``angle`` degrees, about the origin (with ``part``, that solid of it alone)."""
        if isinstance(look, PieceMark):  # a panel's piece: flat, turned as it lies
            return [(annotation_stamp(replace(look, piece=replace(look.piece, angle=angle)), self.theme, 1.0),
                     0.0, 0.0)]
        if isinstance(look, Piece):
            if self.projection is not None:
                from ..oblique.draw import oblique_stamps
                from ..oblique.solids import solids_of

                alone = (ScenePiece(look, 0.0, 0.0, angle),)
                order = None if part is None else [s for s in solids_of(alone) if s.part == part]
                return oblique_stamps(alone, self.theme, self.projection, order=order)
            return [(piece_stamp(look, angle, self.theme), 0.0, 0.0)]
        return [(annotation_stamp(look, self.theme, 1.0), 0.0, 0.0)]

    def background(self, k: int) -> Image.Image:
        """Position ``k``'s still annotations on the page (coordinates, panels' titles: in the
        oblique view too, lying on the table)."""
        if not self._backgrounds:
            from .sprites import draw_grounds

            cam = self.camera
            keys: list[Hashable] = []
            grounds: list[tuple[object, ...]] = []
            for still in self.stills:
                items = still.background
                key = _rounded(items)
                if key not in keys:
                    keys.append(key)
                    grounds.append(items)
            drawn = draw_grounds(grounds, frame=cam.frame, size=(cam.width, cam.height), ppi=cam.ppi,
                                 theme=self.theme)
            self._backgrounds = dict(zip(keys, drawn))
        items = self.stills[k].background
        return self._backgrounds[_rounded(items)]

    def swatch(self) -> Image.Image:
        """Every colour the frames are made of, roughly in the share they cover: the first and
        last backgrounds and every sprite laid on the page in rows as wide as they are (a
        GIF's palette is made from it; a sprite shrunk to fit one row would lose the colours
        of its small parts, a pawn's shaded sides)."""
        grounds = [self.background(0), self.background(len(self.stills) - 1)]
        width = max(g.width for g in grounds)
        rows: list[list[Image.Image]] = [[]]
        used = 0
        for _, sprite in sorted(self.sprites.items(), key=lambda item: repr(item[0])):
            if rows[-1] and used + sprite.width > width:
                rows.append([])
                used = 0
            rows[-1].append(sprite)
            used += sprite.width
        heights = [max((s.height for s in row), default=0) for row in rows]
        out = Image.new("RGB", (max(width, *(sum(s.width for s in row) for row in rows)),
                                sum(g.height for g in grounds) + sum(heights)), grounds[0].getpixel((0, 0)))
        y = 0
        for g in grounds:
            out.paste(g, (0, y))
            y += g.height
        for row, tall in zip(rows, heights):
            x = 0
            for sprite in row:
                out.paste(sprite, (x, y), sprite)
                x += sprite.width
            y += tall
        return out

    def frames(self, times: Sequence[FrameTime]) -> Iterator[Image.Image]:
        """Each frame of ``times`` as an RGB picture ``camera.width`` x ``camera.height``."""
        held: dict[int, Image.Image] = {}
        base: _Base | None = None
        for t in times:
            k, u = t.step, t.u
            if u in (0.0, 1.0):  # a position held (shown again after the move): everything in its order
                at = k + int(u == 1.0)
                if at not in held:
                    held.clear()
                    held[at] = self._ground(k, u)
                    self._draw(held[at], self._poses(k, u, _everything))
                yield held[at].copy()
                continue
            if self.projection is not None and self._is_hidden_in_part(k, u):
                # Something standing still is in front of a moving piece: the frame drawn whole,
                # in the order its solids' geometry gives, as a held position is.
                canvas = self._ground(k, u)
                self._draw(canvas, self._poses(k, u, _everything))
                yield canvas
                continue
            if base is None or base.step != k:
                base = self._base(k)
            canvas = base.before.copy()
            if base.changed is not None:  # only where the two differ: the rest of the picture stays still
                canvas.paste(Image.blend(base.before.crop(base.changed), base.after.crop(base.changed), ease(u)),
                             base.changed[:2])
            moving = self._poses(k, u, lambda n, k=k: not is_still(self.lanes[n], k))  # type: ignore[misc]
            self._draw_over(canvas, base.under, moving)
            yield canvas

    def _is_hidden_in_part(self, k: int, u: float) -> bool:
        """Whether at ``u`` of move ``k`` (oblique view) a piece standing still comes after a
        moving one in the drawing order where the two may meet as drawn: then pasting what
        moves over the still picture (the quick way) would show it in front of that piece."""
        from ..oblique.order import drawing_order as solid_order
        from ..oblique.solids import solids_of

        assert self.projection is not None
        posed = [(ScenePiece(p.look, p.x, p.y, p.angle), not is_still(self.lanes[n], k))
                 for n in drawing_order(self.lanes, k, u)
                 if (p := pose(self.lanes[n], k, u)) is not None and isinstance(p.look, Piece)]
        if not any(moves for _, moves in posed):
            return False
        solids = solids_of(tuple(piece for piece, _ in posed))
        box = self.projection.box
        moving = [s for s in solids if posed[s.index][1]]
        boxes = [box(s) for s in moving]
        # Only a still solid whose drawing may meet a moving one's can be in front of it.
        near = [s for s in solids if not posed[s.index][1] and any(_meets(box(s), b) for b in boxes)]
        if not near:
            return False
        passed: list[tuple[float, float, float, float]] = []  # the moving solids drawn so far
        for solid in solid_order([*near, *moving], self.projection):
            if posed[solid.index][1]:
                passed.append(box(solid))
            elif any(_meets(box(solid), m) for m in passed):
                return True
        return False

    def _base(self, k: int) -> _Base:
        """What does not move during move ``k``, drawn once on each position's background (the
        two are cross-faded; what moves is lifted over them)."""
        still = self._poses(k, 0.5, lambda n: is_still(self.lanes[n], k))
        before = self.background(k).copy()
        under = self._draw(before, still)
        after, changed = before, None
        if self.background(k + 1) is not self.background(k):
            after = self.background(k + 1).copy()
            self._draw(after, still)
            changed = ImageChops.difference(before, after).getbbox()
        return _Base(k, before, after, under, changed)

    def _poses(self, k: int, u: float, keep: Callable[[int], bool]) -> list[Pose]:
        """The poses of the lanes ``keep`` keeps at ``u`` of move ``k``, bottom first (the
        oblique view draws pieces only, those of panels flat)."""
        out = [p for n in drawing_order(self.lanes, k, u) if keep(n) and (p := pose(self.lanes[n], k, u)) is not None]
        return out if self.projection is None else [p for p in out if isinstance(p.look, (Piece, PieceMark))]

    def _draw(self, canvas: Image.Image, poses: list[Pose]) -> tuple[Solid, ...]:
        """``poses`` drawn in order: the flat view's, or the oblique view's worked out from
        their solids (which it returns; none in the flat view)."""
        if self.projection is None:
            for p in poses:
                self._paste(canvas, p, p.x, p.y)
            return ()
        from ..oblique.order import drawing_order as solid_order
        from ..oblique.solids import solids_of

        for p in poses:  # a panel's pieces lie flat on the table, under everything standing
            if isinstance(p.look, PieceMark):
                self._paste(canvas, p, p.x, p.y)
        # A solid's index counts the poses that are pieces alone.
        pieces = [(p, ScenePiece(p.look, p.x, p.y, p.angle)) for p in poses if isinstance(p.look, Piece)]
        poses = [p for p, _ in pieces]
        solids = solids_of(tuple(piece for _, piece in pieces))
        dx, dy = self.projection.shift
        order = solid_order(solids, self.projection)
        # A piece cut to break a cycle of the order is drawn whole where its first part goes
        # (its parts' pictures are not sprites); a pawn's foot and head each where they go.
        cut = {s.index for s in order if s.is_part}
        seen: set[int] = set()
        for solid in order:
            p = poses[solid.index]
            at = (p.x + solid.base * dx, p.y + solid.base * dy)
            if solid.index in cut or not self._parts(p.look):
                if solid.index not in seen:
                    seen.add(solid.index)
                    self._paste(canvas, p, *at)
                continue
            self._paste(canvas, p, *at, part=solid.part)
        return solids

    def _draw_over(self, canvas: Image.Image, under: tuple[Solid, ...], poses: list[Pose]) -> None:
        """``poses`` drawn over what is drawn already (``under``'s solids in the oblique view,
        each pose raised to the top of those it is over)."""
        if self.projection is None:
            self._draw(canvas, poses)
            return
        from ..oblique.polygons import overlap_area
        from ..oblique.solids import EPSILON, placed_outline

        dx, dy = self.projection.shift
        for p in poses:
            if isinstance(p.look, PieceMark):
                self._paste(canvas, p, p.x, p.y)
                continue
            assert isinstance(p.look, Piece)
            outline = placed_outline(ScenePiece(p.look, p.x, p.y, p.angle))
            box = _box(outline)
            z = max((s.top for s in under if _meets(box, _box(placed_outline(s.piece)))
                     and overlap_area(outline, placed_outline(s.piece)) > EPSILON), default=0.0)
            self._paste(canvas, p, p.x + z * dx, p.y + z * dy)

    def _ground(self, k: int, u: float) -> Image.Image:
        """The background during move ``k``: the two positions' cross-faded where they differ."""
        if u <= 0 or self.background(k) is self.background(k + 1):
            return self.background(k).copy()
        if u >= 1:
            return self.background(k + 1).copy()
        return Image.blend(self.background(k), self.background(k + 1), ease(u))

    def _paste(self, canvas: Image.Image, p: Pose, x: float, y: float, *, part: int | None = None) -> None:
        sprite = self.sprites[self._sprite_key(p.look, p.rest, part)]
        turn = (p.angle - p.rest + 180) % 360 - 180
        if abs(turn) > 1e-6:
            sprite = sprite.rotate(turn, resample=Image.Resampling.BICUBIC)
        if p.squash < 1:
            sprite = sprite.resize((max(1, round(sprite.width * p.squash)), sprite.height),
                                   Image.Resampling.BILINEAR)
        if p.alpha < 1:
            alpha = sprite.getchannel("A").point(lambda v: round(v * p.alpha))
            sprite = sprite.copy()
            sprite.putalpha(alpha)
        px, py = self.camera.pixel(x, y)
        canvas.paste(sprite, (round(px - sprite.width / 2), round(py - sprite.height / 2)), sprite)


@value
class _Base:
    """Move ``step``'s still part drawn on the background before and after it, and its solids (oblique view)."""

    step: int
    before: Image.Image
    after: Image.Image
    under: tuple[Solid, ...]
    #: Where the two differ (left, top, right, bottom pixels), None where they do not.
    changed: tuple[int, int, int, int] | None


def _everything(n: int) -> bool:
    return True


def _box(outline: tuple[tuple[float, float], ...]) -> tuple[float, float, float, float]:
    xs, ys = [x for x, _ in outline], [y for _, y in outline]
    return min(xs), min(ys), max(xs), max(ys)


def _meets(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


__all__ = ["Painter"]
