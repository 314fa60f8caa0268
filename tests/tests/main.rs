//! The `conformance` test binary: one link for every integration test of this crate, one module
//! per file.

mod agents;
mod attack_table;
mod cambodian_rules;
mod chaturaji_positions;
mod chaturaji_rules;
mod chaturanga_rules;
mod chess_rules;
mod combinations;
mod compose;
mod consistency;
mod diagnostics;
mod docs;
mod family_perft;
mod function_length;
mod hardening;
mod hostile;
mod layers;
mod legs;
mod move_table;
mod options;
mod perft;
mod perft_two;
mod position_errors;
mod position_string;
mod properties;
mod records;
mod regions;
mod repl;
mod rust_source;
mod simulate;
mod simulate_cli;
mod yonin_positions;
mod yonin_rules;
