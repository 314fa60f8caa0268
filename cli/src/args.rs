//! Command-line arguments (clap derive).

use clap::{Args, Parser, Subcommand};

/// ashtapada — rule files, engine and simulator for the chess family's dice, multi-player and
/// ancient games.
#[derive(Debug, Parser)]
#[command(name = "ashtapada", version, about, long_about = None, propagate_version = true)]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// A variant and an option assignment.
#[derive(Debug, Args, Clone)]
pub struct VariantArgs {
    /// A built-in variant name (see `ashtapada list`) or the path of a rule file.
    pub variant: String,
    /// Choose a local rule: OPTION=CHOICE (repeatable), e.g. `--set bare-king=off`.
    #[arg(long = "set", value_name = "OPT=CHOICE")]
    pub set: Vec<String>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the built-in variants and their options with defaults.
    List,
    /// Validate rule files, reporting every problem at once (exit 1 if any).
    Check {
        /// Rule files (or built-in names) to check.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Show the compiled rules and a move-table summary.
    Explain {
        #[command(flatten)]
        v: VariantArgs,
    },
    /// Count leaf nodes of the legal-move tree; the last line is `nodes N`.
    Perft(PerftArgs),
    /// Play seeded games between agents and report win shares with intervals, scores, game
    /// length, end reasons and rule events; sweep local rules with paired seeds.
    Simulate(Box<SimulateArgs>),
    /// Combine the JSON reports of `simulate --shard K/N` runs into the report of the whole run.
    Merge(MergeArgs),
    /// Replay a game record (JSON or YAML): print the final position string, the scores and
    /// the result (exit 1 if an action does not replay).
    Replay(ReplayArgs),
    /// Step through positions interactively: moves, dice, undo/redo, local rules, perft,
    /// the computer; reads one command per line when standard input is not a terminal.
    Repl(ReplArgs),
    /// Speak UCI on standard input and output, for GUIs and match runners (cutechess-cli):
    /// every two-seat variant, chosen with the `UCI_Variant` option (see the README,
    /// "Protocols").
    Uci(UciArgs),
    /// Speak USI on standard input and output, for shogi GUIs: the two-seat variants with
    /// drops (shogi first), chosen with the `USI_Variant` option (see docs/protocols.md).
    Usi,
    /// Speak XBoard/CECP (protocol 2) on standard input and output, for XBoard and
    /// cutechess-cli: every two-seat variant under Fairy-Stockfish's names, chosen with
    /// `variant` (see docs/protocols.md).
    Xboard(UciArgs),
    /// Play against the computer: the seats named with `--human` are people, every other seat
    /// is a computer player.
    Play(PlayArgs),
    /// What each piece kind is worth: its start value from its mobility on the board, and its
    /// value fitted to the results of seeded self-play, with a 95% bootstrap interval.
    Values(ValuesArgs),
    /// Measure perft speed (nodes per second) and playouts per second of random and greedy
    /// agents (one thread and every core) for each built-in variant.
    Bench {
        /// Perft depth.
        #[arg(long, default_value_t = 6)]
        depth: u32,
        /// Only these variants (default: every built-in variant).
        variants: Vec<String>,
    },
}

/// Arguments of `values`.
#[derive(Debug, Args)]
pub struct ValuesArgs {
    #[command(flatten)]
    pub v: VariantArgs,
    /// Self-play games to fit on (at least 1).
    #[arg(long, default_value_t = 400, allow_hyphen_values = true, value_parser = whole::<u64>)]
    pub games: u64,
    /// Base seed: the same command fits on the same games.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true, value_parser = whole::<u64>)]
    pub seed: u64,
    /// The agent of every seat in the self-play games.
    #[arg(long, default_value = "easy")]
    pub agent: String,
    /// Ply cap per game (a capped game counts as a draw).
    #[arg(long, default_value_t = 300, allow_hyphen_values = true, value_parser = whole::<u32>)]
    pub max_plies: u32,
    /// Bootstrap resamples of the games for the intervals.
    #[arg(long, default_value_t = 40, allow_hyphen_values = true, value_parser = whole::<usize>)]
    pub resamples: usize,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Also write a rule file that `extends:` the variant with the fitted `values:` section
    /// (refused if the file exists, or if the variant's file is not in its folder or below).
    #[arg(long, value_name = "FILE.yaml")]
    pub write: Option<std::path::PathBuf>,
    /// Also save the fit to the fitted-values cache (`NAME.yaml` in `$ASHTAPADA_VALUES_CACHE`,
    /// else `$XDG_CACHE_HOME/ashtapada/values`, else `~/.cache/ashtapada/values`), replacing
    /// any saved before: from then on the search grades (easy, medium, hard) evaluate the
    /// variant of that name with it; `greedy` and the rule file's `values:` are unchanged.
    #[arg(long)]
    pub save: bool,
    /// Also fit the weights of the positional terms (two seats without dice): a second table
    /// and a `weights:` line, which `--save` saves too.
    #[arg(long)]
    pub weights: bool,
    /// Fit on the games of this PGN file (two seats without dice; each game from its `FEN`
    /// tag or the start, SAN moves, its result from the movetext or the `Result` tag) instead
    /// of self-play: a match between outside engines, say. Every quiet position is sampled.
    #[arg(long, value_name = "FILE.pgn", conflicts_with_all = ["games", "agent", "max_plies"])]
    pub games_from: Option<std::path::PathBuf>,
    /// Also fit piece-square tables on top of the evaluation (two seats without dice): per
    /// kind, units in the middle and the end game for each square of the piece's own frame,
    /// printed rank by rank (the far rank first), which `--save` saves as the `squares:`
    /// section. Hundreds of weights: fit on thousands of games or scored positions.
    #[arg(long)]
    pub squares: bool,
    /// Fit on the scored positions of this EPD file instead of games (two seats without dice):
    /// one position per line, its four FEN fields, then `ce N;` (an engine's score in
    /// centipawns for the seat to move, read as an expected share on the Elo curve: 400
    /// centipawns are odds of ten to one) or `c9 "1-0";` (the result of its game), and `id
    /// "…";` to resample the positions of one game together. Positions in check are left out.
    #[arg(long, value_name = "FILE.epd", conflicts_with_all = ["games", "agent", "max_plies", "games_from"])]
    pub positions_from: Option<std::path::PathBuf>,
}

/// Arguments of `perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    #[command(flatten)]
    pub v: VariantArgs,
    /// Depth in plies (dice rolls count as plies in dice variants).
    #[arg(allow_negative_numbers = true, value_parser = whole::<u32>)]
    pub depth: u32,
    /// Start from this position instead of the setup: FEN (two-seat variants) or an extended
    /// position string (any variant; see the README, "Position strings").
    #[arg(long, visible_alias = "position", value_name = "POSITION")]
    pub fen: Option<String>,
    /// Dice variants: roll these values first (e.g. `--dice 1,5`); the root is then the
    /// seat's first action after that roll.
    #[arg(long, value_delimiter = ',', value_name = "A,B")]
    pub dice: Vec<u8>,
    /// Print one line `MOVE: COUNT` per root move before the total.
    #[arg(long)]
    pub divide: bool,
}

