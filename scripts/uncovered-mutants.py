#!/usr/bin/env python3
"""The random mutants (scripts/mutants-random.py's pool) that no test can kill because no test
runs their line: a coverage run of the whole suite, then every candidate whose line the
profile counts 0 times. Those survive whatever seed draws them; each is a test to write (or an
equivalent to prove). Lines the profile has no count for (declarations, a `}`) are left out.

    swift test --enable-code-coverage --scratch-path .build-cov
    python3 scripts/uncovered-mutants.py .build-cov        # file:line  operator  line as mutated

The count is over all candidates, with the known equivalents out, as `make mutants` draws.
Under coverage some CLI tests fail (the built binary reports a profile it cannot write, run as
another user or under `ulimit -f`, on stderr), and `swift test` then merges no profile: this
script merges the raw profiles itself, leaving out those a killed process left truncated.
"""
import importlib.util
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
def toolchain(tool):
    """`tool` from the toolchain `swift` runs from (its profile format), else from PATH."""
    swift = shutil.which("swift")
    beside = os.path.join(os.path.dirname(os.path.realpath(swift)), tool) if swift else ""
    return beside if os.path.exists(beside) else tool


LINE_RE = re.compile(r"^\s*(\d+)\|\s*([0-9.]+[kMG]?)?\|")


def random_mutants():
    spec = importlib.util.spec_from_file_location("mutants_random", os.path.join(ROOT, "scripts", "mutants-random.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    pool, _ = module.without_equivalents(module.candidates(ROOT), ROOT)
    return pool


def merge_raw_profiles(folder, profile):
    raw = sorted(os.path.join(folder, n) for n in os.listdir(folder) if n.endswith(".profraw")) if os.path.isdir(folder) else []
    if not raw:
        sys.exit(f"uncovered-mutants: no profile in {folder}: run `swift test --enable-code-coverage --scratch-path ...` first")
    whole = [p for p in raw if subprocess.run([toolchain("llvm-profdata"), "show", p], capture_output=True).returncode == 0]
    print(f"uncovered-mutants: merging {len(whole)} raw profiles ({len(raw) - len(whole)} truncated left out)", file=sys.stderr)
    subprocess.run([toolchain("llvm-profdata"), "merge", "-sparse", "-o", profile] + whole, check=True)


def unexecuted_lines(scratch):
    """{source path relative to the root: {0-based line numbers counted 0 times}}."""
    debug = os.path.join(scratch, "debug")
    profile = os.path.join(debug, "codecov", "default.profdata")
    binary = os.path.join(debug, "livephotoPackageTests.xctest")
    livephoto = os.path.join(debug, "livephoto")
    if not os.path.exists(profile):
        merge_raw_profiles(os.path.dirname(profile), profile)
    # The CLI tests run the built binary, whose profile joins the test binary's in one file.
    objects = [binary] + (["-object", livephoto] if os.path.exists(livephoto) else [])
    text = subprocess.run([toolchain("llvm-cov"), "show", "-instr-profile", profile, "-use-color=false", "-show-line-counts"] + objects
                          + [os.path.join(ROOT, "Sources")], capture_output=True, text=True, check=True).stdout
    found, current = {}, None
    for line in text.split("\n"):
        if line.startswith("/") and line.rstrip().endswith(".swift:"):
            current = os.path.relpath(line.rstrip()[:-1], ROOT)
            found.setdefault(current, set())
            continue
        m = LINE_RE.match(line)
        if current and m and m.group(2) == "0":
            found[current].add(int(m.group(1)) - 1)
    return found


def main():
    scratch = sys.argv[1] if len(sys.argv) > 1 else ".build"
    unexecuted = unexecuted_lines(scratch)
    pool = random_mutants()
    missed = [c for c in pool if c[2] in unexecuted.get(c[1], ())]
    for module, path, index, op, old, new in missed:
        print(f"{path}:{index + 1}  {op}  {(old if op == 'drop' else new).strip()}")
    by_module = {}
    for c in missed:
        by_module[c[0]] = by_module.get(c[0], 0) + 1
    print(f"uncovered-mutants: {len(missed)} of {len(pool)} candidates are on lines no test runs "
          + "(" + ", ".join(f"{m} {n}" for m, n in sorted(by_module.items())) + ")")


if __name__ == "__main__":
    main()
