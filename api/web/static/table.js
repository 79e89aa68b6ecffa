// Renders a seat's view (GET /v1/games/{id}) and its legal actions as the table.
// Everything shown comes from the view: the page never guesses a hidden card.

import { cardBack, groupName } from "./cards.js";
import { _, isSingular, language, sentence } from "./i18n.js";
import { actionWords, seatName } from "./log.js";

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("data-") || k.startsWith("aria-") || k === "role") node.setAttribute(k, v);
    else node[k] = v;
  }
  for (const child of children.flat()) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

const words = (s) => String(s).replace(/_/g, " ");

/** A ruleset's token (a phase, a meld or window kind, an outcome) in the page's language. */
export function term(token) {
  const known = {
    // phases
    bonus: _("opening bonus"),
    preparation: _("preparation"),
    play: _("play"),
    claim: _("claim"),
    discard: _("discard"),
    rob: _("robbing the kong"),
    finished: _("finished"),
    // meld kinds
    single: _("single"),
    pair: _("pair"),
    triple: _("triple"),
    quad: _("quad"),
    command: _("command group"),
    field: _("field group"),
    soldiers: _("soldier group"),
    pong: _("pong"),
    kong: _("kong"),
    concealed_kong: _("concealed kong"),
    // Nantong's other melds, in the words of the score breakdown (NT-4.2, NT-4.3, NT-5.2)
    exposed_kong: _("exposed kong (claimed)"),
    added_kong: _("exposed kong (added to a pong)"),
    opening_kong: _("opening kong (NT-4.2)"),
    opening_triple: _("opening indicator triple (NT-4.3)"),
    hezi: _("Tiandi Hezi"),
    // outcomes and plays
    win: _("win"),
    draw: _("draw"),
    pass: _("pass"),
  };
  return known[token] || words(token);
}

function cardRow(book, codes, { small = true, label, decorative = false, names = false } = {}) {
  // decorative: inside a control whose own label already names the cards
  // a named group of cards, or none: an unnamed "group" is only noise to a screen reader
  const row = h("div", decorative ? { class: "card-row", "aria-hidden": "true" } : label ? { class: "card-row", role: "group", "aria-label": label } : { class: "card-row" });
  const cards = Array.from(book.cards(codes, { small })); // each card: role img, labelled with its name
  // names: each face that draws no caption gets its name written under it, as in the hand
  row.append(...(names ? cards.map((card) => (book.captioned(card.dataset.card) ? card : named(card, book.name(card.dataset.card)))) : cards));
  return row;
}

let titles = 0;

/** Cards under a title, named by it for a screen reader ("this trick", "indicators", a meld). */
function labelled(title, ...content) {
  const id = `facts-title-${++titles}`;
  return h("div", { class: "facts-block", role: "group", "aria-labelledby": id }, h("div", { class: "facts-title", id, text: title }), ...content);
}

/** A seat's melds, one captioned group each (on the table and in the replay). */
export function meldBlock(book, melds, title) {
  if (!melds || melds.length === 0) return null;
  return labelled(
    title,
    h(
      "div",
      { class: "melds" },
      melds.map((m) => {
        const cards = m.cards || (m.card ? [m.card] : []);
        const caption = [term(m.kind || "meld"), m.points !== undefined ? _("{points} pt", { points: m.points }) : null]
          .filter(Boolean)
          .join(" · ");
        // the figure is named by its caption: its cards need no group of the same name
        return h("figure", { class: "meld" }, cardRow(book, cards), h("figcaption", { text: caption }));
      }),
    ),
  );
}

function seatBadges(view, seat) {
  const facts = seat.facts || {};
  const table = view.table || {};
  const badges = [];
  if (facts.dealer || table.dealer === seat.seat) badges.push(["dealer", _("dealer")]);
  if (table.leader === seat.seat && view.status === "active") badges.push(["leads", _("leads")]);
  if (facts.ready) badges.push(["ready", _("ready")]);
  // while the moves of a batch are shown one by one (`view.moving`, main.js), the seat whose move
  // is shown; who is asked next is known from the view after them
  if (view.moving !== undefined) {
    if (view.moving === seat.seat) badges.push(["moving", _("playing")]);
  } else if ((view.to_act || []).includes(seat.seat)) badges.push(["to-act", _("to act")]);
  else if (table.current === seat.seat && view.status === "active") badges.push(["turn", _("turn")]);
  return badges;
}

