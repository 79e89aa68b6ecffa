// "Verify now" at the end of a game: GET /v1/games/{id}/verify re-deals the game and re-derives
// every AI decision, seconds for strong AI seats. One check at a time: the button is disabled and
// says so until the report arrives. A failed report lists its failed checks, each by what it
// checks (in the page's language) and its detail (the verifier's words, English: docs/i18n.md).

import { api } from "./api.js";
import { _, sentence } from "./i18n.js";
import { h } from "./table.js";

/** What a check of the verifier (service/verify.py) checks, in words; an unknown name as it is. */
function checkTitle(name) {
  const titles = {
    format: _("The export's format"),
    ruleset: _("The ruleset"),
    hash_chain: _("The hash chain of the log"),
    created: _("The seats and options the game was created with"),
    seed_commitment: _("The seed against the commitment published at the start"),
    revealed_seed: _("The seed revealed at the end"),
    deal: _("The deal"),
    replay: _("Every decision, replayed"),
    result: _("The result"),
    texts: _("The sentences of the log"),
    known_creation: _("The log's first event against the receipt this device kept from the start"),
  };
  return Object.hasOwn(titles, name) ? titles[name] : name;
}

/** The report as a person reads it: one line when it checks out, else the failed checks. */
function reportNodes(report) {
  const anchored = (report.checks || []).some((check) => check.name === "known_creation");
  if (report.ok && anchored) {
    return [sentence(_("verified: the deal, the hash chain and every decision check out, and the log begins with this game's receipt"))];
  }
  if (report.ok) return [sentence(_("verified: the deal, the hash chain and every decision check out"))];
  const failed = (report.checks || []).filter((check) => !check.ok);
  return [
    h("p", { text: _("NOT verified. These checks failed:") }),
    h(
      "ul",
      {},
      failed.map((check) =>
        h(
          "li",
          { "data-check": check.name },
          h("strong", { text: checkTitle(check.name) }),
          ": ",
          h("span", { lang: "en", text: check.detail }),
        ),
      ),
    ),
  ];
}

/** The button and the status line it answers in (role=status: a screen reader hears it). With
 * `creationHash`, the game's receipt as this device kept it from the start, the report also
 * checks that the log begins with that very event (`known_creation`). */
export function verifyControl(gameId, creationHash = null) {
  const result = h("div", { class: "verify-result", role: "status" });
  const button = h("button", { type: "button", text: _("Verify now") });
  button.addEventListener("click", async () => {
    if (button.disabled) return;
    // a disabled button loses the keyboard's focus: given back with the answer
    const focused = document.activeElement === button;
    button.disabled = true;
    button.textContent = _("Checking…");
    result.replaceChildren();
    let nodes;
    try {
      const response = await fetch(api.verifyUrl(gameId, creationHash), { credentials: "omit" });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      nodes = reportNodes(await response.json());
    } catch (error) {
      nodes = [_("could not verify: {reason}", { reason: error.message })];
    }
    result.replaceChildren(...nodes);
    button.textContent = _("Verify now");
    button.disabled = false;
    if (focused) button.focus();
  });
  return { button, result };
}
