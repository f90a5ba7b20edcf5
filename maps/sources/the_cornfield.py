"""The Cornfield, Antietam, 17 September 1862: writes maps/the_cornfield.ron (run from the
repository root: `python3 maps/sources/the_cornfield.py`). Author coordinates are
(column, row); 125 yards a hex; north is up; 26 x 28 hexes (about 1.8 x 2.0 miles), from
Nicodemus Heights in the west to the Smoketown road beyond the East Woods, from the Joseph
Poffenberger farm in the north to the Mumma farm and the Dunker Church in the south."""

import sys

sys.path.insert(0, "maps/sources")
from mapmaker import Army, Sketch, batteries, brigade, scenario  # noqa: E402

s = Sketch(26, 28, seed=1862917)

# -- The ground ------------------------------------------------------------------------------
# A low plateau between two woods: the Hagerstown pike runs south along it to the white Dunker
# Church; the West Woods drop westward into limestone ledges; the East Woods and Miller's
# twenty-four acres of head-high corn lie between, the ground falling away in swales towards
# the Antietam in the east. Nicodemus Heights rise 100 ft over the pike in the north-west.
s.slope(west=1.5, east=0.0, north=1.0, south=1.5)
s.ridge([(10, 0), (10, 12), (9.5, 22), (9, 29)], 1.5, 3.0)  # the plateau along the pike
s.hill((2, 5), 2.5, 2.5)  # Nicodemus Heights
s.hill((9, 23), 1.0, 1.5)  # the Dunker Church plateau
s.valley([(14, 15), (17, 20), (22, 27)], 1.0, 1.2)  # the swale south of the East Woods
s.valley([(4, 12), (5, 20), (4, 28)], 0.8, 1.5)  # the hollow behind the West Woods

s.patchwork(field_share=0.7, wood_share=0.03, cell=5.0)
s.area("F", [(5, 14), (8.6, 13), (9.2, 20), (8.6, 27), (4, 28), (3, 20)])  # the West Woods
s.area("F", [(16, 10), (20, 9), (21, 15), (18, 18), (15.5, 16)])  # the East Woods
s.area("F", [(9.5, 1.5), (14.5, 1.5), (14.5, 5), (10, 5)])  # the North Woods
s.area("f", [(10.5, 11), (15.5, 11), (15.5, 14.5), (10.5, 14.5)])  # Miller's cornfield
s.blob(".", (9, 9), 0.8, 0.8)  # the D. R. Miller farm
s.blob("o", (8, 9.5), 0.6, 0.6)
s.blob(".", (11, 1), 0.7, 0.6)  # the Joseph Poffenberger farm
s.blob(".", (16, 23), 0.8, 0.8)  # the Mumma farm, burned that morning
s.blob(".", (13, 21), 0.6, 0.6)  # the Roulette lane's corner
s.blob(".", (9, 22), 0.3, 0.3)  # the Dunker Church
s.blob(".", (20, 6), 0.8, 0.8)  # the Joseph Poffenberger's neighbour, Hoffman's

# The Hagerstown pike, fenced both sides; the Smoketown road from the north-east to the church;
# the Mumma lane; the farm lanes.
s.road("Pike", [(9.5, -1), (9.5, 9), (9.2, 16), (9, 22), (8.8, 29)])
s.road("Road", [(26, 3), (20, 8), (17, 16), (13, 20), (9.2, 22)])  # the Smoketown road
s.road("Trail", [(9, 22), (13, 22.5), (16, 23), (20, 24)])  # the Mumma lane
s.road("Trail", [(9.5, 9), (13, 9), (17, 10)])  # the Miller lane to the East Woods
s.road("Trail", [(11, 1), (4, 3), (0, 4)])  # the lane past Nicodemus Heights
s.line("Fence", [(9.9, 2), (9.9, 10), (9.7, 16), (9.5, 21)])
s.line("Fence", [(9.1, 2), (9.1, 10), (8.9, 16), (8.7, 21)])
s.line("Fence", [(10.5, 10.8), (15.5, 10.8)])  # the rail fence along the corn's north edge
s.line("StoneWall", [(8.5, 13), (7, 14.5)])  # the ledges and walls at the West Woods' edge

