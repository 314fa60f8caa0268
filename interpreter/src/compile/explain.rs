//! `explain`: the compiled rules and a move-table summary, for people.

use super::Variant;
use crate::diag::count;
use crate::rules::result_words;
use std::fmt::Write;

impl Variant {
    /// A plain-text description of the compiled variant: options, board, seats, pieces with
    /// their moves, promotion, setup, end rules and the size of the move tables.
    /// Control characters from the rule file are escaped ([`crate::diag::printable`]).
    pub fn explain(&self) -> String {
        let mut s = String::new();
        let b = self.board;
        let _ = writeln!(s, "{} — {}", self.name, self.title);
        if let Some(src) = &self.source {
            let _ = writeln!(s, "source: {src}");
        }
        if !self.assignment.0.is_empty() {
            let _ = writeln!(s, "options: {}", self.assignment);
        }
        let _ = writeln!(
            s,
            "board: {} × {} ({})",
            count(b.files.into(), "file", "files"),
            count(b.ranks.into(), "rank", "ranks"),
            count(b.len(), "square", "squares")
        );
        self.explain_seats(&mut s);
        self.explain_pieces(&mut s);
        self.explain_values(&mut s);
        self.explain_regions(&mut s);
        self.explain_setup(&mut s);
        self.explain_end(&mut s);
        s.push_str(&self.explain_modules());
        self.explain_tables(&mut s);
        // Names, titles and sources come from the rule file: controls are shown escaped.
        crate::diag::printable(&s).into_owned()
    }

