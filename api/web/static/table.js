// Renders a seat's view (GET /v1/games/{id}) and its legal actions as the table.
// Everything shown comes from the view: the page never guesses a hidden card.

import { cardBack } from "./cards.js";
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

function cardRow(book, codes, { small = true, label, decorative = false } = {}) {
  // decorative: inside a control whose own label already names the cards
  const row = h("div", decorative ? { class: "card-row", "aria-hidden": "true" } : { class: "card-row", role: "group", "aria-label": label });
  row.append(...book.cards(codes, { small })); // each card: role img, labelled with its name
  return row;
}

function labelled(title, ...content) {
  return h("div", { class: "facts-block" }, h("div", { class: "facts-title", text: title }), ...content);
}

function meldBlock(book, melds, title) {
  if (!melds || melds.length === 0) return null;
  return labelled(
    title,
    h(
      "div",
      { class: "melds" },
      melds.map((m) => {
        const cards = m.cards || (m.card ? [m.card] : []);
        const caption = [words(m.kind || "meld"), m.points !== undefined ? `${m.points} pt` : null]
          .filter(Boolean)
          .join(" · ");
        return h("figure", { class: "meld" }, cardRow(book, cards, { label: caption }), h("figcaption", { text: caption }));
      }),
    ),
  );
}

function seatBadges(view, seat) {
  const facts = seat.facts || {};
  const table = view.table || {};
  const badges = [];
  if (facts.dealer || table.dealer === seat.seat) badges.push("dealer");
  if (table.leader === seat.seat && view.status === "active") badges.push("leads");
  if (facts.ready) badges.push("ready");
  if ((view.to_act || []).includes(seat.seat)) badges.push("to act");
  else if (table.current === seat.seat && view.status === "active") badges.push("turn");
  return badges;
}