# At 05:40 the Confederates hold the ground from the Cornfield south; Hooker's I Corps has
# bivouacked in the North Woods and at Poffenberger's; Seymour's Pennsylvanians are in the East
# Woods' northern edge.
s.objective("The Dunker Church", (9, 22), 250, owner=1)
s.objective("The Cornfield", (13, 13), 150, owner=1)
s.objective("The West Woods", (6, 18), 150, owner=1)
s.objective("The Mumma farm", (16, 23), 50, owner=1)
s.objective("The East Woods", (18, 13), 100, owner=0)
s.objective("The North Woods", (12, 3), 100, owner=0)
s.objective("The Miller farm", (9, 9), 50)
s.label("The Cornfield", "Farm", [(13, 12.5)], rank=1)
s.label("Dunker Church", "Farm", [(10, 22.5)], rank=1)
s.label("West Woods", "Woods", [(6, 17), (6, 19)], rank=1)
s.label("East Woods", "Woods", [(18.5, 12), (18.5, 14)], rank=1)
s.label("North Woods", "Woods", [(12, 2.5)], rank=2)
s.label("Hagerstown Pike", "Road", [(9.5, 6), (9.5, 7.5)], rank=2)
s.label("Smoketown Road", "Road", [(15.5, 17.5), (16.5, 16)], rank=2)
s.label("Nicodemus Heights", "Hill", [(2, 4)], rank=2)
s.label("Miller's", "Farm", [(8.5, 8.5)], rank=3)
s.label("Mumma's", "Farm", [(16.5, 23.5)], rank=3)
s.label("Poffenberger's", "Farm", [(11, 0.5)], rank=3)
s.supply_source((9, 0))
s.supply_source((9, 27))

RIFLE, MUSKET = "rifled musket", "smoothbore musket"
NAP, PARROTT, ORD, HOW = "12-pdr Napoleon", "10-pdr Parrott", "3-inch rifle", "12-pdr howitzer"
# The victory levels, measured (README, Balance: `.ci/battle-figures`), and what they mean.
VICTORY = "(major_defeat: -555, minor_defeat: 230, minor_victory: 945, major_victory: 1090)"
LEVELS = (
    "the Union starts 400 points down, the Dunker Church, the Cornfield, the West Woods and "
    "the Mumma farm being the Confederates'; from +945 it wins a minor victory (the Cornfield "
    "carried and held, and Jackson's men bled worse than its own), from +1,090 a major one (the "
    "Dunker Church plateau taken, which it never was that morning); at +230 or below it is a "
    "minor defeat (thrown back out of the corn, as it was by Hood), at -555 or below a major "
    "one (the East Woods or the Miller farm lost as well). They were measured with the skilled "
    "computer on both sides (40 seeds, median +710)."
)


# -- The Union: Hooker's I Corps at dawn, Mansfield's XII Corps from 07:20 -------------------
u = Army(s, 1)
u.brigade("HK", "I Corps headquarters (Hooker)", 0)
u.unit(0, "HK", "Leader", "Maj. Gen. Joseph Hooker", (12.0, 6.0), "S", quality="A")
u.brigade("DB", "1st Division, I Corps (Doubleday)", 0)
u.unit(0, "DB", "Leader", "Brig. Gen. Abner Doubleday", (9.5, 4.0), "S", quality="C")
brigade(u, 0, "GI", "4th Brigade, 1st Division (Gibbon: the Iron Brigade)",
        [("6th Wisconsin", 280, "A"), ("2nd Wisconsin", 150, "A"), ("7th Wisconsin", 200, "A"),
         ("19th Indiana", 200, "A")], (9.0, 6.0), (10.5, 7.0), "S",
        leader="Brig. Gen. John Gibbon", lq="A", formation="Column")
