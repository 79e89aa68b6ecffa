// The web table's controller: the new-game form, the game from the URL fragment
// (#game=<id>&token=<seat token>; a fragment never reaches any server), the action loop and the
// paced display of the AI seats' moves.

import { ApiError, NetworkError, api } from "./api.js";
import { CardBook } from "./cards.js";
import { addressedLanguage, language, languageNames, loadLanguage, rememberLanguage, sentence, withFullStop, _ } from "./i18n.js";
import { EventLog, eventText, seatName } from "./log.js";
import { Replay } from "./replay.js";
import { RulesDisclosure } from "./rules.js";
import { verifyControl } from "./verify.js";
import { actionsPanel, centrePanel, dealSummaryPanel, h, handLegend, handPanel, levelName, resultHeading, scorePanel, seatPanel, term, worded } from "./table.js";

const PACE_KEY = "cardtable.pace"; // "on" (default) or "off"
// The seats this browser has played, newest first, so a game left for the lobby can be taken up
// again: its token is nowhere else once the address has changed. Kept where the page's own
// address (history) already keeps it, on this device only.
const SEATS_KEY = "cardtable.seats";
const SEATS_KEPT = 8;
// The game and AI level last chosen in the lobby ({ruleset, level}), offered again next time.
const CHOICE_KEY = "cardtable.choice";
const PACE_MS = { quiet: 120, pass: 350, move: 800 };
const PACE_LAST = 8; // of a batch the page fell behind on, the moves shown one by one at most (the last ones)
// The answer to the person's own move shows every move, faster when they are many (a Chuo Pai
// seat that cannot beat passes automatically, CP-4.2, and whole rounds go by): at most this long.
const PACE_BUDGET_MS = 15000;
const POLL_MS = 2000;

const $ = (selector) => document.querySelector(selector);

const rulesets = new Map(); // id → GET /v1/rulesets/{id}
const game = {
  id: null,
  token: null,
  seat: null,
  view: null,
  legal: null,
  book: null,
  busy: false,
  lastMoves: new Map(),
  answerNotes: new Set(), // the seats whose note above is a claim-window answer kept secret
  events: [],
  dealShown: new Map(), // a match's finished deal → whether the person opened (true) or closed its summary
  notice: null, // shown above the decision: their move arrived too late, or their claim was outranked
  outranked: null, // what outranked the person's claim, while the notice says so of the card now up
  claimed: false, // the person answered the open claim window with a claim not yet settled
  pollEtag: null, // the ETag of the view the last poll read: polls send it and get a 304 while it holds
};
let log;
let lobbyRules; // the lobby's "Rules of <game>", of the game chosen in the form
let gameRules; // the game screen's, of the game at the table
let pollTimer = null;

function paceOn() {
  return localStorage.getItem(PACE_KEY) !== "off";
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Whether `error` may pass by itself: no answer, a server's failure, too many requests. */
function passing(error) {
  return error instanceof NetworkError || (error instanceof ApiError && (error.status >= 500 || error.status === 429));
}

/** `fn()`, tried again (after 2 s, then less often, up to every 30 s, or as Retry-After says)
 * while it fails in a way that may pass: the page's first reads, without which it had no game
 * to offer and stayed dead until reloaded. */
async function untilAnswered(fn) {
  for (let wait = POLL_MS; ; wait = Math.min(wait * 2, 30000)) {
    try {
      const answer = await fn();
      showError(null);
      return answer;
    } catch (error) {
      if (!passing(error)) throw error;
      showError(error, _("Trying again in a moment…"));
      await sleep(Math.max(wait, (error.retryAfter || 0) * 1000));
    }
  }
}

function showError(error, more = "") {
  const box = $("#error");
  box.textContent = error ? `${error.message}${more ? ` ${more}` : ""}` : "";
  box.hidden = !error;
  // it is above everything: on a phone scrolled down to a form, it was said off screen
  if (error) box.scrollIntoView({ block: "nearest" });
}

async function ruleset(id) {
  if (!rulesets.has(id)) rulesets.set(id, await api.ruleset(id));
  return rulesets.get(id);
}

// ---------------------------------------------------------------- the new-game form
async function fillLevels() {
  const form = $("[data-testid=new-game]");
  const chosen = await ruleset(form.elements.ruleset.value);
  const select = form.elements.level;
  const previous = select.value || lastChoice().level || "basic";
  select.replaceChildren(...chosen.ai_levels.map((level) => h("option", { value: level, text: levelName(level) })));
  select.value = chosen.ai_levels.includes(previous) ? previous : chosen.ai_levels.includes("basic") ? "basic" : chosen.ai_levels[0];
  $("#ruleset-summary").textContent = sentences([_("For {count} players.", { count: chosen.players }), chosen.summary]);
  $("#game-options").replaceChildren(...choosableOptions(chosen).map(optionField));
  describeLevel();
  await lobbyRules.show(chosen);
}

/** The options of a ruleset (GET /v1/rulesets/{id} `options`) a person chooses in the lobby: not
 * a seat (who leads or deals first is left to the seed), and with more than one value (a
 * Nantong match's number of deals, NT-3.3). */
function choosableOptions(chosen) {
  return (chosen.options || []).filter((o) => !o.seat && o.maximum > o.minimum);
}

/** One option as a labelled select of its values, its default chosen. */
function optionField(option) {
  const values = [];
  for (let v = option.minimum; v <= option.maximum; v++) values.push(v);
  const select = h(
    "select",
    { name: `option-${option.name}`, "data-option": option.name },
    values.map((v) => h("option", { value: String(v), text: new Intl.NumberFormat(language()).format(v) })),
  );
  select.value = String(option.default ?? option.minimum);
  const words = option.description;
  return h("label", {}, h("span", { text: words.charAt(0).toLocaleUpperCase(language()) + words.slice(1) }), select);
}

/** What the chosen AI level does and how strong it measured (GET /v1/rulesets/{id}
 * `ai_level_info`, in the page's language; the commands and full tables are in docs/ai.md). */
function describeLevel() {
  const form = $("[data-testid=new-game]");
  const chosen = rulesets.get(form.elements.ruleset.value);
  const info = ((chosen && chosen.ai_level_info) || []).find((i) => i.level === form.elements.level.value);
  // how it plays in plain words (its `description` says how it decides, for developers)
  const lines = info ? [info.summary || info.description] : [];
  const percent = new Intl.NumberFormat(language(), { style: "percent", maximumFractionDigits: 1 });
  for (const s of (info && info.strength) || []) {
    // "wins 0 % of games, 0 times the fair share" says less, and less plainly, than this
    if (s.win_share === 0) {
      lines.push(
        _("Measured against the {against} level in every other seat: won none of {games} games.", {
          against: levelName(s.against),
          games: new Intl.NumberFormat(language()).format(s.games),
        }),
      );
      continue;
    }
    lines.push(
      _("Measured against the {against} level in every other seat: wins {share} of games, {ratio} times the fair share of {fair} ({games} games).", {
        against: levelName(s.against),
        share: percent.format(s.win_share),
        ratio: new Intl.NumberFormat(language(), { maximumFractionDigits: 2 }).format(s.vs_fair),
        fair: percent.format(s.fair_share),
        games: new Intl.NumberFormat(language()).format(s.games),
      }),
    );
  }
  $("#level-about").textContent = sentences(lines);
}

/** Sentences one after the other as the page's language joins them (no space after "。"). */
function sentences(parts) {
  return parts.reduce((text, part) => (text ? _("{first} {second}", { first: text, second: part }) : part), "");
}

/** The lobby's last choice, or {} (nothing kept, or something unreadable). */
function lastChoice() {
  try {
    const kept = JSON.parse(localStorage.getItem(CHOICE_KEY) || "{}");
    return kept && typeof kept === "object" ? kept : {};
  } catch {
    return {};
  }
}

async function setUpLobby() {
  const form = $("[data-testid=new-game]");
  await untilAnswered(async () => {
    const list = await api.rulesets();
    // the game's name alone: with its player count, most names were cut off in a phone's select
    // (the count begins the summary under it)
    form.elements.ruleset.replaceChildren(...list.map((r) => h("option", { value: r.id, text: r.name })));
    // at once with the options: a choice made while the rest loads is not overwritten
    const chosen = lastChoice();
    if (list.some((r) => r.id === chosen.ruleset)) form.elements.ruleset.value = chosen.ruleset;
    await Promise.all(list.map((r) => ruleset(r.id)));
    await fillLevels();
  });
  const keep = () => localStorage.setItem(CHOICE_KEY, JSON.stringify({ ruleset: form.elements.ruleset.value, level: form.elements.level.value }));
  form.elements.ruleset.addEventListener("change", () => fillLevels().then(keep).catch(showError));
  form.elements.level.addEventListener("change", () => {
    describeLevel();
    keep();
  });
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    startGame().catch(showError);
  });
  $("[data-testid=start]").disabled = false;
  $("#open-game").addEventListener("submit", (e) => {
    e.preventDefault();
    const f = e.target.elements;
    // a table's link pasted whole (…/#game=…&token=…) opens that seat too
    const typed = f.game.value.trim();
    const pasted = new URLSearchParams(typed.includes("#") ? typed.slice(typed.indexOf("#") + 1) : "");
    // ids are lower-case hex: one typed in capitals is the same game
    const params = new URLSearchParams({ game: (pasted.get("game") || typed).toLowerCase() });
    const token = f.token.value.trim() || pasted.get("token");
    if (token) params.set("token", token);
    // the same address again (a game that could not be opened, tried once more) changes no hash:
    // open it all the same, so the attempt is answered
    if (location.hash.slice(1) === params.toString()) route(true).catch(showError);
    else location.hash = params.toString();
  });
  // enabled once the form is ours: submitted natively (while the lobby loads), the form sent the
  // game and the seat's token to the server in the address's query
  $("[data-testid=open]").disabled = false;
  const pace = $("input[name=pace]");
  pace.checked = paceOn();
  pace.addEventListener("change", () => localStorage.setItem(PACE_KEY, pace.checked ? "on" : "off"));
}

