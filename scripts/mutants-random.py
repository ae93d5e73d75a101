#!/usr/bin/env python3
"""Random one-line mutants for `make mutants` (MUTANTS_RANDOM=N MUTANTS_SEED=S).

Run by scripts/mutants.sh inside its scratch copy, after the unmutated build. Draws one-line
mutants with the seed from every Swift module by operator, builds each, and runs the tests of
its module; a mutant those tests miss is run against the test targets above its module (those
that link a module depending on it, and the CLI tests) before it counts as a survivor (a
box-layer mutant is often caught by the pairing tests above it). A mutant that does
not compile is not counted: the next one is drawn instead. Lines whose mutants cannot change
what a user sees (capacity hints, a closed descriptor's -1, a loop's chunk or window size) and drops of a `let` assignment
(which never compile) are not drawn, nor the mutants scripts/mutants-equivalent.txt lists (checked
by hand: no input tells them apart). A test run that outlives MUTANTS_TIMEOUT seconds (1800)
is stopped and counts as noticing the mutant (said apart: "killed by the time limit", and a line
before the last counts them, since a slow machine stops runs too); a test run stops at its first
failed test, which decides the verdict. The last line is `killed X of Y`.

Operators (each a change a careless edit could make):
  compare-flip    a comparison turned around (< to >=, == to !=, ...)
  compare-strict  <= made <, >= made >
  bound           an integer literal in a comparison or a range moved by one
  constant        an integer literal changed (0 to 1, N to N+1)
  negate          the condition of an if/guard/while negated
  drop            an expression statement (a call, an assignment, an append) removed
"""
import os
import random
import re
import signal
import subprocess
import sys
import threading

# Module folder -> the test target that is its own.
MODULE_TESTS = {
    "BinaryIO": "BinaryIOTests",
    "ISOBMFF": "ISOBMFFTests",
    "StillImage": "StillImageTests",
    "VideoFrames": "VideoFramesTests",
    "LivePhotoKit": "LivePhotoKitTests",
    "livephoto": "LivePhotoCLITests",
}

# Module folder -> the other test targets that can notice a change in it: those linking a
# module above it (Package.swift), and the CLI tests, which run the built binary (no other
# tests start it). A mutant its own tests miss is run against these before it counts as a
# survivor; the rest of the suite cannot see it, so it is not run again.
ABOVE = {
    "BinaryIO": ["ISOBMFFTests", "StillImageTests", "VideoFramesTests", "LivePhotoKitTests", "LivePhotoCLITests"],
    "ISOBMFF": ["VideoFramesTests", "LivePhotoKitTests", "LivePhotoCLITests"],
    "StillImage": ["LivePhotoKitTests", "LivePhotoCLITests"],
    "VideoFrames": ["LivePhotoKitTests", "LivePhotoCLITests"],
    "LivePhotoKit": ["LivePhotoCLITests"],
    "livephoto": [],
}

COMPARE_FLIP = {"<": ">=", ">": "<=", "<=": ">", ">=": "<", "==": "!=", "!=": "=="}
COMPARE_RE = re.compile(r"(?<=[\w)\]] )(==|!=|<=|>=|<|>)(?= [\w(.\[!$-])")
INT_RE = re.compile(r"(?<![\w.$])(\d+)(?![\w.])")
CONDITION_RE = re.compile(r"^(\s*)(if|guard|while) (?!let |var |case |#)(.+?)( else)? \{\s*$")
DROP_RE = re.compile(r"^\s*(try )?[a-z_][\w.]*(\([^=]*\)|\s*[+\-]?= .+|\.append\(.+\))\s*$")
# Lines whose literals only tune speed or mark "closed" (any other value behaves the same), size
# a message buffer (av_strerror fills what it is given) or a scan window (the loop reads on), or
# default the signal of a stop request that is only read once the stop happened, or size the
# pieces a loop works through (a copy's or a comparison's chunk, a read buffer, a scan's window,
# a block: the loop goes on until the end whatever the size): their mutants are equivalent by
# construction, so they are never drawn.
EQUIVALENT_RE = re.compile(r"reserveCapacity|capacity:|stackSize|\bfd = -1\b|usleep\(|repeating: 0, count: \d+\)|stop\?\.signal \?\? 0|count: Int\(min\(256, "
                           r"|let chunk = Int\(min\(UInt64\(1 << 20\)|repeating: 0, count: 1 << 16\)|let chunk: UInt64 = 1 << 20$|^\s*let window = 1 << \d+$|blockSize: Int \{ 1 << 14 \}")
# `name = value` (not `+=`): dropping it does not compile when `name` is a `let`, or a `var`
# declared without a value (initialized on every path); such drops are not drawn.
ASSIGN_RE = re.compile(r"^\s*(?:self\.)?([a-z_]\w*) = ")


