#!/usr/bin/python3
"""Subsets Debian's Noto fonts into the WOFF2 files the client ships (public/fonts).

Usage: /usr/bin/python3 scripts/fonts.py PLAN.json OUT_DIR
PLAN.json (written by scripts/fonts.mjs) lists the faces: a source font (and its number
in a collection), the code points to keep (those the font has), the code points it must
have (a language file's characters), and the file to write. Each face is subset
with its layout features (Arabic joining, Indic conjuncts), saved as WOFF2, and read
back: a code point asked for and missing from the result fails the build.
Needs Debian's python3-fonttools and python3-brotli, and fonts-noto-core/-cjk.
"""
import json
import multiprocessing
import os
import sys

from fontTools import subset
from fontTools.ttLib import TTFont


def write_face(job: tuple) -> list:
    """Subsets one face into OUT_DIR; returns what went wrong (empty: nothing)."""
    face, out_dir = job
    problems = []
    options = subset.Options()
    options.flavor = 'woff2'
    options.layout_features = ['*']
    options.name_IDs = ['*']
    options.notdef_outline = True
    options.hinting = False
    options.desubroutinize = True
    font = TTFont(face['source'], fontNumber=face.get('number', 0), lazy=False)
    wanted = set(face['codepoints'])
    have = set(font.getBestCmap())
    missing_source = sorted(set(face.get('required', [])) - have)
    if missing_source:
        shown = ''.join(chr(c) for c in missing_source[:40])
        problems.append(f"{face['file']}: the source font lacks {len(missing_source)} needed characters: {shown}")
    keep = sorted(wanted & have)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=keep)
    subsetter.subset(font)
    path = f"{out_dir}/{face['file']}"
    font.flavor = 'woff2'
    font.save(path)
    got = set(TTFont(path).getBestCmap())
    lost = sorted(set(keep) - got)
    if lost:
        problems.append(f"{face['file']}: subsetting lost {len(lost)} characters")
    return problems


def main(plan_path: str, out_dir: str) -> int:
    with open(plan_path, encoding='utf-8') as f:
        plan = json.load(f)
    # One face per core, the largest sources first: the faces are independent, and the CJK
    # ones take seconds each.
    faces = sorted(plan['faces'], key=lambda face: -os.path.getsize(face['source']))
    jobs = [(face, out_dir) for face in faces]
    with multiprocessing.Pool(os.cpu_count() or 1) as pool:
        problems = [p for found in pool.imap_unordered(write_face, jobs) for p in found]
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1], sys.argv[2]))
