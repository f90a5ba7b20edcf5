"""Little Round Top, Gettysburg, 2 July 1863: writes maps/little_round_top.ron (run from the
repository root: `python3 maps/sources/little_round_top.py`). Author coordinates are
(column, row); 125 yards a hex; north is up; 20 x 16 hexes (about 1.4 x 1.1 miles), from
Houck's Ridge and Devil's Den in the west to the Taneytown road in the east, from the Wheatfield
road in the north to the south slope of Big Round Top."""

import sys

sys.path.insert(0, "maps/sources")
from mapmaker import Army, Sketch, scenario  # noqa: E402

s = Sketch(20, 16, seed=1863702)

# -- The ground ------------------------------------------------------------------------------
# Plum Run's valley is the floor (about 500 ft); Little Round Top rises 150 ft above it
# (650 ft), Big Round Top 285 ft (785 ft, above the map's top level of 180 ft: its crest is
# drawn at the top level), Houck's Ridge and Devil's Den 40 to 60 ft.
s.slope(west=0.5, east=1.5, north=0.5, south=0.5)
# Little Round Top: a short crest from the rocks at its north end, where the track up the
# north slope comes out and Hazlett's guns were dragged (12, 5), to the summit (12, 6). Its
# faces fall straight ("even"), steeply from the crest rocks (a 40-ft cap) and then over a
# broad cone to Plum Run, as the Warren-Bachelder contours fall: from the crest Warren saw
# the valley and Devil's Den below, and Hazlett's Parrotts fired down on them (OR 27/1;
# Norton). It was one round swell, whose own shoulder hid the valley from the crest.
s.ridge([(12, 5), (12, 6)], 3.5, 4.0, profile="even")
s.ridge([(12, 5), (12, 6)], 2.0, 1.0, profile="even")
s.ridge([(12.3, 8.5), (12.5, 10), (12, 12)], 2.5, 2.0)  # the saddle between the Round Tops
s.hill((12, 13), 8.5, 3.8)  # Big Round Top
s.ridge([(6, 3), (6.5, 7), (7, 10)], 2.0, 2.0)  # Houck's Ridge, ending at Devil's Den
s.valley([(9.5, 0), (9.2, 5), (8.8, 9), (8, 12), (6.5, 16)], 1.0, 1.5)  # Plum Run

s.patchwork(field_share=0.55, wood_share=0.15, cell=4.0)
s.blob(".", (10, 5), 1.5, 3.0)  # the bare western face of Little Round Top, cleared in 1863
s.blob("r", (11, 6), 0.8, 1.6)  # its boulders
s.blob("r", (12, 5.5), 0.6, 0.8)  # the rocks of the crest
# The head of the track up the north slope, where Hazlett's Parrotts were manhandled onto the
# summit and unlimbered among the rocks (OR 27/1; Norton): open enough for guns (issue 74's
# play: on rough no gun may stand, and nowhere else on the hill sees the valley).
s.set((12, 5), ".")
s.blob("F", (13.5, 8), 1.6, 1.6)  # the woods on the southern spur, where the 20th Maine stood
s.blob("F", (13.5, 6), 0.9, 1.4)  # and on the eastern slope
s.blob("F", (12, 13), 4.0, 3.2)  # Big Round Top, thickly wooded
s.blob("F", (12.5, 10.5), 1.5, 1.0)  # the saddle
s.blob("F", (3, 6), 2.0, 2.2)  # Rose's woods
s.blob("f", (4, 2.5), 2.0, 1.2)  # the Wheatfield
s.blob("F", (6.5, 6), 0.8, 2.0)  # the woods on Houck's Ridge
s.blob("r", (7, 9.5), 1.0, 1.0)  # Devil's Den
s.blob("r", (8.5, 8.5), 0.5, 0.6)  # the Slaughter Pen, at Plum Run's foot of the Den
s.blob(".", (3, 13), 1.5, 1.2, only="F")  # Slyder's farm
s.blob("o", (3, 12.5), 0.6, 0.6)
s.blob(".", (16.5, 2.5), 1.5, 1.2, only="F")  # Weikert's
s.blob("o", (16, 3), 0.6, 0.6)
s.blob(".", (17, 9), 2.0, 5.0, only="F")  # the fields along the Taneytown road

s.line("Stream", [(9.5, -1), (9.2, 5), (8.8, 9), (8, 12), (6.5, 17)])  # Plum Run

s.road("Road", [(-1, 2.5), (5, 2.2), (10, 1.5), (14, 1.2), (18, 0.8), (20, 0.5)])  # Wheatfield road
s.road("Road", [(18, -1), (18, 8), (19, 17)])  # Taneytown road
s.road("Trail", [(14, 1.2), (13, 3), (12.5, 5)])  # the track up the north slope
s.road("Trail", [(3, 13), (7, 12.5), (8.5, 10.5)])  # Slyder's lane
s.road("Trail", [(18, 5), (15, 7), (13.8, 8.5)])  # the farm lane behind the spur
# The low stone wall the 20th Maine and the 15th Alabama fought over on the spur.
s.line("StoneWall", [(12.5, 9.6), (14.5, 9.2)])
s.line("Fence", [(14, 1.6), (18, 1.2)])

