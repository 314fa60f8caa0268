//! Which rule modules a resolved rule file switches on: read by the rules layer
//! ([`crate::rules::compose`], from every registry module's switch keys), stored in the
//! [`RuleSpec`](super::RuleSpec).

pub use crate::rules::compose::{Switch, switch_names, switches};
