//! Which rule modules a resolved rule file switches on: read by the rules layer
//! ([`crate::rules::compose`]), stored in the [`RuleSpec`](super::RuleSpec).

pub use crate::rules::compose::{MODULES, Switch, switches};