# At 16:40 the Union holds the hill with Vincent's brigade; nobody holds Big Round Top.
s.objective("Little Round Top", (12, 6), 200, owner=0)
s.objective("Vincent's Spur", (13, 8), 100, owner=0)
s.objective("Taneytown Road", (18, 7), 150, owner=0)
s.objective("Big Round Top", (12, 13), 50)
s.label("Little Round Top", "Hill", [(10.5, 3.5), (11.5, 3.8), (12.5, 4)])
s.label("Big Round Top", "Hill", [(10, 15), (11, 15.2), (12, 15.3)])
s.label("Houck's Ridge", "Hill", [(5.5, 3.5), (5.8, 5), (6.2, 6.5)])
s.label("Devil's Den", "Hill", [(7, 10)], rank=2)
s.label("Plum Run", "Stream", [(8.2, 12.5), (7.5, 14), (7, 15)])
s.label("Rose's Woods", "Woods", [(3, 6)], rank=3)
s.label("The Wheatfield", "Farm", [(4, 2)], rank=3)
s.label("Slyder's", "Farm", [(3, 13)])
s.label("Weikert's", "Farm", [(16, 2)])
s.label("Wheatfield Road", "Road", [(6, 1.6), (8, 1.3)], rank=3)
s.label("Taneytown Road", "Road", [(19, 11), (19, 13)], rank=2)
s.supply_source((19, 0))
s.supply_source((0, 14))

RIFLE = "rifled musket"

# The victory levels, measured (README, Balance: `.ci/battle-figures BIN 40 basic`), and what
# they mean.
VICTORY = "(major_defeat: -395, minor_defeat: -175, minor_victory: 295, major_victory: 475)"
LEVELS = (
    "the Confederates start 450 points down, the hill, the spur and the road being the Union's; from +295 they win a minor victory (the spur or the road taken and held, or Vincent's brigade bled white), from +475 a major one (the hill itself); at -175 or below it is a minor defeat, at -395 or below a major one. They were measured with the skilled computer on both sides, given history's orders (40 seeds, median +135): Law's and Robertson's men storm the spur and the hill as they did."
)

# -- The Union: Vincent's brigade on the spur, the 140th New York and Hazlett's guns ---------
u = Army(s, 1)
u.brigade("VI", "3rd Brigade, 1st Division, V Corps (Vincent)", 0)
u.unit(0, "VI", "Leader", "Col. Strong Vincent", (12.0, 7.0), "SW", quality="A")
u.line(0, "VI", "Infantry", [("16th Michigan", 263, "B"), ("44th New York", 391, "B"),
                             ("83rd Pennsylvania", 295, "B")], (10, 6), (12, 8), "SW",
       weapon=RIFLE, formation="Line")
u.unit(0, "VI", "Infantry", "20th Maine", (13.0, 9.0), "S", men=386, quality="B",
       weapon=RIFLE, formation="Line")
u.brigade("WE", "3rd Brigade, 2nd Division, V Corps (Weed): the 140th New York", 0)
u.unit(0, "WE", "Infantry", "140th New York", (12.0, 1.0), "S", men=456, quality="B",
       weapon=RIFLE, formation="Column", arrives=2)
u.brigade("AR", "V Corps Artillery Brigade: Btry D, 5th U.S. (Hazlett)", 0)
u.unit(0, "AR", "Artillery", "Btry D, 5th U.S. (Hazlett)", (13.0, 2.0), "S", men=68, guns=6,
       quality="B", weapon="10-pdr Parrott", formation="Limbered", arrives=2)

# -- The Confederates: Law's Alabamians over Big Round Top, Robertson's Texans up the valley --
c = Army(s, 101)
c.brigade("LA", "Law's brigade, Hood's division", 1)
c.unit(1, "LA", "Leader", "Brig. Gen. Evander M. Law", (10.0, 11.0), "NE", quality="B")
# The 15th and 47th Alabama had marched some 25 miles since 03:00, and the 15th had sent its
# canteens for water that never came: medium fatigue.
c.unit(1, "LA", "Infantry", "15th Alabama", (13.0, 12.0), "N", men=499, quality="B",
       weapon=RIFLE, formation="Line", extra="fatigue: 350")
c.unit(1, "LA", "Infantry", "47th Alabama", (12.0, 11.0), "N", men=347, quality="C",
       weapon=RIFLE, formation="Line", extra="fatigue: 350")
c.unit(1, "LA", "Infantry", "4th Alabama", (11.0, 10.5), "NE", men=346, quality="B",
       weapon=RIFLE, formation="Line", extra="fatigue: 200")
