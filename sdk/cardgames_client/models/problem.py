from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_errors import ProblemErrors


T = TypeVar("T", bound="Problem")


@_attrs_define
class Problem:
    """
    Attributes:
        detail (str):
        status (int):
        title (str):
        type_ (str): URI reference naming the problem type
        current_version (int | Unset): with stale-version
        errors (ProblemErrors | Unset): field errors of a request that did not fit the schema
        request_id (str | Unset): the request's id, as in its X-Request-Id response header and the log
        rule (None | str | Unset): the game rule that refused, e.g. NT-6.4
    """

    detail: str
    status: int
    title: str
    type_: str
    current_version: int | Unset = UNSET
    errors: ProblemErrors | Unset = UNSET
    request_id: str | Unset = UNSET
    rule: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        detail = self.detail

        status = self.status

        title = self.title

        type_ = self.type_

        current_version = self.current_version

        errors: dict[str, Any] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = self.errors.to_dict()

        request_id = self.request_id

        rule: None | str | Unset
        if isinstance(self.rule, Unset):
            rule = UNSET
        else:
            rule = self.rule

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "detail": detail,
                "status": status,
                "title": title,
                "type": type_,
            }
        )
        if current_version is not UNSET:
            field_dict["current_version"] = current_version
        if errors is not UNSET:
            field_dict["errors"] = errors
        if request_id is not UNSET:
            field_dict["request_id"] = request_id
        if rule is not UNSET:
            field_dict["rule"] = rule

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem_errors import ProblemErrors  # noqa: PLC0415

        d = dict(src_dict)
        detail = d.pop("detail")

        status = d.pop("status")

        title = d.pop("title")

        type_ = d.pop("type")

        current_version = d.pop("current_version", UNSET)

        _errors = d.pop("errors", UNSET)
        errors: ProblemErrors | Unset
        if isinstance(_errors, Unset):
            errors = UNSET
        else:
            errors = ProblemErrors.from_dict(_errors)

        request_id = d.pop("request_id", UNSET)

        def _parse_rule(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rule = _parse_rule(d.pop("rule", UNSET))

        problem = cls(
            detail=detail,
            status=status,
            title=title,
            type_=type_,
            current_version=current_version,
            errors=errors,
            request_id=request_id,
            rule=rule,
        )

        return problem
