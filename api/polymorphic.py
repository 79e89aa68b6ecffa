"""Schemas that stand for one schema per registered ruleset, and the OpenAPI converter for them.

A `ByRuleset` schema (e.g. the body of create_game, a game view) is one of several
per-ruleset schemas, chosen by a discriminating field (`ruleset`, or `id` for a ruleset).
The variants are built per app from its ruleset registry (api.contract); at run time the
schema finds them through the current app, and in the OpenAPI document it becomes
`oneOf` + `discriminator` (apispec alone would render an object with no properties).
The variants carry their tag as a single-value field (`Equal`), written as `const`: the
SDK generator ignores `discriminator` and decodes a union by trying each member, which
the `Literal` tag makes unambiguous.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import marshmallow as ma
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from apispec.ext.marshmallow.openapi import OpenAPIConverter
from flask import current_app

from api.fields import Declared, NamedEnum

if TYPE_CHECKING:  # api.contract builds its schemas on this module's ByRuleset
    from api.contract import Contract

CONTRACT_KEY = "api_contract"


class ByRuleset(ma.Schema):
    """One of the per-ruleset schemas of `role`, chosen by the value of field `key`."""

    role: str = ""
    key: str = "ruleset"

    def variants(self) -> dict[str, ma.Schema]:
        contract: Contract = current_app.extensions[CONTRACT_KEY]  # set by create_app
        return contract.variants(self.role)

    def load(
        self,
        data: Any,
        *,
        many: bool | None = None,
        partial: Any = None,
        unknown: Literal["exclude", "include", "raise"] | None = None,
        **kwargs: Any,
    ) -> Any:
        if not isinstance(data, dict):
            raise ma.ValidationError({"_schema": ["Invalid input type."]})
        variants = self.variants()
        if self.key not in data:
            raise ma.ValidationError({self.key: ["Missing data for required field."]})
        value = data[self.key]
        if not isinstance(value, str) or value not in variants:
            raise ma.ValidationError({self.key: [f"Must be one of: {', '.join(sorted(variants))}."]})
        return variants[value].load(data, partial=partial, unknown=unknown)

    def dump(self, obj: Any, *, many: bool | None = None) -> Any:
        many = self.many if many is None else bool(many)
        if many:
            return [self.dump(item, many=False) for item in obj]
        return self.variants()[obj[self.key]].dump(obj)


class ContractConverter(OpenAPIConverter):
    """apispec converter: ByRuleset → oneOf/discriminator, Equal → const, a NamedEnum (card
    codes, AI levels) → its enum component, Declared → a reference to its declared schema."""

    contract: Contract  # set by ContractPlugin.init_spec, before any schema is converted

    def schema2jsonschema(self, schema: Any) -> dict[str, Any]:
        if isinstance(schema, ByRuleset) or (isinstance(schema, type) and issubclass(schema, ByRuleset)):
            instance = schema() if isinstance(schema, type) else schema
            refs = {
                tag: self.resolve_nested_schema(v) for tag, v in self.contract.variants(instance.role).items()
            }
            return {
                "oneOf": list(refs.values()),
                "discriminator": {
                    "propertyName": instance.key,
                    "mapping": {tag: ref["$ref"] for tag, ref in refs.items()},
                },
            }
        jsonschema: dict[str, Any] = super().schema2jsonschema(schema)
        description = getattr(schema, "shape_description", "")
        if description:
            jsonschema["description"] = description
        example = getattr(schema, "openapi_example", None)
        if example is not None:
            jsonschema["examples"] = [example]
        return jsonschema

    def field2property(self, field: ma.fields.Field[Any]) -> dict[str, Any]:
        if isinstance(field, NamedEnum):
            if field.component not in self.spec.components.schemas:
                component = {"type": "string", "enum": field.choices}
                if field.member_names:
                    component["x-enum-varnames"] = field.member_names
                self.spec.components.schema(field.component, component)
            ref = {"$ref": f"#/components/schemas/{field.component}"}
            if field.allow_none:
                return {"anyOf": [ref, {"type": "null"}]}
            return ref
        if isinstance(field, Declared):
            ret = dict(self.resolve_nested_schema(field.schema))
            if field.metadata.get("description"):
                ret["description"] = field.metadata["description"]
            return ret
        ret = super().field2property(field)
        if self.openapi_version.major >= 3 and self.openapi_version.minor >= 1:
            if any(isinstance(v, ma.validate.Equal) for v in field.validators) and "enum" in ret:
                ret["const"] = ret.pop("enum")[0]
            if "enum" in ret and isinstance(ret.get("type"), list) and "null" in ret["type"]:
                # A nullable enum: apispec writes `type: [string, "null"]` with null among the
                # values, which the SDK generator splits into three odd classes. `anyOf` of the
                # enum and null says the same and generates `<Enum> | None`.
                kinds = [t for t in ret.pop("type") if t != "null"]
                values = [v for v in ret.pop("enum") if v is not None]
                ret["anyOf"] = [
                    {"type": kinds[0] if len(kinds) == 1 else kinds, "enum": values},
                    {"type": "null"},
                ]
        return ret


class ContractPlugin(MarshmallowPlugin):
    Converter = ContractConverter

    def __init__(self, contract: Contract, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.contract = contract

    def init_spec(self, spec: APISpec) -> None:
        super().init_spec(spec)
        assert isinstance(self.converter, ContractConverter)
        self.converter.contract = self.contract
