"""Counts per notebook from results/nbNN.jsonl (the main runs; the *_sticky / *_hf re-checks are listed apart)."""
import json, glob, collections
for path in sorted(glob.glob("results/nb*.jsonl")):
    rows = [json.loads(l) for l in open(path)]
    c = collections.Counter((r["kind"], r["passed"]) for r in rows)
    ex = len({r["exercise"] for r in rows})
    print(f"{path.split('/')[-1]:<22} exercises {ex:>2} | correct {c['correct', True]}/{c['correct', True] + c['correct', False]} passed"
          f" | wrong {c['wrong', True] + c['wrong', False]} tried, {c['wrong', True]} accepted"
          f" | shortcut {c['shortcut', True] + c['shortcut', False]} tried, {c['shortcut', True]} accepted")
    for r in rows:
        if (r["kind"] == "correct") != r["passed"]:
            print(f"     {r['exercise']}: {r['kind']} {r['label']} -> {'PASS' if r['passed'] else 'refused'}")
