"""Cars' materials, lamps and the sky as drawn (own subprocess, a real headless app).

A white car lit by one sun is shaded on every tier (its faces differ, not a flat silhouette); High draws it with the
physically based shader and Low with the per-vertex one; a new finish changes the shader's input and the picture;
the tail lamps glow redder under braking and the reverse lamps light going backwards. The sky's sun disc sits where
the light comes from, and an overcast look draws more cloud than a clear one.
"""

from __future__ import annotations

import json
import math

import pytest

from tests.support.e2e_helpers import render_result


def _child() -> None:
    import numpy as np

    from game.view.boot.ursina_app import make_app

    app = make_app(headless=True, size=(240, 160))
    from ursina import AmbientLight, DirectionalLight, Vec3, application, camera, color, window

    from game.content.catalog import load_catalog
    from game.sim.car import CarState
    from game.view.cars import car_shader
    from game.view.cars.car_model import CarModel
    from game.view.world.mesh_builder import REVERSE

    def picture() -> np.ndarray:
        app.step()
        tex = application.base.win.getScreenshot()
        return np.frombuffer(bytes(tex.getRamImageAs("RGB")), np.uint8).reshape(tex.getYSize(), tex.getXSize(), 3)[::-1].astype(np.float32)

    window.color = color.black
    sun = DirectionalLight(shadows=False)
    sun.look_at(Vec3(0.5, -0.7, 0.4))
    AmbientLight(color=color.rgba(0.4, 0.4, 0.45, 1))
    spec = next(c for c in load_catalog().cars.values() if c.body == "coupe")
    out: dict = {}
    for tier in ("low", "high"):
        car_shader.set_tier(tier)
        m = CarModel(spec, "#ffffff", shadow=False)
        m.update_static(heading_deg=150.0)
        camera.position = (3.5, 2.0, -4.6)
        camera.look_at(Vec3(0, 0.5, 0))
        img = picture()
        lum = img.mean(axis=2)
        body = lum[lum > 8.0]  # the car's pixels on the black background
        r = {"shader": m.getShader().getFilename().__str__() if m.getShader() else None,
             "same_as_tier": m.getShader() == car_shader.car_shader(tier)._shader, "pixels": int(body.size),
             "spread": float(np.percentile(body, 90) - np.percentile(body, 10)) if body.size else 0.0}
        held = m.getShaderInput("car_finish")  # (the vector is only valid while its input is held)
        before = tuple(held.getVector())
        m.set_finish("matte")
        held = m.getShaderInput("car_finish")
        r["finish_input_changed"] = tuple(held.getVector()) != before
        r["finish_picture_diff"] = float(np.abs(picture() - img).mean())
        matte_shader = m.getShader()
        m.set_finish("metallic")
        r["metallic_shader_differs"] = m.getShader() != matte_shader
        r["metallic_picture_diff"] = float(np.abs(picture() - img).mean())
        m.set_finish("gloss")
        z = -spec.length_m / 2 - 0.02  # a reverse lamp on the tail (the bodies' own come from car_bodies.py)
        from ursina import Entity, Mesh

        Entity(parent=m, model=Mesh(vertices=[(-0.3, 0.5, z), (0.3, 0.5, z), (0.3, 0.7, z), (-0.3, 0.7, z)], triangles=[(0, 2, 1), (0, 3, 2)],
                                    normals=[(0, 0, -1)] * 4, colors=[(*REVERSE, 1.0)] * 4), double_sided=True)
        camera.position = (0.0, 1.6, -6.5)  # behind the car (it faces +z at heading 0)
        camera.look_at(Vec3(0, 0.6, 0))
        m.update_static(heading_deg=0.0)
        s = CarState()
        s.forward = 12.0
        m.update(s, 1 / 60)
        m.update(s, 1 / 60)
        idle = picture()
        s.forward = 11.7  # slowing at 18 m/s^2: braking
        m.update(s, 1 / 60)
        brake = picture()
        r["braking"] = m.lamps.braking
        r["tail_red_gain"] = float(((brake[..., 0] - brake[..., 1]) - (idle[..., 0] - idle[..., 1])).clip(0).sum())
        for _ in range(40):  # roll back: the brake lamps go out, the reverse lamps light
            s.forward = -2.0
            m.update(s, 1 / 60)
        rev = picture()
        r["reversing"], r["braking_after"] = m.lamps.reversing, m.lamps.braking
        r["reverse_white_gain"] = float((rev.min(axis=2) - idle.min(axis=2)).clip(0).sum())
        out[tier] = r
        m.destroy()

    from panda3d.core import CompassEffect

    from game.view.world.world_meshes import build_sky, build_sun_disc, sun_direction
    from game.view.world.world_shaders import make_entity
    from game.view.world.world_sky import dress_sky

    look = {"sun_heading_deg": 120.0, "sun_elevation_deg": 30.0, "clouds": 0.0}
    to_sun = sun_direction(look)
    top, horizon = np.array([0.3, 0.5, 0.85]), np.array([0.8, 0.88, 0.95])
    sky = [make_entity(build_sky(top, horizon, 400.0), "sky", "sky", (5, True)),
           make_entity(build_sun_disc(to_sun, 380.0), "sky", "sun_disc", (5, True), see_through=True)]
    for i, e in enumerate(sky):
        e.setBin("fixed", i)
        e.setDepthWrite(False)
        e.setLightOff(1)
        e.setEffect(CompassEffect.make(camera, CompassEffect.P_pos))
    camera.position = (0, 0, 0)
    for name, d in (("toward", to_sun), ("away", -to_sun * np.array([1, -1, 1]))):
        for e, radius in zip(sky, (400.0, 380.0)):
            dress_sky(e, look, to_sun, radius)
        camera.look_at(Vec3(*(d * 10.0)))
        img = picture()
        lum = img.mean(axis=2)
        y, x = np.unravel_index(int(lum.argmax()), lum.shape)
        out[f"sun_{name}"] = {"peak": float(lum.max()), "x": int(x), "y": int(y), "w": lum.shape[1], "h": lum.shape[0]}
    camera.look_at(Vec3(-to_sun[0] * 10.0, 7.0, -to_sun[2] * 10.0))  # up and away from the sun
    for cover in (0.0, 0.9):
        for e, radius in zip(sky, (400.0, 380.0)):
            dress_sky(e, dict(look, clouds=cover), to_sun, radius)
        img = picture()
        out[f"clouds_{cover}"] = float((img[..., 2] - img[..., 0]).mean())  # blue minus red: clear sky is blue, clouds are white
    print("RESULT " + json.dumps(out))


