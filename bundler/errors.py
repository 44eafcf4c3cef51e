"""The one error of the build: the sources cannot be bundled faithfully."""


class BuildError(Exception):
    """The sources cannot be bundled faithfully; the message says why and where."""
