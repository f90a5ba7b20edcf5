"""The Crater's edge, Petersburg, 30 July 1864: writes maps/the_crater.ron (run from the
repository root: `python3 maps/sources/the_crater.py`). Author coordinates are (column, row);
125 yards a hex; north is up; 15 x 14 hexes (about 1.1 x 1.0 miles), from the Jerusalem plank
road in the west to the Union's trenches in the east, from Blandford cemetery in the north to
the Baxter road's ravine in the south."""

import sys

sys.path.insert(0, "maps/sources")
from mapmaker import Army, Sketch, scenario  # noqa: E402

s = Sketch(15, 14, seed=1864730)

# -- The ground ------------------------------------------------------------------------------
# Cemetery Hill (Blandford) rises behind the Confederate line in the north-west; the line ran
# along a low crest, Elliott's salient at its point; the mine blew a pit some 170 feet long,
# 60 wide and 30 deep out of it. West of the line a ravine sheltered the counter-attack as it
# formed; east of it the ground falls to Taylor's creek and the Union's works.
s.slope(west=1.5, east=0.5, north=1.5, south=0.5)
# The crest of the Confederate line: a level top half a hex either side, rolling over into
# the ravine behind (issue 74). The narrow crest this was fell straight from the crater's
# rim to the ravine's floor, so the Union on the rim looked into the ravine where Mahone
# formed "out of sight" (Mahone 1892; Hess 2010; OR Atlas plate 64); now the glacis
# behind the line hides it until his men come up onto the rise.
s.ridge([(7, -1), (7.2, 7), (7, 15)], 1.0, 2.0, crest=0.5)
s.hill((2, 0), 2.0, 3.0)  # Cemetery Hill and Blandford cemetery
s.valley([(3.5, 5), (3.8, 9), (3.5, 15)], 1.0, 1.2)  # the ravine the counter-attack formed in
s.valley([(12.5, -1), (11.5, 7), (12, 15)], 1.0, 1.2)  # Taylor's branch before the Union line
s.valley([(7.2, 6.6), (7.2, 7.4)], 2.5, 0.6)  # the crater

s.patchwork(field_share=0.35, wood_share=0.05, cell=4.0)
for h in [(7, 6), (7, 7), (8, 7)]:
    s.set(h, "r")  # the crater: a pit of broken clay and timber
s.blob("F", (2, 1), 1.5, 1.2)  # the cemetery's trees
s.blob("m", (12, 10), 0.8, 2.5)  # the marshy branch
s.blob(".", (10, 7), 1.5, 3.0)  # the trampled ground between the lines
s.blob("F", (13.5, 2), 1.0, 1.5)  # the pines by the Union's battery
s.blob(".", (4, 12), 1.0, 0.8)  # the Gee house
s.along(".", [(6.5, -1), (6.8, 15)], 0.4)  # the open glacis behind the line

s.road("Road", [(1, -1), (1, 6), (1.5, 15)])  # the Jerusalem plank road
s.road("Trail", [(1, 8), (3.8, 9), (6, 8)])  # the covered way to the line
s.road("Road", [(0, 13), (7, 12.5), (15, 13)])  # the Baxter road

# The Confederate line, its traverses and the Union's works.
s.line("Breastworks", [(7.6, -1), (7.6, 5.5)])
s.line("Breastworks", [(7.6, 8.5), (7.6, 15)])
s.line("Breastworks", [(6.5, 5.5), (6.5, 8.5)])  # the cavalier trench behind the crater
s.line("Breastworks", [(13.4, -1), (13.4, 15)])

