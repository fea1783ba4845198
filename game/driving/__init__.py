"""Engine-free driving, once a frame: devices become Controls, a wheel's axes mapped and its pedals calibrated, the drive loop."""
