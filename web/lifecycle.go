package web

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"deuce/engine"
	"deuce/games"
	"deuce/match"
	"deuce/store"
)

// A table ends by being played out, or:
//   - a player calls it off while a person seat still waits for its player (no result;
//     recorded as cancelled);
//   - a player resigns once every seat is taken (their side loses; recorded as resigned);
//   - a person seat has been disconnected longer than Limits.AbandonAfter: another player may
//     claim the win (the absent side loses; recorded as claimed) or hand the seat to a bot
//     (replacementBot) so the others can finish;
//   - nobody has touched it (no move, nobody connected) for Limits.ExpireAfter, or no move has
//     been made for idleFactor times that however many are connected: it expires, abandoned
//     without a result;
//   - a table of bots only reaches Limits.BotTableTime after its creation: abandoned.
// Sweep, run by a janitor every sweepEvery, ends the tables that time has ended and tells the
// players when a seat becomes abandoned.

// sweepEvery is how often the janitor sweeps.
const sweepEvery = 5 * time.Second

// idleFactor times ExpireAfter without a move expires a table even with people connected, so
// that open sockets alone cannot hold a table for ever.
const idleFactor = 4

// replacementBot is the level that takes over a seat its person left.
const replacementBot = "easy"

// presenceMsg tells every connection of a table who is there; sent after the welcome and
// whenever it changes.
type presenceMsg struct {
	Type  string         `json:"type"` // "presence"
	Seats []seatPresence `json:"seats"`
	// AbandonAfter is the seconds a person must be away before the others may act.
	AbandonAfter float64 `json:"abandonAfter"`
	// Open: a person seat still waits for its player, and whoever is seated may call the
	// table off ("cancel").
	Open bool `json:"open,omitempty"`
}

type seatPresence struct {
	// Name is the seat's name now: a seat with no name given is renamed for the account that
	// takes it.
	Name string `json:"name"`
	// Person seats are played by people; the rest by bots.
	Person bool `json:"person"`
	// Connected reports that the seat's person has the table open now.
	Connected bool `json:"connected"`
	// Away is the seconds since the seat's person left, rounded up, so at least 1 from the
	// moment they leave (0 when connected or never there).
	Away float64 `json:"away,omitempty"`
	// Abandoned: away longer than AbandonAfter. The others may claim the win or hand the seat
	// to a bot.
	Abandoned bool `json:"abandoned,omitempty"`
}

// presence describes lt's seats now; s.mu must be held.
func (s *Server) presence(lt *liveTable) presenceMsg {
	now := s.clock.Now()
	msg := presenceMsg{Type: "presence", AbandonAfter: s.limits.AbandonAfter.Seconds(), Open: lt.open}
	for i := range lt.person {
		p := seatPresence{Name: lt.names[i], Person: lt.person[i], Connected: lt.present[i] > 0}
		if p.Person && !p.Connected && !lt.goneSince[i].IsZero() {
			away := now.Sub(lt.goneSince[i])
			p.Away = max(1, math.Ceil(away.Seconds()))
			p.Abandoned = away >= s.limits.AbandonAfter && !lt.correspondence
		}
		msg.Seats = append(msg.Seats, p)
	}
	return msg
}

// notify wakes every connection of lt to send the presence again; s.mu must be held.
func (s *Server) notify(lt *liveTable) {
	s.publishPresence(lt)
	for w := range lt.watchers {
		w.wake()
	}
}

// watcher is a connection told of presence changes: wake is called with Server.mu held, and
// must not block.
type watcher struct{ wake func() }

// watch registers a connection of seat (engine.Spectator to watch) to lt, to be woken when
// presence changes (at once, for the first presence), and returns the function that
// unregisters it.
func (s *Server) watch(lt *liveTable, seat engine.Seat, wake func()) func() {
	c := &watcher{wake: wake}
	s.mu.Lock()
	defer s.mu.Unlock()
	wake() // the first presence goes out at once
	lt.watchers[c] = struct{}{}
	lt.lastActive = s.clock.Now()
	if seat >= 0 && int(seat) < len(lt.present) {
		lt.present[seat]++
		lt.goneSince[seat] = time.Time{}
		lt.announced[seat] = false
		s.notify(lt)
	}
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		delete(lt.watchers, c)
		lt.lastActive = s.clock.Now()
		if seat >= 0 && int(seat) < len(lt.present) {
			if lt.present[seat]--; lt.present[seat] == 0 {
				lt.goneSince[seat] = s.clock.Now()
			}
			s.notify(lt)
		}
	}
}

// touch notes activity at lt (a move saved).
func (s *Server) touch(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if lt := s.live[id]; lt != nil {
		lt.lastActive = s.clock.Now()
		lt.lastMove = lt.lastActive
	}
}

