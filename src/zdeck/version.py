"""zdeck's version, apart from the package's facade so that low layers (records) can read it."""

__version__ = "0.1.0"
