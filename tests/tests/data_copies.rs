//! `cute-dynamic` carries copies of the specification's examples and of the
//! conformance cases (`cute-dynamic/testdata/`), so that its unit tests run
//! from its published package; the copies must stay identical to `data/`.

#[test]
fn cute_dynamic_testdata_is_a_verbatim_copy() {
    assert!(
        include_str!("../data/conformance.tsv")
            == include_str!("../../cute-dynamic/testdata/conformance.tsv"),
        "cute-dynamic/testdata/conformance.tsv differs from tests/data/conformance.tsv"
    );
    assert!(
        include_str!("../data/examples.tsv")
            == include_str!("../../cute-dynamic/testdata/examples.tsv"),
        "cute-dynamic/testdata/examples.tsv differs from tests/data/examples.tsv"
    );
}
