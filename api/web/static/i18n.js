// The page's language. Chosen in select[name=lang] and remembered in localStorage
// ("cardtable.lang"); on a first visit, the browser's preferred languages. The UI's messages come
// from GET /i18n/<lang>.json, made by the service from the same gettext catalogues as the API's
// (service/locales/); _("…") marks a message for extraction (babel.cfg) and translates it.

const LANG_KEY = "cardtable.lang";
export const LANGUAGES = ["en", "zh", "da", "ms", "fr", "tr"];

let current = "en";
let messages = {};
let names = LANGUAGES.map((code) => ({ code, name: code }));

/** The message in the page's language, its {named} placeholders filled in. */
export function _(message, params = {}) {
  return fill(messages[message] || message, params);
}

/** The message `message` meant as `context` says (gettext's msgctxt): a short id such as a
 *  one-letter caption means one thing in each context, and is translated once for each. */
export function p_(context, message, params = {}) {
  return fill(messages[`${context}\u0004${message}`] || message, params);
}

// Chinese text sets a digit or a Latin letter apart from a Han character by a space ("座位 2 摸到"),
// and the catalogue does so around its own numbers ("第 {deal} 局"); a filled-in value is spaced
// the same way where it meets a Han character of the message ("{seat}摸到" with "座位 2" or "你").
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff]/;
const LATIN_OR_DIGIT = /[0-9A-Za-z\u00c0-\u024f]/;

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, key, at) => {
    if (!(key in params)) return whole;
    let value = String(params[key]);
    if (current === "zh" && value) {
      const before = text.charAt(at - 1);
      const after = text.charAt(at + whole.length);
      if (HAN.test(after) && LATIN_OR_DIGIT.test(value.charAt(value.length - 1))) value = `${value} `;
      if (HAN.test(before) && LATIN_OR_DIGIT.test(value.charAt(0))) value = ` ${value}`;
    }
    return value;
  });
}

/** `text` begun with a capital letter, as a sentence begins: a message may open on a filled-in
 *  card name that the language writes in lower case ("rød General kan kræves."); the page's
 *  language decides the capital (Turkish i → İ). */
export function sentence(text) {
  return text ? text.charAt(0).toLocaleUpperCase(current) + text.slice(1) : text;
}

/** `text` ending as a sentence ends in the page's language ("。" in Chinese): the log's lines
 *  carry no full stop of their own, and one read as a sentence of its own needs one. */
export function withFullStop(text) {
  if (!text || /[.!?。！？]$/.test(text)) return text;
  return `${text}${current === "zh" ? "。" : "."}`;
}

/** Whether `count` takes the singular in the page's language (French counts 0 as one; Chinese,
 *  Malay and Turkish never change the noun, so they have no singular message of their own). */
export function isSingular(count) {
  return new Intl.PluralRules(current).select(count) === "one";
}

export function language() {
  return current;
}

export function languageNames() {
  return names;
}

/** The language the page's address asks for (`?lang=ms`, as the API takes it: its primary
 *  subtag), or null. A shared link in a language opens in that language. */
export function addressedLanguage() {
  const asked = (new URLSearchParams(location.search).get("lang") || "").split("-")[0].toLowerCase();
  return LANGUAGES.includes(asked) ? asked : null;
}

function preferred() {
  const addressed = addressedLanguage();
  if (addressed) {
    rememberLanguage(addressed); // the link's language stays chosen on the next visit
    return addressed;
  }
  const stored = localStorage.getItem(LANG_KEY);
  if (LANGUAGES.includes(stored)) return stored;
  for (const tag of navigator.languages || []) {
    const primary = tag.split("-")[0].toLowerCase();
    if (LANGUAGES.includes(primary)) return primary;
  }
  return "en";
}

/** Load the preferred language's messages (English when they cannot be had). */
export async function loadLanguage() {
  const wanted = preferred();
  try {
    const response = await fetch(`/i18n/${wanted}.json`, { credentials: "omit" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const data = await response.json();
    messages = data.messages || {};
    names = data.languages || names;
    current = wanted;
  } catch (error) {
    messages = {};
    current = "en";
  }
  document.documentElement.lang = current;
  return current;
}

export function rememberLanguage(lang) {
  if (LANGUAGES.includes(lang)) localStorage.setItem(LANG_KEY, lang);
}
