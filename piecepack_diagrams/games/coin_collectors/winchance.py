"""An estimate of the chance to win a Coin Collectors position, learnt from the expectimax
policy's own games: the leaf of the analysis's search (:mod:`.analysis`).

The estimate is for a position whose roll has just given a move (the search is exact over
the rolls before it): 1 with one coin left (the move collects it) or none, 0 when coins are
stranded (:func:`~.simulate.stranded`: they can no longer all be collected), else a
logistic model of the coins left ``n``, ``log n``, the pawns in play, the dead ends and the
groups of the coins (:class:`~.simulate.Shape`). Its weights were fitted by
``bench/cc_win_chance.py --fit`` (maximum likelihood) to every decision of the expectimax
policy's games on seeds 20,001 to 26,000 (base game, Acceptable Losses) and 20,001 to
36,000 (Four Die Stud, where wins are rare), each decision labelled by whether its game
was won. The search then takes the best of many decisions' values, which makes it
optimistic (a winner's curse): ``--check`` on seeds 40,001 to 42,000 measured how much,
and the intercepts were lowered by that (a shift of the logit, so that the chances
predicted 2 % to 35 % match the wins; Four Die Stud needed none on 40,001 to 45,000);
fresh seeds check the result (the README's reliability table). Last One Out uses the base
game's weights; Four Die Stud with Acceptable Losses uses Acceptable Losses'.
"""

from __future__ import annotations

import math

from ...values import value
from .rules import Variant
from .simulate import Shape


@value
class WinModel:
    """The weights of the logistic model (see the module's notes) and the games they came from."""

    intercept: float
    coins: float
    log_coins: float
    pawns: float
    dead_ends: float
    groups: float
    source: str

    def logit(self, coins: int, pawns: int, shape: Shape) -> float:
        return (self.intercept + self.coins * coins + self.log_coins * math.log(coins) + self.pawns * pawns
                + self.dead_ends * shape.dead_ends + self.groups * shape.groups)


#: The fitted weights, by variant (``bench/cc_win_chance.py --fit`` prints them).
MODELS = {
    "base game": WinModel(1.3669 - 0.235, 0.0186, -1.4145, 0.0, -0.2463, -0.2143,
                          "fitted on seeds 20,001-26,000, shifted on 40,001-42,000"),
    "Acceptable Losses": WinModel(-0.9380 - 0.171, 0.0004, -1.4483, 0.9673, -0.3714, -0.2877,
                                  "fitted on seeds 20,001-26,000, shifted on 40,001-42,000"),
    "Four Die Stud": WinModel(0.7374, 0.0513, -2.5809, 0.0, -0.4588, -0.0459,
                              "fitted on seeds 20,001-36,000; no shift (-0.005 on 40,001-45,000)"),
}


def model_for(variant: Variant) -> WinModel:
    """The weights for ``variant`` (see the module's notes)."""
    if variant.acceptable_losses:
        return MODELS["Acceptable Losses"]
    return MODELS["Four Die Stud" if variant.four_die_stud else "base game"]


def chance_with_a_move(model: WinModel, coins: int, pawns: int, shape: Shape) -> float:
    """The estimated chance to win a position of ``coins`` coins left and ``pawns`` pawns in
    play whose roll has given a move: 1 for at most one coin, 0 with coins stranded, else
    the logistic model's, strictly between 0 and 1."""
    if coins <= 1:
        return 1.0
    if shape.stranded:
        return 0.0
    return 1.0 / (1.0 + math.exp(-model.logit(coins, pawns, shape)))


__all__ = ["MODELS", "WinModel", "chance_with_a_move", "model_for"]
