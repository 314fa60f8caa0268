//! `ashtapada values VARIANT [--set OPT=CHOICE …] [--games N] [--seed S] [--agent A]
//! [--json]`: every kind's start value (mobility on the board) and its value fitted to seeded
//! self-play, with a 95% bootstrap interval and the games and positions it comes from;
//! `--write FILE` also writes a rule file that extends the variant with the fitted values.

use super::{Failure, bad_input, load};
use crate::args::ValuesArgs;
use ashtapada::agents::fit::{
    Fit, Gather, SquaresFit, WeightsFit, fit, fit_squares, fit_weights, gather, gather_from,
    gather_scored, gather_squares, gather_squares_from, gather_squares_scored, gather_terms,
    gather_terms_from, gather_terms_scored,
};
use ashtapada::diag::Code;
use ashtapada::spec::{builtin, fitted};
use std::io::Write;

pub fn run(a: &ValuesArgs, out: &mut dyn Write) -> Result<(), Failure> {
    if a.games == 0 {
        return Err(bad_input(
            Code::SimulateGames,
            "`--games 0`: the values are fitted to at least one game",
            "give `--games N` with N ≥ 1 (a few hundred for intervals of a tenth or so)",
        ));
    }
    let v = load(&a.v)?;
    if let Err(d) = v.fitted_problem() {
        // The fit goes on (its `--save` may be what repairs the file), on the rule file's
        // values, but not silently.
        let first = d.0.first().map_or(String::new(), |d| d.message.clone());
        eprintln!(
            "warning: the fitted file of `{}` does not read ({first}); this fit builds on the rule file's values and weights, and `--save` replaces the file",
            v.name
        );
    }
    // Checked before the games, which may take minutes.
    let extends = a.write.as_deref().map(|f| extends_from(a, f)).transpose()?;
    let opts = Gather {
        games: a.games,
        seed: a.seed,
        agent: a.agent.clone(),
        max_plies: a.max_plies,
        ..Gather::default()
    };
    let records = a
        .games_from
        .as_deref()
        .map(|path| super::pgn_games::read(&v, path))
        .transpose()?;
    let scored = a
        .positions_from
        .as_deref()
        .map(|path| super::epd_positions::read(&v, path))
        .transpose()?;
    if let Some(s) = scored.as_ref().filter(|s| s.skipped > 0) {
        eprintln!(
            "{} left out: a seat in check or the game over",
            ashtapada::diag::count(s.skipped, "position", "positions")
        );
    }
    let samples = match (&records, &scored) {
        (Some(r), _) => gather_from(&v, r),
        (None, Some(s)) => gather_scored(&v, &s.positions),
        (None, None) => gather(&v, &opts).map_err(|e| {
            bad_input(
                Code::SimulateAgent,
                e.to_string(),
                "`--agent` takes random, greedy, easy, medium or hard",
            )
        })?,
    };
    let f = fit(&v, &samples, a.resamples, a.seed);
    let weights = if a.weights {
        match (&records, &scored) {
            (Some(r), _) => gather_terms_from(&v, r),
            (None, Some(s)) => gather_terms_scored(&v, &s.positions),
            (None, None) => gather_terms(&v, &opts).expect("the agent was checked"),
        }
        .map(|s| fit_weights(&s, a.resamples, a.seed))
    } else {
        None
    };
    let squares = if a.squares {
        match (&records, &scored) {
            (Some(r), _) => gather_squares_from(&v, r),
            (None, Some(s)) => gather_squares_scored(&v, &s.positions),
            (None, None) => gather_squares(&v, &opts).expect("the agent was checked"),
        }
        .map(|s| fit_squares(&v, &s))
    } else {
        None
    };
    if let (Some(file), Some(extends)) = (&a.write, &extends) {
        write_rule_file(a, &opts, &f, file, extends)?;
    }
    let saved = (a.save)
        .then(|| save(a, &v, &opts, &f, weights.as_ref(), squares.as_ref()))
        .transpose()?;
    if a.json {
        let mut j = to_json(&v.name, &opts, &f);
        if let Some(path) = a.games_from.as_ref().or(a.positions_from.as_ref()) {
            j["from"] = path.display().to_string().into();
            // No agent played: the games or positions are the file's.
            j["agent"] = serde_json::Value::Null;
            j["seed"] = serde_json::Value::Null;
        }
        if let Some(w) = &weights {
            j["weights"] = weights_json(w);
        }
        if let Some(q) = &squares {
            j["squares"] = squares_json(q);
        }
        writeln!(out, "{j}")?;
    } else {
        write_table(a, &v.name, &opts, &f, out)?;
        if let Some(w) = &weights {
            write_weights(w, out)?;
        }
        if let Some(q) = &squares {
            write_squares(q, v.board.files as usize, out)?;
        }
    }
    if a.weights && weights.is_none() {
        eprintln!("no positional weights: the positional terms exist with two seats and no dice");
    }
    if a.squares && squares.is_none() {
        eprintln!("no piece-square tables: the positional terms exist with two seats and no dice");
    }
    if let Some(path) = saved {
        eprintln!(
            "saved to {}: the search grades now evaluate `{}` with these values",
            path.display(),
            v.name
        );
    }
    Ok(())
}

