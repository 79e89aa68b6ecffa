// The public HTTP API, same origin only. The seat token goes in the Authorization header
// (never in a URL), and every request is a relative URL, so nothing leaves this server.
// Every request names the page's language (?lang=): names, labels, texts and problem details
// come back in it.

import { _, language } from "./i18n.js";

// A request with no answer this long after it was sent is given up, and the page says so: a
// server that never answers left "The other seats are playing…" on screen for good.
const TIMEOUT_MS = 30000;

/** An answer of the API that is not a success: its problem (RFC 9457) in the page's language,
 * or, from a server or proxy that answered no problem, words for its status. */
export class ApiError extends Error {
  constructor(status, problem, retryAfter = null) {
    super(problem.detail || problem.title || statusWords(status));
    this.status = status;
    this.problem = problem;
    this.retryAfter = retryAfter; // seconds, when the answer said (429, 503)
  }
}

/** No answer at all: the network, or a server down or too slow. A move sent may or may not have
 * reached the server. */
export class NetworkError extends Error {
  constructor(timedOut) {
    super(timedOut ? _("The server did not answer in time.") : _("The server cannot be reached."));
    this.status = 0;
    this.timedOut = timedOut;
  }
}

function statusWords(status) {
  if (status === 429) return _("Too many requests: try again in a moment.");
  if (status >= 500) return _("The server could not answer (HTTP {status}). Try again in a moment.", { status });
  return _("The request was refused (HTTP {status}).", { status });
}

async function send(method, path, { token, body, ifNoneMatch, idempotencyKey } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (ifNoneMatch) headers["If-None-Match"] = ifNoneMatch;
  const url = `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(language())}`;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    return await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "omit",
      cache: "no-store",
      signal: controller.signal,
    });
  } catch {
    throw new NetworkError(controller.signal.aborted);
  } finally {
    clearTimeout(timer);
  }
}

async function parsed(response) {
  let text;
  try {
    text = await response.text();
  } catch {
    throw new NetworkError(false); // the connection dropped in the middle of the answer
  }
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // a proxy's HTML page, say: no problem to read, only the status
    if (response.ok) throw new ApiError(response.status, { detail: _("The server's answer could not be read (HTTP {status}).", { status: response.status }) });
  }
  if (!response.ok) {
    const retry = Number.parseInt(response.headers.get("Retry-After") || "", 10);
    throw new ApiError(response.status, data && typeof data === "object" ? data : {}, Number.isFinite(retry) ? retry : null);
  }
  return data;
}

async function request(method, path, options = {}) {
  return parsed(await send(method, path, options));
}

const game = (id) => `/v1/games/${encodeURIComponent(id)}`;

export const api = {
  rulesets: () => request("GET", "/v1/rulesets"),
  ruleset: (id) => request("GET", `/v1/rulesets/${encodeURIComponent(id)}`),
  rules: (id) => request("GET", `/v1/rulesets/${encodeURIComponent(id)}/rules`),
  // With the same key and body, a creation sent again is answered with the game the first made.
  createGame: (body, idempotencyKey) => request("POST", "/v1/games", { body, idempotencyKey }),
  view: (id, token) => request("GET", game(id), { token }),
  // For polling: null while the view still has the ETag of the last one read (304, no body),
  // else the view and its ETag. The page asks with no-store, so it sends the ETag itself.
  async viewIfChanged(id, token, etag) {
    const response = await send("GET", game(id), { token, ifNoneMatch: etag });
    if (response.status === 304) return null;
    return { view: await parsed(response), etag: response.headers.get("ETag") };
  },
  legalActions: (id, token) => request("GET", `${game(id)}/legal-actions`, { token }),
  play: (id, token, action, expectedVersion) =>
    request("POST", `${game(id)}/actions`, {
      token,
      body: { action, expected_version: expectedVersion },
    }),
  async events(id, token, after = 0) {
    const all = [];
    for (;;) {
      const page = await request("GET", `${game(id)}/events?after=${after}&limit=500`, { token });
      all.push(...page.events);
      if (page.next == null) return all;
      after = page.next;
    }
  },
  score: (id) => request("GET", `${game(id)}/score`),
  replay: (id, version) => request("GET", `${game(id)}/replay?version=${version}`),
  exportUrl: (id) => `${game(id)}/export`,
  // with the receipt kept from the game's start, the report also checks that the log begins with it
  verifyUrl: (id, creationHash = null) =>
    creationHash ? `${game(id)}/verify?creation_hash=${encodeURIComponent(creationHash)}` : `${game(id)}/verify`,
};
