"""How routes reach the application service of the current app."""

from flask import current_app

from service.game_service import GameService


def game_service() -> GameService:
    service: GameService = current_app.extensions["game_service"]  # set by create_app
    return service
