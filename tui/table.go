// Package tui is deuce's full-screen terminal interface, built on Bubble Tea: one model shows
// any game's match (the score, the game's board with the player's hand drawn as cards, the
// legal moves, a log, the rules, help and hints) whether the match is played here against bots
// or by people sharing the terminal (Local), on a server (Online), or replayed from a record
// (Replay). Each game adds only its board drawing (boards.go).
package tui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"deuce/engine"
)

// A Table is a match the interface plays or watches.
//
// The model keeps one call of Next in flight at a time; Play and Hint may be called while Next
// waits. Implementations are Local (this process), Online (a server) and the replays.
type Table interface {
	// Info describes the match; it does not change.
	Info() Info
	// Next waits for the next frame to show: the first at once, then one after every change.
	// It returns io.EOF once the match has ended and its last frame was shown. An error that
	// implements Refusal (a move the server refused) leaves the table usable.
	Next(ctx context.Context) (Frame, error)
	// Play plays the viewer's move answering the frame seq. A refused move returns an error a
	// person can act on and changes nothing.
	Play(ctx context.Context, seq int, m Move) error
}

// A Hinter is a table that can suggest a move to seat, for the games that have hints.
type Hinter interface {
	Hint(ctx context.Context, seat engine.Seat) (string, bool)
}

// An Ender is a table a seat can end early: resign, claim the win from a player away too long,
// hand the seats of players away too long to bots, or call off a table still waiting for a
// player (kind "resign", "claim", "bot" or "cancel").
type Ender interface {
	End(ctx context.Context, kind string) error
}

// Sayer is a Table with a chat: Say writes a line in the seat's room (the players', or the
// spectators' for a watcher); the lines of the room come in Frame.Chat.
type Sayer interface {
	Say(ctx context.Context, text string) error
}

// Info describes a match.
type Info struct {
	Game    engine.Game
	Options engine.Options
	// Names names each seat for people: "you", "heuristic bot", "Ann".
	Names []string
	// Hotseat marks people sharing this terminal: the screen hides one seat's view from the
	// next with a pass-the-device screen.
	Hotseat bool
	// Where says where the match is played, for the title: "", or the server's address.
	Where string
}

// Frame is one moment of a match as one seat sees it.
type Frame struct {
	// Seq counts the moves played; a move answers the frame of its seq.
	Seq int
	// Seat is the seat whose view this is, or engine.Spectator.
	Seat engine.Seat
	// ToMove is the seat to act, engine.Chance, or engine.Nobody once over.
	ToMove  engine.Seat
	Pending []engine.Seat
	// View is the game's observation for Seat (a *centercourt.Observation, ...).
	View engine.Observation
	// Legal lists the moves Seat may play now; empty when it waits.
	Legal []Choice
	// Log is the whole match so far in words, as Seat may know it.
	Log    []string
	Result engine.Result
	// Played counts the moves Seat has made; it grows once the table has taken a move.
	Played int
	// Fresh marks the first frame of a connection opened again: a move sent before may have
	// been lost with the old one.
	Fresh bool
	// Notice is news of the table a person should see: a player who left, and what may be done.
	Notice string
	// Open: the table still waits for a player to take a seat.
	Open bool
	// Chat is the chat lines that came since the last frame ("Ann: good luck", "you: thanks"),
	// oldest first; a frame may bring only these.
	Chat []string
	// Names are the seats' names as the table says them now, when it says them (a seat created
	// without a name takes its account's when claimed); nil keeps the names known.
	Names []string
	// Ended says why the match ended before it was played out ("resigned", ...), else "".
	Ended string
	// Clock is each seat's time when the frame was made, on a table with clocks; nil without.
	Clock *Clock
	// Lesson is a tutorial's word for the step (what to play and why), or the lesson's end;
	// "" at a table that is no lesson (Lesson). Suggest is the move the step asks for, where
	// the cursor starts.
	Lesson  string
	Suggest *Choice
}

// Clock is the seats' clocks at one moment.
type Clock struct {
	Control string
	// Left is each seat's time at At; the seats in Running count down from then.
	Left    []time.Duration
	Running []engine.Seat
	At      time.Time
}

// LeftAt returns seat's time at now.
func (c *Clock) LeftAt(seat engine.Seat, now time.Time) time.Duration {
	left := c.Left[seat]
	if slices.Contains(c.Running, seat) {
		left -= now.Sub(c.At)
	}
	return left
}

// Choice is one legal move with its notation.
type Choice struct {
	Action engine.Action
	Text   string
}

// Move is a move a person chose: a listed action, or a move typed in the game's notation.
type Move struct {
	Action engine.Action
	// Text, when not empty, is the typed notation, and Action is ignored.
	Text string
}

// Refusal marks an error that refused one move and left the table usable.
type Refusal interface {
	error
	Refused() bool
}

// Completions returns the moves of legal whose text begins with typed, letter case and runs of
// spaces aside (one move of each text), so that "conc" plays "concede" as a shell completes a
// command, and "choose s" is answered with the moves it could be. It returns none when typed is
// a listed move's whole text: that move is meant.
func Completions(typed string, legal []Choice) []Choice {
	norm := func(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }
	t := norm(typed)
	if t == "" {
		return nil
	}
	var found []Choice
	seen := map[string]bool{}
	for _, c := range legal {
		text := norm(c.Text)
		if text == t {
			return nil
		}
		if strings.HasPrefix(text, t) && !midNumber(t, text) && !seen[text] {
			seen[text] = true
			found = append(found, c)
		}
	}
	return found
}

// Texts are the moves' texts, in order.
func Texts(legal []Choice) []string {
	texts := make([]string, len(legal))
	for i, c := range legal {
		texts[i] = c.Text
	}
	return texts
}

// midNumber reports that text goes on with a digit where typed, its beginning, ends with one:
// "play #2" is card 2 in the game's notation, not the beginning of "play #25".
func midNumber(typed, text string) bool {
	isDigit := func(b byte) bool { return b >= '0' && b <= '9' }
	return len(text) > len(typed) && isDigit(typed[len(typed)-1]) && isDigit(text[len(typed)])
}

// Ambiguous says which moves a typed beginning could be, for a person to type more of it:
// found holds two or more of them (Completions).
func Ambiguous(typed string, found []Choice) string {
	if len(found) == 0 {
		return fmt.Sprintf("%q begins no move", typed)
	}
	texts := Texts(found)
	if len(texts) > 6 {
		texts = append(texts[:6], fmt.Sprintf("%d more", len(found)-6))
	}
	list := texts[0]
	if n := len(texts); n > 1 {
		list = strings.Join(texts[:n-1], ", ") + " or " + texts[n-1]
	}
	return fmt.Sprintf("%q could be %s: type more of it", typed, list)
}
