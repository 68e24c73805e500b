package main

import (
	"context"
	"errors"
	"fmt"

	"deuce/games"
	"deuce/tui"
	"deuce/tutorial"
)

const learnUsage = `[GAME] [flags]

Teaches a game step by step, as the browser's lessons (/learn/GAME) do: a fixed
deal in which you play player 1, each step saying which move to play and why.
Only that move goes on; another is refused with the step's explanation. With no
game, lists the lessons.

Examples:
  deuce learn
  deuce learn centercourt
  deuce learn pencil --plain`

func runLearn(ctx context.Context, args []string, e *env) error {
	fs := newFlags(e, "learn", learnUsage)
	plain := fs.Bool("plain", false, "the line prompt instead of the full-screen interface (as when piped)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) == 0:
		fmt.Fprintln(e.stdout, "Lessons (deuce learn GAME):")
		for _, name := range tutorial.Games() {
			t, err := tutorial.For(name)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "  %-12s %s, %d steps\n", name, t.Game().Title, t.Steps())
		}
		return nil
	case len(pos) > 1:
		return usagef("learn takes one game (got %q too)", pos[1])
	}
	g, err := games.Lookup(pos[0])
	if err != nil {
		return usageError{err.Error()}
	}
	t, err := tutorial.For(g.Name)
	if err != nil {
		return err
	}
	table := tui.NewLesson(t)
	if *plain || !isTerminal(e.stdin) || !isTerminal(e.stdout) {
		in := newLineInput(e.stdin, isTerminal(e.stdin))
		defer in.Close()
		_, err := playTable(ctx, e, table, in)
		if errors.Is(err, errQuit) || err != nil && ctx.Err() != nil {
			fmt.Fprintf(e.stdout, "Left the lesson; deuce learn %s starts it again.\n", g.Name)
			return nil
		}
		return err
	}
	m, err := tui.New(ctx, table, tui.Options{Renderer: tui.RendererFor(e.stdout)})
	if err != nil {
		return err
	}
	if err := tui.Run(ctx, m, e.stdin, e.stdout); err != nil {
		return err
	}
	return m.Err()
}
