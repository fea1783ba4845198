"""The tandem judge: a chase scored against its lead, the gap's geometry, the scorecards and the battle (pure)."""
