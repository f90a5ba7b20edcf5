"""Burnside's Bridge, Antietam, 17 September 1862: writes maps/burnside_bridge.ron (run from the
repository root: `python3 maps/sources/burnside_bridge.py`). Author coordinates are
(column, row); 125 yards a hex; north is up; 18 x 16 hexes (about 1.3 x 1.1 miles), from the
edge of Sharpsburg in the north-west to the heights east of Antietam Creek, from the Sharpsburg
road in the north to Snavely's Ford in the south."""

import sys

sys.path.insert(0, "maps/sources")
from mapmaker import Army, Sketch, scenario  # noqa: E402

s = Sketch(18, 16, seed=1862917)

# -- The ground ------------------------------------------------------------------------------
# The creek runs about 80 ft below the bluff the Georgians held on its west bank; the ground
# rises gently to the heights east of it, where the IX Corps' guns stood, and to Sharpsburg's
# Cemetery Hill in the north-west.
s.slope(west=2.5, east=2.0, north=1.0, south=0.0)
s.valley([(10, -1), (9, 3), (8, 6), (7.5, 9), (8, 11), (10, 12.5), (11, 16)], 2.0, 2.0)
s.ridge([(6, 1), (6.2, 5), (6, 9), (7, 11.5)], 3.0, 1.8)  # the bluff above the west bank
s.hill((7.5, 13.5), 2.5, 1.8)  # the hill the creek curves round, above Snavely's Ford
s.hill((2, 1), 3.0, 3.0)  # Cemetery Hill
s.ridge([(14, 0), (13.5, 4), (14, 9)], 2.0, 2.5)  # the heights east of the creek

s.patchwork(field_share=0.6, wood_share=0.05, cell=4.0)
s.along("F", [(6.8, 2), (6.9, 5), (6.7, 8), (7.2, 10.5)], 0.7)  # the wooded face of the bluff
s.blob("F", (8.6, 3.8), 0.5, 1.0)  # the narrow wood above the bridge on the east bank
s.blob("F", (7.5, 13.5), 1.2, 1.0)  # the wooded hill over Snavely's Ford
s.blob("T", (0.5, 0.5), 1.2, 1.2)  # the edge of Sharpsburg
s.blob("o", (3, 5), 0.8, 0.7)  # Otto's orchard
s.blob(".", (12, 6), 1.5, 1.5)  # Rohrbach's farm, east of the bridge
s.blob("o", (12.5, 6.5), 0.5, 0.5)

s.line("Creek", [(10, -1), (9, 3), (8, 6), (7.5, 9), (8, 11), (10, 12.5), (11, 17)])
s.ford((10, 12.5))  # Snavely's Ford

# The Lower Bridge Road from Sharpsburg over the Rohrbach bridge, then north-east to the heights;
# the Rohrersville road along the east bank, which the Union's assaults had to follow, parallel
# to the Georgians' line; the Harpers Ferry road behind them.
s.road("Road", [(0, 2), (3, 4), (6, 5.5), (8, 6), (10, 5.5), (13, 4), (18, 3)], crossing="Bridge")
s.road("Road", [(8.5, 6.2), (9.2, 8), (9.2, 10), (10.5, 12.5), (12, 16)])  # Rohrersville road
s.road("Road", [(1, 2), (2, 7), (3, 11), (4, 16)])  # Harpers Ferry road
s.road("Trail", [(10.5, 12.5), (6, 12), (3, 11)])  # the lane from Snavely's Ford
s.road("Trail", [(12, 6), (15, 9), (18, 10)])  # Rohrbach's lane
# The Georgians' rail and stone barricades along the foot of the bluff.
s.line("Breastworks", [(7.4, 4.5), (7.4, 6.5), (7, 8.5)])
s.line("Fence", [(2, 6), (5, 8)])
s.line("StoneWall", [(3.5, 3), (5, 4)])

# At 10:20 the Georgians hold the west bank; the Union the east.
s.objective("The Lower Bridge", (7, 6), 150, owner=1)
s.objective("The Georgians' bluff", (6, 8), 100, owner=1)
s.objective("Harpers Ferry road", (2, 7), 150, owner=1)
s.objective("Snavely's Ford", (9, 12), 50, owner=1)
s.objective("Rohrbach's farm", (12, 6), 50, owner=0)
s.label("Antietam Creek", "Stream", [(9.3, 1), (8.8, 3)], rank=1)
s.label("Rohrbach Bridge", "Ford", [(8, 6)])
s.label("Snavely's Ford", "Ford", [(10, 13)])
s.label("Sharpsburg", "Town", [(0.5, 0.5)])
s.label("Cemetery Hill", "Hill", [(2, 2)], rank=2)
s.label("Rohrbach's", "Farm", [(12, 7)])
s.label("Otto's", "Farm", [(3, 5.5)], rank=3)
s.label("Rohrersville Road", "Road", [(9.6, 9), (9.8, 10.5)], rank=3)
s.label("Harpers Ferry Road", "Road", [(2.5, 9), (2.8, 10.5)], rank=3)
s.supply_source((17, 3))
s.supply_source((0, 2))

