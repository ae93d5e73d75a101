#!/usr/bin/env python3
"""Checks that named tests notice named one-line mutants, one rebuild each, in a tree whose
build is already done (a scratch clone, or a clean work tree: each file is put back after its
run, also on an error).

    scripts/mutants-check.py TREE LIST

LIST has one mutant a line, tab-separated: the source path, the original line and the mutated
line (both stripped of their indentation, as `scripts/mutants-equivalent.txt` spells them), and
the `swift test --filter` of the suites that must fail under it. Prints KILLED or SURVIVED per
line (a line that is not exactly once in its file is reported and passed over) and exits 1 when
one survived. What a random run (`MUTANTS_RANDOM`) draws is only the start: this closes the loop
on a survivor's new test, or on a claim that a test notices a mutant, without a whole run.
"""
import os
import subprocess
import sys

TEST_ENV = dict(os.environ, SWIFT_BACKTRACE="enable=no")
BUILD_TIMEOUT = 2400
TEST_TIMEOUT = int(os.environ.get("MUTANTS_TIMEOUT", "900"))


def run(tree, args, timeout):
    try:
        return subprocess.run(args, cwd=tree, capture_output=True, text=True, timeout=timeout, env=TEST_ENV).returncode
    except subprocess.TimeoutExpired:
        return None   # a hang: the tests did notice (a negated loop condition)


def check(tree, path, original, mutated, suites):
    full = os.path.join(tree, path)
    with open(full) as f:
        text = f.read()
    lines = text.split("\n")
    hits = [i for i, line in enumerate(lines) if line.strip() == original]
    if len(hits) != 1:
        return f"NOT-APPLIED {path}: the original line is there {len(hits)} times"
    i = hits[0]
    lines[i] = lines[i][:len(lines[i]) - len(lines[i].lstrip())] + mutated
    try:
        with open(full, "w") as f:
            f.write("\n".join(lines))
        if run(tree, ["swift", "build", "--build-tests"], BUILD_TIMEOUT) != 0:
            return f"NOT-BUILT {path}:{i + 1} (the mutant does not compile)"
        status = run(tree, ["swift", "test", "--skip-build", "--filter", suites], TEST_TIMEOUT)
        verdict = "SURVIVED" if status == 0 else "KILLED" + (" (timed out)" if status is None else "")
        return f"{verdict} {path}:{i + 1} by {suites}"
    finally:
        with open(full, "w") as f:
            f.write(text)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tree, listing = sys.argv[1], sys.argv[2]
    if run(tree, ["swift", "build", "--build-tests"], BUILD_TIMEOUT) != 0:
        sys.exit(f"mutants-check: {tree} does not build as it is")
    survived = killed = 0
    with open(listing) as f:
        entries = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    for n, entry in enumerate(entries, 1):
        if len(entry) != 4:
            print(f"{n} MALFORMED: expected 4 tab-separated fields, found {len(entry)}", flush=True)
            continue
        result = check(tree, *entry)
        survived += result.startswith("SURVIVED")
        killed += result.startswith("KILLED")
        print(f"{n} {result}", flush=True)
    print(f"killed {killed} of {len(entries)}")
    sys.exit(1 if survived else 0)


if __name__ == "__main__":
    main()
