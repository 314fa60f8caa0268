//! Options as compiled: a chosen number is normalised before the variant sees it, and a
//! choice that is not one is refused.

use ashtapada::{Assignment, load_variant};

#[test]
fn numbers_are_normalised_and_a_plus_sign_is_refused() {
    let set = |item: &str| load_variant("chaturanga", &Assignment::parse(&[item]).unwrap());
    let v = set("move-rule=05").unwrap();
    assert_eq!(v.assignment.get("move-rule"), Some("5"));
    // 5 moves of each seat: 10 plies.
    assert_eq!(v.rules.move_rule.map(|r| r.plies), Some(10));
    let e = set("move-rule=+5").unwrap_err();
    assert_eq!(e.0[0].message, "`+5` is not a choice of option `move-rule`");
    assert!(set("move-rule=-0").is_err());
}