brigade(u, 0, "PH", "3rd Brigade, 1st Division (Phelps)",
        [("22nd & 24th New York", 250, "C"), ("30th New York & 14th Brooklyn", 250, "B"),
         ("2nd U.S. Sharpshooters", 100, "A")], (10.5, 4.5), (12.0, 4.5), "S",
        formation="Column")
brigade(u, 0, "PA", "2nd Brigade, 1st Division (Patrick)",
        [("21st New York", 200, "C"), ("23rd & 35th New York", 350, "C"),
         ("80th New York", 150, "C")], (8.0, 3.0), (9.0, 4.5), "S", formation="Column")
u.brigade("RI", "2nd Division, I Corps (Ricketts)", 0)
u.unit(0, "RI", "Leader", "Brig. Gen. James B. Ricketts", (15.0, 6.0), "S", quality="C")
brigade(u, 0, "DU", "1st Brigade, 2nd Division (Duryée)",
        [("97th New York", 200, "C"), ("104th New York", 200, "C"),
         ("105th New York", 250, "C"), ("107th Pennsylvania", 200, "C")],
        (13.0, 7.5), (15.5, 7.5), "S", leader="Brig. Gen. Abram Duryée", lq="C")
brigade(u, 0, "CH", "2nd Brigade, 2nd Division (Christian)",
        [("26th New York", 250, "D"), ("94th New York", 250, "C"),
         ("88th Pennsylvania", 250, "C"), ("90th Pennsylvania", 250, "C")],
        (14.0, 5.0), (16.5, 5.0), "S", formation="Column")
brigade(u, 0, "HA", "3rd Brigade, 2nd Division (Hartsuff)",
        [("12th Massachusetts", 330, "B"), ("13th Massachusetts", 300, "B"),
         ("83rd New York (9th Militia)", 250, "B"), ("11th Pennsylvania", 250, "B")],
        (15.0, 8.5), (17.5, 8.5), "S", leader="Brig. Gen. George L. Hartsuff", lq="B",
        formation="Column")
u.brigade("MD", "3rd Division, I Corps (Meade: the Pennsylvania Reserves)", 0)
u.unit(0, "MD", "Leader", "Brig. Gen. George G. Meade", (17.0, 7.0), "S", quality="B")
brigade(u, 0, "SE", "1st Brigade, 3rd Division (Seymour)",
        [("13th Pennsylvania Reserves (Bucktails)", 150, "A"),
         ("1st & 2nd Pennsylvania Reserves", 400, "B"),
         ("5th Pennsylvania Reserves", 250, "B"), ("6th Pennsylvania Reserves", 250, "B")],
        (17.0, 10.0), (19.5, 11.0), "SW", leader="Brig. Gen. Truman Seymour", lq="B")
brigade(u, 0, "MG", "2nd Brigade, 3rd Division (Magilton)",
        [("3rd Pennsylvania Reserves", 250, "C"), ("4th Pennsylvania Reserves", 250, "C"),
         ("7th Pennsylvania Reserves", 250, "C"), ("8th Pennsylvania Reserves", 250, "C")],
        (12.5, 3.0), (14.0, 4.0), "S", formation="Column")
brigade(u, 0, "AN", "3rd Brigade, 3rd Division (Anderson)",
        [("9th Pennsylvania Reserves", 250, "C"), ("10th Pennsylvania Reserves", 250, "C"),
         ("11th Pennsylvania Reserves", 250, "C"), ("12th Pennsylvania Reserves", 250, "C")],
        (15.0, 2.0), (17.0, 3.0), "S", formation="Column")
