//! Fitted values: the piece values (and positional weights) that `ashtapada values` fits to
//! seeded self-play, kept apart from the rule file so that `greedy` and everything else that
//! reads `value:` or `values:` are unchanged, while the search grades (`easy`, `medium`,
//! `hard`) evaluate with them.
//!
//! A fitted file is YAML:
//!
//! ```yaml
//! variant: shatranj          # the variant's `name:` (required; must match)
//! games: 1000                # the self-play games of the fit (optional, shown by `explain`)
//! values: { ratha: 7.18, ashva: 3.64 }   # kind → value in `value:` units, 0 to 1000
//! weights: { reach: 1.2 }    # positional term → multiplier, 0 to 10 (see [`WEIGHTS`])
//! ```
//!
//! Where it comes from, first found wins ([`find`]):
//! 1. the cache: `NAME.yaml` in [`cache_dir`], written by `ashtapada values VARIANT --save`,
//!    for a variant of that `name:` however it was loaded;
//! 2. shipped: [`SHIPPED`] (`interpreter/values/NAME.yaml`), for a built-in loaded by its name
//!    only (a rule file that extends it, or any file on disk, does not inherit them).
//!
//! Kinds the rule file's own `values:` section lists keep those values (the override), kinds
//! neither lists keep `value:`.

use super::model::{Text, read_values};
use crate::diag::{Code, Diagnostic, Diagnostics, Source};
use crate::yaml::{Reader, parse_yaml};
use std::path::PathBuf;
use std::sync::Arc;

/// The positional terms a fitted file may weigh (`weights:`), each a multiplier of the
/// evaluation's built-in weight (1: unchanged): empty-board reach of non-royal pieces,
/// advancement toward the promotion zone, attacks on the royal zone, own pieces sheltering it,
/// a riding piece's moves as the board stands, the bonus for the seat to move, passed pawns,
/// doubled pawns, pieces in hand (a drop bonus on top of their value), every non-royal
/// piece's moves to squares no cheaper enemy piece attacks (safe mobility), isolated pawns (no
/// own pawn on a neighbouring file), connected pawns (defended by an own pawn or beside
/// one) and the tapered pawn (a pawn kind's extra material in the end game,
/// `agents::pawns::TAPER`).
pub const WEIGHTS: [&str; 13] = [
    "reach",
    "advance",
    "attack",
    "shelter",
    "rider",
    "tempo",
    "passed",
    "doubled",
    "hand",
    "mobility",
    "isolated",
    "connected",
    "taper",
];

/// The fitted files shipped with the interpreter: built-in variant name → file text.
pub const SHIPPED: &[(&str, &str)] = &[
    ("chess", include_str!("../../values/chess.yaml")),
    ("shatranj", include_str!("../../values/shatranj.yaml")),
];

/// Where a variant's fitted file was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FittedFrom {
    /// Shipped with the interpreter ([`SHIPPED`]).
    Shipped,
    /// The cache file at this path ([`cache_dir`]).
    Cache(PathBuf),
}

/// A fitted file, read.
#[derive(Clone, Debug)]
pub struct Fitted {
    /// Kind name → value, as written (names are checked when compiled).
    pub values: Vec<(Text, f64)>,
    /// Positional term ([`WEIGHTS`]) → multiplier, as written.
    pub weights: Vec<(Text, f64)>,
    /// Kind → its fitted piece-square table ([`SquareTable`]), as written.
    pub squares: Vec<SquareTable>,
    /// The self-play games of the fit, if the file says.
    pub games: Option<u64>,
    /// Where the file was found.
    pub from: FittedFrom,
}

/// One kind's fitted piece-square table (`squares: { KIND: { mg: […], eg: […] } }`): units
/// (a hundredth of a `value:` unit) added to a piece of the kind on each square, in the middle
/// game (`mg`) and the end game (`eg`), blended by the material left as the evaluation's other
/// piece-square terms are. The squares run in the piece's own frame, as its seat sees the
/// board: along its first rank from its left, then the next rank (`a1`, `b1`, … `h1`, `a2`, …
/// for chess's white; black's frame is mirrored, so the same list serves both seats).
#[derive(Clone, Debug)]
pub struct SquareTable {
    /// The kind's name, where it was written.
    pub kind: Text,
    /// Middle-game units per square, and the list's node (for located length errors).
    pub mg: (Vec<f64>, crate::yaml::Node),
    /// End-game units per square, and the list's node.
    pub eg: (Vec<f64>, crate::yaml::Node),
}

