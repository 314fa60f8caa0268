//! "Did you mean" suggestions for unknown names.

/// The candidate closest to `name`, for a "did you mean" line, if any is close enough.
///
/// Closeness is the Damerau–Levenshtein distance, case-insensitive: at most one edit per three
/// characters of `name` (and at least one), or a Jaro–Winkler similarity of 0.9 or more. The
/// nearest candidate wins; ties go to the higher Jaro–Winkler similarity, then to the first.
///
/// ```
/// use ashtapada::dsl::suggest;
/// let names = ["kings_on_board", "rounds_without_capture", "score"];
/// assert_eq!(suggest("kings_on_bord", names), Some("kings_on_board"));
/// assert_eq!(suggest("scor", names), Some("score"));
/// assert_eq!(suggest("xyz", names), None);
/// ```
pub fn suggest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    if name.is_empty() {
        return None;
    }
    let name = name.to_lowercase();
    let limit = (name.chars().count() / 3).max(1);
    let mut best: Option<(usize, f64, &'a str)> = None;
    for candidate in candidates {
        let lower = candidate.to_lowercase();
        let distance = strsim::damerau_levenshtein(&name, &lower);
        let similarity = strsim::jaro_winkler(&name, &lower);
        if distance > limit && similarity < 0.9 {
            continue;
        }
        let better = best.is_none_or(|(d, s, _)| distance < d || (distance == d && similarity > s));
        if better {
            best = Some((distance, similarity, candidate));
        }
    }
    best.map(|(_, _, candidate)| candidate)
}