batteries(u, 0, "IA", "I Corps artillery", [
    ("Btry B, 4th U.S. (Campbell)", (10.5, 8.0), 6, NAP),
    ("Btry D, 1st Rhode Island (Monroe)", (11.5, 8.0), 6, NAP),
    ("1st New Hampshire Battery", (8.5, 7.0), 6, ORD),
    ("Btry F, 1st Pennsylvania (Matthews)", (14.0, 9.0), 4, ORD),
    ("Btry C, Pennsylvania (Thompson)", (15.5, 9.5), 4, ORD),
    ("Btry A, 1st Pennsylvania (Simpson)", (18.0, 6.0), 4, NAP)], "S", quality="A")

u.brigade("MF", "XII Corps headquarters (Mansfield)", 0)
u.unit(0, "MF", "Leader", "Maj. Gen. Joseph K. F. Mansfield", (22.0, 5.0), "SW", quality="B",
       arrives=6)
u.brigade("WI", "1st Division, XII Corps (Williams)", 0)
u.unit(0, "WI", "Leader", "Brig. Gen. Alpheus S. Williams", (20.0, 3.0), "SW", quality="B",
       arrives=6)
brigade(u, 0, "CR", "1st Brigade, 1st Division (Crawford)",
        [("10th Maine", 300, "B"), ("28th New York & 46th Pennsylvania", 300, "C"),
         ("124th Pennsylvania", 450, "D"), ("125th Pennsylvania", 500, "D"),
         ("128th Pennsylvania", 550, "D")], (19.0, 1.0), (24.0, 3.0), "SW",
        leader="Brig. Gen. Samuel W. Crawford", lq="C", formation="Column", arrives=6)
brigade(u, 0, "GO", "3rd Brigade, 1st Division (Gordon)",
        [("2nd Massachusetts", 300, "A"), ("3rd Wisconsin", 300, "A"),
         ("27th Indiana", 350, "B"), ("13th New Jersey & 107th New York", 500, "D")],
        (21.0, 4.0), (25.0, 6.0), "SW", leader="Brig. Gen. George H. Gordon", lq="B",
        formation="Column", arrives=6)
u.brigade("GR", "2nd Division, XII Corps (Greene)", 0)
u.unit(0, "GR", "Leader", "Brig. Gen. George S. Greene", (24.0, 8.0), "SW", quality="A",
       arrives=7)
brigade(u, 0, "TY", "1st Brigade, 2nd Division (Tyndale)",
        [("5th & 7th Ohio", 350, "B"), ("66th Ohio", 150, "B"), ("28th Pennsylvania", 700, "C")],
        (23.0, 7.0), (25.0, 9.0), "SW", formation="Column", arrives=7)
brigade(u, 0, "ST", "2nd Brigade, 2nd Division (Stainrook)",
        [("3rd Maryland", 150, "C"), ("102nd New York", 250, "B"),
         ("111th Pennsylvania", 200, "B")], (24.0, 10.0), (25.0, 12.0), "SW",
        formation="Column", arrives=7)
batteries(u, 0, "XA", "XII Corps artillery", [
    ("Btry M, 1st New York (Cothran)", (21.0, 2.0), 6, ORD),
    ("Btry F, 4th U.S. (Muhlenberg)", (23.0, 4.0), 6, NAP)], "SW", arrives=6)

# -- The Confederates: Jackson's command, Hood's division and D. H. Hill's left -------------
c = Army(s, 301)
c.brigade("JK", "Jackson's command headquarters", 1)
c.unit(1, "JK", "Leader", "Maj. Gen. Thomas J. Jackson", (7.0, 24.0), "N", quality="A")
c.brigade("LW", "Ewell's division headquarters (Lawton)", 1)
c.unit(1, "LW", "Leader", "Brig. Gen. Alexander R. Lawton", (11.0, 17.0), "N", quality="B")
brigade(c, 1, "DG", "Lawton's brigade (Georgia, Douglass)",
        [("13th & 26th Georgia", 450, "B"), ("31st & 38th Georgia", 400, "B"),
         ("60th & 61st Georgia", 300, "B")], (11.0, 15.5), (13.5, 15.5), "N",
        leader="Col. Marcellus Douglass", lq="B")
