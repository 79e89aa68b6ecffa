"""Fixtures of the trust tests: one gunicorn with 4 workers on a fresh SQLite file, whose
access and error logs and its JSON request log are kept (to show no token is ever logged)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.servers import gunicorn_server


@pytest.fixture(scope="session")
def trust_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("trust")
    db = folder / "trust.sqlite3"
    access, errors = folder / "access.log", folder / "error.log"
    args = ("--access-logfile", str(access), "--error-logfile", str(errors), "--log-level", "debug")
    with gunicorn_server(f"sqlite:///{db}", workers=4, extra_args=args) as (url, proc):
        yield SimpleNamespace(url=url, proc=proc, db=db, logs=(access, errors, proc.log_path))
