"""Telemetry out: the drive sent as Forza "Data Out" packets over UDP for dashboards, rigs and bass shakers."""
