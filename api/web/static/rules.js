// A ruleset's rules in a <details> element: the lobby's "Rules of <game>" and the game screen's
// own, so a rule can be looked up in the middle of a game. The text (markdown, in the page's
// language where the rules are translated into it, else the canonical English: docs/i18n.md) is
// shown with its headings, lists and emphasis (markdown.js): the API answers it as JSON, which a
// person cannot read when a link opens it. It is fetched when the element is first opened for a
// ruleset, and marked with the language it came in (lang).

import { api } from "./api.js";
import { _ } from "./i18n.js";
import { renderMarkdown } from "./markdown.js";

export class RulesDisclosure {
  /** `details` holds a <summary> and a `.rules-text`; `onError` hears a failed fetch. */
  constructor(details, onError) {
    this.details = details;
    this.summary = details.querySelector("summary");
    this.text = details.querySelector(".rules-text");
    details.addEventListener("toggle", () => {
      // opened at the foot of a long page (the game screen's rules, on a phone) its text would
      // unfold below the screen, and the tap would seem to do nothing: once the text is in (the
      // page is long enough then), the summary goes to the top of the screen
      const reveal = () => details.open && this.summary.scrollIntoView({ block: "start" });
      this.load().then(reveal).catch(onError);
    });
  }

  /** Name `ruleset` (GET /v1/rulesets/{id}) in the summary; its rules once opened. */
  async show(ruleset) {
    if (this.details.dataset.ruleset === ruleset.id) return;
    this.details.dataset.ruleset = ruleset.id;
    this.summary.textContent = _("Rules of {game}", { game: ruleset.name });
    // the text scrolls in a box of its own, which takes the focus so that a keyboard can scroll
    // it: named, it is heard as the rules, not as an unnamed element or a run of their text
    Object.assign(this.text, { tabIndex: 0 });
    this.text.setAttribute("role", "region");
    this.text.setAttribute("aria-label", this.summary.textContent);
    this.text.textContent = "";
    if (this.details.open) await this.load();
  }

  async load() {
    const id = this.details.dataset.ruleset;
    if (!id || !this.details.open || this.text.textContent) return;
    const answer = await api.rules(id);
    if (this.details.dataset.ruleset !== id) return;
    this.text.lang = answer.language;
    this.text.replaceChildren(renderMarkdown(forPlayers(answer.text)));
  }
}

/** The rules as a player reads them: the paragraph under the title that tells maintainers where
 *  the text comes from ("The canonical English statement of the rules this project implements…")
 *  gives way to what a player needs of it, what **[R]** and the rule numbers are for. */
function forPlayers(text) {
  const blocks = text.split(/\n\s*\n/);
  if (blocks.length < 3 || !blocks[0].startsWith("# ") || /^[#|-]/.test(blocks[1])) return text;
  const note = _("Rules marked **[R]** settle a point the traditional descriptions of the game leave open; the table's messages and the score cite the rule numbers.");
  return [blocks[0], note, ...blocks.slice(2)].join("\n\n");
}
