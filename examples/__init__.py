"""Examples: a bot through the generated SDK (play_vs_ai) and a policy for `cardgames match` (mybot)."""