// The creation not yet answered: its body and Idempotency-Key. Start pressed again for the same
// game gets the game the lost answer held, if the server made it, instead of a second one.
let unanswered = null;
const CREATION_TRIES = 4; // within one press: now, then after 2, 4 and 8 s (or as Retry-After says)

/** 32 random hex digits: the key is as secret as the seat token its retry answers with, and
 * crypto.randomUUID exists only on secure pages (an http address other than localhost). */
function newKey() {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function create(body) {
  const sent = JSON.stringify(body);
  if (!unanswered || unanswered.sent !== sent) unanswered = { sent, key: newKey() };
  for (let tried = 1, wait = POLL_MS; ; tried++, wait *= 2) {
    try {
      const created = await api.createGame(body, unanswered.key);
      unanswered = null;
      showError(null);
      return created;
    } catch (error) {
      if (!passing(error) || tried === CREATION_TRIES) throw error;
      showError(error, _("Trying again in a moment…"));
      await sleep(Math.max(wait, (error.retryAfter || 0) * 1000));
    }
  }
}

async function startGame() {
  const form = $("[data-testid=new-game]");
  const start = $("[data-testid=start]");
  start.disabled = true;
  const from = location.hash;
  try {
    const chosen = await ruleset(form.elements.ruleset.value);
    const level = form.elements.level.value;
    const seats = [{ kind: "human" }];
    for (let i = 1; i < chosen.players; i++) seats.push({ kind: "ai", level });
    const options = Object.fromEntries([...form.querySelectorAll("select[data-option]")].map((s) => [s.dataset.option, Number(s.value)]));
    const created = await create({ ruleset: chosen.id, seats, options });
    setNotice(null);
    const mine = created.seats.find((s) => s.token);
    if (location.hash !== from) {
      // another game was opened while this one was being made: it is kept among "Your games"
      // (listed there, not opened over the one now shown)
      rememberSeat(created.id, mine.token, await api.view(created.id, mine.token), created.creation_hash);
      return;
    }
    history.pushState(null, "", `#${new URLSearchParams({ game: created.id, token: mine.token })}`);
    await openGame(created.id, mine.token, created.creation_hash);
  } finally {
    start.disabled = false;
  }
}

// ---------------------------------------------------------------- one game
function fragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  return { id: params.get("game"), token: params.get("token") };
}

// The receipt of each game this page has shown (the hash of its first event, as first seen):
// a seat's is kept with the seat on this device too (`rememberSeat`).
const receiptsSeen = new Map();

async function openGame(id, token, createdHash = null) {
  showError(null);
  const view = await api.view(id, token);
  Object.assign(game, { id, token, seat: view.seat ?? null, view, legal: null, busy: false, pollEtag: null });
  // The receipt is the first event's hash as this device first saw it: from the creation
  // response, kept with the seat, or seen earlier by this page; the game's end shows that one,
  // not what the server says then (docs/guarantees.md §5).
  const kept = token ? mySeats().find((s) => s.id === id && s.token === token) : null;
  game.receipt = createdHash || (kept && kept.creationHash) || receiptsSeen.get(id) || view.creation_hash;
  receiptsSeen.set(id, game.receipt);
  game.lastMoves = new Map();
  game.answerNotes = new Set();
  game.dealShown = new Map();
  const played = await ruleset(view.ruleset);
  game.book = new CardBook(played.cards);
  game.events = await api.events(id, token);
  log.refill(game.events, game.book, game.seat);
  // Each seat's move since this seat's own last one, as the answer to that move showed them
  // (`showMoves`: a deal over, NT-3.3, takes its moves with it).
  const since = answerToLastMove(id, token, game.events, game.seat);
  for (const event of since) {
    if (event.type === "deal_over") game.lastMoves.clear();
    if (settlesWindow(event)) dropAnswerNotes();
    if (showsOnSeat(event)) noteLastMove(event);
  }
  if (view.status === "active") log.announceSince(since, game.book, game.seat);
  if (token && game.seat !== null) rememberSeat(id, token, view);
  $("#lobby").hidden = true;
  $("#game").hidden = false;
  log.showLatest(); // filled while hidden, where scrolling does nothing
  gameRules.show(played).catch(showError); // fetched only if open: the table need not wait
  await refreshLegal();
  render();
  if (view.status === "finished") await showEnd();
  // the decision; or a finished game's final score (far down on a phone), unless the person has
  // already put the focus somewhere while the end was being shown (the verify button, say)
  if (view.status !== "finished") focusFirstAction();
  else focusAfterMove();
  // a spectator has no decision to focus, and the lobby's form is gone (its button may hold the
  // focus until the browser notices it is hidden): the game's heading
  const at = document.activeElement;
  if (!at || at === document.body || at.closest("#lobby")) focusHeading($("#game-title"));
  $("#waiting").hidden = true; // a move refused meanwhile: the table is shown anew
  showDecision();
  schedulePoll();
}

async function refreshLegal() {
  game.legal = game.token && game.view.status === "active" ? await api.legalActions(game.id, game.token) : null;
}

/** The legal actions of the view shown, after new moves were shown. Another person may have
 * moved the game on meanwhile (the moves take a while to show one by one): the legal actions
 * then come from a later version than the view, and the buttons would answer a table the person
 * was not shown. So the view, and the moves since, are read again until the two agree. */
async function refreshLegalOfTheViewShown(id) {
  await refreshLegal();
  for (let tries = 0; tries < 5 && game.legal && game.legal.version !== game.view.version; tries++) {
    const view = await api.view(id, game.token);
    if (id !== game.id) return;
    if (view.version !== game.view.version) {
      const fresh = (await api.events(id, game.token, game.view.version)).filter((e) => e.version <= view.version);
      await showMoves(fresh);
      game.view = view;
    }
    if (view.status !== "active") break;
    await refreshLegal();
  }
  if (game.view.status !== "active") game.legal = null;
}

function highlight(codes) {
  for (const node of document.querySelectorAll("[data-testid=hand] [data-card]")) node.classList.remove("highlight");
  const wanted = [...codes];
  for (const node of document.querySelectorAll("[data-testid=hand] [data-card]")) {
    const i = wanted.indexOf(node.dataset.card);
    if (i >= 0) {
      node.classList.add("highlight");
      wanted.splice(i, 1);
    }
  }
}

/** The notice above the decision (`game.notice`), said once by the page's alert region, which
 * stays in the page: the notice's own paragraph is drawn again at every render. */
function setNotice(text) {
  game.notice = text;
  if (!text) game.outranked = null;
  $("#notice-news").textContent = text || "";
}

