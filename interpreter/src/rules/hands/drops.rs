//! Drop rules: restrictions on where a piece kind in hand may be dropped (part of [`hands`](super)).
//!
//! ```yaml
//! pieces:
//!   pawn:
//!     drop: { one-per-line: true, no-mate: true, mobile: true }
//! ```
//!
//! Keys, inside a piece's `drop:` mapping, each a boolean, default false:
//! - `one-per-line` (shogi's nifu): not on a line along its facing that already holds an
//!   unpromoted piece of this kind of the same seat facing the same way;
//! - `no-mate` (uchifuzume): not a drop that attacks a royal piece whose owner then has no
//!   legal move (needs a royal kind);
//! - `mobile`: not where it could never move — on a square from which every move of its Betza
//!   (on an empty board, along its facing) leaves the board or lands on a dead piece (shogi: a
//!   pawn on its last line or in front of a dead king; the lance's last line and the knight's
//!   last two lines are the same rule);
//! - `either-face` (a kind with [`flip`](crate::rules::flip)): it may also be dropped as the
//!   kind it flips to (Kyoto shogi); such a drop follows the drop rules of the face it is
//!   dropped as.
//!
//! Without any, a kind in hand may be dropped on any empty square. Drop rules need
//! `hands: { captures: true }` (without a hand nothing is dropped) and are refused with dice.
//!
//! The drop generator stays on the engine's hot path (`engine/hands.rs::drop_moves`, and the
//! no-mate test in `engine/movegen.rs`); it reads each kind's [`DropRule`] from the compiled
//! [`Hands`](super::Hands). New drop restrictions (regions, per-file limits, …) belong here:
//! their key in [`DROP_KEYS`] and [`read_drop`], their compiled field in [`DropRule`], their
//! `explain` words in [`DropRule::words`], their test in `drop_moves`.

use crate::yaml::{Node, Reader};

/// The keys of a piece's `drop:` mapping.
pub const DROP_KEYS: [&str; 4] = ["one-per-line", "no-mate", "mobile", "either-face"];

/// One kind's drop restrictions (as written and as compiled: they need no resolving).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DropRule {
    /// `one-per-line: true` (nifu).
    pub one_per_line: bool,
    /// `no-mate: true` (uchifuzume).
    pub no_mate: bool,
    /// `mobile: true`: never where it could never move.
    pub mobile: bool,
    /// `either-face: true`: may also be dropped as the kind it flips to.
    pub either_face: bool,
}

impl DropRule {
    /// True if any restriction is on.
    pub fn any(&self) -> bool {
        self.one_per_line || self.no_mate || self.mobile || self.either_face
    }

    /// The restrictions in words, for `explain`.
    pub fn words(&self) -> Vec<&'static str> {
        [
            (self.one_per_line, "one per line"),
            (self.no_mate, "no mate by drop"),
            (self.mobile, "never where it could never move"),
            (self.either_face, "on either face"),
        ]
        .into_iter()
        .filter_map(|(on, what)| on.then_some(what))
        .collect()
    }
}

/// Reads a piece's `drop:` mapping at `node`; problems (a non-boolean, an unknown key) go to
/// `r`, located.
pub fn read_drop(r: &mut Reader, node: &Node) -> DropRule {
    let mut drop = DropRule::default();
    let Some(mut d) = r.map(
        node,
        "drop restrictions: { one-per-line, no-mate, mobile, either-face }",
    ) else {
        return drop;
    };
    let mut flag = |r: &mut Reader, key: &str| {
        d.opt(key)
            .and_then(|n| r.bool(n, &format!("`{key}`")))
            .unwrap_or(false)
    };
    drop.one_per_line = flag(r, "one-per-line");
    drop.no_mate = flag(r, "no-mate");
    drop.mobile = flag(r, "mobile");
    drop.either_face = flag(r, "either-face");
    d.finish(r, "drop restrictions", &DROP_KEYS);
    drop
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::parse_yaml;

    /// Reads the `drop:` mapping written in `yaml` (the value of key `drop`).
    fn read(yaml: &str) -> (DropRule, Vec<String>) {
        let tree = parse_yaml(&crate::diag::text_source("t.yaml", yaml)).unwrap();
        let mut r = Reader::default();
        let rule = read_drop(&mut r, tree.get("drop").unwrap());
        let errors = r.errors.0.iter().map(|d| d.message.clone()).collect();
        (rule, errors)
    }

    #[test]
    fn each_key_sets_its_rule_and_the_others_stay_off() {
        let (rule, errors) = read("drop: { one-per-line: true, mobile: true }\n");
        assert!(errors.is_empty(), "{errors:?}");
        let want = DropRule {
            one_per_line: true,
            no_mate: false,
            mobile: true,
            either_face: false,
        };
        assert_eq!(rule, want);
        assert_eq!(
            rule.words(),
            ["one per line", "never where it could never move"]
        );
        let (rule, _) = read("drop: {}\n");
        assert!(!rule.any() && rule.words().is_empty());
    }

    #[test]
    fn an_unknown_key_and_a_non_boolean_are_errors() {
        let (rule, errors) = read("drop: { no-mate: yes please, nifu: true }\n");
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(!rule.no_mate);
        let (_, errors) = read("drop: 3\n");
        assert_eq!(errors.len(), 1, "{errors:?}");
    }
}
