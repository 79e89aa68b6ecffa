// Step-by-step replay of a finished game: GET /v1/games/{id}/replay?version=N shows the full
// state after event N (every hand, now that the game is over).

import { api } from "./api.js";
import { _ } from "./i18n.js";
import { eventText, seatName } from "./log.js";
import { h, meldBlock } from "./table.js";

const PER_SEAT_CARD_LISTS = () => [
  ["hands", _("hand")],
  ["piles", _("pile")],
  ["discards", _("discards")],
];
const PER_SEAT_MELDS = () => [
  ["exposed", _("exposed")],
  ["melds", _("melds")],
];

function cardList(book, codes) {
  const row = h("div", { class: "card-row" });
  for (const card of book.cards(codes, { small: true })) row.append(card);
  return row;
}

export class Replay {
  constructor(container, { gameId, book, events, mySeat, players }) {
    Object.assign(this, { container, gameId, book, events, mySeat, players });
    this.last = events.length ? events[events.length - 1].version : 1;
    this.version = 1;
    this.body = h("div", { class: "replay-body" });
    // what a step says aloud: the event and where it is, not every seat's cards again (dozens
    // of card names a step, when the whole body was the live region)
    this.spoken = h("p", { class: "visually-hidden", "aria-live": "polite" });
    this.slider = h("input", {
      type: "range",
      min: 1,
      max: this.last,
      value: 1,
      "aria-label": _("event number"),
      name: "replay-version",
    });
    this.slider.addEventListener("change", () => this.show(Number(this.slider.value)));
    const step = (label, text, to) => {
      // the name a voice user says is the word they see ("Back"), then what it does (WCAG 2.5.3)
      const seen = text.replace(/[«‹›»]/g, "").trim();
      const b = h("button", { type: "button", class: "replay-step", "aria-label": _("{what}: {detail}", { what: seen, detail: label }), title: label, text });
      b.addEventListener("click", () => this.show(to()));
      return b;
    };
    this.counter = h("span", { class: "replay-counter" });
    // disabled at either end (`show`): a step that goes nowhere does not look like it could
    this.backwards = [step(_("first event"), _("« First"), () => 1), step(_("previous event"), _("‹ Back"), () => this.version - 1)];
    this.forwards = [step(_("next event"), _("Next ›"), () => this.version + 1), step(_("last event"), _("Last »"), () => this.last)];
    container.replaceChildren(
      h("h2", { text: _("Replay") }),
      h("div", { class: "replay-controls" }, ...this.backwards, this.slider, ...this.forwards, this.counter),
      this.spoken,
      this.body,
    );
    container.addEventListener("keydown", (e) => {
      if (e.target === this.slider) return;
      if (e.key === "ArrowRight") this.show(this.version + 1);
      if (e.key === "ArrowLeft") this.show(this.version - 1);
    });
  }

  async show(version) {
    const v = Math.max(1, Math.min(this.last, version));
    this.version = v;
    this.slider.value = v;
    this.counter.textContent = _("event {version} of {last}", { version: v, last: this.last });
    this.slider.setAttribute("aria-valuetext", this.counter.textContent); // "event 5 of 122", not "5"
    const focused = document.activeElement;
    for (const b of this.backwards) b.disabled = v === 1;
    for (const b of this.forwards) b.disabled = v === this.last;
    // a disabled button loses the keyboard's focus: it goes to the slider, on the same event
    if (focused && focused.disabled) this.slider.focus();
    const snapshot = await api.replay(this.gameId, v);
    if (this.version !== v) return;
    const event = this.events.find((e) => e.version === v) || snapshot.event;
    const state = snapshot.state || {};
    const seats = [];
    for (let seat = 0; seat < this.players; seat++) {
      const parts = [];
      for (const [key, title] of PER_SEAT_CARD_LISTS()) {
        const lists = state[key];
        if (Array.isArray(lists) && Array.isArray(lists[seat]) && lists[seat].length)
          parts.push(h("div", { class: "facts-block" }, h("div", { class: "facts-title", text: title }), cardList(this.book, key === "hands" ? this.book.sort(lists[seat]) : lists[seat])));
      }
      for (const [key, title] of PER_SEAT_MELDS()) {
        const lists = state[key];
        if (Array.isArray(lists) && Array.isArray(lists[seat]) && lists[seat].length) parts.push(meldBlock(this.book, lists[seat], title));
      }
      seats.push(h("section", { class: "replay-seat" }, h("h3", { text: seatName(seat, this.mySeat) }), parts));
    }
    const shared = [];
    if (Array.isArray(state.stock)) shared.push(h("span", { class: "chip", text: _("stock {count}", { count: state.stock.length }) }));
    if (typeof state.card === "string" && this.book.facts.has(state.card))
      shared.push(h("span", { class: "chip", text: _("up for claims: {card}", { card: this.book.name(state.card) }) }));
    if (Array.isArray(state.indicators) && state.indicators.length)
      shared.push(h("span", { class: "chip", text: _("indicators: {cards}", { cards: this.book.names(state.indicators) }) }));
    if (Array.isArray(state.trick) && state.trick.length) {
      // each play as the language writes "who: what", joined as it joins a list ("Place 2 : Banc")
      const plays = state.trick.map((p) =>
        _("{who}: {cards}", { who: seatName(p.seat, this.mySeat), cards: p.cards && p.cards.length ? this.book.names(p.cards) : _("pass") }),
      );
      const separator = _("; "); // extraction misses a call inside another call's arguments
      shared.push(h("span", { class: "chip", text: _("trick — {plays}", { plays: plays.join(separator) }) }));
    }
    const said = event ? eventText(event, this.book, this.mySeat) : "";
    this.spoken.textContent = _("{what}: {detail}", { what: this.counter.textContent, detail: said });
    this.body.replaceChildren(
      h("p", { class: "replay-event", text: said }),
      h("div", { class: "chips replay-chips" }, shared),
      h("div", { class: "replay-seats" }, seats),
    );
  }
}
