"""Chickamauga, the Brotherton field, 20 September 1863: writes maps/brotherton_field.ron (run
from the repository root: `python3 maps/sources/brotherton_field.py`). Author coordinates are
(column, row); 125 yards a hex; north is up; 22 x 22 hexes (about 1.6 x 1.6 miles), from the
Dry Valley road in the west to the woods east of the Lafayette road, from Snodgrass Hill in the
north to the Widow Glenn's in the south."""

import sys

sys.path.insert(0, "maps/sources")
from mapmaker import Army, Sketch, scenario  # noqa: E402

s = Sketch(22, 22, seed=1863920)

# -- The ground ------------------------------------------------------------------------------
# Rolling, mostly wooded ground: thick oak woods east of the Lafayette road where the
# Confederates formed unseen; the Brotherton and Dyer fields open west of it; Snodgrass Hill
# and Horseshoe Ridge rising 80 ft in the north-west; the Widow Glenn's knoll in the south-west
# and the Dry Valley road running north through the gap in Missionary Ridge's spurs.
s.slope(west=1.5, east=0.5, north=1.0, south=0.5)
# Snodgrass Hill and Horseshoe Ridge: a broad, even crest with straight faces (issue 74). The
# rounded, narrow ridge this was left notches through the crest and the Snodgrass Hill
# hex in a hollow below its own southern brow; the real ridge ran level for half a mile and
# fell open to the Snodgrass field, where Harker's and Brannan's men on its brow fired down
# on Kershaw's and Humphreys's climbing lines (OR 30/1 Brannan, Harker; 30/2 Kershaw;
# Cozzens 1992), and hid Granger's reserve behind it.
s.ridge([(2, 1), (5, 2.5), (8, 2)], 3.0, 2.5, profile="even", crest=0.5)
s.hill((4, 18), 1.5, 2.0)  # the Widow Glenn's knoll
s.ridge([(0, 6), (0.5, 14), (0, 22)], 1.5, 1.5)  # the spurs along the Dry Valley road

s.patchwork(field_share=0.15, wood_share=0.55, cell=4.0)
s.area("F", [(15, -1), (23, -1), (23, 23), (15, 23)])  # the woods east of the road
s.blob(".", (13.5, 11), 1.6, 2.2)  # the Brotherton field
s.blob("f", (9, 11), 3.0, 3.0)  # the Dyer field
s.blob(".", (8, 12.5), 0.7, 0.7)  # the Dyer house
s.blob("f", (5, 4.5), 1.5, 1.0)  # the Snodgrass field
s.blob(".", (4, 19), 1.2, 1.0)  # the Widow Glenn's clearing
s.blob("f", (13, 18), 1.5, 2.0)  # the Viniard field
s.blob("f", (11, 5), 1.3, 1.5)  # the Poe field
s.blob(".", (14, 11), 0.4, 0.4)  # the Brotherton cabin

s.road("Road", [(14, -1), (14, 6), (14, 11), (14, 16), (13.5, 23)])  # the Lafayette road
s.road("Road", [(1, -1), (1, 10), (1.5, 23)])  # the Dry Valley road
s.road("Trail", [(14, 11), (11, 11), (8, 12.5), (5, 10), (1, 8)])  # the Dyer road
s.road("Trail", [(14, 16), (8, 18), (4, 19), (1, 19)])  # the Glenn-Viniard road
s.road("Trail", [(8, 12.5), (6, 7), (5, 4)])  # the track to Snodgrass Hill
s.road("Trail", [(18, 22), (17, 15), (16.5, 11), (18, 5), (21, 0)])  # the woods track
s.line("Fence", [(12.5, 9), (12.5, 13)])
s.line("Fence", [(15, 13.5), (15, 16)])
# Log breastworks thrown up the night before along the road.
s.line("Breastworks", [(14.5, 4), (14.5, 9.5)])
s.line("Breastworks", [(14.6, 14), (14.6, 19)])

