// TableSocket is the websocket half of the protocol (web/PROTOCOL.md): it says hello with the
// seat token, hands every message to its listeners and reconnects with backoff when the
// connection drops. Resuming a seat is reconnecting with the same token; the server sends the
// whole log again, so nothing is lost. A connection refused before the welcome asks the HTTP
// API why: a table that does not exist (404) stops the reconnecting for good.

import { api } from './api.js';

const PING_EVERY = 25_000; // ms; keeps idle connections alive through proxies
const BACKOFF = [500, 1000, 2000, 4000, 8000, 15000]; // ms between reconnection attempts

export class TableSocket {
  // handlers: onWelcome(msg), onUpdate(msg), onPresence(msg), onError(msg), onState(state)
  // where state is "connecting", "open", "reconnecting" (with the delay in ms), "closed",
  // "refused" or "notfound" (no such table).
  constructor(tableId, token, handlers) {
    this.tableId = tableId;
    this.token = token || '';
    this.handlers = handlers;
    this.ws = null;
    this.attempt = 0;
    this.finished = false; // the match is over or the token was refused: stay closed
    this.stopped = false;
    this.timer = 0;
    this.pinger = 0;
  }

  start() {
    this.stopped = false;
    this.connect();
    // A page brought back to the foreground, or back online, reconnects at once instead of
    // waiting out the delay. stop removes the listeners: the lobby opens a socket per table it
    // ends, and a page must not keep one for each.
    const now = () => {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = 0;
        this.connect();
      }
    };
    this.onVisible = () => { if (document.visibilityState === 'visible') now(); };
    this.onOnline = now;
    document.addEventListener('visibilitychange', this.onVisible);
    window.addEventListener('online', this.onOnline);
  }

  connect() {
    if (this.stopped || this.finished) return;
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const url = `${scheme}//${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`;
    this.handlers.onState?.(this.attempt ? 'reconnecting' : 'connecting');
    const ws = new WebSocket(url);
    this.ws = ws;
    this.welcomed = false;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: 'hello', token: this.token }));
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      this.dispatch(msg);
    };
    ws.onclose = async (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.pinger);
      this.pinger = 0;
      if (!this.welcomed && !this.finished && !this.stopped && await this.missing()) {
        this.finished = 'notfound';
      }
      if (this.finished || this.stopped) {
        this.handlers.onState?.(this.finished === 'refused' || this.finished === 'notfound' ? this.finished : 'closed');
        return;
      }
      // 1008 (policy) after a refused hello will not heal by retrying.
      if (ev.code === 1008 && this.attempt > 3) {
        this.handlers.onState?.('closed');
        return;
      }
      const delay = BACKOFF[Math.min(this.attempt, BACKOFF.length - 1)];
      this.attempt++;
      this.handlers.onState?.('reconnecting', delay);
      this.timer = setTimeout(() => {
        this.timer = 0;
        this.connect();
      }, delay);
    };
    // Errors are followed by close, which decides what happens next.
    ws.onerror = () => {};
  }

  // missing reports whether the server says the table does not exist: a browser does not show
  // a page the status of a refused websocket handshake.
  async missing() {
    try {
      await api.table(this.tableId);
      return false;
    } catch (err) {
      return err.status === 404;
    }
  }

  dispatch(msg) {
    switch (msg.type) {
      case 'welcome':
        this.welcomed = true;
        this.attempt = 0;
        this.handlers.onState?.('open');
        clearInterval(this.pinger);
        this.pinger = setInterval(() => this.send({ type: 'ping' }), PING_EVERY);
        this.handlers.onWelcome?.(msg);
        break;
      case 'update':
        if (msg.result && msg.result.over) this.finished = true;
        this.handlers.onUpdate?.(msg);
        break;
      case 'chat':
        this.handlers.onChat?.(msg);
        break;
      case 'presence':
        this.handlers.onPresence?.(msg);
        break;
      case 'error':
        if (msg.code === 'bad_token') this.finished = 'refused';
        this.handlers.onError?.(msg);
        break;
    }
  }

  // send writes one message; it reports false when the connection is not open.
  send(msg) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  // move plays the legal choice answered in the update numbered seq.
  move(seq, action) {
    return this.send({ type: 'move', seq, action });
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.onVisible) {
      document.removeEventListener('visibilitychange', this.onVisible);
      window.removeEventListener('online', this.onOnline);
    }
    if (this.ws) this.ws.close(1000, 'leaving');
  }
}
