"""Write the app's OpenAPI document as YAML, exactly as `flask openapi write --format=yaml` does."""

from __future__ import annotations

import sys

import yaml


def spec_yaml() -> str:
    from api import create_app

    app = create_app(database_url="sqlite:///:memory:")
    spec = app.extensions["flask-smorest"]["apis"][""]["ext_obj"].spec.to_dict()
    return yaml.dump(spec)


if __name__ == "__main__":
    path = sys.argv[1] if len(sys.argv) > 1 else "openapi.yaml"
    with open(path, "w", encoding="utf-8") as f:
        f.write(spec_yaml())
