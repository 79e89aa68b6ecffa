// The rules' markdown as a person reads it: headings, paragraphs, lists (`- ` bullets, or `1. `
// numbered, as the priority of SSP-5.2 and the order of NT-7.4 are; an item's own list indented
// two spaces under it), tables (`| a | b |` rows, the first the header, then a
// `|---|---|` line; inside an item too), **bold** and `code` — the forms the rules.md files use. Built as
// DOM nodes, never as HTML: the text stays data, and the page's strict CSP needs no exception.

const HEADING = /^(#{1,4}) (.*)$/;
const ITEM = /^( *)(?:- |(\d+)\. )(.*)$/;
const INLINE = /(\*\*[^*]+\*\*|`[^`]+`)/;
const TABLE_ROW = /^ *\|(.*)\|$/;
const TABLE_RULE = /^ *\|[-:| ]+\|$/;

/** Text with its **bold** and `code` spans, as nodes. */
function inline(text) {
  return text
    .split(INLINE)
    .filter((part) => part !== "")
    .map((part) => {
      if (part.startsWith("**") && part.endsWith("**") && part.length > 4) return element("strong", part.slice(2, -2));
      if (part.startsWith("`") && part.endsWith("`") && part.length > 2) return element("code", part.slice(1, -1));
      return document.createTextNode(part);
    });
}

function element(tag, text) {
  const node = document.createElement(tag);
  node.append(...(tag === "code" ? [document.createTextNode(text)] : inline(text)));
  return node;
}

// Chinese (CJK ideographs and their full-width punctuation) is written without spaces between
// words, so a line wrapped between two such characters joins without one.
const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;

/** A paragraph's source lines as one text: joined by a space, except between CJK characters. */
export function joinLines(lines) {
  return lines.reduce((text, line) => {
    if (!text) return line;
    const glue = CJK.test(text.slice(-1)) && CJK.test(line.charAt(0)) ? "" : " ";
    return text + glue + line;
  }, "");
}

/** A fragment holding `source` rendered; headings one level below `top` (h3 for "#" by default). */
export function renderMarkdown(source, top = 3) {
  const out = document.createDocumentFragment();
  const lists = []; // open lists, outermost first: { depth, list, item }
  let paragraph = null;
  let lines = []; // the current paragraph's or item's lines, joined when it ends (joinLines)

  const flush = () => {
    if (!lines.length) return;
    const target = paragraph || (lists.length ? lists[lists.length - 1].item : null);
    if (target) target.append(...inline(joinLines(lines)));
    lines = [];
  };
  const closeLists = (depth = -1) => {
    while (lists.length && lists[lists.length - 1].depth > depth) lists.pop();
  };
  const endParagraph = () => {
    flush();
    paragraph = null;
  };
  let table = null; // the open table's <table>, while its rows go on
  const endTable = () => {
    table = null;
  };

  for (const raw of source.split("\n")) {
    const line = raw.trimEnd();
    const heading = HEADING.exec(line);
    const item = ITEM.exec(line);
    const row = TABLE_ROW.exec(line);
    if (row) {
      flush(); // an item's or paragraph's words before the table
      paragraph = null;
      if (TABLE_RULE.test(line)) continue; // the header's underline
      const header = !table;
      if (header) {
        table = document.createElement("table");
        const wrap = document.createElement("div");
        wrap.className = "table-wrap"; // a wide table scrolls inside, not the page
        wrap.append(table);
        (lists.length ? lists[lists.length - 1].item : out).append(wrap);
      }
      const tr = document.createElement("tr");
      for (const cell of row[1].split("|")) tr.append(element(header ? "th" : "td", cell.trim()));
      table.append(tr);
      continue;
    }
    endTable();
    if (!line.trim()) {
      endParagraph();
      closeLists();
    } else if (heading) {
      endParagraph();
      closeLists();
      out.append(element(`h${Math.min(6, top + heading[1].length - 1)}`, heading[2]));
    } else if (item) {
      endParagraph();
      const depth = item[1].length;
      const tag = item[2] === undefined ? "ul" : "ol";
      closeLists(depth);
      let open = lists[lists.length - 1];
      if (open && open.depth === depth && open.list.localName !== tag) {
        lists.pop(); // a numbered list right after a bulleted one at the same indent, or back
        open = lists[lists.length - 1];
      }
      if (!open || open.depth < depth) {
        const list = document.createElement(tag);
        if (tag === "ol" && item[2] !== "1") list.start = Number(item[2]);
        (open ? open.item : out).append(list);
        lists.push({ depth, list, item: null });
      }
      const current = lists[lists.length - 1];
      current.item = document.createElement("li");
      current.list.append(current.item);
      lines.push(item[3]);
    } else if (lists.length && /^ {2,}/.test(raw)) {
      lines.push(line.trim()); // an item's text going on
    } else {
      if (lists.length) {
        flush();
        closeLists();
      }
      if (!paragraph) {
        paragraph = document.createElement("p");
        out.append(paragraph);
      }
      lines.push(line.trim());
    }
  }
  endParagraph();
  return out;
}