# At 08:40 the Union holds the crater and the trenches either side of it; the Confederates
# hold the rest of the line and the ground behind it.
s.objective("The crater", (7, 7), 250, owner=0)
s.objective("The trench north of the crater", (7, 4), 100, owner=0)
s.objective("The trench south of the crater", (7, 10), 100, owner=0)
s.objective("Cemetery Hill", (3, 1), 150, owner=1)
s.objective("The covered way", (4, 9), 50, owner=1)
s.label("The Crater", "Hill", [(7.2, 7.4)], rank=1)
s.label("Blandford cemetery", "Woods", [(2, 1.5)], rank=1)
s.label("Cemetery Hill", "Hill", [(3.5, 0.5)], rank=2)
s.label("Jerusalem Plank Road", "Road", [(1, 3), (1, 5)], rank=2)
s.label("The ravine", "Stream", [(3.8, 6)], rank=2)
s.label("Taylor's branch", "Stream", [(12, 11)], rank=3)
s.label("Baxter Road", "Road", [(10, 12.8)], rank=3)
s.label("Gee house", "Farm", [(4, 12)], rank=3)
s.supply_source((14, 7))
s.supply_source((0, 8))

RIFLE = "rifled musket"

# The victory levels, measured (README, Balance: `.ci/battle-figures`), and what they mean.
VICTORY = "(major_defeat: 5, minor_defeat: 240, minor_victory: 725, major_victory: 860)"
LEVELS = (
    "the Confederates start 250 points down, the crater and the trenches either side being the "
    "Union's; from +725 they win a minor victory (the crater retaken and held), from +860 a "
    "major one (the whole line, and the men in it killed or taken, as it was); at +240 or "
    "below it is a minor defeat (nothing retaken), at +5 or below a major one (the covered "
    "way or Cemetery Hill lost as well). They were measured with the skilled computer on both "
    "sides (40 seeds, median +430)."
)

# -- The Union: Bartlett's men of Ledlie's division in the crater, and Thomas's coloured
#    troops of Ferrero's division beside it -----------------------------------------------
u = Army(s, 1)
u.brigade("BA", "2nd Brigade, 1st Division, IX Corps (Bartlett)", 0)
u.unit(0, "BA", "Leader", "Brig. Gen. William F. Bartlett", (7.0, 7.0), "NW", quality="B")
u.unit(0, "BA", "Infantry", "2nd Pennsylvania Provisional Heavy Artillery", (7.0, 7.0), "NW",
       men=450, quality="D", weapon=RIFLE, formation="Line")
u.unit(0, "BA", "Infantry", "57th & 29th Massachusetts", (7.0, 6.0), "NW", men=300,
       quality="C", weapon=RIFLE, formation="Line")
u.brigade("TH", "2nd Brigade, 4th Division, IX Corps (Thomas)", 0)
u.unit(0, "TH", "Leader", "Col. Henry G. Thomas", (8.0, 8.0), "NW", quality="B")
u.unit(0, "TH", "Infantry", "28th & 29th U.S. Colored Troops", (7.0, 9.0), "SW", men=450,
       quality="C", weapon=RIFLE, formation="Line")
u.unit(0, "TH", "Infantry", "23rd & 31st U.S. Colored Troops", (8.0, 6.5), "NW", men=500,
       quality="C", weapon=RIFLE, formation="Line")

# -- The Confederates: Mahone's division, Weisiger's Virginians first, then Wright's Georgians
#    and Sanders's Alabamians; what was left of Elliott's South Carolinians in the line --------
c = Army(s, 101)
c.brigade("MA", "Mahone's division headquarters", 1)
c.unit(1, "MA", "Leader", "Brig. Gen. William Mahone", (2.5, 9.5), "NE", quality="A")
c.brigade("WE", "Weisiger's brigade (Virginia)", 1)
c.unit(1, "WE", "Leader", "Col. David A. Weisiger", (3.5, 8.0), "NE", quality="B")
c.line(1, "WE", "Infantry", [("6th & 16th Virginia", 330, "B"), ("12th Virginia", 250, "B"),
                             ("41st & 61st Virginia", 420, "B")],
       (4.0, 6.0), (4.0, 10.5), "NE", weapon=RIFLE, formation="Line")
c.brigade("WR", "Wright's brigade (Georgia, Hall)", 1)
c.unit(1, "WR", "Infantry", "22nd, 48th & 64th Georgia", (0.5, 9.0), "SE", men=450, quality="C",
       weapon=RIFLE, formation="Column", arrives=3)
c.brigade("SA", "Sanders's brigade (Alabama)", 1)
c.unit(1, "SA", "Infantry", "8th, 9th & 10th Alabama", (0.5, 11.0), "SE", men=400,
       quality="B", weapon=RIFLE, formation="Column", arrives=6)
