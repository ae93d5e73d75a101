#!/usr/bin/env python3
"""Makes a library of small Live Photos, each with an identifier of its own, for the scale bench.

usage: live-library.py STILL MOVIE IDENTIFIER DIR COUNT PER_FOLDER [--stills-only]

STILL and MOVIE are one small pair paired by livephoto with IDENTIFIER (a UUID, written once in
each: the still's Apple MakerNote, the movie's content.identifier). Each copy gets a fresh
UUID of the same length in the same place, so it is the same valid pair with its own
identifier; copies are written as IMG_nnnn.JPG (+ .MOV) in folders f0000, f0001, ... of
PER_FOLDER. With --stills-only, no movies: lone stills, each with its own identifier.
"""
import os
import sys
import uuid


def template(path, identifier):
    data = open(path, "rb").read()
    at = data.find(identifier)
    if at < 0 or data.find(identifier, at + 1) >= 0:
        sys.exit(f"live-library: {path}: the identifier is not in it exactly once")
    return data[:at], data[at + len(identifier):]


def write(path, head, identifier, tail):
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        os.write(fd, head + identifier + tail)
    finally:
        os.close(fd)


def main():
    args = [a for a in sys.argv[1:] if a != "--stills-only"]
    stills_only = len(args) != len(sys.argv) - 1
    if len(args) != 6:
        sys.exit(__doc__)
    still, movie, identifier, out, count, per_folder = args
    identifier = identifier.encode()
    count, per_folder = int(count), int(per_folder)
    still_parts = template(still, identifier)
    movie_parts = template(movie, identifier)
    for n in range(count):
        folder = os.path.join(out, "f%04d" % (n // per_folder))
        if n % per_folder == 0:
            os.makedirs(folder, exist_ok=True)
        new_id = str(uuid.uuid4()).upper().encode()
        name = os.path.join(folder, "IMG_%04d" % (n % per_folder + 1))
        write(name + ".JPG", still_parts[0], new_id, still_parts[1])
        if not stills_only:
            write(name + ".MOV", movie_parts[0], new_id, movie_parts[1])


if __name__ == "__main__":
    main()
