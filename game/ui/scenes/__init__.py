"""The scenes: title, new game, table, hand summary, match result, pause, rules, settings,
statistics, replay, and the cover screen of pass-the-tablet play.

Nothing is imported here: the app loads each scene's module by name when it is first opened
(``game.ui.app.SCENES``), so the title's first frame waits for the title alone. A scene's
class read from this package (``scenes.TitleScene``) loads its module then.
"""

from __future__ import annotations


def __getattr__(name: str) -> type:
    from ..app import SCENES, scene_class

    for scene, (_, cls) in SCENES.items():
        if cls == name:
            return scene_class(scene)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
