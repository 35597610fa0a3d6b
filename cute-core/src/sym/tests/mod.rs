//! Unit tests: one per simplification rule, decision, printing and code
//! generation convention.
//!
//! The helpers below build and print expressions; each submodule holds the
//! tests of one topic.

mod decide;
mod division;
mod printing;
mod ring;
mod symbols;

extern crate std;

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Ordering;

use super::*;
use crate::error::ErrorClass;
use crate::int::{
    DynInt, IntAdd, IntCeilDiv, IntCmp, IntDiv, IntDivides, IntGcd, IntLeaf, IntMax, IntMin,
    IntMul, IntRem, IntSub,
};

fn sym(name: &str) -> Sym {
    Sym::symbol(name).unwrap()
}
fn sym_with(name: &str, a: Assumptions) -> Sym {
    Sym::symbol_with(name, a).unwrap()
}
fn any(name: &str) -> Sym {
    sym_with(name, Assumptions::any())
}
fn nonneg(name: &str) -> Sym {
    sym_with(name, Assumptions::nonnegative())
}
fn k128() -> Sym {
    sym_with("K", Assumptions::positive().multiple_of(128).unwrap())
}
fn c(v: i64) -> Sym {
    Sym::from(v)
}
fn add(a: &Sym, b: &Sym) -> Sym {
    a.checked_add(b).unwrap()
}
fn sub(a: &Sym, b: &Sym) -> Sym {
    a.checked_sub(b).unwrap()
}
fn mul(a: &Sym, b: &Sym) -> Sym {
    a.checked_mul(b).unwrap()
}
fn fd(a: &Sym, b: &Sym) -> Sym {
    a.floor_div(b).unwrap()
}
fn fm(a: &Sym, b: &Sym) -> Sym {
    a.floor_mod(b).unwrap()
}
fn lin(terms: &[(i64, &Sym)], k: i64) -> Sym {
    terms
        .iter()
        .fold(c(k), |acc, (co, s)| add(&acc, &mul(&c(*co), s)))
}
fn txt(s: &Sym) -> String {
    s.to_string()
}
fn at(pairs: &'static [(&'static str, i64)]) -> impl Fn(&str) -> Option<i64> {
    move |n| pairs.iter().find(|(k, _)| *k == n).map(|(_, v)| *v)
}
fn undecidable_msg(r: Result<impl core::fmt::Debug>) -> String {
    match r {
        Err(e @ Error::Undecidable { .. }) => {
            assert_eq!(e.class(), ErrorClass::ValueError);
            e.to_string()
        }
        other => panic!("expected Undecidable, got {other:?}"),
    }
}