def skip_line(line):
    s = line.strip()
    return (not s or s.startswith("//") or s.startswith("///") or s.startswith("import ")
            or s.startswith("@") or s.startswith("case ") or "\"" in s or "precondition" in s
            or "fatalError" in s or "static let" in s or "#if" in s or EQUIVALENT_RE.search(s))


def must_be_assigned(text, name):
    """Whether `name` is declared in `text` as a `let`, or a `var` with no initial value."""
    return re.search(rf"\blet {name}\b|\bvar {name}: [^=]*$", text, re.M) is not None


def candidates(root):
    found = []
    for module in sorted(MODULE_TESTS):
        base = os.path.join(root, "Sources", module)
        for dirpath, _, names in sorted(os.walk(base)):
            for name in sorted(names):
                if not name.endswith(".swift"):
                    continue
                path = os.path.relpath(os.path.join(dirpath, name), root)
                with open(os.path.join(root, path)) as f:
                    text = f.read()
                lines = text.split("\n")
                for i, line in enumerate(lines):
                    if skip_line(line):
                        continue
                    assigned = ASSIGN_RE.match(line)
                    found += [(module, path, i, op, line, new) for op, new in mutations(line)
                              if not (op == "drop" and assigned and must_be_assigned(text, assigned.group(1)))]
    return found


def known_equivalent(root):
    """The hand-checked equivalent mutants of scripts/mutants-equivalent.txt, as
    {(path, line, mutated line)} (stripped), each with its block's first line for reports."""
    entries = {}
    with open(os.path.join(root, "scripts", "mutants-equivalent.txt")) as f:
        blocks = [b for b in f.read().split("\n\n") if not b.lstrip().startswith("#")]
    for block in blocks:
        lines = block.strip().split("\n")
        path = lines[0].strip()
        old = next((l[2:].strip() for l in lines if l.startswith("- ")), None)
        new = next((l[2:].strip() for l in lines if l.startswith("+ ")), None)
        if not path or old is None or new is None or not any(l.startswith("why: ") for l in lines):
            sys.exit(f"mutants: scripts/mutants-equivalent.txt: an entry needs a file, `- `, `+ ` and `why: ` lines: {lines[0]}")
        entries[(path, old, new)] = f"{path}: {old}"
    return entries


def without_equivalents(pool, root):
    """`pool` less the known equivalent mutants; an entry that matches no candidate, or whose
    line is not unique in its file, is reported (the line changed: check it again)."""
    entries = known_equivalent(root)
    used, kept = set(), []
    for candidate in pool:
        _, path, _, _, old, new = candidate
        key = (path, old.strip(), new.strip())
        if key in entries:
            with open(os.path.join(root, path)) as f:
                if sum(1 for l in f.read().split("\n") if l.strip() == key[1]) == 1:
                    used.add(key)
                    continue
        kept.append(candidate)
    for key in entries.keys() - used:
        print(f"mutants: equivalent entry matches no candidate (the line changed or is not unique): {entries[key]}")
    return kept, len(used)


def mutations(line):
    """Every mutant of the line's code; its trailing `//` comment is kept and never mutated (a
    changed comment is no mutant). Lines holding a string literal are never drawn, so `//`
    here always starts a comment."""
    cut = line.find("//")
    if cut < 0:
        return mutations_of_code(line)
    code, comment = line[:cut], line[cut:]
    return [(op, new if op == "drop" else new + comment) for op, new in mutations_of_code(code)]


def mutations_of_code(line):
    out = []
    for m in COMPARE_RE.finditer(line):
        op = m.group(1)
        out.append(("compare-flip", line[:m.start()] + COMPARE_FLIP[op] + line[m.end():]))
        if op in ("<=", ">="):
            out.append(("compare-strict", line[:m.start()] + op[0] + line[m.end():]))
    in_bound = bool(COMPARE_RE.search(line)) or "..<" in line or "..." in line
    for m in INT_RE.finditer(line):
        n = int(m.group(1))
        if in_bound:
            for d in (1, -1):
                if n + d >= 0:
                    out.append(("bound", line[:m.start()] + str(n + d) + line[m.end():]))
        else:
            out.append(("constant", line[:m.start()] + str(1 if n == 0 else n + 1) + line[m.end():]))
    c = CONDITION_RE.match(line)
    if c and "," not in c.group(3) and " = " not in c.group(3):
        indent, keyword, cond, els = c.groups()
        out.append(("negate", f"{indent}{keyword} !({cond}){els or ''} {{"))
    if DROP_RE.match(line) and not line.rstrip().endswith("{") and "return" not in line:
        out.append(("drop", re.match(r"^\s*", line).group(0) + "_ = 0 // dropped"))
    return out


# A mutant can turn a loop endless (a negated `while`): a test run that outlives this is
# stopped, with every process it started, and counts as failing (the mutant is noticed).
TIMEOUT = int(os.environ.get("MUTANTS_TIMEOUT", "1800"))

