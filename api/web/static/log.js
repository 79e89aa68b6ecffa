// One readable line per event: the event's own `text` where the API gives one, otherwise a
// sentence made here from its public payload and the card names (English only: the API gives
// every event its text in the page's language).

import { _, language, withFullStop } from "./i18n.js";

const VERBS = {
  discard: "discards",
  play: "plays",
  combo: "plays the combination",
  bonus: "shows an opening bonus of",
  pass: "passes",
  answer: "answers the claim",
  finish: "finishes preparing",
  declare_kong: "declares a kong of",
  declare_triple: "declares a triple of",
  concealed_kong: "declares a concealed kong of",
  added_kong: "adds to a kong:",
  kong: "kongs",
  pong: "pongs",
  claim: "claims",
  hezi: "declares hezi",
  ready: "declares ready",
  win: "wins",
};

// "You discard", "Seat 1 discards": only the first word of a verb phrase changes.
function secondPerson(verb) {
  const [first, ...rest] = verb.split(" ");
  const bare = first.endsWith("sses") || first.endsWith("shes") || first.endsWith("ches") ? first.slice(0, -2) : first.replace(/s$/, "");
  return [bare, ...rest].join(" ");
}

export function seatName(seat, mySeat) {
  return seat === mySeat ? _("You") : _("Seat {seat}", { seat });
}

function capitalised(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A line the log keeps but does not announce: a claim window's answer, an automatic pass. */
function isQuiet(event) {
  const kind = event.payload && event.payload.public ? event.payload.public.type : "";
  return kind === "answer" || Boolean(event.payload && event.payload.by === "auto");
}

/** The sentence for one event, seen by `mySeat` (null for a spectator). */
export function eventText(event, book, mySeat) {
  if (typeof event.text === "string" && event.text) return event.text;
  const payload = event.payload || {};
  if (event.type === "game_created") {
    const seats = (payload.seats || [])
      .map((s) => (s.kind === "ai" ? `seat ${s.seat} AI ${s.level || ""}`.trim() : `seat ${s.seat} person`))
      .join(", ");
    return `Game created (${seats}); seed commitment ${String(payload.seed_commitment || "").slice(0, 12)}…`;
  }
  if (event.type === "game_finished") {
    const result = payload.result || {};
    const scores = (result.scores || []).map((s, i) => `${seatName(i, mySeat)} ${s}`).join(", ");
    return `Game over (${result.outcome || "finished"}): ${scores}. Seed revealed: ${payload.seed ?? "—"}.`;
  }
  if (event.type !== "action") return event.type.replace(/_/g, " ");
  const who = seatName(payload.seat, mySeat);
  const pub = payload.public || {};
  const type = pub.type || (payload.action || "").split(":")[0] || "acts";
  let verb = VERBS[type] || type.replace(/_/g, " ");
  if (payload.seat === mySeat) verb = secondPerson(verb);
  const cards = pub.cards || (pub.card ? [pub.card] : []);
  let line = `${who} ${verb}`;
  if (cards.length) line += ` ${book.names(cards)}`;
  if (pub.combination) line += ` (${pub.combination.replace(/_/g, " ")})`;
  if (payload.seat === mySeat && payload.action && type === "answer") line += ` — ${actionWords(payload.action, book)}`;
  if (payload.by === "auto") line += " (automatic)";
  return capitalised(line) + ".";
}

/** A readable form of an action id such as `claim:field:wR,wH,wC` or `discard:3m`. */
export function actionWords(actionId, book) {
  const parts = actionId.split(":");
  const last = parts.length > 1 ? parts[parts.length - 1].split(",") : [];
  const isCards = last.length > 0 && last.every((c) => book.facts.has(c));
  const words = (isCards ? parts.slice(0, -1) : parts).map((p) => p.replace(/_/g, " ")).join(" ");
  return isCards ? `${words} ${book.names(last)}` : words;
}

/** The log panel: a polite live region, newest line last. */
export class EventLog {
  /** `list`: the log a person reads at will (not live); `news`: a live region that announces the
   * lines that say something, a batch at a time. A claim window's answers ("Seat 2 answers the
   * claim window": dozens a deal, the same words whatever the answer) and automatic passes stay in
   * the log but are not announced: they buried the moves, and "Your decision." waited behind them. */
  constructor(list, news) {
    this.list = list;
    this.news = news;
    this.seen = new Set();
    this.announcing = true;
    this.pending = [];
  }

  clear() {
    this.list.replaceChildren();
    this.seen.clear();
  }

  /** The whole log anew (a game opened, or re-worded from its full events at the end), without
   * announcing it: a screen reader read every one of hundreds of lines again. */
  refill(events, book, mySeat) {
    this.announcing = false;
    this.clear();
    for (const event of events) this.add(event, book, mySeat);
    this.announcing = true;
  }

  add(event, book, mySeat) {
    if (this.seen.has(event.version)) return;
    this.seen.add(event.version);
    const item = document.createElement("li");
    item.dataset.version = event.version;
    if (event.payload && event.payload.seat !== undefined) item.dataset.seat = event.payload.seat;
    const quiet = isQuiet(event);
    if (quiet) item.className = "log-quiet";
    const number = document.createElement("span");
    number.className = "log-version";
    number.textContent = `${event.version}`;
    const text = eventText(event, book, mySeat);
    item.append(number, document.createTextNode(` ${text}`));
    this.list.append(item);
    this.showLatest();
    if (!quiet && this.announcing && this.news) this.announce(text);
  }

  /** What happened since the reader's last move (the moves before a new game's first decision:
   * a Chuo Pai deal may play nine rounds first), said once when the game is opened: the log is
   * filled silently, and those moves were heard by nobody. The last `limit` lines that say
   * something, the earlier ones counted. */
  announceSince(events, book, mySeat, limit = 5) {
    const lines = events.filter((event) => !isQuiet(event)).map((event) => eventText(event, book, mySeat));
    const said = lines.length <= limit + 1 ? lines : lines.slice(-limit);
    if (said.length < lines.length) this.announce(_("{count} earlier moves are in the log.", { count: lines.length - said.length }));
    for (const line of said) this.announce(line);
  }

  /** The lines added in one go, announced as one message once they are all in. */
  announce(text) {
    if (!this.pending.length) {
      queueMicrotask(() => {
        this.news.textContent = this.pending.join(language() === "zh" ? "" : " "); // "。" needs no space
        this.pending = [];
      });
    }
    this.pending.push(withFullStop(text)); // one sentence each
  }

  /** Scroll to the newest line (a reloaded or re-worded page opens on the latest moves). */
  showLatest() {
    this.list.scrollTop = this.list.scrollHeight;
  }
}
