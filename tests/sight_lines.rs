//! Issue 74: the historical lines see the fields they swept, and the reverse slopes history used
//! still hide — for every battle of the library, on its map as `maps/sources/` draws it (RULES.md
//! §7 D-los-1…5). Each look names who fired at what, or who hid where, and what it rests on.

use bayonet::rules::map::Coord;
use bayonet::rules::scenario::load_file;
use bayonet::rules::sight::look;

/// Seen (`true`) or hidden (`false`), from a hex to a hex (column, row), and why.
type Look = (bool, (i32, i32), (i32, i32), &'static str);

const LOOKS: &[(&str, &[Look])] = &[
    (
        "picketts_charge",
        &[
            (
                true,
                (18, 19),
                (9, 17),
                "Dow's 6th Maine, McGilvery's line, on Kemper's men crossing the Emmitsburg road (OR 27/1, McGilvery)",
            ),
            (
                true,
                (18, 19),
                (10, 23),
                "Dow's guns on Kemper's right in the fields south of the Rogers house",
            ),
            (
                true,
                (18, 20),
                (9, 19),
                "Phillips's 5th Massachusetts enfilading Kemper's right as it obliqued north (OR 27/1)",
            ),
            (
                true,
                (18, 21),
                (9, 21),
                "Hart's 15th New York Independent Battery on the same fields (OR 27/1)",
            ),
            (
                true,
                (18, 13),
                (9, 15),
                "Rorty's B/1st New York south of the copse on Pickett's advance (OR 27/1)",
            ),
            (
                true,
                (16, 9),
                (9, 16),
                "Cushing's A/4th US at the Angle on Garnett's and Kemper's lines (OR 27/1)",
            ),
            (
                true,
                (16, 9),
                (8, 17),
                "Cushing's guns at long range on the lines leaving Spangler's woods",
            ),
            (
                true,
                (16, 10),
                (9, 16),
                "Brown's B/1st Rhode Island on the crest south of the Angle (OR 27/1, Hazard)",
            ),
            (
                true,
                (17, 15),
                (9, 19),
                "Cowan's 1st New York Independent Battery on the crest south of the copse, on Kemper's men (Cowan's report)",
            ),
            (
                true,
                (16, 6),
                (7, 10),
                "Woodruff's I/1st US at the front of Ziegler's Grove on Pettigrew's and Trimble's lines (OR 27/1, Hazard)",
            ),
            (
                true,
                (11, 18),
                (9, 17),
                "the 14th Vermont, two hexes off, on Kemper's flank (OR 27/1, Stannard)",
            ),
            (
                true,
                (17, 16),
                (14, 15),
                "a line on the crest south of the copse down the open face before it",
            ),
            (
                true,
                (9, 19),
                (17, 16),
                "Miller's Washington Artillery on the Emmitsburg road line on the crest it shelled",
            ),
            (
                false,
                (9, 19),
                (22, 19),
                "the reverse slope of Cemetery Ridge to the Taneytown road: the cannonade overshot the unseen crest into the Union rear (Alexander; Hess)",
            ),
            (
                false,
                (5, 9),
                (23, 8),
                "Meade's headquarters at the Leister house behind the crest, out of sight of Pegram's guns",
            ),
        ],
    ),
    (
        "little_round_top",
        &[
            (
                true,
                (12, 5),
                (10, 6),
                "Hazlett's guns on the summit over the west face the Texans climbed (OR 27/1; Norton)",
            ),
            (
                true,
                (12, 5),
                (9, 7),
                "Hazlett's guns into Plum Run's valley",
            ),
            (
                true,
                (12, 5),
                (7, 9),
                "Hazlett's Parrotts on Devil's Den (OR 27/1)",
            ),
            (
                true,
                (11, 8),
                (9, 8),
                "the 44th New York on the spur down on Robertson's Texans from Plum Run (OR 27/1, Vincent's brigade)",
            ),
            (
                true,
                (13, 9),
                (13, 11),
                "the 20th Maine on the spur at the 15th Alabama through the saddle (Chamberlain; Oates)",
            ),
            (
                false,
                (7, 9),
                (16, 7),
                "the farm lane behind the spur by which Vincent's brigade came up unseen from Devil's Den",
            ),
        ],
    ),
    (
        "the_cornfield",
        &[
            (
                true,
                (9, 11),
                (8, 13),
                "the Iron Brigade on the pike ridge into J. R. Jones's men west of the pike (OR 19/1, Gibbon)",
            ),
            (
                true,
                (10, 8),
                (11, 14),
                "Campbell's B/4th US by the Miller farm firing canister into the corn at Hood's Texans",
            ),
            (
                true,
                (14, 9),
                (13, 13),
                "Matthews's battery on the ridge north of the corn into the Cornfield",
            ),
            (
                true,
                (12, 15),
                (12, 13),
                "Douglass's Georgians at the corn's south edge on Duryée's men coming through it",
            ),
            (
                true,
                (11, 22),
                (12, 14),
                "S. D. Lee's guns on the Dunker Church plateau north across the Cornfield",
            ),
            (
                true,
                (2, 5),
                (9, 7),
                "Pelham's guns on Nicodemus Heights enfilading the Iron Brigade on the pike",
            ),
            (
                false,
                (14, 9),
                (15, 18),
                "the swale south of the East Woods where Trimble's brigade lay under the Cornfield's swell",
            ),
        ],
    ),
    (
        "burnside_bridge",
        &[
            (
                true,
                (7, 6),
                (9, 7),
                "the 20th Georgia on the bluff down on the east-bank road Nagle's assault followed (OR 19/1)",
            ),
            (
                true,
                (7, 8),
                (11, 10),
                "the 2nd Georgia on the 2nd Maryland's and 6th New Hampshire's charge (OR 19/1, Nagle)",
            ),
            (
                true,
                (7, 6),
                (10, 5),
                "the 20th Georgia on the 51st New York and 51st Pennsylvania rushing the bridge",
            ),
            (
                true,
                (13, 3),
                (7, 6),
                "Benjamin's 20-pdr Parrotts on the heights shelling the Georgians' bluff (OR 19/1)",
            ),
            (
                false,
                (7, 6),
                (15, 4),
                "Ferrero's regiments formed behind the crest of the heights before their charge",
            ),
        ],
    ),
    (
        "brandy_station",
        &[
            (
                true,
                (35, 34),
                (41, 36),
                "Carter's howitzer by the Fleetwood house on the east face where Gregg's troopers charged (McClellan 1885)",
            ),
            (
                true,
                (35, 37),
                (41, 40),
                "the Fleetwood crest on the slope Wyndham's column rode up from the station",
            ),
            (
                true,
                (36, 31),
                (42, 33),
                "Fleetwood's north shoulder on the plain of Kilpatrick's charge",
            ),
            (
                true,
                (50, 20),
                (49, 15),
                "Beckham's horse artillery at St. James Church on the 6th Pennsylvania's charge (OR 27/1)",
            ),
            (
                true,
                (40, 18),
                (44, 18),
                "W. H. F. Lee's dismounted 13th Virginia at the Cunningham stone wall on Buford's Reserve Brigade",
            ),
            (
                false,
                (44, 18),
                (36, 14),
                "Lee's mounted reserve behind the crest of Yew Ridge, out of Buford's sight",
            ),
        ],
    ),
    (
        "railroad_cut",
        &[
            (
                true,
                (45, 28),
                (38, 27),
                "Calef's A/2nd US by the pike on Heth's columns coming down Herr Ridge (Calef, OR 27/1)",
            ),
            (
                true,
                (45, 29),
                (41, 28),
                "Gamble's dismounted troopers on McPherson's crest at Archer's crossing of Willoughby Run",
            ),
            (
                true,
                (46, 21),
                (42, 20),
                "Cutler's line north of the cut on Davis's Mississippians crossing the run",
            ),
            (
                true,
                (35, 27),
                (44, 28),
                "Pegram's battalion on Herr Ridge on Buford's line on McPherson's Ridge",
            ),
            (
                true,
                (55, 32),
                (48, 33),
                "Wainwright's guns at the Seminary on Perrin's attack across the swale",
            ),
            (
                true,
                (50, 10),
                (47, 19),
                "Carter's battalion on Oak Hill into the flank of the I Corps north of the pike",
            ),
            (
                false,
                (35, 27),
                (49, 28),
                "the swale behind McPherson's Ridge where the I Corps reserves came up unseen from Herr Ridge",
            ),
        ],
    ),
    (
        "henry_house_hill",
        &[
            (
                true,
                (9, 11),
                (12, 12),
                "Ricketts's I/1st US by the Henry house on the Rockbridge Artillery across the plateau (OR 2, Ricketts)",
            ),
            (
                true,
                (10, 10),
                (14, 11),
                "Griffin's D/5th US by the Henry house on Stanard's battery (OR 2, Griffin)",
            ),
            (
                true,
                (10, 13),
                (9, 11),
                "the 33rd Virginia's volley on the Union guns from Jackson's left (Hennessy)",
            ),
            (
                true,
                (8, 12),
                (10, 13),
                "the 1st Minnesota exchanging fire with the 33rd Virginia at close range",
            ),
            (
                false,
                (9, 11),
                (13, 13),
                "Jackson's 4th Virginia lying behind the crest on which his guns stood",
            ),
        ],
    ),
    (
        "jacksons_flank_attack",
        &[
            (
                true,
                (24, 14),
                (22, 13),
                "Pleasonton's guns at Hazel Grove on the Confederates leaving the woods over Scott's Run (OR 25/1)",
            ),
            (
                true,
                (24, 14),
                (29, 10),
                "Hazel Grove against the Fairview crest",
            ),
            (
                true,
                (28, 9),
                (26, 9),
                "Best's XII Corps guns on Fairview on the woods' edge where Jackson's lines came up",
            ),
            (
                true,
                (8, 8),
                (6, 7),
                "Dieckmann's two west-facing guns at the Talley farm on the lines breaking out of the woods",
            ),
            (
                true,
                (9, 9),
                (6, 7),
                "von Gilsa's 54th New York at the west end of the line",
            ),
            (
                false,
                (26, 9),
                (32, 8),
                "the Chancellorsville clearing behind the Fairview crest where Berry's division came up",
            ),
        ],
    ),
    (
        "hornets_nest",
        &[
            (
                true,
                (3, 10),
                (7, 9),
                "Ruggles's grand battery at the west edge of Duncan Field on Tuttle's Iowans in the Sunken Road (OR 10/1, Ruggles)",
            ),
            (
                true,
                (4, 11),
                (9, 9),
                "Roberts's battery of Ruggles's line on the 12th Iowa (OR 10/1)",
            ),
            (
                true,
                (7, 10),
                (4, 12),
                "Stone's K/1st Missouri on Stephens's Tennesseans crossing Duncan Field (OR 10/1, Tuttle)",
            ),
            (
                true,
                (6, 9),
                (5, 12),
                "the 2nd Iowa on Stephens's assault across Duncan Field",
            ),
            (
                true,
                (18, 8),
                (18, 11),
                "Hurlbut's 28th Illinois by the Peach Orchard on Statham's charge across Sarah Bell's field (OR 10/1)",
            ),
            (
                false,
                (3, 12),
                (5, 6),
                "W. H. L. Wallace's rear behind the road's rise, out of sight of Ruggles's guns",
            ),
        ],
    ),
    (
        "brotherton_field",
        &[
            (
                true,
                (11, 10),
                (14, 10),
                "Estep's 8th Indiana Battery on Johnson's Tennesseans at the Brotherton cabin (OR 30/1, Buell)",
            ),
            (
                true,
                (15, 12),
                (13, 10),
                "Gregg's Tennesseans at the wood's edge on Buell's 58th Indiana (OR 30/2, Johnson)",
            ),
            (
                true,
                (6, 3),
                (4, 5),
                "the Union line on Snodgrass Hill's south brow on Humphreys's Mississippians in the field (OR 30/1, Harker)",
            ),
            (
                true,
                (5, 3),
                (5, 5),
                "the same line by the Snodgrass house down into the Snodgrass field",
            ),
            (
                false,
                (4, 5),
                (5, 0),
                "the north side of Horseshoe Ridge, where Granger's reserve came up behind the crest",
            ),
        ],
    ),
    (
        "franklin_cotton_gin",
        &[
            (
                true,
                (6, 5),
                (6, 12),
                "Cockerill's D/1st Ohio at the pike gap firing down the pike on Granbury's Texans (OR 45/1; Cox 1897)",
            ),
            (
                true,
                (7, 6),
                (7, 9),
                "the 104th Ohio by the gin on Govan's Arkansans crossing the plain (OR 45/1, Reilly)",
            ),
            (
                true,
                (4, 5),
                (4, 9),
                "the 72nd Illinois in front of the Carter house on Granbury's brigade (OR 45/1, Strickland)",
            ),
            (
                true,
                (3, 6),
                (5, 12),
                "the works west of the Carter house sweeping the open plain",
            ),
            (
                false,
                (4, 9),
                (5, 2),
                "Opdycke's reserve behind the Carter house, unseen from the plain (Cox 1897)",
            ),
        ],
    ),
    (
        "the_crater",
        &[
            (
                true,
                (5, 4),
                (7, 6),
                "Flanner's battery of Haskell's battalion on the Union on the crater's north rim (Hess 2010)",
            ),
            (
                true,
                (7, 2),
                (7, 4),
                "Elliott's South Carolinians firing down the trench north of the crater (OR 40/1)",
            ),
            (
                true,
                (5, 6),
                (7, 5),
                "Weisiger's Virginians, risen from the ravine, on the trench north of the crater (Mahone 1892)",
            ),
            (
                true,
                (13, 5),
                (7, 2),
                "the Union works where the IX Corps guns stood on the line north of the crater (OR Atlas pl. 64)",
            ),
            (
                false,
                (7, 9),
                (4, 8),
                "Weisiger's 12th Virginia forming in the ravine, unseen from the crater's rim (Mahone 1892; Hess 2010)",
            ),
        ],
    ),
];

#[test]
fn the_historical_lines_see_what_they_swept_and_the_reverse_slopes_hide() {
    let mut wrong = Vec::new();
    for (battle, looks) in LOOKS {
        let s = load_file(&format!("{}/maps/{battle}.ron", env!("CARGO_MANIFEST_DIR")))
            .unwrap_or_else(|e| panic!("{battle}: {e}"));
        let b = s.board();
        assert!(
            looks.iter().filter(|l| l.0).count() >= 4 && looks.iter().any(|l| !l.0),
            "{battle}: four historical lines and a reverse slope at least"
        );
        for &(seen, (fc, fr), (tc, tr), who) in *looks {
            let at = |col, row| s.map.hex_at(Coord { col, row });
            let l = look(&b, at(fc, fr), at(tc, tr));
            if l.clear != seen {
                wrong.push(format!(
                    "{battle} {fc},{fr} > {tc},{tr} ({who}): {}",
                    bayonet::rules::sight::words(&b, &l)
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Every battle of the library: its map is drawn in 10-ft steps (D-los-1).
#[test]
fn the_librarys_maps_are_drawn_in_ten_foot_steps() {
    for (battle, _) in LOOKS {
        let s = load_file(&format!("{}/maps/{battle}.ron", env!("CARGO_MANIFEST_DIR"))).unwrap();
        assert_eq!(s.map.step_ft(), 10, "{battle}");
    }
    assert_eq!(LOOKS.len(), 12, "the twelve battles of the library");
}
