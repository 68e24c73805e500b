package ismcts

import (
	"reflect"
	"testing"

	"deuce/engine"
)

// TestAvailability checks that a node keeps the statistics of its actions when a later visit
// finds other actions legal, and that the edges stay in ascending order of action.
func TestAvailability(t *testing.T) {
	tr := &tree{seats: 2, limit: 10}
	tr.table = make([]int32, tableSize(10))
	ni := tr.add(7, 0, []engine.Action{1, 3})
	tr.edges[tr.nodes[ni].first+1].visits = 5 // action 3
	idx := tr.align(ni, []engine.Action{2, 3, 5})
	n := tr.nodes[ni]
	var got []engine.Action
	for _, e := range tr.edges[n.first : n.first+n.count] {
		got = append(got, e.action)
	}
	if want := []engine.Action{1, 2, 3, 5}; !reflect.DeepEqual(got, want) {
		t.Fatalf("edges %v, want %v", got, want)
	}
	var actions []engine.Action
	for _, ei := range idx {
		actions = append(actions, tr.edges[ei].action)
	}
	if want := []engine.Action{2, 3, 5}; !reflect.DeepEqual(actions, want) {
		t.Errorf("aligned %v, want %v", actions, want)
	}
	if v := tr.edges[idx[1]].visits; v != 5 {
		t.Errorf("action 3 has %d visits after widening, want 5", v)
	}
	if got := tr.lookup(7); got != ni {
		t.Errorf("lookup: node %d, want %d", got, ni)
	}
	if got := tr.lookup(8); got != -1 {
		t.Errorf("lookup of a missing key: %d, want -1", got)
	}
}

func TestTableGrowth(t *testing.T) {
	tr := &tree{seats: 1, limit: 1000}
	tr.table = make([]int32, tableSize(1))
	for i := range 1000 {
		tr.add(splitmix(uint64(i)), 0, []engine.Action{0, 1})
	}
	for i := range 1000 {
		if got := tr.lookup(splitmix(uint64(i))); got != int32(i) {
			t.Fatalf("key %d: node %d", i, got)
		}
	}
	if len(tr.table) < 2000 {
		t.Errorf("table of %d slots for 1000 nodes", len(tr.table))
	}
}
