//! The variants a session offers (`UCI_Variant`, `VariantPath`) and its options: the playing
//! level, the hash size, the move overhead and `MultiPV`, with their ranges and the option
//! lines UCI announces (USI's are derived from them).

use ashtapada::agents::{EASY, Grade, HARD, MEDIUM};
use ashtapada::{Assignment, Variant};
use std::sync::Arc;

/// The variant offered first when it exists: chess, then the oldest two-seat games. Only the
/// default's choice; every two-seat variant is offered.
const PREFERENCE: [&str; 3] = ["chess", "shatranj", "chaturanga"];

/// The playing levels, weakest first.
pub const LEVELS: [Grade; 3] = [EASY, MEDIUM, HARD];

/// Default hash size in MB: the search agents' default table (2^16 entries) fits in it.
pub const DEFAULT_HASH: usize = 2;

/// Largest hash size in MB.
pub const MAX_HASH: usize = 4096;

/// Largest `MultiPV`: root moves reported per search.
pub const MAX_MULTIPV: usize = 64;

/// Default move overhead in milliseconds.
pub const DEFAULT_OVERHEAD: u64 = 30;

/// The variants UCI can play: two seats, no dice, each under its rule file's `name` (the
/// names Fairy-Stockfish and cutechess use for the same games).
#[derive(Clone, Debug)]
pub struct Catalogue {
    /// (name, compiled variant), in the order `uci` lists them.
    pub variants: Vec<(String, Arc<Variant>)>,
}

/// True if UCI can play `v`: two seats and no dice.
pub fn playable(v: &Variant) -> bool {
    v.seats.len() == 2 && v.rules.dice.is_none()
}

impl Catalogue {
    /// Every two-seat built-in variant under its default options (Fairy-Stockfish's catalogue
    /// included), the preferred default first ([`PREFERENCE`]), then the rest in the built-in
    /// order.
    pub fn builtin() -> Catalogue {
        Catalogue::builtin_where(|_| true)
    }

    /// [`Catalogue::builtin`] keeping only the variants for which `keep` is true (USI: the
    /// variants with drops).
    pub fn builtin_where(keep: impl Fn(&Variant) -> bool) -> Catalogue {
        let mut variants: Vec<(String, Arc<Variant>)> = ashtapada::spec::all_builtins()
            .filter_map(|(name, _)| ashtapada::load_variant(name, &Assignment::default()).ok())
            .filter(|v| playable(v) && keep(v))
            .map(|v| (v.name.clone(), v))
            .collect();
        let rank = |n: &str| {
            PREFERENCE
                .iter()
                .position(|p| *p == n)
                .unwrap_or(usize::MAX)
        };
        variants.sort_by_key(|(n, _)| rank(n));
        Catalogue { variants }
    }

    /// The variant named `name`.
    pub fn get(&self, name: &str) -> Option<&Arc<Variant>> {
        self.variants
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v)
    }

    /// Loads the rule file at `path` (with its default options) and offers its variant,
    /// replacing one of the same name; returns the name.
    ///
    /// # Errors
    /// The rule file's first problem on one line (with the count of the others), or a variant
    /// UCI cannot play.
    pub fn load(&mut self, path: &str) -> Result<String, String> {
        let v = ashtapada::load_variant(path, &Assignment::default()).map_err(|d| {
            let first = d.0.first().map(|x| x.one_line()).unwrap_or_default();
            let more = match d.0.len() {
                0 | 1 => String::new(),
                n => format!(" (and {} more: `ashtapada check` lists them)", n - 1),
            };
            format!("VariantPath `{path}`: {first}{more}")
        })?;
        if !playable(&v) {
            return Err(format!(
                "VariantPath `{path}`: `{}` has {} seats{}; UCI plays two-seat variants without \
                 dice",
                v.name,
                v.seats.len(),
                if v.rules.dice.is_some() {
                    " and dice"
                } else {
                    ""
                }
            ));
        }
        let name = v.name.clone();
        match self.variants.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = v,
            None => self.variants.push((name.clone(), v)),
        }
        Ok(name)
    }

    /// The `option` lines of the answer to `uci`.
    pub fn option_lines(&self, selected: &str) -> Vec<String> {
        let vars: String = self
            .variants
            .iter()
            .map(|(n, _)| format!(" var {n}"))
            .collect();
        let levels: String = LEVELS.iter().map(|g| format!(" var {}", g.name)).collect();
        vec![
            format!("option name UCI_Variant type combo default {selected}{vars}"),
            "option name VariantPath type string default <empty>".into(),
            format!("option name Level type combo default {}{levels}", HARD.name),
            format!("option name Hash type spin default {DEFAULT_HASH} min 1 max {MAX_HASH}"),
            "option name Clear Hash type button".into(),
            format!(
                "option name Move Overhead type spin default {DEFAULT_OVERHEAD} min 0 max 5000"
            ),
            format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
        ]
    }
}

