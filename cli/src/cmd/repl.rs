//! `ashtapada repl [VARIANT]` and `ashtapada play VARIANT --human SEAT…`: the interactive loop
//! on a terminal, a script (one command per line) otherwise.

use super::Failure;
use crate::args::{PlayArgs, ReplArgs};
use crate::repl::{Session, Setup, run_interactive, run_lines};
use std::io::{IsTerminal, Write};

pub fn run_repl(a: &ReplArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let setup = Setup {
        variant: a.variant.clone(),
        set: a.set.clone(),
        seed: a.seed,
        ..Setup::default()
    };
    run(setup, out)
}

pub fn run_play(a: &PlayArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let setup = Setup {
        variant: Some(a.v.variant.clone()),
        set: a.v.set.clone(),
        seed: a.seed,
        humans: Some(a.human.clone()),
        level: Some(a.level.clone()),
        open: a.open.clone(),
        ..Setup::default()
    };
    run(setup, out)
}

/// Interactive on a terminal (colour unless `NO_COLOR`), scripted otherwise.
fn run(mut setup: Setup, out: &mut dyn Write) -> Result<(), Failure> {
    let interactive = std::io::stdin().is_terminal();
    setup.color =
        interactive && std::env::var_os("NO_COLOR").is_none() && std::io::stdout().is_terminal();
    if interactive {
        setup.board.get_or_insert(true);
    }
    let mut session = Session::new(&setup).map_err(Failure::Message)?;
    // Ctrl-C stops the running command (perft, ai, autoplay, the computer players); a script
    // waiting for its next line ends (exit 130, as a shell's child killed by it). At a prompt
    // the terminal is raw: rustyline reads Ctrl-C as a key and cancels the line.
    let _ = signal_hook::flag::register_conditional_shutdown(
        signal_hook::consts::SIGINT,
        130,
        session.idle_flag(),
    );
    let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, session.stop_flag());
    if interactive {
        return run_interactive(&mut session, out).map_err(Failure::Message);
    }
    run_lines(&mut session, std::io::stdin().lock(), out, false);
    Ok(())
}