/** Whether a seat is outlined: the one whose move is being shown, else those asked to act. */
function isActive(view, seat) {
  return view.moving !== undefined ? view.moving === seat : (view.to_act || []).includes(seat);
}

/** An AI level's name in the page's language. */
export function levelName(level) {
  const names = { random: _("random"), basic: _("basic"), strong: _("strong") };
  return names[level] || level;
}

/** One seat's public facts: counts, melds or piles, discards, points. */
export function seatPanel(view, seat, book, mySeat, lastMove) {
  const facts = seat.facts || {};
  const who = seat.seat === mySeat ? _("You (seat {seat})", { seat: seat.seat }) : _("Seat {seat}", { seat: seat.seat });
  const kind = seat.kind === "ai" ? _("AI {level}", { level: seat.level ? levelName(seat.level) : "" }).trim() : _("person");
  const header = h(
    "header",
    { class: "seat-header" },
    h("h3", { text: who }),
    h("span", { class: "seat-kind", text: kind }),
    seatBadges(view, seat).map(([key, text]) => h("span", { class: `badge badge-${key}`, text })),
  );
  const stats = [];
  stats.push(_("{count} in hand", { count: seat.hand_count }));
  if (facts.pile_count !== undefined) stats.push(_("pile {count}", { count: facts.pile_count }));
  if (facts.tricks_won !== undefined) stats.push(_("tricks {count}", { count: facts.tricks_won }));
  if (facts.bonus) stats.push(_("opening bonus: {count}", { count: facts.bonus })); // CP-2.5
  // a running score (a Nantong match's, NT-3.3) says something once a deal has been settled:
  // while every seat's is 0 it only looks like a result
  const settled = view.seats.some((s) => s.facts && s.facts.score);
  if (facts.score !== undefined && settled) stats.push(_("score {score}", { score: number(facts.score) }));
  // once finished the view reveals every hand: an emptied one has nothing to show
  const revealed = seat.seat !== mySeat && Array.isArray(facts.hand);
  const hidden = seat.seat !== mySeat && !facts.hand;
  const panel = h(
    "section",
    {
      class: `seat${seat.seat === mySeat ? " seat-me" : ""}${isActive(view, seat.seat) ? " seat-active" : ""}`,
      "data-seat": seat.seat,
      "aria-label": who,
    },
    header,
    h(
      "div",
      { class: "seat-stats" },
      hidden ? h("span", { class: "backs", "aria-hidden": "true" }, cardBack({ small: true })) : null,
      h("span", { text: stats.join(" · ") }),
    ),
    // not a live region: the log already announces each move, and this line is rebuilt at every render
    lastMove ? h("p", { class: "last-move", text: lastMove }) : null,
    revealed && facts.hand.length ? labelled(_("hand (revealed)"), cardRow(book, book.sort(facts.hand))) : null,
    meldBlock(book, facts.exposed, _("exposed")),
    meldBlock(book, facts.melds, _("melds")),
    // one group, named by its title: a row inside it named the same was read twice
    facts.pile && facts.pile.length ? labelled(_("pile"), cardRow(book, facts.pile)) : null,
    facts.discards && facts.discards.length ? labelled(_("discards"), cardRow(book, facts.discards)) : null,
  );
  return panel;
}

