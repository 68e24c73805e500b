package web

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"deuce/engine"
	"deuce/store"
)

// seatNameProblem says what is wrong with name (already trimmed) as a seat's name, or "": it
// holds printable characters only, at most 40 of them, none invisible.
func seatNameProblem(name string) string {
	switch {
	case !utf8.ValidString(name) || strings.IndexFunc(name, unicode.IsControl) >= 0:
		return "a name holds printable characters only (no tabs, line breaks or control codes)"
	case strings.IndexFunc(name, invisible) >= 0:
		return "a name holds visible characters only, spaces being plain spaces (no zero-width, blank or direction-changing characters)"
	case utf8.RuneCountInString(name) > 40:
		return "a name is at most 40 characters"
	}
	return ""
}

// invisible reports a character that shows nothing, or changes how the text around it shows:
// the format characters (zero-width spaces and joiners, the marks and overrides of writing
// direction, which turned a lobby row's "random bot vs string" into "tob modnar sv string"),
// every space but the plain one, and the letters and symbols drawn blank (Hangul fillers, the
// Braille blank), which let "medium bot⠀" pass for a bot and "tess⠀" for the player tess.
func invisible(r rune) bool {
	switch r {
	case ' ':
		return false
	case '\u115f', '\u1160', '\u2800', '\u3164', '\uffa0':
		return true
	}
	return unicode.Is(unicode.Cf, r) || unicode.IsSpace(r) // every Zs space is White_Space too
}

// defaultName matches the names seats get when nobody names them (defaultSeatName), in any case.
var defaultName = regexp.MustCompile(`^player \d+$`)

// guestName matches the names of guests watching a table (spectatorName), in any case.
var guestName = regexp.MustCompile(`^guest \d+$`)

// spectatorLike reports whether a seat's name reads as a guest spectator's ("guest 0417"),
// whose lines in the chat it would pass for.
func spectatorLike(name string) bool {
	return guestName.MatchString(strings.Join(strings.Fields(lookalike(name)), " "))
}

// rename gives seat of lt the name a "name" message asks for: a guest who opened the link of a
// seat its creator left unnamed ("player 3") names it once, so that the others see who came.
// The name is held to the rules of a name given at the table's creation (printable, at most 40
// characters, not a bot's, not a registered player's, not another seat's, in any case or
// look-alike letters), and may not be a default name. A seat already named, or held by an
// account, keeps its name. The new name reaches every connection with the presence.
func (s *Server) rename(ctx context.Context, lt *liveTable, seat engine.Seat, name string) *errorMsg {
	bad := func(format string, args ...any) *errorMsg {
		return &errorMsg{Type: "error", Code: codeBadName, Error: fmt.Sprintf(format, args...)}
	}
	name = strings.TrimSpace(name)
	if name == "" {
		return bad("a name holds 1 to 40 characters")
	}
	if problem := seatNameProblem(name); problem != "" {
		return bad("%s", problem)
	}
	switch {
	case defaultName.MatchString(strings.ToLower(lookalike(name))):
		return bad("%q is how a seat nobody named reads: choose a name of your own", name)
	case botLike(name):
		return bad("%q is how a bot is named: choose another name", name)
	case spectatorLike(name):
		return bad("%q is how a guest watching a table signs the chat: choose another name", name)
	}
	if s.accounts != nil {
		switch a, err := s.registeredLike(ctx, name); {
		case err == nil:
			return bad("%q is a registered player's name, or looks like %q: choose another name (or sign in and open the link again to sit as yourself)", name, a.Name)
		case !errors.Is(err, store.ErrNotFound):
			return &errorMsg{Type: "error", Code: codeServer, Error: "the name could not be checked now: try again"}
		}
	}
	var refusal *errorMsg
	err := s.lockSeats(ctx, lt.id, func() error {
		t, err := s.store.Get(ctx, lt.id)
		if err != nil {
			return err
		}
		st := &t.Seats[seat]
		switch {
		case !t.Status.Unfinished():
			refusal = &errorMsg{Type: "error", Code: codeOver, Error: "the match is over"}
		case st.Account != "" || st.Bot != "" || st.Name != defaultSeatName(int(seat)):
			refusal = bad("your seat is named %q already: a seat takes a name once", st.Name)
		case nameAtTable(t, name):
			refusal = bad("another seat is named %q or like it: choose another name", name)
		}
		if refusal != nil {
			return nil
		}
		st.Name = name
		return s.store.UpdateSeats(ctx, lt.id, t.Seats, t.Status)
	})
	if err != nil {
		s.log.Error("rename seat", "table", lt.id, "seat", seat, "err", err)
		return &errorMsg{Type: "error", Code: codeServer, Error: "the name could not be saved: try again"}
	}
	if refusal != nil {
		return refusal
	}
	s.seatNamed(lt.id, seat, name)
	return nil
}

// seatNamed tells a seat's new name, saved, to those who show it: the live table's presence
// carries it to every connection, and the seat's chat connections sign their next lines with
// it. Every way a seat takes a name (a guest's name message, an account claiming its link or
// keeping its guest seats at sign-in) ends here.
func (s *Server) seatNamed(id string, seat engine.Seat, name string) {
	s.mu.Lock()
	if lt := s.live[id]; lt != nil {
		lt.names[seat] = name
		s.notify(lt)
	}
	s.mu.Unlock()
	s.chat.rename(id, seat, name)
}