brigade(c, 1, "WA", "Trimble's brigade (Walker)",
        [("12th Georgia & 15th Alabama", 350, "B"), ("21st Georgia", 200, "B"),
         ("21st North Carolina", 150, "B")], (14.0, 16.5), (16.0, 17.5), "N",
        leader="Col. James A. Walker", lq="B")
brigade(c, 1, "HY", "Hays's brigade (Louisiana)",
        [("5th, 6th & 7th Louisiana", 300, "B"), ("8th & 14th Louisiana", 250, "B")],
        (9.5, 20.0), (10.5, 20.5), "N", leader="Brig. Gen. Harry T. Hays", lq="A",
        formation="Column")
brigade(c, 1, "EA", "Early's brigade (Virginia)",
        [("13th & 25th Virginia", 400, "B"), ("31st & 44th Virginia", 400, "B"),
         ("49th, 52nd & 58th Virginia", 450, "B")], (3.0, 9.0), (4.0, 12.0), "NE",
        leader="Brig. Gen. Jubal A. Early", lq="A")
c.brigade("JJ", "Jackson's division (J. R. Jones)", 1)
c.unit(1, "JJ", "Leader", "Brig. Gen. John R. Jones", (7.0, 13.0), "N", quality="C")
brigade(c, 1, "WN", "Winder's brigade (Stonewall Brigade, Grigsby)",
        [("2nd, 4th & 5th Virginia", 150, "B"), ("27th & 33rd Virginia", 100, "B")],
        (7.5, 11.5), (8.5, 11.5), "N")
brigade(c, 1, "TA", "Taliaferro's brigade (Jackson)",
        [("47th & 48th Alabama", 250, "C"), ("10th, 23rd & 37th Virginia", 250, "C")],
        (7.5, 12.5), (8.5, 12.5), "N")
brigade(c, 1, "JO", "Jones's brigade (Johnson)",
        [("21st, 42nd & 48th Virginia", 250, "C")], (6.0, 12.0), (6.0, 12.0), "N")
brigade(c, 1, "SK", "Starke's brigade (Louisiana)",
        [("1st, 2nd & 9th Louisiana", 350, "B"), ("10th & 15th Louisiana", 300, "B")],
        (6.5, 14.0), (7.5, 14.5), "N", leader="Brig. Gen. William E. Starke", lq="B")
c.brigade("HD", "Hood's division headquarters", 1)
c.unit(1, "HD", "Leader", "Brig. Gen. John B. Hood", (11.0, 23.5), "N", quality="A")
brigade(c, 1, "WF", "Hood's brigade (the Texas Brigade, Wofford)",
        [("1st Texas", 226, "A"), ("4th & 5th Texas", 375, "A"),
         ("18th Georgia & Hampton Legion", 250, "A")], (10.0, 23.0), (11.5, 24.5), "N",
        leader="Col. William T. Wofford", lq="A", formation="Column")
brigade(c, 1, "LA", "Law's brigade",
        [("4th Alabama", 200, "A"), ("2nd & 11th Mississippi", 350, "A"),
         ("6th North Carolina", 250, "A")], (12.0, 24.0), (13.0, 25.5), "N",
        leader="Col. Evander M. Law", lq="A", formation="Column")
c.brigade("DH", "D. H. Hill's division headquarters", 1)
c.unit(1, "DH", "Leader", "Maj. Gen. Daniel H. Hill", (18.0, 26.0), "NW", quality="B",
       arrives=4)
brigade(c, 1, "RP", "Ripley's brigade",
        [("1st & 3rd North Carolina", 550, "B"), ("4th & 44th Georgia", 450, "B")],
        (16.0, 26.5), (18.0, 27.0), "N", leader="Brig. Gen. Roswell S. Ripley", lq="C",
        formation="Column", arrives=4)
