package protocol

import (
	"bytes"
	"testing"
)

// FuzzAssembler feeds the chunk reassembler a sequence of chunks decoded
// from the input: ids from a small set, indexes and counts that may be
// out of order, repeated or lying, data of any length. It must never
// panic, never hold more than MaxInFlight messages, and every message it
// returns must be exactly the data of its chunks 0..count-1, in order.
func FuzzAssembler(f *testing.F) {
	f.Add([]byte{0, 0, 2, 3, 'a', 'b', 'c', 0, 1, 2, 1, 'd'})
	f.Add([]byte{0, 0, 1, 0, 1, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 4, 0, 1, 0})
	f.Add([]byte{0, 1, 2, 1, 'x', 0, 0, 2, 1, 'y'})
	f.Add([]byte{1, 0, 3, 1, 'a', 2, 0, 2, 1, 'b', 1, 1, 3, 1, 'c', 1, 2, 3, 0})
	ids := []string{"e-0", "e-1", "e-2", "e-3", "e-4", "e-5"}
	// At most 64 chunks an input: longer inputs find nothing new and only
	// make each run slower.
	const maxSteps = 64
	f.Fuzz(func(t *testing.T, input []byte) {
		if len(input) > maxSteps*(4+255) {
			return // past what the steps below read
		}
		var a Assembler
		sent := map[string][][]byte{} // the accepted chunks of each id, in order
		for steps := 0; len(input) >= 4 && steps < maxSteps; steps++ {
			c := &Chunk{
				ID:    ids[input[0]%byte(len(ids))],
				Index: int(int8(input[1])),
				Count: int(int8(input[2])),
			}
			n := min(int(input[3]), len(input)-4)
			c.Data = bytes.Clone(input[4 : 4+n])
			input = input[4+n:]
			msg, err := a.Add(c)
			if a.Pending() > MaxInFlight {
				t.Fatalf("%d messages pending, past %d", a.Pending(), MaxInFlight)
			}
			if err != nil {
				continue
			}
			if c.Index == 0 {
				sent[c.ID] = nil
			}
			sent[c.ID] = append(sent[c.ID], c.Data)
			if msg == nil {
				continue
			}
			if c.Index != c.Count-1 {
				t.Fatalf("a message completed on chunk %d of %d", c.Index, c.Count)
			}
			if want := bytes.Join(sent[c.ID], nil); !bytes.Equal(msg, want) || len(sent[c.ID]) != c.Count {
				t.Fatalf("id %s reassembled %q from %d chunks, sent %q", c.ID, msg, len(sent[c.ID]), want)
			}
		}
	})
}