# At 11:10 the Union holds the Lafayette road and everything west of it; the gap at the
# Brotherton field has just been opened by Wood's division marching north out of it.
s.objective("The Brotherton cabin", (14, 11), 100, owner=0)
s.objective("The Dyer field", (9, 11), 150, owner=0)
s.objective("Snodgrass Hill", (5, 2), 150, owner=0)
s.objective("The Widow Glenn's", (4, 19), 100, owner=0)
s.objective("The Dry Valley road", (1, 10), 100, owner=0)
s.objective("The woods east of the road", (18, 11), 50, owner=1)
s.label("Brotherton", "Farm", [(14, 10)], rank=1)
s.label("Dyer field", "Farm", [(9, 10)], rank=1)
s.label("Snodgrass Hill", "Hill", [(5, 2.5)], rank=1)
s.label("Widow Glenn's", "Farm", [(4, 20)], rank=2)
s.label("Lafayette Road", "Road", [(14, 13.5), (14, 14.5)], rank=2)
s.label("Dry Valley Road", "Road", [(1, 13), (1.2, 15)], rank=2)
s.label("Horseshoe Ridge", "Hill", [(2, 1)], rank=3)
s.label("Poe field", "Farm", [(11, 5)], rank=3)
s.label("Viniard field", "Farm", [(13, 18.5)], rank=3)
s.label("Dyer house", "Farm", [(8, 13)], rank=3)
s.supply_source((1, 0))
s.supply_source((21, 11))

RIFLE, MUSKET = "rifled musket", "smoothbore musket"
NAP, PARROTT, ORD, HOW = "12-pdr Napoleon", "10-pdr Parrott", "3-inch rifle", "12-pdr howitzer"

# The victory levels, measured (README, Balance: `.ci/battle-figures`), and what they mean.
VICTORY = "(major_defeat: -115, minor_defeat: 100, minor_victory: 800, major_victory: 1125)"
LEVELS = (
    "the Confederates start 550 points down, the road, the fields west of it, Snodgrass Hill, "
    "the Widow Glenn's and the Dry Valley road being the Union's; from +800 they win a minor "
    "victory (through the gap to the Dyer field and the Union's right wing broken, as it "
    "was), from +1,125 a major one (the Dry Valley road cut and the Widow Glenn's taken too); "
    "at +100 or below it is a minor defeat (the gap closed before the Dyer field), at -115 or "
    "below a major one (the column broken in the road). They were measured with the skilled "
    "computer on both sides (40 seeds, median +530)."
)

# -- The Union: Davis's two brigades south of the gap, Buell's brigade of Wood's caught
#    marching out of it, Connell's at its northern edge, Sheridan's coming up -----------------
u = Army(s, 1)
u.brigade("HQ", "Army of the Cumberland headquarters (Rosecrans)", 0)
u.unit(0, "HQ", "Leader", "Maj. Gen. William S. Rosecrans", (4.0, 19.0), "NE", quality="C")
u.brigade("WO", "1st Division, XXI Corps (Wood)", 0)
u.unit(0, "WO", "Leader", "Brig. Gen. Thomas J. Wood", (11.0, 8.0), "SE", quality="B")
u.brigade("BU", "1st Brigade, 1st Division, XXI Corps (Buell)", 0)
u.unit(0, "BU", "Leader", "Col. George P. Buell", (12.0, 10.0), "SE", quality="C")
u.line(0, "BU", "Infantry", [("100th Illinois", 300, "C"), ("58th Indiana", 350, "C"),
                             ("13th Michigan", 250, "C"), ("26th Ohio", 350, "C")],
       (12.5, 8.0), (12.5, 12.5), "N", weapon=RIFLE, formation="Column")
u.unit(0, "BU", "Artillery", "8th Indiana Battery (Estep)", (11.0, 10.0), "SE", men=90, guns=6,
       quality="C", weapon=PARROTT, formation="Unlimbered")
u.brigade("CO", "3rd Brigade, 3rd Division, XIV Corps (Connell)", 0)
u.line(0, "CO", "Infantry", [("82nd Indiana", 300, "B"), ("17th Ohio", 400, "B"),
                             ("31st Ohio", 350, "B")],
       (15.0, 5.0), (15.0, 8.5), "SE", weapon=RIFLE, formation="Line")