// Sweep ends the tables whose time is up and announces newly abandoned seats. The janitor
// calls it every few seconds; tests call it after moving their fake clock.
func (s *Server) Sweep(ctx context.Context) {
	s.sweepMu.Lock()
	defer s.sweepMu.Unlock()
	type ending struct {
		lt  *liveTable
		why string
	}
	var ends []ending
	now := s.clock.Now()
	s.mu.Lock()
	for _, lt := range s.live {
		switch {
		case lt.botOnly && now.Sub(lt.created) >= s.limits.BotTableTime:
			ends = append(ends, ending{lt, store.EndTimeLimit})
			continue
		case !lt.botOnly && !lt.correspondence && (len(lt.watchers) == 0 && !anyPresent(lt) && now.Sub(lt.lastActive) >= s.limits.ExpireAfter ||
			now.Sub(lt.lastMove) >= idleFactor*s.limits.ExpireAfter):
			ends = append(ends, ending{lt, store.EndExpired})
			continue
		}
		for i, gone := range lt.goneSince {
			if lt.person[i] && !gone.IsZero() && !lt.announced[i] && now.Sub(gone) >= s.limits.AbandonAfter {
				lt.announced[i] = true
				s.notify(lt)
			}
		}
	}
	s.mu.Unlock()
	for _, e := range ends {
		loser := engine.Nobody
		if e.why == store.EndExpired {
			loser = s.expiryLoser(ctx, e.lt)
		}
		if err := s.endTable(ctx, e.lt, e.why, loser); err != nil && !errors.Is(err, match.ErrOver) {
			s.log.Error("end table", "table", e.lt.id, "why", e.why, "err", err)
			continue
		}
		s.log.Info("table ended", "table", e.lt.id, "why", e.why)
	}
}

// expiryLoser returns the seat that loses a table expiring now: at a rated table, the one
// person seat nobody is connected to (its person walked away, against a bot or a present
// opponent: abandoning a rated match is a loss, not a way out of one); with every person
// connected, the one person seat that owed the move all that time (staying at the table and
// never moving is no way out of a loss either); engine.Nobody at a casual table, when every
// person or none is away, when no one person owed the move, or when a seat was never taken (a
// rematch offered and not answered, a seek's author who never came: a match not joined is not
// lost).
func (s *Server) expiryLoser(ctx context.Context, lt *liveTable) engine.Seat {
	if s.accounts == nil {
		return engine.Nobody
	}
	info, err := s.accounts.p.TableInfo(ctx, lt.id)
	if err != nil || !info.Rated {
		return engine.Nobody
	}
	owing, err := lt.m.Owing(ctx)
	if err != nil {
		owing = nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if lt.open {
		return engine.Nobody
	}
	loser := engine.Nobody
	for i, person := range lt.person {
		if person && lt.present[i] == 0 {
			if loser != engine.Nobody {
				return engine.Nobody
			}
			loser = engine.Seat(i)
		}
	}
	if loser != engine.Nobody {
		return loser
	}
	for _, seat := range owing {
		if int(seat) < len(lt.person) && lt.person[seat] {
			if loser != engine.Nobody {
				return engine.Nobody // more than one person owed a choice
			}
			loser = seat
		}
	}
	return loser
}

// janitor sweeps until the server closes.
func (s *Server) janitor() {
	defer s.wg.Done()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-s.clock.After(sweepEvery):
			s.Sweep(s.ctx)
		}
	}
}

// endTable ends lt's match for the reason why; loser's side loses, or with engine.Nobody the
// table is abandoned without a result.
func (s *Server) endTable(ctx context.Context, lt *liveTable, why string, loser engine.Seat) error {
	return lt.m.End(ctx, why, loser, func(ctx context.Context, at int, result *engine.Result) error {
		return s.saveEnd(lt.id, lt.epoch)(ctx, why, at, result)
	})
}

// errNotOpen refuses to call off a table that every player has joined.
var errNotOpen = errors.New("every player has taken a seat, so the table can no longer be called off: resign instead")

// cancelOpen ends lt without a result while it still waits for a person to take a seat: whoever
// is seated may call off a match nobody else has joined (an invitation not taken up, a seek
// accepted by someone who never came) rather than wait for it to expire.
func (s *Server) cancelOpen(ctx context.Context, lt *liveTable) error {
	return s.endAsSeated(ctx, lt, true, store.EndCancelled, engine.Nobody)
}

// errOpen refuses a resignation while a person seat still waits for its player.
var errOpen = errors.New("nobody has taken the other seat yet, so there is no one to resign to: call the table off instead")

