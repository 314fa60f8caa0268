//! `explain`: the compiled rules and a move-table summary, for people.

use super::Variant;
use crate::spec::ResultKind;
use std::fmt::Write;

fn result_words(r: ResultKind, who: &str) -> String {
    match r {
        ResultKind::Win => format!("{who} wins"),
        ResultKind::Loss => format!("{who} loses"),
        ResultKind::Draw => "draw".to_string(),
        ResultKind::Rank => "every seat is ranked".to_string(),
    }
}

/// `1st`, `2nd`, `3rd`, `4th`, … `11th`, `21st`.
fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix} time")
}

impl Variant {
    /// A plain-text description of the compiled variant: options, board, seats, pieces with
    /// their moves, promotion, setup, end rules and the size of the move tables.
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
            "board: {} files × {} ranks ({} squares)",
            b.files,
            b.ranks,
            b.len()
        );
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
        let _ = writeln!(s, "pieces:");
        for k in &self.kinds {
            let royal = if k.royal { ", royal" } else { "" };
            let _ = writeln!(
                s,
                "  {} `{}`: {} (value {}{royal})",
                k.name, k.letter, k.betza, k.value
            );
            for line in k.betza.describe().lines() {
                let _ = writeln!(s, "      {line}");
            }
            if let Some(p) = &k.promotion {
                let to: Vec<&str> =
                    p.to.iter()
                        .map(|t| self.kinds[t.index()].name.as_str())
                        .collect();
                let how = if p.mandatory { "must" } else { "may" };
                let _ = writeln!(
                    s,
                    "      promotion: {how} become {} in the last {} line(s)",
                    to.join(" or "),
                    p.zone
                );
            }
        }
        let _ = writeln!(s, "setup: {} pieces", self.setup.len());
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
        let _ = writeln!(s, "end:");
        let e = &self.end;
        if let Some(r) = e.checkmate {
            let _ = writeln!(s, "  checkmate: {}", result_words(r, "the mated seat"));
        }
        if let Some(r) = e.stalemate {
            let _ = writeln!(s, "  stalemate: {}", result_words(r, "the stalemated seat"));
        }
        if let Some((n, r)) = e.repetition {
            let _ = writeln!(
                s,
                "  repetition: {} when a position occurs for the {}",
                result_words(r, "the last mover"),
                ordinal(n)
            );
        }
        if let Some((plies, r)) = e.move_rule {
            let resets: Vec<&str> = self
                .kinds
                .iter()
                .filter(|k| k.resets_move_rule)
                .map(|k| k.name.as_str())
                .collect();
            let _ = writeln!(
                s,
                "  move rule: {} after {plies} plies without a capture{}",
                result_words(r, "the last mover"),
                if resets.is_empty() {
                    String::new()
                } else {
                    format!(" or a move of {}", resets.join(", "))
                }
            );
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
        let t = &self.table;
        let (lt, rt) = self.attacks.type_counts();
        let _ = writeln!(
            s,
            "move table: {} entries ({} kinds × {} orientations × {} squares), {} leaps, {} rays over {} squares",
            t.entries.len(),
            self.kinds.len(),
            self.orients.len(),
            b.len(),
            t.leaps.len(),
            t.rays.len(),
            t.ray_squares.len()
        );
        let _ = writeln!(s, "attack table: {lt} leap types, {rt} ray types");
        let _ = writeln!(
            s,
            "targets on an empty board (first seat's orientation), min/mean/max:"
        );
        let o = self.seats.first().map_or(0, |x| x.orient as usize);
        for (k, info) in self.kinds.iter().enumerate() {
            let combo = k * self.orients.len() + o;
            let counts: Vec<usize> = (0..b.len() as u8)
                .map(|sq| {
                    let en = t.entry(combo, sq);
                    en.leap_len as usize
                        + t.rays_of(en).iter().map(|r| r.len as usize).sum::<usize>()
                })
                .collect();
            let min = counts.iter().min().copied().unwrap_or(0);
            let max = counts.iter().max().copied().unwrap_or(0);
            let mean = counts.iter().sum::<usize>() as f64 / counts.len().max(1) as f64;
            let _ = writeln!(s, "  {:<12} {min:>2} / {mean:>5.2} / {max:>2}", info.name);
        }
        s
    }
}