function statusLine() {
  const v = game.view;
  if (v.status === "finished") return _("The game is over.");
  // a spectator has no seat: "the other seats" would be all of them, whatever the page shows
  if (game.seat === null) return _("Watching as a spectator.");
  if (game.busy) return _("The other seats are playing…");
  if (game.legal && game.legal.actions.length) return _("Your decision.");
  // kept sealed until every person has answered the window (SSP-5.1, NT-6.1): said to its seat alone
  if (v.own_answer) return _("You answered: {answer}. Waiting for the others to answer.", { answer: v.own_answer.label });
  return _("Waiting for the other seats.");
}

/** The address of this game for a spectator: the page's own without the seat token. */
function watchUrl(gameId) {
  return `${location.origin}${location.pathname}#game=${encodeURIComponent(gameId)}`;
}

/** While a seat plays, the page's address holds its token (anyone who opens it plays for that
 * seat): the line says so and gives the spectators' link to share instead. */
function shareLine() {
  const line = $("#share");
  line.hidden = !(game.token && game.seat !== null && game.view.status === "active");
  if (line.hidden) return line.replaceChildren();
  const link = h("a", { href: watchUrl(game.id), target: "_blank", rel: "noopener", "data-testid": "watch-link", text: _("the spectators' link") });
  line.replaceChildren(...worded(_("This page's address is your seat: whoever opens it plays for you. To let someone watch, share {link}.", { link: "\u0000" }), link));
}

function render() {
  const v = game.view;
  const root = $("[data-testid=table]");
  root.dataset.gameId = v.id;
  root.dataset.status = v.status;
  root.dataset.version = v.version;
  root.dataset.ruleset = v.ruleset;
  const r = rulesets.get(v.ruleset);
  // the whole id: it is what "Open an existing game" takes (a shortened one opened nothing)
  $("#game-title").replaceChildren(...worded(_("{game} — game {id}", { game: r.name, id: "\u0000" }), h("span", { class: "game-id", text: v.id })));
  sayStatus(statusLine());
  shareLine();
  // the last event shown: while a batch's moves are shown one by one, the view's version is still
  // the one before them
  const shown = game.events && game.events.length ? game.events[game.events.length - 1].version : 0;
  const counter = _("event {version}", { version: Math.max(v.version, shown) });
  // a finished game's phase ("finished") only repeats the status line above it
  $("#version").textContent = v.phase && v.status !== "finished" ? `${counter} · ${term(v.phase)}` : counter;
  const others = v.seats.filter((s) => s.seat !== game.seat);
  $("#opponents").replaceChildren(...others.map((s) => seatPanel(v, s, game.book, game.seat, game.lastMoves.get(s.seat))));
  $("#centre").replaceChildren(centrePanel(v, game.book, game.seat));
  lastDeal();
  const me = v.seats.find((s) => s.seat === game.seat);
  const mine = $("#mine");
  if (me && v.hand) {
    const actions = game.legal
      ? actionsPanel(game.legal, game.book, !game.busy, (action) => act(action).catch(showError))
      : h("div", { class: "actions", "data-testid": "actions" });
    for (const button of actions.querySelectorAll("[data-action-id]")) {
      const codes = JSON.parse(JSON.stringify(game.legal.actions.find((a) => a.id === button.dataset.actionId).cards || []));
      button.addEventListener("mouseenter", () => highlight(codes));
      button.addEventListener("focus", () => highlight(codes));
      button.addEventListener("mouseleave", () => highlight([]));
      button.addEventListener("blur", () => highlight([]));
    }
    const asked = prompt();
    // the prompt is read on entering the buttons: the focus lands on the first one, past it
    if (asked) actions.setAttribute("aria-describedby", asked.id);
    const parts = [
      h("h2", { class: "visually-hidden", text: _("Your hand and decisions") }),
      handPanel(v, game.book),
      handLegend(v, game.book),
      // not an alert itself: rebuilt with every render, it was announced again at each move shown
      game.notice && v.status !== "finished" ? h("p", { class: "notice", text: game.notice }) : null,
      asked ? h("div", { class: "prompt-line" }, promptCard(), asked) : null,
      actions,
      seatPanel(v, me, game.book, game.seat, game.lastMoves.get(game.seat)),
    ];
    mine.replaceChildren(...parts.filter(Boolean));
  } else {
    mine.replaceChildren();
  }
  // the AI's moves change the table above the line the focus waits on: it stays in view
  const waiting = $("#waiting");
  if (document.activeElement === waiting) waiting.scrollIntoView({ block: "nearest" });
}

/** Between the deals of a match (NT-3.3): the deal just over, as everyone lays their hand down to
 * score it (NT-9). Open until the next deal gets going (its first discard) unless the person
 * closes it; closed, it stays one line to open again until the next deal is over. Kept across
 * renders (the AI's moves render the table one by one), so the focus and the reading place stay. */
function lastDeal() {
  const box = $("#last-deal");
  const v = game.view;
  const results = (v.table && v.table.deal_results) || [];
  const deal = v.status === "active" ? results[results.length - 1] : undefined;
  if (!deal) {
    box.replaceChildren();
    delete box.dataset.shows;
    return;
  }
  const going = (v.table.history || []).some((e) => e.event === "discard");
  const open = game.dealShown.has(deal.deal) ? game.dealShown.get(deal.deal) : !going;
  const key = `${v.id} ${deal.deal}`;
  const shown = box.querySelector("details");
  if (shown && box.dataset.shows === key) {
    shown.open = open;
    return;
  }
  const panel = dealSummaryPanel(deal, game.book, game.seat, open);
  // a click (or Enter / Space on the summary) toggles after its listeners: the new state is the other
  panel.querySelector("summary").addEventListener("click", () => game.dealShown.set(deal.deal, !panel.open));
  box.dataset.shows = key;
  box.replaceChildren(panel);
  // said too, once: how the deal ended and what the reader won or paid, which the log's "Deal 1 is
  // over" does not say (the summary sits above the seats, far from the decision the focus goes to)
  log.announce(panel.querySelector("summary").textContent);
}

/** The card up for claims beside the prompt that names it: on a phone the middle of the table,
 * where it lies, is scrolled out of sight by the decision (its name is in the prompt: hidden
 * from screen readers). */
function promptCard() {
  const tb = game.view.table || {};
  const open = (tb.claim && tb.claim.card) || (tb.window && tb.window.card);
  return open ? h("span", { class: "prompt-card", "aria-hidden": "true" }, ...game.book.cards([open], { small: true })) : null;
}

/** What the decision is about: a claim prompt while a card is up for claims; in a phase before
 * play, what the phase is for (its one button, "finish", says nothing about it on its own). */
function prompt() {
  // while moves are being sent or shown, the decision is taken: nothing to ask
  if (game.busy || !game.legal || !game.legal.actions.length) return null;
  const tb = game.view.table || {};
  const open = (tb.claim && tb.claim.card) || (tb.window && tb.window.card);
  const claims = game.legal.actions.some((a) => a.type !== "pass");
  const types = new Set(game.legal.actions.map((a) => a.type));
  let text;
  if (open && claims) text = _("You may claim the {card}: choose a claim, or pass.", { card: game.book.name(open) });
  // only pass: with other people at the table every person answers every window (SSP-5.1, NT-6.1)
  else if (open) text = _("The {card} is up for claims, but you cannot claim it, so you can only pass. Every person at the table is asked, so nobody learns who could have claimed it.", { card: game.book.name(open) });
  else if (types.has("finish") && types.size === 1)
    // NT-4.1: a dealt hand that allows no declaration (and no ready) has only this to do
    text = _("Preparation, before the first discard: your dealt hand allows no opening declaration, so finish preparing to let play begin.");
  else if (types.has("finish"))
    // NT-4.1: declarations one at a time, then "finish preparation"; NT-4.5 [R]: ready ends it too
    text = _("Preparation, before the first discard: lay down any opening declarations your dealt hand allows, one at a time; then finish preparing to let play begin. Declaring ready finishes it too, so declare first.");
  else if (types.has("bonus"))
    // CP-2.5: once, before the first lead, never later
    text = _("Opening bonus: your hand holds a Nail and a Two Red, so you may move every Nail and Two Red straight to your pile now, or pass. You cannot take it later.");
  else if (game.view.phase === "bonus")
    // with other people at the table, a pass the game made for you would tell them your hand
    text = _("Opening bonus: your hand does not hold both a Nail and a Two Red, so you can only pass. Every person at the table is asked, so nobody learns who could have taken it.");
  else if (types.has("discard") && types.has("win")) text = _("You can win now: declare your win, or discard a card to play on.");
  else if (types.has("discard")) text = _("Your turn: choose a card to discard.");
  // Chuo Pai's rules of a round, said only in Chuo Pai: another trick game shaped alike (a list
  // of {seat, type, cards}) need not oblige anyone to beat (docs/adding-a-ruleset.md, step 8)
  else if (game.view.ruleset === "chuopai" && Array.isArray(tb.trick) && [...types].every((t) => t === "play" || t === "combo")) {
    // CP-4.2: each play beats the one before, so the highest is the last play (not a pass)
    const highest = tb.trick.findLast((p) => p.type !== "pass");
    if (!highest) {
      // CP-4.1, CP-4.3: any play leads; only the highest play of the round is banked
      text = _("You lead this round: play a card, a set of one kind, or a combination. The highest play wins the round, and its cards go to its player's pile.");
    } else {
      // CP-4.2: whoever can beat the highest play must, with a play of the same shape
      // never the reader's own play: another seat's, named as mid-sentence ("par la place 2")
      const cards = game.book.play(highest.cards);
      text =
        game.legal.actions.length === 1
          ? _("Seat {number} played {cards}, and your one play below beats it: you must play it.", { cards, number: highest.seat })
          : _("You can beat {cards}, played by seat {number}, so you must: choose which play.", { cards, number: highest.seat });
    }
  } else text = _("Your move: choose one of the buttons below.");
  return h("p", { class: "prompt", id: "decision-prompt", text: sentence(text) });
}

