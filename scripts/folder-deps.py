#!/usr/bin/env python3
"""Lists the references from one folder of a Swift module to another, and checks them against
a one-way order of the folders.

Usage: scripts/folder-deps.py [--module DIR] [--detail] [--check]
  (default module: Sources/LivePhotoKit)

A reference is a use, in a file of folder A, of a name declared at the top level of a file in
folder B (a type, a top-level function or constant), of a member a file in B adds to a type in
an `extension` (used as `Type.member`), or an `extension` in A of a type declared in B.
Comments and string literals are left out before scanning. It reads text, so a local name that
shadows a type is counted too; a false edge is a cue to rename, not to silence.

--check: exits 1 when a folder refers to one at the same level or above it in ORDER (the
design guide's order, lowest first); folders on one line may not refer to each other.
"""
import os, re, sys
from collections import defaultdict

# Lowest first. A folder may refer only to folders on an earlier line.
ORDER = [
    ["Common"],
    ["HEIC"],
    # Verify decodes HEIC stills (libheif) for `still-decodes`.
    ["Verify"],
    ["Pair"],
    ["MotionPhoto", "Make"],
    ["Library"],
    ["Inspect", "Batch"],
    # The library's one public entry point (`LivePhoto.pair(...)` etc.) over all of the above.
    ["API"],
]

DECL = re.compile(r'^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|private|fileprivate|final|indirect)\s+)*'
                  r'(struct|class|enum|protocol|typealias|actor|func|let|var|extension)\s+([A-Za-z_][\w.]*)')
MEMBER = re.compile(r'^\s{4}(?:@\w+\s+)*(?:(?:public|internal|private|fileprivate|static|final|mutating|nonisolated)\s+)*'
                    r'(?:struct|class|enum|func|let|var|typealias)\s+([A-Za-z_]\w*)')
IDENT = re.compile(r'[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)?')


def strip(text):
    """Source without comments and string literals (line breaks kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith('//', i):
            j = text.find('\n', i)
            i = n if j < 0 else j
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2)
            seg = text[i:(n if j < 0 else j + 2)]
            out.append('\n' * seg.count('\n'))
            i = n if j < 0 else j + 2
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            seg = text[i:(n if j < 0 else j + 3)]
            out.append('""' + '\n' * seg.count('\n'))
            i = n if j < 0 else j + 3
        elif text[i] == '"':
            j, depth = i + 1, 0
            while j < n and not (text[j] == '"' and depth == 0) and text[j] != '\n':
                if text[j] == '\\' and j + 1 < n:
                    if text[j + 1] == '(':
                        depth += 1; j += 2; continue
                    j += 2; continue
                if depth and text[j] == '(':
                    depth += 1
                elif depth and text[j] == ')':
                    depth -= 1
                j += 1
            # keep interpolated code: it holds references too
            inner = text[i + 1:j]
            out.append(' ' + re.sub(r'[^\\]*?(\\\((.*)\))?', lambda m: ' ' + (m.group(2) or '') + ' ', inner) + ' ')
            i = j + 1
        else:
            out.append(text[i]); i += 1
    return ''.join(out)


def folder_of(module, path):
    rel = os.path.relpath(path, module)
    return rel.split(os.sep)[0] if os.sep in rel else '.'


def scan(module):
    files = {}
    for root, _, names in os.walk(module):
        for name in sorted(names):
            if name.endswith('.swift'):
                p = os.path.join(root, name)
                with open(p, encoding='utf-8') as f:
                    files[p] = strip(f.read())
    owner = {}          # name -> (folder, file)
    members = {}        # "Type.member" -> (folder, file)
    extends = []        # (file, type)
    for p, text in files.items():
        folder = folder_of(module, p)
        in_extension = None
        for line in text.split('\n'):
            m = DECL.match(line)
            if m:
                kind, name = m.groups()
                in_extension = None
                if kind == 'extension':
                    in_extension = name
                    extends.append((p, name.split('.')[0]))
                elif '.' not in name:
                    owner.setdefault(name, (folder, p))
                continue
            m = MEMBER.match(line)
            if m and in_extension:
                members.setdefault(in_extension + '.' + m.group(1), (folder, p))
    return files, owner, members, extends


def edges(module):
    files, owner, members, extends = scan(module)
    found = defaultdict(set)   # (from, to) -> {"file: name"}
    for p, text in files.items():
        src = folder_of(module, p)
        seen = set()
        for tok in IDENT.findall(text):
            head = tok.split('.')[0]
            for name, where in ((tok, members.get(tok)), (head, owner.get(head))):
                if where and where[0] != src and (name, where) not in seen:
                    seen.add((name, where))
                    found[(src, where[0])].add(f'{os.path.relpath(p, module)}: {name} '
                                               f'({os.path.basename(where[1])})')
    for p, t in extends:
        where = owner.get(t)
        src = folder_of(module, p)
        if where and where[0] != src:
            found[(src, where[0])].add(f'{os.path.relpath(p, module)}: extension {t}')
    return found


def level(folder):
    for i, row in enumerate(ORDER):
        if folder in row:
            return i
    return None


def main(argv):
    module = 'Sources/LivePhotoKit'
    if '--module' in argv:
        module = argv[argv.index('--module') + 1]
    found = edges(module)
    bad = []
    for (a, b), refs in sorted(found.items()):
        la, lb = level(a), level(b)
        backward = la is None or lb is None or lb >= la
        mark = '  BACKWARD' if backward else ''
        print(f'{a} -> {b} ({len(refs)}){mark}')
        if '--detail' in argv or (backward and '--check' in argv):
            for r in sorted(refs):
                print(f'    {r}')
        if backward:
            bad.append((a, b))
    if '--check' in argv and bad:
        print(f'{len(bad)} edge(s) against the order {ORDER}', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