/// The largest value of a square in a fitted piece-square table, either way, in units.
pub const MAX_SQUARE_UNITS: f64 = 2000.0;

/// The `squares:` section of a fitted file.
fn read_squares(r: &mut Reader, node: &crate::yaml::Node) -> Vec<SquareTable> {
    let Some(mut kinds) = r.map(node, "kind name → { mg: [...], eg: [...] }") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (k, v) in kinds.rest() {
        let Some(mut f) = r.map(v, "a piece-square table: { mg: [...], eg: [...] }") else {
            continue;
        };
        let mut list = |r: &mut Reader, key: &str| {
            let n = f.req(r, key, "a list of units per square")?;
            let mut xs = Vec::new();
            for item in r.list(n) {
                let x = match item.value {
                    crate::yaml::Value::Int(i) => Some(i as f64),
                    crate::yaml::Value::Float(x) => Some(x),
                    _ => None,
                };
                match x.filter(|x| x.abs() <= MAX_SQUARE_UNITS) {
                    Some(x) => xs.push(x),
                    None => r.expected(
                        item,
                        &format!("units from -{MAX_SQUARE_UNITS} to {MAX_SQUARE_UNITS}"),
                    ),
                }
            }
            Some((xs, n.clone()))
        };
        let (mg, eg) = (list(r, "mg"), list(r, "eg"));
        f.finish(r, "a piece-square table", &["mg", "eg"]);
        if let (Some(mg), Some(eg)) = (mg, eg) {
            out.push(SquareTable {
                kind: super::model::key_text(&k.name, &k.span),
                mg,
                eg,
            });
        }
    }
    out
}

/// The folder of the fitted-values cache: `$ASHTAPADA_VALUES_CACHE` if set (set but empty: no
/// cache), else `$XDG_CACHE_HOME/ashtapada/values`, else `$HOME/.cache/ashtapada/values`;
/// `None` when none of them is set.
pub fn cache_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("ASHTAPADA_VALUES_CACHE") {
        return (!d.is_empty()).then(|| PathBuf::from(d));
    }
    let set = |k: &str| {
        std::env::var_os(k)
            .filter(|d| !d.is_empty())
            .map(PathBuf::from)
    };
    let base = set("XDG_CACHE_HOME").or_else(|| set("HOME").map(|h| h.join(".cache")))?;
    Some(base.join("ashtapada").join("values"))
}

/// The cache file of the variant named `name` (`None` without a cache folder, or for a name
/// that is not a plain file name).
pub fn cache_file(name: &str) -> Option<PathBuf> {
    let plain = !name.is_empty()
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.'));
    plain.then(|| cache_dir().map(|d| d.join(format!("{name}.yaml"))))?
}

/// The fitted file of the variant named `name`: its cache file if there is one, else the
/// shipped one when `builtin` (the variant is a built-in loaded by its name).
///
/// Errors: the cache file exists but does not read, or a file does not read as a fitted
/// file of `name` (located diagnostics).
pub fn find(name: &str, builtin: bool) -> Result<Option<Fitted>, Diagnostics> {
    if let Some(path) = cache_file(name).filter(|p| p.is_file()) {
        let text = std::fs::read_to_string(&path).map_err(|e| {
            Diagnostics(vec![
                Diagnostic::new(
                    Code::SpecIo,
                    format!("cannot read the fitted values `{}`: {e}", path.display()),
                    None,
                )
                .help(
                    "remove the file or fix its permissions (`ashtapada values --save` writes it)",
                ),
            ])
        })?;
        let source: Source = Arc::new(miette::NamedSource::new(path.display().to_string(), text));
        return read(&source, name, FittedFrom::Cache(path)).map(Some);
    }
    let Some((_, text)) = SHIPPED.iter().find(|(n, _)| builtin && *n == name) else {
        return Ok(None);
    };
    let source: Source = Arc::new(miette::NamedSource::new(
        format!("values/{name}.yaml"),
        text.to_string(),
    ));
    read(&source, name, FittedFrom::Shipped).map(Some)
}

