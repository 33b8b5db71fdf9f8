"""One sub-package per game family; each exports `GAMES` (see `zdeck.registry`).

Importing a sub-package binds `zdeck.games` to this package, shadowing the
`zdeck.games()` function of the public API; the package is therefore callable
and answers exactly as that function does.
"""

import sys
import types


class _CallablePackage(types.ModuleType):
    def __call__(self) -> list[str]:
        from zdeck.registry import games

        return games()


sys.modules[__name__].__class__ = _CallablePackage
