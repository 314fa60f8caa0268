//! The `dice:` section: how many dice are rolled, what each face lets a seat move, and
//! whether a usable die must be used.

use super::model::Text;
use crate::yaml::Node;
use crate::yaml::Reader;

/// Dice rules (`dice:`).
#[derive(Clone, Debug)]
pub struct DiceSpec {
    /// Dice rolled at the start of each turn (`count:`), 1 to 4.
    pub count: u8,
    /// Face value → the kinds a die showing it may move (`faces:`). A face listed with no
    /// kinds (`~` or `[]`) can be rolled but moves nothing.
    pub faces: Vec<(u8, Vec<Text>, Node)>,
    /// `usage: mandatory`: a seat may not end its turn while a remaining die is usable.
    /// Default `optional`.
    pub mandatory: bool,
    /// The node, for spans.
    pub node: Node,
}

/// Reads `dice: { count, faces, usage }`.
pub fn read_dice(r: &mut Reader, node: &Node) -> Option<DiceSpec> {
    let mut f = r.map(node, "the dice: { count, faces, usage }")?;
    let count = f
        .req(r, "count", "how many dice are rolled")
        .and_then(|n| r.int(n, 1, crate::vocab::MAX_DICE as i64, "the number of dice"));
    let mut faces = Vec::new();
    if let Some(fnode) = f.req(r, "faces", "face value → piece kinds")
        && let Some(mut ff) = r.map(fnode, "face value → piece kinds")
    {
        for (k, v) in ff.rest() {
            let value = match k.name.parse::<u8>() {
                Ok(x) if (1..=64).contains(&x) => x,
                _ => {
                    r.error(
                        crate::diag::Diagnostic::new(
                            crate::diag::Code::SpecDieFace,
                            format!("`{}` is not a die face", k.name),
                            Some(k.span.clone()),
                        )
                        .label("expected a face value from 1 to 64")
                        .help("write faces as numbers, e.g. `faces: { 1: [pawn, king], 2: boat }`"),
                    );
                    continue;
                }
            };
            let kinds = r
                .list(v)
                .into_iter()
                .filter_map(|n| {
                    r.string(n, "a piece name").map(|value| Text {
                        value,
                        node: n.clone(),
                    })
                })
                .collect();
            faces.push((value, kinds, v.clone()));
        }
    }
    let mandatory = f
        .opt("usage")
        .and_then(|n| r.word(n, &["optional", "mandatory"], "dice usage"))
        .is_some_and(|w| w == "mandatory");
    f.finish(r, "dice", &["count", "faces", "usage"]);
    Some(DiceSpec {
        count: count? as u8,
        faces,
        mandatory,
        node: node.clone(),
    })
}
