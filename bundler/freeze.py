"""Step 6 of the build: the minified script with its code compiled ahead, for a faster start.

Compiling the script costs every run more than the rest of its start together
(docs/measurements/startup.md, "The code compiled ahead"), and a code object depends only on the
interpreter's bytecode, which its magic number names.  So the script becomes a loader
of a few lines (LOADER), then the minified source as one readable string literal,
then one entry per interpreter asked for (`--freeze`): the source compiled by that
interpreter in a child process (`compile_with`), marshalled behind its magic number,
zlib-compressed and base64-encoded, keyed by that magic number.  The loader takes the
entry its interpreter's magic number keys; when there is none, or it is damaged
(zlib's check fails, or the magic number inside differs), it hands exec the source
instead (exec compiles a string without first making the ast module's hundred-odd
classes, which the builtin compile() does: "Start-up" again).  So any interpreter
runs the script, a frozen one without compiling it.  No version to freeze: the plain
minified script.

The source is compiled after as many blank lines as come before it in the script, so
the line numbers of a traceback are the script's own either way (its file name:
FILENAME, or "<string>" for the source).  Code objects are compiled with
PYTHONHASHSEED=0 (the same bytes every time) and, on 3.11 and later, without column
positions (PYTHONNODEBUGRANGES: a third of the bytes; a traceback then shows no
carets).

A rebuild keeps an entry of the script it replaces (`committed`) in two cases: its
payload is the one rebuilt (another zlib may compress it to other bytes), or no
interpreter here can rebuild it exactly (none of that minor version, or another micro
version) and it was made from the same text.  So ``build.py --check`` passes on a
machine without CPython 3.8 when the sources are unchanged, and fails when they are
not (the old code would run stale sources).
"""

import ast
import binascii
import hashlib
import os
import re
import subprocess
import zlib
from collections import namedtuple

from .checks import TARGET_VERSION, find_python
from .errors import BuildError

FILENAME = "paiza_main.py"  # the code objects' file name, in tracebacks

Frozen = namedtuple("Frozen", "version magic encoded digest")
Frozen.__doc__ = """One interpreter's code object in the script.

version -- the interpreter that compiled it, "3.8.18"
magic   -- its bytecode's magic number (4 bytes), the key the loader looks up
encoded -- base64 of zlib of magic + marshal.dumps(code)
digest  -- sha256 of the text compiled (the source after its blank lines)"""

# The child: compile stdin's text as FILENAME, write the version, the magic number and the code.
_COMPILE = (
    "import marshal, sys\n"
    "from importlib.util import MAGIC_NUMBER\n"
    "code = compile(sys.stdin.buffer.read().decode('utf-8'), %r, 'exec', dont_inherit=True)\n"
    "sys.stdout.buffer.write(('%%d.%%d.%%d\\n' %% sys.version_info[:3]).encode() + MAGIC_NUMBER + marshal.dumps(code))\n"
) % FILENAME

LOADER = '''# The program is the minified source below.  The loader runs instead the code compiled
# ahead for this interpreter's bytecode when the script holds it (the entries after the
# source, keyed by magic number: build.py --freeze); else exec compiles the source.
def frozen_or_source(source, frozen):
    global BAKED_PACK
    BAKED_PACK = frozen.pop("pack", None)  # a pack baked into the script (build.py --pack), or None
    try:
        from _frozen_importlib_external import MAGIC_NUMBER

        encoded = frozen[MAGIC_NUMBER]  # (before the imports: another interpreter needs none)
        from binascii import a2b_base64
        from marshal import loads
        from zlib import decompress

        payload = decompress(a2b_base64(encoded))
        if payload[:4] == MAGIC_NUMBER:
            return loads(payload[4:])
    except Exception:
        pass  # no code for this interpreter, or a damaged one
    return "\\n" * %d + source  # (the lines before it: a traceback's line numbers are the script's)


exec(frozen_or_source(%s, {
'''
_ENTRY_NOTE = re.compile(r"^# CPython (\d+\.\d+\.\d+), compiled text sha256 ([0-9a-f]{64})$")


def source_literal(text):
    """`text` as a Python string literal that shows it line for line (raw, triple-quoted),
    or escaped where the text holds what a raw literal cannot."""
    for literal in ("r'''%s'''" % text, 'r"""%s"""' % text):
        try:
            if ast.literal_eval(literal) == text:
                return literal
        except SyntaxError:
            continue
    return repr(text)


def parse_versions(text):
    """The minor versions a --freeze value names, as ((3, 8), (3, 11)); () for 'none'."""
    if text.strip().lower() == "none":
        return ()
    versions = []
    for part in text.split(","):
        found = re.fullmatch(r"\s*3\.(\d+)\s*", part)
        if not found or (3, int(found.group(1))) < TARGET_VERSION:
            raise BuildError("--freeze %r: give Python versions from 3.%d on, as 3.8,3.11 (or none)" % (text, TARGET_VERSION[1]))
        if (3, int(found.group(1))) not in versions:
            versions.append((3, int(found.group(1))))
    return tuple(versions)