/** The middle of the table: indicators, the open claim or window, the trick, stock and round. */
export function centrePanel(view, book, mySeat) {
  const tb = view.table || {};
  const chips = [];
  if (tb.deal !== undefined) chips.push(_("deal {deal} of {deals}", { deal: tb.deal, deals: tb.deals }));
  // `table.round` counts the rounds already finished (0 in the first): people count from 1
  if (tb.round !== undefined) chips.push(_("round {round}", { round: tb.round + 1 }));
  if (tb.stock_count !== undefined) chips.push(_("stock {count}", { count: tb.stock_count }));
  // each counter says what it counts: "draws 4" and "out of the deal 5" left a newcomer guessing
  if (tb.draws !== undefined) chips.push(_("cards drawn: {count}", { count: tb.draws }));
  if (tb.discarded_count !== undefined) chips.push(_("cards beaten out of the deal: {count}", { count: tb.discarded_count })); // CP-4.3: beaten plays leave the deal
  if (tb.match_scores && tb.deals > 1) {
    // each score by its seat's name: three bare numbers did not say whose they were
    const scores = tb.match_scores.map((score, seat) => _("{who}: {score}", { who: seatName(seat, mySeat), score: number(score) }));
    chips.push(_("match {scores}", { scores: scores.join(" · ") }));
  }
  const blocks = [];
  if (tb.indicators && tb.indicators.length) blocks.push(labelled(_("indicators"), cardRow(book, tb.indicators, { small: false })));
  if (tb.claim && tb.claim.card) {
    const owner = seatName(tb.claim.owner, mySeat);
    // your own card in words of their own: "by {seat}" with "You" is no sentence in every language
    const drawn = tb.claim.source === "draw";
    const from =
      tb.claim.owner === mySeat
        ? drawn
          ? _("up for claims: drawn by you")
          : _("up for claims: discarded by you")
        : drawn
          ? _("up for claims: drawn by {seat}", { seat: owner })
          : _("up for claims: discarded by {seat}", { seat: owner });
    // SSP-5.4: a drawn card nobody takes is offered again as its drawer's discard (round 2)
    const title = tb.claim.round ? _("{what}, round {round} of claims", { what: from, round: tb.claim.round }) : from;
    blocks.push(labelled(title, cardRow(book, [tb.claim.card], { small: false })));
  }
  if (tb.window && tb.window.card) {
    blocks.push(
      labelled(
        tb.window.seat === mySeat
          ? _("{kind} window: your card", { kind: term(tb.window.kind) })
          : _("{kind} window: {seat}'s card", { kind: term(tb.window.kind), seat: seatName(tb.window.seat, mySeat) }),
        cardRow(book, [tb.window.card], { small: false }),
      ),
    );
  } else if (tb.last_discard && tb.last_discard.card) {
    blocks.push(labelled(_("last discard, {seat}", { seat: seatName(tb.last_discard.seat, mySeat) }), cardRow(book, [tb.last_discard.card], { small: false })));
  }
  if (Array.isArray(tb.trick)) {
    if (tb.trick.length) {
      blocks.push(
        labelled(
          _("this trick"),
          h(
            "ol",
            { class: "trick" },
            tb.trick.map((p) =>
              h(
                "li",
                { class: "trick-play", "data-seat": p.seat },
                h("span", { class: "trick-seat", text: seatName(p.seat, mySeat) }),
                // the plays to beat (CP-4.2), named as the hand's cards are
                p.cards && p.cards.length ? cardRow(book, p.cards, { small: false, names: true }) : h("span", { class: "pass", text: term(p.type) }),
              ),
            ),
          ),
        ),
      );
    } else if (tb.last_round && tb.last_round.won) {
      blocks.push(
        labelled(
          // "won by you" is no sentence in Danish or Turkish: the reader's own win has its own
          tb.last_round.winner === mySeat ? _("last trick: you won it") : _("last trick: won by {seat}", { seat: seatName(tb.last_round.winner, mySeat) }),
          cardRow(book, tb.last_round.won),
        ),
      );
    }
  }
  // plays that lost their round: played face up, then out of the deal
  if (tb.discarded && tb.discarded.length) blocks.push(labelled(_("played, out of the deal"), cardRow(book, tb.discarded)));
  return h(
    "section",
    { class: "centre", "aria-label": _("table") },
    h("div", { class: "chips" }, chips.map((c) => h("span", { class: "chip", text: c }))),
    blocks.length ? blocks : h("p", { class: "quiet", text: _("The middle of the table is empty.") }),
  );
}

