"""The one serving configuration: `make run`, the Docker image, docker-compose and the tests'
gunicorn servers all start `gunicorn -c gunicorn.conf.py 'api:create_app()'`.

Every setting can be changed from the environment (README, "Operating the service");
options given on gunicorn's command line win over this file.

Workers are gthread: each worker process serves GUNICORN_THREADS connections at once, so a
client that sends its request slowly holds one thread, not a whole worker. With the
defaults (2 workers × 16 threads) 8 byte-by-byte connections leave most threads free
(tests/ops/test_slow_clients.py). Across the internet, keep a buffering proxy in front
(docker-compose's nginx): it reads every request whole before gunicorn sees it.
"""

import os
import shutil
import tempfile

from gunicorn.glogging import Logger


def _env(name: str, default: str) -> str:
    return os.environ.get(name) or default


def _count(name: str, default: str, minimum: int, maximum: int | None = None) -> int:
    """A whole number from the environment, refused at startup, naming the variable, when it is
    not one or is below `minimum` (WEB_CONCURRENCY=0 started a master that never answered)."""
    raw = _env(name, default)
    try:
        value = int(raw)
    except ValueError:
        raise SystemExit(f"{name}={raw!r}: a whole number is needed") from None
    if value < minimum:
        raise SystemExit(f"{name}={raw!r}: at least {minimum}")
    if maximum is not None and value > maximum:
        raise SystemExit(f"{name}={raw!r}: at most {maximum}")
    return value


_LOG_LEVELS = ("debug", "info", "warning", "error", "critical")


def _log_level() -> str:
    raw = _env("LOG_LEVEL", "info")
    if raw.lower() not in _LOG_LEVELS:
        raise SystemExit(f"LOG_LEVEL={raw!r}: one of {', '.join(_LOG_LEVELS)}")
    return raw.lower()


# Prometheus multiprocess mode (api/edge/metrics.py) needs its folder named before
# prometheus-client is first imported — here, before anything (the master imports the
# app's log formatter, and workers inherit the master's modules). Unless the environment
# names one, a fresh folder; a folder we create is ours to remove.
_METRICS_PREFIX = "cardgames-metrics-"
_MASTER_FILE = "master.pid"  # in a folder we create: which process it belongs to


def _made_by_this_master(folder: str) -> bool:
    """Whether `folder` is the one this process made when it first read this file: a reload
    (SIGHUP) reads the file again with the folder already named in the environment."""
    try:
        with open(os.path.join(folder, _MASTER_FILE), encoding="ascii") as f:
            return f.read().strip() == str(os.getpid())
    except OSError:
        return False


_METRICS_DIR_IS_OURS = not os.environ.get("PROMETHEUS_MULTIPROC_DIR") or _made_by_this_master(
    os.environ["PROMETHEUS_MULTIPROC_DIR"]
)


def _remove_orphaned_metrics_folders() -> None:
    """Our folders whose master is gone: a master killed with SIGKILL never ran on_exit, and its
    folder stayed in the temporary directory for good."""
    base = tempfile.gettempdir()
    for name in os.listdir(base):
        folder = os.path.join(base, name)
        if not name.startswith(_METRICS_PREFIX) or not os.path.isdir(folder):
            continue
        try:
            with open(os.path.join(folder, _MASTER_FILE), encoding="ascii") as f:
                pid = int(f.read().strip())
            os.kill(pid, 0)  # raises if no such process
        except ProcessLookupError:
            shutil.rmtree(folder, ignore_errors=True)
        except (OSError, ValueError):
            continue  # another user's, or one being created: not ours to judge


if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    # a folder the environment names may not exist yet: the app's first metric writes its file
    # there while the master loads (before on_starting), and found no folder
    os.makedirs(os.environ["PROMETHEUS_MULTIPROC_DIR"], exist_ok=True)
else:
    _remove_orphaned_metrics_folders()
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix=_METRICS_PREFIX)
    with open(
        os.path.join(os.environ["PROMETHEUS_MULTIPROC_DIR"], _MASTER_FILE), "w", encoding="ascii"
    ) as _f:
        _f.write(str(os.getpid()))

