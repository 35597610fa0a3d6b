//! The pictures, read back: each SVG is parsed as XML, and its cells, their
//! labels and their colors are checked against the layout and the color
//! functor.

use std::collections::HashMap;

use super::*;
use crate::tensor::{identity_tensor, make_tensor};
use crate::viz::colors::*;

/// What a picture shows: per cell `(m, n)`, its fill and its texts by class.
struct Picture {
    fills: HashMap<(i64, i64), Rgb>,
    texts: HashMap<(String, i64, i64), String>,
    rows: Vec<String>,
    cols: Vec<String>,
}

fn parse_rgb(s: &str) -> Rgb {
    let inner = s
        .strip_prefix("rgb(")
        .and_then(|s| s.strip_suffix(')'))
        .expect("rgb(r,g,b)");
    let v: Vec<u8> = inner
        .split(',')
        .map(|x| x.trim().parse().expect("a byte"))
        .collect();
    (v[0], v[1], v[2])
}

fn read(svg: &str) -> Picture {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let at = |n: &roxmltree::Node, a: &str| -> i64 {
        n.attribute(a).expect(a).parse().expect("an integer")
    };
    let mut p = Picture {
        fills: HashMap::new(),
        texts: HashMap::new(),
        rows: Vec::new(),
        cols: Vec::new(),
    };
    for n in root.descendants().filter(|n| n.is_element()) {
        let class = n.attribute("class").unwrap_or("");
        match (n.tag_name().name(), class) {
            ("rect", "cell") => {
                let key = (at(&n, "data-m"), at(&n, "data-n"));
                let fill = parse_rgb(n.attribute("fill").unwrap());
                assert!(p.fills.insert(key, fill).is_none(), "one rect per cell");
            }
            ("text", "row-index") => p.rows.push(n.text().unwrap().to_string()),
            ("text", "col-index") => p.cols.push(n.text().unwrap().to_string()),
            ("text", c) if !c.is_empty() => {
                let key = (c.to_string(), at(&n, "data-m"), at(&n, "data-n"));
                let text = n.text().unwrap().to_string();
                assert!(
                    p.texts.insert(key, text).is_none(),
                    "one text per class and cell"
                );
            }
            _ => {}
        }
    }
    p
}

fn l(s: &str) -> Layout {
    s.parse().unwrap()
}

fn label(p: &Picture, m: i64, n: i64) -> &str {
    &p.texts[&("label".to_string(), m, n)]
}

/// Checks a `draw_svg` picture of a rank-2 layout: every cell, its offset
/// as the label, its color from `color(offset)`.
fn check_layout(layout: &Layout, color: fn(i64) -> Rgb) {
    let svg = draw_svg(layout, &color).unwrap();
    let p = read(&svg);
    let (m, n) = (
        layout.size_mode(&[0]).unwrap(),
        layout.size_mode(&[1]).unwrap(),
    );
    assert_eq!(p.fills.len() as i64, m * n);
    assert_eq!(p.rows, (0..m).map(|i| i.to_string()).collect::<Vec<_>>());
    assert_eq!(p.cols, (0..n).map(|j| j.to_string()).collect::<Vec<_>>());
    for i in 0..m {
        for j in 0..n {
            let off = layout.call(&crate::HTuple::from_leaves([i, j])).unwrap();
            let key = match off {
                Scalar::Int(k) => k,
                Scalar::F2(f) => f.0 as i64,
                _ => unreachable!("integer and F2 strides only"),
            };
            assert_eq!(label(&p, i, j), off.to_string(), "{layout} ({i}, {j})");
            assert_eq!(p.fills[&(i, j)], color(key), "{layout} ({i}, {j})");
        }
    }
}

#[test]
fn test_draw_svg_layouts() {
    check_layout(&l("(4, 8):(1, 4)"), |_| (255, 255, 255));
    check_layout(&l("(4, 8):(8, 1)"), index_grey_8x);
    check_layout(&l("(8, 8):(8, 1)"), bank_color_32x);
    // a swizzled 8 x 8 layout as F2 strides
    check_layout(&l("(8, 8):(F9, F1)"), bank_color_8x);
    check_layout(&l("(2, (2, 2)):(4, (1, 2))"), bank_color_16x);
}

#[test]
fn test_draw_svg_rank1_and_tensors() {
    let p = read(&draw_svg(&l("6:2"), &white()).unwrap());
    assert_eq!(p.fills.len(), 6);
    assert_eq!(p.rows, ["0"]);
    assert_eq!(label(&p, 0, 5), "10");
    // a tensor shows its elements, colored by their offsets
    let mut t = make_tensor::<f32>(&l("(2, 2):(2, 1)")).unwrap();
    for i in 0..4 {
        t.set_at(i, 0.5 * i as f32).unwrap();
    }
    let p = read(&draw_svg(&t, &index_grey_8x).unwrap());
    assert_eq!(label(&p, 0, 1), "1");
    assert_eq!(label(&p, 1, 0), "0.5");
    assert_eq!(p.fills[&(0, 1)], index_grey_8x(1));
    // an identity tensor shows coordinates, colored by integral coordinate
    let i = identity_tensor(&"(2, 3)".parse().unwrap()).unwrap();
    let p = read(&draw_svg(&i, &index_grey_8x).unwrap());
    assert_eq!(label(&p, 1, 2), "(1, 2)");
    assert_eq!(p.fills[&(1, 2)], index_grey_8x(1 + 2 * 2));
    // labels are escaped
    let words = ["a<b", "c&d"];
    let acc = crate::accessor::SliceAccessor::new(&words);
    let t = crate::tensor::Tensor::new(acc, l("2:1")).unwrap();
    let p = read(&draw_svg(&t, &white()).unwrap());
    assert_eq!(label(&p, 0, 1), "c&d");
    assert_eq!(label(&p, 0, 0), "a<b");
}