c.brigade("RO", "Robertson's brigade, Hood's division", 1)
c.unit(1, "RO", "Leader", "Brig. Gen. Jerome B. Robertson", (8.0, 9.0), "NE", quality="B")
c.unit(1, "RO", "Infantry", "4th Texas", (10.0, 9.5), "NE", men=415, quality="A",
       weapon=RIFLE, formation="Line", extra="fatigue: 200")
c.unit(1, "RO", "Infantry", "5th Texas", (9.0, 8.5), "NE", men=409, quality="A",
       weapon=RIFLE, formation="Line", extra="fatigue: 200")

# -- The chain of command (RULES.md section 17) ----------------------------------------------
# Vincent's brigade of Barnes's 1st Division and Weed's 140th New York of Ayres's 2nd, in
# Sykes's V Corps (neither division's commander is on this field); the 140th came up under
# Warren's eye, not its brigade's, and Hazlett's battery answers to no brigade here. Law's and
# Robertson's brigades of Hood's division, Longstreet's First Corps (Hood was wounded as the
# attack began).
u.corps_of("V", "V Corps (Sykes)", 0)
u.division("D1", "1st Division, V Corps (Barnes)", 0, ["VI"], corps="V")
u.division("D2", "2nd Division, V Corps (Ayres)", 0, ["WE", "AR"], corps="V",
           independent=["WE", "AR"])
u.commands("Col. Strong Vincent", "VI")
c.corps_of("I", "First Corps (Longstreet)", 1)
c.division("HD", "Hood's division", 1, ["LA", "RO"], corps="I")
c.commands("Brig. Gen. Evander M. Law", "LA")
c.commands("Brig. Gen. Jerome B. Robertson", "RO")

scenario(
    "maps/little_round_top.ron",
    "// Little Round Top, 2 July 1863. Written by maps/sources/little_round_top.py (edit that,\n"
    "// or open this file in `bayonet edit`). 125 yards a hex, 10 ft a step, 20 minutes a turn.",
    "Little Round Top, Gettysburg, 2 July 1863",
    "A brigade's afternoon. At 16:40 Colonel Strong Vincent has just put his four regiments on "
    "the southern spur of Little Round Top, the left end of the Army of the Potomac: the 16th "
    "Michigan on the rocks facing the Valley of Death, the 44th New York and the 83rd "
    "Pennsylvania below the crest, the 20th Maine in the woods at the very end of the line. Hood's "
    "division is coming: Law's Alabamians, worn by a march of some 25 miles, come over the "
    "shoulder of Big Round Top, and Robertson's Texans come up Plum Run past Devil's Den. Behind "
    "the crest Warren has turned the 140th New York up the hill, and Hazlett's gunners are "
    "dragging their Parrotts to the summit by hand. The Union must still hold the hill and the "
    "spur when the light goes; the Confederates must take them, or reach the Taneytown road "
    "behind them. Sources: order of battle and strengths after the Official Records, series I "
    "vol. 27 pt. 1-2 (the reports of Vincent's brigade, of Chamberlain and Oates), with J. W. "
    "Busey and D. G. Martin, Regimental Strengths and Losses at Gettysburg (1986); O. W. "
    "Norton, The Attack and Defense of Little Round Top (1913); map after the Warren-Bachelder "
    "survey of the field (1868-73) and the Official Records Atlas plate 95. Approximations: "
    "trees, boulders and fields are placed as the period maps and photographs suggest, not "
    "surveyed; Big Round Top's crest stands at the map's top level (180 ft above Plum Run, not "
    "285); the 44th and 48th Alabama, the 1st Texas and the 3rd Arkansas, who fought for "
    "Devil's Den and Houck's Ridge against Ward's brigade and Smith's battery, are left out, "
    "with them; so are the rest of Weed's brigade, who came to the summit late, and the "
    "Pennsylvania Reserves who came up at dusk. Law commands his own brigade here (Hood was "
    "wounded as the attack began). The levels: " + LEVELS,
    s,
    ['(name: "Union", color: (0.16, 0.28, 0.62), edge: East)',
     '(name: "Confederate", color: (0.55, 0.55, 0.58), edge: West)'],
    1, 8, "16:40",
    VICTORY,
    1863,
    "(clock: (dawn: 280, dusk: 1170))",
    [u, c],
    date="1863-07-02",
    action="Attack(1)",
    intent=[
        # Law sent his right (the 15th and 47th Alabama) round Big Round Top at the hill and
        # the 4th Alabama with Robertson's Texans at the spur; Vincent was ordered to hold the
        # spur "at all hazards", Weed's men the summit.
        '(side: 1, formation: "LA", mission: Attack, objective: "Little Round Top")',
        '(side: 1, formation: "RO", mission: Attack, objective: "Vincent\'s Spur")',
        '(side: 0, formation: "VI", mission: Hold, objective: "Vincent\'s Spur")',
        '(side: 0, formation: "WE", mission: Hold, objective: "Little Round Top")',
    ],
)
