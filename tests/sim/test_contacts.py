"""Car-to-car contacts: capsule overlaps by hand, mass-weighted pushes, order independence, piles separating."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from game.sim.contacts import Body, contact, max_overlap, resolve


def body(x, z, heading=0.0, half_len=1.0, radius=0.9, inv_mass=1e-3):
    return Body(x, z, heading, half_len, radius, inv_mass)


def test_side_by_side_and_nose_to_nose_depths():
    c = contact(body(0, 0), body(1.5, 0.4))  # parallel, 1.5 m apart sideways
    assert c.depth == pytest.approx(1.8 - 1.5) and (c.nx, c.nz) == pytest.approx((1, 0))
    c = contact(body(0, 0), body(0, 3.5))  # nose to tail: ends 1.5 m apart
    assert c.depth == pytest.approx(0.3) and (c.nx, c.nz) == pytest.approx((0, 1))
    c = contact(body(0, 0), body(2.5, 0, heading=math.pi / 2))  # T-bone: b's rear end 1.5 m from a's side
    assert c.depth == pytest.approx(0.3) and (c.nx, c.nz) == pytest.approx((1, 0))
    assert contact(body(0, 0), body(1.8, 0)) is None  # just touching is no contact
    assert contact(body(0, 0), body(0, 3.9)) is None


def test_push_shared_by_inverse_mass():
    light, heavy = body(0, 0, inv_mass=2e-3), body(1.5, 0, inv_mass=1e-3)
    resolve([light, heavy], max_passes=4, tolerance_m=0.0)
    assert light.x == pytest.approx(-0.2) and heavy.x == pytest.approx(1.6)  # 0.3 m split 2:1
    assert max_overlap([light, heavy]) == pytest.approx(0.0, abs=1e-9)


def scene(seed: int, n: int = 7) -> list[Body]:
    rnd = random.Random(seed)
    return [body(rnd.uniform(-4, 4), rnd.uniform(-4, 4), rnd.uniform(-3, 3), inv_mass=rnd.choice([1e-3, 2e-3, 6e-3])) for _ in range(n)]


def test_resolution_does_not_depend_on_list_order():
    ref = scene(3)
    resolve(ref, 16, 0.01)
    for perm in itertools.islice(itertools.permutations(range(len(ref))), 0, 5040, 997):
        bodies = scene(3)
        resolve([bodies[k] for k in perm], 16, 0.01)
        for a, b in zip(bodies, ref):
            assert (a.x, a.z) == pytest.approx((b.x, b.z), abs=1e-9)


def test_a_pile_separates_to_centimetres():
    for seed in range(3):
        bodies = scene(seed, 13)
        # the pile of one step: every car within a car length of its neighbours
        resolve(bodies, 64, 0.01)
        assert max_overlap(bodies) <= 0.03