/** Your hand, grouped usefully (by colour, suit or family) and sorted in deck order. */
export function handPanel(view, book, selected) {
  const count = view.hand.length;
  const oneCard = _("your hand, {count} card", { count });
  const cards = _("your hand, {count} cards", { count });
  const hand = h("div", { class: "hand", "data-testid": "hand", role: "group", "aria-label": isSingular(count) ? oneCard : cards });
  // the card just drawn (a view's `drawn`, NT-5.1) is marked: sorted into a hand of 23 it is
  // otherwise found only in the log
  let drawn = view.drawn || null;
  for (const [key, codes] of book.group(view.hand)) {
    const group = groupName(key);
    // TRANSLATORS: a group of the hand for a screen reader: its name (a colour, a suit, a
    // family) and how many cards it holds ("red, 3").
    const groupLabel = _("{group}, {count}", { group, count: codes.length });
    const g = h("div", { class: "hand-group", role: "group", "aria-label": groupLabel }, h("span", { class: "group-label", "aria-hidden": "true", text: group }));
    for (const card of book.cards(codes)) {
      if (selected && selected.has(card.dataset.card)) card.classList.add("highlight");
      if (drawn && card.dataset.card === drawn) {
        const named = _("{card}, just drawn", { card: book.name(drawn) });
        card.classList.add("drawn");
        card.dataset.drawn = "true";
        card.setAttribute("aria-label", named);
        card.title = named;
        drawn = null;
      }
      g.append(book.captioned(card.dataset.card) ? card : named(card, book.name(card.dataset.card)));
    }
    hand.append(g);
  }
  return hand;
}

/** A card of the hand with its name written under it: a face that draws no caption (Chuo Pai's
 * pips) is named nowhere else in the hand, while the rules, the log and the prompts name the cards
 * (a hover title is no help on a phone). The card keeps its own label; the name is not read twice. */
function named(card, name) {
  return h("span", { class: "named-card" }, card, h("span", { class: "card-name", "aria-hidden": "true", text: name }));
}

/** A translated sentence with one node in the place of its U+0000 marker. */
export function worded(text, node) {
  const [before, after] = text.split("\u0000");
  return [before, node, after];
}

/** What the gold frame on some faces means (cards.js draws it from the cards' facts), said once
 * under a hand that holds such a card: a phone has no hover title to ask. */
export function handLegend(view, book) {
  const facts = (view.hand || []).map((code) => book.fact(code));
  const lines = [];
  if (facts.some((f) => f.character === "General")) lines.push(_("A framed card is a General: it is never discarded (SSP-4.4), and it melds alone or in a command group of its colour, never in an identical group (SSP-3.1 to SSP-3.3)."));
  if (facts.some((f) => f.old_general)) lines.push(_("A framed card is an old general (Thousand, White Flower, Red Flower, Nine of Strings): one family for scoring (NT-2.3)."));
  return lines.length ? h("p", { class: "hand-legend", text: lines.join(" ") }) : null;
}

function actionWordsOf(type) {
  const known = {
    discard: _("Discard"),
    play: _("Play"),
    combo: _("Play combination"),
    pass: _("Pass"),
    claim: _("Claim"),
    win: _("Win"),
    bonus: _("Take the opening bonus"),
    finish: _("Finish preparing"),
    ready: _("Declare ready and finish preparing"),
    declare_kong: _("Declare an opening kong"),
    declare_triple: _("Declare an opening triple"),
    hezi: _("Declare Tiandi Hezi"),
    pong: _("Pong"),
    kong: _("Kong"),
    concealed_kong: _("Concealed kong"),
    added_kong: _("Add to your pong"),
  };
  return known[type];
}

/** Your legal actions as buttons, one per action id, grouped by type. */
/** More actions of one kind than this are shown compactly (`actionsPanel`). */
const COMPACT_FROM = 6;

