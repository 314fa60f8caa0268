//! Diagnostics drawn as the CLI draws them: miette's graphical report (code, `× message`, the
//! located source lines, `help:`), one report per problem. Shared by the CLI and the Python
//! module, so that an exception's text is the CLI's standard error for the same input. Built
//! with the `render` feature.

use crate::diag::{Diagnostic, Diagnostics};
use miette::{GraphicalReportHandler, GraphicalTheme};
use std::fmt;

/// The longest line (in characters) a report draws. A span on a longer line — or next to one —
/// is reported without the source text: miette cannot draw a label beyond column 65535
/// (it panics), and a line of thousands of characters is unreadable anyway.
pub const MAX_DRAWN_LINE: usize = 300;

/// Renders the reported diagnostics (at most [`crate::diag::MAX_REPORTED`]), one report
/// each, then "…and N more problems" if some were left out, and a count line when there are
/// several. `width` fixes the line width (for snapshots); `None` uses 100 columns. Control
/// characters of the input are shown escaped ([`Diagnostic::printable`]).
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
    let (shown, more) = d.reported();
    for diag in shown {
        // Text from a rule file or a record reaches the terminal with its controls escaped.
        let diag = &diag.printable();
        let widest = std::iter::once(diag.span.as_ref())
            .flatten()
            .chain(diag.extra.iter().map(|(s, _)| s))
            .map(|s| s.widest_line())
            .max_by_key(|&(_, len)| len);
        let s = match widest {
            Some(long) if long.1 > MAX_DRAWN_LINE => without_snippet(&handler, diag, long),
            _ => {
                let mut s = String::new();
                match handler.render_report(&mut s, diag) {
                    Ok(()) => s,
                    Err(_) => diag.one_line(),
                }
            }
        };
        out.push_str(&s);
        if !s.ends_with('\n') {
            out.push('\n');
        }
    }
    if more > 0 {
        out.push_str(&Diagnostics::more_line(more));
        out.push('\n');
    }
    if d.len() > 1 {
        out.push_str(&count_line(d));
        out.push('\n');
    }
    out
}

/// "3 problems found", "2 warnings found", "1 problem and 2 warnings found".
fn count_line(d: &Diagnostics) -> String {
    let warnings = d.0.iter().filter(|x| x.warning).count();
    let problems = d.len() - warnings;
    let count = |n: usize, one: &str| crate::diag::count(n, one, &format!("{one}s"));
    match (problems, warnings) {
        (p, 0) => format!("{p} problems found"),
        (0, w) => format!("{} found", count(w, "warning")),
        (p, w) => format!("{} and {} found", count(p, "problem"), count(w, "warning")),
    }
}

/// A report without the source text: code and message, the location `╭─[file:line:col]` with a
/// note instead of the lines (`long`: the number and length of the longest), then the help.
fn without_snippet(
    handler: &GraphicalReportHandler,
    d: &Diagnostic,
    long: (usize, usize),
) -> String {
    let render = |help: bool| {
        let mut s = String::new();
        match handler.render_report(&mut s, &Bare { d, help }) {
            Ok(()) => s,
            Err(_) => d.one_line(),
        }
    };
    let (head, full) = (render(false), render(true));
    let Some(span) = &d.span else {
        return full;
    };
    let (line, col) = span.line_col();
    let pad = " ".repeat(line.to_string().len() + 2);
    let location = format!(
        "{pad}╭─[{}:{line}:{col}]\n{pad}│ (not shown: line {} has {} characters)\n{pad}╰────\n",
        span.source_name(),
        long.0,
        long.1
    );
    match full.strip_prefix(&head) {
        Some(help) => format!("{head}{location}{help}"),
        None => format!("{full}{location}"),
    }
}

/// A diagnostic shown without its source: code, message and (if `help`) help only.
struct Bare<'a> {
    d: &'a Diagnostic,
    help: bool,
}

impl fmt::Debug for Bare<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.d, f)
    }
}

impl fmt::Display for Bare<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.d.message)
    }
}

impl std::error::Error for Bare<'_> {}

impl miette::Diagnostic for Bare<'_> {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.d.code().as_str()))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        let help = self.d.help.as_ref().filter(|_| self.help)?;
        Some(Box::new(help))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::{Span, text_source};

    #[test]
    fn a_span_beyond_column_65535_is_reported_without_the_line() {
        let text = format!("{}name: x\nboard: 1\n", " ".repeat(70_000));
        let src = text_source("p.yaml", &text);
        let d = Diagnostic::new(
            crate::diag::Code::SpecYaml,
            "something is wrong",
            Some(Span::new(&src, 70_000, 70_004)),
        )
        .help("fix it");
        let out = render_diagnostics(&d.into(), false, None);
        assert!(out.starts_with("ashtapada::spec::yaml\n"), "{out}");
        assert!(out.contains("× something is wrong"), "{out}");
        assert!(out.contains("╭─[p.yaml:1:70001]"), "{out}");
        assert!(
            out.contains("(not shown: line 1 has 70007 characters)"),
            "{out}"
        );
        assert!(out.contains("help: fix it"), "{out}");
        assert!(
            out.find("╭─").unwrap() < out.find("help:").unwrap(),
            "{out}"
        );
        assert!(out.len() < 1000, "{out}");
    }

    #[test]
    fn a_line_next_to_a_long_one_is_not_drawn_either() {
        let text = format!("a: 1\nb: {}\n", "x".repeat(500));
        let src = text_source("p.yaml", &text);
        let d = Diagnostic::new(
            crate::diag::Code::SpecYaml,
            "bad",
            Some(Span::new(&src, 0, 1)),
        );
        let out = render_diagnostics(&d.into(), false, None);
        assert!(out.contains("╭─[p.yaml:1:1]"), "{out}");
        assert!(
            out.contains("(not shown: line 2 has 503 characters)"),
            "{out}"
        );
        assert!(!out.contains("xxxx"), "{out}");
    }

    #[test]
    fn at_most_fifty_reports_then_a_count() {
        let src = text_source("p.yaml", "a: 1\n");
        let one = |i: usize| {
            Diagnostic::new(
                crate::diag::Code::SpecYaml,
                format!("problem {i}"),
                Some(Span::new(&src, 0, 1)),
            )
            .help("fix it")
        };
        let d = Diagnostics((0..60).map(one).collect());
        let out = render_diagnostics(&d, false, None);
        assert_eq!(out.matches("ashtapada::spec::yaml").count(), 50);
        assert!(
            out.ends_with("…and 10 more problems\n60 problems found\n"),
            "{out}"
        );
    }
}