/// Reads a fitted file for the variant named `name`.
///
/// Errors: YAML errors, unknown keys, a `variant:` other than `name`, values out of range.
pub fn read(source: &Source, name: &str, from: FittedFrom) -> Result<Fitted, Diagnostics> {
    let tree = parse_yaml(source).map_err(|d| Diagnostics(vec![d]))?;
    let mut r = Reader::default();
    let mut out = Fitted {
        values: Vec::new(),
        weights: Vec::new(),
        squares: Vec::new(),
        games: None,
        from,
    };
    if let Some(mut f) = r.map(
        &tree,
        "a fitted-values file: { variant, games, values, weights, squares }",
    ) {
        if let Some(n) = f.req(&mut r, "variant", "the variant's name") {
            let given = r.string(n, "the variant's name");
            if given.as_deref().is_some_and(|g| g != name) {
                r.error(
                    Diagnostic::new(
                        Code::SpecRange,
                        format!(
                            "these values were fitted for `{}`, not `{name}`",
                            given.unwrap_or_default()
                        ),
                        Some(n.span.clone()),
                    )
                    .label("another variant")
                    .help(format!(
                        "a fitted file is read for the variant its name says: name it `{}.yaml`",
                        name
                    )),
                );
            }
        }
        if let Some(n) = f.opt("games") {
            out.games = r
                .int(n, 0, i64::MAX, "the games of the fit")
                .map(|g| g as u64);
        }
        if let Some(n) = f.opt("values") {
            out.values = read_values(&mut r, n, 1000.0);
        }
        if let Some(n) = f.opt("weights") {
            out.weights = read_values(&mut r, n, 10.0);
        }
        if let Some(n) = f.opt("squares") {
            out.squares = read_squares(&mut r, n);
        }
        f.finish(
            &mut r,
            "a fitted-values file",
            &["variant", "games", "values", "weights", "squares"],
        );
    }
    if r.errors.is_empty() {
        Ok(out)
    } else {
        let mut e = r.errors;
        e.sort();
        Err(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_file_reads_for_its_variant() {
        for (name, _) in SHIPPED {
            let f = find(name, true).unwrap().unwrap();
            assert!(!f.values.is_empty(), "{name}");
        }
        // Not for a rule file of the same name loaded from disk.
        if cache_file("shatranj").is_none_or(|p| !p.is_file()) {
            assert!(find("shatranj", false).unwrap().is_none());
        }
    }

    #[test]
    fn a_bad_fitted_file_is_refused_where_it_is_wrong() {
        let read_text = |text: &str| {
            let source: Source = Arc::new(miette::NamedSource::new("x.yaml", text.to_string()));
            read(&source, "shatranj", FittedFrom::Shipped)
        };
        let ok = read_text(
            "variant: shatranj\ngames: 10\nvalues: { ratha: 7 }\nweights: { reach: 1.5 }\n",
        )
        .unwrap();
        assert_eq!(ok.games, Some(10));
        assert_eq!(ok.values[0].0.value, "ratha");
        assert_eq!(ok.weights[0].1, 1.5);
        for (text, says) in [
            (
                "variant: makruk\nvalues: { ratha: 7 }\n",
                "fitted for `makruk`",
            ),
            ("variant: shatranj\nvalues: { ratha: -1 }\n", "0 to 1000"),
            ("variant: shatranj\nweights: { reach: 11 }\n", "0 to 10"),
            ("variant: shatranj\nvalue: { ratha: 7 }\n", "value"),
            ("values: { ratha: 7 }\n", "variant"),
        ] {
            let e = read_text(text).unwrap_err();
            assert!(format!("{e:?}").contains(says), "{text}: {e:?}");
        }
    }
}