export function actionsPanel(legal, book, enabled, onAction) {
  const groups = new Map();
  for (const action of legal.actions) {
    if (!groups.has(action.type)) groups.set(action.type, []);
    groups.get(action.type).push(action);
  }
  const panel = h("div", { class: "actions", "data-testid": "actions", role: "group", "aria-label": _("your decisions") });
  // in each group, fewer cards first, then in the hand's own order: 34 "Play" buttons in the
  // API's order are hard to search; in the order of the cards above them they are not
  const place = (action) => (action.cards && action.cards.length ? Math.min(...action.cards.map((c) => book.fact(c).index)) : -1);
  const size = (action) => (action.cards ? action.cards.length : 0);
  for (const actions of groups.values()) actions.sort((a, b) => size(a) - size(b) || place(a) - place(b));
  for (const [type, actions] of groups) {
    // Many plays of one kind (a Chuo Pai lead: up to 34) say their word once, above them, and
    // each button shows its cards and their names: "Play" on every one of them took a phone
    // screen for eight plays. The word stays in each button's name, out of sight (WCAG 2.5.3).
    const shared = actionWordsOf(type);
    const compact = Boolean(shared) && type !== "combo" && actions.length > COMPACT_FROM && actions.every((a) => a.cards && a.cards.length && !(a.extra && a.extra.meld));
    const row = h("div", { class: `action-group action-group-${type}${compact ? " action-group-compact" : ""}` });
    if (compact) row.append(h("p", { class: "action-group-title", "aria-hidden": "true", text: shared }));
    for (const action of actions) {
      // a type the table has no words for: the API's label, in the page's language; a
      // combination's too, which names it ("Lead He Wu: Harmony, Black Five", CP-3.2)
      const named = type === "combo" && action.label;
      const title = (!named && actionWordsOf(type)) || action.label || words(type);
      // a claim's meld in the language's own order ("Claim triple", "Üçlü olarak talep et")
      const meld = action.extra && action.extra.meld;
      const heading = meld ? sentence(type === "claim" ? _("Claim {term}", { term: term(meld) }) : `${title} ${term(meld)}`) : title;
      const made = action.cards && action.cards.length ? `${heading}: ${book.names(action.cards)}` : `${heading}${meld ? "" : action.id.includes(":") ? ` ${actionWords(action.id, book)}` : ""}`;
      // the API's label is already a sentence in the page's language; the id's words are not
      const spoken = action.label || made;
      const button = h(
        "button",
        {
          type: "button",
          class: `action action-${type}`,
          "data-action-id": action.id,
          // named by what it shows ("Play Red Nine": what a voice user reads and says, WCAG
          // 2.5.3); the API's fuller sentence ("Beat seat 2 with Red Nine") described
          "aria-description": spoken,
          title: spoken,
          disabled: !enabled,
        },
        h("span", { class: compact ? "action-title visually-hidden" : "action-title", text: heading }),
        action.cards && action.cards.length ? cardRow(book, action.cards, { decorative: true }) : null,
        // the cards by name too: pictures alone ask a newcomer to know every face, and a phone
        // has no hover to show the button's title; copies counted on every button ("2 × Harmony",
        // not "Harmony, Harmony" once few plays are left)
        action.cards && action.cards.length && !named ? h("span", { class: "action-names", text: book.counted(action.cards) }) : null,
      );
      // one decision per click: the second click of a double-click lands on the next decision,
      // drawn under the pointer the moment the AI has answered (its moves shown at once), and
      // played a move nobody chose. A click from the keyboard has detail 0, a single one 1.
      button.addEventListener("click", (event) => {
        if (event.detail <= 1) onAction(action);
      });
      row.append(button);
    }
    panel.append(row);
  }
  panel.addEventListener("keydown", oneDecisionPerPress);
  panel.addEventListener("keydown", moveAmongDecisions);
  return panel;
}

/** Enter held down repeats its keydown, and each one clicked the focused decision: the next
 * decision takes the focus as soon as it is drawn, so a held key played move after move. */
