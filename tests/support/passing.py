"""A Plan for the tests of the rounds: its first instance passes every other board over."""

from solver.contest.plan import Plan


def passing_over(made, second=None):
    """A Plan whose first instance passes every other board over (its sizes go to
    `made`); later ones want every board, after second(deadline) when given."""

    class PassingOver(Plan):
        def __init__(self, shapes, *args):
            super().__init__(shapes, *args)
            made.append(len(shapes[0]))  # (the boards' keys)

        def wanted(self, k, deadline, now=None):
            super().wanted(k, deadline, now)
            if len(made) == 1:
                return k % 2 == 0
            if second is not None:
                second(deadline)
            return True

    return PassingOver