def compile_with(python, text):
    """(version, magic, marshalled code) of `text` compiled by the interpreter `python`."""
    env = {"PYTHONHASHSEED": "0", "PYTHONNODEBUGRANGES": "1", "PATH": os.environ.get("PATH", "")}
    done = subprocess.run([python, "-S", "-c", _COMPILE], input=text.encode("utf-8"), env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if done.returncode != 0:
        raise BuildError("%s cannot compile the minified script:\n%s" % (python, done.stderr.decode("utf-8", "replace")))
    version, _, rest = done.stdout.partition(b"\n")
    return version.decode("ascii"), rest[:4], rest[4:]


def encode(magic, code):
    return binascii.b2a_base64(zlib.compress(magic + code, 9), newline=False).decode("ascii")


def decode(encoded):
    """The payload of an entry (magic + marshalled code), or None when it is damaged."""
    try:
        return zlib.decompress(binascii.a2b_base64(encoded))
    except (binascii.Error, zlib.error, ValueError):
        return None


def committed_entries(script):
    """{(3, minor): Frozen} of the frozen entries a script (bytes) holds."""
    found = {}
    lines = script.decode("utf-8", "replace").split("\n")
    for note, entry in zip(lines, lines[1:]):
        noted = _ENTRY_NOTE.match(note)
        key, colon, value = entry.partition(": ")
        if noted and colon and value.startswith("'") and value.endswith("',"):
            try:
                magic = ast.literal_eval(key)
            except (SyntaxError, ValueError):
                continue
            version = noted.group(1)
            found[tuple(int(n) for n in version.split(".")[:2])] = Frozen(version, magic, value[1:-2], noted.group(2))
    return found


def frozen_entries(versions, text, committed=b""):
    """([Frozen] for the minor `versions` that can be had, [notes]): each compiled here, or
    kept from the `committed` script as the module docstring says."""
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    kept = committed_entries(committed or b"")
    entries, notes = [], []
    for minor in versions:
        old = kept.get(minor)
        python = find_python(minor[1])
        if python is None:
            if old is not None and old.digest == digest:
                entries.append(old)
                notes.append("%d.%d: the committed code of %s kept (no CPython %d.%d here)" % (minor + (old.version,) + minor))
            else:
                notes.append("%d.%d: not frozen, no CPython %d.%d here (that version compiles the source)" % (minor + minor))
            continue
        version, magic, code = compile_with(python, text)
        if old is not None and old.digest == digest and old.version == version and decode(old.encoded) == magic + code:
            entries.append(old)  # (the same payload: keep the committed bytes, whatever this zlib makes of it)
            notes.append("%d.%d: frozen by %s, as committed" % (minor + (version,)))
        elif old is not None and old.digest == digest and old.version != version:
            entries.append(old)
            notes.append("%d.%d: the committed code of %s kept (same text; %s here)" % (minor + (old.version, version)))
        else:
            entries.append(Frozen(version, magic, encode(magic, code), digest))
            notes.append("%d.%d: frozen by %s" % (minor + (version,)))
    return entries, notes


def loader_script(source, versions, committed=b"", lines_before=0, pack=None):
    """(the script's text after its `lines_before` header lines: the loader, `source`,
    the frozen entries of `versions` and the `pack` baked in, if any; those entries;
    notes on each).  BuildError if a version cannot compile the source."""
    literal = source_literal(source)
    # the source's first line is the loader's last (the exec call's): so many lines before it
    offset = lines_before + (LOADER % (0, "")).count("\n") - 1
    text = "\n" * offset + source
    entries, notes = frozen_entries(versions, text, committed)
    lines = [LOADER % (offset, literal)]
    for entry in entries:
        lines.append("# CPython %s, compiled text sha256 %s\n%r: '%s',\n" % (entry.version, entry.digest, entry.magic, entry.encoded))
    if pack is not None:  # (after the code: no line of the source moves)
        lines.append("# the pack the program plays when stdin holds none (build.py --pack)\n'pack': %s,\n" % source_literal(pack))
    lines.append("}))\n")
    return "".join(lines), entries, notes


def script_source(script):
    """The minified source a script runs: the loader's string literal, or the whole text
    of a plain script."""
    tree = ast.parse(script)
    last = tree.body[-1]
    if (isinstance(last, ast.Expr) and isinstance(last.value, ast.Call) and getattr(last.value.func, "id", "") == "exec"
            and isinstance(last.value.args[0], ast.Call) and getattr(last.value.args[0].func, "id", "") == "frozen_or_source"):
        return last.value.args[0].args[0].value
    return script.decode("utf-8") if isinstance(script, bytes) else script
