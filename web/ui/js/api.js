// The HTTP half of the protocol (web/PROTOCOL.md).

// APIError is a refused request, with the server's reason a person can act on.
export class APIError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function request(method, path, body) {
  let resp;
  try {
    resp = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new APIError(0, 'the server cannot be reached; check your connection');
  }
  let data = null;
  try {
    data = await resp.json();
  } catch {
    // An answer that is not JSON is reported by status below.
  }
  if (!resp.ok) {
    throw new APIError(resp.status, (data && data.error) || `the server answered ${resp.status}`);
  }
  return data;
}

export const getJSON = (path) => request('GET', path);
// Every POST is JSON, even with nothing to say: the server refuses other types (415).
export const postJSON = (path, body = {}) => request('POST', path, body);
export const deleteJSON = (path) => request('DELETE', path, {});

export const api = {
  games: () => getJSON('/api/games'),
  tables: (status) => getJSON(`/api/tables?status=${encodeURIComponent(status)}`),
  // tablesByID lists the tables named (at most 50), whatever their status and age.
  tablesByID: (ids) => getJSON(`/api/tables?ids=${ids.map(encodeURIComponent).join(',')}`),
  table: (id) => getJSON(`/api/tables/${encodeURIComponent(id)}`),
  create: (req) => postJSON('/api/tables', req),
  record: (id) => getJSON(`/api/tables/${encodeURIComponent(id)}/record`),
  replay: (id, at) => getJSON(`/api/tables/${encodeURIComponent(id)}/replay?at=${at}`),
  rematch: (id, token) => postJSON(`/api/tables/${encodeURIComponent(id)}/rematch`, { token }),
};
