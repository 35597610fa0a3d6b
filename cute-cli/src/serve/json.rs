//! A small JSON writer for the API's answers: objects of strings, numbers,
//! booleans, nulls and arrays, written in one pass into a `String`.

use std::fmt::Write as _;

/// Appends `s` to `out` as a JSON string literal. Besides the characters
/// JSON requires escaping, `<`, `>` and `&` are written as `\u` escapes, so
/// the text can never close a surrounding HTML element.
pub fn push_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || matches!(c, '<' | '>' | '&' | '\u{2028}' | '\u{2029}') => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A JSON object being written: `{"key": value, ...}`.
pub struct Object {
    out: String,
    first: bool,
}

impl Object {
    /// An empty object.
    pub fn new() -> Object {
        Object {
            out: String::from("{"),
            first: true,
        }
    }

    /// Starts the member `key`; the caller writes its value into the
    /// returned text.
    fn key(&mut self, key: &str) -> &mut String {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        push_str(&mut self.out, key);
        self.out.push(':');
        &mut self.out
    }

    /// A string member.
    pub fn str(&mut self, key: &str, value: &str) -> &mut Object {
        push_str(self.key(key), value);
        self
    }

    /// A string member, or `null`.
    pub fn opt_str(&mut self, key: &str, value: Option<&str>) -> &mut Object {
        match value {
            Some(v) => self.str(key, v),
            None => self.raw(key, "null"),
        }
    }

    /// A boolean member.
    pub fn bool(&mut self, key: &str, value: bool) -> &mut Object {
        self.raw(key, if value { "true" } else { "false" })
    }

    /// A member whose value is already JSON text (a number, `null`, an
    /// array or an object written by this module).
    pub fn raw(&mut self, key: &str, json: &str) -> &mut Object {
        self.key(key).push_str(json);
        self
    }

    /// The object's text.
    pub fn finish(&mut self) -> String {
        let mut out = std::mem::take(&mut self.out);
        out.push('}');
        out
    }
}

/// A JSON array of JSON texts.
pub fn array<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> String {
    let mut out = String::from("[");
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(item.as_ref());
    }
    out.push(']');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped() {
        let mut s = String::new();
        push_str(&mut s, "a\"b\\c\nd\u{1}</svg>é");
        assert_eq!(s, r#""a\"b\\c\nd\u0001\u003c/svg\u003eé""#);
    }

    #[test]
    fn objects_and_arrays() {
        let json = Object::new()
            .bool("ok", true)
            .str("repr", "Layout(4, 1)")
            .opt_str("note", None)
            .raw("links", &array(["[0,1]", "[2,3]"]))
            .finish();
        assert_eq!(
            json,
            r#"{"ok":true,"repr":"Layout(4, 1)","note":null,"links":[[0,1],[2,3]]}"#
        );
    }
}