function focusFirstAction() {
  const first = document.querySelector("[data-action-id]:not([disabled])");
  if (!first) return;
  first.focus({ preventScroll: true });
  const box = first.getBoundingClientRect();
  if (box.top < 0 || box.bottom > innerHeight) first.scrollIntoView({ block: "nearest" }); // never focused off-screen
}

/** Whether the focus is where the page left it (the body, the status line it waits on, the
 * decision it re-rendered), not somewhere the person took it meanwhile (the log, the rules). */
function focusIsOurs() {
  const at = document.activeElement;
  return !at || at === document.body || at.id === "waiting" || Boolean(at.closest("#mine"));
}

/** A table opened (started, reloaded, or shown again after a refused move) on the person's
 * decision: scroll just enough that its first button is on screen (on a phone, or below the fold
 * of a laptop, it is often far down the page), with the prompt and any notice right above it. */
function showDecision() {
  const first = document.querySelector("#mine [data-action-id]:not([disabled])");
  const notice = document.querySelector("#mine .notice");
  const top = notice || document.querySelector("#mine .prompt") || first;
  if (!top) return;
  const seen = (node) => !node || (node.getBoundingClientRect().top >= 0 && node.getBoundingClientRect().bottom <= innerHeight);
  // the notice or prompt at the top of the screen, the choices below it: as many as fit
  if (!seen(top) || !seen(first)) top.scrollIntoView({ block: "start" });
}

/** After a move: the next decision; once the game is over, the score (the decision just taken
 * is gone, and the focus with it: a keyboard would start again from the top of the page). */
function focusAfterMove() {
  if (!focusIsOurs()) return; // the person is reading elsewhere: the status line says it is their turn
  const heading = game.view.status === "finished" ? document.querySelector("[data-testid=score] h2") : null;
  if (heading) heading.focus();
  else focusFirstAction();
}

/** The status line (a live region): rewritten only when its words change, or a screen reader
 * says "The other seats are playing…" again at every AI move. */
function sayStatus(text) {
  const turn = $("#turn");
  if (turn.textContent !== text) turn.textContent = text;
}

function setBusy(busy) {
  game.busy = busy;
  // the button just pressed is disabled, then re-rendered away: the focus would fall to the
  // page's body for the whole of the AI's turn, and a screen reader lose its place. It waits on
  // a line saying so ("The other seats are playing…") just below the decisions, where the person
  // looks (the status line at the top of the table may be a screen away on a phone), scrolled
  // into view if need be, until the next decision. The status line stays the one announced.
  const waiting = $("#waiting");
  const fromDecision = busy && document.activeElement && document.activeElement.closest("#mine");
  if (!busy) waiting.hidden = true;
  for (const b of document.querySelectorAll("[data-action-id]")) b.disabled = busy;
  if (busy) for (const p of document.querySelectorAll("#mine .prompt")) p.remove();
  if (fromDecision) {
    // once the decisions above it have their new size (the prompt gone), not before
    waiting.textContent = _("The other seats are playing…");
    waiting.hidden = false;
    waiting.focus({ preventScroll: true });
    waiting.scrollIntoView({ block: "nearest" });
  }
  sayStatus(statusLine());
}

async function act(action) {
  if (game.busy) return;
  const id = game.id; // another game may be opened while this move is answered: its answer is dropped
  showError(null); // a notice about an earlier move is done with
  setNotice(null);
  const tb = game.view.table || {};
  const claiming = Boolean((tb.claim && tb.claim.card) || (tb.window && tb.window.card)) && action.type !== "pass";
  setBusy(true);
  // the decision is taken: its buttons go and the cards it plays leave the hand at once (an AI
  // that searches may take a second to answer), back as they were if the move is not played
  const asked = game.legal;
  const before = game.view;
  game.legal = { ...asked, actions: [] };
  // the reader is no longer asked (a claim or a preparation step that lands nowhere on the table too)
  game.view = { ...handAfter(game.view, action, game.seat), to_act: (game.view.to_act || []).filter((s) => s !== game.seat) };
  // and the cards played land on the table (the trick, the discards, the card up for claims)
  const landed = landsAtClick(game.view, action);
  if (landed) game.view = tableAfter(game.view, landed);
  render();
  let result;
  try {
    result = await api.play(game.id, game.token, action.id, asked.version);
    game.claimed = claiming; // played: its settlement (in this answer, or polled) is watched for
  } catch (error) {
    if (id !== game.id) return;
    if (error instanceof ApiError && error.status === 409) {
      // the game moved on (this seat played elsewhere, or another person answered first): the
      // click was not played; show the table as it is now and say so where the person is looking,
      // above the decision they must take again (the page's error line is far up on a phone)
      await openGame(game.id, game.token);
      setNotice(
        game.legal && game.legal.actions.length
          ? _("The game moved on before your move arrived: here it is now. Choose again.")
          : _("The game moved on before your move arrived, and it was not played. Nothing is asked of you now."),
      );
      render();
      focusFirstAction();
      showDecision();
      return;
    }
    game.legal = asked;
    game.view = before;
    setBusy(false);
    render();
    // no answer, or a server's failure: the move may have been played with its answer lost
    if (error instanceof NetworkError || error.status >= 500) return afterLostAnswer(id, asked, error);
    // refused (4xx): nothing was played, the decision is back; said above it, where the person
    // looks, and the focus on it (it fell to the page's body, the error a screen away on a phone)
    setNotice(_("Your move was not played: {why}", { why: error.message }));
    render();
    focusFirstAction();
    showDecision();
    return;
  }
  if (id !== game.id) return;
  rememberActed(game.id, asked.version);
  try {
    // while the AI seats' moves are shown one by one, the middle of the table follows them
    // (tableAfter); the rest catches up with the view after them, once they are all shown
    await showMoves(result.events, { ownAnswer: true, ownLanded: Boolean(landed) });
    if (id !== game.id) return;
    game.view = result.view;
    await refreshLegalOfTheViewShown(id);
  } catch (error) {
    // the move was played; a read after it failed: the table reads the game again until it can
    if (id === game.id) recoverLater(error);
    return;
  }
  if (id !== game.id) return;
  game.busy = false;
  render();
  if (game.view.status === "finished") await showEnd();
  focusAfterMove();
  $("#waiting").hidden = true; // after the focus has moved on from it
  // the next decision with its prompt (and a notice: a claim outranked) at the top of the screen,
  // unless the person is reading elsewhere: on a phone, many choices push the prompt away
  if (game.view.status !== "finished" && (game.notice || focusIsOurs())) showDecision();
  schedulePoll();
}

/** The person's move got no answer, or a server's failure (`error`): it may have been played. The
 * game is read again and the person told which: played (its answer lost on the way), not played
 * (choose again), or the game moved on. While the server does not answer, the decision stays up
 * (a move sent again at the old version is refused if the first one was played) and the table
 * reads the game again by itself once it answers. */
