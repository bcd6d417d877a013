package pageops

import (
	"reflect"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/pagescript"
)

const src = `
/** The base. */
interface Base {
  snapshot: string;
  // a comment
  after?: Counts;
}
interface Counts {
  bi: number;
}
interface NodeArgs extends Base {
  i: number;
}
interface Answer {
  gone?: boolean;
  at?: number | null;
  names: string[];
}
interface Ops {
  one: [NodeArgs, Answer];
}
`

type counts struct {
	BI int `json:"bi"`
}

type base struct {
	Snapshot string  `json:"snapshot"`
	After    *counts `json:"after,omitempty"`
}

type nodeArgs struct {
	base
	I int `json:"i"`
}

type answer struct {
	Gone  bool     `json:"gone"`
	At    *int     `json:"at"`
	Names []string `json:"names"`
	kept  int
}

func op[A, R any](name string) Op {
	return Op{Name: name, Args: reflect.TypeFor[A](), Answer: reflect.TypeFor[R]()}
}

func TestMatchingTypesPass(t *testing.T) {
	if errs := check(src, "Ops", []Op{op[nodeArgs, answer]("one")}); len(errs) != 0 {
		t.Fatal(errs)
	}
	_ = answer{}.kept
}

// Each kind of difference is named.
func TestDifferencesAreNamed(t *testing.T) {
	type noI struct{ base }
	type extra struct {
		nodeArgs
		X int `json:"x"`
	}
	type required struct {
		Snapshot string  `json:"snapshot"`
		After    *counts `json:"after"`
		I        int     `json:"i"`
	}
	type wrongType struct {
		base
		I string `json:"i"`
	}
	type notNullable struct {
		Gone  bool     `json:"gone"`
		At    int      `json:"at"`
		Names []string `json:"names"`
	}
	cases := []struct {
		ops  []Op
		says string
	}{
		{[]Op{op[nodeArgs, answer]("two")}, "op two is not declared"},
		{nil, "declares op one, which the host does not define"},
		{[]Op{op[noI, answer]("one")}, "declares i"},
		{[]Op{op[extra, answer]("one")}, "has field x"},
		{[]Op{op[required, answer]("one")}, "optional=true"},
		{[]Op{op[wrongType, answer]("one")}, "is not number"},
		{[]Op{op[nodeArgs, notNullable]("one")}, "not a pointer"},
	}
	for _, c := range cases {
		errs := check(src, "Ops", c.ops)
		found := false
		for _, e := range errs {
			found = found || strings.Contains(e.Error(), c.says)
		}
		if !found {
			t.Errorf("%s: %v", c.says, errs)
		}
	}
	if errs := check(src, "Nope", nil); len(errs) != 1 {
		t.Errorf("an unknown table: %v", errs)
	}
	if errs := check("interface A {\n  what is this\n}", "A", nil); len(errs) != 1 || !strings.Contains(errs[0].Error(), "cannot read") {
		t.Errorf("an unreadable field: %v", errs)
	}
}

// page_ops.d.ts reads, and declares both tables.
func TestTheFileReads(t *testing.T) {
	d, err := parse(pagescript.OpDeclarations)
	if err != nil {
		t.Fatal(err)
	}
	for _, table := range []string{"ActOps", "LoginOps"} {
		if fs, err := d.all(table); err != nil || len(fs) == 0 {
			t.Errorf("%s: %d ops, %v", table, len(fs), err)
		}
	}
}
