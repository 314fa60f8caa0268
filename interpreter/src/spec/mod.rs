//! The rule-file model: YAML with spans, `extends:`, options, and the typed [`RuleSpec`].
//!
//! Pipeline: text → [`Node`] tree (serde-saphyr, spans on every value) → parents merged
//! (`extends:`) → option choices merged → typed [`RuleSpec`] (unknown keys are errors).

mod catalogue;
mod digest;
pub mod fitted;
mod load;
mod model;
mod options;
mod scharnagl;
mod switches;

pub use crate::yaml::unknown_name;
pub use crate::yaml::{Key, Node, Value, merge, parse_yaml};
pub use catalogue::{CATALOGUE, Group, NOT_YET, SEEDS, all_builtins, builtin, not_yet_playable};
pub use digest::RulesDigest;
pub use load::{
    BUILTIN, Leniently, RuleFile, file_kind, load, load_leniently, load_referenced, load_str,
};
pub use model::{
    ConditionSpec, EndSpec, MovementSpec, PieceSpec, PromotionSpec, RegionMoveSpec, ResultKind,
    RuleSpec, SeatSpec, SetupSpec, Text, loose_texts,
};
pub use options::{Assignment, Choice, IntegerOption, OptionSpec, combinations, product};
pub use switches::{Switch, switch_names, switches};
