"""Handling models: the ways a car can be driven, behind one small interface.

A handling model is any object with this shape (see `registry.VehicleModel`):

    id: str                                   registry key, stored in replays ("arcade", "sim")
    name: str                                 what a player sees ("Arcade", "Simulation")
    supports(car) -> bool                     whether this car has what the model needs
    top_speed_mps(car) -> float               the fastest it goes under its own power, flat and dry
    gearbox(car) -> GearboxInfo               gears, idle and redline rpm, whether it takes gear requests
    new_telemetry(car) -> Telemetry           telemetry (and model state) of a car at rest
    step(state, controls, car, catalog, world, dt) -> list[Event]
                                              advance one car by dt in place, return its events

`step` moves the shared `CarState` (game/sim/car.py) and writes its own figures into
`state.telemetry`; it finishes through `game.sim.body.finish_step` so walls, ground, air and the
drift state are shared code. Models are pure and deterministic like the rest of game/sim.
`registry.MODELS` maps ids to models; `registry.model(id)` looks one up.

Modules: `telemetry` (base Telemetry and the CSV's column list), `arcade` (the drift controller),
`cosmetic_gearbox` (the arcade model's gear and rpm for HUD and sound), `sim_car` (the simulation
model: engine, clutch, gearbox, Pacejka tyres, load transfer) with `drivetrain`, `tyres` and
`sim_params`, `gearbox_info` (what the HUD tachometer and the gearbox assists know of a model's
gearbox), `registry`.
"""
