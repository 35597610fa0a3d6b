//! A trace as JSON, written by hand (no dependency): one object, its
//! strings escaped as RFC 8259 says.

use core::fmt::Write;

use cute_core::DynInt;

use super::{Step, Trace};

/// `s` as a JSON string, quotes included.
pub(super) fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn step(s: &Step, out: &mut String) {
    let _ = write!(
        out,
        "{{\"kind\":{},\"depth\":{},\"text\":{},\"holds\":{},\"values\":{{",
        string(s.kind.name()),
        s.depth,
        string(&s.text),
        match s.holds {
            Some(true) => "true",
            Some(false) => "false",
            None => "null",
        }
    );
    for (i, (k, v)) in s.values.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{}:{}", string(k), string(v));
    }
    out.push_str("}}");
}

/// The trace as one JSON object.
pub(super) fn trace<I: DynInt>(t: &Trace<I>) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "{{\"op\":{},\"call\":{},\"operands\":[",
        string(&t.op),
        string(&t.call())
    );
    for (i, a) in t.operands.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&string(&a.to_string()));
    }
    out.push_str("],\"steps\":[");
    for (i, s) in t.steps.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        step(s, &mut out);
    }
    out.push_str("],\"result\":");
    match &t.result {
        Ok(l) => {
            let _ = write!(
                out,
                "{{\"layout\":{},\"repr\":{}}}",
                string(&l.to_string()),
                string(&format!("{l:?}"))
            );
        }
        Err(e) => {
            let _ = write!(
                out,
                "{{\"error\":{{\"class\":{},\"message\":{}}}}}",
                string(e.class().name()),
                string(&e.to_string())
            );
        }
    }
    out.push('}');
    out
}

#[cfg(test)]
mod tests {
    use super::string;

    #[test]
    fn explain_json_strings_are_escaped() {
        assert_eq!(string("a\"b\\c\nd\u{1}"), "\"a\\\"b\\\\c\\nd\\u0001\"");
        assert_eq!(string("o ✓"), "\"o ✓\"");
    }
}
