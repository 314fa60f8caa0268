//! `ashtapada explain VARIANT`: the compiled rules.

use super::{Failure, load};
use crate::args::VariantArgs;
use std::io::Write;

/// Errors: the variant's problems, and a fitted-values file (the cache) that does not read:
/// `explain` shows the values the search grades use.
pub fn run(v: &VariantArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let variant = load(v)?;
    variant.fitted_problem()?;
    write!(out, "{}", variant.explain())?;
    Ok(())
}