brigade(c, 1, "CQ", "Colquitt's brigade",
        [("13th Alabama & 6th Georgia", 500, "B"), ("23rd, 27th & 28th Georgia", 600, "C")],
        (19.0, 27.0), (21.0, 27.0), "N", leader="Col. Alfred H. Colquitt", lq="C",
        formation="Column", arrives=5)
brigade(c, 1, "MR", "Garland's brigade (McRae)",
        [("5th, 12th & 13th North Carolina", 400, "D"), ("20th & 23rd North Carolina", 350, "D")],
        (22.0, 27.0), (23.5, 27.0), "N", formation="Column", arrives=5)
batteries(c, 1, "SL", "S. D. Lee's artillery battalion", [
    ("Parker's Battery (Va.)", (10.0, 21.0), 4, HOW),
    ("Jordan's Battery (Va.)", (11.0, 21.5), 4, NAP),
    ("Rhett's Battery (S.C.)", (12.0, 22.0), 4, PARROTT),
    ("Moody's Battery (La.)", (13.0, 22.5), 4, NAP)], "N")
batteries(c, 1, "SP", "Stuart's horse artillery (Pelham) and Poague's battery", [
    ("Pelham's Battery (Va.)", (2.0, 5.0), 4, NAP),
    ("Poague's Battery (Va.)", (3.0, 6.0), 4, PARROTT),
    ("Brockenbrough's Battery (Md.)", (7.0, 10.0), 4, ORD)], "NE")

# -- The chain of command (RULES.md section 17) ----------------------------------------------
u.corps_of("I", "I Corps (Hooker)", 0)
u.corps_of("XII", "XII Corps (Mansfield)", 0)
u.division("D1", "1st Division, I Corps (Doubleday)", 0, ["DB", "GI", "PH", "PA"], corps="I")
u.attach("I", ["HK", "IA"], independent=["IA"])
u.division("D2", "2nd Division, I Corps (Ricketts)", 0, ["RI", "DU", "CH", "HA"], corps="I")
u.division("D3", "3rd Division, I Corps (Meade)", 0, ["MD", "SE", "MG", "AN"], corps="I")
u.division("W1", "1st Division, XII Corps (Williams)", 0, ["WI", "CR", "GO"], corps="XII")
u.attach("XII", ["MF", "XA"], independent=["XA"])
u.division("G2", "2nd Division, XII Corps (Greene)", 0, ["GR", "TY", "ST"], corps="XII")
for name, post in [("Maj. Gen. Joseph Hooker", "I"), ("Brig. Gen. Abner Doubleday", "D1"),
                   ("Brig. Gen. John Gibbon", "GI"), ("Brig. Gen. James B. Ricketts", "D2"),
                   ("Brig. Gen. Abram Duryée", "DU"), ("Brig. Gen. George L. Hartsuff", "HA"),
                   ("Brig. Gen. George G. Meade", "D3"), ("Brig. Gen. Truman Seymour", "SE"),
                   ("Maj. Gen. Joseph K. F. Mansfield", "XII"),
                   ("Brig. Gen. Alpheus S. Williams", "W1"),
                   ("Brig. Gen. Samuel W. Crawford", "CR"),
                   ("Brig. Gen. George H. Gordon", "GO"), ("Brig. Gen. George S. Greene", "G2")]:
    u.commands(name, post)
c.corps_of("JC", "Jackson's command", 1)
c.corps_of("LC", "Longstreet's command", 1)
c.division("EW", "Ewell's division (Lawton)", 1, ["LW", "DG", "WA", "HY", "EA"],
           corps="JC")
c.attach("JC", ["JK"])
c.division("JD", "Jackson's division (J. R. Jones)", 1, ["JJ", "WN", "TA", "JO", "SK", "SP"],
           corps="JC", independent=["SP"])
