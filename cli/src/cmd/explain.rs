//! `ashtapada explain VARIANT`: the compiled rules.

use super::{Failure, load};
use crate::args::VariantArgs;
use std::io::Write;

pub fn run(v: &VariantArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let variant = load(v)?;
    write!(out, "{}", variant.explain())?;
    Ok(())
}
