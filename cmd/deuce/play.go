package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"deuce/bot"
	"deuce/engine"
	"deuce/games"
	"deuce/tui"
)

const playUsage = `GAME [flags]

Plays a match in the terminal: you against a bot, or two people sharing the
terminal (--vs human), with a "pass the device" screen before each hidden hand.

On a terminal the match is full screen: choose a move with the arrow keys and
Enter, its number, or / and the move itself; "?" shows the keys, r the rules,
h a hint. With --plain, or when input or output is not a terminal, it is a
line prompt instead: type the number of a move or the move itself; "?" helps.

Examples:
  deuce play centercourt --variant tiebreak
  deuce play pencil --vs equilibrium --seat 2
  deuce play centercourt --vs human`

func runPlay(ctx context.Context, args []string, e *env) error {
	fs := newFlags(e, "play", playUsage)
	vs := fs.String("vs", "easy", "the opponent: a bot `level` (deuce bots GAME: easy plays like a sensible casual player, hard and expert search), or human for two people on this terminal")
	seatFlag := fs.Int("seat", 1, "your `seat`, from 1 (seat 1 serves or bids first)")
	seed := fs.Uint64("seed", 0, "`seed` for shuffles, dice and bots (0 picks a fresh one and prints it)")
	record := fs.String("record", "", "write the match record to this `file` (default: a new file in the data directory)")
	noRecord := fs.Bool("no-record", false, "do not write a match record")
	plain := fs.Bool("plain", false, "a line prompt instead of the full-screen interface")
	var of optionFlags
	of.register(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if err := checkRecordFlags(*record, *noRecord); err != nil {
		return err
	}
	g, err := oneGame(pos)
	if err != nil {
		return err
	}
	opts, err := of.resolve(g)
	if err != nil {
		return err
	}
	s, err := g.New(opts)
	if err != nil {
		return err
	}
	n := s.NumSeats()
	vsSet := false
	fs.Visit(func(f *flag.Flag) { vsSet = vsSet || f.Name == "vs" })
	if n == 1 && vsSet {
		return usagef("--vs %s: this match has one seat, against the game's own opponent (the automaton): drop --vs", *vs)
	}
	if n == 1 && *seatFlag != 1 {
		return usagef("--seat %d: this match has one seat, against the game's own opponent (--seat 1)", *seatFlag)
	}
	if *seatFlag < 1 || *seatFlag > n {
		return usagef("--seat %d: %s has seats 1 to %d", *seatFlag, g.Name, n)
	}
	me := engine.Seat(*seatFlag - 1)
	hotseat := strings.EqualFold(*vs, "human")
	var opponent bot.Bot
	if !hotseat {
		if opponent, err = games.NewBot(g, *vs); err != nil {
			return usagef("--vs %s: %v (or human)", *vs, err)
		}
		if err := games.CheckBot(g, opts, *vs); err != nil {
			return usagef("--vs %s: %v", *vs, err)
		}
	}
	if *seed == 0 {
		*seed = rand.Uint64()
	}
	seats := make([]engine.SeatInfo, n)
	players := make([]bot.Bot, n) // nil for a person
	for i := range n {
		switch {
		case hotseat:
			seats[i] = engine.SeatInfo{Name: fmt.Sprintf("player %d", i+1)}
		case engine.Seat(i) == me:
			seats[i] = engine.SeatInfo{Name: "you"}
		case n > 2:
			// Three or four seats (doubles, Canadian): each bot is named by its seat, so that the
			// log tells partners from opponents as the board's teams do.
			seats[i] = engine.SeatInfo{Name: fmt.Sprintf("%s bot %d", opponent.Name(), i+1), Bot: opponent.Name()}
			players[i] = opponent
		default:
			seats[i] = engine.SeatInfo{Name: fmt.Sprintf("%s bot", opponent.Name()), Bot: opponent.Name()}
			players[i] = opponent
		}
	}
	rec := engine.NewRecord(g, opts, seats)
	rec.Seed = *seed
	var playErr error
	if *plain || !isTerminal(e.stdin) || !isTerminal(e.stdout) {
		playErr = playLines(ctx, e, g, s, rec, players, hotseat, me, opponent, *seed)
	} else {
		playErr = playScreen(ctx, e, g, s, rec, players, hotseat, *seed)
	}
	if !*noRecord {
		path, err := saveRecord(*record, rec)
		if err != nil {
			if errors.Is(playErr, errQuit) {
				playErr = nil // quitting is not an error to report
			}
			return errors.Join(playErr, err)
		}
		fmt.Fprintf(e.stdout, "Match record: %s (deuce replay %s)\n", path, path)
	}
	if errors.Is(playErr, errQuit) {
		return nil
	}
	return playErr
}

// playScreen plays the match in the full-screen interface.
func playScreen(ctx context.Context, e *env, g engine.Game, s engine.State, rec *engine.Record, players []bot.Bot, hotseat bool, seed uint64) error {
	info := tui.Info{Game: g, Options: rec.Options, Hotseat: hotseat}
	for _, si := range rec.Seats {
		info.Names = append(info.Names, si.Name)
	}
	local := tui.NewLocal(info, s, rec, players, seed)
	// The table's bots stop with the interface; Record then waits for a move being applied, so
	// the record is saved whole.
	mctx, stop := context.WithCancel(ctx)
	defer stop()
	m, err := tui.New(mctx, local, tui.Options{Renderer: tui.RendererFor(e.stdout)})
	if err != nil {
		return err
	}
	runErr := tui.Run(mctx, m, e.stdin, e.stdout)
	stop()
	local.Record()
	if runErr != nil {
		return runErr
	}
	if m.Err() != nil {
		return m.Err()
	}
	res := s.Result()
	if !res.Over {
		fmt.Fprintln(e.stdout, "Match abandoned.") // the record so far is saved next, unless --no-record
		return errQuit
	}
	// The score as the title showed it, with the names the table used.
	fmt.Fprintf(e.stdout, "%s, %s: %s\n", g.Title, rec.Options, m.Score())
	return nil
}

// playLines plays the match at a line prompt.
func playLines(ctx context.Context, e *env, g engine.Game, s engine.State, rec *engine.Record, players []bot.Bot, hotseat bool, me engine.Seat, opponent bot.Bot, seed uint64) error {
	n := s.NumSeats()
	p := &terminalMatch{
		env: e, game: g, state: s, players: players, hotseat: hotseat,
		rec:    rec,
		chance: rand.New(rand.NewPCG(seed, 0)),
		botRNG: rand.New(rand.NewPCG(seed, 1)),
		input:  bufio.NewScanner(e.stdin),
		logs:   make([][]string, n),
		moved:  make([]bool, n),
		clear:  isTerminal(e.stdout),
	}
	fmt.Fprintf(e.stdout, "%s, %s. Seed %d.\n", g.Title, games.ShownOptions(rec.Options, n), seed)
	switch {
	case n == 1:
		fmt.Fprintln(e.stdout, "You play alone, against the game's own opponent.")
	case !hotseat && n > 2:
		fmt.Fprintf(e.stdout, "You are player %d; the %d other seats are %s bots, named by their seats (%s bot %d is player %d).\n",
			me+1, n-1, opponent.Name(), opponent.Name(), int(me+1)%n+1, int(me+1)%n+1)
	case !hotseat:
		fmt.Fprintf(e.stdout, "You are player %d against the %s bot.\n", me+1, opponent.Name())
	}
	return p.play(ctx)
}

var errQuit = errors.New("quit")

// botMoveTimeout bounds a bot's thinking per move in the terminal, as the match runner's budget
// does in the browser.
const botMoveTimeout = tui.BotMoveTimeout

type terminalMatch struct {
	env     *env
	game    engine.Game
	state   engine.State
	players []bot.Bot
	hotseat bool
	rec     *engine.Record
	chance  *rand.Rand
	botRNG  *rand.Rand
	input   *bufio.Scanner
	// logs holds, per seat, what happened since that seat last moved, as it may know it;
	// moved says which seats have moved.
	logs  [][]string
	moved []bool
	// last is the person who saw the screen last, for the pass-the-device screen.
	last  engine.Seat
	clear bool
	// legendShown: the notation's legend is printed with the first list of moves (and by
	// help), not at every prompt.
	legendShown bool
}

// names are the seats' names as the table shows them ("heuristic bot").
func (p *terminalMatch) names() []string {
	names := make([]string, len(p.rec.Seats))
	for i, si := range p.rec.Seats {
		names[i] = si.Name
	}
	return names
}

// you is the person's seat against bots, engine.Spectator at a shared terminal (where nobody is
// "you").
func (p *terminalMatch) you() engine.Seat {
	if !p.hotseat {
		for seat, b := range p.players {
			if b == nil {
				return engine.Seat(seat)
			}
		}
	}
	return engine.Spectator
}

// board is what seat sees, the players named as the table names them.
func (p *terminalMatch) board(seat engine.Seat) string {
	return tui.BoardWithNames(fmt.Sprint(p.state.Observe(seat)), p.names(), p.you())
}

func (p *terminalMatch) play(ctx context.Context) error {
	p.last = engine.Nobody
	for {
		to := p.state.ToMove()
		if to == engine.Nobody {
			break
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		var a engine.Action
		var err error
		switch {
		case to == engine.Chance:
			a = engine.SampleChance(p.chance, p.state.Chances(nil))
		case p.players[to] != nil:
			// A deadline marks live play: search bots then keep to their time caps.
			bctx, cancel := context.WithTimeout(ctx, botMoveTimeout)
			a, err = p.players[to].Choose(bctx, p.state, to, p.botRNG)
			cancel()
		default:
			a, err = p.ask(to)
			if err == nil {
				p.moved[to] = true
			}
		}
		if err != nil {
			return err
		}
		for seat := range p.logs {
			if p.players[seat] == nil {
				p.logs[seat] = append(p.logs[seat], engine.Narrate(p.state, a, engine.Seat(seat)))
			}
		}
		if err := p.rec.Apply(p.state, a); err != nil {
			return fmt.Errorf("internal error: a chosen move was refused: %w", err)
		}
	}
	return p.finish()
}

// ask shows seat its view and reads a move until one is legal.
func (p *terminalMatch) ask(seat engine.Seat) (engine.Action, error) {
	w := p.env.stdout
	if p.hotseat && p.last != seat {
		if p.last != engine.Nobody {
			p.clearScreen()
			fmt.Fprintf(w, "Pass the device to player %d, then press Enter.\n", seat+1)
			if !p.input.Scan() {
				return 0, p.inputEnded()
			}
		}
		p.clearScreen()
	}
	p.last = seat
	p.showLog(seat)
	fmt.Fprintln(w)
	fmt.Fprintln(w, p.board(seat))
	legal := p.state.Legal(nil)
	if len(legal) == 1 {
		// As the browser does: a move with no choice is played for the player, who is told.
		fmt.Fprintf(w, "Your only move, played for you: %s\n", p.state.ActionString(legal[0]))
		return legal[0], nil
	}
	p.showMoves(seat, legal)
	for {
		fmt.Fprintf(w, "%s> ", p.prompt(seat))
		if !p.input.Scan() {
			return 0, p.inputEnded()
		}
		line := strings.TrimSpace(p.input.Text())
		switch strings.ToLower(line) {
		case "":
			continue
		case "?", "h", "help":
			p.help()
			continue
		case "m", "moves":
			p.showMoves(seat, legal)
			continue
		case "v", "view":
			fmt.Fprintln(w, p.board(seat))
			continue
		case "hint":
			fmt.Fprintln(w, "Thinking of a hint…") // the hard bot's search takes a second or two
			fmt.Fprintln(w, p.hint(seat))
			continue
		case "q", "quit", "exit":
			fmt.Fprintln(w, "Match abandoned.")
			return 0, errQuit
		}
		if k, err := strconv.Atoi(line); err == nil {
			if k >= 1 && k <= len(legal) {
				return legal[k-1], nil
			}
			// A number past the list may be the game's notation ("55" for a return of two 5s).
			if a, err := p.state.ParseAction(line); err == nil && slices.Contains(legal, a) {
				return a, nil
			}
			fmt.Fprintf(w, "There is no move %d: choose 1 to %d, or type a move. (? for help)\n", k, len(legal))
			continue
		}
		a, err := p.state.ParseAction(line)
		if err != nil {
			choices := make([]tui.Choice, len(legal))
			for i, l := range legal {
				choices[i] = tui.Choice{Action: l, Text: p.state.ActionString(l)}
			}
			switch found := tui.Completions(line, choices); {
			case len(found) == 1:
				return found[0].Action, nil
			case len(found) > 1:
				fmt.Fprintln(w, tui.Ambiguous(line, found)+". (? for help)")
				continue
			}
			// "you are to serve", as the log says it, not "player 1 is to serve"; a move read
			// but refused is quoted as typed (the notation read may be shorter: "return 4"
			// for "return 4-4"), as join's prompt quotes it.
			msg := tui.Reason(err)
			var ie *engine.IllegalError
			if errors.As(err, &ie) {
				msg = refusedAsTyped(line, ie.Reason, tui.Texts(choices))
			}
			msg = tui.WithNames(msg, p.names(), seat)
			if !strings.Contains(msg, "(? ") {
				msg += " (? for help)"
			}
			fmt.Fprintln(w, msg)
			continue
		}
		return a, nil
	}
}

func (p *terminalMatch) prompt(seat engine.Seat) string {
	if p.hotseat {
		return fmt.Sprintf("player %d", seat+1)
	}
	return "your move"
}

func (p *terminalMatch) showLog(seat engine.Seat) {
	if len(p.logs[seat]) == 0 {
		return
	}
	// Before the seat's first move, what happened is the deal, not what followed a move.
	heading := "Since your last move:"
	if !p.moved[seat] {
		heading = "So far:"
	}
	fmt.Fprintln(p.env.stdout, "\n"+heading)
	names := p.names()
	for _, line := range tui.Compact(p.logs[seat]) {
		fmt.Fprintln(p.env.stdout, "  "+tui.WithNames(line, names, seat))
	}
	p.logs[seat] = p.logs[seat][:0]
}

func (p *terminalMatch) showMoves(seat engine.Seat, legal []engine.Action) {
	texts := make([]string, len(legal))
	for i, a := range legal {
		texts[i] = p.state.ActionString(a)
		if d := games.DescribeMove(p.game, texts[i]); d != "" {
			texts[i] += " (" + d + ")"
		}
	}
	fmt.Fprintln(p.env.stdout, "Your moves:")
	for _, line := range tui.MoveList(texts) {
		fmt.Fprintln(p.env.stdout, line)
	}
	if l := games.Legend(p.game); l != "" && !p.legendShown {
		fmt.Fprintln(p.env.stdout, l)
		p.legendShown = true
	}
}

func (p *terminalMatch) help() {
	fmt.Fprintln(p.env.stdout, `Type the number of a move from the list, or the move itself as listed (enough of
its beginning to tell it from the others will do).
Other commands: moves (list again), view (show the table again), hint (what to play,
against bots), quit (abandon the match; its record so far is saved, unless --no-record).
The rules: deuce rules `+p.game.Name)
	if l := games.Legend(p.game); l != "" {
		fmt.Fprintln(p.env.stdout, l)
	}
}

func (p *terminalMatch) finish() error {
	w := p.env.stdout
	res := p.state.Result()
	for seat := range p.logs {
		if p.players[seat] == nil {
			p.showLog(engine.Seat(seat))
			break
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, p.board(engine.Spectator))
	fmt.Fprintln(w)
	// The result as the full-screen interface says it: names, not seat numbers.
	names := p.names()
	fmt.Fprintln(w, tui.EndText(res, "", p.you(), func(s engine.Seat) string { return names[s] }))
	return nil
}

// hint is the advice for seat: the bidding game's solved strategy, or what the hard bot would
// play in a card game, against bots only (as in the full-screen interface, tui.Local.Hint).
func (p *terminalMatch) hint(seat engine.Seat) string {
	return tui.Advise(context.Background(), p.game, p.state, seat, func(other engine.Seat) bool { return p.players[other] == nil })
}

func (p *terminalMatch) inputEnded() error {
	fmt.Fprintln(p.env.stdout, "\nInput ended; match abandoned.")
	return errInputEnded
}

// errInputEnded stops a match whose input ended before it did: a script that fed too few
// moves fails (exit status 1), where a person who types quit leaves with success.
var errInputEnded = errors.New("the input ended before the match did")

func (p *terminalMatch) clearScreen() {
	if p.clear {
		fmt.Fprint(p.env.stdout, "\033[H\033[2J")
	} else {
		fmt.Fprintln(p.env.stdout, strings.Repeat("\n", 3)+strings.Repeat("-", 60))
	}
}

// isTerminal reports that v (an io.Reader or io.Writer) is a terminal.
func isTerminal(v any) bool {
	f, ok := v.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// dataDir is where deuce keeps its files: $DEUCE_DATA, or deuce under the user's data directory.
func dataDir() string {
	if d := os.Getenv("DEUCE_DATA"); d != "" {
		return d
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "deuce")
	}
	if home, err := os.UserHomeDir(); err == nil {
		return filepath.Join(home, ".local", "share", "deuce")
	}
	return "deuce-data"
}

// refusedAsTyped says why the move typed was refused: read and not legal now, or not read as a
// move at all ("not a move: write, for example, ..."), which is answered with moves of legal,
// the list as written, not the game's examples, which are of any decision ("concede" to a
// server).
func refusedAsTyped(typed, reason string, legal []string) string {
	if rest, ok := strings.CutPrefix(reason, "not a move: "); ok {
		if len(legal) == 0 {
			return fmt.Sprintf("%q is not a move: %s", typed, sentenceOf(rest))
		}
		some := legal[:min(len(legal), 3)]
		more := ""
		if len(legal) > len(some) {
			more = ", …"
		}
		return fmt.Sprintf("%q is not a move: type one as the list writes it (%s%s) or its number.", typed, strings.Join(some, ", "), more)
	}
	return fmt.Sprintf("%q is not a move you can play now: %s", typed, sentenceOf(reason))
}

// checkRecordFlags refuses --record with --no-record, and a --record file that could not be
// written, before the match rather than after it: a record lost at the end of a long match
// cannot be played again.
func checkRecordFlags(path string, noRecord bool) error {
	switch {
	case path != "" && noRecord:
		return usagef("--record %s and --no-record: choose one", path)
	case path == "":
		return nil
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return usagef("--record %s is a directory: name a file in it, such as %s", path, filepath.Join(path, "match.json"))
	}
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	if err != nil || !fi.IsDir() {
		return usagef("--record %s: there is no directory %s to write it in", path, dir)
	}
	f, err := os.CreateTemp(dir, ".deuce-record-check-*")
	if err != nil {
		return usagef("--record %s: the directory %s cannot be written to (%v)", path, dir, errors.Unwrap(err))
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// saveRecord writes rec to path, or to a new file in the data directory when path is empty.
func saveRecord(path string, rec *engine.Record) (string, error) {
	if path == "" {
		dir := filepath.Join(dataDir(), "records")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", fmt.Errorf("save the match record: %w", err)
		}
		// The game's name as deuce knows it: a record fetched from a server names its game
		// itself, and that text must not choose where the file goes.
		game := "match"
		if g, err := games.Lookup(rec.Game); err == nil {
			game = g.Name
		}
		base := filepath.Join(dir, fmt.Sprintf("%s-%s-%d", game, time.Now().Format("20060102-150405"), rec.Seed))
		f, path, err := createNew(base, ".json")
		if err != nil {
			return "", fmt.Errorf("save the match record: %w", err)
		}
		return path, writeRecordTo(f, path, rec)
	}
	f, err := os.Create(path)
	if err != nil {
		return "", fmt.Errorf("save the match record: %w", err)
	}
	return path, writeRecordTo(f, path, rec)
}

// maxSameName bounds the files createNew tries: records made in the same second by the
// same game and seed (two seats and a spectator on one machine) get -2, -3, ... after their name.
const maxSameName = 1000

// createNew creates base+ext, or base-2+ext, base-3+ext... if it exists, so that a record never
// overwrites another.
func createNew(base, ext string) (*os.File, string, error) {
	for i := 1; i <= maxSameName; i++ {
		path := base + ext
		if i > 1 {
			path = fmt.Sprintf("%s-%d%s", base, i, ext)
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, path, err
	}
	return nil, "", fmt.Errorf("%s%s and %d more of that name exist already", base, ext, maxSameName-1)
}

// writeRecordTo writes rec to f, opened at path, and closes it.
func writeRecordTo(f *os.File, path string, rec *engine.Record) error {
	if err := engine.WriteRecord(f, rec); err != nil {
		f.Close()
		return fmt.Errorf("save the match record %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("save the match record %s: %w", path, err)
	}
	return nil
}