u.unit(0, "CO", "Artillery", "Btry C, 1st Ohio (Church)", (13.0, 6.0), "SE", men=90, guns=4,
       quality="B", weapon=NAP, formation="Unlimbered")
u.brigade("DA", "1st Division, XX Corps (Davis)", 0)
u.unit(0, "DA", "Leader", "Brig. Gen. Jefferson C. Davis", (12.0, 16.0), "SE", quality="B")
u.brigade("CA", "2nd Brigade, 1st Division, XX Corps (Carlin)", 0)
u.line(0, "CA", "Infantry", [("21st Illinois", 300, "C"), ("38th Illinois", 250, "C"),
                             ("81st Indiana & 101st Ohio", 400, "C")],
       (15.0, 14.5), (15.0, 18.0), "SE", weapon=RIFLE, formation="Line")
u.brigade("HE", "3rd Brigade, 1st Division, XX Corps (Martin, after Heg)", 0)
u.line(0, "HE", "Infantry", [("25th & 35th Illinois", 350, "C"), ("8th Kansas", 250, "C"),
                             ("15th Wisconsin", 150, "B")],
       (13.0, 14.0), (13.0, 17.0), "SE", weapon=RIFLE, formation="Line")
u.unit(0, "HE", "Artillery", "2nd Minnesota Battery", (12.0, 17.5), "SE", men=90, guns=4,
       quality="C", weapon=NAP, formation="Unlimbered")
u.brigade("SH", "3rd Division, XX Corps (Sheridan)", 0)
u.unit(0, "SH", "Leader", "Maj. Gen. Philip H. Sheridan", (6.0, 20.0), "NE", quality="A",
       arrives=2)
u.brigade("LY", "1st Brigade, 3rd Division, XX Corps (Lytle)", 0)
u.unit(0, "LY", "Leader", "Brig. Gen. William H. Lytle", (7.0, 20.0), "NE", quality="A",
       arrives=2)
u.line(0, "LY", "Infantry", [("36th Illinois", 300, "B"), ("88th Illinois", 300, "B"),
                             ("21st Michigan", 250, "B"), ("24th Wisconsin", 250, "C")],
       (5.0, 20.5), (9.0, 20.5), "NE", weapon=RIFLE, formation="Column", arrives=2)
u.brigade("LA", "2nd Brigade, 3rd Division, XX Corps (Laiboldt)", 0)
u.line(0, "LA", "Infantry", [("44th & 73rd Illinois", 450, "C"), ("2nd Missouri", 250, "C"),
                             ("15th Missouri", 200, "C")],
       (8.0, 19.0), (10.0, 19.0), "NE", weapon=RIFLE, formation="Column", arrives=2)

# -- The Confederates: Longstreet's column of the Left Wing, Bushrod Johnson's division in
#    front, Law's (Hood's) behind it, Kershaw and Humphreys following ------------------------
c = Army(s, 201)
c.brigade("LO", "Left Wing headquarters (Longstreet)", 1)
c.unit(1, "LO", "Leader", "Lt. Gen. James Longstreet", (20.0, 11.0), "NW", quality="A")
c.brigade("HO", "Hood's corps headquarters", 1)
c.unit(1, "HO", "Leader", "Maj. Gen. John B. Hood", (18.5, 12.0), "NW", quality="A")
c.brigade("BJ", "Johnson's division headquarters", 1)
c.unit(1, "BJ", "Leader", "Brig. Gen. Bushrod R. Johnson", (17.5, 11.0), "NW", quality="B")
c.brigade("FU", "Fulton's brigade (Tennessee)", 1)
c.line(1, "FU", "Infantry", [("17th Tennessee", 250, "B"), ("23rd Tennessee", 200, "B"),
                             ("25th Tennessee", 200, "B"), ("44th Tennessee", 250, "B")],
       (16.0, 8.5), (16.0, 11.5), "NW", weapon=RIFLE, formation="Line")