// resign ends lt as a loss for seat's side, once every person seat has been taken: before, the
// win would go to a player who never came (at a rated table, a rated win), and calling the
// table off is the way out.
func (s *Server) resign(ctx context.Context, lt *liveTable, seat engine.Seat) error {
	return s.endAsSeated(ctx, lt, false, store.EndResigned, seat)
}

// endAsSeated ends lt for why (loser's side losing, or nobody's) if the table still waits for a
// person to take a seat exactly when waiting says it must, and otherwise refuses with errNotOpen
// or errOpen. A table stops waiting once and for good (claimLocked), so lt saying every seat is
// taken is the answer, read without I/O. lt saying a seat waits may be a moment behind a claim
// made at another node, so the store decides then, read under the seats' lock: a player taking
// the last seat meanwhile either joins a table still waiting, or finds it ended.
func (s *Server) endAsSeated(ctx context.Context, lt *liveTable, waiting bool, why string, loser engine.Seat) error {
	refuse := func(open bool) error {
		switch {
		case waiting && !open:
			return errNotOpen
		case !waiting && open:
			return errOpen
		}
		return nil
	}
	s.mu.Lock()
	open := lt.open
	s.mu.Unlock()
	if !open {
		select {
		case <-lt.m.Done():
			return match.ErrOver
		default:
		}
		if err := refuse(false); err != nil {
			return err
		}
		return s.endTable(ctx, lt, why, loser)
	}
	return s.lockSeats(ctx, lt.id, func() error {
		t, err := s.store.Get(ctx, lt.id)
		switch {
		case err != nil:
			return err
		case !t.Status.Unfinished():
			return match.ErrOver
		}
		if err := refuse(t.Status == store.Open); err != nil {
			return err
		}
		return s.endTable(ctx, lt, why, loser)
	})
}

// errNoAbandoned refuses a claim or a bot when nobody has been away long enough.
var errNoAbandoned = errors.New("no player has been away long enough")

// claim ends lt as a win for seat's side, if a person of the other side has been away longer
// than the abandon time.
func (s *Server) claimWin(ctx context.Context, lt *liveTable, seat engine.Seat) error {
	s.mu.Lock()
	p := s.presence(lt)
	s.mu.Unlock()
	for i, sp := range p.Seats {
		if sp.Abandoned && i%2 != int(seat)%2 {
			return s.endTable(ctx, lt, store.EndClaimed, engine.Seat(i))
		}
	}
	return fmt.Errorf("%w: an opponent must be away %v before you may claim the win", errNoAbandoned, s.limits.AbandonAfter)
}

// errRatedBot refuses to hand a seat to a bot at a rated table: the bot's play would count for
// the account holding the seat.
var errRatedBot = errors.New("this match is rated, so a bot cannot play for an absent player: claim the win instead")

// handToBots gives every abandoned person seat but seat's own to a bot, at an unrated table.
func (s *Server) handToBots(ctx context.Context, lt *liveTable, seat engine.Seat) error {
	if s.accounts != nil {
		info, err := s.accounts.p.TableInfo(ctx, lt.id)
		if err != nil {
			return err
		}
		if info.Rated {
			return errRatedBot
		}
	}
	s.mu.Lock()
	p := s.presence(lt)
	s.mu.Unlock()
	var seats []engine.Seat
	for i, sp := range p.Seats {
		if sp.Abandoned && engine.Seat(i) != seat {
			seats = append(seats, engine.Seat(i))
		}
	}
	if len(seats) == 0 {
		return fmt.Errorf("%w: a player must be away %v before a bot may take their seat", errNoAbandoned, s.limits.AbandonAfter)
	}
	err := s.lockSeats(ctx, lt.id, func() error {
		if lt.epoch != 0 {
			// Fenced: the next node to run the table loads its seats under the same lock.
			if err := s.cl.node.CheckLease(ctx, lt.id, lt.epoch); err != nil {
				return err
			}
		}
		t, err := s.store.Get(ctx, lt.id)
		if err != nil {
			return err
		}
		for _, i := range seats {
			t.Seats[i].Bot = replacementBot
			t.Seats[i].Claimed = true
		}
		return s.store.UpdateSeats(ctx, lt.id, t.Seats, t.Status)
	})
	if err != nil {
		return err
	}
	for _, i := range seats {
		b, err := games.NewBot(lt.game, replacementBot)
		if err != nil {
			return err
		}
		if err := lt.m.SetBot(ctx, i, b); err != nil {
			return err
		}
	}
	s.mu.Lock()
	for _, i := range seats {
		lt.person[i] = false
	}
	s.notify(lt)
	s.mu.Unlock()
	return nil
}