/// Saves the fit as the fitted-values cache file of the variant named `name`
/// ([`ashtapada::spec::fitted::cache_file`]), creating its folder; returns its path.
///
/// Errors: no cache folder (no `HOME`), the name is not a plain file name, or the write fails.
/// The `weights:` line `--save` writes: this run's fit, else the weights of the fitted file in
/// use where they are not the built-in ones (a fit of the values alone keeps them), else none.
fn kept_weights(v: &ashtapada::Variant, w: Option<&WeightsFit>) -> String {
    if let Some(w) = w {
        return format!("{}\n", weights_line(w));
    }
    let Some(f) = &v.fitted else {
        return String::new();
    };
    let terms: Vec<String> = (fitted::WEIGHTS.iter().zip(&f.weights))
        .filter(|(n, x)| **x != ashtapada::compile::default_weight(n))
        .map(|(n, x)| format!("{n}: {x}"))
        .collect();
    if terms.is_empty() {
        String::new()
    } else {
        format!("weights: {{ {} }}\n", terms.join(", "))
    }
}

/// The `squares:` section `--save` writes: this run's tables, else those of the fitted file in
/// use (a fit without `--squares` keeps them), else none.
fn kept_squares(v: &ashtapada::Variant, q: Option<&SquaresFit>) -> String {
    if let Some(q) = q {
        return squares_section(q.kinds.iter().zip(&q.tables));
    }
    let Some(f) = v
        .fitted
        .as_ref()
        .filter(|f| f.squares.iter().any(Option::is_some))
    else {
        return String::new();
    };
    let names: Vec<String> = v.kinds.iter().map(|k| k.name.clone()).collect();
    squares_section(
        names
            .iter()
            .zip(&f.squares)
            .filter_map(|(n, t)| t.as_ref().map(|t| (n, t))),
    )
}

fn save(
    a: &ValuesArgs,
    v: &ashtapada::Variant,
    opts: &Gather,
    f: &Fit,
    w: Option<&WeightsFit>,
    q: Option<&SquaresFit>,
) -> Result<std::path::PathBuf, Failure> {
    let name = v.name.as_str();
    let path = fitted::cache_file(name).ok_or_else(|| {
        refuse_write(
            format!("`--save`: no cache folder for `{name}`"),
            "set ASHTAPADA_VALUES_CACHE (or HOME) to a folder, or use `--write FILE.yaml`",
        )
    })?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| {
            refuse_write(
                format!("`--save`: cannot create {}: {e}", dir.display()),
                "check the folder is writable, or set ASHTAPADA_VALUES_CACHE",
            )
        })?;
    }
    let options = if a.v.set.is_empty() {
        "the default options".to_string()
    } else {
        format!("--set {}", a.v.set.join(" --set "))
    };
    let text = format!(
        "# Fitted by `ashtapada values --save`: {}, {options}.\n\
         # The search grades read it for every variant named `{name}`; remove it to go back.\n\
         variant: {name}\ngames: {}\n{}\n{}{}",
        source(a, opts, f),
        f.games,
        values_line(f),
        kept_weights(v, w),
        kept_squares(v, q)
    );
    crate::output::write_atomic(&path, text.as_bytes())
        .map_err(|e| refuse_write(e, "check the cache folder is writable"))?;
    Ok(path)
}

fn weights_json(w: &WeightsFit) -> serde_json::Value {
    let rows: Vec<serde_json::Value> = (0..w.names.len())
        .map(|j| {
            serde_json::json!({
                "name": w.names[j],
                "value": w.value[j],
                "low": w.interval[j].0,
                "high": w.interval[j].1,
                "games": w.seen[j],
            })
        })
        .collect();
    serde_json::Value::Array(rows)
}

fn write_weights(w: &WeightsFit, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(
        out,
        "positional terms, as multipliers of the evaluation's weights ({} positions):",
        w.positions
    )?;
    writeln!(
        out,
        "{:<16} {:>7} {:>8}  {:<17} {:>6}",
        "term", "", "fitted", "interval", "games"
    )?;
    for j in 0..w.names.len() {
        let (lo, hi) = w.interval[j];
        let interval = format!("[{lo:.2}, {hi:.2}]");
        writeln!(
            out,
            "{:<16} {:>7} {:>8.2}  {interval:<17} {:>6}",
            w.names[j], "", w.value[j], w.seen[j]
        )?;
    }
    writeln!(out, "{}", weights_line(w))
}

