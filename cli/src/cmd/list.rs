//! `ashtapada list`: built-in variants and their options.

use super::Failure;
use ashtapada::spec::{BUILTIN, load};
use std::io::Write;

pub fn run(out: &mut dyn Write) -> Result<(), Failure> {
    for (name, _) in BUILTIN {
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
    }
    Ok(())
}
