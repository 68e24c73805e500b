// The seats this browser holds, kept in localStorage by table id so the lobby can offer to
// resume them. A seat token is a secret: it is stored only here and in the link's fragment.

import { loadObject, saveObject } from './stored.js';

const KEY = 'deuce.seats.v1';
const KEEP = 50; // tables remembered

function load() {
  return loadObject(KEY);
}

function save(data) {
  const ids = Object.keys(data).sort((a, b) => (data[b].at || 0) - (data[a].at || 0));
  for (const id of ids.slice(KEEP)) delete data[id];
  saveObject(KEY, data);
}

// rememberSeat stores the token of seat (from 0) at table id.
export function rememberSeat(id, seat, token, info = {}) {
  const data = load();
  const entry = data[id] || { seats: {} };
  entry.seats[seat] = token;
  Object.assign(entry, info, { at: Date.now() });
  data[id] = entry;
  save(data);
}

// seatsAt returns [{seat, token}] held at table id, seat order.
export function seatsAt(id) {
  const entry = load()[id];
  if (!entry) return [];
  return Object.entries(entry.seats)
    .map(([seat, token]) => ({ seat: Number(seat), token }))
    .sort((a, b) => a.seat - b.seat);
}

// seatLink is the table link that plays seat (from 0) with token.
export function seatLink(id, seat, token) {
  return `/t/${encodeURIComponent(id)}#seat=${seat + 1}&token=${encodeURIComponent(token)}`;
}

// allSeats returns [{table, token}] for every seat this browser holds, so that signing up keeps
// them on the new account.
export function allSeats() {
  const out = [];
  for (const [table, entry] of Object.entries(load())) {
    for (const token of Object.values(entry.seats || {})) out.push({ table, token });
  }
  return out;
}

// MAX_IDS is the most tables GET /api/tables?ids= names at once (store.MaxIDs).
const MAX_IDS = 50;

// heldTables returns the IDs of the tables this browser holds seats at, the most recently
// used first: at most MAX_IDS, and only keys shaped like a table ID, since one the server
// refuses would refuse the whole list.
export function heldTables() {
  const data = load();
  return Object.keys(data).filter((id) => /^[A-Za-z0-9_-]{1,64}$/.test(id))
    .sort((a, b) => (data[b].at || 0) - (data[a].at || 0)).slice(0, MAX_IDS);
}
