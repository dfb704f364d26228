"""Drive one student notebook in a real kernel and try scripted answers at each exercise.

Usage: .venv/bin/python reader_attempts/drive.py reader_attempts/nbNN.py
The attempts file defines NOTEBOOK (path) and EXERCISES: list of dicts with
  stub (cell index of the "your turn" cell), check (index of the %%ipytest cell, default stub+1),
  attempts: list of (kind, label, code) with kind in wrong/shortcut/correct, run in order.
Before the attempts the original stub cell runs once (it may hold setup lines).
Writes reader_attempts/results/<nb>.jsonl and <nb>.outputs.txt (every other cell's output).
"""

import json
import re
import sys
from pathlib import Path

from jupyter_client.manager import start_new_kernel

ROOT = Path(__file__).resolve().parents[1]
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def run(kc, code, timeout=600):
    out = []

    def hook(msg):
        t = msg["header"]["msg_type"]
        c = msg["content"]
        if t == "stream":
            out.append(c["text"])
        elif t in ("execute_result", "display_data"):
            d = c["data"]
            out.append(d.get("text/plain", "") + ("" if "text/plain" in d else "<%s>" % ",".join(d)))
            for rich in ("text/markdown", "text/html"):  # what a student reads, not just the repr
                if rich in d:
                    out.append("\n[%s] " % rich + re.sub(r"<[^>]+>", " ", re.sub(r"<style.*?</style>", "", d[rich], flags=re.S)))
            out.append("\n")
        elif t == "error":
            out.append("ERROR %s: %s\n%s\n" % (c["ename"], c["evalue"], "\n".join(c["traceback"][-3:])))

    reply = kc.execute_interactive(code, output_hook=hook, timeout=timeout)
    return ANSI.sub("", "".join(out)), reply["content"]["status"]


def main():
    spec_path = Path(sys.argv[1])
    ns = {"__file__": str(spec_path.resolve())}
    exec(spec_path.read_text(), ns)
    nb_path = ROOT / ns["NOTEBOOK"]
    nb = json.loads(nb_path.read_text())
    exercises = {e["stub"]: e for e in ns["EXERCISES"]}
    checks = {e.get("check", e["stub"] + 1) for e in ns["EXERCISES"]}
    only = ns.get("ONLY")
    resdir = ROOT / "reader2_attempts" / "results"
    resdir.mkdir(exist_ok=True)
    stem = spec_path.stem
    km, kc = start_new_kernel(kernel_name="python3", cwd=str(nb_path.parent))
    try:
        with open(resdir / f"{stem}.jsonl", "w") as res, open(resdir / f"{stem}.outputs.txt", "w") as outs:
            for i, cell in enumerate(nb["cells"]):
                if cell["cell_type"] != "code":
                    continue
                src = "".join(cell["source"])
                if i in checks:
                    continue
                text, status = run(kc, src)
                outs.write(f"=== cell {i} [{status}]\n{text}\n")
                outs.flush()
                ex = exercises.get(i)
                if ex is None:
                    continue
                check_src = "".join(nb["cells"][ex.get("check", i + 1)]["source"])
                for kind, label, code in ex["attempts"]:
                    if only and label not in only:
                        continue
                    t1, s1 = "", "ok"
                    for part in code if isinstance(code, list) else [code]:
                        if isinstance(part, tuple):  # (expr, template): a literal the student types, from a value worked out aside
                            v, _ = run(kc, "print(repr(%s))" % part[0])
                            part = part[1].replace("{v}", v.strip())
                        t1, s1 = run(kc, part)
                    t2, s2 = run(kc, check_src)
                    passed = bool(re.search(r"\b1 passed", t2)) and "failed" not in t2
                    rec = dict(exercise=ex.get("name", i), kind=kind, label=label, passed=passed,
                               answer_cell_status=s1, answer_out=t1[-800:], check_out=t2[-3000:])
                    res.write(json.dumps(rec) + "\n")
                    res.flush()
                    verdict = "PASS" if passed else "refused"
                    flag = ""
                    if (kind == "correct") != passed:
                        flag = "  <-- UNEXPECTED"
                    print(f"[{ex.get('name', i)}] {kind:8} {label:28} {verdict}{flag}", flush=True)
    finally:
        km.shutdown_kernel(now=True)


if __name__ == "__main__":
    main()
