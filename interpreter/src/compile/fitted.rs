//! [`FittedValues`]: a variant's fitted file ([`crate::spec::fitted`]) checked against its
//! kinds, for the search grades' evaluation.

use super::Variant;
use crate::compile::kind_named;
use crate::diag::Diagnostics;
use crate::spec::RuleFile;
use crate::spec::fitted::{Fitted, FittedFrom, WEIGHTS, find};
use crate::yaml::unknown_name;

/// The fitted values the search grades evaluate with (`greedy` and everything else keep the
/// rule file's `value:` and `values:`).
#[derive(Clone, Debug, PartialEq)]
pub struct FittedValues {
    /// Per kind: its fitted value in `value:` units; `None` where the fitted file does not
    /// list the kind, or the rule file's own `values:` section does (that is the override).
    pub values: Vec<Option<f64>>,
    /// Per positional term of [`WEIGHTS`], in that order: its multiplier ([`default_weight`]
    /// where the file gives none).
    pub weights: [f64; WEIGHTS.len()],
    /// Per kind: its fitted piece-square table, middle game and end game, in units, indexed by
    /// the square in the piece's own frame ([`crate::spec::fitted::SquareTable`]); `None`
    /// where the file gives none.
    pub squares: Vec<Option<[Vec<i32>; 2]>>,
    /// The self-play games of the fit, if the file says.
    pub games: Option<u64>,
    /// Where the file was found.
    pub from: FittedFrom,
}

impl FittedValues {
    /// The multiplier of the positional term `name` (one of [`WEIGHTS`]; 1.0 for any other).
    pub fn weight(&self, name: &str) -> f64 {
        WEIGHTS
            .iter()
            .position(|w| *w == name)
            .map_or(1.0, |i| self.weights[i])
    }
}

/// A term's weight where a fitted file gives none: 1, but 0 for the drop bonus (`hand`), safe
/// mobility (`mobility`), the isolated and connected pawns and the tapered pawn (`taper`), which
/// are off unless a fitted file sets them.
pub fn default_weight(term: &str) -> f64 {
    match term {
        "hand" | "mobility" | "isolated" | "connected" | "taper" => 0.0,
        _ => 1.0,
    }
}

/// The fitted values of `v`, built from `file`: the cache file for `v`'s name, else the
/// shipped one when `file` is the built-in of that name loaded by its name; `None` when
/// neither exists.
///
/// Errors: the fitted file does not read, or names a kind `v` does not have or a positional
/// term not in [`WEIGHTS`] (located in the fitted file).
pub fn compile(file: &RuleFile, v: &Variant) -> Result<Option<FittedValues>, Diagnostics> {
    let builtin = file.path.is_none()
        && file.files.is_empty()
        && file.origin == v.name
        && crate::spec::builtin(&v.name).is_some();
    let Some(f) = find(&v.name, builtin)? else {
        return Ok(None);
    };
    check(f, v).map(Some)
}

