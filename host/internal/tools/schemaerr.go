package tools

import (
	"regexp"
	"strings"
)

// The words of arguments that do not fit a tool's input schema. The
// validator's own error repeats the value that failed (a whole step, its
// text and all); a message to the model, the audit log and the host's log
// must not: it names the argument, says what it should be, and never
// repeats what was given. (The validator is github.com/google/jsonschema-go;
// its errors are read by their fixed words, and any other is told in
// general terms.)

var (
	// wantType is the end of a type error: `"object", want "string"` or
	// `"integer", want one of "null, array"`.
	wantType = regexp.MustCompile(`^"([^"]*)", want (?:one of )?"([^"]*)"$`)
	// quoted are the property names of a required or additional
	// properties error.
	quoted = regexp.MustCompile(`"([^"]*)"`)
)

// schemaProblem says what is wrong with arguments the schema refused: the
// argument, and what to give.
func schemaProblem(err error) string {
	msg, path := err.Error(), ""
	for {
		rest, ok := strings.CutPrefix(msg, "validating ")
		if !ok {
			break
		}
		p, after, ok := strings.Cut(rest, ": ")
		if !ok {
			break
		}
		path, msg = p, after
	}
	return argumentProblem(argumentName(path), msg)
}

// argumentName names the argument at a schema path:
// /properties/steps/items/properties/text is steps[].text; the root is "".
func argumentName(path string) string {
	var b strings.Builder
	segs := strings.Split(strings.Trim(path, "/"), "/")
	for i := 0; i < len(segs); i++ {
		switch segs[i] {
		case "properties":
			if i+1 < len(segs) {
				i++
				if b.Len() > 0 {
					b.WriteByte('.')
				}
				b.WriteString(segs[i])
			}
		case "items":
			b.WriteString("[]")
		}
	}
	return b.String()
}

// argumentProblem words one refusal of the validator (what follows its
// keyword, e.g. `type: … has type "object", want "string"`) for the
// argument named.
func argumentProblem(name, clause string) string {
	subject := name
	if subject == "" {
		subject = "the arguments"
	}
	keyword, detail, _ := strings.Cut(clause, ": ")
	switch keyword {
	case "type":
		// The value comes first and may hold anything: read from the
		// validator's last words on.
		if i := strings.LastIndex(detail, " has type "); i >= 0 {
			if m := wantType.FindStringSubmatch(detail[i+len(" has type "):]); m != nil {
				return subject + " must be " + jsonKinds(m[2]) + ", not " + jsonKinds(m[1])
			}
		}
	case "enum":
		if i := strings.LastIndex(detail, " does not equal any of: "); i >= 0 {
			values := strings.Trim(detail[i+len(" does not equal any of: "):], "[]")
			return subject + " must be one of: " + strings.Join(strings.Fields(values), ", ")
		}
	case "required":
		names := quotedNames(detail)
		if name == "" {
			return "give " + names
		}
		if list, ok := strings.CutSuffix(name, "[]"); ok {
			return "each item of " + list + " needs " + names
		}
		return name + " needs " + names
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems", "minProperties", "maxProperties":
		// Numbers and counts only.
		return subject + ": " + clause
	}
	if rest, ok := strings.CutPrefix(clause, "unexpected additional properties "); ok {
		if list, ok := strings.CutSuffix(name, "[]"); ok {
			subject = "the items of " + list
		}
		return subject + " take no " + quotedNames(rest) + "; the tool's input schema lists what they take"
	}
	return subject + " do not fit the tool's input schema"
}

// quotedNames joins the quoted names of a validator's list: "a", "a and b".
func quotedNames(list string) string {
	var names []string
	for _, m := range quoted.FindAllStringSubmatch(list, -1) {
		names = append(names, m[1])
	}
	switch len(names) {
	case 0:
		return "a missing property"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// jsonKinds words JSON types as a schema names them ("null, array"): a
// null among others is left out.
func jsonKinds(types string) string {
	var words []string
	for _, t := range strings.Split(types, ",") {
		switch t = strings.TrimSpace(t); t {
		case "string":
			words = append(words, "a string")
		case "integer":
			words = append(words, "a whole number")
		case "number":
			words = append(words, "a number")
		case "boolean":
			words = append(words, "true or false")
		case "array":
			words = append(words, "a list")
		case "object":
			words = append(words, "an object")
		case "null":
			if !strings.Contains(types, ",") {
				words = append(words, "null")
			}
		default:
			words = append(words, t)
		}
	}
	return strings.Join(words, " or ")
}