@pytest.fixture(scope="module")
def r() -> dict:
    return render_result(__name__, timeout=300)


@pytest.mark.parametrize("tier", ["low", "high"])
def test_a_white_car_is_shaded_on_every_tier_with_its_tiers_shader(r, tier):
    t = r[tier]
    assert t["same_as_tier"]
    assert t["pixels"] > 2000  # the car is on screen
    assert t["spread"] > 40  # lit and turned-away faces differ: its form shows, not a flat white silhouette


def test_low_and_high_draw_cars_with_different_shaders():
    from game.view.cars import car_shader

    assert car_shader.per_pixel("high") and car_shader.per_pixel("ultra")
    assert not car_shader.per_pixel("low") and not car_shader.per_pixel("medium")


@pytest.mark.parametrize("tier", ["low", "high"])
def test_a_new_finish_changes_the_shader_input_and_the_picture(r, tier):
    assert r[tier]["finish_input_changed"]
    assert r[tier]["finish_picture_diff"] > 0.2


def test_metallic_paint_gets_its_flakes_only_where_pixels_are_shaded_one_by_one(r):
    assert r["high"]["metallic_shader_differs"]  # the flake variant, on High only: the flake code costs every pixel
    assert not r["low"]["metallic_shader_differs"]
    assert r["high"]["metallic_picture_diff"] > 0.2


@pytest.mark.parametrize("tier", ["low", "high"])
def test_tail_lamps_brighten_under_braking_and_reverse_lamps_light_backwards(r, tier):
    t = r[tier]
    assert t["braking"] and t["tail_red_gain"] > 2000  # redder tail lamps in the picture
    assert t["reversing"] and not t["braking_after"]
    assert t["reverse_white_gain"] > 5000  # the reverse lamp lit at the back


def test_lamps_follow_the_drivers_brake_pedal_when_the_view_has_it():
    from game.sim.car import CarState
    from game.sim.controls import Controls
    from game.view.cars.car_lamps import CarLamps

    class Node:
        def set_shader_input(self, name, value):
            self.sent = (name, value)

    node = Node()
    lamps = CarLamps(node)
    s = CarState()
    s.forward = 5.0
    lamps.controls = Controls(brake=1.0)
    lamps.update(s, 1 / 60)
    assert lamps.braking and node.sent[1][1] > lamps.values()[0]  # tail lamps brighter than the headlights
    lamps.controls = Controls()
    for _ in range(30):
        lamps.update(s, 1 / 60)
    assert not lamps.braking


def test_the_sun_disc_sits_where_the_light_comes_from(r):
    toward, away = r["sun_toward"], r["sun_away"]
    assert abs(toward["x"] - toward["w"] / 2) < 8 and abs(toward["y"] - toward["h"] / 2) < 8  # brightest at the view's centre
    assert toward["peak"] > 245 and away["peak"] < toward["peak"] - 20


def test_an_overcast_look_draws_more_cloud_than_a_clear_one(r):
    assert r["clouds_0.9"] < r["clouds_0.0"] - 10  # whiter overhead


def test_cloud_cover_reads_the_tracks_look():
    from game.view.world.world_sky import CLOUDS_DEFAULT, cloud_cover

    assert cloud_cover({}) == CLOUDS_DEFAULT
    assert cloud_cover({"clouds": 0.8}) == 0.8 and cloud_cover({"clouds": 0}) == 0.0
    assert math.isclose(cloud_cover({"clouds": 2}), 1.0)


if __name__ == "__main__":
    _child()
