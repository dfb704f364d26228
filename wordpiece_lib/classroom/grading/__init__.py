"""Old home of the grading modules: only ``fresh_checks`` is kept here, the path exported grade cells import."""
