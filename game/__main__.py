"""`python -m game` does what the `sideways` command does."""

from game.cli import main

raise SystemExit(main())
