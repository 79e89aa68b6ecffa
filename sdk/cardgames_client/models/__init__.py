"""Contains all the data models used in inputs/outputs"""

from .action_result import ActionResult
from .ai_level_info import AiLevelInfo
from .breakdown_item import BreakdownItem
from .breakdown_item_details import BreakdownItemDetails
from .check import Check
from .chuopai_action_type import ChuopaiActionType
from .chuopai_ai_level import ChuopaiAiLevel
from .chuopai_bonus import ChuopaiBonus
from .chuopai_card import ChuopaiCard
from .chuopai_card_code import ChuopaiCardCode
from .chuopai_card_family import ChuopaiCardFamily
from .chuopai_game_options import ChuopaiGameOptions
from .chuopai_game_view import ChuopaiGameView
from .chuopai_game_view_options import ChuopaiGameViewOptions
from .chuopai_game_view_seed_source import ChuopaiGameViewSeedSource
from .chuopai_game_view_status import ChuopaiGameViewStatus
from .chuopai_hand import ChuopaiHand
from .chuopai_hand_report import ChuopaiHandReport
from .chuopai_highest import ChuopaiHighest
from .chuopai_highest_family import ChuopaiHighestFamily
from .chuopai_highest_play import ChuopaiHighestPlay
from .chuopai_highest_play_family import ChuopaiHighestPlayFamily
from .chuopai_highest_play_type import ChuopaiHighestPlayType
from .chuopai_legal_action import ChuopaiLegalAction
from .chuopai_legal_action_extra import ChuopaiLegalActionExtra
from .chuopai_legal_actions import ChuopaiLegalActions
from .chuopai_phase import ChuopaiPhase
from .chuopai_play import ChuopaiPlay
from .chuopai_play_type import ChuopaiPlayType
from .chuopai_round import ChuopaiRound
from .chuopai_ruleset import ChuopaiRuleset
from .chuopai_seat_facts import ChuopaiSeatFacts
from .chuopai_seat_spec import ChuopaiSeatSpec
from .chuopai_seat_view import ChuopaiSeatView
from .chuopai_table import ChuopaiTable
from .chuopai_table_families_item import ChuopaiTableFamiliesItem
from .create_chuopai_game import CreateChuopaiGame
from .create_nantong_game import CreateNantongGame
from .create_sisepai_game import CreateSisepaiGame
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
from .game_option import GameOption
from .health import Health
from .health_store import HealthStore
from .level_strength import LevelStrength
from .nantong_action_type import NantongActionType
from .nantong_ai_level import NantongAiLevel
from .nantong_card import NantongCard
from .nantong_card_code import NantongCardCode
from .nantong_card_suit_type_0 import NantongCardSuitType0
from .nantong_deal_result import NantongDealResult
from .nantong_deal_result_outcome import NantongDealResultOutcome
from .nantong_deal_win import NantongDealWin
from .nantong_deal_win_by import NantongDealWinBy
from .nantong_game_options import NantongGameOptions
from .nantong_game_view import NantongGameView
from .nantong_game_view_options import NantongGameViewOptions
from .nantong_game_view_seed_source import NantongGameViewSeedSource
from .nantong_game_view_status import NantongGameViewStatus
from .nantong_hand import NantongHand
from .nantong_history_entry import NantongHistoryEntry
from .nantong_history_entry_by import NantongHistoryEntryBy
from .nantong_history_entry_event import NantongHistoryEntryEvent
from .nantong_item import NantongItem
from .nantong_last_discard import NantongLastDiscard
from .nantong_legal_action import NantongLegalAction
from .nantong_legal_action_extra import NantongLegalActionExtra
from .nantong_legal_actions import NantongLegalActions
from .nantong_meld import NantongMeld
from .nantong_meld_input import NantongMeldInput
from .nantong_meld_input_kind import NantongMeldInputKind
from .nantong_meld_kind import NantongMeldKind
from .nantong_multiplier import NantongMultiplier
from .nantong_phase import NantongPhase
from .nantong_ruleset import NantongRuleset
from .nantong_score import NantongScore
from .nantong_score_line import NantongScoreLine
from .nantong_score_shape_type_0 import NantongScoreShapeType0
from .nantong_seat_facts import NantongSeatFacts
from .nantong_seat_spec import NantongSeatSpec
from .nantong_seat_view import NantongSeatView
from .nantong_table import NantongTable
from .nantong_win import NantongWin
from .nantong_win_by import NantongWinBy
from .nantong_window import NantongWindow
from .nantong_window_kind import NantongWindowKind
from .outcome import Outcome
from .own_answer import OwnAnswer
from .pagination_metadata import PaginationMetadata
from .play_action import PlayAction
from .player_result import PlayerResult
from .player_result_details import PlayerResultDetails
from .problem import Problem
from .problem_errors import ProblemErrors
from .readiness import Readiness
from .readiness_rate_limit_counters import ReadinessRateLimitCounters
from .readiness_store import ReadinessStore
from .replay import Replay
from .replay_seed_source import ReplaySeedSource
from .replay_state import ReplayState
from .result import Result
from .result_details import ResultDetails
from .rules_text import RulesText
from .ruleset_summary import RulesetSummary
from .score import Score
from .score_details import ScoreDetails
from .score_seed_source import ScoreSeedSource
from .seat_spec_kind import SeatSpecKind
from .sisepai_action_type import SisepaiActionType
from .sisepai_ai_level import SisepaiAiLevel
from .sisepai_card import SisepaiCard
from .sisepai_card_character import SisepaiCardCharacter
from .sisepai_card_code import SisepaiCardCode
from .sisepai_card_colour_type_0 import SisepaiCardColourType0
from .sisepai_claim import SisepaiClaim
from .sisepai_claim_source import SisepaiClaimSource
from .sisepai_exposed_meld import SisepaiExposedMeld
from .sisepai_exposed_meld_kind import SisepaiExposedMeldKind
from .sisepai_game_options import SisepaiGameOptions
from .sisepai_game_view import SisepaiGameView
from .sisepai_game_view_options import SisepaiGameViewOptions
from .sisepai_game_view_seed_source import SisepaiGameViewSeedSource
from .sisepai_game_view_status import SisepaiGameViewStatus
from .sisepai_hand import SisepaiHand
from .sisepai_history_entry import SisepaiHistoryEntry
from .sisepai_history_entry_becomes import SisepaiHistoryEntryBecomes
from .sisepai_history_entry_event import SisepaiHistoryEntryEvent
from .sisepai_history_entry_meld import SisepaiHistoryEntryMeld
from .sisepai_legal_action import SisepaiLegalAction
from .sisepai_legal_action_extra import SisepaiLegalActionExtra
from .sisepai_legal_actions import SisepaiLegalActions
from .sisepai_meld import SisepaiMeld
from .sisepai_meld_kind import SisepaiMeldKind
from .sisepai_phase import SisepaiPhase
from .sisepai_ruleset import SisepaiRuleset
from .sisepai_score import SisepaiScore
from .sisepai_seat_facts import SisepaiSeatFacts
from .sisepai_seat_spec import SisepaiSeatSpec
from .sisepai_seat_view import SisepaiSeatView
from .sisepai_table import SisepaiTable
from .verification import Verification

