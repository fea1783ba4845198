"""Photo mode's looks (exposure, vignette, black and white, focus for a depth-of-field blur) and the GLSL that draws them."""

from __future__ import annotations

from dataclasses import dataclass, replace

EXPOSURE_STEP_EV = 0.25
EXPOSURE_RANGE_EV = (-2.0, 2.0)
VIGNETTE_STEPS = (0.0, 0.35, 0.65, 1.0)  # V cycles through these strengths
DOF_STEPS = (0.0, 0.5, 1.0)  # off, soft, strong: the blur's largest radius as a share of DOF_MAX_PX
DOF_NAMES = ("off", "soft", "strong")
DOF_MAX_PX = 9.0  # the widest blur at 720 px of picture height (scaled with the height: a 2x shot blurs alike)
SHARP_BAND = 0.15  # depths within this share of 1/focus of the focus plane stay sharp (a car's length at ~9 m)
FOCUS_RANGE_M = (0.5, 150.0)
FOCUS_RATE = 1.2  # focus moves by this factor per second held (distances feel even near and far)


@dataclass(frozen=True)
class Looks:
    """How the picture is graded: exposure (EV stops), vignette (0..1), black and white, focus (m) and depth of field."""

    exposure_ev: float = 0.0
    vignette: float = 0.0
    mono: bool = False
    focus_m: float = 8.0
    dof: float = 0.0  # 0 off, up to 1 strong

    def label(self) -> str:
        """One line for the help strip: every look's value."""
        dof = DOF_NAMES[DOF_STEPS.index(self.dof)] if self.dof in DOF_STEPS else f"{self.dof:.2f}"
        return (f"Exposure {self.exposure_ev:+.2f} EV   Vignette {self.vignette:.0%}   {'Black & white' if self.mono else 'Colour'}"
                f"   Focus {self.focus_m:.1f} m   Depth of field {dof}")


def exposure(looks: Looks, steps: int) -> Looks:
    """Brighter (+) or darker (-) by whole steps, within the range."""
    lo, hi = EXPOSURE_RANGE_EV
    return replace(looks, exposure_ev=min(hi, max(lo, looks.exposure_ev + steps * EXPOSURE_STEP_EV)))


def _next(values: tuple[float, ...], now: float) -> float:
    i = values.index(now) if now in values else -1
    return values[(i + 1) % len(values)]


def cycle_vignette(looks: Looks) -> Looks:
    """The next vignette strength (none after the strongest)."""
    return replace(looks, vignette=_next(VIGNETTE_STEPS, looks.vignette))


def cycle_dof(looks: Looks) -> Looks:
    """Depth of field off -> soft -> strong -> off."""
    return replace(looks, dof=_next(DOF_STEPS, looks.dof))


def toggle_mono(looks: Looks) -> Looks:
    """Black and white on or off."""
    return replace(looks, mono=not looks.mono)


def refocus(looks: Looks, direction: float, dt: float) -> Looks:
    """Focus farther (+) or nearer (-), direction -1..1 held for dt seconds."""
    lo, hi = FOCUS_RANGE_M
    return replace(looks, focus_m=min(hi, max(lo, looks.focus_m * FOCUS_RATE ** (direction * dt * 2.0))))


def uniforms(looks: Looks, near_m: float, far_m: float, height_px: int) -> dict[str, tuple[float, ...]]:
    """The shader's inputs for these looks on a lens (near, far clip) drawing a picture this many pixels high."""
    return {"look": (2.0 ** looks.exposure_ev, looks.vignette, 1.0 if looks.mono else 0.0, 0.0),
            "focus": (looks.focus_m, looks.dof * DOF_MAX_PX * height_px / 720.0, near_m, far_m)}


VERT = """#version 140
uniform mat4 p3d_ModelViewProjectionMatrix;
in vec4 p3d_Vertex;
in vec2 p3d_MultiTexCoord0;
out vec2 uv;
void main() {
    gl_Position = p3d_ModelViewProjectionMatrix * p3d_Vertex;
    uv = p3d_MultiTexCoord0;
}
"""

# Depth of field: a disc of taps whose radius grows with the circle of confusion, |1/focus - 1/depth| (thin lens,
# aperture folded into the strength) past a sharp band round the focus plane; each tap weighted by its own blur so a sharp subject does not bleed onto a blurred
# background. Exposure as a gain of 2^EV; vignette a smooth darkening to the corners; black and white by Rec. 709 luma.
FRAG = """#version 140
uniform sampler2D tex;
uniform sampler2D dtex;
uniform vec4 look;   // gain, vignette, mono, unused
uniform vec4 focus;  // focus (m), max blur (px), near (m), far (m)
in vec2 uv;
out vec4 p3d_FragColor;
const int TAPS = 16;
const float BAND = SHARP_BAND;
float metres(float d) {
    float z = d * 2.0 - 1.0;
    return 2.0 * focus.z * focus.w / (focus.w + focus.z - z * (focus.w - focus.z));
}
float coc(vec2 at) {
    float m = metres(texture(dtex, at).r);
    return clamp((abs(1.0 - focus.x / m) - BAND) / (1.0 - BAND), 0.0, 1.0) * focus.y;
}
void main() {
    vec3 c = texture(tex, uv).rgb;
    if (focus.y > 0.0) {
        vec2 px = 1.0 / vec2(textureSize(tex, 0));
        float r = coc(uv);
        vec3 sum = c;
        float wsum = 1.0;
        for (int i = 0; i < TAPS; i++) {
            float a = float(i) * 2.39996;  // the golden angle: an even spiral of taps
            float k = sqrt((float(i) + 0.5) / float(TAPS));
            vec2 at = clamp(uv + vec2(cos(a), sin(a)) * k * r * px, 0.5 * px, 1.0 - 0.5 * px);  // never wrap to the far edge
            float w = clamp(coc(at) / max(r, 0.001), 0.0, 1.0);
            sum += texture(tex, at).rgb * w;
            wsum += w;
        }
        c = r > 0.5 ? sum / wsum : c;
    }
    c *= look.x;
    vec2 d = uv - 0.5;
    c *= 1.0 - look.y * smoothstep(0.25, 0.75, length(d * vec2(1.15, 1.0)));
    float y = dot(c, vec3(0.2126, 0.7152, 0.0722));
    c = mix(c, vec3(y), look.z);
    p3d_FragColor = vec4(clamp(c, 0.0, 1.0), 1.0);
}
"""
FRAG = FRAG.replace("SHARP_BAND", f"{SHARP_BAND:.3f}")
