from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.sisepai_claim import SisepaiClaim
    from ..models.sisepai_history_entry import SisepaiHistoryEntry


T = TypeVar("T", bound="SisepaiTable")


@_attrs_define
class SisepaiTable:
    """
    Attributes:
        claim (None | SisepaiClaim): the card the open claim window is about (SSP-5)
        dealer (int):
        discarding (int | None): the seat that must discard
        draws (int):
        history (list[SisepaiHistoryEntry]):
        stock_count (int):
    """

    claim: None | SisepaiClaim
    dealer: int
    discarding: int | None
    draws: int
    history: list[SisepaiHistoryEntry]
    stock_count: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.sisepai_claim import SisepaiClaim  # noqa: PLC0415

        claim: dict[str, Any] | None
        if isinstance(self.claim, SisepaiClaim):
            claim = self.claim.to_dict()
        else:
            claim = self.claim

        dealer = self.dealer

        discarding: int | None
        discarding = self.discarding

        draws = self.draws

        history = []
        for history_item_data in self.history:
            history_item = history_item_data.to_dict()
            history.append(history_item)

        stock_count = self.stock_count

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "claim": claim,
                "dealer": dealer,
                "discarding": discarding,
                "draws": draws,
                "history": history,
                "stock_count": stock_count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sisepai_claim import SisepaiClaim  # noqa: PLC0415
        from ..models.sisepai_history_entry import SisepaiHistoryEntry  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_claim(data: object) -> None | SisepaiClaim:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                claim_type_0 = SisepaiClaim.from_dict(data)

                return claim_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SisepaiClaim, data)

        claim = _parse_claim(d.pop("claim"))

        dealer = d.pop("dealer")

        def _parse_discarding(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        discarding = _parse_discarding(d.pop("discarding"))

        draws = d.pop("draws")

        history = []
        _history = d.pop("history")
        for history_item_data in _history:
            history_item = SisepaiHistoryEntry.from_dict(history_item_data)

            history.append(history_item)

        stock_count = d.pop("stock_count")

        sisepai_table = cls(
            claim=claim,
            dealer=dealer,
            discarding=discarding,
            draws=draws,
            history=history,
            stock_count=stock_count,
        )

        sisepai_table.additional_properties = d
        return sisepai_table

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
