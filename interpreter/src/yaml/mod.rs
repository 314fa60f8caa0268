//! Typed reading of YAML with spans: the [`Node`] tree (serde-saphyr, a span on every value),
//! [`merge`] for `extends:` and options, and the [`Reader`] that turns nodes into typed values
//! with located errors. The rule-file model (`spec`) and the rule modules (`rules`), in the
//! layers above, read their keys with it.

mod node;
mod read;

pub use node::{Key, MAX_FILE_BYTES, Node, Value, merge, parse_yaml};
pub use read::{Fields, Reader, Text, unknown_name};
