package web

// SessionRecheck is sessionRecheck, for the external tests.
const SessionRecheck = sessionRecheck
