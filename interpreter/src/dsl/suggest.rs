//! "Did you mean" suggestions for unknown names.

/// The candidate closest to `name`, for a "did you mean" line, if any is close enough.
///
/// Closeness is the Damerau–Levenshtein distance, case-insensitive: at most one edit per three
/// characters of `name` (and at least one), or a Jaro–Winkler similarity of 0.9 or more. The
/// nearest candidate wins (so a name differing only in case comes first); ties go to the exact
/// spelling, then to the longer common prefix (a name is usually typed from its start: `chaturanj` is
/// `chaturanga` cut short, not `chaturaji`), then to the higher Jaro–Winkler similarity, then
/// to the first.
///
/// ```
/// use ashtapada::dsl::suggest;
/// let names = ["kings_on_board", "rounds_without_capture", "score"];
/// assert_eq!(suggest("kings_on_bord", names), Some("kings_on_board"));
/// assert_eq!(suggest("scor", names), Some("score"));
/// assert_eq!(suggest("xyz", names), None);
/// assert_eq!(suggest("chaturanj", ["chaturaji", "chaturanga"]), Some("chaturanga"));
/// ```
pub fn suggest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    if name.is_empty() {
        return None;
    }
    let exact = name;
    let name = name.to_lowercase();
    let limit = (name.chars().count() / 3).max(1);
    // (distance, not spelt exactly so, common prefix, similarity, candidate)
    let mut best: Option<(usize, bool, usize, f64, &'a str)> = None;
    for candidate in candidates {
        let lower = candidate.to_lowercase();
        let distance = strsim::damerau_levenshtein(&name, &lower);
        let similarity = strsim::jaro_winkler(&name, &lower);
        if distance > limit && similarity < 0.9 {
            continue;
        }
        let prefix = (name.chars().zip(lower.chars()))
            .take_while(|(a, b)| a == b)
            .count();
        let key = (distance, candidate != exact, prefix, similarity);
        let better = best.is_none_or(|(d, c, p, s, _)| {
            (key.0, key.1)
                .cmp(&(d, c))
                .then(p.cmp(&key.2))
                .then(s.total_cmp(&key.3))
                .is_lt()
        });
        if better {
            best = Some((key.0, key.1, key.2, key.3, candidate));
        }
    }
    best.map(|(_, _, _, _, candidate)| candidate)
}

#[cfg(test)]
mod tests {
    use super::suggest;

    /// `extends: chaturanj`: both built-ins are two edits away; `chaturanga` shares the longer
    /// prefix (`chaturan`), so it is the one meant.
    #[test]
    fn the_longer_common_prefix_breaks_a_tie() {
        let builtins = ["chaturaji", "chaturanga", "chess", "shatranj"];
        assert_eq!(suggest("chaturanj", builtins), Some("chaturanga"));
        assert_eq!(suggest("chaturaj", builtins), Some("chaturaji"));
        assert_eq!(suggest("chaturang", builtins), Some("chaturanga"));
    }

    /// A name that differs only in case is the one meant, before any other near name.
    #[test]
    fn a_name_differing_only_in_case_wins() {
        assert_eq!(suggest("Chess", ["chess", "chest"]), Some("chess"));
        assert_eq!(suggest("KING", ["kings", "king"]), Some("king"));
    }
}
