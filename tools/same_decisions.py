#!/usr/bin/env python3
"""Hashes of what the players decide: run it on two checkouts, and the lines must match.

A change that should decide nothing differently (a rename, a move, a speed-up that
keeps the same clicks) is checked by running this on the code before and after and
comparing the output line by line (times aside):

    git archive BEFORE | tar -x -C /tmp/before
    python3 tools/same_decisions.py /tmp/before > before.txt
    python3 tools/same_decisions.py . > after.txt
    diff before.txt after.txt

What is hashed (each part can be named alone: bundle, classic, topcoder, checkio):
- bundle: the select list of REPO/dist/paiza_main.py with SOLVER_BUDGET=0 (no
  deadline: the same boards every run) on examples/board_pack_1000_both_middle.txt
  and on the first 2,000 boards of the official ADC2026 pack (../shared/data);
- classic: every click of games 0-299 expert, 0-149 expert with the modern first
  click and 0-199 intermediate, seed 1, the default guess policy;
- topcoder: every move of seeds 1-20 played in process at a 1000 s limit (so the
  player's clock never lowers its budgets: each move depends on the position alone);
- checkio: every answer of 500 games of the mission's referee, seed 1.
About a minute in all on this machine.
"""

import hashlib
import os
import subprocess
import sys
import tempfile

ADC2026_PACK = "adc2026_board_pack_10000_prog.txt"
ADC2026_BOARDS = 2000


def bundle(repo):
    """The bundle's select list on the middle pack and the first ADC2026 boards."""
    packs = [os.path.join(repo, "examples", "board_pack_1000_both_middle.txt")]
    official = os.path.join(repo, "..", "shared", "data", ADC2026_PACK)
    if not os.path.exists(official):
        official = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "data", ADC2026_PACK)
    with tempfile.TemporaryDirectory() as folder:
        if os.path.exists(official):
            with open(official) as handle:
                blocks = handle.read().split("\n\n")
            cut = os.path.join(folder, "adc2026_first_%d.txt" % ADC2026_BOARDS)
            with open(cut, "w") as handle:
                handle.write("\n\n".join(blocks[:ADC2026_BOARDS]) + "\n")
            packs.append(cut)
        else:
            print("bundle: %s not found, the ADC2026 boards skipped" % ADC2026_PACK)
        for pack in packs:
            with open(pack, "rb") as stdin:
                done = subprocess.run([sys.executable, os.path.join(repo, "dist", "paiza_main.py")], stdin=stdin,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=dict(os.environ, SOLVER_BUDGET="0"))
            summary = done.stderr.decode().strip().splitlines()[-1:]
            print("bundle %s: select list %s (%d bytes), %s" % (os.path.basename(pack), hashlib.sha256(done.stdout).hexdigest()[:16],
                                                                len(done.stdout), " ".join(summary).split("  seconds")[0]))


def classic(repo):
    from solver.variants.classic import referee
    from solver.variants.classic.player import ClassicPlayer

    for level, first_click, games in (("expert", "classic", 300), ("expert", "modern", 150), ("intermediate", "classic", 200)):
        digest = hashlib.sha256()

        class Recording(ClassicPlayer):
            clicks = digest  # this level's

            def next_click(self):
                x, y = super().next_click()
                self.clicks.update(b"%d,%d;" % (x, y))
                return x, y

        wins = 0
        for i in range(games):
            won, _, _ = referee.play_game(*referee.LEVELS[level], first_click, referee.game_seed(1, i), player_class=Recording)
            digest.update(b"|%d|" % won)
            wins += won
        print("classic %s %s, %d games: %d won, clicks %s" % (level, first_click, games, wins, digest.hexdigest()[:16]))


def topcoder(repo):
    from solver.variants.topcoder import harness

    digest = hashlib.sha256()
    original = harness.Game.move

    def move(game, line):
        digest.update(line.encode() + b";")
        return original(game, line)

    harness.Game.move = move
    total = 0.0
    for seed in range(1, 21):
        result, _ = harness.play_inprocess(seed, 1000)
        digest.update(b"|%r|" % result.score)
        total += result.score
    print("topcoder seeds 1-20 at a 1000 s limit: scores summed %.6f, moves %s" % (total, digest.hexdigest()[:16]))


def checkio(repo):
    support = os.path.join(repo, "tests", "support")
    sys.path.insert(0, support if os.path.isdir(support) else os.path.join(repo, "tests"))
    from checkio_referee import win_rate

    from solver.checkio import checkio as next_move

    digest = hashlib.sha256()

    def recording(field):
        answer = next_move(field)
        digest.update(repr(answer).encode())
        return answer

    wins, games, _ = win_rate(500, 1, recording)
    print("checkio %d games, seed 1: %d won, moves %s" % (games, wins, digest.hexdigest()[:16]))


PARTS = {"bundle": bundle, "classic": classic, "topcoder": topcoder, "checkio": checkio}


def main(argv):
    if not argv or argv[0] in ("-h", "--help") or any(part not in PARTS for part in argv[1:]):
        print("usage: same_decisions.py REPO [%s ...]" % "|".join(PARTS), file=sys.stderr)
        return 2
    repo = os.path.abspath(argv[0])
    sys.path.insert(0, repo)  # the package of that checkout, not this one's
    for part in argv[1:] or list(PARTS):
        PARTS[part](repo)
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