RIFLE, MUSKET = "rifled musket", "smoothbore musket"

# The victory levels, measured (README, Balance: `.ci/battle-figures BIN 20 basic`, on issue 74's
# ground), and what they mean.
VICTORY = "(major_defeat: -585, minor_defeat: -425, minor_victory: 415, major_victory: 680)"
LEVELS = (
    "the Union starts 400 points down, the bridge, the bluff, the ford and the Harpers Ferry "
    "road being the Georgians'; from +415 it wins a minor victory (over the creek, the bluff "
    "paid for), from +680 a major one (the bluff and the Harpers Ferry road too); at -425 or "
    "below it is a minor defeat (still on the wrong bank at 13:40), at -585 or below a major "
    "one. They were measured with the skilled computer on both sides (40 seeds, median -200)."
)

# -- The Union: the 11th Connecticut, Nagle's two regiments, then Ferrero's two -------------
u = Army(s, 1)
u.brigade("HQ", "2nd Division, IX Corps (Sturgis)", 0)
u.unit(0, "HQ", "Leader", "Brig. Gen. Samuel D. Sturgis", (13.0, 5.0), "SW", quality="C")
u.brigade("CR", "Kanawha Division: the 11th Connecticut (attached to Crook)", 0)
u.unit(0, "CR", "Infantry", "11th Connecticut", (10.0, 4.0), "SW", men=440, quality="B",
       weapon=RIFLE, formation="Line")
u.brigade("NA", "1st Brigade, 2nd Division (Nagle)", 0)
u.unit(0, "NA", "Infantry", "2nd Maryland", (11.0, 10.0), "NW", men=350, quality="C",
       weapon=RIFLE, formation="Column")
u.unit(0, "NA", "Infantry", "6th New Hampshire", (12.0, 11.0), "NW", men=350, quality="B",
       weapon=RIFLE, formation="Column")
u.brigade("FE", "2nd Brigade, 2nd Division (Ferrero)", 0)
u.unit(0, "FE", "Leader", "Brig. Gen. Edward Ferrero", (14.0, 3.0), "SW", quality="B", arrives=5)
u.unit(0, "FE", "Infantry", "51st New York", (15.0, 3.0), "SW", men=335, quality="B",
       weapon=RIFLE, formation="Column", arrives=5)
u.unit(0, "FE", "Infantry", "51st Pennsylvania", (15.0, 4.0), "SW", men=335, quality="B",
       weapon=RIFLE, formation="Column", arrives=5)
u.brigade("AR", "2nd Division artillery: Btry E, 2nd U.S. (Benjamin)", 0)
u.unit(0, "AR", "Artillery", "Btry E, 2nd U.S. (Benjamin)", (13.0, 2.0), "SW", men=80, guns=4,
       quality="A", weapon="20-pdr Parrott", formation="Unlimbered")

# -- The Confederates: Toombs's Georgians on the bluff, and two batteries --------------------
c = Army(s, 101)
c.brigade("TO", "Toombs's brigade, D. R. Jones's division", 1)
c.unit(1, "TO", "Leader", "Brig. Gen. Robert Toombs", (4.0, 6.0), "SE", quality="C")
c.unit(1, "TO", "Infantry", "20th Georgia", (7.0, 5.0), "SE", men=250, quality="B",
       weapon=RIFLE, formation="Line")
c.unit(1, "TO", "Infantry", "2nd Georgia", (7.0, 8.0), "SE", men=150, quality="B",
       weapon=RIFLE, formation="Line")
c.brigade("DR", "Drayton's brigade: the 50th Georgia", 1)
c.unit(1, "DR", "Infantry", "50th Georgia", (7.0, 10.0), "SE", men=100, quality="C",
       weapon=MUSKET, formation="Line")