/// Arguments of `simulate`.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    #[command(flatten)]
    pub v: VariantArgs,
    /// Games per option assignment (at least 1); with `--precision`, the most games.
    #[arg(long, default_value_t = 1000, allow_hyphen_values = true, value_parser = whole::<u64>)]
    pub games: u64,
    /// Play games in seeded batches (games 0..B, B..2B, …) until every reported win-share
    /// difference's 95% interval (and, outside sweeps, every win share's) is within ±P
    /// percentage points, or `--games` is reached; the same command plays the same games.
    #[arg(long, value_name = "P", allow_negative_numbers = true)]
    pub precision: Option<f64>,
    /// Games per batch under `--precision`.
    #[arg(long, value_name = "B", default_value_t = 1000, allow_hyphen_values = true, value_parser = whole::<u64>)]
    pub batch: u64,
    /// Base seed: game K uses the generator of (seed, K), so runs are reproducible and every
    /// assignment of a sweep plays the same seeds.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true, value_parser = whole::<u64>)]
    pub seed: u64,
    /// Agents: one name for every seat, or one per seat in turn order (random, greedy, easy,
    /// medium, hard); outside players `uci:COMMAND nodes=N` (a UCI engine; or `movetime=MS`,
    /// `depth=D`) and `cmd:COMMAND` (a program speaking the JSON-lines protocol, see the
    /// README's "Protocols"). A command is split into words as a shell would (quote a path
    /// with spaces: `"cmd:'/my dir/p.py'"`), run without a shell, and holds no comma.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "random",
        value_name = "A[,B,C,D]"
    )]
    pub agents: Vec<String>,
    /// Rotate the `--agents` list across the seats game by game (game K: seat S is played by
    /// agent (S + K) mod N), so that every agent plays every seat equally often; the report
    /// adds each agent's win share. Off by default: without it seat S is always played by
    /// agent S mod N, and existing seeded runs stay as they were.
    #[arg(long)]
    pub rotate: bool,
    /// Start the games from the positions in this file, one per line (FEN or EPD for
    /// two-seat variants, position strings otherwise; blank lines and `#` comments
    /// skipped), cycled through: game K plays opening K mod N, or (K / agents) mod N with
    /// `--rotate`, so each opening is played once in every rotation.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<std::path::PathBuf>,
    /// Sweep an option through its choices (repeatable; every combination is played):
    /// `--sweep promotion`, integer options through given values `--sweep round-limit=20,30,50`,
    /// `--sweep all` (every combination of every option that changes play), or `--sweep each`
    /// (every option that changes play, one at a time). The `--set` choice (or the default)
    /// is the baseline the others are compared with.
    #[arg(long, value_name = "OPT[=V1,V2…]|all|each")]
    pub sweep: Vec<String>,
    /// Worker threads (0: one per core; at most one per core); the results do not depend on it.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true, value_parser = whole::<usize>)]
    pub threads: usize,
    /// Stop a game after this many plies (dice rolls count), reported as `ply-cap`.
    #[arg(long, default_value_t = 10_000, allow_hyphen_values = true, value_parser = whole::<u32>)]
    pub max_plies: u32,
    /// An outside player (`uci:`, `cmd:`) that stays silent this long (seconds; beyond a UCI
    /// `movetime`) fails the run.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 60.0,
        allow_negative_numbers = true
    )]
    pub agent_timeout: f64,
    /// Play only the games whose index ≡ K (mod N); combine the JSON outputs of all N shards
    /// with `ashtapada merge`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    #[command(flatten)]
    pub output: OutputArgs,
    /// Write each game's record (JSON, replayable with `ashtapada replay`) into this folder, as
    /// `game-K.json` (in a sweep, one subfolder per assignment).
    /// The folder must be new or empty, so that the records of two runs do not mix.
    #[arg(long, value_name = "DIR")]
    pub records: Option<std::path::PathBuf>,
    /// With `--records`: `json` (the default, the records `replay` reads with every detail) or
    /// `pgn` (`game-K.pgn`: SAN moves with the `Variant` and `FEN` tags, for chess tools;
    /// two-seat variants without dice; `replay` reads it back).
    #[arg(long, value_name = "FORMAT", requires = "records", default_value = "json", value_parser = ["json", "pgn"])]
    pub records_format: String,
    /// With `--records`: first delete the records an earlier run left in the folder
    /// (`game-K.json` files and sweep subfolders); a folder holding anything else is still
    /// refused.
    #[arg(long, requires = "records")]
    pub force: bool,
    /// Write one CSV row per game (assignment, game, seed, options, first seat, each seat's
    /// rank and score, winners, plies, rounds, end reason, rule events) to this file.
    #[arg(long, value_name = "FILE.csv")]
    pub per_game: Option<std::path::PathBuf>,
}

