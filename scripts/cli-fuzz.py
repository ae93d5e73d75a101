#!/usr/bin/env python3
"""Damaged real files through the commands as a user runs them (`make cli-fuzz`).

The libFuzzer targets (`make fuzz`) drive the readers; this drives the whole program: each
round damages one file (bytes changed in its headers or anywhere, 4 bytes zeroed or set to FF,
the file cut short) taken from the corpus (../shared/corpus) and the fixtures, then runs the
commands that take it (inspect, verify, pair, make, make --wallpaper, convert both ways) on
copies in a scratch folder. It fails on what is a bug whatever the input:

  - a crash: an exit code outside 0-4, or a signal;
  - a run longer than the time limit (a hang);
  - stderr that is not one `livephoto: <path>: <reason>` line per problem (a line in another
    form), or text that leaks the program's insides (`Optional(`, `ParseError(`, `Error Domain=`).

It ends with each command's exit codes and its distinct refusal reasons (paths cut, numbers
masked), for a person to read: a reason that does not fit its input is a bug no exit code
shows (this is how `make --wallpaper`'s "span -0.200 s" for a still at 0 was found).

    scripts/cli-fuzz.py [--seed N] [--rounds N] [--binary PATH] [--corpus DIR] [--timeout S] [--examples]

A round is the same for a seed (and the same files), so `--examples` names the round and the
damage that gave a reason, and a rerun with the seed reproduces it.
"""
import argparse
import collections
import glob
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

LEAKS = re.compile(r"Optional\(|ParseError\(|LivePhotoError\(|Error Domain=|Swift\.|Fatal error")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def sources(corpus):
    files = sorted(glob.glob(os.path.join(ROOT, "Fixtures", "*.*")))
    if corpus and os.path.isdir(corpus):
        files += sorted(glob.glob(os.path.join(corpus, "*", "*")))
    kinds = {".jpg": "still", ".jpeg": "still", ".heic": "still", ".mov": "movie", ".mp4": "movie"}
    return [(f, kinds[os.path.splitext(f)[1].lower()]) for f in files if os.path.splitext(f)[1].lower() in kinds]


def damage(data, rnd):
    """One damage of the bytes, and its name."""
    data = bytearray(data)
    if not data:
        return data, "empty"
    kind = rnd.choice(["header", "header", "anywhere", "cut", "zero", "ones"])
    region = min(len(data), rnd.choice([4096, 65536, len(data)]))
    if kind == "header":
        for _ in range(rnd.randint(1, 20)):
            data[rnd.randrange(region)] = rnd.randrange(256)
    elif kind == "anywhere":
        for _ in range(rnd.randint(50, 500)):
            data[rnd.randrange(len(data))] = rnd.randrange(256)
    elif kind == "cut":
        data = data[:rnd.randrange(len(data))]
    else:
        at = rnd.randrange(region)
        data[at:at + 4] = b"\0\0\0\0" if kind == "zero" else b"\xff\xff\xff\xff"
    return data, kind


def runs_for(kind, damaged, partner, out):
    """The command lines that take the damaged file, with an intact partner where one is needed."""
    if kind == "movie":
        return [["inspect", damaged], ["verify", partner, damaged], ["pair", partner, damaged],
                ["make", "-o", out, damaged], ["make", "--wallpaper", "-o", out, damaged],
                ["convert", "--to", "motion", "-o", out, partner, damaged]]
    return [["inspect", damaged], ["verify", damaged, partner], ["pair", damaged, partner],
            ["convert", "-o", out, damaged], ["convert", "--to", "motion", "-o", out, damaged, partner]]