function oneDecisionPerPress(event) {
  if (event.key === "Enter" && event.repeat) event.preventDefault();
}

/** Arrow keys, Home and End move the focus among the decisions (Tab still goes through them one
 * by one): a Chuo Pai lead's combinations came after 26 presses of Tab. */
function moveAmongDecisions(event) {
  const steps = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  if (!(event.key in steps) && event.key !== "Home" && event.key !== "End") return;
  const buttons = [...event.currentTarget.querySelectorAll("button[data-action-id]:not([disabled])")];
  const at = buttons.indexOf(document.activeElement);
  if (!buttons.length || at < 0) return;
  const to = event.key === "Home" ? 0 : event.key === "End" ? buttons.length - 1 : Math.min(buttons.length - 1, Math.max(0, at + steps[event.key]));
  event.preventDefault(); // no scrolling of the page as well
  buttons[to].focus();
}

/** Who won, said to this reader (`mySeat` null: a spectator). No winner: a Sì Sè Pái or
 *  Nantong deal whose stock ran out (SSP-1.3, NT-9.3); several: a Chuo Pai tie (CP-5.3). */
export function resultHeading(winners, mySeat) {
  if (!winners.length) return _("Final score — nobody wins");
  if (winners.includes(mySeat)) {
    return winners.length === 1 ? _("Final score — you win") : _("Final score — you share the win");
  }
  if (winners.length === 1) return _("Final score — seat {seat} wins", { seat: winners[0] });
  // "1 et 2", "1 og 2", "1 ve 2": the language's own list, not "1, 2"; Chinese as the log lists
  // them, "1、2" (its list "1和2" set a character against the digits with no space: docs/i18n.md)
  const seats =
    language() === "zh" ? winners.join("、") : new Intl.ListFormat(language(), { type: "conjunction" }).format(winners.map(String));
  return _("Final score — seats {seats} share the win", { seats });
}

/** The final score: one row per seat with its breakdown; hooks `[data-seat][data-score]`. */
export function scorePanel(score, mySeat) {
  const winners = new Set(score.winners || []);
  const players = score.players || score.scores.map((s, seat) => ({ seat, score: s, breakdown: [] }));
  // a winner outscored (a Nantong deal settles every hand's total, NT-9.4): the heading alone
  // read as a mistake
  const outscored = players.some((p) => !winners.has(p.seat) && players.some((w) => winners.has(w.seat) && p.score > w.score));
  return h(
    "section",
    { class: "score", "data-testid": "score", "aria-label": _("final score") },
    h("h2", { tabIndex: -1, text: resultHeading(score.winners || [], mySeat) }),
    outscored
      ? h("p", { class: "quiet outscored", text: _("The win goes to the seat that completed its hand; the score settles what every hand is worth, so a seat that did not win can score more.") })
      : null,
    h(
      "div",
      { class: "score-seats" },
      players.map((p) =>
        h(
          "article",
          { class: `score-seat${winners.has(p.seat) ? " winner" : ""}`, "data-seat": p.seat, "data-score": p.score },
          h(
            "h3",
            {},
            // the colon as the language writes it ("Place 1 : 22", "座位 1：22")
            ...worded(_("{who}: {score}", { who: seatName(p.seat, mySeat), score: "\u0000" }), h("strong", { text: number(p.score) })),
            winners.has(p.seat) ? " " : null, // read as "Seat 1: 60 winner", not "60winner"
            winners.has(p.seat) ? h("span", { class: "badge badge-winner", text: _("winner") }) : null,
          ),
          h(
            "ul",
            { class: "breakdown" },
            (p.breakdown || []).map((b) =>
              h("li", {}, h("span", { class: "rule", text: b.rule }), ` ${b.what} `, h("span", { class: "points", text: signed(b.points) })),
            ),
          ),
        ),
      ),
    ),
  );
}