/// Arguments of `merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The JSON reports of the shards (`simulate --shard K/N --format json`).
    #[arg(required = true)]
    pub reports: Vec<std::path::PathBuf>,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Where and how a simulation report is written (`simulate`, `merge`).
#[derive(Debug, Args)]
pub struct OutputArgs {
    /// Output: a readable table, CSV (one row per assignment) or JSON (schema in the README,
    /// "Simulation output"; what `merge` reads).
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// Write the report to this file instead of standard output: a regular file (replaced
    /// whole when the run ends) or a new one, not an input or the `--plot` file.
    #[arg(long, value_name = "FILE")]
    pub out: Option<std::path::PathBuf>,
    /// Also draw the report: each assignment's difference from the baseline (a forest plot),
    /// the win shares with the fair share, the game-length distributions and, for factorial
    /// sweeps, the main effects. SVG, or PNG when the name ends in `.png`.
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    pub plot: Option<std::path::PathBuf>,
}

/// Output formats of `simulate` and `merge`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Tables for people.
    Table,
    /// CSV, one row per option assignment.
    Csv,
    /// One JSON object.
    Json,
}

/// Arguments of `replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The record file: JSON, or YAML.
    pub record: String,
    /// Take the rules from this built-in variant or rule file instead of the record's
    /// `variant` (the record's options still apply).
    #[arg(long, value_name = "VARIANT")]
    pub rules: Option<String>,
}

