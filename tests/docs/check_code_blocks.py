#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The shell code blocks of README.md and docs/*.md still work.

Every ```sh / ```bash block: each command it names exists - a shell builtin, a program on
PATH, a file of this tree (tools/test.sh, bench/ab/cpuacl_ab.py, ...), a program the build
makes (cpuacl-bench: looked up in the build tree), or `./x` that the block itself builds
(`-o x`) - and every argument that names a file of the tree (tests/..., build/release/...)
exists.

A block preceded by a line `<!-- runnable -->` also runs (bash -eo pipefail, in a scratch
directory, with the build's tools on PATH and a timeout). The marker may carry
substitutions and files:
    <!-- runnable: /opt/cpuacl=$PREFIX app.c=tests/install/consumer/consumer.c -->
`$PREFIX` is a scratch install of the build tree (made once, when a block asks for it);
`name=path` copies the tree's file `path` into the scratch directory as `name`.

usage: check_code_blocks.py SOURCE_DIR BUILD_DIR
"""
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

FENCE = re.compile(r'^\s*```(\w*)')
MARK = re.compile(r'^\s*<!--\s*runnable(?::\s*(.*?))?\s*-->\s*$')
BUILTINS = {'source', '.', 'cd', 'export', 'set', 'unset', 'echo', 'test', '[', 'true',
            'false', 'exit', 'for', 'do', 'done', 'if', 'then', 'fi', 'else', 'while'}
TREE_DIRS = ('tools/', 'tests/', 'bench/', 'python/', 'docs/', 'cmake/', 'core/', 'include/')
BUILD_TOOLS = {'cpuacl-bench': 'bench/cpuacl-bench', 'hccl-bench': 'bench/hccl-bench'}


def blocks(path):
    """(line, language, text, marker or None) of each fenced block."""
    lines = open(path, encoding='utf-8').read().split('\n')
    i, out = 0, []
    while i < len(lines):
        m = FENCE.match(lines[i])
        if m:
            j = i + 1
            while j < len(lines) and not FENCE.match(lines[j]):
                j += 1
            mark = MARK.match(lines[i - 1]) if i > 0 else None
            out.append((i + 1, m.group(1), '\n'.join(lines[i + 1:j]),
                        (mark.group(1) or '') if mark else None))
            i = j
        i += 1
    return out


def commands(text):
    """The simple commands of a block: lists of words, comments and continuations gone."""
    text = text.replace('\\\n', ' ')
    out = []
    for line in text.split('\n'):
        try:
            words = shlex.split(line, comments=True)
        except ValueError:
            words = line.split('#')[0].split()
        cmd = []
        for w in words + [';']:
            if w in ('&&', '||', ';', '|', '&'):
                while cmd and re.match(r'^[A-Za-z_][A-Za-z0-9_]*=', cmd[0]):
                    cmd.pop(0)  # VAR=value prefixes
                if cmd:
                    out.append(cmd)
                cmd = []
            else:
                cmd.append(w)
    return out


def check_block(src, build, where, text):
    errors = []
    built = set(re.findall(r'-o\s+(\S+)', text))
    for cmd in commands(text):
        name = cmd[0]
        if name in BUILTINS or shutil.which(name):
            pass
        elif name in BUILD_TOOLS:
            if not os.path.exists(os.path.join(build, BUILD_TOOLS[name])):
                errors.append(f'{where}: {name}: not built ({BUILD_TOOLS[name]})')
        elif name.startswith('./') and name[2:] in built:
            pass
        elif not os.path.exists(os.path.join(src, name)):
            errors.append(f'{where}: command {name!r} does not exist')
        for arg in cmd[1:]:
            if arg.startswith(TREE_DIRS) and not any(c in arg for c in '*$<>'):
                if not os.path.exists(os.path.join(src, arg)):
                    errors.append(f'{where}: {name}: {arg} does not exist')
            elif arg.startswith('build/release/'):
                if not os.path.exists(os.path.join(build, arg[len('build/release/'):])):
                    errors.append(f'{where}: {name}: {arg} is not in the build tree')
    return errors


class Runner:
    def __init__(self, src, build):
        self.src, self.build = src, build
        self.tmp = tempfile.mkdtemp(prefix='cpuacl_code_blocks_')
        self.prefix = None

    def install(self):
        if self.prefix is None:
            self.prefix = os.path.join(self.tmp, 'prefix')
            subprocess.run(['cmake', '--install', self.build, '--prefix', self.prefix],
                           check=True, stdout=subprocess.DEVNULL)
        return self.prefix

    def run(self, where, text, mark):
        work = tempfile.mkdtemp(dir=self.tmp)
        for item in mark.split():
            old, _, new = item.partition('=')
            if new == '$PREFIX':
                text = text.replace(old, self.install())
            else:
                shutil.copy(os.path.join(self.src, new), os.path.join(work, old))
        env = dict(os.environ)
        env['PATH'] = os.pathsep.join([os.path.join(self.build, 'bench'), env.get('PATH', '')])
        env['CPUACL_SOURCE_DIR'] = self.src
        # Commands naming tree files (tools/test.sh) run from the tree; files a block makes
        # go to the scratch directory through the substitutions above.
        script = f'cd {shlex.quote(work)}\n' + re.sub(
            r'(^|\s)((?:tools|tests|bench|python)/\S+)',
            lambda m: m.group(1) + shlex.quote(os.path.join(self.src, m.group(2))), text)
        try:
            p = subprocess.run(['bash', '-eo', 'pipefail', '-c', script], env=env,
                               capture_output=True, text=True, timeout=20)
        except subprocess.TimeoutExpired:
            return [f'{where}: timed out (20 s)']
        if p.returncode != 0:
            return [f'{where}: exit {p.returncode}\n{p.stdout}{p.stderr}']
        print(f'{where}: ran\n' + ''.join('    ' + l + '\n' for l in p.stdout.splitlines()[:8]))
        return []

    def close(self):
        shutil.rmtree(self.tmp, ignore_errors=True)


def main():
    src, build = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    files = [os.path.join(src, 'README.md')] + sorted(glob.glob(os.path.join(src, 'docs', '*.md')))
    errors, checked, ran = [], 0, 0
    runner = Runner(src, build)
    try:
        for f in files:
            rel = os.path.relpath(f, src)
            for line, lang, text, mark in blocks(f):
                if lang not in ('sh', 'bash'):
                    continue
                where = f'{rel}:{line}'
                checked += 1
                errors += check_block(src, build, where, text)
                if mark is not None:
                    ran += 1
                    errors += runner.run(where, text, mark)
    finally:
        runner.close()
    for e in errors:
        print('FAIL', e)
    print(f'check_code_blocks: {checked} shell blocks checked, {ran} run, {len(errors)} errors')
    if ran == 0:
        print('FAIL no block is marked runnable')
        return 1
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
