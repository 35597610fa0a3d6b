//! The command line, read through one decoder: every argument is an
//! [`Arg`], the operating system's string as given, and its text is asked
//! for with [`Arg::text`], which refuses an argument that is not valid
//! UTF-8 with an error naming it. A file name is taken as it is
//! ([`Arg::path`]), whatever its bytes.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::path::PathBuf;

/// A usage error: one line for standard error, exit status 2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Usage(pub String);

impl fmt::Display for Usage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// One command-line argument: the string the operating system gave, and
/// its position (1 for the first argument after the program's name).
#[derive(Debug, Clone)]
pub struct Arg {
    os: OsString,
    position: usize,
}

impl Arg {
    /// The argument's text.
    ///
    /// # Errors
    /// A [`Usage`] error naming the argument (its position and its bytes,
    /// escaped) if it is not valid UTF-8.
    pub fn text(&self) -> Result<&str, Usage> {
        self.os.to_str().ok_or_else(|| {
            Usage(format!(
                "argument {} is not valid UTF-8: {:?}",
                self.position, self.os
            ))
        })
    }

    /// The argument as a file name, whatever its bytes.
    pub fn path(&self) -> PathBuf {
        PathBuf::from(&self.os)
    }

    /// The argument as the operating system gave it.
    pub fn os(&self) -> &OsStr {
        &self.os
    }

    /// True iff the argument is exactly `s`.
    pub fn is(&self, s: &str) -> bool {
        self.os == s
    }
}

/// The arguments after the program's name, numbered from 1.
pub fn collect(args: impl IntoIterator<Item = OsString>) -> Vec<Arg> {
    args.into_iter()
        .enumerate()
        .map(|(i, os)| Arg {
            os,
            position: i + 1,
        })
        .collect()
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::ffi::OsStringExt;

    #[test]
    fn non_utf8_is_named_not_a_panic() {
        let args = collect([
            OsString::from("eval"),
            OsString::from_vec(b"Layout(4)\xff".to_vec()),
        ]);
        assert_eq!(args[0].text(), Ok("eval"));
        let e = args[1].text().unwrap_err();
        assert_eq!(e.0, "argument 2 is not valid UTF-8: \"Layout(4)\\xFF\"");
        // a file name keeps its bytes
        assert_eq!(args[1].path().as_os_str().len(), 10);
    }
}