/// The `squares:` section of a fitted file: per kind with a piece standing in the positions,
/// its middle-game and end-game lists.
fn squares_section<'a>(tables: impl Iterator<Item = (&'a String, &'a [Vec<i32>; 2])>) -> String {
    let mut out = String::from("squares:\n");
    for (k, [mg, eg]) in tables {
        // A kind never seen keeps the table it had; one with none (all 0) is left out.
        if mg.iter().chain(eg).all(|x| *x == 0) {
            continue;
        }
        let list = |xs: &Vec<i32>| {
            xs.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        out.push_str(&format!(
            "  {k}:\n    mg: [{}]\n    eg: [{}]\n",
            list(mg),
            list(eg)
        ));
    }
    out
}

fn squares_json(q: &SquaresFit) -> serde_json::Value {
    let mut m = serde_json::Map::new();
    for (i, k) in q.kinds.iter().enumerate() {
        m.insert(
            k.clone(),
            serde_json::json!({
                "mg": q.tables[i][0],
                "eg": q.tables[i][1],
                "rows": q.seen[i],
            }),
        );
    }
    serde_json::Value::Object(m)
}

/// The fitted tables, rank by rank from the far rank, middle game then end game.
fn write_squares(q: &SquaresFit, files: usize, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(
        out,
        "piece-square tables in units (a hundredth of a value), as the first seat sees the board, \
         middle game | end game ({} positions, {:.3} logit per value unit):",
        q.positions, q.scale
    )?;
    for (i, k) in q.kinds.iter().enumerate() {
        if q.seen[i] == 0 {
            continue;
        }
        writeln!(out, "{k} ({} rows)", q.seen[i])?;
        let [mg, eg] = &q.tables[i];
        let files = files.max(1);
        for r in (0..mg.len() / files).rev() {
            let row = |xs: &Vec<i32>| {
                xs[r * files..(r + 1) * files]
                    .iter()
                    .map(|x| format!("{x:>6}"))
                    .collect::<String>()
            };
            writeln!(out, "  {} |{}", row(mg), row(eg))?;
        }
    }
    Ok(())
}

/// The `weights:` line of a fitted file.
fn weights_line(w: &WeightsFit) -> String {
    let terms: Vec<String> = (0..w.names.len())
        .map(|j| format!("{}: {:.2}", w.names[j], w.value[j]))
        .collect();
    format!("weights: {{ {} }}", terms.join(", "))
}

fn to_json(variant: &str, opts: &Gather, f: &Fit) -> serde_json::Value {
    let rows: Vec<serde_json::Value> = (0..f.names.len())
        .map(|j| {
            serde_json::json!({
                "name": f.names[j],
                "kind": f.kinds[j].is_some(),
                "start": f.kinds[j].map(|_| f.start[j]),
                "value": f.value[j],
                "low": f.interval[j].0,
                "high": f.interval[j].1,
                "games": f.seen[j],
            })
        })
        .collect();
    serde_json::json!({
        "variant": variant,
        "agent": opts.agent,
        "seed": opts.seed,
        "games": f.games,
        "positions": f.positions,
        "resamples": f.resamples,
        "unit": f.unit.map(|k| f.names[f.kinds.iter().position(|x| *x == Some(k)).unwrap_or(0)].clone()),
        "logit_per_unit": f.scale,
        "values": rows,
    })
}

/// What the fit is of: "400 games of `easy` self-play (seed 0)", "23 games of the games of
/// `FILE`", or "41,200 scored positions of `FILE` (400 ids)".
fn source(a: &ValuesArgs, opts: &Gather, f: &Fit) -> String {
    match (&a.games_from, &a.positions_from) {
        (Some(path), _) => format!("{} games of the games of `{}`", f.games, path.display()),
        (None, Some(path)) => format!(
            "{} of `{}` ({})",
            ashtapada::diag::count(f.positions, "scored position", "scored positions"),
            path.display(),
            ashtapada::diag::count(f.games as usize, "id", "ids")
        ),
        (None, None) => format!(
            "{} games of `{}` self-play (seed {})",
            f.games, opts.agent, opts.seed
        ),
    }
}

/// What the bootstrap resamples: games, or the positions' ids.
fn resampled(a: &ValuesArgs) -> &'static str {
    if a.positions_from.is_some() {
        "ids"
    } else {
        "games"
    }
}

