//! `ashtapada list`: built-in variants and their options, grouped (seeds, classics, catalogue).

use super::Failure;
use ashtapada::spec::{Group, load};
use std::io::Write;

pub fn run(out: &mut dyn Write) -> Result<(), Failure> {
    for (i, group) in Group::ALL.into_iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        writeln!(out, "{}:", group.title())?;
        for name in group.names() {
            variant(name, out)?;
        }
    }
    Ok(())
}

/// One variant's line, then one line per option.
fn variant(name: &str, out: &mut dyn Write) -> Result<(), Failure> {
    let file = load(name)?;
    let title = file
        .tree
        .get("title")
        .and_then(|n| n.scalar_text())
        .unwrap_or_default();
    let seats = file.tree.get("seats").and_then(|n| match &n.value {
        ashtapada::spec::Value::Seq(s) => Some(s.len()),
        _ => None,
    });
    let seats = ashtapada::diag::count(seats.unwrap_or(0), "seat", "seats");
    writeln!(out, "{name} — {title} ({seats})")?;
    for o in &file.options {
        let mut choices = o.listed_choices();
        for c in &mut choices {
            if *c == o.default {
                c.push_str(" (default)");
            }
        }
        let int = match &o.integer {
            Some(i) => format!(", or any whole number {}–{}", i.min, i.max),
            None => String::new(),
        };
        writeln!(out, "  --set {}=…  {}{int}", o.name, choices.join(" | "))?;
    }
    Ok(())
}
