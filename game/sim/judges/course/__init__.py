"""The course judge: a run on a judged course scored out of 100, Line, Angle and Style, with its geometry and deductions (pure)."""
