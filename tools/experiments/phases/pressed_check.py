"""Does Plan.pressed() hold for every board a real run plays?  The package (not the
bundle) under the bundle's budget, from process start, with Plan.pressed recorded.
Usage: python3 pressed_check.py < pack   (prints boards played, pressed true/false counts)"""
import io
import os
import sys

sys.path.insert(0, os.environ.get("PHASES_REPO", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")))
from solver.contest import batch, paiza, plan  # noqa: E402
from solver.contest.clock import process_start  # noqa: E402

answers = []
original = plan.Plan.pressed


def pressed(self):
    answer = original(self)
    answers.append(answer)
    return answer


plan.Plan.pressed = pressed
start = process_start(paiza.FIRST_STATEMENT_CLOCK - paiza.STARTUP_ALLOWANCE_SECONDS)
text = paiza.pack_input(sys.stdin, ".")
err = io.StringIO()
batch.solve_text(text, io.StringIO(), err, batch.Settings(budget=paiza.BUDGET_SECONDS, start=start))
sys.stdout.write(err.getvalue())
print("pressed() asked %d times: true %d, false %d" % (len(answers), sum(answers), len(answers) - sum(answers)))
