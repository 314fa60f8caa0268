//! The `ashtapada` command. Everything happens in [`ashtapada_cli::run`].

fn main() {
    let code = ashtapada_cli::run(
        std::env::args_os(),
        &mut std::io::stdout(),
        &mut std::io::stderr(),
    );
    std::process::exit(code);
}