c.brigade("GR", "Gregg's brigade (Tennessee and Texas, Sugg)", 1)
c.line(1, "GR", "Infantry", [("3rd & 41st Tennessee", 400, "B"),
                             ("10th & 30th Tennessee", 300, "B"),
                             ("50th Tennessee & 7th Texas", 350, "B")],
       (16.0, 12.5), (16.0, 15.0), "NW", weapon=RIFLE, formation="Line")
c.brigade("MC", "McNair's brigade (Arkansas and North Carolina)", 1)
c.line(1, "MC", "Infantry", [("1st & 2nd Arkansas Mounted Rifles (dismounted)", 400, "B"),
                             ("25th Arkansas & 4th Arkansas", 350, "B"),
                             ("39th North Carolina", 250, "C")],
       (17.5, 9.0), (17.5, 14.0), "NW", weapon=RIFLE, formation="Column")
c.brigade("LW", "Hood's division headquarters (Law)", 1)
c.unit(1, "LW", "Leader", "Brig. Gen. Evander M. Law", (19.5, 14.0), "NW", quality="B")
c.brigade("SF", "Law's brigade (Alabama, Sheffield)", 1)
c.line(1, "SF", "Infantry", [("4th & 15th Alabama", 500, "A"), ("44th Alabama", 300, "B"),
                             ("47th & 48th Alabama", 450, "B")],
       (19.0, 15.0), (19.0, 18.0), "NW", weapon=RIFLE, formation="Column")
c.brigade("RO", "Robertson's brigade (Texas and Arkansas)", 1)
c.line(1, "RO", "Infantry", [("1st Texas", 250, "A"), ("4th & 5th Texas", 450, "A"),
                             ("3rd Arkansas", 300, "B")],
       (19.0, 6.5), (19.0, 9.5), "NW", weapon=RIFLE, formation="Column")
c.brigade("BE", "Benning's brigade (Georgia)", 1)
c.line(1, "BE", "Infantry", [("2nd & 17th Georgia", 400, "B"), ("15th Georgia", 250, "B"),
                             ("20th Georgia", 250, "B")],
       (21.0, 9.0), (21.0, 13.0), "NW", weapon=RIFLE, formation="Column", arrives=2)
c.brigade("KE", "McLaws's division: Kershaw's brigade (South Carolina)", 1)
c.unit(1, "KE", "Leader", "Brig. Gen. Joseph B. Kershaw", (21.0, 4.0), "NW", quality="A",
       arrives=3)
c.line(1, "KE", "Infantry", [("2nd & 3rd South Carolina", 500, "A"),
                             ("7th & 15th South Carolina", 450, "B"),
                             ("8th South Carolina & 3rd Battalion", 350, "B")],
       (21.0, 2.0), (21.0, 6.0), "NW", weapon=RIFLE, formation="Column", arrives=3)
c.brigade("HU", "McLaws's division: Humphreys's brigade (Mississippi)", 1)
c.unit(1, "HU", "Infantry", "13th, 17th, 18th & 21st Mississippi", (21.0, 16.0), "NW", men=600,
       quality="A", weapon=RIFLE, formation="Column", arrives=3)
c.brigade("AR", "Johnson's and Hood's artillery", 1)
c.unit(1, "AR", "Artillery", "Everett's Battery (Ga.)", (17.0, 7.0), "NW", men=80, guns=4,
       quality="B", weapon=NAP, formation="Limbered")
c.unit(1, "AR", "Artillery", "Bledsoe's Battery (Mo.)", (17.0, 15.5), "NW", men=80, guns=4,
       quality="B", weapon=HOW, formation="Limbered")

# -- The chain of command (RULES.md section 17) ----------------------------------------------
u.corps_of("XXI", "XXI Corps (Crittenden)", 0)
u.corps_of("XX", "XX Corps (McCook)", 0)
u.corps_of("XIV", "XIV Corps (Thomas)", 0)
u.division("W1", "1st Division, XXI Corps (Wood)", 0, ["WO", "BU"], corps="XXI")
u.division("B3", "3rd Division, XIV Corps (Brannan)", 0, ["CO"], corps="XIV",
           independent=["CO"])
