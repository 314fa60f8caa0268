//! Rendering diagnostics with miette's graphical handler.

use ashtapada::Diagnostics;
use miette::{GraphicalReportHandler, GraphicalTheme};
use std::io::IsTerminal;

/// True when colour should be used: standard error is a terminal and `NO_COLOR` is unset.
pub fn color_enabled() -> bool {
    std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal()
}

/// Renders every diagnostic, one report each, followed by a count line when there are several.
/// `width` fixes the line width (for snapshots); `None` uses 100 columns.
pub fn render_diagnostics(d: &Diagnostics, color: bool, width: Option<usize>) -> String {
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(width.unwrap_or(100))
        .with_links(false);
    let mut out = String::new();
    for diag in &d.0 {
        let mut s = String::new();
        if handler.render_report(&mut s, diag).is_err() {
            s = diag.one_line();
        }
        out.push_str(&s);
        if !s.ends_with('\n') {
            out.push('\n');
        }
    }
    if d.len() > 1 {
        out.push_str(&format!("{} problems found\n", d.len()));
    }
    out
}