/** One seat's public facts: counts, melds or piles, discards, points. */
export function seatPanel(view, seat, book, mySeat, lastMove) {
  const facts = seat.facts || {};
  const who = seat.seat === mySeat ? `You (seat ${seat.seat})` : `Seat ${seat.seat}`;
  const kind = seat.kind === "ai" ? `AI ${seat.level || ""}`.trim() : "person";
  const header = h(
    "header",
    { class: "seat-header" },
    h("h3", { text: who }),
    h("span", { class: "seat-kind", text: kind }),
    seatBadges(view, seat).map((b) => h("span", { class: `badge badge-${b.replace(/ /g, "-")}`, text: b })),
  );
  const stats = [];
  stats.push(`${seat.hand_count} in hand`);
  if (facts.pile_count !== undefined) stats.push(`pile ${facts.pile_count}`);
  if (facts.tricks_won !== undefined) stats.push(`tricks ${facts.tricks_won}`);
  if (facts.bonus) stats.push(`bonus ${facts.bonus}`);
  if (facts.score !== undefined) stats.push(`score ${facts.score}`);
  const hidden = seat.seat !== mySeat && !facts.hand;
  const panel = h(
    "section",
    {
      class: `seat${seat.seat === mySeat ? " seat-me" : ""}${(view.to_act || []).includes(seat.seat) ? " seat-active" : ""}`,
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
    lastMove ? h("p", { class: "last-move", role: "status", text: lastMove }) : null,
    seat.seat !== mySeat && facts.hand ? labelled("hand (revealed)", cardRow(book, book.sort(facts.hand))) : null,
    meldBlock(book, facts.exposed, "exposed"),
    meldBlock(book, facts.melds, "melds"),
    facts.pile && facts.pile.length ? labelled("pile", cardRow(book, facts.pile, { label: "pile" })) : null,
    facts.discards && facts.discards.length ? labelled("discards", cardRow(book, facts.discards, { label: "discards" })) : null,
  );
  return panel;
}

/** The middle of the table: indicators, the open claim or window, the trick, stock and round. */
export function centrePanel(view, book, mySeat) {
  const t = view.table || {};
  const chips = [];
  if (t.deal !== undefined) chips.push(`deal ${t.deal} of ${t.deals}`);
  if (t.round !== undefined) chips.push(`round ${t.round}`);
  if (t.stock_count !== undefined) chips.push(`stock ${t.stock_count}`);
  if (t.draws !== undefined) chips.push(`draws ${t.draws}`);
  if (t.discarded_count !== undefined) chips.push(`discarded ${t.discarded_count}`);
  if (t.match_scores && t.deals > 1) chips.push(`match ${t.match_scores.join(" / ")}`);
  const blocks = [];
  if (t.indicators && t.indicators.length) blocks.push(labelled("indicators", cardRow(book, t.indicators, { small: false })));
  if (t.claim && t.claim.card) {
    const from = t.claim.source === "draw" ? "drawn by" : "discarded by";
    blocks.push(
      labelled(
        `up for claims: ${from} ${seatName(t.claim.owner, mySeat)}${t.claim.round ? `, round ${t.claim.round}` : ""}`,
        cardRow(book, [t.claim.card], { small: false }),
      ),
    );
  }
  if (t.window && t.window.card) {
    blocks.push(
      labelled(`${words(t.window.kind)} window: ${seatName(t.window.seat, mySeat)}'s card`, cardRow(book, [t.window.card], { small: false })),
    );
  } else if (t.last_discard && t.last_discard.card) {
    blocks.push(labelled(`last discard, ${seatName(t.last_discard.seat, mySeat)}`, cardRow(book, [t.last_discard.card], { small: false })));
  }
  if (Array.isArray(t.trick)) {
    if (t.trick.length) {
      blocks.push(
        labelled(
          "this trick",
          h(
            "ol",
            { class: "trick" },
            t.trick.map((p) =>
              h(
                "li",
                { class: "trick-play" },
                h("span", { class: "trick-seat", text: seatName(p.seat, mySeat) }),
                p.cards && p.cards.length ? cardRow(book, p.cards, { small: false }) : h("span", { class: "pass", text: words(p.type) }),
              ),
            ),
          ),
        ),
      );
    } else if (t.last_round && t.last_round.won) {
      blocks.push(
        labelled(
          `last trick: won by ${seatName(t.last_round.winner, mySeat)}`,
          cardRow(book, t.last_round.won),
        ),
      );
    }
  }
  if (t.discarded && t.discarded.length) blocks.push(labelled("discarded face down", cardRow(book, t.discarded)));
  return h(
    "section",
    { class: "centre", "aria-label": "table" },
    h("div", { class: "chips" }, chips.map((c) => h("span", { class: "chip", text: c }))),
    blocks.length ? blocks : h("p", { class: "quiet", text: "Nothing on the table yet." }),
  );
}

/** Your hand, grouped usefully (by colour, suit or family) and sorted in deck order. */
export function handPanel(view, book, selected) {
  const hand = h("div", { class: "hand", "data-testid": "hand", role: "group", "aria-label": `your hand, ${view.hand.length} cards` });
  for (const [group, codes] of book.group(view.hand)) {
    const g = h("div", { class: "hand-group", role: "group", "aria-label": `${group}, ${codes.length}` }, h("span", { class: "group-label", "aria-hidden": "true", text: group }));
    for (const card of book.cards(codes)) {
      if (selected && selected.has(card.dataset.card)) card.classList.add("highlight");
      g.append(card);
    }
    hand.append(g);
  }
  return hand;
}

const ACTION_WORDS = {
  discard: "Discard",
  play: "Play",
  combo: "Play combination",
  pass: "Pass",
  claim: "Claim",
  win: "Win",
  bonus: "Show opening bonus",
  finish: "Finish preparing",
  ready: "Declare ready",
};

/** Your legal actions as buttons, one per action id, grouped by type. */
export function actionsPanel(legal, book, enabled, onAction) {
  const groups = new Map();
  for (const action of legal.actions) {
    if (!groups.has(action.type)) groups.set(action.type, []);
    groups.get(action.type).push(action);
  }
  const panel = h("div", { class: "actions", "data-testid": "actions", role: "group", "aria-label": "your decisions" });
  for (const [type, actions] of groups) {
    const row = h("div", { class: `action-group action-group-${type}` });
    for (const action of actions) {
      const title = ACTION_WORDS[type] || words(type).replace(/^./, (c) => c.toUpperCase());
      const detail = action.extra && action.extra.meld ? ` ${words(action.extra.meld)}` : "";
      const spoken = action.cards && action.cards.length ? `${title}${detail}: ${book.names(action.cards)}` : `${title}${detail || (action.id.includes(":") ? ` ${actionWords(action.id, book)}` : "")}`;
      const button = h(
        "button",
        {
          type: "button",
          class: `action action-${type}`,
          "data-action-id": action.id,
          "aria-label": spoken,
          title: action.label || spoken,
          disabled: !enabled,
        },
        h("span", { class: "action-title", text: `${title}${detail}` }),
        action.cards && action.cards.length ? cardRow(book, action.cards, { decorative: true }) : null,
      );
      button.addEventListener("click", () => onAction(action));
      row.append(button);
    }
    panel.append(row);
  }
  return panel;
}

/** The final score: one row per seat with its breakdown; hooks `[data-seat][data-score]`. */
export function scorePanel(score, mySeat) {
  const winners = new Set(score.winners || []);
  return h(
    "section",
    { class: "score", "data-testid": "score", "aria-label": "final score" },
    h("h2", { text: `Final score — ${words(score.outcome || "")}` }),
    h(
      "div",
      { class: "score-seats" },
      (score.players || score.scores.map((s, seat) => ({ seat, score: s, breakdown: [] }))).map((p) =>
        h(
          "article",
          { class: `score-seat${winners.has(p.seat) ? " winner" : ""}`, "data-seat": p.seat, "data-score": p.score },
          h(
            "h3",
            {},
            `${seatName(p.seat, mySeat)}${p.seat === mySeat ? "" : ""}: `,
            h("strong", { text: String(p.score) }),
            winners.has(p.seat) ? h("span", { class: "badge badge-winner", text: "winner" }) : null,
          ),
          h(
            "ul",
            { class: "breakdown" },
            (p.breakdown || []).map((b) =>
              h("li", {}, h("span", { class: "rule", text: b.rule }), ` ${b.what} `, h("span", { class: "points", text: `${b.points > 0 ? "+" : ""}${b.points}` })),
            ),
          ),
        ),
      ),
    ),
  );
}
