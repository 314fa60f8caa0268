//! The `cli` test binary: one link for every integration test of this crate, one module
//! per file.

mod arguments;
mod driver;
mod history_stuck;
mod hostile_players;
mod limits;
mod outputs;
mod parallel;
mod pgn;
mod players;
mod repl_pty;
mod repl_stdin;
mod uci;
mod uci_clients;
mod usi;
mod values;
mod xboard;
