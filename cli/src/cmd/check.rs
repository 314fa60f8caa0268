//! `ashtapada check FILE…`: validate rule files under every option choice.

use super::Failure;
use ashtapada::{Assignment, Diagnostics, compile, spec};
use std::io::Write;

/// Checks one file: its defaults, then each non-default choice of each option (one at a time
/// over the defaults), so problems inside choice bodies are found too.
pub fn check_file(path: &str) -> Result<usize, Diagnostics> {
    let file = spec::load(path)?;
    let mut all = Diagnostics::default();
    let mut variants = 0;
    let mut assignments = vec![Assignment::default()];
    for o in &file.options {
        for c in o.listed_choices() {
            if c != o.default {
                assignments.push(Assignment::default().with(&o.name, &c));
            }
        }
    }
    for a in &assignments {
        match compile(&file, a) {
            Ok(_) => variants += 1,
            Err(d) => all.0.extend(d.0),
        }
    }
    all.into_result(variants)
}

pub fn run(files: &[String], out: &mut dyn Write, err: &mut dyn Write) -> Result<(), Failure> {
    let mut failed = Diagnostics::default();
    for f in files {
        match check_file(f) {
            Ok(n) => writeln!(
                out,
                "ok: {f} ({n} option assignment{} compiled)",
                if n == 1 { "" } else { "s" }
            )?,
            Err(d) => {
                writeln!(
                    err,
                    "{f}: {} problem{}",
                    d.len(),
                    if d.len() == 1 { "" } else { "s" }
                )?;
                failed.0.extend(d.0);
            }
        }
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(Failure::Diagnostics(failed))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn one_assignment_is_singular() {
        let dir = std::env::temp_dir().join(format!("ashtapada-check-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("one.yaml");
        std::fs::write(
            &file,
            "name: one\nboard: { files: 4, ranks: 4 }\nseats: [{ name: white, edge: south }]\n\
             pieces: { king: { letter: K, betza: K } }\nsetup: { army: { a1: king } }\n",
        )
        .unwrap();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let path = file.to_str().unwrap();
        let code = crate::run(["ashtapada", "check", path], &mut out, &mut err);
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(code, 0, "{}", String::from_utf8_lossy(&err));
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("ok: {path} (1 option assignment compiled)\n")
        );
    }
}
