"""Print each attempt's verdict and the essential lines of its check message."""
import json, re, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    out = r["check_out"]
    lines = [l for l in out.splitlines() if l.strip() and not re.match(r"^(=+|_+|-+|\s*\^|platform|rootdir|plugins|collected|tmp|\.|F\s|\[?\d+%|def |    def |>|E\s*$)", l)]
    msg = "\n      ".join(l[:400] for l in lines if re.search(r"^E |Error|Failed|assert|skipped|passed|failed|hint|show_answer|Traceback", l))
    print(f"## {r['exercise']} {r['kind']} {r['label']} -> {'PASS' if r['passed'] else 'refused'} (answer cell {r['answer_cell_status']})")
    if r["answer_cell_status"] != "ok":
        print("   ANSWER CELL:", r["answer_out"][-300:])
    print("      " + msg[:1500])