c.division("HO", "Hood's division", 1, ["HD", "WF", "LA"], corps="LC")
c.attach("LC", ["SL"], independent=["SL"])
c.division("HI", "D. H. Hill's division", 1, ["DH", "RP", "CQ", "MR"], corps="JC")
for name, post in [("Maj. Gen. Thomas J. Jackson", "JC"),
                   ("Brig. Gen. Alexander R. Lawton", "EW"), ("Col. Marcellus Douglass", "DG"),
                   ("Col. James A. Walker", "WA"), ("Brig. Gen. Harry T. Hays", "HY"),
                   ("Brig. Gen. Jubal A. Early", "EA"), ("Brig. Gen. John R. Jones", "JD"),
                   ("Brig. Gen. William E. Starke", "SK"), ("Brig. Gen. John B. Hood", "HO"),
                   ("Col. William T. Wofford", "WF"), ("Col. Evander M. Law", "LA"),
                   ("Maj. Gen. Daniel H. Hill", "HI"), ("Brig. Gen. Roswell S. Ripley", "RP"),
                   ("Col. Alfred H. Colquitt", "CQ")]:
    c.commands(name, post)

scenario(
    "maps/the_cornfield.ron",
    "// The Cornfield, Antietam, 17 September 1862. Written by maps/sources/the_cornfield.py\n"
    "// (edit that, or open this file in `bayonet edit`). 125 yards a hex, 10 ft a step, 20\n"
    "// minutes a turn.",
    "The Cornfield, Antietam, 17 September 1862",
    "The bloodiest morning of the war. At first light Hooker's I Corps marches south down the "
    "Hagerstown pike from the North Woods toward the white Dunker Church on its plateau, the "
    "key to Lee's left: Doubleday's division along the pike, with Gibbon's Iron Brigade in "
    "front, Ricketts's through the East Woods, Meade's Pennsylvania Reserves between. In their "
    "way lie D. R. Miller's twenty-four acres of corn, higher than a man, and behind it "
    "Lawton's Georgians, Walker's and Hays's Louisianians; Jackson's own old division holds "
    "the West Woods' edge and Stuart's guns fire from Nicodemus Heights into the Union's "
    "flank. Hood's Texans, cooking their first meal in three days behind the church, are in "
    "reserve; D. H. Hill's brigades come up from the south from 06:40; Mansfield's XII Corps, "
    "half of it regiments a month old, arrives from the north-east from 07:20. The Union must "
    "take the Dunker Church plateau; the Confederates must hold it and the West Woods. In "
    "three hours and a half the Cornfield changed hands six times and some 8,000 men fell. "
    "Sources: order of battle and strengths after the Official Records, series I vol. 19 pt. 1 "
    "(the reports of Hooker, Doubleday, Gibbon, Ricketts, Meade, Williams and Greene; "
    "Jackson's, Lawton's, Hood's and D. H. Hill's), E. A. Carman, The Maryland Campaign of "
    "September 1862 (ed. T. Clemens), and the Antietam Battlefield Board's tablets; map after "
    "the Atlas of the Battlefield of Antietam (Antietam Battlefield Board, 1904) and the "
    "Official Records Atlas plate 28. Approximations: strengths are estimates, regiments "
    "paired into counters; Hofmann's brigade and the I Corps' reserve guns, the rest of "
    "Jackson's artillery, Ransom's and Sedgwick's later assaults, the West Woods' rout of "
    "9:00 and McLaws's arrival are left out; Early's brigade stands at Nicodemus Heights with "
    "Stuart's guns, as it did until it was called to the West Woods. The levels: "
    + LEVELS,
    s,
    ['(name: "Union", color: (0.16, 0.28, 0.62), edge: North)',
     '(name: "Confederate", color: (0.55, 0.55, 0.58), edge: South)'],
    0, 11, "05:40",
    VICTORY,
    1862917,
    "(clock: (dawn: 330, dusk: 1100))",
    [u, c],
    date="1862-09-17",
    action="Attack(0)",
)