/** How a Nantong deal was won (NT-8.4, NT-6.4), in the page's language. */
function winWords(by) {
  const known = {
    discard: _("on a discard"),
    self_draw: _("by self-draw"),
    kong_replacement: _("on a kong's replacement card"),
    robbed_kong: _("by robbing a kong"),
  };
  return known[by] || words(by);
}

// Negative numbers with the minus sign (U+2212) the breakdown lines' words use, not a hyphen.
const number = (points) => (points < 0 ? `\u2212${-points}` : String(points));
const signed = (points) => (points > 0 ? `+${points}` : number(points));

/** The last finished deal of a match (`table.deal_results`, NT-3.3, NT-9), as a disclosure: who
 * won and how, every seat's hand and melds as the deal ended, its score lines (worded by the API
 * in the page's language) and what each seat won or paid. Hooks: `[data-testid=deal-summary]`
 * with `data-deal`, one `.deal-seat[data-seat][data-settlement]` per seat. */
export function dealSummaryPanel(deal, book, mySeat, open) {
  const won = deal.winner !== null && deal.winner !== undefined;
  const title = !won
    ? _("Deal {deal} is over: the stock ran out, nobody won.", { deal: deal.deal })
    : deal.winner === mySeat
      ? _("Deal {deal} is over: you won.", { deal: deal.deal })
      : _("Deal {deal} is over: seat {seat} won.", { deal: deal.deal, seat: deal.winner });
  const seated = mySeat !== null && mySeat !== undefined;
  const mine = seated ? _("Your settlement: {points}", { points: signed(deal.settlement[mySeat]) }) : null;
  const summary = h("summary", {}, h("span", { class: "deal-title", text: title }), mine ? h("span", { class: "deal-mine", text: ` ${mine}` }) : null);
  const win = deal.win || null;
  const how = !win
    ? null
    : win.card
      ? _("Winning card: {card} ({how})", { card: book.name(win.card), how: winWords(win.by) })
      : _("Heavenly win: no winning card (NT-8.8)");
  const seats = deal.hands.map((hand, seat) => {
    const isWinner = won && seat === deal.winner;
    const cards = book.cards(book.sort(hand), { small: true });
    if (isWinner && win && win.card) {
      const card = cards.find((c) => c.dataset.card === win.card);
      if (card) card.classList.add("winning-card");
    }
    const handTitle = _("hand at the end of the deal");
    return h(
      "article",
      { class: `deal-seat${isWinner ? " winner" : ""}`, "data-seat": seat, "data-settlement": deal.settlement[seat] },
      h(
        "h4",
        {},
        ...worded(
          _("{who}: {score}", { who: seatName(seat, mySeat), score: "\u0000" }),
          h("strong", { class: "deal-settlement", text: _("settlement {points}", { points: signed(deal.settlement[seat]) }) }),
        ),
        isWinner ? " " : null,
        isWinner ? h("span", { class: "badge badge-winner", text: _("winner") }) : null,
        seat === deal.dealer ? " " : null,
        seat === deal.dealer ? h("span", { class: "badge badge-dealer", text: _("dealer") }) : null,
      ),
      h("p", {
        class: "deal-hu",
        text: _("{total} hu, rounded to {rounded} · match score {running}", {
          total: deal.totals[seat],
          rounded: deal.rounded[seat],
          running: number(deal.running[seat]),
        }),
      }),
      labelled(handTitle, h("div", { class: "card-row" }, cards)),
      meldBlock(book, deal.melds[seat], _("melds")),
      h(
        "ul",
        { class: "breakdown", "aria-label": _("score lines") },
        (deal.breakdowns[seat] || []).map((b) =>
          h("li", {}, h("span", { class: "rule", text: b.rule }), ` ${b.what} `, h("span", { class: "points", text: signed(b.points) })),
        ),
      ),
    );
  });
  return h(
    "details",
    { class: "deal-summary", "data-testid": "deal-summary", "data-deal": deal.deal, open },
    summary,
    how ? h("p", { class: "deal-how", text: how }) : null,
    labelled(_("indicators"), cardRow(book, deal.indicators)),
    h("div", { class: "deal-seats" }, seats),
  );
}