def reason_of(line):
    """A refusal's reason with its path cut and its numbers masked, to group alike ones."""
    reason = re.sub(r"^livephoto: [^:]*: ", "", line)
    return re.sub(r"\d+", "#", reason)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "livephoto"))
    parser.add_argument("--corpus", default=os.path.join(os.path.dirname(ROOT), "shared", "corpus"))
    parser.add_argument("--timeout", type=float, default=180)
    parser.add_argument("--examples", action="store_true", help="name the first run that gave each reason")
    args = parser.parse_args()
    files = sources(args.corpus)
    stills = [f for f, k in files if k == "still"]
    movies = [f for f, k in files if k == "movie"]
    rnd = random.Random(args.seed)
    codes = collections.Counter()
    reasons = collections.defaultdict(collections.Counter)
    examples = {}   # (command, reason): the first run that gave it, to reproduce
    bugs = []
    runs = 0
    scratch = tempfile.mkdtemp(prefix="livephoto-cli-fuzz-")
    try:
        for round_ in range(args.rounds):
            source, kind = rnd.choice(files)
            data, how = damage(open(source, "rb").read(), rnd)
            for run in range(len(runs_for(kind, "", "", ""))):
                # A fresh folder for each run: a pair or make changes its inputs.
                work = os.path.join(scratch, "work")
                shutil.rmtree(work, ignore_errors=True)
                os.makedirs(os.path.join(work, "out"))
                ext = os.path.splitext(source)[1]
                damaged = os.path.join(work, "IMG" + ext)
                with open(damaged, "wb") as f:
                    f.write(data)
                partner_source = rnd.choice(stills if kind == "movie" else movies)
                partner = os.path.join(work, "IMG" + os.path.splitext(partner_source)[1].upper())
                if partner.lower() == damaged.lower():
                    partner = os.path.join(work, "partner" + os.path.splitext(partner_source)[1])
                shutil.copyfile(partner_source, partner)
                line = runs_for(kind, damaged, partner, os.path.join(work, "out"))[run]
                command = line[0] + (" --wallpaper" if "--wallpaper" in line else "") + (" --to motion" if "--to" in line else "")
                what = f"round {round_}: {command} on {os.path.relpath(source, os.path.dirname(ROOT))} ({how})"
                runs += 1
                try:
                    r = subprocess.run([args.binary] + line, capture_output=True, timeout=args.timeout)
                except subprocess.TimeoutExpired:
                    bugs.append(f"{what}: still running after {args.timeout:.0f} s")
                    continue
                codes[(command, r.returncode)] += 1
                err = r.stderr.decode("utf-8", "replace")
                if r.returncode < 0 or r.returncode > 4:
                    bugs.append(f"{what}: exit {r.returncode}: {err[-300:]!r}")
                    keep = os.path.join(os.getcwd(), f"cli-fuzz-crash-{args.seed}-{round_}{ext}")
                    with open(keep, "wb") as f:
                        f.write(data)
                    bugs.append(f"  input kept as {keep}")
                for e in err.splitlines():
                    if not e.startswith("livephoto: "):
                        bugs.append(f"{what}: stderr line not in the livephoto: <path>: <reason> form: {e[:200]!r}")
                    elif r.returncode != 0 and ": warning: " not in e:
                        reasons[command][reason_of(e)] += 1
                        examples.setdefault((command, reason_of(e)), what)
                if LEAKS.search(err) or LEAKS.search(r.stdout.decode("utf-8", "replace")):
                    bugs.append(f"{what}: output shows the program's insides: {err[-300:]!r}")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    for command in sorted(reasons):
        exits = ", ".join(f"{code}: {n}" for (c, code), n in sorted(codes.items()) if c == command)
        print(f"{command} (exit codes {exits}):")
        for reason, n in reasons[command].most_common():
            print(f"  {n:4d}  {reason[:160]}")
            if args.examples:
                print(f"        first: {examples[(command, reason)]}")
    for bug in bugs:
        print("BUG", bug)
    print(f"cli-fuzz: seed {args.seed}, {args.rounds} rounds, {runs} runs, {len([b for b in bugs if not b.startswith('  ')])} problems")
    return 1 if bugs else 0


if __name__ == "__main__":
    sys.exit(main())
