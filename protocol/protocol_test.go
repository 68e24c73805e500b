package protocol

import (
	"encoding/json"
	"testing"
)

func TestMovesEncode(t *testing.T) {
	tests := []struct {
		name string
		msg  any
		want string
	}{
		{"action 0 is sent", ActionMove(3, 0), `{"type":"move","seq":3,"action":0}`},
		{"text", TextMove(0, "bid 7"), `{"type":"move","seq":0,"text":"bid 7"}`},
		{"hello to watch", NewHello(""), `{"type":"hello","token":""}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := json.Marshal(tt.msg)
			if err != nil || string(got) != tt.want {
				t.Errorf("got %s, %v, want %s", got, err, tt.want)
			}
		})
	}
}

func TestDecodeServer(t *testing.T) {
	update := `{"type":"update","seq":2,"seat":0,"toMove":1,"pending":[1],"view":{"x":1},"legal":[{"action":7,"text":"bid 7"}],"log":["a"],"logFrom":1,"result":{"over":false,"winner":-2,"score":"30-15"},"played":1}`
	m, err := DecodeServer([]byte(update), true)
	if err != nil || m.Update == nil || m.Update.Legal[0].Text != "bid 7" || string(m.Update.View) != `{"x":1}` || m.Update.LogFrom != 1 {
		t.Fatalf("update: %+v, %v", m.Update, err)
	}
	newer := `{"type":"update","seq":2,"rating":{"ann":1500}}`
	if _, err := DecodeServer([]byte(newer), true); err == nil {
		t.Error("strict decoding accepted a field it does not know")
	}
	if m, err := DecodeServer([]byte(newer), false); err != nil || m.Update == nil {
		t.Errorf("a newer server's field stops a client: %v", err)
	}
	e, err := DecodeServer([]byte(`{"type":"error","code":"stale","error":"the view changed"}`), true)
	if err != nil || e.Error == nil || e.Error.Err().(*ServerError).Code != CodeStale {
		t.Errorf("error: %+v, %v", e, err)
	}
	chat := `{"type":"chat","room":"players","name":"ann","seat":0,"text":"good luck","at":"2026-05-01T18:00:00Z"}`
	if c, err := DecodeServer([]byte(chat), true); err != nil || c.Chat == nil || c.Chat.Text != "good luck" || c.Chat.Seat == nil || *c.Chat.Seat != 0 {
		t.Errorf("chat: %+v, %v", c.Chat, err)
	}
	for _, bad := range []string{``, `[]`, `{"type":"gossip"}`, `{"type":"chat","text":5}`, `{"type":"update","seq":"x"}`, `{"type":5}`} {
		if _, err := DecodeServer([]byte(bad), false); err == nil {
			t.Errorf("%q decoded", bad)
		}
	}
}

// A client reads whatever a server sends: nothing it sends crashes the decoder.
func FuzzDecodeServer(f *testing.F) {
	f.Add([]byte(`{"type":"welcome","seat":-3,"table":{"id":"x","seats":[{"name":"a"}]}}`))
	f.Add([]byte(`{"type":"update","view":null,"legal":[{"action":1}]}`))
	f.Add([]byte(`{"type":"error","code":"illegal"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := DecodeServer(data, false)
		set := 0
		for _, isSet := range []bool{m.Welcome != nil, m.Update != nil, m.Error != nil, m.Presence != nil, m.Chat != nil} {
			if isSet {
				set++
			}
		}
		if err == nil && set != 1 || err != nil && set != 0 {
			t.Errorf("%q decoded to %+v", data, m)
		}
	})
}
