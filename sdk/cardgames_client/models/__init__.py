"""Contains all the data models used in inputs/outputs"""

from .action_result import ActionResult
from .ai_level_info import AiLevelInfo
from .breakdown_item import BreakdownItem
from .card import Card
from .check import Check
from .chuopai_bonus import ChuopaiBonus
from .chuopai_hand import ChuopaiHand
from .chuopai_hand_report import ChuopaiHandReport
from .chuopai_highest import ChuopaiHighest
from .create_game import CreateGame
from .create_game_ruleset import CreateGameRuleset
from .created_game import CreatedGame
from .created_game_seed_source import CreatedGameSeedSource
from .created_game_status import CreatedGameStatus
from .created_seat import CreatedSeat
from .event import Event
from .event_payload import EventPayload
from .events_page import EventsPage
from .export import Export
from .exported_game import ExportedGame
from .exported_game_seed_source import ExportedGameSeedSource
from .feed_event import FeedEvent
from .feed_event_payload import FeedEventPayload
from .feed_event_seed_source import FeedEventSeedSource
from .feed_page import FeedPage
from .game_options import GameOptions
from .game_view import GameView
from .game_view_options import GameViewOptions
from .game_view_seed_source import GameViewSeedSource
from .game_view_status import GameViewStatus
from .game_view_table import GameViewTable
from .health import Health
from .health_store import HealthStore
from .legal_action import LegalAction
from .legal_action_extra import LegalActionExtra
from .legal_actions import LegalActions
from .level_strength import LevelStrength
from .nantong_hand import NantongHand
from .nantong_item import NantongItem
from .nantong_meld_input import NantongMeldInput
from .nantong_meld_input_kind import NantongMeldInputKind
from .nantong_multiplier import NantongMultiplier
from .nantong_score import NantongScore
from .nantong_win import NantongWin
from .nantong_win_by import NantongWinBy
from .pagination_metadata import PaginationMetadata
from .play_action import PlayAction
from .player_result import PlayerResult
from .problem import Problem
from .problem_errors import ProblemErrors
from .replay import Replay
from .replay_seed_source import ReplaySeedSource
from .replay_state import ReplayState
from .result import Result
from .result_details import ResultDetails
from .rules_text import RulesText
from .ruleset import Ruleset
from .ruleset_summary import RulesetSummary
from .score import Score
from .score_details import ScoreDetails
from .score_seed_source import ScoreSeedSource
from .seat_spec import SeatSpec
from .seat_spec_kind import SeatSpecKind
from .seat_spec_level import SeatSpecLevel
from .seat_view import SeatView
from .seat_view_facts import SeatViewFacts
from .sisepai_hand import SisepaiHand
from .sisepai_meld import SisepaiMeld
from .sisepai_meld_kind import SisepaiMeldKind
from .sisepai_score import SisepaiScore
from .verification import Verification

__all__ = (
    "ActionResult",
    "AiLevelInfo",
    "BreakdownItem",
    "Card",
    "Check",
    "ChuopaiBonus",
    "ChuopaiHand",
    "ChuopaiHandReport",
    "ChuopaiHighest",
    "CreatedGame",
    "CreatedGameSeedSource",
    "CreatedGameStatus",
    "CreatedSeat",
    "CreateGame",
    "CreateGameRuleset",
    "Event",
    "EventPayload",
    "EventsPage",
    "Export",
    "ExportedGame",
    "ExportedGameSeedSource",
    "FeedEvent",
    "FeedEventPayload",
    "FeedEventSeedSource",
    "FeedPage",
    "GameOptions",
    "GameView",
    "GameViewOptions",
    "GameViewSeedSource",
    "GameViewStatus",
    "GameViewTable",
    "Health",
    "HealthStore",
    "LegalAction",
    "LegalActionExtra",
    "LegalActions",
    "LevelStrength",
    "NantongHand",
    "NantongItem",
    "NantongMeldInput",
    "NantongMeldInputKind",
    "NantongMultiplier",
    "NantongScore",
    "NantongWin",
    "NantongWinBy",
    "PaginationMetadata",
    "PlayAction",
    "PlayerResult",
    "Problem",
    "ProblemErrors",
    "Replay",
    "ReplaySeedSource",
    "ReplayState",
    "Result",
    "ResultDetails",
    "Ruleset",
    "RulesetSummary",
    "RulesText",
    "Score",
    "ScoreDetails",
    "ScoreSeedSource",
    "SeatSpec",
    "SeatSpecKind",
    "SeatSpecLevel",
    "SeatView",
    "SeatViewFacts",
    "SisepaiHand",
    "SisepaiMeld",
    "SisepaiMeldKind",
    "SisepaiScore",
    "Verification",
)
