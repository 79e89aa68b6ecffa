"""Serve the web table: one HTML page and its static ES modules and stylesheet.

The page is a client of the public `/v1` API and nothing else; this blueprint only serves files.
The Content-Security-Policy keeps every request the page makes on this origin (no CDN, no fonts,
no other host), so a seat token in the page can only ever be sent back to this server.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, send_from_directory

STATIC_DIR = Path(__file__).resolve().parent / "static"

CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)

blp = Blueprint("web", __name__, static_folder=str(STATIC_DIR), static_url_path="/static")


def _with_security_headers(response: Response) -> Response:
    response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


@blp.route("/")
def table_page() -> Response:
    """The table page; the game and seat token travel in the URL fragment, never to the server."""
    return send_from_directory(STATIC_DIR, "index.html", mimetype="text/html", max_age=0)


blp.after_request(_with_security_headers)
