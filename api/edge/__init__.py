"""What the service needs at its edge to be operated: request ids, one JSON log line per
request, Prometheus metrics, rate limits, readiness of what the edge itself depends on.

No game logic here: these modules see requests, responses and the service's observer hooks.
"""
