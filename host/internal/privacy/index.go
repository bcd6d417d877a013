package privacy

import (
	"container/list"
	"sync"
)

// MaxBytes bounds the text an Index holds: the last MaxBytes (as compared:
// runs, in UTF-8) of what a session read on private sites.
const MaxBytes = 256 << 10

// Index is the text a session read on private sites, by site. It is safe
// for concurrent use. The zero value is an empty index.
type Index struct {
	mu      sync.Mutex
	runs    *list.List               // of *entry, oldest first
	byKey   map[runKey]*list.Element // each run kept once, by site
	grams   map[uint64]int32         // gram key (gramKey) -> runs holding it
	origins []string                 // site number -> origin
	size    int
}

type entry struct {
	key runKey
	run []rune
}

type runKey struct {
	origin int
	run    string
}

// Match is private text found in what would be sent.
type Match struct {
	// Origin is the private site the text was read on.
	Origin string
	// Text is the run of the outgoing text that matched, as compared
	// (lowercased, spacing left out). Never log it; show it masked (Mask).
	Text string
}

// Add indexes text the session read on the private site origin. A run
// already held moves to the newest; past MaxBytes the oldest runs go.
func (x *Index) Add(origin string, texts ...string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.runs == nil {
		x.runs, x.byKey, x.grams = list.New(), map[runKey]*list.Element{}, map[uint64]int32{}
	}
	o := x.originNo(origin)
	for _, text := range texts {
		for _, r := range runs(text) {
			if n := len(string(r)); n > MaxBytes {
				r = []rune(string(r)[n-MaxBytes:])[1:] // (from a rune boundary)
			}
			k := runKey{origin: o, run: string(r)}
			if el, ok := x.byKey[k]; ok {
				x.runs.MoveToBack(el)
				continue
			}
			x.byKey[k] = x.runs.PushBack(&entry{key: k, run: r})
			x.size += len(k.run)
			eachGram(r, func(_ int, h uint64) { x.grams[gramKey(o, h)]++ })
			for x.size > MaxBytes {
				x.evictOldest()
			}
		}
	}
}

func (x *Index) evictOldest() {
	e := x.runs.Remove(x.runs.Front()).(*entry)
	delete(x.byKey, e.key)
	x.size -= len(e.key.run)
	eachGram(e.run, func(_ int, h uint64) {
		k := gramKey(e.key.origin, h)
		if x.grams[k]--; x.grams[k] <= 0 {
			delete(x.grams, k)
		}
	})
}

// originNo is the number of a private site, given one on first sight.
// Called with x.mu held.
func (x *Index) originNo(origin string) int {
	for i, o := range x.origins {
		if o == origin {
			return i
		}
	}
	x.origins = append(x.origins, origin)
	return len(x.origins) - 1
}

// Size is the text the index holds, in bytes (as compared).
func (x *Index) Size() int {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.size
}

// Empty reports whether the session read nothing on a private site yet.
func (x *Index) Empty() bool { return x.Size() == 0 }

// Find looks for a run of at least MinRun characters of text that the
// session read on a private site other than to, the origin text would go
// to; skip(from) leaves out the sites the person already allowed to share
// with to. The match found first is returned, grown to the longest run
// from where it begins.
func (x *Index) Find(text, to string, skip func(from string) bool) (Match, bool) {
	x.mu.Lock()
	var sites []int
	for i, o := range x.origins {
		if o != to && (skip == nil || !skip(o)) {
			sites = append(sites, i)
		}
	}
	origins := x.origins
	x.mu.Unlock()
	if len(sites) == 0 {
		return Match{}, false
	}
	for _, r := range runs(text) {
		hashes := make([]uint64, 0, len(r)-MinRun+1)
		eachGram(r, func(_ int, h uint64) { hashes = append(hashes, h) })
		for _, o := range sites {
			if m, ok := x.findIn(r, hashes, o); ok {
				return Match{Origin: origins[o], Text: m}, true
			}
		}
	}
	return Match{}, false
}

// findIn finds the first gram of run r (hashes) that site o's text holds,
// and grows it while the grams after it are held too.
func (x *Index) findIn(r []rune, hashes []uint64, o int) (string, bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	for i, h := range hashes {
		if x.grams[gramKey(o, h)] == 0 {
			continue
		}
		j := i
		for j+1 < len(hashes) && x.grams[gramKey(o, hashes[j+1])] > 0 {
			j++
		}
		return string(r[i : j+MinRun]), true
	}
	return "", false
}

// eachGram calls f with the start and the hash of each run of MinRun
// characters of r (a rolling polynomial hash).
func eachGram(r []rune, f func(i int, h uint64)) {
	if len(r) < MinRun {
		return
	}
	const base = 1099511628211
	var pow uint64 = 1 // base^(MinRun-1)
	for range MinRun - 1 {
		pow *= base
	}
	var h uint64
	for i, c := range r {
		if i >= MinRun {
			h -= uint64(r[i-MinRun]) * pow
		}
		h = h*base + uint64(c)
		if i >= MinRun-1 {
			f(i-MinRun+1, h)
		}
	}
}

// gramKey is a gram's hash for site o.
func gramKey(o int, h uint64) uint64 { return h ^ uint64(o+1)*0x9E3779B97F4A7C15 }