async function afterLostAnswer(id, asked, error) {
  let events;
  try {
    events = await api.events(id, game.token, asked.version);
  } catch {
    if (id === game.id) recoverLater(error);
    return;
  }
  if (id !== game.id) return;
  const played = events.some((e) => e.type === "action" && e.payload.seat === game.seat);
  try {
    await openGame(id, game.token);
  } catch (again) {
    if (id === game.id) recoverLater(again);
    return;
  }
  if (id !== game.id) return;
  const asking = game.legal && game.legal.actions.length;
  setNotice(
    played
      ? _("Your move was played, but its answer was lost on the way: here is the game now.")
      : events.length
        ? asking
          ? _("The game moved on before your move arrived: here it is now. Choose again.")
          : _("The game moved on before your move arrived, and it was not played. Nothing is asked of you now.")
        : _("Your move was not played. Choose again."),
  );
  render();
  focusFirstAction();
  showDecision();
}

let recoveryMs = POLL_MS;

/** A read of the game failed (the network, the server restarting, a 503): say so, and read the
 * whole game again later, less often each time it fails (at most every 30 s, or when the server
 * says with Retry-After), until it answers. Without it one failed read left the table stuck,
 * waiting for nothing, until the page was reloaded. */
function recoverLater(error) {
  if (!game.id) return showError(error); // in the lobby: nothing to read again
  const id = game.id;
  const token = game.token;
  game.busy = false;
  const more = _("The table will catch up by itself once the server answers.");
  if (game.legal && game.legal.actions.length && !$("#game").hidden) {
    // a decision is up (a move that could not be sent): said above it, the focus kept on it
    setNotice(`${error.message} ${more}`);
    render();
    focusFirstAction();
  } else showError(error, more);
  clearTimeout(pollTimer);
  const wait = Math.max(recoveryMs, error && error.retryAfter ? error.retryAfter * 1000 : 0);
  recoveryMs = Math.min(recoveryMs * 2, 30000);
  pollTimer = setTimeout(async () => {
    if (id !== game.id) return;
    try {
      setNotice(null);
      await openGame(id, token); // says no error, and polls on if the game waits on others
      recoveryMs = POLL_MS;
    } catch (again) {
      if (id === game.id) recoverLater(again);
    }
  }, wait);
}

// The action types whose cards all leave the hand: a discard (NT-5.1, SSP-4.3), a play or
// combination (CP-4.1, CP-4.2), the opening bonus (CP-2.5: to the pile). A claim's cards become an
// exposed meld and are left for the view after it to move.
const PLAYED_FROM_HAND = new Set(["discard", "play", "combo", "bonus"]);

/** The event that the person's `action` will be, as far as the table shows it at once: a discard
 * (NT-5.1, SSP-4.3), a play or a pass in a Chuo Pai round (CP-4.1, CP-4.2); null for an action whose
 * effect waits for others (a claim settles after every answer, SSP-5.1, NT-6.1). */
function landsAtClick(view, action) {
  const inRound = Array.isArray((view.table || {}).trick) && view.phase !== "bonus";
  const lands = action.type === "discard" || ((action.type === "play" || action.type === "combo" || action.type === "pass") && inRound);
  if (!lands) return null;
  const cards = action.cards || [];
  return { type: "action", payload: { seat: game.seat, public: { type: action.type, cards, card: cards[0] } } };
}

/** `view` with the cards `action` plays taken out of the hand (one copy each), and out of the
 * hand count of `seat`'s panel. */
function handAfter(view, action, seat) {
  if (!view.hand || !PLAYED_FROM_HAND.has(action.type)) return view;
  const hand = [...view.hand];
  for (const code of action.cards || []) {
    const at = hand.indexOf(code);
    if (at >= 0) hand.splice(at, 1);
  }
  const gone = view.hand.length - hand.length;
  const seats = view.seats.map((s) => (s.seat === seat && s.hand_count !== undefined ? { ...s, hand_count: s.hand_count - gone } : s));
  return { ...view, hand, seats, drawn: null };
}

/** `view` with its round's plays (a table's `trick`, CP-4.1, CP-4.2) after one more event of a
 * batch, or its last round after a round won (CP-4.3): so that while a batch's moves are shown one
 * by one, the middle of the table follows them. The rest waits for the view after the batch. */
function tableAfter(view, event) {
  if (!event.payload) return view;
  const seat = event.payload.seat;
  const pub = event.payload.public || {};
  // the seat whose move is shown is marked as playing (not the seat that was asked before the
  // batch); nobody while the reader passes automatically (it read as their turn) or a round is won
  const marked = event.type === "round_won" || (seat === game.seat && event.payload.by === "auto") ? null : seat;
  const moving = stockAfter(event.type === "action" || event.type === "round_won" ? { ...view, moving: marked } : view, event.type);
  const tb = moving.table || {};
  if (Array.isArray(tb.trick)) return { ...moving, ...roundAfter(moving, tb, event.type, seat, pub) };
  if ("last_discard" in tb) {
    return { ...moving, table: { ...tb, ...discardAfter(event.type, seat, pub) }, seats: seatsAfter(moving, event, "melds", true) };
  }
  if ("claim" in tb) {
    return { ...moving, table: { ...tb, ...claimAfter(tb, event.type, seat, pub) }, seats: seatsAfter(moving, event, "exposed", false) };
  }
  return moving;
}

/** A draw takes a card from the stock (SSP-4.1, NT-5.1, and a kong's replacement, NT-6.3), so the
 * stock's count (and Sì Sè Pái's count of draws) follows the moves shown one by one. */
function stockAfter(view, type) {
  const tb = view.table || {};
  if (type !== "draw" || typeof tb.stock_count !== "number" || tb.stock_count <= 0) return view;
  const draws = typeof tb.draws === "number" ? { draws: tb.draws + 1 } : {};
  return { ...view, table: { ...tb, stock_count: tb.stock_count - 1, ...draws } };
}

// The Nantong melds a seat lays down from its own hand, by the action's public type: an opening
// kong or triple and a Hezi while preparing (NT-4.2 … NT-4.4), a concealed kong in play (NT-5.2).
const LAID_DOWN = { declare_kong: "opening_kong", declare_triple: "opening_triple", hezi: "hezi", concealed_kong: "concealed_kong" };

/** The seats after one more event of a Nantong or Sì Sè Pái batch: a discard leaves its seat's
 * hand (NT-5.1, SSP-4.3) and, in Nantong, lies on its discards until claimed (`pileAtOnce`); a
 * claim's meld is laid down by its seat (NT-6.2, NT-6.3, SSP-4.2) into `meldsKey`, from its hand
 * but the card claimed; a Sì Sè Pái card nobody takes goes to its owner's discards (SSP-5.4); a
 * Nantong draw joins the hand. The reader's own hand count is left to the view after the batch
 * (their own discard's already left it at the click). */
function seatsAfter(view, event, meldsKey, pileAtOnce) {
  const seat = event.payload.seat;
  const pub = event.payload.public || {};
  const mine = seat === game.seat;
  const change = (target, fn) => view.seats.map((s) => (s.seat === target ? fn({ ...s, facts: { ...(s.facts || {}) } }) : s));
  const card = pub.card || (pub.cards && pub.cards[0]);
  if (event.type === "action" && pub.type === "discard" && card) {
    return change(seat, (s) => ({
      ...s,
      hand_count: mine ? s.hand_count : s.hand_count - 1,
      facts: pileAtOnce ? { ...s.facts, discards: [...(s.facts.discards || []), card] } : s.facts,
    }));
  }
  if (event.type === "draw" && pileAtOnce && !mine) return change(seat, (s) => ({ ...s, hand_count: s.hand_count + 1 }));
  if (event.type === "action" && LAID_DOWN[pub.type] && card) {
    // a Nantong meld laid down from the hand (NT-4.2 … NT-4.4, NT-5.2): its cards leave the hand
    const meld = { kind: LAID_DOWN[pub.type], card, cards: pub.cards };
    return change(seat, (s) => ({ ...s, hand_count: mine ? s.hand_count : s.hand_count - pub.cards.length, facts: { ...s.facts, [meldsKey]: [...(s.facts[meldsKey] || []), meld] } }));
  }
  if (event.type === "action" && pub.type === "added_kong" && card) {
    // NT-5.2: the fourth card joins the seat's pong of it
    const added = (m) => (m.kind === "pong" && m.card === card ? { kind: "added_kong", card, cards: [card, card, card, card] } : m);
    return change(seat, (s) => ({ ...s, hand_count: mine ? s.hand_count : s.hand_count - 1, facts: { ...s.facts, [meldsKey]: (s.facts[meldsKey] || []).map(added) } }));
  }
  if (event.type === "unclaimed" && pub.becomes === "dead" && pub.card) {
    return change(seat, (s) => ({ ...s, facts: { ...s.facts, discards: [...(s.facts.discards || []), pub.card] } }));
  }
  if (event.type === "claim_settled" && Array.isArray(pub.cards)) {
    let seats = change(seat, (s) => ({
      ...s,
      hand_count: mine ? s.hand_count : s.hand_count - (pub.cards.length - 1),
      facts: { ...s.facts, [meldsKey]: [...(s.facts[meldsKey] || []), { kind: pub.claim, card: pub.card, cards: pub.cards }] },
    }));
    if (pileAtOnce) {
      // the claimed discard leaves the pile of the seat it came from (NT-6.1)
      const taken = (s) => s.seat === pub.from && s.facts && s.facts.discards && s.facts.discards.length;
      seats = seats.map((s) => (taken(s) ? { ...s, facts: { ...s.facts, discards: s.facts.discards.slice(0, -1) } } : s));
    }
    return seats;
  }
  return view.seats;
}

