package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// jsonProblem says what is wrong with a JSON document that did not decode, in the words of
// JSON (a field, a string, a number), never in the Go types the server decodes it into.
func jsonProblem(err error) string {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		return fmt.Sprintf("not valid JSON at byte %d: %s", syntax.Offset, strings.TrimPrefix(syntax.Error(), "json: "))
	case errors.As(err, &typ):
		want := jsonKind(typ.Type)
		if typ.Field == "" {
			return fmt.Sprintf("want a JSON %s, not %s", want, article(typ.Value))
		}
		return fmt.Sprintf("field %q must be %s, not %s", typ.Field, article(want), article(typ.Value))
	case errors.Is(err, errEmptyBody):
		return "the body is empty: send a JSON object"
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if name, ok := strings.CutPrefix(msg, "unknown field "); ok {
		return "unknown field " + name
	}
	if msg == "unexpected EOF" || msg == "EOF" {
		return "the JSON ends too soon"
	}
	return msg
}

// errEmptyBody is a body with no JSON at all.
var errEmptyBody = errors.New("empty body")

// jsonKind names the JSON value a Go type is decoded from.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "whole number"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "whole number from 0"
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Slice, reflect.Array:
		return "array"
	case reflect.Map, reflect.Struct:
		return "object"
	case reflect.Pointer:
		return jsonKind(t.Elem())
	}
	return "value"
}

// article puts "a" or "an" before a JSON kind ("an object", "a string"); json's own value
// names ("number 1.5", "array") get one too.
func article(kind string) string {
	if kind == "" {
		return "this value"
	}
	if strings.ContainsRune("aeiou", rune(kind[0])) {
		return "an " + kind
	}
	return "a " + kind
}
