package tui

import "github.com/charmbracelet/bubbles/key"

// keyMap is every key the interface answers to; help lists them from here.
type keyMap struct {
	Up, Down, Play, Type, Number, Help, Rules, Hint, Log, PageUp, PageDown, Back, Quit key.Binding
	Prev, Next, PrevPoint, NextPoint, First, Last, Jump                                key.Binding
	Resign, Claim, Bot, Cancel, Say                                                    key.Binding
	replay                                                                             bool
	watching                                                                           bool // a spectator: no moves to choose
	online                                                                             bool // a server's table: resign, claim, bot and call off
	over                                                                               bool // the match has ended: nothing to play
	lesson                                                                             bool // a lesson (Lesson): its steps say what to play, and there are no hints
}

func newKeys(replay bool) keyMap {
	return keyMap{
		replay:    replay,
		Up:        key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑↓", "choose")),
		Down:      key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "next move")),
		Play:      key.NewBinding(key.WithKeys("enter", " "), key.WithHelp("enter", "play")),
		Number:    key.NewBinding(key.WithKeys("0", "1", "2", "3", "4", "5", "6", "7", "8", "9"), key.WithHelp("1-9", "by number")),
		Type:      key.NewBinding(key.WithKeys("/", ":"), key.WithHelp("/", "type")),
		Help:      key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
		Rules:     key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "rules")),
		Hint:      key.NewBinding(key.WithKeys("h"), key.WithHelp("h", "hint")),
		Log:       key.NewBinding(key.WithKeys("l"), key.WithHelp("l", "log")),
		PageUp:    key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "scroll up")),
		PageDown:  key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "scroll down")),
		Back:      key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
		Quit:      key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),
		Resign:    key.NewBinding(key.WithKeys("R"), key.WithHelp("R R", "resign")),
		Claim:     key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "claim the win from a player long gone")),
		Bot:       key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "let a bot play a long-gone player's seat")),
		Cancel:    key.NewBinding(key.WithKeys("C"), key.WithHelp("C C", "call off a table nobody else has joined")),
		Say:       key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "say a line in the chat")),
		Prev:      key.NewBinding(key.WithKeys("left"), key.WithHelp("←", "back a move")),
		Next:      key.NewBinding(key.WithKeys("right"), key.WithHelp("→", "forward a move")),
		PrevPoint: key.NewBinding(key.WithKeys("[", "p", "shift+left"), key.WithHelp("[", "previous point")),
		NextPoint: key.NewBinding(key.WithKeys("]", "n", "shift+right"), key.WithHelp("]", "next point")),
		First:     key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("home", "start")),
		Last:      key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("end", "end")),
		Jump:      key.NewBinding(key.WithKeys("0", "1", "2", "3", "4", "5", "6", "7", "8", "9"), key.WithHelp("N enter", "point N")),
	}
}

// ShortHelp is the line of keys under the interface.
func (k keyMap) ShortHelp() []key.Binding {
	if k.replay {
		return []key.Binding{
			key.NewBinding(key.WithKeys("left", "right"), key.WithHelp("←/→", "step")), key.NewBinding(key.WithKeys("[", "]"), key.WithHelp("[/]", "point")),
			k.Jump, k.First, k.Last, k.Help, k.Quit,
		}
	}
	if k.watching || k.over {
		return []key.Binding{k.Rules, k.Log, k.PageDown, k.Help, k.Quit}
	}
	if k.lesson {
		return []key.Binding{k.Up, k.Play, k.Type, k.Help, k.Log, k.Quit}
	}
	return []key.Binding{k.Up, k.Play, k.Type, k.Help, k.Rules, k.Hint, k.Quit}
}

// FullHelp is the help screen's list.
func (k keyMap) FullHelp() [][]key.Binding {
	if k.replay {
		return [][]key.Binding{{k.Prev, k.Next, k.PrevPoint, k.NextPoint, k.First, k.Last, k.Jump}, {k.Rules, k.Log, k.PageUp, k.PageDown, k.Help, k.Back, k.Quit}}
	}
	rows := [][]key.Binding{{k.Up, k.Down, k.Play, k.Number, k.Type, k.Hint}, {k.Rules, k.Log, k.PageUp, k.PageDown, k.Help, k.Back, k.Quit}}
	if k.lesson {
		rows[0] = rows[0][:5]
	}
	if k.watching || k.over {
		if k.online {
			return append(rows[1:], []key.Binding{k.Say}) // nothing to play; the chat is open
		}
		return rows[1:] // nothing to play
	}
	if k.online {
		rows = append(rows, []key.Binding{k.Resign, k.Claim, k.Bot, k.Cancel, k.Say})
	}
	return rows
}