fn write_table(
    a: &ValuesArgs,
    variant: &str,
    opts: &Gather,
    f: &Fit,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    writeln!(
        out,
        "{variant}: {}{}, 95% intervals from {} bootstrap resamples of the {}",
        source(a, opts, f),
        if a.positions_from.is_some() {
            String::new()
        } else {
            format!(", {} positions", f.positions)
        },
        f.resamples,
        resampled(a)
    )?;
    writeln!(
        out,
        "{:<16} {:>7} {:>8}  {:<17} {:>6}",
        "kind", "start", "fitted", "interval", "games"
    )?;
    for j in 0..f.names.len() {
        let (lo, hi) = f.interval[j];
        let start = match f.kinds[j] {
            Some(_) => format!("{:.2}", f.start[j]),
            None => "-".into(),
        };
        let interval = format!("[{lo:.2}, {hi:.2}]");
        writeln!(
            out,
            "{:<16} {:>7} {:>8.2}  {interval:<17} {:>6}",
            f.names[j], start, f.value[j], f.seen[j]
        )?;
    }
    writeln!(
        out,
        "general terms are per unit: a piece in hand (on top of its value), a move of \
         empty-board mobility in tens, an attacked square next to the royal piece, the move; \
         games: those with a position where the seats' counts of it differed"
    )?;
    writeln!(out, "{}", values_line(f))
}

/// The `values:` section of the fit, one line. It must read back: a rule file's `values:`
/// takes 0 to 1000, so a fit below zero (a kind the self-play games could not tell from
/// nothing) is written as 0.
fn values_line(f: &Fit) -> String {
    let kinds: Vec<String> = (0..f.names.len())
        .filter(|&j| f.kinds[j].is_some())
        .map(|j| format!("{}: {:.2}", f.names[j], f.value[j].clamp(0.0, 1000.0)))
        .collect();
    format!("values: {{ {} }}", kinds.join(", "))
}

/// What the rule file written to `file` extends: a built-in by name, a rule file by its path
/// from `file`'s folder.
///
/// Errors: `file` exists; the variant's rule file is not in `file`'s folder or below it (an
/// `extends:` path may not leave the folder).
fn extends_from(a: &ValuesArgs, file: &std::path::Path) -> Result<String, Failure> {
    if file.exists() {
        return Err(refuse_write(
            format!("`--write {}`: the file exists", file.display()),
            "give a new file name, or remove the file first",
        ));
    }
    let parent = file
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    if !parent.is_dir() {
        return Err(refuse_write(
            format!(
                "`--write {}`: no folder `{}`",
                file.display(),
                parent.display()
            ),
            "create the folder first, or write the file elsewhere",
        ));
    }
    if builtin(&a.v.variant).is_some() {
        return Ok(a.v.variant.clone());
    }
    relative_below(parent, std::path::Path::new(&a.v.variant)).ok_or_else(|| {
        refuse_write(
            format!(
                "`--write {}`: `{}` is not in that file's folder or below it, so it cannot \
                 be extended from there",
                file.display(),
                a.v.variant
            ),
            "write the file in the rule file's folder (or a folder above it)",
        )
    })
}

fn refuse_write(message: String, help: &str) -> Failure {
    bad_input(Code::OutputWrite, message, help)
}

/// Writes `file`: a rule file that extends `extends` with the fitted `values:` section, the
/// fit's games, seed, agent and options in a comment; then loads it to make sure it reads
/// back (removing it if it does not).
///
/// Errors: the write fails; the file written does not load.
fn write_rule_file(
    a: &ValuesArgs,
    opts: &Gather,
    f: &Fit,
    file: &std::path::Path,
    extends: &str,
) -> Result<(), Failure> {
    let stem = file.file_stem().map_or_else(
        || "fitted".to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    let options = if a.v.set.is_empty() {
        "the default options".to_string()
    } else {
        format!("--set {}", a.v.set.join(" --set "))
    };
    let text = format!(
        "# Piece values fitted by `ashtapada values`: {}, {options}.\nname: \
         {stem}\nextends: {extends}\n{}\n",
        source(a, opts, f),
        values_line(f)
    );
    crate::output::write_atomic(file, text.as_bytes())
        .map_err(|e| refuse_write(e, "check the folder exists and is writable"))?;
    let path = file.to_string_lossy();
    let loaded = ashtapada::Assignment::parse(&a.v.set)
        .map_err(Failure::from)
        .and_then(|set| Ok(ashtapada::load_variant(&path, &set)?));
    if let Err(e) = loaded {
        // Nothing is left behind that does not read back.
        let _ = std::fs::remove_file(file);
        return Err(e);
    }
    Ok(())
}

/// `target`'s path from the folder `dir`, if `target` lies in `dir` or below it.
fn relative_below(dir: &std::path::Path, target: &std::path::Path) -> Option<String> {
    let dir = std::fs::canonicalize(dir).ok()?;
    let target = std::fs::canonicalize(target).ok()?;
    let rel = target.strip_prefix(&dir).ok()?;
    Some(rel.to_string_lossy().into_owned())
}
