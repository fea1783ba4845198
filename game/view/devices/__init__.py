"""Input devices through the engine: wheels, pedals and gamepads read through Panda3D, a wheel's force feedback through SDL2."""