__all__ = (
    "ActionResult",
    "AiLevelInfo",
    "BreakdownItem",
    "BreakdownItemDetails",
    "Check",
    "ChuopaiActionType",
    "ChuopaiAiLevel",
    "ChuopaiBonus",
    "ChuopaiCard",
    "ChuopaiCardCode",
    "ChuopaiCardFamily",
    "ChuopaiGameOptions",
    "ChuopaiGameView",
    "ChuopaiGameViewOptions",
    "ChuopaiGameViewSeedSource",
    "ChuopaiGameViewStatus",
    "ChuopaiHand",
    "ChuopaiHandReport",
    "ChuopaiHighest",
    "ChuopaiHighestFamily",
    "ChuopaiHighestPlay",
    "ChuopaiHighestPlayFamily",
    "ChuopaiHighestPlayType",
    "ChuopaiLegalAction",
    "ChuopaiLegalActionExtra",
    "ChuopaiLegalActions",
    "ChuopaiPhase",
    "ChuopaiPlay",
    "ChuopaiPlayType",
    "ChuopaiRound",
    "ChuopaiRuleset",
    "ChuopaiSeatFacts",
    "ChuopaiSeatSpec",
    "ChuopaiSeatView",
    "ChuopaiTable",
    "ChuopaiTableFamiliesItem",
    "CreateChuopaiGame",
    "CreatedGame",
    "CreatedGameSeedSource",
    "CreatedGameStatus",
    "CreatedSeat",
    "CreateNantongGame",
    "CreateSisepaiGame",
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
    "GameOption",
    "Health",
    "HealthStore",
    "LevelStrength",
    "NantongActionType",
    "NantongAiLevel",
    "NantongCard",
    "NantongCardCode",
    "NantongCardSuitType0",
    "NantongDealResult",
    "NantongDealResultOutcome",
    "NantongDealWin",
    "NantongDealWinBy",
    "NantongGameOptions",
    "NantongGameView",
    "NantongGameViewOptions",
    "NantongGameViewSeedSource",
    "NantongGameViewStatus",
    "NantongHand",
    "NantongHistoryEntry",
    "NantongHistoryEntryBy",
    "NantongHistoryEntryEvent",
    "NantongItem",
    "NantongLastDiscard",
    "NantongLegalAction",
    "NantongLegalActionExtra",
    "NantongLegalActions",
    "NantongMeld",
    "NantongMeldInput",
    "NantongMeldInputKind",
    "NantongMeldKind",
    "NantongMultiplier",
    "NantongPhase",
    "NantongRuleset",
    "NantongScore",
    "NantongScoreLine",
    "NantongScoreShapeType0",
    "NantongSeatFacts",
    "NantongSeatSpec",
    "NantongSeatView",
    "NantongTable",
    "NantongWin",
    "NantongWinBy",
    "NantongWindow",
    "NantongWindowKind",
    "Outcome",
    "OwnAnswer",
    "PaginationMetadata",
    "PlayAction",
    "PlayerResult",
    "PlayerResultDetails",
    "Problem",
    "ProblemErrors",
    "Readiness",
    "ReadinessRateLimitCounters",
    "ReadinessStore",
    "Replay",
    "ReplaySeedSource",
    "ReplayState",
    "Result",
    "ResultDetails",
    "RulesetSummary",
    "RulesText",
    "Score",
    "ScoreDetails",
    "ScoreSeedSource",
    "SeatSpecKind",
    "SisepaiActionType",
    "SisepaiAiLevel",
    "SisepaiCard",
    "SisepaiCardCharacter",
    "SisepaiCardCode",
    "SisepaiCardColourType0",
    "SisepaiClaim",
    "SisepaiClaimSource",
    "SisepaiExposedMeld",
    "SisepaiExposedMeldKind",
    "SisepaiGameOptions",
    "SisepaiGameView",
    "SisepaiGameViewOptions",
    "SisepaiGameViewSeedSource",
    "SisepaiGameViewStatus",
    "SisepaiHand",
    "SisepaiHistoryEntry",
    "SisepaiHistoryEntryBecomes",
    "SisepaiHistoryEntryEvent",
    "SisepaiHistoryEntryMeld",
    "SisepaiLegalAction",
    "SisepaiLegalActionExtra",
    "SisepaiLegalActions",
    "SisepaiMeld",
    "SisepaiMeldKind",
    "SisepaiPhase",
    "SisepaiRuleset",
    "SisepaiScore",
    "SisepaiSeatFacts",
    "SisepaiSeatSpec",
    "SisepaiSeatView",
    "SisepaiTable",
    "Verification",
)
