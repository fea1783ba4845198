"""Steering wheels and pedals: the pure mapping from raw axes to the driver's input, and pedal calibration."""