/// Arguments of `uci`.
#[derive(Debug, Args)]
pub struct UciArgs {
    /// Offer the variant of this rule file from the start, as `setoption name VariantPath`
    /// would (repeatable): clients that read `UCI_Variant`'s choices only in the handshake,
    /// such as python-chess, can then select it.
    #[arg(long = "variant-path", value_name = "FILE")]
    pub variant_path: Vec<String>,
}

/// Arguments of `repl`.
#[derive(Debug, Args)]
pub struct ReplArgs {
    /// A built-in variant name or the path of a rule file (default: chaturanga).
    pub variant: Option<String>,
    /// Choose a local rule: OPTION=CHOICE (repeatable).
    #[arg(long = "set", value_name = "OPT=CHOICE")]
    pub set: Vec<String>,
    /// Seed of the dice (`roll`) and of the computer players.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true, value_parser = whole::<u64>)]
    pub seed: u64,
}

/// Arguments of `play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub v: VariantArgs,
    /// The seats people play, by name as in the rule file (e.g. `--human red`); every other
    /// seat is played by the computer.
    #[arg(long, required = true, num_args = 1.., value_name = "SEAT")]
    pub human: Vec<String>,
    /// The computer players' strength.
    #[arg(long, default_value = "medium",
          value_parser = clap::builder::PossibleValuesParser::new(ashtapada::agents::AGENT_NAMES))]
    pub level: String,
    /// Seed of the dice and of the computer players.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true, value_parser = whole::<u64>)]
    pub seed: u64,
    /// Resume a saved game (a game record written by `save`).
    #[arg(long, value_name = "FILE")]
    pub open: Option<String>,
}

/// Reads a whole-number option (`--games`, `--seed`, `--threads` …): a negative, fractional
/// or non-numeric value gets this message — clap's own says "invalid digit" or, for `-1`,
/// suggests `-- -1`, which would pass the number as a positional argument instead.
fn whole<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    let t = text.trim();
    t.parse::<T>().map_err(|_| {
        if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            format!("`{t}` is too large")
        } else {
            format!(
                "a whole number (0 or more) is needed, not `{}`",
                text.escape_debug()
            )
        }
    })
}
