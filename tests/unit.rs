//! RULES.md §3, units: kinds and formations by name and which go together, quality's morale
//! value, command levels, fatigue levels, what a unit counts for stacking, its front, and when
//! it is spent.

use bayonet::rules::hex::Facing;
use bayonet::rules::unit::{
    CavalryKind, CommandLevel, FatigueLevel, Formation, Quality, Side, UnitKind,
};

use crate::common::Field;

/// §3: two sides, each the other's enemy.
#[test]
fn s3_each_side_is_the_others_enemy() {
    assert_eq!(Side(0).enemy(), Side(1));
    assert_eq!(Side(1).enemy(), Side(0));
}

/// §3's table: the kinds and formations by name, and which formations each kind may take
/// (supply wagons column only, leaders mounted only).
#[test]
fn s3_kinds_formations_and_which_go_together() {
    use Formation::*;
    use UnitKind::*;
    let kinds = [
        (Infantry, "infantry", vec![Line, Column]),
        (Cavalry, "cavalry", vec![Mounted, Dismounted, Dismounting]),
        (Artillery, "artillery", vec![Limbered, Unlimbered]),
        (Supply, "supply wagon", vec![Column]),
        (Leader, "leader", vec![Mounted]),
    ];
    let all = [
        (Line, "line"),
        (Column, "column"),
        (Mounted, "mounted"),
        (Dismounted, "dismounted"),
        (Dismounting, "dismounting"),
        (Limbered, "limbered"),
        (Unlimbered, "unlimbered"),
    ];
    for (f, name) in all {
        assert_eq!(f.name(), name);
    }
    for (kind, name, valid) in kinds {
        assert_eq!(kind.name(), name);
        for (f, _) in all {
            assert_eq!(f.valid_for(kind), valid.contains(&f), "{kind:?} {f:?}");
        }
    }
}

/// §9.6 morale values by quality, A 6 down to F 1; §15 command levels (D-bod-5) and cavalry
/// kinds (D-aus-3), brigade and light by default.
#[test]
fn s3_quality_morale_command_levels_and_cavalry_kinds() {
    use Quality::*;
    let morale: Vec<i32> = [A, B, C, D, E, F].iter().map(|q| q.morale()).collect();
    assert_eq!(morale, [6, 5, 4, 3, 2, 1]);
    assert_eq!(CommandLevel::default(), CommandLevel::Brigade);
    for (c, brigade) in [
        (CommandLevel::Brigade, true),
        (CommandLevel::Division, false),
        (CommandLevel::Corps, false),
        (CommandLevel::Army, false),
    ] {
        assert_eq!(
            (c.is_brigade(), c.is_general()),
            (brigade, !brigade),
            "{c:?}"
        );
    }
    assert_eq!(CavalryKind::default(), CavalryKind::Light);
    assert!(CavalryKind::Light.is_light());
    assert!(!CavalryKind::Heavy.is_light() && !CavalryKind::Lancer.is_light());
}

/// §3 fatigue 0–900 in four levels: Low below 300, Medium below 600, High below 900,
/// Maximum at 900; each by name.
#[test]
fn s3_fatigue_levels_and_their_edges() {
    let cases = [
        (0, FatigueLevel::Low, "low"),
        (299, FatigueLevel::Low, "low"),
        (300, FatigueLevel::Medium, "medium"),
        (599, FatigueLevel::Medium, "medium"),
        (600, FatigueLevel::High, "high"),
        (899, FatigueLevel::High, "high"),
        (900, FatigueLevel::Maximum, "maximum"),
    ];
    for (fatigue, level, name) in cases {
        assert_eq!(FatigueLevel::of(fatigue), level, "{fatigue}");
        assert_eq!(level.name(), name);
    }
}

/// §5 stacking counts each gun as 50 men and a leader as none; §3 a unit is spent with no men
/// (a battery: no guns, whatever its crew), a leader never by losses; mounted and dismounted
/// cavalry by formation; the front is the three hexes across the faced hexside and its two
/// neighbours (§4).
#[test]
fn s3_stacking_men_spent_cavalry_and_front() {
    let mut f = Field::new(10, 8);
    let h = f.center();
    let foot = f.add(0, UnitKind::Infantry, h, Facing::N, 300);
    let guns = f.add(0, UnitKind::Artillery, h, Facing::N, 4);
    f.unit(guns).men = 60;
    let leader = f.add(0, UnitKind::Leader, h, Facing::N, 0);
    let horse = f.add(0, UnitKind::Cavalry, h, Facing::N, 200);
    let b = f.board();
    let men = |id| b.unit(id).unwrap().stacking_men(50);
    assert_eq!(
        (men(foot), men(guns), men(leader), men(horse)),
        (300, 200, 0, 200)
    );
    let mut u = b.unit(guns).unwrap().clone();
    assert!(!u.is_spent());
    u.guns = 0;
    assert!(u.is_spent(), "no guns: spent, crew or not");
    let mut u = b.unit(foot).unwrap().clone();
    u.men = 1;
    assert!(!u.is_spent());
    u.men = 0;
    assert!(u.is_spent());
    assert!(!b.unit(leader).unwrap().is_spent());
    let mut c = b.unit(horse).unwrap().clone();
    assert!(c.is_mounted_cavalry() && !c.is_dismounted_cavalry());
    c.formation = Formation::Dismounted;
    assert!(!c.is_mounted_cavalry() && c.is_dismounted_cavalry());
    c.formation = Formation::Dismounting;
    assert!(!c.is_mounted_cavalry() && !c.is_dismounted_cavalry());
    let mut i = b.unit(foot).unwrap().clone();
    i.formation = Formation::Mounted;
    assert!(!i.is_mounted_cavalry(), "only cavalry is cavalry");
    assert_eq!(
        b.unit(foot).unwrap().front_hexes(),
        [
            h + Facing::NW.step(),
            h + Facing::N.step(),
            h + Facing::NE.step()
        ]
    );
}
