//! Drop rules: restrictions on where a piece kind in hand may be dropped (part of [`hands`](super)).
//!
//! ```yaml
//! regions: { pawn-drops: a2-h7 }
//! pieces:
//!   pawn:
//!     drop: { one-per-line: true, no-mate: true, mobile: true }
//!   swallow:
//!     drop: { per-line: 2, mobile: true }      # torishogi: at most two swallows per file
//!   chess-pawn:
//!     drop: { region: pawn-drops }             # crazyhouse: not on the first or last rank
//! ```
//!
//! Keys, inside a piece's `drop:` mapping (each restricts only this kind; a kind without any
//! may be dropped on any empty square):
//! - `one-per-line: true` (shogi's nifu), the same as `per-line: 1`;
//! - `per-line: N` (1 to 16): not on a line along its facing that already holds N unpromoted
//!   pieces of this kind of the same seat facing the same way (torishogi's swallows: 2); where
//!   both are given, `per-line` is the limit (a child file loosening its parent's nifu);
//! - `no-mate: true` (uchifuzume): not a drop that attacks a royal piece whose owner then has
//!   no legal move (needs a royal kind);
//! - `mobile: true`: not where it could never move — on a square from which every move of its
//!   Betza (along its facing, on a board empty but for dead pieces) leaves the board or lands
//!   on a dead piece. Shogi: a pawn's and a lance's last line, a knight's last two lines;
//!   four-player shogi: also the square just in front of a dead king;
//! - `region: NAME`: only on the squares of the region (`regions:`, in the dropping seat's
//!   frame);
//! - `either-face: true` (a kind with [`flip`](crate::rules::flip)): it may also be dropped as
//!   the kind it flips to (Kyoto shogi); such a drop follows the drop rules of the face it is
//!   dropped as.
//!
//! Errors, located: a key that is not one of these, a value of the wrong type, `per-line`
//! out of range, an unknown region. Drop rules need `hands: { captures: true }` or pieces in
//! hand at the start (`setup.hand`; without either nothing is dropped) and are refused with
//! dice.
//!
//! Compiled: each kind's [`DropRule`] and, per (kind, orientation), the squares its region and
//! `mobile` leave on an empty board ([`super::Hands::squares`], filled by the compiler once the
//! move tables exist, through [`static_squares`]). The drop generator stays on the engine's
//! hot path (`engine/hands.rs::drop_moves`, and the no-mate test in `engine/movegen.rs`): it
//! reads these sets and counts the lines only for a kind with `per-line`; the walk past dead
//! pieces runs only in variants where pieces die (`mate:`).

use crate::vocab::SquareSet;
use crate::yaml::{Node, Reader, Text};

/// The keys of a piece's `drop:` mapping.
pub const DROP_KEYS: [&str; 6] = [
    "one-per-line",
    "per-line",
    "no-mate",
    "mobile",
    "region",
    "either-face",
];

/// The most pieces `per-line` may allow (the longest line).
pub const MAX_PER_LINE: u8 = 16;

/// One kind's drop restrictions as written: the rule and its region's name.
#[derive(Clone, Debug, Default)]
pub struct DropSpec {
    /// The restrictions that need no resolving.
    pub rule: DropRule,
    /// `region: NAME`, resolved by [`super::Hands`]' compile.
    pub region: Option<Text>,
}

/// One kind's drop restrictions, compiled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DropRule {
    /// `per-line: N` (or `one-per-line: true`, N = 1): at most N per line; 0 for no limit.
    pub per_line: u8,
    /// `no-mate: true` (uchifuzume).
    pub no_mate: bool,
    /// `mobile: true`: never where it could never move.
    pub mobile: bool,
    /// `region:`, as an index into the variant's regions (in file order).
    pub region: Option<u8>,
    /// `either-face: true`: may also be dropped as the kind it flips to.
    pub either_face: bool,
}

impl DropRule {
    /// True if any restriction is on.
    pub fn any(&self) -> bool {
        self.per_line > 0
            || self.no_mate
            || self.mobile
            || self.region.is_some()
            || self.either_face
    }

    /// The restrictions in words, for `explain`; `region` names the region (by index).
    pub fn words(&self, region: impl Fn(u8) -> String) -> Vec<String> {
        let mut out = Vec::new();
        match self.per_line {
            0 => {}
            1 => out.push("one per line".to_string()),
            n => out.push(format!("at most {n} per line")),
        }
        if self.no_mate {
            out.push("no mate by drop".to_string());
        }
        if self.mobile {
            out.push("never where it could never move".to_string());
        }
        if let Some(r) = self.region {
            out.push(format!("only in region {}", region(r)));
        }
        if self.either_face {
            out.push("on either face".to_string());
        }
        out
    }
}

/// True if a piece's `drop:` mapping `n` switches the drop rules on (the composition switch
/// `drops`, [`super::DROPS`]): a rule set to `true` or a valued rule written.
pub fn switched_on(n: &Node) -> bool {
    let rules = ["one-per-line", "no-mate", "mobile", "either-face"];
    let valued = ["per-line", "region"];
    rules.iter().any(|r| {
        n.get(r)
            .and_then(Node::scalar_text)
            .is_some_and(|t| t == "true")
    }) || valued.iter().any(|r| n.get(r).is_some())
}