/// The level named `name` (case-insensitive).
pub fn level(name: &str) -> Option<Grade> {
    LEVELS
        .iter()
        .copied()
        .find(|g| g.name.eq_ignore_ascii_case(name))
}

/// Reads a spin option's value: a whole number from `min` to `max`.
///
/// # Errors
/// A message naming the option and its range.
pub fn spin(name: &str, value: &str, min: u64, max: u64) -> Result<u64, String> {
    value
        .trim()
        .parse::<u64>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| {
            format!("option `{name}`: `{value}` is not a whole number from {min} to {max}")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_catalogue_offers_the_two_seat_variants_chess_first() {
        let c = Catalogue::builtin();
        let names: Vec<&str> = c.variants.iter().map(|(n, _)| n.as_str()).collect();
        // The classics' names in order are checked once, against the handshake, by
        // `cli/tests/uci.rs` (`uci_variants`): here, chess first and the two-seat built-ins.
        assert_eq!(names[0], "chess");
        let classics = names.len() - ashtapada::spec::CATALOGUE.len();
        for n in &names[..classics] {
            assert!(ashtapada::spec::BUILTIN.iter().any(|(b, _)| b == n), "{n}");
        }
        // Then Fairy-Stockfish's catalogue, in its order.
        let catalogue: Vec<&str> = ashtapada::spec::CATALOGUE.iter().map(|(n, _)| *n).collect();
        assert_eq!(&names[classics..], &catalogue[..]);
        let lines = c.option_lines("chess");
        // The combo offers every one of them, in that order, chess as the default.
        let vars: String = names.iter().map(|n| format!(" var {n}")).collect();
        assert_eq!(
            lines[0],
            format!("option name UCI_Variant type combo default chess{vars}")
        );
        assert!(
            lines[2].ends_with("var easy var medium var hard"),
            "{}",
            lines[2]
        );
    }

    #[test]
    fn a_rule_file_with_four_seats_or_dice_is_refused() {
        let mut c = Catalogue::builtin();
        let e = c.load("chaturaji").unwrap_err();
        assert!(e.contains("4 seats and dice"), "{e}");
        let e = c.load("/no/such/file.yaml").unwrap_err();
        assert!(e.starts_with("VariantPath `/no/such/file.yaml`:"), "{e}");
        assert_eq!(c.variants.len(), 14 + ashtapada::spec::CATALOGUE.len());
    }

    #[test]
    fn spins_and_levels() {
        assert_eq!(spin("Hash", " 16 ", 1, 4096), Ok(16));
        assert!(
            spin("Hash", "0", 1, 4096)
                .unwrap_err()
                .contains("from 1 to 4096")
        );
        assert!(spin("Hash", "big", 1, 4096).is_err());
        assert_eq!(level("Medium"), Some(MEDIUM));
        assert_eq!(level("grandmaster"), None);
    }
}
