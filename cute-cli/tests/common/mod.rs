//! What the tests of the `cute` command share: running it as a process.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

pub fn cute(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the cute binary starts");
    {
        let mut input = child.stdin.take().expect("stdin is piped");
        input.write_all(stdin).expect("stdin accepts the input");
    }
    child.wait_with_output().expect("the cute binary finishes")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("output is UTF-8")
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("errors are UTF-8")
}