/** A Chuo Pai round after one more event: a play or pass joins the trick (CP-4.1, CP-4.2); a round
 * won (CP-4.3) banks its highest play, puts the others out of the deal and starts the next. */
function roundAfter(view, tb, type, seat, pub) {
  // cards leave the hand of the seat playing them (the reader's own left at the click)
  const fromHand = (n) => view.seats.map((s) => (s.seat === seat && seat !== game.seat ? { ...s, hand_count: s.hand_count - n } : s));
  if (type === "round_won") {
    const won = pub.cards || [];
    const out = tb.trick.flatMap((p) => p.cards || []);
    for (const code of won) out.splice(out.indexOf(code), out.includes(code) ? 1 : 0);
    const table = {
      ...tb,
      trick: [],
      last_round: { ...(tb.last_round || {}), winner: seat, won },
      round: tb.round === undefined ? undefined : tb.round + 1,
      leader: nextLeader(view.seats, seat),
      discarded: [...(tb.discarded || []), ...out],
      discarded_count: tb.discarded_count === undefined ? undefined : tb.discarded_count + out.length,
    };
    const seats = view.seats.map((s) => (s.seat === seat && s.facts && s.facts.pile_count !== undefined ? { ...s, facts: banked(s.facts, won, { tricks_won: 1 }) } : s));
    return { table, seats };
  }
  if (type !== "action") return {};
  const cards = pub.cards || [];
  if (pub.type === "bonus") {
    // CP-2.5: every Nail and Two Red straight to the pile
    const seats = fromHand(cards.length).map((s) => (s.seat === seat && s.facts ? { ...s, facts: banked(s.facts, cards, { bonus: cards.length }) } : s));
    return { seats };
  }
  if (pub.type === "pass" && view.phase === "bonus") return {}; // CP-2.5: no play of a round
  if (pub.type !== "pass" && pub.type !== "play" && pub.type !== "combo") return {};
  const play = { seat, type: pub.type, cards };
  return { phase: pub.type === "pass" ? view.phase : "play", table: { ...tb, trick: [...tb.trick, play] }, seats: fromHand(cards.length) };
}

/** CP-4.4: the winner leads next, or, with an empty hand, the next seat in turn order that still
 * holds cards. */
function nextLeader(seats, winner) {
  const order = [...seats.slice(winner), ...seats.slice(0, winner)];
  const holding = order.find((s) => s.hand_count > 0);
  return holding ? holding.seat : winner;
}

/** A Chuo Pai seat's facts with `cards` added to its pile (the cards and their count), and `more`
 * added to its counts. */
function banked(facts, cards, more) {
  const added = Object.fromEntries(Object.entries(more).filter(([key]) => typeof facts[key] === "number").map(([key, n]) => [key, facts[key] + n]));
  const pile = Array.isArray(facts.pile) ? { pile: [...facts.pile, ...cards] } : {};
  return { ...facts, ...added, ...pile, pile_count: typeof facts.pile_count === "number" ? facts.pile_count + cards.length : facts.pile_count };
}

/** A Nantong table's last discard after one more event: a discard is the last (NT-5.1), its
 * window closes; a claim takes it (NT-6.1). */
function discardAfter(type, seat, pub) {
  if (type === "action" && pub.type === "discard" && pub.card) return { last_discard: { seat, card: pub.card }, window: null };
  if (type === "claim_settled") return { last_discard: null, window: null };
  if (type === "action" && pub.type !== "answer") return { window: null };
  return {};
}

/** A Sì Sè Pái table's card up for claims after one more event: a card drawn (SSP-4.1) or
 * discarded (SSP-4.3) is; a claim takes it; an untaken drawn card is offered again as its
 * drawer's discard, or is out (SSP-5.4). */
function claimAfter(tb, type, seat, pub) {
  const card = pub.card || (pub.cards && pub.cards[0]);
  if (type === "draw" && card) return { claim: { card, owner: seat, source: "draw", round: 1 } };
  if (type === "action" && pub.type === "discard" && card) return { claim: { card, owner: seat, source: "discard", round: 1 } };
  if (type === "claim_settled") return { claim: null };
  if (type === "unclaimed") return { claim: pub.becomes === "discard" ? { card: pub.card, owner: seat, source: "discard", round: 2 } : null };
  return {};
}

/** The events the answer to this device's last move in the game held (its version, kept by
 * `rememberActed`), as that answer showed them; without it (another device, a spectator), those
 * after the seat's last move of its own. */
function answerToLastMove(id, token, events, seat) {
  const kept = token ? mySeats().find((s) => s.id === id && s.token === token) : null;
  if (kept && Number.isInteger(kept.actedAt)) return events.filter((e) => e.version > kept.actedAt);
  return sinceOwnLastMove(events, seat);
}

/** The events after `seat`'s last move of its own (all of them for a spectator, `seat` null): its
 * automatic passes are not its moves, and the answer to its last move showed the events after it. */
function sinceOwnLastMove(events, seat) {
  const own = (e) => e.type === "action" && e.payload.seat === seat && e.payload.by !== "auto";
  let start = events.length;
  while (start > 0 && !own(events[start - 1])) start -= 1;
  return events.slice(start);
}

/** What a seat's line shows: its moves, and what happened to it since (a card drawn, a claim
 * settled in its favour), so that a seat waiting to discard after a draw does not still read as
 * answering the window before it. */
function showsOnSeat(event) {
  return event.type === "action" || event.type === "draw" || event.type === "claim_settled";
}

/** The move shown under its seat. The reader's own automatic passes are not shown under theirs:
 * "You pass automatically" read there as the answer to the decision now asked of them. */
function noteLastMove(event) {
  const seat = event.payload.seat;
  if (seat === game.seat && event.payload.by === "auto") game.lastMoves.delete(seat);
  else game.lastMoves.set(seat, eventText(event, game.book, game.seat));
  const answer = event.type === "action" && event.payload.public && event.payload.public.type === "answer";
  if (answer) game.answerNotes.add(seat);
  else game.answerNotes.delete(seat);
}

/** A claim window settled: claimed, or untaken (Sì Sè Pái says so; in Nantong the next seat
 * draws, NT-6.5, and a draw comes only once every window before it is over). */
function settlesWindow(event) {
  return event.type === "claim_settled" || event.type === "unclaimed" || event.type === "draw";
}

/** Another seat's "Seat 2 answers the claim window" (its answer stays secret, SSP-5.1, NT-6.1)
 * says nothing once the window has settled, nor does the reader's own "You pass": the note goes,
 * where it stayed under the seat, moves after the claim, as if the seat were still answering (or
 * had already answered the next window). */
function dropAnswerNotes() {
  for (const seat of game.answerNotes) game.lastMoves.delete(seat);
  game.answerNotes.clear();
}

/** How long a move shown one by one stays before the next (a round won: its winner, CP-4.3). */
function paceOf(event) {
  if (event.type === "round_won") return PACE_MS.move;
  const kind = event.payload.public ? event.payload.public.type : "";
  return kind === "answer" ? PACE_MS.quiet : kind === "pass" ? PACE_MS.pass : PACE_MS.move;
}

