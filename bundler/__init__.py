"""The build of dist/paiza_main.py: the contest entry as one flat, minified, stdlib-only script.

paiza.IO runs a single source file, so the modules `solver/contest/paiza.py` needs are
bundled into one script.  The steps, in order, one module each:

1. `modules`: read the package modules the entry reaches, following its
   intra-package imports, and order them so each follows what it imports;
2. `names`: check that their top-level names can share one namespace;
3. `flatten`: concatenate their statements, bake in the settings, and leave out
   every definition the entry never reaches;
4. `minify`: python-minifier at the pinned version;
5. `checks`: the result imports only the standard library and is Python 3.8
   (grammar, plus a real 3.8 compile when one is installed);
6. `freeze`: the script as a loader, the minified source and its code compiled ahead
   by each interpreter asked for (build.py --freeze), so that a run on one of them
   starts without compiling it.

`script` runs them end to end and writes the header (`errors`: the BuildError each
step raises on what it cannot bundle faithfully).  build.py at the repository root is
the command line over it.  Dev tooling: not part of the installed `solver` package.
"""