/// `f` checked against `v`'s kinds and [`WEIGHTS`]; kinds `v`'s own `values:` lists are left
/// out (the rule file wins).
///
/// Errors: `f` names a kind `v` does not have, or a term not in [`WEIGHTS`].
pub fn check(f: Fitted, v: &Variant) -> Result<FittedValues, Diagnostics> {
    let mut errs = Diagnostics::default();
    let names: Vec<&str> = v.kinds.iter().map(|k| k.name.as_str()).collect();
    let mut values = vec![None; v.kinds.len()];
    for (t, x) in &f.values {
        if let Some(k) = kind_named(t, &names, &mut errs) {
            values[k.index()] = v.eval_values[k.index()].is_none().then_some(*x);
        }
    }
    let mut weights = WEIGHTS.map(default_weight);
    for (t, x) in &f.weights {
        match WEIGHTS.iter().position(|w| *w == t.value) {
            Some(i) => weights[i] = *x,
            None => errs.push(unknown_name(
                &t.node.span,
                "positional term",
                &t.value,
                WEIGHTS.iter().copied(),
            )),
        }
    }
    let mut squares = vec![None; v.kinds.len()];
    let n = v.board.len();
    let two_seats = v.seats.len() == 2 && v.rules.dice.is_none();
    if let Some(t) = f.squares.first().filter(|_| !two_seats) {
        errs.push(
            crate::diag::Diagnostic::new(
                crate::diag::Code::SpecRange,
                format!(
                    "piece-square tables apply to two seats without dice, and `{}` has {} seats{}",
                    v.name,
                    v.seats.len(),
                    if v.rules.dice.is_some() {
                        " and dice"
                    } else {
                        ""
                    }
                ),
                Some(t.kind.node.span.clone()),
            )
            .label("not used here")
            .help("remove the `squares:` section"),
        );
    }
    for t in f.squares.iter().filter(|_| two_seats) {
        let Some(k) = kind_named(&t.kind, &names, &mut errs) else {
            continue;
        };
        let mut whole = true;
        for (xs, node) in [&t.mg, &t.eg] {
            if xs.len() != n {
                whole = false;
                errs.push(
                    crate::diag::Diagnostic::new(
                        crate::diag::Code::SpecRange,
                        format!(
                            "the piece-square table of `{}` lists {} squares; the board has {n}",
                            t.kind.value,
                            xs.len()
                        ),
                        Some(node.span.clone()),
                    )
                    .label(format!("{} squares", xs.len()))
                    .help(format!(
                        "give one value per square ({n}), along the seat's first rank, then the next"
                    )),
                );
            }
        }
        if whole {
            let units = |xs: &Vec<f64>| xs.iter().map(|x| x.round() as i32).collect();
            squares[k.index()] = Some([units(&t.mg.0), units(&t.eg.0)]);
        }
    }
    if !errs.is_empty() {
        errs.sort();
        return Err(errs);
    }
    Ok(FittedValues {
        values,
        weights,
        squares,
        games: f.games,
        from: f.from,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::compile_unchecked;
    use crate::spec::{Assignment, load, load_str};
    use std::sync::Arc;

    fn fitted(text: &str) -> Fitted {
        let source: crate::diag::Source =
            Arc::new(miette::NamedSource::new("fit.yaml", text.to_string()));
        crate::spec::fitted::read(&source, "tuned", FittedFrom::Shipped).unwrap()
    }

    #[test]
    fn the_rule_files_own_values_win_over_the_fitted_ones() {
        // `ratha` is typed in the rule file: the fitted 7.5 is left out; `ashva` is fitted;
        // `gaja` is in neither and keeps `value:`.
        let text = "name: tuned\nextends: shatranj\nvalues: { ratha: 6 }\n";
        let file = load_str("tuned.yaml", text).unwrap();
        let (v, _) = compile_unchecked(&file, &Assignment::default()).unwrap();
        // Loaded from text, not as the built-in: no shipped values.
        assert_eq!(v.fitted, None);
        let f =
            fitted("variant: tuned\nvalues: { ratha: 7.5, ashva: 3.5 }\nweights: { tempo: 2 }\n");
        let f = check(f, &v).unwrap();
        let k = |n: &str| v.kind_by_name(n).unwrap().index();
        assert_eq!(f.values[k("ratha")], None);
        assert_eq!(f.values[k("ashva")], Some(3.5));
        assert_eq!(f.values[k("gaja")], None);
        assert_eq!(f.weight("tempo"), 2.0);
        assert_eq!(f.weight("reach"), 1.0);
        // Unknown kinds and terms are refused at their names.
        let bad = fitted("variant: tuned\nvalues: { rata: 7 }\nweights: { tempi: 2 }\n");
        let e = format!("{:?}", check(bad, &v).unwrap_err());
        assert!(e.contains("rata") && e.contains("tempi"), "{e}");
    }

    #[test]
    fn piece_square_tables_are_read_per_kind_and_checked_against_the_board() {
        let file = load_str("tuned.yaml", "name: tuned\nextends: shatranj\n").unwrap();
        let (v, _) = compile_unchecked(&file, &Assignment::default()).unwrap();
        let list = |x: i32, n: usize| {
            let xs: Vec<String> = (0..n).map(|i| (x + i as i32).to_string()).collect();
            format!("[{}]", xs.join(", "))
        };
        let text = format!(
            "variant: tuned\nsquares:\n  ashva: {{ mg: {}, eg: {} }}\n",
            list(0, 64),
            list(-10, 64)
        );
        let f = check(fitted(&text), &v).unwrap();
        let ashva = v.kind_by_name("ashva").unwrap().index();
        let [mg, eg] = f.squares[ashva].as_ref().expect("a table for ashva");
        assert_eq!((mg[0], mg[63], eg[0], eg[63]), (0, 63, -10, 53));
        assert!(f.squares[v.kind_by_name("ratha").unwrap().index()].is_none());
        // A list of the wrong length is refused at the list, an unknown kind at its name, a
        // value past ±2,000 units at the value, a missing phase as missing.
        let text = format!(
            "variant: tuned\nsquares:\n  ashva: {{ mg: {}, eg: {} }}\n  asva: {{ mg: {}, eg: {} }}\n",
            list(0, 63),
            list(0, 64),
            list(0, 64),
            list(0, 64)
        );
        let e = format!("{:?}", check(fitted(&text), &v).unwrap_err());
        assert!(e.contains("lists 63 squares; the board has 64"), "{e}");
        assert!(e.contains("asva"), "{e}");
        let source: crate::diag::Source = Arc::new(miette::NamedSource::new(
            "fit.yaml",
            "variant: tuned\nsquares: { ashva: { mg: [2001], eg: [1] } }\n".to_string(),
        ));
        let e = crate::spec::fitted::read(&source, "tuned", FittedFrom::Shipped).unwrap_err();
        assert!(
            format!("{e:?}").contains("units from -2000 to 2000"),
            "{e:?}"
        );
        let source: crate::diag::Source = Arc::new(miette::NamedSource::new(
            "fit.yaml",
            "variant: tuned\nsquares: { ashva: { mg: [1] } }\n".to_string(),
        ));
        let e = crate::spec::fitted::read(&source, "tuned", FittedFrom::Shipped).unwrap_err();
        assert!(format!("{e:?}").contains("eg"), "{e:?}");
        // Tables serve the two-seat evaluation only: a variant of four seats refuses them.
        let file = load_str("tuned.yaml", "name: tuned\nextends: chaturaji\n").unwrap();
        let (four, _) = compile_unchecked(&file, &Assignment::default()).unwrap();
        let text = format!(
            "variant: tuned\nsquares:\n  boat: {{ mg: {}, eg: {} }}\n",
            list(0, 64),
            list(0, 64)
        );
        let e = format!("{:?}", check(fitted(&text), &four).unwrap_err());
        assert!(
            e.contains("piece-square tables apply to two seats without dice"),
            "{e}"
        );
    }

    #[test]
    fn a_built_in_loaded_by_name_has_its_shipped_values() {
        let shipped = crate::spec::fitted::cache_file("shatranj").is_none_or(|p| !p.is_file());
        let built = |name: &str| {
            compile_unchecked(&load(name).unwrap(), &Assignment::default())
                .unwrap()
                .0
        };
        let v = built("shatranj");
        let f = v.fitted.as_ref().expect("shatranj ships fitted values");
        if shipped {
            assert_eq!(f.from, FittedFrom::Shipped);
            assert_eq!(
                f.values[v.kind_by_name("ratha").unwrap().index()],
                Some(5.97)
            );
        }
        // A variant that extends it does not inherit them.
        let v = built("chess");
        assert!(
            crate::spec::fitted::SHIPPED
                .iter()
                .all(|(n, _)| *n != "chess")
                == v.fitted.is_none()
        );
    }
}
