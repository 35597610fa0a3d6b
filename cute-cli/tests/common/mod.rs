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

/// The seed of a seeded random test: `CUTE_FUZZ_SEED`, else `default`.
pub fn fuzz_seed(default: u64) -> u64 {
    std::env::var("CUTE_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// The number of cases of a seeded random test: `CUTE_FUZZ_CASES`, else
/// `default` (a number, not a time, so that a slow machine tests as much
/// as a fast one).
pub fn fuzz_cases(default: usize) -> usize {
    std::env::var("CUTE_FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// xorshift64: the same cases on every machine (seed it with an odd
/// number; zero is its one fixed point).
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// An element of `xs`.
    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}