c.brigade("EL", "Elliott's brigade (South Carolina, McMaster)", 1)
c.unit(1, "EL", "Infantry", "17th & 26th South Carolina", (7.0, 1.5), "S", men=250,
       quality="C", weapon=RIFLE, formation="Line")
c.brigade("AR", "Haskell's artillery battalion", 1)
c.unit(1, "AR", "Artillery", "Flanner's Battery (N.C.)", (5.0, 3.5), "SE", men=70, guns=4,
       quality="B", weapon="12-pdr Napoleon", formation="Unlimbered")

# -- The chain of command (RULES.md section 17) ----------------------------------------------
u.corps_of("IX", "IX Corps (Burnside)", 0)
u.division("L1", "1st Division, IX Corps (Ledlie)", 0, ["BA"], corps="IX")
u.division("F4", "4th Division, IX Corps (Ferrero)", 0, ["TH"], corps="IX")
u.commands("Brig. Gen. William F. Bartlett", "BA")
u.commands("Col. Henry G. Thomas", "TH")
c.corps_of("HC", "Third Corps (A. P. Hill)", 1)
c.corps_of("BC", "Beauregard's department", 1)
c.division("MD", "Mahone's division", 1, ["MA", "WE", "WR", "SA"], corps="HC",
           independent=["WR", "SA"])
c.division("JD", "Johnson's division", 1, ["EL", "AR"], corps="BC", independent=["EL", "AR"])
c.commands("Brig. Gen. William Mahone", "MD")
c.commands("Col. David A. Weisiger", "WE")

scenario(
    "maps/the_crater.ron",
    "// The Crater's edge, 30 July 1864. Written by maps/sources/the_crater.py (edit that, or\n"
    "// open this file in `bayonet edit`). 125 yards a hex, 10 ft a step, 20 minutes a turn.",
    "The Crater's edge, Petersburg, 30 July 1864",
    "Four hours after the mine. At 04:44 four tons of powder dug by Pennsylvania coal miners "
    "blew Elliott's salient into the air and left a smoking pit where a South Carolina "
    "regiment and a battery had been. The IX Corps' attack went into the hole rather than "
    "round it: Ledlie's division, Bartlett's Massachusetts men and the heavy artillerymen "
    "serving as infantry among them, packed the crater and the trenches either side; "
    "Ferrero's division of United States Colored Troops came through them and was stopped "
    "short of the crest. At 08:40 William Mahone's Virginians, brought up a ravine out of "
    "sight, rise a hundred yards from the crater's rim; Wright's Georgians follow, and late "
    "in the morning Sanders's Alabamians. The Confederates must retake their line; the Union "
    "must hold what it has won, with no help coming. It was the war's ugliest hour: many "
    "coloured soldiers were killed trying to surrender. Sources: order of battle and "
    "strengths after the Official Records, series I vol. 40 pt. 1 (the court of inquiry's "
    "record, the reports of Bartlett and Thomas; Mahone's and Weisiger's), with "
    "W. Mahone, The Crater (1892), and E. J. Hess, Into the Crater (2010); map after the "
    "Official Records Atlas plate 64 (Michler's survey of the Petersburg lines) and the "
    "engineers' plan of the mine. Approximations: strengths are estimates, brigades of five "
    "regiments are one to four counters; Wright's brigade's repulse at 10:30 and Sanders's "
    "final assault at 13:00 are brought forward; Griffin's and Hartranft's brigades, Marshall's "
    "and Bliss's, Sigfried's, and Potter's and Willcox's divisions are left out, and with them most of "
    "the Union's 20,000; the Union's guns east of the map and the Confederate mortars are "
    "left out. The levels: "
    + LEVELS,
    s,
    ['(name: "Union", color: (0.16, 0.28, 0.62), edge: East)',
     '(name: "Confederate", color: (0.55, 0.55, 0.58), edge: West)'],
    1, 9, "08:40",
    VICTORY,
    1864730,
    "(clock: (dawn: 300, dusk: 1180))",
    [u, c],
    date="1864-07-30",
    action="Attack(1)",
)
