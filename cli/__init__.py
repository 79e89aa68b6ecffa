"""The `cardgames` console script: AI matches in duplicate format, export verification and
readable transcripts (entry point `cli.main:app`)."""
