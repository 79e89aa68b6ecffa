"""Log records as one JSON object per line on stderr: the request log and the app's own
warnings and errors share one shape (and gunicorn.conf.py gives gunicorn's log it too).

What goes into a line is chosen by its emitter: the request log names route, path,
status and ids, never a header, query string or body, so no seat token, unrevealed seed
or hidden card can reach a log line through it.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from datetime import UTC, datetime

from flask import g, has_request_context


class JsonFormatter(logging.Formatter):
    """time, level, logger, message, the record's `fields` (if any), request_id, exception."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC)
            .isoformat(timespec="milliseconds")
            .replace("+00:00", "Z"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        line.update(getattr(record, "fields", None) or {})
        if "request_id" not in line and has_request_context() and "request_id" in g:
            line["request_id"] = g.request_id
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


_HANDLER_MARK = "_cardgames_json"


def log_json_to_stderr() -> None:
    """Route every logger of the process through one JSON handler on stderr (once per process).

    Loggers that keep their own handlers and do not propagate (gunicorn's) are left alone.
    """
    root = logging.getLogger()
    if any(getattr(h, _HANDLER_MARK, False) for h in root.handlers):
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    setattr(handler, _HANDLER_MARK, True)
    root.addHandler(handler)
    root.setLevel(os.environ.get("LOG_LEVEL", "info").upper())
