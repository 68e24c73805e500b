package web

// SessionRecheck is sessionRecheck, for the external tests.
const SessionRecheck = sessionRecheck

// ChatEvery is chatEvery, for the external tests.
const ChatEvery = chatEvery

// ChatConnections is the number of connections in table id's chat.
func (m *Main) ChatConnections(id string) int {
	h := m.srv.chat
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.conns[id])
}
