package tui

import (
	"context"
	"io"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// Run shows m full screen on the terminal of in and out until the person quits or ctx ends.
func Run(ctx context.Context, m *Model, in io.Reader, out io.Writer) error {
	p := tea.NewProgram(m, tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out), tea.WithAltScreen())
	_, err := p.Run()
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

// RendererFor returns the colour renderer of out: it follows what the terminal can show, and
// NO_COLOR.
func RendererFor(out io.Writer) *lipgloss.Renderer { return lipgloss.NewRenderer(out) }
