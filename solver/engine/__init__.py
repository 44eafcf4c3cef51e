"""engine: the player, and everything it reasons with.

Owns: constraints and components (`frontier`), certain cells (`deduce`), the
deduction steps cheapest first until nothing changes, as the variants run them
(`steps`), exact counting (`counting`, `sweep`, `coupling`, behind `probability`), when to
guess and when to stop (`policy`: the guess policy, the stop test, the hurry), the exact
endgame (`endgame`), and one board's loop (`player`); a policy that looks two steps
ahead, for the commands that ask for it (`lookahead`); for the variants that play to win,
the deeper two-step look (`twostep`), exact layout counts (`layouts`) and dead
cells (`dead`).

May import: grid.  Never official: the engine sees a board only through the
judge's View and its Task (fair play; tests/package/test_layers.py checks it).
"""