    /// The names `rules` modules explain with.
    fn with_names<T>(&self, f: impl FnOnce(&crate::rules::Names<'_>) -> T) -> T {
        let kinds: Vec<&str> = self.kinds.iter().map(|k| k.name.as_str()).collect();
        let seats: Vec<&str> = self.seats.iter().map(|k| k.name.as_str()).collect();
        f(&crate::rules::Names {
            kinds: &kinds,
            seats: &seats,
        })
    }

    /// `seats, in turn order:` and one line per seat.
    fn explain_seats(&self, s: &mut String) {
        let _ = writeln!(s, "seats, in turn order:");
        for (i, seat) in self.seats.iter().enumerate() {
            let symbol = seat
                .symbol
                .as_deref()
                .map(|x| format!(" {x}"))
                .unwrap_or_default();
            let _ = writeln!(
                s,
                "  {}. {}{symbol} — {} edge, FEN `{}`",
                i + 1,
                seat.name,
                seat.orientation,
                seat.fen
            );
        }
    }

    /// `pieces:` and each kind: letter, value, moves in words, promotion.
    fn explain_pieces(&self, s: &mut String) {
        let _ = writeln!(s, "pieces:");
        for (i, k) in self.kinds.iter().enumerate() {
            let royal = if k.royal {
                crate::rules::royal::EXPLAIN_HEADING
            } else {
                ""
            };
            // A kind the setup places only dead (`setup.dead`), or the wall of two-part moves or
            // of enclosing, is a wall: its moves never play.
            let placed = || self.setup.iter().filter(|(_, p)| p.kind().index() == i);
            let dead_only = placed().next().is_some() && placed().all(|(_, p)| p.is_dead());
            if self.is_wall_kind(crate::vocab::Kind(i as u8)) {
                let how = if dead_only {
                    "placed dead by `setup.dead`: it never moves"
                } else {
                    "of no seat, put by the rules below: it never moves by itself"
                };
                let _ = writeln!(
                    s,
                    "  {} `{}`: a wall ({how}, blocks every piece and is never taken)",
                    k.name, k.letter
                );
                continue;
            }
            let _ = writeln!(
                s,
                "  {} `{}`: {} (value {}{royal})",
                k.name, k.letter, k.betza, k.value
            );
            for line in k.betza.describe().lines() {
                let _ = writeln!(s, "      {line}");
            }
            for line in &k.movement_notes {
                let _ = writeln!(s, "      {line}");
            }
            for line in self.with_names(|n| self.rules.explain_kind(crate::vocab::Kind(i as u8), n))
            {
                let _ = writeln!(s, "      {line}");
            }
            let flips = (self.rules.flip.as_ref())
                .is_some_and(|f| f.of(crate::vocab::Kind(i as u8)).is_some());
            if let Some(p) = k.promotion.as_ref().filter(|_| !flips) {
                let name = |t: u8| self.kinds[t as usize].name.as_str();
                let to: Vec<&str> = p.to.iter().map(|t| name(t.0)).collect();
                let how = if p.mandatory { "must" } else { "may" };
                let forced = if p.forced > 0 && !p.mandatory {
                    format!(", must in the last {}", p.forced)
                } else {
                    String::new()
                };
                let remember = if p.remember {
                    format!(
                        "; the promoted piece remembers it: captured, it goes to a hand as {} {}",
                        crate::rules::article(&k.name),
                        k.name
                    )
                } else {
                    String::new()
                };
                let zone = match &p.squares {
                    Some(t) => format!("on {}", t.value),
                    None => format!("in the last {}", count(p.zone.into(), "line", "lines")),
                };
                let line = if p.in_place {
                    format!("promotion: to {} {zone} (in place)", to.join(" or "))
                } else {
                    format!(
                        "promotion: {how} become {} {zone}{forced}{remember}",
                        to.join(" or ")
                    )
                };
                let _ = writeln!(s, "      {line}");
            }
        }
    }

    /// `values:`, the agents' piece values from the rule file's `values:` section (in place
    /// of the listed kinds' `value:`), if the file has one.
    fn explain_values(&self, s: &mut String) {
        let listed: Vec<String> = (self.kinds.iter().zip(&self.eval_values))
            .filter_map(|(k, v)| Some(format!("{} {} (value {})", k.name, (*v)?, k.value)))
            .collect();
        if !listed.is_empty() {
            let _ = writeln!(
                s,
                "values: the agents' evaluation values these kinds so, in place of their `value:`"
            );
            for line in listed {
                let _ = writeln!(s, "  {line}");
            }
        }
        self.explain_fitted(s);
    }

    /// The fitted values the search grades use (shipped or cached), if the variant has them.
    fn explain_fitted(&self, s: &mut String) {
        let Some(f) = &self.fitted else {
            return;
        };
        let from = match &f.from {
            crate::spec::fitted::FittedFrom::Shipped => "shipped".to_string(),
            crate::spec::fitted::FittedFrom::Cache(p) => format!("cache {}", p.display()),
        };
        let games = f.games.map_or(String::new(), |g| format!(", {g} games"));
        let _ = writeln!(
            s,
            "fitted values ({from}{games}): easy, medium and hard value these kinds so; greedy \
             keeps `value:`"
        );
        for (k, v) in self.kinds.iter().zip(&f.values) {
            if let Some(v) = v {
                let _ = writeln!(s, "  {} {v} (value {})", k.name, k.value);
            }
        }
        let weights: Vec<String> = (crate::spec::fitted::WEIGHTS.iter().zip(&f.weights))
            .filter(|(n, w)| **w != super::default_weight(n))
            .map(|(n, w)| format!("{n} ×{w}"))
            .collect();
        if !weights.is_empty() {
            let _ = writeln!(s, "  positional weights: {}", weights.join(", "));
        }
        let tables: Vec<&str> = (self.kinds.iter().zip(&f.squares))
            .filter(|(_, t)| t.is_some())
            .map(|(k, _)| k.name.as_str())
            .collect();
        if !tables.is_empty() {
            let _ = writeln!(
                s,
                "  piece-square tables (middle and end game, added to the built-in ones): {}",
                tables.join(", ")
            );
        }
    }

    /// `regions:` with each region's size, if the file names any.
    fn explain_regions(&self, s: &mut String) {
        if self.regions.is_empty() {
            return;
        }
        let parts: Vec<String> = self
            .regions
            .iter()
            .map(|r| {
                let n = r.squares.first().map_or(0, |q| q.len() as usize);
                format!("{} ({})", r.name, count(n, "square", "squares"))
            })
            .collect();
        let _ = writeln!(s, "regions, in each seat's frame: {}", parts.join(", "));
    }

    /// `setup:` and each seat's pieces.
    fn explain_setup(&self, s: &mut String) {
        let b = self.board;
        let _ = writeln!(s, "setup: {}", count(self.setup.len(), "piece", "pieces"));
        let hand: Vec<String> = (self.start_hand.iter().enumerate())
            .filter(|(_, n)| **n > 0)
            .map(|(k, n)| format!("{} {}", n, self.kinds[k].name))
            .collect();
        if !hand.is_empty() {
            let _ = writeln!(s, "  in every seat's hand: {}", hand.join(", "));
        }
        for (i, seat) in self.seats.iter().enumerate() {
            let mut parts = Vec::new();
            for (sq, p) in self.setup.iter().filter(|(_, p)| p.owner().index() == i) {
                parts.push(format!(
                    "{}{}",
                    self.kinds[p.kind().index()].letter,
                    b.name(*sq)
                ));
            }
            let _ = writeln!(s, "  {}: {}", seat.name, parts.join(" "));
        }
    }

    /// `end:` and each end rule.
    fn explain_end(&self, s: &mut String) {
        let _ = writeln!(s, "end:");
        let e = &self.end;
        let lines = self.with_names(|n| self.rules.explain_end(n));
        for line in lines {
            let _ = writeln!(s, "  {line}");
        }
        for c in &e.conditions {
            let _ = writeln!(
                s,
                "  {}: when {} → {}",
                c.name,
                c.when,
                result_words(c.result, "the mover")
            );
        }
    }

    /// The move table's and attack table's sizes and the targets per kind.
    fn explain_tables(&self, s: &mut String) {
        let b = self.board;
        let t = &self.table;
        let (lt, rt) = self.attacks.type_counts();
        let _ = writeln!(
            s,
            "move table: {} ({} × {} × {}), {}, {} over {}",
            count(t.entries.len(), "entry", "entries"),
            count(self.kinds.len(), "kind", "kinds"),
            count(self.orients.len(), "orientation", "orientations"),
            count(b.len(), "square", "squares"),
            count(t.leaps.len(), "leap", "leaps"),
            count(t.rays.len(), "ray", "rays"),
            count(t.ray_squares.len(), "square", "squares")
        );
        let _ = writeln!(
            s,
            "attack table: {}, {}",
            count(lt, "leap type", "leap types"),
            count(rt, "ray type", "ray types")
        );
        let _ = writeln!(
            s,
            "targets on an empty board (first seat's orientation), min/mean/max:"
        );
        let o = self.seats.first().map_or(0, |x| x.orient as usize);
        let width = self
            .kinds
            .iter()
            .map(|k| k.name.chars().count())
            .max()
            .unwrap_or(0)
            .max(12);
        for (k, info) in self.kinds.iter().enumerate() {
            if self.is_wall_kind(crate::vocab::Kind(k as u8)) {
                continue; // a wall never moves
            }
            let combo = k * self.orients.len() + o;
            let counts: Vec<usize> = b
                .squares()
                .map(|sq| {
                    let en = t.entry(combo, sq.0);
                    en.leap_len as usize
                        + t.rays_of(en).iter().map(|r| r.len as usize).sum::<usize>()
                })
                .collect();
            let min = counts.iter().min().copied().unwrap_or(0);
            let max = counts.iter().max().copied().unwrap_or(0);
            let mean = counts.iter().sum::<usize>() as f64 / counts.len().max(1) as f64;
            let _ = writeln!(
                s,
                "  {:<width$} {min:>2} / {mean:>5.2} / {max:>2}",
                info.name
            );
        }
    }
}

impl Variant {
    /// The rule modules in words: dice, then each module of the registry (scoring,
    /// formations, thrones, capture-all, …, teams, resignation, match), then ranking.
    fn explain_modules(&self) -> String {
        let mut s = String::new();
        // Every module's lines in registry order (dice first, …, teams, resignation, match).
        for line in self.with_names(|n| self.rules.explain(n)) {
            let _ = writeln!(s, "{line}");
        }
        if !self.ranking.is_empty() {
            let keys: Vec<String> = self.ranking.iter().map(|(e, _)| e.to_string()).collect();
            let _ = writeln!(s, "ranking: {}", keys.join(", then "));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use crate::spec::{Assignment, load_str};

    fn explain(yaml: &str) -> String {
        let file = load_str("t.yaml", yaml).unwrap();
        super::super::compile_unchecked(&file, &Assignment::default())
            .unwrap()
            .0
            .explain()
    }

    #[test]
    fn targets_are_counted_on_every_square_of_a_16_by_16_board() {
        let text = explain(
            "name: big\nboard: { files: 16, ranks: 16 }\nseats: [{ name: white, edge: south }]\n\
             pieces: { king: { letter: K, betza: K } }\nsetup: { army: { a1: king } }\n",
        );
        let line = text
            .lines()
            .rfind(|l| l.trim_start().starts_with("king "))
            .unwrap();
        // 3 targets in a corner, 5 on an edge, 8 inside: mean (4·3 + 56·5 + 196·8) / 256.
        let numbers: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(numbers, ["king", "3", "/", "7.27", "/", "8"], "{text}");
    }

    /// A `values:` section is shown with each listed kind's rule-file `value:` beside it;
    /// without one, no `values:` line.
    #[test]
    fn the_values_section_is_shown() {
        let file = "name: v\nboard: { files: 4, ranks: 4 }\nseats: [{ name: white, edge: south }]\n\
                    pieces: { king: { letter: K, betza: K }, rook: { letter: R, betza: R, value: 5 },\n\
                    pawn: { letter: P, betza: fW, value: 1 } }\n\
                    setup: { army: { a1: king, b1: rook, a2: pawn } }\n";
        let text = explain(&format!("{file}values: {{ rook: 4.5, pawn: 0.75 }}\n"));
        assert!(
            text.contains(
                "values: the agents' evaluation values these kinds so, in place of their `value:`\n  \
                 rook 4.5 (value 5)\n  pawn 0.75 (value 1)\n"
            ),
            "{text}"
        );
        assert!(!explain(file).contains("values:"));
    }

    #[test]
    fn counts_of_one_are_singular() {
        let text = explain(
            "name: one\nboard: { files: 4, ranks: 4 }\nseats: [{ name: white, edge: south }]\n\
             pieces: { king: { letter: K, betza: K } }\nsetup: { army: { a1: king } }\n",
        );
        assert!(text.contains("setup: 1 piece\n"), "{text}");
        assert!(
            text.contains("(1 kind × 1 orientation × 16 squares)"),
            "{text}"
        );
    }
}