# swift-testing's line for a failed expectation or a thrown error. The first one decides the
# verdict (the mutant is noticed), so the run stops there instead of finishing the suite.
FIRST_FAILURE_RE = re.compile(r"^\S* ?Test .* recorded an issue")


TIMED_OUT = "timed out"

# A mutant that traps (an index out of range, an overflow) crashes the test process. Swift's
# crash backtracer then symbolicates the whole test binary and can sit there past the time
# limit, turning a crash into a slow "killed by the time limit": without it the crash ends the
# run at once and counts as the failure it is.
TEST_ENV = dict(os.environ, SWIFT_BACKTRACE="enable=no")


def descendants(root):
    """Every process below `root`, from /proc (children first found, then theirs)."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    found, queue = [], [root]
    while queue:
        for child in children.get(queue.pop(), []):
            found.append(child)
            queue.append(child)
    return found


def run(cmd, log, stop_at_first_failure=False):
    """True when `cmd` exits 0, False when it fails, TIMED_OUT when it is stopped after
    TIMEOUT seconds with no failed test. Its output goes to `log`; it is stopped, with every
    process it started, at the time limit or (for a test run) at its first failed test."""
    with open(log, "a") as f:
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             start_new_session=True, text=True, errors="replace", env=TEST_ENV)
        stopped = []

        def stop(reason):
            if not stopped:
                stopped.append(reason)
                # `swift test` starts the test binary in a process group of its own: killing
                # only our group would leave a hung test spinning through every later mutant.
                for pid in [p.pid] + descendants(p.pid):
                    for kill in (os.killpg, os.kill):
                        try:
                            kill(pid, signal.SIGKILL)
                        except (ProcessLookupError, PermissionError):
                            pass

        timer = threading.Timer(TIMEOUT, stop, [f"stopped after {TIMEOUT} s"])
        timer.start()
        try:
            for line in p.stdout:
                f.write(line)
                if stop_at_first_failure and FIRST_FAILURE_RE.match(line):
                    stop("stopped at the first failed test")
                    break
            p.wait()
        finally:
            timer.cancel()
        if stopped:
            f.write(f"\nmutants: {stopped[0]}\n")
            return TIMED_OUT if stopped[0].startswith("stopped after") else False
        return p.returncode == 0


def main():
    wanted, seed, swift, root = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], os.getcwd()
    pool, equivalent = without_equivalents(candidates(root), root)
    random.Random(seed).shuffle(pool)
    logs = os.path.join(root, ".mutant-logs")
    os.makedirs(logs, exist_ok=True)
    print(f"mutants: {len(pool)} candidate one-line mutants ({equivalent} known equivalent left out, "
          f"scripts/mutants-equivalent.txt); drawing {wanted} that compile (seed {seed})")
    tested = killed = timed_out = 0
    survivors = []
    for module, path, i, op, old, new in pool:
        if tested == wanted:
            break
        full = os.path.join(root, path)
        with open(full) as f:
            original = f.read()
        lines = original.split("\n")
        if lines[i] != old:
            continue
        lines[i] = new
        with open(full, "w") as f:
            f.write("\n".join(lines))
        name = f"{path}:{i + 1}:{op}"
        log = os.path.join(logs, "random-" + re.sub(r"[^A-Za-z0-9]", "_", name) + ".log")
        open(log, "w").close()
        try:
            if run([swift, "build", "--build-tests"], log) is not True:
                continue
            tested += 1
            own = MODULE_TESTS[module]
            verdict = run([swift, "test", "--skip-build", "--filter", own], log, stop_at_first_failure=True)
            where = own
            if verdict is True and ABOVE[module]:
                verdict = run([swift, "test", "--skip-build", "--filter", "|".join(ABOVE[module])], log,
                              stop_at_first_failure=True)
                where = "the suites above it"
            # A run stopped at the time limit counts as noticing (a mutant can hang a loop), but
            # a slow machine stops runs too: it is said apart, so the count can be read both ways.
            if verdict == TIMED_OUT:
                result = f"killed by the time limit ({where}; no test had failed)"
                killed += 1
                timed_out += 1
            elif verdict is False:
                result = f"killed by {where}"
                killed += 1
            else:
                result = "SURVIVED"
                survivors.append(name)
            print(f"  {name:70} {result}\n      - {old.strip()}\n      + {new.strip()}", flush=True)
        finally:
            with open(full, "w") as f:
                f.write(original)
    subprocess.run([swift, "build", "--build-tests"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if survivors:
        print("mutants: survived: " + " ".join(survivors))
    if timed_out:
        print(f"mutants: {timed_out} of the kills are runs stopped at the time limit ({TIMEOUT} s) with no failed test: "
              "a hang, or a machine too slow for the limit (rerun them with a longer MUTANTS_TIMEOUT)")
    print(f"killed {killed} of {tested}")
    sys.exit(0 if tested and killed * 100 >= 85 * tested else 1)


if __name__ == "__main__":
    main()
