"""The reference fleet driver's fixed constants (note 002 and its source facts).

Note 002: docs/reference/002-ai-cars.md; its source facts: docs/reference/002-implementation-facts.md.

These are the algorithm's own shape, not per-car tuning (per-car options live in data: the
`sideways fleet` scenario schema's defaults and data/drivers.json). Constants ending in `_PX`
are lengths or speeds in the note's pixels; the driver multiplies them by its length unit
(1 in the note's own units, metres-per-pixel in the game).
"""

from __future__ import annotations

# Construction
BODY_PER_WHEELBASE = 1.5  # body length (`width`) = wheelbase x 1.5 unless given
MAX_SPEED_SPREAD_BASE = 0.8  # maxSpeed x (0.8 + 0.4 r)
MAX_SPEED_SPREAD = 0.4
BRAKE_DECEL_BASE_PX = 60.0  # brakeDecel = 60 + 840 x brakes (px/s^2)
BRAKE_DECEL_RANGE_PX = 840.0

# Grip scaling of the brakes: effBrake = brakeDecel x (0.3 + 0.7 grip)
BRAKE_GRIP_FLOOR = 0.3
BRAKE_GRIP_SLOPE = 0.7

# Paths (driveTo)
MIN_PATH_DISTANCE_PX = 1.0  # a target closer than this clears the path
P1_ALONG = 0.33
P1_SIDE = 0.65
SHARED_MID_JITTER = 0.12
WILD_APPROACH_CHANCE = 0.15
WILD_DIST_BASE = 0.2
WILD_DIST_RANGE = 0.25
P2_ALONG = 0.67
P2_SIDE = 0.55
AVOID_FACTOR_BASE = 0.97  # avoidance speed factor 0.97 + 0.06 r (kept for the order of draws)
AVOID_FACTOR_RANGE = 0.06

# One update
BRAKE_MARGIN = 1.2  # brake when distance < 1.2 x braking distance
WHEEL_DECAY_RATE = 4.0  # inside the arrival radius the wheel decays by max(0, 1 - 4 dt)
ARRIVED_SPEED_PX = 10.0  # below this inside the arrival radius the car parks (px/s)
LOOKAHEAD_BASE = 0.06  # look-ahead: t + 0.06 + 0.14 x clamp(v / maxSpeed)
LOOKAHEAD_SPEED = 0.14
AVOID_RADIUS_SELF = 0.66  # neighbour radius 0.66 x width + 0.6 x other.width
AVOID_RADIUS_OTHER = 0.6
AVOID_WEIGHT_BRAKING = 0.8
AVOID_WEIGHT_CRUISING = 2.5
AVOID_MIN = 0.001  # an avoidance vector shorter than this is none
AGGRESSION_STEER_GAIN = 0.4  # maxSteer x (1 + 0.4 aggression)
AGGRESSION_RATE_GAIN = 0.6  # steeringRate x (...) x (1 + 0.6 aggression)
ALIGN_FLOOR = 0.6  # the source's floor (the README says 0.3)
ALIGN_FLOOR_COLLIDING = 0.7
PROXIMITY_RADIUS = 1.5  # boost applies within 1.5 x width
PROXIMITY_BOOST = 0.3
PROXIMITY_BOOST_COLLIDING = 0.7
EASE_OFF_BRAKE = 0.05  # above vTarget: slow at 0.05 x effBrake
SKID_STEER_GAIN = 1.4  # while skidding the wheel grows x1.4 per step, capped at 1.4 x maxSteering
ORBIT_ZONE = 5.0  # orbit counter runs within 5 x width of the target
ORBIT_MIN_SPEED_PX = 5.0
ORBIT_LIMIT = 6.283185307179586  # 2 pi of accumulated turning
ORBIT_BRAKE = 0.6  # orbit escape brakes at 0.6 x brakeDecel (raw, not grip-scaled)
ORBIT_STOP_SPEED_PX = 2.0

# Exhaust afterfire
EXHAUST_MIN_SPEED_PX = 50.0  # the timer runs above 50 px/s
EXHAUST_FRAMES = 5  # frames per pop (opacities 0.5, 1, 1, 0.66, 0.33)
EXHAUST_TRIPLE_CHANCE = 0.15  # a burst has 2 extra pops with r < 0.15, 1 with r < 0.55
EXHAUST_DOUBLE_CHANCE = 0.55
# Each pop re-rolls its flame shape with five draws, base + r x span: size, tip deflection (x flame
# half-width), tip length, left bulge, right bulge (view-only, but the draws keep the sequence).
EXHAUST_SHAPE_RANGES = ((0.8, 0.4), (-0.35, 0.7), (0.82, 0.36), (0.75, 0.55), (0.75, 0.55))

# Fleet
COLLISION_SPIN = 0.015  # heading turn per px of overlap x cross(push, forward)
COLLISION_SPIN_MOVING = 0.33  # a car with a target takes a third of it
COINCIDENT_PUSH_PX = 1.0  # two cars on the same spot are pushed 1 px apart along x
SCATTER_SEPARATION = 2.5  # fleet targets at least 2.5 x width apart
SCATTER_RADIUS_BASE = 0.66  # radius max(width x (0.66 + 0.33 n), 0.9 x 2.5 x width)
SCATTER_RADIUS_PER_CAR = 0.33
SCATTER_RADIUS_FLOOR = 0.9
SCATTER_TRIES = 200
SHARED_MID_ALONG = 0.45
SHARED_MID_SIDE = 0.7

# Skid types (the source's triggers, evaluated in priority order: stop, bump, turn, accel)
TURN_SLIP_RAD = 0.05
TURN_MIN_SPEED_PX = 60.0
ACCEL_MIN_SPEED_PX = 10.0
ACCEL_MAX_SPEED_PX = 100.0
NO_MARK_CHANCE = 0.5  # each new skid event leaves no marks with r < 0.5
LOCK_BALANCED = 0.5  # stop marks: r < 0.5 balanced, < 0.75 front-heavy, else rear-heavy
LOCK_FRONT_HEAVY = 0.75
LOCK_LIGHT_AXLE = 0.25
BUMP_ALPHA = 0.5
TURN_FULL_SLIP_RAD = 0.2  # turn marks reach full strength at 0.2 rad of slip
TURN_OUTER_ALPHA = 0.5
TURN_INNER_ALPHA = 0.2
MARK_FAN = 1.5  # rear marks move sideways by sin(slip) x body width x 1.5 x slipScale / grip
MARK_MIN_GRIP = 0.1
