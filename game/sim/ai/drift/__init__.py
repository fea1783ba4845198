"""The drift driver: run-up, initiation, the hold on each handling model, recovery, the tandem eyes, skill levels and its pilot (pure)."""