#[test]
fn test_draw_svg_tv_mma_c() {
    // SM80 16 x 8 accumulator: thread t = (t0, t1) in (4, 8), value
    // v = (v0, v1) in (2, 2) holds row t1 + 8 v1, column 2 t0 + v0
    let c = l("((4, 8), (2, 2)):((32, 1), (16, 8))");
    let tile: IntTuple = "(16, 8)".parse().unwrap();
    let p = read(&draw_svg_tv(&c, Some(&tile), &thread_color_8x).unwrap());
    assert_eq!(p.fills.len(), 128);
    for t in 0..32 {
        for v in 0..4 {
            let (t0, t1, v0, v1) = (t % 4, t / 4, v % 2, v / 2);
            let (m, n) = (t1 + 8 * v1, 2 * t0 + v0);
            assert_eq!(p.texts[&("thread".to_string(), m, n)], format!("T{t}"));
            assert_eq!(p.texts[&("value".to_string(), m, n)], format!("V{v}"));
            assert_eq!(p.fills[&(m, n)], thread_color_8x(t, v));
        }
    }
    // the same layout colored by value
    let p = read(&draw_svg_tv(&c, Some(&tile), &value_color_8x).unwrap());
    assert_eq!(p.fills[&(8, 1)], value_color_8x(0, 3));
}

#[test]
fn test_draw_svg_tv_coordinates_and_gaps() {
    // a 2-D codomain needs no tile; positions no pair reaches are empty
    let tv = l("(2, 2):(2@0, 1@1)");
    let p = read(&draw_svg_tv(&tv, None, &warp_color_8x).unwrap());
    assert_eq!(p.fills.len(), 3 * 2);
    assert_eq!(p.texts.len(), 2 * 4);
    assert_eq!(p.fills[&(1, 0)], (255, 255, 255));
    assert!(!p.texts.contains_key(&("thread".to_string(), 1, 0)));
    assert_eq!(p.texts[&("thread".to_string(), 2, 1)], "T1");
    // a broadcast: the first pair drawn wins
    let tile: IntTuple = "(1, 2)".parse().unwrap();
    let p = read(&draw_svg_tv(&l("(4, 2):(0, 1)"), Some(&tile), &thread_color_8x).unwrap());
    assert_eq!(p.texts[&("thread".to_string(), 0, 1)], "T0");
}

#[test]
fn test_draw_svg_errors() {
    let tile: IntTuple = "(4, 4)".parse().unwrap();
    let tv = thread_color_8x;
    // a rank-3 thread-value layout, a rank-1 tile, offsets outside the tile
    assert!(draw_svg_tv(&l("(2, 2, 2):(1, 2, 4)"), Some(&tile), &tv).is_err());
    assert!(draw_svg_tv(&l("(2, 2):(1, 2)"), Some(&"4".parse().unwrap()), &tv).is_err());
    assert!(draw_svg_tv(&l("(4, 8):(1, 4)"), Some(&tile), &tv).is_err());
    // a 3-D codomain
    assert!(draw_svg_tv(&l("(2, 2):(1@0, 1@2)"), None, &tv).is_err());
    // too many cells
    let e = draw_svg(&l("(1000, 1000):(1, 1000)"), &white()).unwrap_err();
    assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
}

/// A table of cells whose color key is not the layout's value: a swizzled
/// layout read through its swizzle.
struct Swizzled {
    layout: Layout,
    swizzle: crate::swizzle::Swizzle,
}

impl Cells for Swizzled {
    fn layout(&self) -> &Layout {
        &self.layout
    }
    fn label(&self, crd: &[i64]) -> Result<String> {
        Ok(self.color_key(crd)?.unwrap_or(-1).to_string())
    }
    fn color_key(&self, crd: &[i64]) -> Result<Option<i64>> {
        let off = value_at(&self.layout, crd)?;
        Ok(off.as_int().map(|k| self.swizzle.apply(k)))
    }
}

#[test]
fn test_draw_svg_color_key() {
    // Swizzle(3, 0, 3) o (8, 8):(8, 1) is the F2 layout (8, 8):(F9, F1)
    let s = Swizzled {
        layout: l("(8, 8):(8, 1)"),
        swizzle: crate::swizzle::Swizzle::new(3, 0, 3).unwrap(),
    };
    let by_key = read(&draw_svg(&s, &bank_color_8x).unwrap());
    let by_f2 = read(&draw_svg(&l("(8, 8):(F9, F1)"), &bank_color_8x).unwrap());
    assert_eq!(by_key.fills, by_f2.fills);
    for (k, t) in &by_f2.texts {
        // the F2 layout labels its values F<bits>
        assert_eq!(Some(by_key.texts[k].as_str()), t.strip_prefix('F'));
    }
    // without the key, the cells are colored by the layout's offsets
    let plain = read(&draw_svg(&s.layout, &bank_color_8x).unwrap());
    assert_ne!(plain.fills, by_f2.fills);
}
