"""What the library's battles cost the real armies, for the troops on each map and the hours it
covers: each side's losses (killed, wounded, missing and captured) as a share of its men, and
the objectives the attacker took and kept. `.ci/bleeding` sets the computer's games beside them
(issue 75: a battle is right when it plays as history did).

The shares are round figures worked out from the sources each battle's description cites (the
Official Records' returns of casualties, T. L. Livermore, Numbers and Losses in the Civil War
in America (1900), J. W. Busey and D. G. Martin, Regimental Strengths and Losses at Gettysburg
(1986), and the battle's own histories named there), for the formations the scenario puts on
the map and only its hours; where the returns cover a whole day or a larger command, the share
is the formation's, and the figure is as rough as that. Sides are numbered as in the scenarios
(0 the Union, 1 the Confederates)."""

# battle file stem: (side 0's share %, side 1's share %, objectives the attacker took and
# held at the end, how the figure was reached)
HISTORY = {
    "henry_house_hill": (15, 11, [],
        "McDowell's army lost 2,896 (1,312 of them missing) of some 18,000 engaged, Beauregard's "
        "and Johnston's 1,982 of some 18,000, most of both on the plateau in the afternoon; the "
        "Union never held the hill (OR I/2 returns; Livermore)."),
    "hornets_nest": (40, 15, ["The Hornet's Nest", "The Sunken Road", "The Peach Orchard"],
        "Prentiss's and W. H. L. Wallace's divisions lost most of their men, some 2,200 taken "
        "when the Nest was surrounded; the Confederate brigades thrown at it some one in six "
        "(OR I/10; Livermore's Shiloh returns)."),
    "the_cornfield": (26, 38, ["The Cornfield", "The Miller farm"],
        "Hooker's I Corps lost 2,590 and Mansfield's XII Corps 1,746 of some 16,600; Lawton's "
        "and Jones's divisions, Hood's division and D. H. Hill's three brigades about two in "
        "five (Hood's 1,000 of 2,300) (OR I/19 returns; Livermore)."),
    "burnside_bridge": (15, 30, ["The Lower Bridge", "The Georgians' bluff"],
        "Sturgis's regiments at the bridge (the 2nd Maryland, 6th New Hampshire, 51st New York "
        "and 51st Pennsylvania, with the 11th Connecticut) lost some 460 of about 3,000; "
        "Toombs's two Georgia regiments about 160 of 500 (OR I/19)."),
    "jacksons_flank_attack": (21, 5, ["The Talley farm", "The Wilderness Church", "Dowdall's Tavern"],
        "Howard's XI Corps lost 2,412 (977 missing) of some 11,500; Jackson's divisions about "
        "a twentieth of 21,500 in the evening's advance (OR I/25 returns)."),
    "brandy_station": (8, 6, [],
        "Pleasonton's cavalry corps lost 907 of some 11,000, Stuart's 523 of some 9,500; "
        "Fleetwood Hill stayed Stuart's (OR I/27 pt. 1-2 returns)."),
    "railroad_cut": (10, 12, [],
        "The whole day cost the I Corps and Buford some 6,000 and Heth's, Pender's and Rodes's "
        "divisions some 6,500, but most of it after 14:20, when the map's hours end. By then "
        "only the morning's fight and the first of Rodes's attack had been paid for: Cutler's "
        "brigade some 500 (the 147th New York 207 of 380), the Iron Brigade some 350 (the 6th "
        "Wisconsin 160 at the cut), Buford's troopers about 100, Baxter's and the rest some 200, "
        "about 1,200 of the 11,600 on the map; Archer's brigade some 550 of 1,200 (Archer and "
        "hundreds taken at Willoughby Run), Davis's some 650 of 1,700 (over 200 taken in the "
        "cut), Iverson's and O'Neal's the first 700 of their 1,600 lost, about 1,900 of the "
        "15,900 on the map; Pettigrew, Brockenbrough and Pender went in after 14:20. The "
        "morning's objectives held by the Union (Busey and Martin; the brigades' reports, OR "
        "I/27 pt. 1-2; the hours after H. W. Pfanz, Gettysburg: The First Day, 2001)."),
    "little_round_top": (27, 37, [],
        "Vincent's brigade lost 352 of 1,350 and the 140th New York 133 of 450; the 4th, 15th "
        "and 47th Alabama and 4th and 5th Texas about 760 of 2,000; the hill held (Busey and "
        "Martin)."),
    "picketts_charge": (23, 48, [],
        "Pickett's, Pettigrew's and Trimble's men, some 12,500, lost about 6,000; Gibbon's and "
        "Hays's divisions with Stannard's Vermonters about 1,500 of 6,500; the ridge held "
        "(Busey and Martin; E. Hess, Pickett's Charge, 2001)."),
    "brotherton_field": (30, 22, ["The Brotherton cabin", "The Dyer field", "The Widow Glenn's", "The Dry Valley road"],
        "Davis's, Sheridan's and Wood's divisions broke with heavy losses, many taken; "
        "Longstreet's column (Johnson, Law, Kershaw, Humphreys) about a fifth of 11,000 (OR "
        "I/30 returns; P. Cozzens, This Terrible Sound, 1992)."),
    "the_crater": (30, 18, ["The crater", "The trench north of the crater", "The trench south of the crater"],
        "The IX Corps lost 3,798 of some 16,500, the divisions in and by the crater (Ledlie's, "
        "Ferrero's, Potter's, Willcox's) about three in ten; Mahone's brigades that retook it "
        "about a sixth (OR I/40 returns)."),
    "franklin_cotton_gin": (8, 35, [],
        "Cleburne's division, Granbury's and Govan's brigades the map's two, lost over a third at "
        "the cotton gin (Cleburne and Granbury among the dead), in the assault and the night's "
        "fight at the works; Reilly's and Casement's brigades behind the works a small share; "
        "the works held (OR I/45 returns; W. L. McDonough and T. L. Connelly, Five Tragic "
        "Hours, 1983)."),
}
