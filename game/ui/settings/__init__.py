"""The settings screen and its pages: audio, display, controls, graphics, telemetry, wheel and pedals."""
