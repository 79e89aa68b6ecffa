"""The application service: the one place that knows both the domain and the store."""
