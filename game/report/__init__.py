"""`sideways report`'s manoeuvres on the real sim: the standard table, the drivetrain's figures, launches, handling."""