/// Reads a piece's `drop:` mapping at `node`; problems (a wrong type, an unknown key, a count
/// out of range) go to `r`, located.
pub fn read_drop(r: &mut Reader, node: &Node) -> DropSpec {
    let mut spec = DropSpec::default();
    let what =
        "drop restrictions: { one-per-line, per-line, no-mate, mobile, region, either-face }";
    let Some(mut d) = r.map(node, what) else {
        return spec;
    };
    let mut flag = |r: &mut Reader, key: &str| {
        d.opt(key)
            .and_then(|n| r.bool(n, &format!("`{key}`")))
            .unwrap_or(false)
    };
    let one = flag(r, "one-per-line");
    spec.rule.no_mate = flag(r, "no-mate");
    spec.rule.mobile = flag(r, "mobile");
    spec.rule.either_face = flag(r, "either-face");
    spec.rule.per_line = u8::from(one);
    if let Some(n) = d.opt("per-line") {
        // Given, it is the limit, `one-per-line` or not (an `extends:` child can so loosen its
        // parent's nifu: `per-line: 2`).
        if let Some(c) = r.int(n, 1, MAX_PER_LINE as i64, "the pieces allowed per line") {
            spec.rule.per_line = c as u8;
        }
    }
    spec.region = d
        .opt("region")
        .and_then(|n| super::super::text(r, n, "a region name"));
    d.finish(r, "drop restrictions", &DROP_KEYS);
    spec
}

/// The squares, of a board of `len` squares, where a kind with `rule` may be dropped as far as
/// its region and `mobile` say on an empty board: `region` is the region's squares in the
/// dropping seat's frame, `moves_from(sq)` whether the piece has some move from `sq` on an
/// empty board.
pub fn static_squares(
    rule: &DropRule,
    len: usize,
    region: Option<SquareSet>,
    moves_from: impl Fn(u8) -> bool,
) -> SquareSet {
    let mut out = SquareSet::default();
    for sq in 0..len as u8 {
        let in_region = region.is_none_or(|r| r.contains(sq));
        if in_region && (!rule.mobile || moves_from(sq)) {
            out.insert(sq);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::parse_yaml;

    /// Reads the `drop:` mapping written in `yaml` (the value of key `drop`).
    fn read(yaml: &str) -> (DropSpec, Vec<String>) {
        let tree = parse_yaml(&crate::diag::text_source("t.yaml", yaml)).unwrap();
        let mut r = Reader::default();
        let spec = read_drop(&mut r, tree.get("drop").unwrap());
        let errors = r.errors.0.iter().map(|d| d.message.clone()).collect();
        (spec, errors)
    }

    fn words(rule: &DropRule) -> Vec<String> {
        rule.words(|i| format!("r{i}"))
    }

    #[test]
    fn each_key_sets_its_rule_and_the_others_stay_off() {
        let (spec, errors) = read("drop: { one-per-line: true, mobile: true }\n");
        assert!(errors.is_empty(), "{errors:?}");
        let want = DropRule {
            per_line: 1,
            no_mate: false,
            mobile: true,
            region: None,
            either_face: false,
        };
        assert_eq!(spec.rule, want);
        assert!(spec.region.is_none());
        assert_eq!(
            words(&spec.rule),
            ["one per line", "never where it could never move"]
        );
        let (spec, errors) = read("drop: { per-line: 2, region: home }\n");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(spec.rule.per_line, 2);
        assert_eq!(spec.region.map(|t| t.value), Some("home".to_string()));
        let (spec, _) = read("drop: {}\n");
        assert!(!spec.rule.any() && words(&spec.rule).is_empty());
    }

    #[test]
    fn an_unknown_key_and_a_non_boolean_are_errors() {
        let (spec, errors) = read("drop: { no-mate: yes please, nifu: true }\n");
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(!spec.rule.no_mate);
        let (_, errors) = read("drop: 3\n");
        assert_eq!(errors.len(), 1, "{errors:?}");
    }

    #[test]
    fn per_line_is_in_range_and_wins_over_one_per_line() {
        let (spec, errors) = read("drop: { per-line: 0 }\n");
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(spec.rule.per_line, 0);
        let (_, errors) = read("drop: { per-line: 17 }\n");
        assert_eq!(errors.len(), 1, "{errors:?}");
        let (spec, errors) = read("drop: { per-line: 2, one-per-line: true }\n");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(spec.rule.per_line, 2);
        let (_, errors) = read("drop: { region: [home] }\n");
        assert_eq!(errors.len(), 1, "{errors:?}");
    }

    #[test]
    fn static_squares_keep_the_region_and_the_squares_with_a_move() {
        // A 2×2 board: region {0, 1, 2}; the piece can move only from squares 0 and 1.
        let region = SquareSet([0b111, 0, 0, 0]);
        let rule = DropRule {
            mobile: true,
            region: Some(0),
            ..DropRule::default()
        };
        let got = static_squares(&rule, 4, Some(region), |sq| sq < 2);
        assert_eq!(got.iter().collect::<Vec<_>>(), [0, 1]);
        let free = static_squares(&DropRule::default(), 4, None, |_| false);
        assert_eq!(free.len(), 4);
    }
}