/** Log each new event and show it on its seat; other seats' moves one by one when paced. The
 * answer to the person's own move (`ownAnswer`) shows all of them, in PACE_BUDGET_MS at most. Of
 * another batch (a page that fell behind: a tab in the background, a slow network) only the last
 * PACE_LAST moves are paced; the older ones go into the log at once, or catching up would take
 * minutes. */
async function showMoves(events, { ownAnswer = false, ownLanded = false } = {}) {
  const id = game.id; // the moves of this game only: another may be opened while they are shown
  game.lastMoves.clear();
  // the person's own move, already on the table since the click (`landsAtClick`)
  let ownToSkip = ownLanded;
  const paced = paceOn() ? events.filter((e) => e.type === "action" && e.payload.seat !== game.seat) : [];
  const fromPaced = new Set(ownAnswer ? paced : paced.slice(-PACE_LAST));
  const shown = events.filter((e) => fromPaced.has(e) || e.type === "round_won");
  const speed = Math.min(1, PACE_BUDGET_MS / shown.reduce((total, e) => total + paceOf(e), 0));
  let pacing = false; // from the first paced move on
  for (const event of events) {
    if (id !== game.id) return;
    game.events.push(event);
    log.add(event, game.book, game.seat);
    const seat = event.payload ? event.payload.seat : undefined;
    // a deal that is over (NT-3.3) takes its moves with it, and any notice about them: the next
    // deal's seats start bare (a game that is over drops the notice too: `render`)
    if (event.type === "deal_over") {
      game.lastMoves.clear();
      setNotice(null);
    }
    if (game.claimed && (event.type === "claim_settled" || event.type === "unclaimed")) {
      // a claim outranked by another seat's (SSP-5.2, NT-6.1) is otherwise only a line in the log
      if (event.type === "claim_settled" && seat !== game.seat) {
        game.outranked = withFullStop(eventText(event, game.book, game.seat));
        setNotice(_("Your claim was outranked. {what}", { what: game.outranked }));
      }
      game.claimed = false;
    } else if (game.outranked && event.type === "draw") {
      // play went on past that card: above a decision about another card, the notice says it is
      // about an earlier one (it read as a refusal of the claim now offered), said once already
      game.notice = _("Earlier, your claim was outranked. {what}", { what: game.outranked });
      game.outranked = null;
    }
    if (ownToSkip && event.type === "action" && event.payload.seat === game.seat) ownToSkip = false;
    else game.view = tableAfter(game.view, event);
    if (event.type === "round_won" && pacing) {
      // CP-4.3: who won the round, and its banked play, before the next lead clears them away
      render();
      await sleep(paceOf(event) * speed);
    }
    if (settlesWindow(event)) dropAnswerNotes();
    if (showsOnSeat(event)) noteLastMove(event);
    if (event.type !== "action" || !fromPaced.has(event)) continue;
    pacing = true;
    render();
    await sleep(paceOf(event) * speed);
  }
}

/** A page brought back to the front (another tab, a phone woken) reads whether the game went on
 * meanwhile, also while it shows a decision (which it does not poll for): the same seat played
 * in another tab, say. */
async function recheck() {
  const id = game.id;
  if (!id || game.busy || $("#game").hidden || !game.view || game.view.status !== "active") return;
  const view = await api.view(id, game.token);
  if (id === game.id && !game.busy && view.version !== game.view.version) await openGame(id, game.token);
}

// While the game waits on someone else (another person, or you watch), look for new events.
function schedulePoll() {
  clearTimeout(pollTimer);
  pollTimer = null;
  if (!game.id || game.view.status !== "active" || (game.legal && game.legal.actions.length)) return;
  pollTimer = setTimeout(() => poll().catch(recoverLater), POLL_MS);
}

async function poll() {
  const id = game.id;
  if (game.busy || document.visibilityState === "hidden") return schedulePoll();
  const changed = await api.viewIfChanged(id, game.token, game.pollEtag);
  if (id !== game.id || game.busy) return;
  if (!changed) return schedulePoll(); // 304: nothing happened since the last poll
  game.pollEtag = changed.etag;
  const view = changed.view;
  if (view.version !== game.view.version) {
    setNotice(null); // the game went on: a notice about the moment before is done with
    setBusy(true);
    const fresh = (await api.events(id, game.token, game.view.version)).filter((e) => e.version <= view.version);
    await showMoves(fresh);
    if (id !== game.id) return;
    game.view = view;
    await refreshLegalOfTheViewShown(id);
    if (id !== game.id) return;
    game.busy = false;
    render();
    if (game.view.status === "finished") await showEnd(); // the view shown: it may be newer than the polled one
    focusAfterMove();
  }
  schedulePoll();
}

/** The game's receipt: the hash of its first event, as this device first saw it (every view
 * carries it from the start). An export that begins with it is this game, whatever else a server
 * says (docs/guarantees.md §5); a log that no longer begins with it is said to be another. */
function receipt() {
  const hash = game.receipt;
  if (!hash) return null;
  const now = game.view && game.view.creation_hash;
  const changed =
    now && now !== hash
      ? h("p", {
          class: "receipt-changed",
          role: "alert",
          "data-testid": "receipt-changed",
          text: _("This game's log no longer begins with the event this device saw when the game began (the server now gives {now}): it is not the game you played.", { now }),
        })
      : null;
  // a command, the same in every language: read as English, left alone by page translators
  // it wraps only between its words and inside the hash: "--creation-hash" broken after "--"
  // invited retyping it as two words
  const word = (text) => h("span", { class: "nowrap", text });
  const command = h("code", { "data-testid": "receipt", lang: "en" }, word("cardgames verify"), " ", `game-${game.id}.json`, " ", word("--creation-hash"), " ", hash);
  command.setAttribute("translate", "no");
  const kept = h(
    "p",
    { class: "receipt" },
    _("To check this game on your own machine, keep its receipt (the hash of its first event) and verify the export with:"),
    " ",
    command,
  );
  return changed ? h("div", {}, changed, kept) : kept;
}

async function showEnd() {
  const end = $("#end");
  // Another game may be opened while this one's end is fetched (a link followed, the fragment
  // changed): what arrives then belongs to no table shown, and asking for this game's replay
  // with the other game's id was a 409 (that game still running).
  const id = game.id;
  // the page's address names the game shown at once, before the next game's view has come and
  // `game` is that game's
  const shown = () => game.id === id && fragment().id === id;
  if (game.token) rememberFinished(id, game.view);
  const score = await api.score(id);
  if (!shown()) return;
  // Once finished every event comes in full (whose decision was automatic, what each claim-window
  // answer was): the log is written again from them, so it reads as it will after a reload.
  const events = await api.events(id, game.token);
  if (!shown()) return;
  game.events = events;
  log.refill(game.events, game.book, game.seat);
  const replayBox = h("section", { class: "replay", "aria-label": _("replay") });
  const verify = verifyControl(game.id, game.receipt);
  const again = h("button", { type: "button", class: "primary", text: _("New game") });
  again.addEventListener("click", () => {
    history.pushState(null, "", location.pathname);
    showLobby(true);
  });
  // the final score said once: the log's "The game is over: seat 2 wins" names no score
  const players = score.players || score.scores.map((points, seat) => ({ seat, score: points }));
  log.announce(resultHeading(score.winners || [], game.seat));
  for (const p of players) {
    const points = p.score < 0 ? `\u2212${-p.score}` : String(p.score); // a minus sign, as the score shows it
    log.announce(_("{who}: {score}", { who: seatName(p.seat, game.seat), score: points }));
  }
  end.replaceChildren(
    scorePanel(score, game.seat),
    h(
      "div",
      { class: "audit" },
      h(
        "p",
        {},
        h("a", { href: api.exportUrl(game.id), download: `game-${game.id}.json`, text: _("Export the full log") }),
        " · ",
        h(
          "a",
          { href: api.verifyUrl(game.id, game.receipt), target: "_blank", rel: "noopener" },
          _("Verification report (JSON)"),
          h("span", { class: "visually-hidden", text: _(" (opens in a new tab)") }), // said before it happens
        ),
        " · ",
        verify.button,
        " ",
        again,
      ),
      verify.result,
      receipt(),
    ),
    replayBox,
  );
  end.hidden = false;
  const replay = new Replay(replayBox, {
    gameId: game.id,
    book: game.book,
    events: game.events,
    mySeat: game.seat,
    players: game.view.seats.length,
  });
  await replay.show(replay.last);
}

