package clienttest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"testing"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"
)

// Browser plays a seat the way the browser does: raw JSON over the websocket, the first legal
// move whenever the seat may act. It returns the last update it saw.
func Browser(ctx context.Context, base *url.URL, table, token string) (map[string]any, error) {
	c, _, err := websocket.Dial(ctx, "ws://"+base.Host+"/ws/tables/"+table, nil)
	if err != nil {
		return nil, err
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 22)
	if err := wsjson.Write(ctx, c, map[string]any{"type": "hello", "token": token}); err != nil {
		return nil, err
	}
	var last map[string]any
	sent := -1.0 // "played" when the last move was sent: a move waits until that one counts
	for {
		var msg map[string]any
		if err := wsjson.Read(ctx, c, &msg); err != nil {
			if websocket.CloseStatus(err) == websocket.StatusNormalClosure {
				return last, nil
			}
			return last, err
		}
		switch msg["type"] {
		case "error":
			return last, fmt.Errorf("the server refused the browser's move: %v", msg["error"])
		case "update":
			last = msg
			legal, _ := msg["legal"].([]any)
			played, _ := msg["played"].(float64)
			if len(legal) == 0 || played == sent {
				continue
			}
			sent = played
			first := legal[0].(map[string]any)
			move := map[string]any{"type": "move", "seq": msg["seq"], "action": first["action"]}
			if err := wsjson.Write(ctx, c, move); err != nil {
				return last, err
			}
		}
	}
}

// Canonical is v's JSON with object keys sorted, so a struct and a map of it compare.
func Canonical(t testing.TB, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var x any
	if err := json.Unmarshal(data, &x); err != nil {
		t.Fatal(err)
	}
	data, _ = json.Marshal(x)
	return string(data)
}
