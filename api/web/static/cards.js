// Card faces drawn in SVG from the card facts of GET /v1/rulesets/{id} (colour and character,
// rank and suit, pips). The page knows how each ruleset's cards look, never its rules.

import { _, p_ } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";

function el(name, attrs = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

// --- Sì Sè Pái: the chess characters in four colours (SSP-2.1) --------------------------------
const CHESS_GLYPHS = {
  General: ["帥", "將"],
  Advisor: ["仕", "士"],
  Elephant: ["相", "象"],
  Chariot: ["俥", "車"],
  Horse: ["傌", "馬"],
  Cannon: ["炮", "砲"],
  Soldier: ["兵", "卒"],
};

// The caption under the glyph is in the page's language, so it is read when a face is drawn (after
// the page's messages are loaded; a change of language reloads the page and draws it again). It
// names the piece alike in both colours of a pair (帥 and 將 are both Generals, SSP-2.1) and stays
// inside the General's frame, 32.6 of the card's 40 units at the small font ("White" is 29.8), so
// translators abbreviate (tests/web/test_table_captions.py measures every caption in every language).
// Chinese: the glyph is the traditional print, for some pieces a form only xiangqi uses (俥 傌 砲),
// and a reader of the rest of the page (simplified) gains from the piece's everyday simplified name
// rather than no caption: both colours' characters where they differ (帅将 under 帥 and under 將),
// one where they do not (车 under 俥 and 車), the characters of the Chinese group names (将士象组,
// 车马炮组, 兵卒组).
function chessCaption(character) {
  const captions = {
    // TRANSLATORS: caption under a Sì Sè Pái card's character: the General,
    // in the game's word, short enough to fit (about 5 letters at most).
    General: _("Gen"),
    // TRANSLATORS: caption under a Sì Sè Pái card's character: the Advisor,
    // in the game's word, short enough to fit (about 5 letters at most).
    Advisor: _("Adv"),
    // TRANSLATORS: caption under a Sì Sè Pái card's character: the Elephant,
    // in the game's word, short enough to fit (about 5 letters at most).
    Elephant: _("Ele"),
    // TRANSLATORS: caption under a Sì Sè Pái card's character: the Chariot,
    // in the game's word, short enough to fit (about 5 letters at most).
    Chariot: _("Cha"),
    // TRANSLATORS: caption under a Sì Sè Pái card's character: the Horse,
    // in the game's word, short enough to fit (about 5 letters at most).
    Horse: _("Hor"),
    // TRANSLATORS: caption under a Sì Sè Pái card's character: the Cannon,
    // in the game's word, short enough to fit (about 5 letters at most).
    Cannon: _("Can"),
    // TRANSLATORS: caption under a Sì Sè Pái card's character: the Soldier,
    // in the game's word, short enough to fit (about 5 letters at most).
    Soldier: _("Sol"),
  };
  return captions[character] || character;
}

/** A flower's caption: a short label and its number (F1 … F5, SSP-2.1). */
function flowerCaption(number) {
  // TRANSLATORS: caption on a Sì Sè Pái flower card: one letter (or
  // character) for "flower"; the card's number follows it (F1 … F5).
  return p_("flower caption", "F") + number;
}

// The colour in a word's first letters, above the disk: red and white share their glyphs, as do
// yellow and green (SSP-2.1), and a meld is of one colour (SSP-3.3), so colour must not be told
// by the disk's colour alone (WCAG 1.4.1). Distinct in each language ("Gu" and "Gr" in Danish).
function colourMark(colour) {
  const marks = {
    // TRANSLATORS: mark above a red Sì Sè Pái card's disk: the colour's first letter(s),
    // at most 2, different from the other three colours' marks.
    red: p_("colour mark", "R"),
    // TRANSLATORS: mark above a yellow Sì Sè Pái card's disk (see the red one).
    yellow: p_("colour mark", "Y"),
    // TRANSLATORS: mark above a white Sì Sè Pái card's disk (see the red one).
    white: p_("colour mark", "W"),
    // TRANSLATORS: mark above a green Sì Sè Pái card's disk (see the red one).
    green: p_("colour mark", "G"),
  };
  return marks[colour] || colour;
}

// disk fill, glyph colour: each pair keeps a contrast ratio above 4.5:1
const CHESS_COLOURS = {
  red: ["#b3261e", "#ffffff"],
  yellow: ["#f2c230", "#1f1a00"],
  white: ["#f7f7f2", "#1b1b1b"],
  green: ["#1e6b3a", "#ffffff"],
};

function chessFace(card) {
  const svg = el("svg", { viewBox: "0 0 40 72" });
  svg.append(el("rect", { x: 1, y: 1, width: 38, height: 70, rx: 4, class: "card-bg" }));
  if (card.character === "flower") {
    const n = card.code.slice(1);
    svg.append(el("circle", { cx: 20, cy: 26, r: 15, fill: "#7b2d8e" }));
    svg.append(el("text", { x: 20, y: 32, class: "glyph", fill: "#fff", "font-size": 17 }, "花"));
    svg.append(el("text", { x: 20, y: 60, class: "small", fill: "#4a1957" }, flowerCaption(n)));
    return svg;
  }
  const [fill, ink] = CHESS_COLOURS[card.colour];
  const glyphs = CHESS_GLYPHS[card.character];
  const glyph = card.colour === "red" || card.colour === "white" ? glyphs[0] : glyphs[1];
  // the mark sits inside the General's frame (x 3 … 37, y 3 … 69), above the disk
  svg.append(el("circle", { cx: 20, cy: 29, r: 13.5, fill, stroke: "#333", "stroke-width": 1 }));
  svg.append(el("text", { x: 20, y: 34.3, class: "glyph", fill: ink, "font-size": 15.5 }, glyph));
  svg.append(el("text", { x: 20, y: 60, class: "small", fill: "#222" }, chessCaption(card.character)));
  svg.append(el("text", { x: 20, y: 13, class: "mark", fill: "#222" }, colourMark(card.colour)));
  if (card.character === "General")
    svg.append(el("rect", { x: 3, y: 3, width: 34, height: 66, rx: 3, class: "general-frame" }));
  return svg;
}

// --- Nantong long cards: ranks and suits, honours, old generals (NT-2) ------------------------
const NUMERALS = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
const SUITS = {
  m: { glyph: "萬", ink: "#8f1d1d" },
  s: { glyph: "條", ink: "#1d5e2f" },
  c: { glyph: "餅", ink: "#1a3f8f" },
};
const HONOURS = {
  QN: { glyphs: ["千"], ink: "#3b2a00" },
  WF: { glyphs: ["白", "花"], ink: "#333333" },
  RF: { glyphs: ["紅", "花"], ink: "#b3261e" },
};

// A long card's caption, in the page's language: the rank's numeral and a short suit label (5M),
// or a short name of the honour. Chinese: the simplified names as mahjong writes them (5万, 3条,
// 9饼; 千, 白花, 红花) under the traditional print.
function suitLabel(suit) {
  const labels = {
    // TRANSLATORS: caption on a Nantong card: the suit Myriads (萬) in one
    // or two letters, after the rank ("5M" for Five of Myriads).
    m: p_("suit caption", "M"),
    // TRANSLATORS: caption on a Nantong card: the suit Strings (條) in one
    // or two letters, after the rank ("5S" for Five of Strings).
    s: p_("suit caption", "S"),
    // TRANSLATORS: caption on a Nantong card: the suit Coins (餅) in one
    // or two letters, after the rank ("5C" for Five of Coins).
    c: p_("suit caption", "C"),
  };
  return labels[suit];
}

function honourCaption(code) {
  const captions = {
    // TRANSLATORS: caption on the Nantong card Thousand (千), short
    // enough to fit (about 5 letters at most; English writes the number,
    // since "Thou" reads as the old pronoun).
    QN: _("1000"),
    // TRANSLATORS: caption on the Nantong card White Flower (白花): its
    // colour, short enough to fit (about 5 letters at most).
    WF: _("White"),
    // TRANSLATORS: caption on the Nantong card Red Flower (紅花): its
    // colour, short enough to fit (about 5 letters at most).
    RF: _("Red"),
  };
  return captions[code] || code;
}

function longFace(card) {
  const svg = el("svg", { viewBox: "0 0 40 72" });
  svg.append(el("rect", { x: 1, y: 1, width: 38, height: 70, rx: 4, class: "card-bg" }));
  if (card.old_general)
    svg.append(el("rect", { x: 3, y: 3, width: 34, height: 66, rx: 3, class: "general-frame" }));
  if (card.suit) {
    const suit = SUITS[card.suit];
    svg.append(el("text", { x: 20, y: 24, class: "glyph", fill: suit.ink, "font-size": 17 }, NUMERALS[card.rank]));
    svg.append(el("text", { x: 20, y: 45, class: "glyph", fill: suit.ink, "font-size": 15 }, suit.glyph));
    // the label outside a template literal: Babel does not extract a call inside `${…}`
    const caption = String(card.rank) + suitLabel(card.suit);
    svg.append(el("text", { x: 20, y: 63, class: "small", fill: suit.ink }, caption));
  } else {
    const honour = HONOURS[card.code] || { glyphs: [card.code], ink: "#222" };
    honour.glyphs.forEach((g, i) =>
      svg.append(el("text", { x: 20, y: 26 + i * 20, class: "glyph", fill: honour.ink, "font-size": 17 }, g)),
    );
    svg.append(el("text", { x: 20, y: 65, class: "small", fill: honour.ink }, honourCaption(card.code)));
  }
  return svg;
}

// --- Chuo Pai: dice-pip faces; 1- and 4-pip halves are red, the rest black (CP-2.2) ----------
const PIP_SPOTS = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

function pipHalf(svg, count, cy) {
  const red = count === 1 || count === 4;
  const radius = count === 1 ? 5 : 3.4;
  for (const [dx, dy] of PIP_SPOTS[count]) {
    svg.append(
      el("circle", { cx: 20 + dx * 9, cy: cy + dy * 9, r: radius, class: red ? "pip-red" : "pip-black" }),
    );
  }
}

function dominoFace(card) {
  const svg = el("svg", { viewBox: "0 0 40 72" });
  svg.append(el("rect", { x: 1, y: 1, width: 38, height: 70, rx: 4, class: "card-bg" }));
  const [low, high] = card.pips;
  pipHalf(svg, high, 18);
  svg.append(el("line", { x1: 6, y1: 36, x2: 34, y2: 36, class: "divider" }));
  pipHalf(svg, low, 54);
  return svg;
}

function backFace() {
  const svg = el("svg", { viewBox: "0 0 40 72" });
  svg.append(el("rect", { x: 1, y: 1, width: 38, height: 70, rx: 4, class: "card-back" }));
  svg.append(el("rect", { x: 5, y: 5, width: 30, height: 62, rx: 2, class: "card-back-inner" }));
  return svg;
}

export class CardBook {
  /** The card facts of one ruleset, by code, with a sort key and a group per card. */
  constructor(facts) {
    this.facts = new Map(facts.map((card, index) => [card.code, { ...card, index }]));
  }

  fact(code) {
    return this.facts.get(code) || { code, name: code, index: 9999 };
  }

  name(code) {
    return this.fact(code).name;
  }

  names(codes) {
    return codes.map((c) => this.name(c)).join(_(", ")); // "丁丁、二红"
  }

  /** A play's cards as the log words them (service/narration.py): copies of one card counted
   * ("a pair of Axe", "three of Nail"), not listed ("Axe, Axe"). */
  play(codes) {
    const counts = new Map();
    for (const c of codes) counts.set(c, (counts.get(c) || 0) + 1);
    const parts = [...counts].map(([code, count]) => {
      const card = this.name(code);
      if (count === 1) return card;
      if (count === 2) return _("a pair of {card}", { card });
      if (count === 3) return _("three of {card}", { card });
      if (count === 4) return _("four of {card}", { card });
      return _("{count} × {card}", { count, card });
    });
    return parts.join(_(", "));
  }

  /** The cards in few words, copies of one card counted ("2 × Black Nine"): under the pictures of
   * a compact button (table.js `actionsPanel`), where a listed pair took three lines. */
  counted(codes) {
    const counts = new Map();
    for (const c of codes) counts.set(c, (counts.get(c) || 0) + 1);
    const parts = [...counts].map(([code, count]) => (count === 1 ? this.name(code) : _("{count} × {card}", { count, card: this.name(code) })));
    return parts.join(_(", "));
  }

  sort(codes) {
    return [...codes].sort((a, b) => this.fact(a).index - this.fact(b).index);
  }

  /** Useful groups of a hand: by colour (four-colour cards), suit (long cards) or family (Chuo Pai). */
  group(codes) {
    const groups = new Map();
    for (const code of this.sort(codes)) {
      const f = this.fact(code);
      // a card of none of the three decks (a ruleset the table does not know) is one of "cards"
      const key = f.family || f.colour || (f.suit ? SUIT_NAMES[f.suit] : f.character === "flower" ? "flowers" : "suit" in f ? "honours" : "cards");
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(code);
    }
    return groups;
  }

  /** Whether the card's face writes what it is (a caption under a character or a suit); Chuo
   * Pai's pips do not. */
  captioned(code) {
    return !this.fact(code).pips;
  }

  face(code) {
    const card = this.fact(code);
    if (card.pips) return dominoFace(card);
    if (card.character) return chessFace(card);
    if ("suit" in card) return longFace(card);
    const svg = backFace();
    svg.append(el("text", { x: 20, y: 40, class: "small", fill: "#fff" }, code));
    return svg;
  }

  /** One card: an SVG face inside a labelled element carrying its code. */
  card(code, { small = false, tag = "span" } = {}) {
    const node = document.createElement(tag);
    node.className = small ? "card small-card" : "card";
    node.dataset.card = code;
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", this.name(code));
    node.title = this.name(code);
    const svg = this.face(code);
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    node.append(svg);
    return node;
  }

  cards(codes, options) {
    return codes.map((c) => this.card(c, options));
  }
}

const SUIT_NAMES = { m: "myriads", s: "strings", c: "coins" };

/** A hand group's name (`CardBook.group` keys: a colour, a suit, a family, flowers or honours). */
export function groupName(key) {
  const names = {
    red: _("red"),
    yellow: _("yellow"),
    white: _("white"),
    green: _("green"),
    flowers: _("flowers"),
    myriads: _("myriads"),
    strings: _("strings"),
    coins: _("coins"),
    honours: _("honours"),
    // TRANSLATORS: the hand's one group when the table knows nothing finer about its cards
    cards: _("cards"),
    main: _("main"),
    yao: _("yao"),
    black: _("black"),
  };
  return names[key] || key;
}

export function cardBack({ small = false } = {}) {
  const node = document.createElement("span");
  node.className = small ? "card back small-card" : "card back";
  const svg = backFace();
  svg.setAttribute("aria-hidden", "true");
  node.append(svg);
  return node;
}
