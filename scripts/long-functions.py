#!/usr/bin/env python3
"""Lists Swift function, initializer, accessor and closure bodies longer than a limit.

Usage: scripts/long-functions.py [--max N] [DIR...]   (default: --max 80, Sources)
A body's length is counted from the line of its opening brace to the line of its closing brace,
both included. Type bodies (struct, class, enum, extension, protocol, actor) are not functions;
control-flow blocks are part of the function around them, so only the outermost function-like
block is reported. Strings (also multi-line and raw) and comments are skipped, so their braces do
not count. Exit 1 when any body is over the limit.
"""
import os
import re
import sys

TYPE_WORDS = re.compile(r'\b(struct|class|enum|extension|protocol|actor)\b[^{}]*$')
CONTROL = re.compile(r'(\b(if|guard|for|while|switch|else|do|catch|repeat|defer)\b[^{}]*$)|(\bcase\b[^{}]*$)')


def braces(text):
    """Yields (offset, char) for every brace outside strings and comments."""
    i, n = 0, len(text)
    stack = []   # for string interpolation: depth of parentheses inside \( )
    while i < n:
        c = text[i]
        if text.startswith('//', i):
            i = text.find('\n', i)
            if i < 0:
                return
            continue
        if text.startswith('/*', i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith('/*', i):
                    depth, i = depth + 1, i + 2
                elif text.startswith('*/', i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
            continue
        if c == '#' or c == '"':
            m = re.match(r'(#*)("""|")', text[i:])
            if m:
                i = skip_string(text, i + len(m.group(0)), m.group(1), m.group(2))
                continue
        if c in '{}':
            yield i, c
        i += 1


def skip_string(text, i, hashes, quote):
    """Returns the offset after the string whose body starts at i."""
    n = len(text)
    close = quote + hashes
    escape = '\\' + hashes
    while i < n:
        if text.startswith(close, i):
            return i + len(close)
        if text.startswith(escape, i):
            j = i + len(escape)
            if j < n and text[j] == '(':
                # interpolation: skip a balanced expression, strings inside it included
                depth, j = 1, j + 1
                while j < n and depth:
                    if text[j] == '"':
                        m = re.match(r'("""|")', text[j:])
                        j = skip_string(text, j + len(m.group(0)), '', m.group(0))
                        continue
                    depth += text[j] == '('
                    depth -= text[j] == ')'
                    j += 1
                i = j
                continue
            i = j + 1
            continue
        i += 1
    return n


def long_bodies(path, limit):
    text = open(path, encoding='utf-8').read()
    line_of = lambda off: text.count('\n', 0, off) + 1
    stack = []   # (offset, kind) kind: 'type' | 'control' | 'function'
    found = []
    for off, c in braces(text):
        if c == '{':
            start = text.rfind('\n', 0, off) + 1
            # the text since the previous brace or semicolon: what the brace belongs to
            prev = max(text.rfind('{', 0, off), text.rfind('}', 0, off), text.rfind(';', 0, off))
            head = text[prev + 1:off]
            if TYPE_WORDS.search(head) and not re.search(r'\bfunc\b', head):
                kind = 'type'
            elif CONTROL.search(head.split('\n')[-1] if head.strip() else head) and not re.search(r'\b(func|init|var|let)\b', head.split('\n')[-1]):
                kind = 'control'
            else:
                kind = 'function'
            stack.append((off, kind, head))
        elif stack:
            open_off, kind, head = stack.pop()
            if kind != 'function':
                continue
            # only the outermost function-like block: none of the enclosing blocks is one
            if any(k == 'function' for _, k, _ in stack):
                continue
            first, last = line_of(open_off), line_of(off)
            if last - first + 1 > limit:
                name = ' '.join(head.split())[-90:]
                found.append((last - first + 1, first, last, name))
    return found


def main(argv):
    limit, dirs = 80, []
    args = iter(argv)
    for a in args:
        if a == '--max':
            limit = int(next(args))
        else:
            dirs.append(a)
    dirs = dirs or ['Sources']
    rows = []
    for d in dirs:
        for root, _, files in os.walk(d):
            for f in sorted(files):
                if f.endswith('.swift'):
                    p = os.path.join(root, f)
                    rows += [(n, p, a, b, name) for n, a, b, name in long_bodies(p, limit)]
    for n, p, a, b, name in sorted(rows, reverse=True):
        print(f'{n:4d} lines  {p}:{a}-{b}  {name}')
    print(f'{len(rows)} bodies over {limit} lines')
    return 1 if rows else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
