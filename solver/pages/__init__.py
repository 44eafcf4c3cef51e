"""pages: standalone HTML pages a person reads to see why a board went wrong.

Owns: a play recorded with the player's beliefs (`trace`), the replay page
(`replay`, `replay_page`), the report of a select list (`report`), inline SVG
plots (`svgplot`) and what every page shares (`pagekit`).

May import: grid, official, engine, contest.
"""
