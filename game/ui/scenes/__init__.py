"""The scenes around the table: title, new game, hand summary, match result, pause, rules,
settings, and the cover screen of pass-the-tablet play."""

from .cover import CoverScene
from .newgame import NewGameScene
from .pause import PauseScene
from .rules import RulesScene
from .settings import SettingsScene
from .summary import HandSummaryScene, MatchResultScene
from .title import TitleScene

__all__ = ["CoverScene", "HandSummaryScene", "MatchResultScene", "NewGameScene", "PauseScene",
           "RulesScene", "SettingsScene", "TitleScene"]
