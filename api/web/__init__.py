"""The web table: the browser client of the public API, served as static files at `/`."""
