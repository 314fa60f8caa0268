//! English summaries of parsed groups, for `explain` and the REPL.

use super::super::error::join_list;
use super::direction::Shape;
use super::{Group, Modality, Step, atom_parts, images};

/// The English for one group (after the `source: ` prefix).
pub(super) fn describe_group(group: &Group) -> String {
    if group.legs > 1 {
        return super::legs::describe_legged(group);
    }
    let (parts, _) = atom_parts(group.atom).unwrap_or((&[], false));
    let mut phrases = Vec::new();
    for &base in parts {
        let all = images(base);
        let chosen: Vec<&Step> = group
            .steps
            .iter()
            .filter(|s| all.contains(&(s.dx, s.dy)))
            .collect();
        let Some(first) = chosen.first() else {
            continue;
        };
        let shape = Shape::of(base);
        let reach = first.range;
        let (a, b) = base;
        let motion = match (shape, b, reach) {
            (Shape::Oblique, _, 1) => format!("leap ({a},{b})"),
            (Shape::Oblique, _, 0) => format!("ride by ({a},{b}) leaps"),
            (Shape::Oblique, _, k) => format!("ride up to {k} ({a},{b}) leaps"),
            (_, 1, 1) => "step 1".to_owned(),
            (_, 1, 0) => "slide".to_owned(),
            (_, 1, k) => format!("slide up to {k} squares"),
            (_, n, 1) => format!("leap {n}"),
            (_, n, 0) => format!("ride by leaps of {n}"),
            (_, n, k) => format!("ride up to {k} leaps of {n}"),
        };
        let whither = if chosen.len() == all.len() {
            match shape {
                Shape::Orthogonal => "orthogonally".to_owned(),
                Shape::Diagonal => "diagonally".to_owned(),
                Shape::Oblique => "in all 8 directions".to_owned(),
            }
        } else {
            let names: Vec<String> = chosen.iter().map(|s| direction_name(shape, s)).collect();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            join_list(&names, "and")
        };
        phrases.push(format!("{motion} {whither}"));
    }
    let mut text = phrases.join(" and ");
    match group.steps.first().map(|s| s.modality) {
        Some(Modality::MoveOnly) => text.push_str(", move only"),
        Some(Modality::CaptureOnly) => text.push_str(", capture only"),
        _ => {}
    }
    if group.steps.iter().any(|s| s.lame) {
        text.push_str(", not jumping");
    }
    match group.steps.first().map(|s| s.hop) {
        Some(super::Hop::Cannon) => text.push_str(", hopping over exactly one piece"),
        Some(super::Hop::Grasshopper) => {
            text.push_str(", hopping over one piece to the square just beyond")
        }
        _ => {}
    }
    if group.steps.iter().any(|s| s.en_passant) {
        text.push_str(", also en passant");
    }
    if group.steps.iter().any(|s| s.initial) {
        text.push_str(", first move only");
    }
    text
}

/// `forward`, `backward-left`, … for lines; `to (1,2)` for oblique vectors.
fn direction_name(shape: Shape, step: &Step) -> String {
    if shape == Shape::Oblique {
        return format!("to ({},{})", step.dx, step.dy);
    }
    let vertical = match step.dy.signum() {
        1 => "forward",
        -1 => "backward",
        _ => "",
    };
    let horizontal = match step.dx.signum() {
        1 => "right",
        -1 => "left",
        _ => "",
    };
    match (vertical, horizontal) {
        (v, "") => v.to_owned(),
        ("", h) => h.to_owned(),
        (v, h) => format!("{v}-{h}"),
    }
}
