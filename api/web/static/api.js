// The public HTTP API, same origin only. The seat token goes in the Authorization header
// (never in a URL), and every request is a relative URL, so nothing leaves this server.
// Every request names the page's language (?lang=): names, labels, texts and problem details
// come back in it.

import { language } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
  }
}

async function send(method, path, { token, body, ifNoneMatch } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (ifNoneMatch) headers["If-None-Match"] = ifNoneMatch;
  const url = `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(language())}`;
  return fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "omit",
    cache: "no-store",
  });
}

async function parsed(response) {
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) throw new ApiError(response.status, data || {});
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
  createGame: (ruleset, seats, options = {}) => request("POST", "/v1/games", { body: { ruleset, seats, options } }),
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
