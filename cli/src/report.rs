//! Rendering diagnostics with miette's graphical handler ([`ashtapada::report`]), in colour on
//! a terminal.

use std::io::IsTerminal;

pub use ashtapada::report::render_diagnostics;

/// True when colour should be used: standard error is a terminal and `NO_COLOR` is unset.
pub fn color_enabled() -> bool {
    std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal()
}
