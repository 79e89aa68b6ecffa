#!/usr/bin/env bash
# Regenerate openapi.yaml and docs/rules/ from the app and its rulesets, then sdk/ from
# openapi.yaml. Never edit sdk/ or docs/rules/ by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/.venv/bin:$PATH"   # the generator's ruff post-hooks need ruff on PATH, else the SDK comes out unformatted
python -m scripts.write_openapi openapi.yaml
python -m scripts.write_rules_docs docs/rules   # readers' copies of each ruleset package's rules.md
rm -rf sdk                            # --overwrite leaves files of removed models behind
openapi-python-client generate --path openapi.yaml --config sdk_config.yaml --meta setup \
    --output-path sdk --fail-on-warning >/dev/null
rm -rf sdk/.ruff_cache
cp docs/sdk-readme.md sdk/README.md   # the generator writes a placeholder README; ours is hand-written
echo "regenerated openapi.yaml, docs/rules/ and sdk/"