bind = [_env("GUNICORN_BIND", f"127.0.0.1:{_count('PORT', '8000', 1, 65535)}")]
workers = _count("WEB_CONCURRENCY", "2", 1)
worker_class = _env("GUNICORN_WORKER_CLASS", "gthread")
# (gunicorn turns `sync` with more than one thread into gthread: sync needs GUNICORN_THREADS=1.)
threads = _count("GUNICORN_THREADS", "16", 1)
# A worker silent this long is restarted. gthread workers keep signalling while their
# threads work, so this catches a stuck process, not a long request (the longest, an
# all-AI game created in one request, is bounded: docs/guarantees.md, "Bounded work").
timeout = _count("GUNICORN_TIMEOUT", "30", 1)
# On SIGTERM a worker finishes its requests within this many seconds, then is killed: longer
# than the longest request (an all-strong game created in one request took 7–10 s on a loaded
# 2-core machine), or the requests still running are cut (README, "Stopping a node").
graceful_timeout = _count("GUNICORN_GRACEFUL_TIMEOUT", "30", 1)
keepalive = _count("GUNICORN_KEEPALIVE", "5", 0)
# A worker is replaced, gracefully, after about this many requests (0: never): the rules'
# memoised partitions and hand values fill their bounded caches over thousands of games (about
# 90 MB of a worker's memory per 1,000 games, still growing at 3,700), and a fresh worker starts
# from their empty start. The jitter keeps the workers from being replaced together.
max_requests = _count("GUNICORN_MAX_REQUESTS", "200000", 0)
max_requests_jitter = max_requests // 10
# Request line and headers: gunicorn's limits, stated (an over-long line is a 4xx).
limit_request_line = _count("GUNICORN_LIMIT_REQUEST_LINE", "4094", 0)
limit_request_fields = _count("GUNICORN_LIMIT_REQUEST_FIELDS", "100", 1)
limit_request_field_size = _count("GUNICORN_LIMIT_REQUEST_FIELD_SIZE", "8190", 0)
control_socket_disable = True

# Logs: the app writes one JSON line per request on stderr (api/edge/request_log.py), so
# gunicorn's own access log is off unless asked for; gunicorn's error log is JSON too.
loglevel = _log_level()
errorlog = _env("GUNICORN_ERROR_LOG", "-")
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None


class JsonErrorLogger(Logger):
    """gunicorn's own error log in the JSON shape of the app's lines (api/edge/json_logs.py)."""

    def setup(self, cfg):
        super().setup(cfg)
        from api.edge.json_logs import JsonFormatter

        for handler in self.error_log.handlers:
            handler.setFormatter(JsonFormatter())

    def atoms(self, resp, req, environ, request_time):
        """The access log's fields without what may carry a seat token or a seed: no query, no
        referer, no header, and the path with any token-shaped run redacted, as the app's own
        request lines write it (README, "Logs"). A format naming them writes "-"."""
        from service.tokens import without_tokens

        atoms = super().atoms(resp, req, environ, request_time)
        path = without_tokens(atoms["U"] or "")
        kept = {k: v for k, v in atoms.items() if not k.startswith("{")}  # headers, environ
        return {**kept, "U": path, "q": "", "f": "-", "r": f"{atoms['m']} {path} {atoms['H']}"}


# The access log (when GUNICORN_ACCESS_LOG asks for one): who, when, the request line without
# its query, the status, the bytes and the seconds taken.
access_log_format = '%(h)s %(t)s "%(r)s" %(s)s %(B)s %(L)s'


logger_class = JsonErrorLogger


def on_starting(server):
    # The app's own settings, read as its workers will, before the master binds: a bad one stops
    # the node here with one line naming the variable, not each worker with a traceback.
    from api.edge.settings import check_settings

    try:
        check_settings()
    except ValueError as exc:
        raise SystemExit(f"cardgames: {exc}") from None
    metrics_dir = os.environ["PROMETHEUS_MULTIPROC_DIR"]
    os.makedirs(metrics_dir, exist_ok=True)
    # Counts of an earlier run in a folder named by the environment would be summed in.
    for name in os.listdir(metrics_dir):
        if name.endswith(".db"):
            os.remove(os.path.join(metrics_dir, name))


def child_exit(server, worker):
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)


def on_exit(server):
    if _METRICS_DIR_IS_OURS and os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        shutil.rmtree(os.environ["PROMETHEUS_MULTIPROC_DIR"], ignore_errors=True)