/** The lobby; `focus` when a person went there (New game, Back): the control they used is gone,
 * and the focus with it, so it moves to the lobby's heading, where reading goes on. */
function showLobby(focus = false) {
  clearTimeout(pollTimer);
  game.id = null;
  showMySeats().catch(showError);
  $("#lobby").hidden = false;
  $("#game").hidden = true;
  $("#end").hidden = true;
  $("#end").replaceChildren();
  if (focus) focusHeading($("#lobby-title"));
}

function mySeats() {
  try {
    const seats = JSON.parse(localStorage.getItem(SEATS_KEY) || "[]");
    return Array.isArray(seats) ? seats.filter((s) => s && s.id && s.token && s.ruleset) : [];
  } catch {
    return []; // written by another version of the page, or by hand: start again
  }
}

/** What the lobby's list says of a game: its AI seats' level (when they share one) and, once
 * over, how it ended for the seat ("won", "shared", "lost", "none": nobody won). */
function aboutGame(view) {
  const levels = new Set(view.seats.filter((s) => s.kind === "ai").map((s) => s.level));
  const about = { level: levels.size === 1 ? [...levels][0] : null, finished: view.status === "finished" };
  const winners = view.result && view.result.winners;
  if (about.finished && Array.isArray(winners)) {
    about.outcome = !winners.length ? "none" : !winners.includes(view.seat) ? "lost" : winners.length === 1 ? "won" : "shared";
  }
  return about;
}

function rememberSeat(id, token, view, receipt = game.receipt) {
  const others = mySeats().filter((s) => s.id !== id);
  const before = mySeats().find((s) => s.id === id && s.token === token);
  const acted = before && Number.isInteger(before.actedAt) ? { actedAt: before.actedAt } : {};
  const creationHash = (before && before.creationHash) || receipt || view.creation_hash;
  const seats = [{ id, token, ruleset: view.ruleset, at: Date.now(), creationHash, ...aboutGame(view), ...acted }, ...others].slice(0, SEATS_KEPT);
  localStorage.setItem(SEATS_KEY, JSON.stringify(seats));
}

/** A game of this device's list is over: the lobby says so, and how it ended (the time it was
 * opened stays). */
function rememberFinished(id, view) {
  updateSeat(id, aboutGame(view));
}

/** `fields` set on the kept entry of game `id`, if there is one. */
function updateSeat(id, fields) {
  const seats = mySeats().map((s) => (s.id === id ? { ...s, ...fields } : s));
  localStorage.setItem(SEATS_KEY, JSON.stringify(seats));
}

/** The version this device last acted at in a game of the list: opened again, the page shows
 * the moves the answer held (`answerToLastMove`). */
function rememberActed(id, version) {
  updateSeat(id, { actedAt: version });
}

/** How a game of the list ended for its seat, in words; null when not kept (an older entry). */
function outcomeWords(outcome) {
  const words = { won: _("you won"), shared: _("you shared the win"), lost: _("you lost"), none: _("nobody won") };
  return Object.hasOwn(words, outcome) ? words[outcome] : null;
}

/** The lobby's list of this device's games, each a link that opens its seat again. */
async function showMySeats() {
  const seats = mySeats();
  const items = [];
  for (const s of seats) {
    const named = await ruleset(s.ruleset).catch(() => null);
    if (!named) continue; // a ruleset this service no longer offers
    const when = new Date(s.at).toLocaleString(language(), { dateStyle: "medium", timeStyle: "short" });
    const href = `#${new URLSearchParams({ game: s.id, token: s.token })}`;
    const which = s.level ? _("{game} against {level} AI", { game: named.name, level: levelName(s.level) }) : named.name;
    const outcome = s.finished ? outcomeWords(s.outcome) : null;
    const text = outcome
      ? _("{game}, finished: {outcome}, last opened {time}", { game: which, outcome, time: when })
      : s.finished
        ? _("{game}, finished, last opened {time}", { game: which, time: when })
        : _("{game}, in progress, last opened {time}", { game: which, time: when });
    items.push(h("li", {}, [h("a", { href, "data-game-id": s.id, "data-finished": String(Boolean(s.finished)), text })]));
  }
  $("#my-games-list").replaceChildren(...items);
  $("#my-games").hidden = items.length === 0;
}

function focusHeading(heading) {
  heading.tabIndex = -1;
  heading.focus();
}

async function route(navigated = false) {
  const { id, token } = fragment();
  setNotice(null);
  $("#end").hidden = true;
  if (!id) return showLobby(navigated);
  try {
    // a game that cannot be read for now (the server restarting) opens once it can, unless the
    // person has gone elsewhere meanwhile
    await untilAnswered(() => (fragment().id === id ? openGame(id, token) : null));
  } catch (error) {
    // an address naming no game, or with a token that is not one of its seats': reloaded, it
    // would only say so again, so the address goes back to the lobby's (the error is still said)
    if (error instanceof ApiError && [401, 403, 404].includes(error.status)) {
      history.replaceState(null, "", location.pathname + location.search);
      showLobby();
    }
    throw error;
  }
}

// The page's fixed words (index.html), by data-i18n key.
function pageTexts() {
  return {
    title: _("Card table — Sì Sè Pái, Nantong long cards, Chuo Pai"),
    skip: _("Skip to the main content"),
    home: _("Card table"),
    pace: _("Show AI moves one by one"),
    language: _("Language"),
    lobby: _("Sit down at a table"),
    game: _("Game"),
    level: _("AI level of the other seats"),
    rules: _("Rules"),
    start: _("Start a game"),
    "open-title": _("Open an existing game"),
    "my-games": _("Your games on this device"),
    "game-id": _("Game id"),
    token: _("Seat token (leave empty to watch)"),
    open: _("Open"),
    log: _("What happened"),
  };
}

const LANGUAGE_CHANGED = "cardtable.languageChanged";

function setUpLanguage() {
  const texts = pageTexts();
  document.title = texts.title;
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = texts[node.dataset.i18n] || node.textContent;
  const select = $("select[name=lang]");
  select.replaceChildren(...languageNames().map((l) => h("option", { value: l.code, text: l.name, lang: l.code })));
  select.value = language();
  // Names, labels and texts come from the API in the page's language: load the page again in the
  // new one (the fragment keeps the game and the seat). A choice made with the arrow keys is
  // applied with Enter or on leaving the list, not at the first arrow (WCAG 3.2.2: the page
  // reloaded in another language while a keyboard user was still looking through the list).
  let browsing = false;
  const apply = () => {
    if (select.value === language()) return;
    rememberLanguage(select.value);
    sessionStorage.setItem(LANGUAGE_CHANGED, "1"); // the reloaded page gives the focus back here
    // an address naming a language (?lang=) would bring the old one back: it names the new one
    if (addressedLanguage()) {
      const address = new URL(location.href);
      address.searchParams.set("lang", select.value);
      location.replace(address.href);
    } else location.reload();
  };
  select.addEventListener("keydown", (e) => {
    if (e.key === "Enter") apply();
    else if (e.key !== "Tab") browsing = true;
  });
  select.addEventListener("change", () => {
    if (!browsing) apply();
  });
  select.addEventListener("blur", () => {
    if (browsing) apply();
    browsing = false;
  });
}

async function main() {
  await loadLanguage();
  setUpLanguage();
  log = new EventLog($("#log"), $("#log-news"));
  lobbyRules = new RulesDisclosure($("#rules"), showError);
  gameRules = new RulesDisclosure($("#game-rules"), showError);
  // The fragment is the game and the seat: the skip link moves the focus, never the fragment.
  $(".skip-link").addEventListener("click", (e) => {
    e.preventDefault();
    $("#main").focus();
  });
  $("#new-game-link").addEventListener("click", (e) => {
    e.preventDefault();
    history.pushState(null, "", location.pathname);
    showLobby(true);
  });
  // fires for back/forward and for a fragment typed or set by the open-game form
  window.addEventListener("popstate", () => route(true).catch(showError));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") recheck().catch(recoverLater);
  });
  await setUpLobby();
  await route();
  // reloaded in the language chosen: the focus goes back to the list it was chosen in, unless
  // the page gave it to something (a decision); it was left on the page's body, at its top
  if (sessionStorage.getItem(LANGUAGE_CHANGED)) {
    sessionStorage.removeItem(LANGUAGE_CHANGED);
    if (!document.activeElement || document.activeElement === document.body) $("select[name=lang]").focus();
  }
}

main().catch(showError);