u.division("D1", "1st Division, XX Corps (Davis)", 0, ["DA", "CA", "HE"], corps="XX")
u.division("S3", "3rd Division, XX Corps (Sheridan)", 0, ["SH", "LY", "LA"], corps="XX")
u.commands("Maj. Gen. William S. Rosecrans", "army")
u.commands("Brig. Gen. Thomas J. Wood", "W1")
u.commands("Col. George P. Buell", "BU")
u.commands("Brig. Gen. Jefferson C. Davis", "D1")
u.commands("Maj. Gen. Philip H. Sheridan", "S3")
u.commands("Brig. Gen. William H. Lytle", "LY")
c.corps_of("HC", "Hood's corps", 1)
c.corps_of("MC", "McLaws's division's brigades (Kershaw)", 1)
c.division("JD", "Johnson's division", 1, ["BJ", "FU", "GR", "MC", "AR"], corps="HC",
           independent=["AR"])
c.division("HD", "Hood's division (Law)", 1, ["LW", "SF", "RO", "BE"], corps="HC")
c.attach("HC", ["HO"])
c.division("MD", "McLaws's division (Kershaw)", 1, ["KE", "HU"], corps="MC")
c.commands("Lt. Gen. James Longstreet", "army")
c.commands("Maj. Gen. John B. Hood", "HC")
c.commands("Brig. Gen. Bushrod R. Johnson", "JD")
c.commands("Brig. Gen. Evander M. Law", "HD")
c.commands("Brig. Gen. Joseph B. Kershaw", "MD")

scenario(
    "maps/brotherton_field.ron",
    "// Chickamauga, the Brotherton field, 20 September 1863. Written by\n"
    "// maps/sources/brotherton_field.py (edit that, or open this file in `bayonet edit`). 125\n"
    "// yards a hex, 10 ft a step, 20 minutes a turn.",
    "Chickamauga: the Brotherton field, 20 September 1863",
    "The second morning on the Chickamauga. Believing a gap had opened in his line, Rosecrans "
    "has ordered Wood's division out of its place on the Lafayette road to close up on "
    "Reynolds; the order made the gap it meant to close. At 11:10, as Buell's brigade marches "
    "north out of the Brotherton field, Longstreet's column of eight brigades, formed unseen in "
    "the woods across the road, comes out of them: Bushrod Johnson's Tennesseans in front, "
    "Law's Alabamians and Robertson's Texans behind, Benning's Georgians and Kershaw's and "
    "Humphreys's veterans from Virginia following. South of the gap Davis's two thin brigades "
    "hold log works along the road; north of it Connell's brigade of Brannan's division; "
    "Sheridan's division is hurrying up from the Widow Glenn's. The Confederates must break "
    "through to the Dyer field and the Dry Valley road, the Union's road to Chattanooga; the "
    "Union must hold them, or save what it can on Snodgrass Hill. Sources: order of battle "
    "and strengths after the Official Records, series I vol. 30 pts. 1-2 (the reports of "
    "Wood, Buell, Davis, Sheridan and Brannan; Longstreet's, Johnson's, Law's and Kershaw's), "
    "with P. Cozzens, This Terrible Sound (1992), and the Chickamauga and Chattanooga National "
    "Military Park Commission's tablets; map after the park commission's atlas (Betts, 1896-"
    "1901) and the Official Records Atlas plate 46. Approximations: strengths are estimates, "
    "regiments paired into counters of 200 to 600; Wood's other brigades, Van Cleve's, "
    "Negley's and the Union's reserve artillery in the Dyer field, Hindman's division to the "
    "south and Stewart's to the north are left out; Kershaw and Humphreys come on an hour "
    "sooner than they did, and Longstreet has only four batteries' worth of guns in two. The "
    "levels: "
    + LEVELS,
    s,
    ['(name: "Union", color: (0.16, 0.28, 0.62), edge: West)',
     '(name: "Confederate", color: (0.55, 0.55, 0.58), edge: East)'],
    1, 9, "11:10",
    VICTORY,
    1863920,
    "(clock: (dawn: 340, dusk: 1100))",
    [u, c],
    date="1863-09-20",
    action="Attack(1)",
)