c.brigade("CA", "Longstreet's artillery: Eubank's and Richardson's batteries", 1)
c.unit(1, "CA", "Artillery", "Eubank's Battery (Va.)", (6.0, 3.0), "SE", men=60, guns=4,
       quality="B", weapon="12-pdr Napoleon", formation="Unlimbered")
c.unit(1, "CA", "Artillery", "2nd Co., Washington Artillery (Richardson)", (4.0, 3.0), "SE",
       men=70, guns=4, quality="A", weapon="12-pdr Napoleon", formation="Unlimbered")

# -- The chain of command (RULES.md section 17) ----------------------------------------------
# Sturgis's 2nd Division of Burnside's (Cox's) IX Corps: Nagle's and Ferrero's brigades and
# Benjamin's battery; the 11th Connecticut of Rodman's 3rd Division, lent to Crook's Kanawha
# brigade for the first assault, answers to no brigade here. Toombs's brigade and the 50th
# Georgia of Drayton's, of D. R. Jones's division, Longstreet's command; the batteries answer to
# no brigade.
u.corps_of("IX", "IX Corps (Cox)", 0)
u.division("D2", "2nd Division, IX Corps (Sturgis)", 0, ["HQ", "NA", "FE", "AR"], corps="IX",
           independent=["AR"])
u.division("D3", "3rd Division, IX Corps (Rodman)", 0, ["CR"], corps="IX", independent=["CR"])
u.commands("Brig. Gen. Samuel D. Sturgis", "D2")
u.commands("Brig. Gen. Edward Ferrero", "FE")
c.corps_of("R", "Longstreet's command", 1)
c.division("DJ", "D. R. Jones's division", 1, ["TO", "DR", "CA"], corps="R",
           independent=["DR", "CA"])
c.commands("Brig. Gen. Robert Toombs", "TO")

scenario(
    "maps/burnside_bridge.ron",
    "// Burnside's Bridge, 17 September 1862. Written by maps/sources/burnside_bridge.py (edit\n"
    "// that, or open this file in `bayonet edit`). 125 yards a hex, 10 ft a step, 20 minutes\n"
    "// a turn.",
    "Burnside's Bridge, Antietam, 17 September 1862",
    "A morning at a bridge. Some 500 Georgians under Robert Toombs hold the wooded bluff over "
    "the Rohrbach bridge, behind rails and stones at its foot, with two batteries on the heights "
    "behind them. The IX Corps must cross: the only ways over Antietam Creek are the narrow "
    "stone bridge and Snavely's Ford two-thirds of a mile downstream, and the road to the bridge "
    "runs along the east bank under the Georgians' muskets for 300 paces. At 10:20 the 11th "
    "Connecticut is skirmishing at the water's edge and Nagle's 2nd Maryland and 6th New "
    "Hampshire are coming up the Rohrersville road; Benjamin's 20-pounders answer from the "
    "heights; from 11:40 Ferrero's 51st New York and 51st Pennsylvania come over the hill to "
    "rush the bridge. The Union must be across, on the bluff and the Harpers Ferry road, by "
    "13:40; the Georgians, short of ammunition, must hold as long as they can. Sources: order "
    "of battle after the Official Records, series I vol. 19 pt. 1 (the reports of Toombs, of "
    "the 2nd Georgia, of Sturgis, Ferrero and Nagle), with E. A. Carman, The Maryland Campaign "
    "of September 1862 (ed. T. Clemens), and the Antietam Battlefield Board's tablets (1890s); "
    "map after the Atlas of the Battlefield of Antietam (Antietam Battlefield Board, 1904) and "
    "the Official Records Atlas plate 29. Approximations: strengths are estimates (Toombs "
    "reported the 2nd and 20th Georgia 'about 400 muskets strong'; the Union regiments from "
    "Carman's counts, rounded); trees, fences and fields are placed as the atlas suggests, not "
    "surveyed; Crook's Ohio regiments, who lost their way above the bridge, Rodman's division "
    "crossing at Snavely's Ford after 13:00, the rest of Nagle's and Ferrero's brigades, and "
    "A. P. Hill's arrival in the afternoon are left out; the batteries on Cemetery Hill are two "
    "batteries here. The levels: "
    + LEVELS,
    s,
    ['(name: "Union", color: (0.16, 0.28, 0.62), edge: East)',
     '(name: "Confederate", color: (0.55, 0.55, 0.58), edge: West)'],
    0, 10, "10:20",
    VICTORY,
    1862,
    "(clock: (dawn: 350, dusk: 1090))",
    [u, c],
    date="1862-09-17",
    action="Attack(0)",
)
